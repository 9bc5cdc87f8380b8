"""Where an event's play stands on the event list and its pages: an event whose planned
rounds are all complete is finished, not "Live now"; the dates it shows."""

from __future__ import annotations

import datetime
from dataclasses import replace

import pytest
from django.utils import timezone

from standings.events.models import Event, Round
from standings.live.publish import publish
from standings.state.progress import RoundProgress, is_finished, shown_dates
from standings.trf.importer import import_trf_file
from tests.events.test_trf_import import trf_file
from tests.factories import TEST_ACTOR, create_swiss
from tests.html import one, select, text, texts
from tests.web.writes import close_round, enter_result

pytestmark = pytest.mark.django_db

# Four players, three rounds, every result in.
COMPLETE = {
    1: "2w1 3b= 4w1",
    2: "1b0 4w1 3b0",
    3: "4b1 1w= 2w1",
    4: "3w0 2b0 1b0",
}


def listed(html: str) -> dict[str, list[str]]:
    """Event names under each heading of the event list."""
    return {
        text(one(section, "h2")): [text(a) for a in section.select(".event-item > a")]
        for section in select(html, "main section")
    }


def finish(event: Event, rounds_planned: int = 3) -> None:
    """The small Swiss's last two results, with three rounds planned: every round complete,
    round 3 not closed by the arbiter."""
    Event.objects.filter(pk=event.pk).update(rounds_planned=rounds_planned)
    event.refresh_from_db()
    enter_result(event, 3, 3, "10")
    enter_result(event, 3, 4, "01")


def test_an_event_with_every_planned_round_complete_is_finished_not_live(client, event):
    finish(event)
    html = client.get("/").content.decode()
    assert listed(html) == {"All events": ["Small Open"]}
    assert text(one(html, ".event-item .finished-badge")) == "finished"
    page = client.get("/e/small-open/").content.decode()
    assert text(one(page, ".event-header .meta")).endswith("3 rounds · finished")
    assert one(page, "#live-indicator")["data-live"] == "up to date"


def test_an_event_with_a_result_to_come_is_live(client, event):
    Event.objects.filter(pk=event.pk).update(rounds_planned=3)
    html = client.get("/").content.decode()
    assert listed(html) == {"Live now": ["Small Open"], "Other events": []}
    assert select(html, ".event-item .live-badge")
    page = client.get("/e/small-open/").content.decode()
    assert "finished" not in text(one(page, ".event-header .meta"))
    assert one(page, "#live-indicator")["data-live"] == "live"


def test_an_event_with_rounds_still_to_pair_is_not_finished(client, event):
    for board in (3, 4):
        enter_result(event, 3, board, "==")
    close_round(event, 3)  # rounds 1-3 closed, 5 planned
    page = client.get("/e/small-open/").content.decode()
    assert "finished" not in text(one(page, ".event-header .meta"))
    assert not select(client.get("/").content.decode(), ".finished-badge")


def test_the_event_list_in_french_says_finished(client, event):
    finish(event)
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert text(one(html, ".finished-badge")) == "terminé"
    page = client.get("/e/small-open/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert text(one(page, ".event-header .meta")).endswith("beendet")


def test_a_finished_trf_import_is_not_live_and_shows_its_round_dates(client, arbiter):
    # The import leaves the file's last round open for the arbiter to close, complete or not.
    days = (datetime.date(2026, 3, 7), datetime.date(2026, 3, 8), datetime.date(2026, 3, 9))
    trf = trf_file(COMPLETE, name="Spring Rapid", rounds_planned=3, start_date=None)
    trf = replace(trf, header=replace(trf.header, round_dates=days))
    import_trf_file(trf, slug="spring-rapid", actor=TEST_ACTOR)
    event = Event.objects.get(slug="spring-rapid")
    assert event.start_date is None and event.end_date is None
    assert event.round_set.get(number=3).state == Round.State.IN_PROGRESS
    html = client.get("/").content.decode()
    assert listed(html) == {"All events": ["Spring Rapid"]}
    item = one(html, ".event-item")
    assert [t["datetime"] for t in item.select(".meta time")] == ["2026-03-07", "2026-03-09"]
    page = client.get("/e/spring-rapid/").content.decode()
    meta = one(page, ".event-header .meta")
    assert [t["datetime"] for t in meta.select("time")] == ["2026-03-07", "2026-03-09"]


def test_stated_dates_come_first_and_no_dates_show_none(client, event):
    html = client.get("/").content.decode()
    assert [t["datetime"] for t in one(html, ".event-item").select("time")] == ["2026-06-01"]
    Event.objects.filter(pk=event.pk).update(start_date=None, version=event.version + 1)
    html = client.get("/e/small-open/").content.decode()
    assert not one(html, ".event-header .meta").select("time")  # none rather than a wrong one
    assert text(one(html, ".event-header .meta")) == "5 rounds"


def test_a_tournament_is_live_while_a_section_is_and_finished_when_all_are(client, arbiter):
    cup = Event.objects.create(slug="cup", name="Rilton Cup", rounds_planned=0)
    a = create_swiss(slug="open-a")
    b = create_swiss(slug="open-b")
    Event.objects.filter(pk__in=[a.pk, b.pk]).update(parent=cup, rounds_planned=3)
    finish(a)
    html = client.get("/").content.decode()
    assert listed(html)["Live now"] == ["Rilton Cup"]
    sections = select(html, ".section-list li")
    assert [(text(li.a), bool(li.select(".finished-badge"))) for li in sections] == [
        ("Small Open", True),
        ("Small Open", False),
    ]
    finish(b)
    publish(b.pk)  # what follows a commit: the list is made again
    html = client.get("/").content.decode()
    assert listed(html) == {"All events": ["Rilton Cup"]}
    assert texts(html, ".event-item > .finished-badge") == ["finished"]


def test_finished_means_every_planned_round_published_and_complete():
    def rnd(number, state, pending=0):
        return RoundProgress(number, state, pending, None)

    closed, playing, draft = Round.State.CLOSED, Round.State.IN_PROGRESS, Round.State.DRAFT
    assert is_finished(2, [rnd(1, closed), rnd(2, playing)])
    assert not is_finished(2, [rnd(1, closed), rnd(2, playing, pending=1)])
    assert not is_finished(3, [rnd(1, closed), rnd(2, closed)])  # round 3 not paired
    assert not is_finished(2, [rnd(1, closed), rnd(2, draft)])  # pairings not published
    assert not is_finished(0, [])


def test_round_dates_give_an_end_only_once_the_event_is_finished():
    at = timezone.make_aware(datetime.datetime(2026, 5, 2, 10))
    later = timezone.make_aware(datetime.datetime(2026, 5, 4, 10))
    rounds = [RoundProgress(1, "closed", 0, at), RoundProgress(2, "closed", 0, later)]
    may = datetime.date(2026, 5, 2), datetime.date(2026, 5, 4)
    assert shown_dates(None, None, rounds, finished=True) == may
    assert shown_dates(None, None, rounds, finished=False) == (may[0], None)
    stated = datetime.date(2026, 5, 1)
    assert shown_dates(stated, None, rounds, finished=True) == (stated, may[1])
    assert shown_dates(None, None, [], finished=True) == (None, None)
