"""The bridge pages in French, German and Spanish: nothing left unmarked, the explanations
(the step that decided a place, the sentence, the columns) worded in each language with its
numbers, the scorer's and the import page's refusals; the command stays English."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation

from standings.bridge import criteria, reader
from standings.bridge.model import PairsEvent
from standings.bridge.reader import BridgeFormatError
from standings.bridge_events.board_entry import draw_table, enter_board
from standings.bridge_events.services import import_bridge
from standings.events.models import Event
from standings.wording import bridge as wording
from tests.conftest import FIXTURES
from tests.factories import TEST_ACTOR
from tests.html import select, text
from tests.i18n.test_marked import WORD, unmarked

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("bridge_events")]

BRIDGE = FIXTURES / "bridge"
PUBLIC = [
    "/b/swiss/",
    "/b/swiss/?round=1",
    "/b/swiss/team/11/",
    "/b/swiss/screen/",
    "/b/pairs/",
    "/b/bam/",
    "/b/ko/",
]
SCORER = [
    "/b/swiss/score/?round=10",
    "/b/swiss/score/?round=1",
    "/b/pairs/score/",
    "/b/bam/score/",
    "/b/ko/score/",
]
FILES = {"swiss": "sw02", "pairs": "pr02", "bam": "bam02", "ko": "ko02"}


def _data_words() -> set[str]:
    """The events' and entrants' names (a page's title holds them, outside any <bdi>)."""
    names = set()
    for name in FILES.values():
        event = reader.read_bridge((BRIDGE / f"example-{name}.json").read_bytes())
        entrants = event.pairs if isinstance(event, PairsEvent) else event.teams
        names |= {event.name, *(entrant.name for entrant in entrants)}
    return {word for name in names for word in WORD.findall(name)}


# French writes these as English does; and the data.
ALIKE = {"Score", "score", "Table", "Segment", "Segments"} | _data_words()


@pytest.fixture
def bridge_events(db, arbiter):
    for slug, name in FILES.items():
        event = import_bridge(
            (BRIDGE / f"example-{name}.json").read_bytes(), slug=slug, actor=TEST_ACTOR
        )
        event.arbiters.add(arbiter)


@pytest.fixture
def staff(client, django_user_model):
    user = django_user_model.objects.create_user("staff", password="pw-staff-1", is_staff=True)
    client.force_login(user)
    return user


def left_unmarked(client, path: str) -> set[str]:
    return {text for text in unmarked(client, path) if not set(WORD.findall(text)) <= ALIKE}


@pytest.mark.parametrize("path", PUBLIC)
def test_public_bridge_pages_have_no_unmarked_text(client, path):
    assert left_unmarked(client, path) == set()


@pytest.mark.parametrize("path", SCORER)
def test_scorer_pages_have_no_unmarked_text(client, arbiter, path):
    client.force_login(arbiter)
    assert left_unmarked(client, path) == set()


@pytest.fixture
def drawn_round(request):
    """Round 10 of the Swiss drawn, its first match with a board and a room in."""
    request.getfixturevalue("bridge_events")
    swiss = Event.objects.get(slug="swiss")
    for table, home, away in ((1, 1, 2), (2, 3, 4)):
        draw_table(swiss, round_number=10, table=table, home=home, away=away, actor=TEST_ACTOR)
    for number, rooms in ((1, ("4S= N", "4S-1 N")), (2, ("3NT-1 S", ""))):
        enter_board(swiss, round_number=10, table=1, board=number, open_room=rooms[0],
                    closed_room=rooms[1], actor=TEST_ACTOR)  # fmt: skip


@pytest.mark.parametrize(
    "path",
    [
        "/b/swiss/?round=10",  # a match in play, a table to be played
        "/b/swiss/team/1/",  # its match board by board
        "/b/swiss/score/?round=10",  # the draw
        "/b/swiss/score/10/1/",  # a match board by board
        "/b/ko/score/knockout/4/",  # a knockout's segment board by board
    ],
)
@pytest.mark.usefixtures("drawn_round")
def test_draw_and_board_pages_have_no_unmarked_text(client, arbiter, path):
    client.force_login(arbiter)
    assert left_unmarked(client, path) == set()


def test_the_import_page_has_no_unmarked_text(client, staff):
    assert left_unmarked(client, "/b/import/") == set()


SENTENCE = {
    "en": "ahead of Zadar on Swiss points 844.00 to 760.00 after both scored 94.00 VP",
    "fr": "devant Zadar au critère points suisses, 844,00 contre 760,00, après 94,00 PV chacune",
    "de": "vor Zadar, Schweizer Punkte 844,00 zu 760,00, nachdem beide 94,00 VP erzielten",
    "es": "por delante de Zadar por puntos suizos, 844,00 a 760,00, tras sumar ambos 94,00 PV",
}
DECIDED = {
    "en": ("3 Swiss points", "3.3i beat all others", "play-off needed"),
    "fr": ("3 points suisses", "3.3i a battu toutes les autres", "barrage nécessaire"),
    "de": ("3 Schweizer Punkte", "3.3i schlug alle anderen", "Stichkampf nötig"),
    "es": ("3 puntos suizos", "3.3i venció a todos los demás", "hace falta un desempate"),
}
COLUMNS = {
    "en": ["Rank", "Team", "VP", "Swiss points", "IMP quotient", "Total point quotient"],
    "fr": ["Rang", "Équipe", "PV", "Points suisses", "Quotient d'IMP",
           "Quotient des points totaux"],
    "de": ["Rang", "Team", "VP", "Schweizer Punkte", "IMP-Quotient", "Quotient der Gesamtpunkte"],
    "es": ["Puesto", "Equipo", "PV", "Puntos suizos", "Cociente de IMPs",
           "Cociente de puntos totales"],
}  # fmt: skip
PLAYOFF = {
    "en": "level with Namur, Kaunas and Jena after every step, on 94.00 VP: play-off needed"
    " (level on Swiss points 760.00, IMP quotient 1.070, total point quotient 1.325)",
    "fr": "à égalité avec Namur, Kaunas et Jena après chaque critère, à 94,00 PV : barrage"
    " nécessaire (égalité : points suisses 760,00, quotient d'IMP 1,070, quotient des points"
    " totaux 1,325)",
    "de": "nach allen Kriterien gleichauf mit Namur, Kaunas und Jena, mit 94,00 VP: Stichkampf"
    " nötig (gleichauf: Schweizer Punkte 760,00, IMP-Quotient 1,070, Quotient der"
    " Gesamtpunkte 1,325)",
    "es": "empatado con Namur, Kaunas y Jena tras todos los criterios, con 94,00 PV: hace falta"
    " un desempate (empate en puntos suizos 760,00, cociente de IMPs 1,070, cociente de"
    " puntos totales 1,325)",
}


@pytest.mark.parametrize("code", list(SENTENCE))
def test_the_explanations_in_each_language(client, code):
    html = client.get("/b/swiss/", HTTP_ACCEPT_LANGUAGE=code).content.decode()
    rows = [[text(td) for td in row.find_all("td")] for row in select(html, ".bridge-standings tr")]
    heads = [text(th) for th in select(html, "table.bridge-standings thead th")]
    assert heads[:6] == COLUMNS[code]
    utrecht, zadar, bergen = rows[5], rows[6], rows[7]
    assert utrecht[-1] == SENTENCE[code]
    assert (utrecht[-2], zadar[-2], bergen[-2]) == DECIDED[code]
    assert bergen[-1] == PLAYOFF[code]
    separator = "." if code == "en" else ","
    assert utrecht[2] == f"94{separator}00" and bergen[4] == f"1{separator}070"


def test_the_screen_names_its_views_and_pages_in_the_readers_language(client):
    html = client.get("/b/swiss/screen/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    name = select(html, "#screen-view-name")[0]
    assert (name["data-standings"], name["data-pairings"]) == ("Rangliste", "Runde 9")
    assert select(html, "#screen-page")[0]["data-page-of"] == "Seite {page} von {pages}"


def test_a_page_is_cached_once_per_version_and_language(client):
    english = client.get("/b/swiss/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    french = client.get("/b/swiss/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert SENTENCE["en"] in english and SENTENCE["fr"] in french
    again = client.get("/b/swiss/", HTTP_ACCEPT_LANGUAGE="en")
    assert SENTENCE["en"] in again.content.decode()
    assert {"Accept-Language", "Cookie"} <= {v.strip() for v in again["Vary"].split(",")}


def test_the_command_stays_english_whatever_the_language():
    from standings.bridge.report import standings_report

    with translation.override("fr"):
        report = standings_report(
            BRIDGE / "example-sw02.json", round_number=None, output_format="json"
        )
    assert SENTENCE["en"] in report and '"decided_by": "3 Swiss points"' in report


def test_every_step_and_problem_has_its_words():
    assert set(wording.STEP_NAMES) == set(criteria.STEPS)
    keys = {key for key in wording.PROBLEMS if ":" not in key}
    keys |= {key.split(":")[0] for key in wording.PROBLEMS if ":" in key}
    assert keys == set(reader.PROBLEMS)
    with translation.override("de"):
        refused = BridgeFormatError("$.matches[3]", "already_plays", team="Porto", round=10,
                                    also="$.matches[1]")  # fmt: skip
        assert wording.problem(refused) == "Porto spielt schon in Runde 10 ($.matches[1])"
        negative = BridgeFormatError("$.matches[0].imps[0]", "negative", what="imps", value="-1.5")
        assert wording.file_refusal(negative) == "$.matches[0].imps[0]: negative IMPs (-1,5)"


def test_the_scorer_reads_the_entry_and_refusals_in_french(client, arbiter):
    client.force_login(arbiter)
    form = {"round": 10, "home": 1, "away": 2, "home_imps": 40, "away_imps": 20,
            "home_points": 3000, "away_points": 2000, "seen": ""}  # fmt: skip
    answer = client.post("/b/swiss/score/enter", form, follow=True, HTTP_ACCEPT_LANGUAGE="fr")
    assert "Tour 10, Porto – Cadiz : 40-20 IMP, 15,00-5,00 PV." in answer.content.decode()
    again = {**form, "away": 3}  # team 1 already plays in round 10
    answer = client.post("/b/swiss/score/enter", again, follow=True, HTTP_ACCEPT_LANGUAGE="fr")
    assert "Non enregistré : " in answer.content.decode()
    assert "joue déjà au tour 10<" in answer.content.decode()  # no place in the document
    assert "$." not in answer.content.decode()
    itself = {**form, "away": 1}
    answer = client.post("/b/swiss/score/enter", itself, follow=True, HTTP_ACCEPT_LANGUAGE="es")
    assert "No introducido: un equipo no puede jugar contra sí mismo" in answer.content.decode()


def test_the_import_refusal_in_spanish(client, staff):
    body = (BRIDGE / "example-rr03.json").read_bytes()
    bad = body.replace(b'"imps": [\n    1,', b'"imps": [\n    -1,', 1)
    answer = client.post(
        "/b/import/",
        {"file": SimpleUploadedFile("bad.json", bad), "boards": 12},
        HTTP_ACCEPT_LANGUAGE="es",
    )
    assert answer.status_code == 400
    html = answer.content.decode()
    assert "No se importó nada." in html
    assert "$.matches[0].imps[0]: IMPs negativos (-1)" in html
