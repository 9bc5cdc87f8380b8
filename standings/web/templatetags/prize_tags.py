"""How the prize pages word a place, a prize and what a player receives."""

from __future__ import annotations

from decimal import Decimal

from django import template
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from standings.prizes.projection import Award, PrizeList
from standings.prizes.rules import Prize, TieRule
from standings.state.event_state import EventState
from standings.state.parts import Person

register = template.Library()

TIE_RULES = {
    TieRule.NONE: _("no sharing: the tie-break decides"),
    TieRule.EQUAL: _("tied players share the prizes of their places equally"),
    TieRule.HORT: _("Hort system: half by place, half shared equally among tied players"),
    TieRule.USCF: _("US Chess: tied winners pool their cash prizes"),
}


@register.filter
def ordinal(number: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th", 23 -> "23rd"; "1er", "2e" in French."""
    if number == 1:  # the one most languages write apart (1er, 2e)
        return pgettext("ordinal", "1st")
    if 10 <= number % 100 <= 20:
        form = pgettext("ordinal", "%(number)sth")
    elif number % 10 == 1:
        form = pgettext("ordinal", "%(number)sst")
    elif number % 10 == 2:
        form = pgettext("ordinal", "%(number)snd")
    elif number % 10 == 3:
        form = pgettext("ordinal", "%(number)srd")
    else:
        form = pgettext("ordinal", "%(number)sth")
    return form % {"number": number}


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
    if award.shared:
        return gettext("%(prize)s (shared by %(players)s)") % {
            "prize": text,
            "players": award.shared_by,
        }
    return text


@register.filter
def in_line_for(award: Award, currency: str) -> str:
    """The player card's line: "2nd U1800, 150 € (shared)"."""
    what = money(award.cents, currency) if award.amount else award.item
    if award.shared:
        what = gettext("%(prize)s (shared)") % {"prize": what}
    return f"{ordinal(award.place)} {award.category.name}, {what}"


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
        return gettext("%(rule)s; a player may win a prize in every category") % {"rule": rule}
    return gettext("%(rule)s; one prize a player, the most valuable") % {"rule": rule}
