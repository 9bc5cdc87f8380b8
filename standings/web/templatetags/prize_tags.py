"""How the prize pages word a place, a prize and what a player receives."""

from __future__ import annotations

from decimal import Decimal

from django import template

from standings.prizes.projection import Award, PrizeList
from standings.prizes.rules import Prize, TieRule

from ..state import EventState, Person

register = template.Library()

TIE_RULES = {
    TieRule.NONE: "no sharing: the tie-break decides",
    TieRule.EQUAL: "tied players share the prizes of their places equally",
    TieRule.HORT: "Hort system: half by place, half shared equally among tied players",
    TieRule.USCF: "US Chess: tied winners pool their cash prizes",
}


@register.filter
def ordinal(number: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th", 23 -> "23rd"."""
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"


def money(amount: Decimal | None, currency: str) -> str:
    """150.00 -> "150 €", 166.66 -> "166.66 €"."""
    if amount is None:
        return ""
    shown = f"{amount:.2f}".removesuffix(".00")
    return f"{shown} {currency}".strip()


@register.filter
def prize_text(prize: Prize, currency: str) -> str:
    """What the prize is: "150 €", "Trophy", "Trophy (worth 40 €)"."""
    if prize.amount is not None:
        return money(prize.amount, currency)
    return prize.item


@register.filter
def places(award: Award) -> str:
    """The places of a shared award ("2nd–4th"), else the player's place ("2nd")."""
    first, last = award.places
    if award.shared and first != last:
        return f"{ordinal(first)}–{ordinal(last)}"
    return ordinal(award.place)


@register.filter
def receives(award: Award, currency: str) -> str:
    """What the player receives: "150 €", "166.66 € (shared by 3)", "Trophy"."""
    parts = []
    if award.amount is not None and award.amount > 0:
        parts.append(money(award.cents, currency))
    if award.item:
        parts.append(award.item)
    text = " + ".join(parts) or "–"
    return f"{text} (shared by {award.shared_by})" if award.shared else text


@register.filter
def in_line_for(award: Award, currency: str) -> str:
    """The player card's line: "2nd U1800, 150 € (shared)"."""
    what = money(award.cents, currency) if award.amount else award.item
    shared = " (shared)" if award.shared else ""
    return f"{ordinal(award.place)} {award.category.name}, {what}{shared}"


@register.filter
def person(state: EventState, start_no: int) -> Person | None:
    return state.people.get(start_no)


@register.filter
def entry(mapping: dict, key: object) -> object:
    """mapping[key], or "" when it is not there (a template cannot index by a variable)."""
    return mapping.get(key, "")


@register.filter
def awards_of(prizes: PrizeList | None, start_no: int) -> tuple[Award, ...]:
    return prizes.by_player.get(start_no, ()) if prizes else ()


@register.filter
def tie_rule(prizes: PrizeList) -> str:
    rule = TIE_RULES[prizes.rules.ties]
    if prizes.rules.stacking:
        return f"{rule}; a player may win a prize in every category"
    return f"{rule}; one prize a player, the most valuable"
