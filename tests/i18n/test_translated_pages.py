"""A translated page in each language: words, tie-break names, numbers; and the live push
sends each socket its page's language."""

from __future__ import annotations

import pytest
from django.utils import translation

from standings.live import asked, catchup, wire
from standings.live import messages as live_messages
from standings.live.publish import publish
from standings.state.event_state import build_state
from tests.html import one, parse, select, text

pytestmark = pytest.mark.django_db

CAPTION = {
    "en": "Standings after round",
    "fr": "Classement après la ronde",
    "de": "Rangliste nach Runde",
    "es": "Clasificación tras la ronda",
}
DIRECT = {"en": "Direct encounter", "fr": "Confrontation directe", "de": "Direkter Vergleich",
          "es": "Encuentro directo"}  # fmt: skip
ROUND = {"en": "Round 3", "fr": "Ronde 3", "de": "Runde 3", "es": "Ronda 3"}


@pytest.mark.parametrize("code", list(CAPTION))
def test_the_standings_in_each_language(client, event, code):
    html = client.get("/e/small-open/", HTTP_ACCEPT_LANGUAGE=code).content.decode()
    assert text(one(html, "#standings-table caption")).startswith(CAPTION[code])
    titles = {abbr.text: abbr["title"] for abbr in select(html, "#standings-table th abbr")}
    assert titles["DE"] == DIRECT[code]
    assert titles["SB"] == "Sonneborn-Berger"  # a name, in every language
    assert ROUND[code] in [text(a) for a in select(html, ".event-nav a")]
    points = [text(cell) for cell in select(html, "#standings-table tbody td.num")]
    fractions = [value for value in points if "." in value or "," in value]
    assert fractions, points
    separator = "." if code == "en" else ","
    assert all(separator in value for value in fractions), fractions


@pytest.mark.parametrize("code", ["fr", "de", "es"])
def test_round_and_player_pages_are_translated(client, event, code):
    round_page = client.get("/e/small-open/round/3/", HTTP_ACCEPT_LANGUAGE=code).content.decode()
    caption = text(one(round_page, "table.pairings caption"))
    assert caption.startswith(ROUND[code]) and "in progress" not in caption
    card = client.get("/e/small-open/player/1/", HTTP_ACCEPT_LANGUAGE=code).content.decode()
    assert "How the tie-breaks are made up" not in card
    assert one(card, "html")["lang"] == code


def test_the_push_carries_each_language_sockets_ask_for_and_each_socket_gets_its_own(event):
    wanted = {("standings", "de"), ("standings", "en")}
    message = live_messages.message(build_state(event), wanted)
    assert set(message["parts"]) == {"en", "de"}
    german = wire.inflate(wire.part(message, "standings", "de"))
    english = wire.inflate(wire.part(message, "standings", "en"))
    assert text(one(german, "#standings-table caption")).startswith(CAPTION["de"])
    assert text(one(english, "#standings-table caption")).startswith(CAPTION["en"])
    assert wire.part(message, "standings", "es") is None  # nobody asked for Spanish


def test_the_push_renders_english_whatever_language_the_writer_uses(event):
    with translation.override("fr"):  # an arbiter reading French enters a result
        message = live_messages.message(build_state(event), {("standings", "en")})
    html = wire.inflate(wire.part(message, "standings", "en"))
    assert text(one(parse(html), "#standings-table caption")).startswith(CAPTION["en"])


def test_a_new_language_is_rendered_for_the_first_socket_that_reads_it(event):
    state = publish(event.pk).state
    catchup.current_message("small-open")  # the message, cached
    asked.record("small-open", [("standings", "es")])  # a Spanish page's socket
    message = catchup.current_message("small-open")
    assert message is not None and message["version"] == state.version
    spanish = wire.inflate(wire.part(message, "standings", "es"))
    assert text(one(spanish, "#standings-table caption")).startswith(CAPTION["es"])
