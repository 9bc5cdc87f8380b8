"""Round trip with pairing programs (issue 13): the records we do not interpret come back.

JaVaFo's XXC, XXA, XXS, XXZ, record 212 and any record unknown to the reader are kept as
read, in file order, by the reader and writer and by the import and export, so that a
pairing program can pair the next round from our export. XXR is interpreted (the number
of rounds, written as 142), so it is not kept a second time.
"""

from __future__ import annotations

import json

import pytest
from django.core.exceptions import ValidationError

from standings.engine.cli import main
from standings.engine.trf import read_trf, write_trf
from standings.events.models import Event
from standings.trf.exporter import export_trf
from standings.trf.importer import import_trf
from tests.engine.test_trf import cell, player
from tests.factories import TEST_ACTOR

pytestmark = pytest.mark.django_db

KEPT = [
    "XXC rank",
    "XXA    1  1.0",
    "XXS W=1.0 D=0.5 BW=1.0",
    "999 a record nobody knows",
    "XXZ    4",
]
STANDINGS_LIST = "212 PTS, BH/C1, SB"


def pairing_program_file(*kept: str) -> str:
    lines = [
        "012 Pairing Program Open",
        "042 2026/03/01",
        "092 Swiss System",
        *kept[:2],
        player(1, cell(2, "w", "1"), cell(3, "b", "="), name="Player 1"),
        player(2, cell(1, "b", "0"), cell(4, "w", "1")),
        player(3, cell(4, "w", "="), cell(1, "w", "=")),
        player(4, cell(3, "b", "="), cell(2, "b", "0")),
        STANDINGS_LIST,
        "XXR 5",
        *kept[2:],
    ]
    return "\n".join(lines) + "\n"


TEXT = pairing_program_file(*KEPT)


def kept_lines(text: str) -> list[str]:
    """The lines of `text` that are one of the kept records, in order."""
    wanted = set(KEPT)
    return [line for line in text.splitlines() if line in wanted]


def test_the_reader_keeps_what_it_does_not_interpret_in_file_order():
    trf = read_trf(TEXT)

    assert trf.header.other_records == tuple(KEPT)
    assert trf.event.rounds == 5  # XXR is read, not kept
    assert trf.header.standings_tiebreaks == ("PTS", "BH/C1", "SB")


def test_read_then_write_keeps_them():
    trf = read_trf(TEXT)
    written = write_trf(trf)

    assert kept_lines(written) == KEPT
    assert STANDINGS_LIST in written.splitlines()
    assert "142 5" in written.splitlines()
    assert written.splitlines()[-len(KEPT) - 1] == "XXR 5"  # for the pairing program
    assert read_trf(written) == trf
    assert write_trf(read_trf(written)) == written


def test_import_then_export_keeps_them():
    event = Event.objects.get(slug=import_trf(TEXT.encode(), slug="paired", actor=TEST_ACTOR).slug)

    exported = export_trf(event)

    assert kept_lines(exported) == KEPT
    assert STANDINGS_LIST in exported.splitlines()
    assert "142 5" in exported.splitlines()
    assert exported.splitlines().count("XXR 5") == 1
    assert read_trf(exported).header.other_records == tuple(KEPT)


def test_export_import_export_is_stable():
    first = Event.objects.get(slug=import_trf(TEXT.encode(), slug="first", actor=TEST_ACTOR).slug)
    exported = export_trf(first)

    second = Event.objects.get(
        slug=import_trf(exported.encode(), slug="second", actor=TEST_ACTOR).slug
    )

    assert second.trf_records == first.trf_records
    assert export_trf(second) == exported


def test_a_reimport_replaces_them_with_the_newer_files():
    slug = import_trf(TEXT.encode(), slug="again", actor=TEST_ACTOR).slug
    newer = pairing_program_file("XXC white1", "XXS W=1.0")

    import_trf(newer.encode(), slug=slug, actor=TEST_ACTOR)

    exported = export_trf(Event.objects.get(slug=slug))
    assert kept_lines(exported) == []
    assert [line for line in exported.splitlines() if line.startswith("XX")] == [
        "XXR 5",
        "XXC white1",
        "XXS W=1.0",
    ]


def test_xxr_is_written_for_a_pairing_programs_file_only():
    plain = write_trf(read_trf(pairing_program_file("999 unknown")))
    javafo = write_trf(read_trf(pairing_program_file("XXC white1")))

    assert "XXR" not in plain
    assert [line for line in javafo.splitlines() if line[:3] in {"142", "XXR"}] == [
        "142 5",
        "XXR 5",
    ]


def test_a_file_without_them_keeps_only_its_212():
    event = Event.objects.get(
        slug=import_trf(pairing_program_file().encode(), slug="plain", actor=TEST_ACTOR).slug
    )

    assert event.trf_records == STANDINGS_LIST
    event.trf_records = ""
    event.save()
    exported = export_trf(event)
    assert not [line for line in exported.splitlines() if line[:3] in {"212", "XXC", "999"}]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("XXC rank\n142 9", "line 2: record '142' is written by the export itself"),
        ("001    1 m    Someone", "line 1: record '001' is written by the export itself"),
        ("XXR 9", "record 'XXR' is written by the export itself"),
        ("212 PTS, BH/U0", "line 1: record 212: rating 0 in tie-break"),
    ],
)
def test_the_stored_records_refuse_what_the_export_writes_itself(text, message):
    event = Event.objects.get(slug=import_trf(TEXT.encode(), slug="checked", actor=TEST_ACTOR).slug)
    event.trf_records = text

    with pytest.raises(ValidationError) as caught:
        event.full_clean()

    assert message in str(caught.value)


def test_the_stored_records_take_what_the_import_stores():
    event = Event.objects.get(slug=import_trf(TEXT.encode(), slug="valid", actor=TEST_ACTOR).slug)

    event.full_clean()
    assert event.trf_records.splitlines() == [STANDINGS_LIST, *KEPT]


def requested_ahead_file() -> str:
    """Four rounds played; player 3 asks for a half-point bye in round 5 (JaVaFo's input)."""
    return "\n".join(
        [
            "012 Requests Open",
            "042 2026/03/01",
            "092 Swiss System",
            "142 6",
            player(1, cell(2, "w", "1"), cell(3, "b", "="), cell(4, "w", "1"), cell(2, "b", "=")),
            player(2, cell(1, "b", "0"), cell(4, "w", "1"), cell(3, "b", "0"), cell(1, "w", "=")),
            player(
                3,
                cell(4, "w", "="),
                cell(1, "w", "="),
                cell(2, "w", "1"),
                cell(4, "b", "1"),
                cell(0, "-", "H"),
            ),
            player(4, cell(3, "b", "="), cell(2, "b", "0"), cell(1, "b", "0"), cell(3, "w", "0")),
        ]
    )


def test_byes_requested_ahead_survive_export_and_reimport(tmp_path, capsys):
    # Issue 25: `tiebreaks` answers the same rounds on the export as on the original.
    original = tmp_path / "original.trf"
    original.write_text(requested_ahead_file())
    import_trf(original.read_bytes(), slug="ahead", actor=TEST_ACTOR)
    exported = tmp_path / "exported.trf"
    exported.write_text(export_trf(Event.objects.get(slug="ahead")))
    again = import_trf(exported.read_bytes(), slug="ahead", actor=TEST_ACTOR)

    answers = []
    for path in (original, exported):
        assert main([str(path), "--tiebreaks", "BH", "SB", "--quiet"]) == 0
        answers.append(json.loads(capsys.readouterr().out))

    assert answers[0]["round"] == 4
    assert answers[1] == answers[0]
    assert (again.rounds_added, again.byes_added, again.bye_requests) == ([], 0, 1)
    assert "240 H 005    3" in exported.read_text().splitlines()
