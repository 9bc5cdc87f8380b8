"""Every write to an event: one transaction, row locks, one audited `record_change`.

Each write names its `actor`, a required keyword (`actors.py`): a signed-in user, who must
pass `can_edit`, or a named system actor (the demo feeder, a management command). Each
calls `actors.check_may_change` before it writes, which raises `NotAllowed`. Refusals
carry a message meant to be shown to the arbiter as is.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Model, Q
from django.utils import timezone
from django.utils.translation import gettext, ngettext, pgettext

from standings.engine.catalogue import parse_tiebreak_list
from standings.engine.editions import EDITIONS
from standings.engine.notation import SpecError
from standings.prizes.rules import RulesError, read_rules, write_rules
from standings.wording.phrases import worded

from . import actors
from .actors import Actor
from .changes import record_change
from .models import (
    RESULT_SHOWN,
    TIEBREAKS_MAX_LENGTH,
    Event,
    Game,
    Participant,
    Result,
    RetiredSlug,
    Round,
    Team,
    UnplayedRound,
)
from .refusals import NotAllowed as NotAllowed
from .refusals import WriteRefused
from .rounds import PLAYERS
from .rounds import create_round as create_round
from .sections import record_sections_change


class StaleEntry(WriteRefused):
    """The arbiter saw an older version of the game; `current` is the newer entry."""

    def __init__(self, message: str, current: Game):
        super().__init__(message)
        self.current = current


class RoundClosed(WriteRefused):
    pass


def result_codes(event: Event) -> list[str]:
    """The results an arbiter may enter in this event, in button order."""
    codes = [
        Result.WHITE_WINS,
        Result.DRAW,
        Result.BLACK_WINS,
        Result.WHITE_FORFEIT_WIN,
        Result.BLACK_FORFEIT_WIN,
        Result.DOUBLE_FORFEIT,
    ]
    if event.allow_zero_zero:
        codes.append(Result.BOTH_LOSE)
    return [str(code) for code in codes]


def entry_description(game: Game, offset: int = 0) -> str:
    """ "Board 3 was already entered as 1–0 by anna at 14:02:11" (the newer entry); `offset`
    is the section's board offset, which the arbiter's boards show."""
    shown = game.board + offset
    if game.result:
        text = gettext("Board %(board)s was already entered as %(result)s") % {
            "board": shown,
            "result": RESULT_SHOWN[game.result],
        }
    else:
        text = gettext("Board %(board)s was already cleared") % {"board": shown}
    if game.entered_by is not None:
        text += gettext(" by %(user)s") % {"user": game.entered_by.get_username()}
    if game.entered_at is not None:
        text += gettext(" at %(time)s") % {
            "time": f"{timezone.localtime(game.entered_at):%H:%M:%S}"
        }
    return text


def enter_result(
    event: Event,
    round_no: int,
    board: int,
    result: str,
    *,
    seen_version: int | None = None,
    actor: Actor,
    reason: str = "",
    table: int | None = None,
) -> Game:
    """Enter, correct ("" clears) the result of a board; refuses stale versions and closed rounds.

    An arbiter's correction (a result that was entered changed or cleared) needs a reason;
    a first entry does not. A system actor that relays results (the pairing program, an
    import: `SystemActor.relays_results`) needs none, and may enter unrated results.

    In a team event a board is addressed within its match: `table` is the match's number.
    A repeated tap (stale `seen_version`, same result as stored) succeeds without a new write.
    """
    actors.check_may_change(actor, event)
    allowed = {*result_codes(event), Result.PENDING}
    if actors.relays_results(actor):  # imports and the pairing program carry unrated results
        allowed |= {Result.WHITE_WINS_UNRATED, Result.DRAW_UNRATED, Result.BLACK_WINS_UNRATED}
    if result not in allowed:
        raise WriteRefused(
            gettext("'%(result)s' is not a result this event accepts") % {"result": result}
        )
    with transaction.atomic():
        rnd = locked_round(event, round_no)
        if rnd.state == Round.State.DRAFT:
            raise WriteRefused(
                gettext("Round %(number)s's pairings are not published yet") % {"number": round_no}
            )
        if rnd.state == Round.State.CLOSED:
            raise RoundClosed(
                gettext("Round %(number)s is closed; reopen it to correct a result")
                % {"number": round_no}
            )
        game = _locked_game(rnd, board, table)
        if game.result == result:
            return game  # double tap, or nothing to change: no second entry
        if seen_version is not None and seen_version != game.version:
            offset = event.board_offset if table is None else 0
            said = entry_description(game, offset)
            raise StaleEntry(gettext("%(entry)s; reload to correct it") % {"entry": said}, game)
        if not actors.relays_results(actor) and game.result and not reason.strip():
            raise WriteRefused(
                gettext("%(entry)s: a correction needs a reason")
                % {"entry": entry_description(game, event.board_offset if table is None else 0)}
            )
        before = _game_facts(game)
        game.result = result
        game.version += 1
        game.entered_by = actors.user_of(actor) if result else None
        game.entered_at = timezone.now() if result else None
        game.save(update_fields=["result", "version", "entered_by", "entered_at"])
        if result and rnd.state == Round.State.PAIRINGS:
            rnd.state = Round.State.IN_PROGRESS
            rnd.save(update_fields=["state"])
        record_change(
            event,
            actor=actor,
            action="result",
            target=board_target(
                round_no, board + (event.board_offset if table is None else 0), table
            ),
            before=before,
            after=_game_facts(game),
            reason=reason,
        )
    return game


def publish_pairings(event: Event, round_no: int, *, actor: Actor) -> Round:
    """DRAFT -> PAIRINGS: followers see the round. Already published: nothing to do."""
    actors.check_may_change(actor, event)
    return _move(event, round_no, actor, Round.State.PAIRINGS, "publish_pairings")


def close_round(event: Event, round_no: int, *, actor: Actor) -> Round:
    """Close a round whose results are all in (its Type C values become final)."""
    actors.check_may_change(actor, event)
    return _move(event, round_no, actor, Round.State.CLOSED, "close_round")


def reopen_round(event: Event, round_no: int, *, actor: Actor, reason: str) -> Round:
    """CLOSED -> IN_PROGRESS for a correction; the reason is audited."""
    actors.check_may_change(actor, event)
    if not (reason or "").strip():
        raise WriteRefused(gettext("Say why round %(number)s is reopened") % {"number": round_no})
    return _move(event, round_no, actor, Round.State.IN_PROGRESS, "reopen_round", reason.strip())


def set_bye(
    event: Event, round_no: int, start_no: int, kind: str, *, actor: Actor, reason: str = ""
) -> UnplayedRound | None:
    """Give a player without a game in the round a bye of `kind` ("" removes it)."""
    actors.check_may_change(actor, event)
    if kind and kind not in PLAYERS.bye_kinds:
        raise WriteRefused(gettext("'%(kind)s' is not a kind of bye") % {"kind": kind})
    with transaction.atomic():
        rnd = locked_round(event, round_no)
        if rnd.state == Round.State.CLOSED:
            raise RoundClosed(
                gettext("Round %(number)s is closed; reopen it to change a bye")
                % {"number": round_no}
            )
        player = Participant.objects.filter(event=event, start_no=start_no).first()
        if player is None:
            raise WriteRefused(
                gettext("There is no player with start number %(start_no)s")
                % {"start_no": start_no}
            )
        if rnd.games.filter(Q(white=player) | Q(black=player)).exists():
            raise WriteRefused(
                gettext("%(name)s has a game in round %(number)s")
                % {"name": player.name, "number": round_no}
            )
        stored = UnplayedRound.objects.select_for_update().filter(round=rnd, participant=player)
        bye = stored.first()
        before = bye.kind if bye else ""
        if before == kind:
            return bye
        if not kind:
            stored.delete()
            bye = None
        elif bye is None:
            bye = UnplayedRound.objects.create(round=rnd, participant=player, kind=kind)
        else:
            bye.kind = kind
            bye.version += 1
            bye.save(update_fields=["kind", "version"])
        record_change(
            event,
            actor=actor,
            action="bye",
            target=f"round {round_no} player {start_no}",
            before={"bye": before},
            after={"bye": kind},
            reason=reason,
        )
    return bye


def save_in_admin(
    obj: Event | Participant | Team,
    *,
    changed: list[str],
    actor: Actor,
    created: bool,
    also: dict | None = None,
) -> None:
    """Save an event, player or team edited in the admin: its `changed` fields only (never
    the event's version, which writes bump), audited as an "admin" change and pushed.

    `also` adds what the save itself does not hold (the admin's many-to-many choices)."""
    event = obj if isinstance(obj, Event) else obj.event
    actors.check_may_change(actor, None if created and isinstance(obj, Event) else event)
    columns = [name for name in changed if _is_column(obj, name)]
    with transaction.atomic():
        if created:
            obj.save()
            before = None
        else:
            stored = type(obj).objects.select_for_update().filter(pk=obj.pk)
            before = {name: _plain(value) for name, value in stored.values(*columns).get().items()}
            if columns:
                obj.save(update_fields=columns)
        after = {name: _plain(obj.serializable_value(name)) for name in columns}
        after.update(also or {})
        if not created and not after:
            return
        record_change(
            event,
            actor=actor,
            action="admin_add" if created else "admin_edit",
            target=_admin_target(obj),
            before=before,
            after=after,
        )
        if isinstance(obj, Event):
            _sections_changed(obj, changed, before, actor=actor)


def change_tiebreak_settings(
    event: Event,
    *,
    tiebreaks: tuple[str, ...],
    rule_edition: str,
    shared_places: bool,
    seen_version: int | None = None,
    actor: Actor,
) -> Event:
    """Set the event's tie-break list (canonical specs), rule edition ("" = by start date)
    and what breaks the last ties, as one audited change; refuses a stale settings page."""
    actors.check_may_change(actor, event)
    try:
        tiebreaks = parse_tiebreak_list(" ".join(tiebreaks))
    except SpecError as error:
        raise WriteRefused(worded(error.phrase)) from None
    if len(" ".join(tiebreaks)) > TIEBREAKS_MAX_LENGTH:
        raise WriteRefused(gettext("The tie-break list is too long to store; shorten it"))
    if rule_edition not in ("", *EDITIONS):
        raise WriteRefused(
            gettext("'%(edition)s' is not a rule edition (use 2024 or 2026)")
            % {"edition": rule_edition}
        )
    fields = ("tiebreaks", "rule_edition", "shared_places")
    with transaction.atomic():
        stored = Event.objects.select_for_update().get(pk=event.pk)
        if seen_version is not None and seen_version != stored.version:
            raise WriteRefused(
                gettext(
                    "The event changed since this page was opened; check the preview and save again"
                )
            )
        before = {name: getattr(stored, name) for name in fields}
        after = {
            "tiebreaks": " ".join(tiebreaks),
            "rule_edition": rule_edition,
            "shared_places": shared_places,
        }
        if after == before:
            return stored
        for name, value in after.items():
            setattr(stored, name, value)
        stored.save(update_fields=list(fields))
        record_change(
            stored, actor=actor, action="settings", target="tie-breaks", before=before, after=after
        )
    return stored


# What a tournament's events show of each other (their switcher, the overview).
SECTION_FIELDS = {"parent", "section_order", "name", "slug"}


def _sections_changed(
    event: Event, changed: list[str], before: dict | None, *, actor: Actor
) -> None:
    """After an admin save: the tournaments the event left or joined show the change."""
    if not SECTION_FIELDS & set(changed):
        return
    touched = {event.parent_id, (before or {}).get("parent"), event.pk}
    for tournament in Event.objects.filter(pk__in=touched - {None}, parent=None):
        if tournament.sections.exists() or tournament.pk == (before or {}).get("parent"):
            record_sections_change(tournament, actor=actor)


def delete_section_in_admin(event: Event, *, actor: Actor) -> None:
    """Delete an event in the admin; its tournament, if any, shows the section gone."""
    actors.check_may_change(actor, event)
    with transaction.atomic():
        tournament = event.parent
        RetiredSlug.retire(event)
        event.delete()  # nothing left to audit or push; its pages answer 404
        if tournament is not None:
            record_sections_change(tournament, actor=actor)


def change_prizes(
    event: Event, document, *, seen_version: int | None = None, actor: Actor
) -> Event:
    """Replace the event's categories and prizes (a JSON document, docs/prizes.md) as one
    audited change; refuses a document with faults (each named) or a stale page."""
    actors.check_may_change(actor, event)
    try:
        rules = read_rules(document)
    except RulesError as error:
        faults = "; ".join(worded(fault) for fault in error.faults)
        raise WriteRefused(
            gettext("The prizes were not saved: %(faults)s") % {"faults": faults}
        ) from None
    after = write_rules(rules) if not rules.empty or rules.categories else {}
    with transaction.atomic():
        stored = Event.objects.select_for_update().get(pk=event.pk)
        if seen_version is not None and seen_version != stored.version:
            raise WriteRefused(
                gettext("The event changed since this page was opened; reload and save again")
            )
        before = stored.prize_rules
        if after == before:
            return stored
        stored.prize_rules = after
        stored.save(update_fields=["prize_rules"])
        record_change(
            stored, actor=actor, action="settings", target="prizes", before=before, after=after
        )
    return stored


def delete_in_admin(obj: Participant | Team, *, actor: Actor) -> None:
    """Delete a player or team in the admin, audited and pushed like any write."""
    event = obj.event
    actors.check_may_change(actor, event)
    target = _admin_target(obj)
    with transaction.atomic():
        obj.delete()
        record_change(event, actor=actor, action="admin_delete", target=target)


def close_refusal(rnd: Round) -> str:
    """Why `rnd` cannot be closed now, or "" when it can."""
    if rnd.state == Round.State.DRAFT:
        return gettext("Round %(number)s's pairings are not published yet") % {"number": rnd.number}
    # A match forfeited as a whole needs no board results (TRF 330 overrides them).
    missing_games = rnd.games.filter(result="").exclude(match__forfeit__gt="")
    offset = rnd.event.board_offset  # the board numbers the arbiter's page shows
    missing = [
        str(board + offset) if table is None else f"{table}.{board}"
        for table, board in missing_games.order_by("match__table", "board").values_list(
            "match__table", "board"
        )
    ]
    if missing:
        if "." in missing[0]:
            where = pgettext("missing results", "match.board")
        else:
            where = pgettext("missing results", "board")
        count = ngettext("%(count)s result", "%(count)s results", len(missing)) % {
            "count": len(missing)
        }
        return gettext("Round %(number)s cannot be closed: %(count)s missing (%(where)s)") % {
            "number": rnd.number,
            "count": count,
            "where": f"{where} {', '.join(missing)}",
        }
    return ""


def _move(
    event: Event, round_no: int, actor: Actor, to: str, action: str, reason: str = ""
) -> Round:
    """Move the round to state `to`; the caller has checked the actor."""
    with transaction.atomic():
        rnd = locked_round(event, round_no)
        if to == Round.State.PAIRINGS and rnd.state != Round.State.DRAFT:
            return rnd  # published already (a double tap)
        if to == Round.State.CLOSED:
            if rnd.state == Round.State.CLOSED:
                return rnd
            refusal = close_refusal(rnd)
            if refusal:
                raise WriteRefused(refusal)
        if action == "reopen_round" and rnd.state != Round.State.CLOSED:
            raise WriteRefused(gettext("Round %(number)s is not closed") % {"number": round_no})
        before = rnd.state
        rnd.state = to
        rnd.closed_at = timezone.now() if to == Round.State.CLOSED else None
        rnd.version += 1
        rnd.save(update_fields=["state", "closed_at", "version"])
        record_change(
            event,
            actor=actor,
            action=action,
            target=f"round {round_no}",
            before={"state": before},
            after={"state": to},
            reason=reason,
        )
    return rnd


def locked_round(event: Event, round_no: int) -> Round:
    try:
        return Round.objects.select_for_update().get(event=event, number=round_no)
    except Round.DoesNotExist:
        raise WriteRefused(gettext("There is no round %(number)s") % {"number": round_no}) from None


def board_target(round_no: int, board: int, table: int | None = None) -> str:
    """How the audit log names a board: "round 3 board 2", "round 3 match 4 board 2" (a
    section's board as shown, offset included)."""
    if table is None:
        return f"round {round_no} board {board}"
    return f"round {round_no} match {table} board {board}"


def _locked_game(rnd: Round, board: int, table: int | None) -> Game:
    games = Game.objects.select_for_update().filter(round=rnd, board=board)
    if table is None:  # a board outside any match (every board of an individual event)
        found = list(games.filter(match__isnull=True))
        if len(found) != 1:  # team events number boards per match: not addressable by board alone
            raise WriteRefused(
                gettext("Round %(number)s has no single board %(board)s")
                % {"number": rnd.number, "board": board}
            )
        return found[0]
    game = games.filter(match__table=table).select_related("match").first()
    if game is None:
        raise WriteRefused(
            gettext("Round %(number)s has no board %(board)s in match %(match)s")
            % {"number": rnd.number, "board": board, "match": table}
        )
    if game.match is not None and game.match.forfeit:
        raise WriteRefused(
            gettext(
                "Match %(match)s is forfeited as a whole; take the forfeit back to enter its boards"
            )
            % {"match": table}
        )
    return game


def _is_column(obj: Model, name: str) -> bool:
    field = obj._meta.get_field(name)
    return field.concrete and not field.many_to_many and name != "version"


def _plain(value: object) -> object:
    """A value as the audit log's JSON holds it."""
    return value if value is None or isinstance(value, bool | int | float | str) else str(value)


def _admin_target(obj: Model) -> str:
    return f"{obj._meta.verbose_name} {obj}"


def _game_facts(game: Game) -> dict:
    return {"result": game.result, "version": game.version}
