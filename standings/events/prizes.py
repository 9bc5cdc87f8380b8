"""An event's prizes: its stored rules, its players as categories read them, and the prize
list of its standings (standings.prizes does the work; docs/prizes.md)."""

from __future__ import annotations

import json
from functools import lru_cache

from django.db import transaction
from django.utils.translation import gettext

from standings.engine import event as engine
from standings.engine.result import Standings
from standings.prizes.members import Player
from standings.prizes.projection import PrizeList, project
from standings.prizes.rules import NO_RULES, PrizeRules, RulesError, read_rules, write_rules
from standings.prizes.status import RoundsState

from . import actors
from .actors import Actor
from .changes import record_change
from .models import Event, Round
from .services import WriteRefused


def prize_rules(event: Event) -> PrizeRules:
    """The event's prize rules; none when nothing (or, past its validator, nothing valid) is
    stored."""
    if not event.prize_rules:
        return NO_RULES
    return _rules_of(json.dumps(event.prize_rules, sort_keys=True))


@lru_cache(maxsize=128)
def _rules_of(document: str) -> PrizeRules:
    # Every push reads the rules: checking 60 prizes costs about 1 ms, the cached read 0.1.
    try:
        return read_rules(json.loads(document))
    except RulesError:
        return NO_RULES


def prize_file(event: Event) -> str:
    """The event's categories and prizes as the JSON file its export writes and its import
    reads back unchanged (docs/prizes.md)."""
    return json.dumps(write_rules(prize_rules(event)), ensure_ascii=False, indent=2) + "\n"


def prize_players(event: Event, described: engine.Event, rules: PrizeRules) -> dict[int, Player]:
    """What categories read of each player; the clubs only when a category asks (a query)."""
    clubs: dict[int, str] = {}
    if any(c.clubs for c in rules.categories):
        clubs = dict(event.participants.exclude(club="").values_list("start_no", "club"))
    return {
        p.start_no: Player(
            start_no=p.start_no,
            rating=p.rating,
            national_rating=p.national_rating,
            birth=p.birth,
            sex=p.sex,
            federation=p.federation,
            title=p.title,
            club=clubs.get(p.start_no, ""),
        )
        for p in described.participants
    }


def prize_list(
    event: Event,
    described: engine.Event,
    standings: Standings,
    rules: PrizeRules | None = None,
) -> PrizeList | None:
    """Who is in line for each prize after the standings' round, by the event's rules (or
    `rules`, previewed before saving); None without prizes or for a team event (its prizes
    are not projected yet)."""
    rules = prize_rules(event) if rules is None else rules
    if rules.empty or event.kind == Event.Kind.TEAM:
        return None
    players = prize_players(event, described, rules)
    rounds = RoundsState(event.rounds_planned, described.closed_rounds, event.prizes_final_after)
    return project(standings, players, rules, rounds=rounds)


def declare_final(event: Event, *, actor: Actor) -> Event:
    """An arbiter declares the prize list final after the event's last round so far (the
    event ended before its last planned round): one audited change. Refused while a round
    is not closed."""
    actors.check_may_change(actor, event)
    with transaction.atomic():
        stored = Event.objects.select_for_update().get(pk=event.pk)
        states = dict(stored.round_set.values_list("number", "state"))
        if not states:
            raise WriteRefused(gettext("No round is played yet: nothing to declare final"))
        still_open = sorted(n for n, state in states.items() if state != Round.State.CLOSED)
        if still_open:
            raise WriteRefused(
                gettext("Close round %(number)s before declaring the prize list final")
                % {"number": still_open[0]}
            )
        if stored.prizes_final_after != max(states):
            _store_final_after(stored, max(states), actor=actor, action="prizes_final")
    return stored


def withdraw_final(event: Event, *, actor: Actor, reason: str) -> Event:
    """Take the declaration back (the list is provisional again until the last round is
    closed); the reason is audited."""
    actors.check_may_change(actor, event)
    if not (reason or "").strip():
        raise WriteRefused(gettext("Say why the prize list is no longer final"))
    with transaction.atomic():
        stored = Event.objects.select_for_update().get(pk=event.pk)
        if stored.prizes_final_after is not None:
            _store_final_after(
                stored, None, actor=actor, action="prizes_not_final", reason=reason.strip()
            )
    return stored


def _store_final_after(
    stored: Event, after: int | None, *, actor: Actor, action: str, reason: str = ""
) -> None:
    """Set the round the list is declared final after (None: not declared), audited."""
    before = stored.prizes_final_after
    stored.prizes_final_after = after
    stored.save(update_fields=["prizes_final_after"])
    record_change(
        stored,
        actor=actor,
        action=action,
        target="prizes",
        before={"final_after": before},
        after={"final_after": after},
        reason=reason,
    )
