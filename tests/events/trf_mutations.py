"""Bad TRF files made from good ones: the fuzz test and `bench/fuzz_import.py` share them.

`mutate(data, rng)` changes one to three things in a real file: a number field
replaced by a poison (thousands of digits, nan, inf, 1e999, non-ASCII digits,
negative, zero, too large), a scoring or header record added or rewritten, a line
truncated, dropped, repeated or given random bytes, a round cell added far away.
"""

from __future__ import annotations

import random
import re

from tests.conftest import FIXTURES
from tests.factories import TEST_ACTOR

SEEDS = sorted((FIXTURES / "fide").glob("*.trf")) + sorted(
    p for p in (FIXTURES / "real").iterdir() if p.suffix in (".trf", ".tab", ".input")
)
# The small files, so that a CI run tries many mutations in a few seconds.
SMALL_SEEDS = [p for p in SEEDS if p.parent.name == "fide" and p.stat().st_size < 6000]

_BREAK = re.compile(rb"\r\n|\r|\n")
POISONS = (
    "9" * 5000,
    "9999",
    "99999",
    "1000",
    "nan",
    "NaN",
    "inf",
    "-inf",
    "1e999",
    "1e3",
    "-1",
    "-0.5",
    "0",
    "0.25",
    "0.05",
    "٣",  # Arabic-Indic digit three
    "١٢",
    "３",  # fullwidth digit three
    "１２３",
    "²",
    "1_000",
    " 1 ",
    "",
    "x",
    "+1",
    "0x10",
    "1.",
    ".5",
    "\x00",
    "4294967296",
    "32768",
    "65536",
)
# Where the numbers of a 001 line are (0-based slices): start no., rating, points, rank.
PLAYER_FIELDS = ((4, 8), (48, 52), (80, 84), (85, 89))
RECORDS = (
    "162 W {p}",
    "162 W 1.0    D {p}    L 0.0",
    "162 P {p}",
    "362 TW {p}  TD 1   TL 0",
    "320 {p} 2.0",
    "320 1.0 {p}",
    "320 W {p}",
    "142 {p}",
    "XXR {p}",
    "132 {p}",
    "240 F {p} 1",
    "240 H 1 {p}",
    "330 +- {p} 1 2",
    "330 -- 1 {p} 2",
    "013 Team {p}                        1 2 {p}",
    "310 {p} Team                             x     1      {p}    {p}    {p}    1 2",
    "202 BH/C1 {p}",
    "202 BH/U{p}",
    "212 PTS {p}",
    "042 {p}",
    "132                                                                                       {p}",
)


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to three random changes to a TRF file."""
    lines = data.split(b"\n")
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(_MUTATIONS)
        lines = kind(lines, rng)
    return b"\n".join(lines)


def _poison(rng: random.Random) -> str:
    if rng.random() < 0.2:
        return str(rng.randint(-(10**6), 10**12))
    return rng.choice(POISONS)


def _player_lines(lines: list[bytes]) -> list[int]:
    return [k for k, line in enumerate(lines) if line.startswith(b"001")]


def _number_field(lines: list[bytes], rng: random.Random) -> list[bytes]:
    players = _player_lines(lines)
    if not players:
        return _record(lines, rng)
    k = rng.choice(players)
    start, end = rng.choice(PLAYER_FIELDS)
    text = lines[k].decode("utf-8", "replace").ljust(end)
    value = _poison(rng)[: end - start] if rng.random() < 0.7 else _poison(rng)
    lines[k] = (text[:start] + value.rjust(end - start) + text[end:]).encode()
    return lines


def _cell(lines: list[bytes], rng: random.Random) -> list[bytes]:
    players = _player_lines(lines)
    if not players:
        return _record(lines, rng)
    k = rng.choice(players)
    text = lines[k].decode("utf-8", "replace")
    round_no = rng.choice([1, 2, 3, 50, 99, 100, 150])
    start = 91 + 10 * (round_no - 1)
    opponent = rng.choice(["0000", "9999", "   1", "   2", "١١١١", "  ３ ", "    ", "  -1"])
    cell = f"{opponent} {rng.choice('wb- W?')} {rng.choice('1=0+-WDLHFUZ ?*')}"
    text = text.ljust(start + 10)
    lines[k] = (text[:start] + cell + "  " + text[start + 10 :]).rstrip().encode()
    return lines


def _record(lines: list[bytes], rng: random.Random) -> list[bytes]:
    record = rng.choice(RECORDS).format(p=_poison(rng))
    lines.insert(rng.randint(0, len(lines)), record.encode())
    return lines


def _truncate(lines: list[bytes], rng: random.Random) -> list[bytes]:
    k = rng.randrange(len(lines))
    lines[k] = lines[k][: rng.randint(0, max(len(lines[k]) - 1, 0))]
    return lines


def _drop(lines: list[bytes], rng: random.Random) -> list[bytes]:
    if len(lines) > 1:
        del lines[rng.randrange(len(lines))]
    return lines


def _repeat(lines: list[bytes], rng: random.Random) -> list[bytes]:
    k = rng.randrange(len(lines))
    lines.insert(rng.randint(0, len(lines)), lines[k])
    return lines


def _random_bytes(lines: list[bytes], rng: random.Random) -> list[bytes]:
    k = rng.randrange(len(lines))
    at = rng.randint(0, len(lines[k]))
    noise = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    lines[k] = lines[k][:at] + noise + lines[k][at:]
    return lines


_MUTATIONS = (
    _number_field,
    _number_field,
    _cell,
    _record,
    _record,
    _truncate,
    _drop,
    _repeat,
    _random_bytes,
)


def database_state() -> tuple:
    """Row counts of every table an import writes, and each event's version."""
    from standings.events import models

    tables = (
        models.Event,
        models.Team,
        models.Participant,
        models.Round,
        models.Match,
        models.Game,
        models.UnplayedRound,
        models.TeamBye,
        models.ByeRequest,
        models.AuditEntry,
    )
    counts = tuple(table.objects.count() for table in tables)
    versions = tuple(models.Event.objects.order_by("pk").values_list("pk", "version"))
    return counts, versions


def check_import(data: bytes, slug: str | None = None) -> str:
    """Import a file: "refused" (the database left exactly as it was) or "imported" (and
    the event computes its standings and exports). Any other exception propagates."""
    from standings.engine.trf import TrfError
    from standings.events.models import Event
    from standings.events.snapshot import event_standings
    from standings.trf.exporter import export_trf
    from standings.trf.importer import import_trf

    before = database_state()
    try:
        report = import_trf(data, slug=slug, actor=TEST_ACTOR)
    except TrfError as error:
        assert error.message
        assert error.line is None or 1 <= error.line <= len(_BREAK.split(data)), error
        assert database_state() == before, f"half-imported after: {error}"
        return "refused"
    event = Event.objects.get(slug=report.slug)
    event_standings(event)
    export_trf(event)
    return "imported"
