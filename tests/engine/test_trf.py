"""The TRF reader and writer: fixtures, every record we use, round trips, and refusals."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from standings.engine.event import (
    NOT_IN_LINEUP,
    NOT_PAIRED,
    PENDING,
    Event,
    Participant,
    RoundEntry,
    Scoring,
    System,
    Team,
)
from standings.engine.trf import (
    TrfBye,
    TrfError,
    TrfFile,
    TrfForfeitedMatch,
    TrfHeader,
    TrfTeamLine,
    read_trf,
    read_trf_bytes,
    write_trf,
)
from tests.conftest import FIXTURES

TRF_FILES = sorted((Path(FIXTURES) / "fide").glob("*.trf")) + sorted(
    (Path(FIXTURES) / "national").glob("*.trf")
)


def cell(opponent: int, colour: str, code: str) -> str:
    return f"{opponent:4d} {colour} {code}" if opponent else f"0000 {colour} {code}"


CELL_POINTS = dict.fromkeys("1+WFU", 1.0) | dict.fromkeys("=DH", 0.5)


def player(
    start_no: int,
    *cells: str,
    rating: int | None = 2000,
    name: str = "",
    points: float | None = None,
) -> str:
    """A 001 line; its points column is what the cells add up to unless `points` says."""
    name = name or f"Player {start_no}"
    rating_text = f"{rating:4d}" if rating is not None else "    "
    if points is None:
        points = sum(CELL_POINTS.get(c[7:8], 0.0) for c in cells)
    head = f"001 {start_no:4d} m    {name:<33} {rating_text} FID {'':>11} {'':10}{points:5.1f}     "
    return (head + "".join("  " + c for c in cells)).rstrip()


def small_file(**replace: str) -> str:
    """Four players, two rounds of three; `replace` swaps whole lines by their number ("l6")."""
    lines = {
        "l1": "012 Test Open",
        "l2": "042 2026/03/01",
        "l3": "092 Swiss System",
        "l4": "142 3",
        "l5": player(1, cell(2, "w", "1"), cell(3, "b", "=")),
        "l6": player(2, cell(1, "b", "0"), cell(4, "w", "1")),
        "l7": player(3, cell(4, "w", "="), cell(1, "w", "=")),
        "l8": player(4, cell(3, "b", "="), cell(2, "b", "0")),
    }
    lines.update(replace)
    return "\n".join(lines.values()) + "\n"


def refusal(text: str | bytes) -> TrfError:
    with pytest.raises(TrfError) as caught:
        read_trf_bytes(text if isinstance(text, bytes) else text.encode())
    return caught.value


# Fixtures


@pytest.mark.parametrize("path", TRF_FILES, ids=[p.name for p in TRF_FILES])
def test_every_fixture_survives_a_round_trip(path: Path):
    trf = read_trf_bytes(path.read_bytes())

    written = write_trf(trf)

    assert read_trf(written) == trf
    assert write_trf(read_trf(written)) == written


@pytest.mark.parametrize("path", TRF_FILES, ids=[p.name for p in TRF_FILES])
def test_written_fixture_keeps_every_player_record_column(path: Path):
    original = [line.rstrip() for line in path.read_text().splitlines()]
    written = write_trf(read_trf_bytes(path.read_bytes())).splitlines()
    # The writer drops only trailing "not paired" cells, which the reader adds back.
    strip = [line.removesuffix("  0000 - -") for line in original if line.startswith("001")]
    assert strip == [line for line in written if line.startswith("001")]


def test_swiss_fixture_header_players_and_entries():
    trf = read_trf_bytes((Path(FIXTURES) / "fide" / "swiss-01.trf").read_bytes())
    event, header = trf.event, trf.header

    assert event.name == header.name == "swiss-01"
    assert event.start_date == header.start_date == date(2026, 11, 22)
    assert header.end_date == date(2026, 11, 22)
    assert header.city == "generated"
    assert header.kind_text == "Swiss System"
    assert header.chief_arbiter == "Chief Arbiter"
    assert header.initial_color == "B"
    assert event.system is System.SWISS
    assert event.rounds == trf.rounds_in_file == 5
    assert event.scoring == Scoring()
    assert event.closed_rounds == frozenset()
    first = event.participants[0]
    assert (first.start_no, first.name, first.rating, first.sex) == (1, "Player    5", 2201, "u")
    assert first.entries[0] == RoundEntry(1, 7, "b", "=")
    assert event.participant(2).entries[0] == RoundEntry(1, None, None, "Z")
    assert (1, 5) in header.player_ranks


@pytest.mark.parametrize(
    "name, system",
    [
        ("swiss-01", System.SWISS),
        ("rr-01", System.ROUND_ROBIN),
        ("drr-01", System.DOUBLE_ROUND_ROBIN),
        ("team-rr-01", System.ROUND_ROBIN),
        ("team-drr-01", System.DOUBLE_ROUND_ROBIN),
        ("team-swiss-01", System.SWISS),
    ],
)
def test_system_from_record_092(name: str, system: System):
    trf = read_trf_bytes((Path(FIXTURES) / "fide" / f"{name}.trf").read_bytes())
    assert trf.event.system is system


def test_round_robin_free_round_is_not_paired():
    trf = read_trf_bytes((Path(FIXTURES) / "fide" / "drr-02.trf").read_bytes())
    entry = trf.event.participant(3).entry(5)
    assert entry == RoundEntry(5, None, None, NOT_PAIRED)


def test_team_fixture_with_016_team_records():
    trf = read_trf_bytes((Path(FIXTURES) / "fide" / "team-swiss-01.trf").read_bytes())
    event, header = trf.event, trf.header

    assert event.teams[0] == Team(1, "Team 001", (1, 2, 3, 4, 5))
    assert len(event.teams) == 8
    assert header.team_lines == ()
    assert header.board_colors == "WBWB"
    assert header.match_points == (2.0, 1.0, 0.0)
    # Player 2 sat out round 3 (blank cell inside the line); player 5 rounds 4-5 (end of line).
    assert event.participant(2).entry(3) == RoundEntry(3, None, None, NOT_IN_LINEUP)
    assert event.participant(5).entry(5) == RoundEntry(5, None, None, NOT_IN_LINEUP)
    assert all(len(p.entries) == 5 for p in event.participants)


def test_team_fixture_with_2026_team_records_and_pairing_byes():
    trf = read_trf_bytes((Path(FIXTURES) / "fide" / "team-swiss-02.trf").read_bytes())
    event, header = trf.event, trf.header

    assert event.teams[8] == Team(9, "Team 009", (41, 42, 43, 44, 45))
    assert header.team_lines[0] == TrfTeamLine(1, "T1", "0", 12.0, 20.5, 1)
    assert header.team_bye_points == (2.0, 2.5)
    assert header.team_byes == (9, 4, 8, 7, 6, 5)
    assert event.participant(41).entry(1) == RoundEntry(1, None, None, NOT_IN_LINEUP)


# Records and cells


def test_paired_cell_without_result_is_pending():
    text = small_file(
        l5=player(1, cell(2, "w", "1"), cell(3, "b", "="), "   4 w"),
        l8=player(4, cell(3, "b", "="), cell(2, "b", "0"), "   1 b  "),
    )

    trf = read_trf(text)

    assert trf.rounds_in_file == 3
    assert trf.event.participant(1).entry(3) == RoundEntry(3, 4, "w", PENDING)
    assert trf.event.participant(4).entry(3) == RoundEntry(3, 1, "b", PENDING)
    # Players 2 and 3 are not paired yet in round 3.
    assert trf.event.participant(2).entry(3) == RoundEntry(3, None, None, NOT_PAIRED)
    assert read_trf(write_trf(trf)) == trf


def test_every_result_code_and_both_colour_cases():
    text = small_file(
        l5=player(1, cell(2, "W", "+"), cell(3, "b", "w"), cell(0, "-", "H")),
        l6=player(2, cell(1, "B", "-"), cell(4, "w", "D"), cell(0, "-", "F")),
        l7=player(3, cell(4, "w", "-"), cell(1, "w", "l"), cell(0, "-", "U")),
        l8=player(4, cell(3, "b", "-"), cell(2, "b", "D"), cell(0, "-", "Z")),
    )

    event = read_trf(text).event

    assert [e.code for e in event.participant(1).entries] == ["+", "W", "H"]
    assert event.participant(1).entry(1).color == "w"
    assert [e.code for e in event.participant(3).entries] == ["-", "L", "U"]
    assert [e.code for e in event.participant(4).entries] == ["-", "D", "Z"]


def test_blank_result_without_opponent_is_a_zero_point_bye():
    text = small_file(
        l6=player(2, cell(1, "b", "0"), "0000 -"),
        l8=player(4, cell(3, "b", "="), cell(0, "-", "U")),
    )

    event = read_trf(text).event

    assert event.participant(2).entry(2) == RoundEntry(2, None, None, "Z")


def test_blank_cell_inside_an_individual_line_is_kept_blank():
    text = small_file(
        l6=player(2, "        ", cell(4, "w", "1")),
        l5=player(1, cell(0, "-", "U"), cell(3, "b", "=")),
    )

    trf = read_trf(text)

    assert trf.event.participant(2).entry(1) == RoundEntry(1, None, None, NOT_IN_LINEUP)
    assert read_trf(write_trf(trf)) == trf


def test_header_records(tmp_path):
    text = small_file(
        l1="012 Test Open\n022 Valletta\n032 MLT\n052 2026/03/03\n102 A. Arbiter\n"
        "112 First Deputy\n112 Second Deputy\n122 90'+30\"\n"
        + "132".ljust(91)
        + "26/03/01  26/03/02            \n"
        "152 W\n162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0    X 1.0\n"
        "202 BH-C1, SB,DE ks/l+1 ARO/U1400\n212 PTS, BH/C1\n"
        "XXR 7\nXXC white1\n### a comment\n999 kept as it is",
    )

    trf = read_trf(text)
    header = trf.header

    assert (header.city, header.federation, header.chief_arbiter) == (
        "Valletta",
        "MLT",
        "A. Arbiter",
    )
    assert header.end_date == date(2026, 3, 3)
    assert header.deputy_arbiters == ("First Deputy", "Second Deputy")
    assert header.time_control == "90'+30\""
    assert header.round_dates == (date(2026, 3, 1), date(2026, 3, 2))
    assert header.initial_color == "W"
    assert trf.event.scoring == Scoring(3.0, 1.0, 0.0, 3.0, 3.0, 1.0, 0.0, 3.0, 0.0)
    assert trf.event.tiebreaks == ("BH/C1", "SB", "DE", "KS/L+1", "ARO/U1400")
    assert header.standings_tiebreaks == ("PTS", "BH/C1")
    assert trf.event.rounds == 3  # record 142 wins over the old XXR
    assert header.other_records == ("XXC white1", "999 kept as it is")
    assert read_trf(write_trf(trf)) == trf
    assert "999 kept as it is" in write_trf(trf)


def test_old_xxr_record_gives_the_rounds():
    text = small_file(l4="XXR 9")
    assert read_trf(text).event.rounds == 9


def test_rounds_default_to_those_in_the_file():
    text = small_file(l4="")
    assert read_trf(text).event.rounds == 2


def test_212_alone_gives_the_event_its_list():
    text = small_file(l4="142 3\n212 PTS, SB")
    assert read_trf(text).event.tiebreaks == ("PTS", "SB")


def test_bye_and_forfeited_match_records():
    text = small_file(l4="142 3\n240 H 003    1    2\n240 f 003    3")
    trf = read_trf(text)
    assert trf.header.byes == (TrfBye("H", 3, (1, 2)), TrfBye("F", 3, (3,)))
    assert read_trf(write_trf(trf)) == trf

    team = (Path(FIXTURES) / "fide" / "team-swiss-01.trf").read_text()
    trf = read_trf(team + "330 +- 002 001 002\n330 -- 003 003 004\n")
    assert trf.header.forfeited_matches == (
        TrfForfeitedMatch("+-", 2, 1, 2),
        TrfForfeitedMatch("--", 3, 3, 4),
    )
    assert read_trf(write_trf(trf)) == trf


def test_line_endings_and_byte_order_mark():
    text = small_file()
    expected = read_trf(text)
    assert read_trf_bytes(b"\xef\xbb\xbf" + text.encode()) == expected
    assert read_trf(text.replace("\n", "\r\n")) == expected
    assert read_trf(text.replace("\n", "\r")) == expected


def test_names_in_utf8():
    text = small_file(l5=player(1, cell(2, "w", "1"), cell(3, "b", "="), name="Łukasz, Żółć"))
    participant = read_trf_bytes(text.encode()).event.participant(1)
    assert participant.name == "Łukasz, Żółć"
    assert participant.entry(2) == RoundEntry(2, 3, "b", "=")


def test_writer_counts_points_with_the_scoring():
    text = small_file(l1="012 Test Open\n162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0")
    lines = write_trf(read_trf(text)).splitlines()
    points = {int(line[4:8]): line[80:84] for line in lines if line.startswith("001")}
    assert points == {1: " 4.0", 2: " 3.0", 3: " 2.0", 4: " 1.0"}


def test_writer_is_aligned_on_the_grid():
    lines = write_trf(read_trf(small_file())).splitlines()
    first = next(line for line in lines if line.startswith("001"))
    assert first[91:99] == "   2 w 1"
    assert first[101:109] == "   3 b ="
    assert first[48:52] == "2000"


# Generated individual events


@st.composite
def individual_files(draw) -> TrfFile:
    """Any individual event the reader could have read: pairings consistent on both sides."""
    size = draw(st.integers(2, 10))
    played = draw(st.integers(0, 5))
    numbers = draw(st.permutations(range(1, size + 1)))
    entries: dict[int, list[RoundEntry]] = {n: [] for n in numbers}
    for r in range(1, played + 1):
        order = draw(st.permutations(numbers))
        last = r == played
        pairs = draw(st.integers(1, len(order) // 2))
        for k in range(pairs):
            white, black = order[2 * k], order[2 * k + 1]
            codes = draw(st.sampled_from(PAIRS + ([PENDING * 2] if last else [])))
            entries[white].append(RoundEntry(r, black, "w", codes[0]))
            entries[black].append(RoundEntry(r, white, "b", codes[1]))
        for n in order[2 * pairs :]:
            # A blank cell in the last round would read as "not paired yet".
            code = draw(st.sampled_from("HFUZ-" if last else "HFUZ- "))
            entries[n].append(RoundEntry(r, None, None, code))
    names = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ,.ÄéŁ-'", max_size=33).map(str.strip)
    participants = tuple(
        Participant(
            start_no=n,
            name=draw(names),
            rating=draw(st.none() | st.integers(0, 3000)),
            title=draw(st.sampled_from(["", "GM", "IM", "WGM", "FM"])),
            federation=draw(st.sampled_from(["", "FID", "GER", "ENG"])),
            fide_id=draw(st.sampled_from(["", "0", "4100018", "12345678901"])),
            sex=draw(st.sampled_from(["", "m", "w"])),
            birth=draw(st.sampled_from(["", "1990/01/01", "2001"])),
            entries=tuple(entries[n]),
        )
        for n in numbers
    )
    win = draw(st.sampled_from([1.0, 3.0]))
    draw_points = draw(st.sampled_from([0.5, 1.0]))
    scoring = Scoring(
        win=win,
        draw=draw_points,
        loss=0.0,
        pairing_bye=draw(st.sampled_from([win, draw_points])),
        full_bye=win,
        half_bye=draw_points,
        zero_bye=0.0,
        forfeit_win=win,
        forfeit_loss=0.0,
    )
    kind, system = draw(
        st.sampled_from([("Swiss System", System.SWISS), ("Round Robin", System.ROUND_ROBIN)])
    )
    name = draw(st.text(alphabet="ABCdef 0123456789-", min_size=1, max_size=40).map(str.strip))
    start = draw(st.none() | st.dates(date(2000, 1, 1), date(2099, 12, 31)))
    rounds = played + draw(st.integers(0, 3))
    event = Event(
        name=name,
        participants=participants,
        rounds=rounds,
        system=system,
        scoring=scoring,
        start_date=start,
        tiebreaks=tuple(draw(st.lists(st.sampled_from(SPECS), max_size=4))),
    )
    header = TrfHeader(
        name=name,
        start_date=start,
        kind_text=kind,
        city=draw(st.sampled_from(["", "Oslo"])),
        round_dates=tuple(date(2026, 1, r) for r in range(1, draw(st.integers(0, played)) + 1)),
        player_ranks=tuple((n, draw(st.integers(0, size))) for n in numbers if draw(st.booleans())),
    )
    return TrfFile(event=event, header=header, rounds_in_file=played)


PAIRS = ["10", "01", "==", "+-", "-+", "--", "WL", "LW", "DD", "00"]
SPECS = ["BH/C1", "BH", "SB", "DE", "WIN", "BPG", "ARO", "KS/L+1", "PS/C1", "TPR/U1400"]


@settings(max_examples=150, deadline=None)
@given(individual_files())
def test_generated_individual_events_survive_a_round_trip(trf: TrfFile):
    assert read_trf(write_trf(trf)) == trf


# Refusals


def test_undecodable_bytes_name_their_line():
    # 0x81 is neither UTF-8 nor Windows-1252 (one of the five bytes it leaves undefined).
    data = small_file().encode().replace(b"Player 3", b"Player \x81")
    error = refusal(data)
    assert error.line == 7
    assert "0x81" in error.message and "UTF-8" in error.message


def test_start_number_cut_short():
    error = refusal(small_file(l8="001   "))
    assert error.line == 8
    assert "too short" in error.message


def test_truncated_cell():
    full = player(4, cell(3, "b", "="), cell(12, "b", "0"))
    error = refusal(small_file(l8=full[:-5]))  # cut inside round 2's opponent "  12"
    assert error.line == 8
    assert "round 2 (columns 102-109): '  1' is not aligned" in error.message


def test_cell_shifted_off_the_grid():
    shifted = player(1, cell(2, "w", "1")) + "   " + cell(3, "b", "=")
    error = refusal(small_file(l5=shifted))
    assert (error.line, "round 2" in error.message) == (5, True)
    assert "10 columns" in error.message or "aligned" in error.message


def test_cell_one_column_too_wide():
    wide = player(1, cell(2, "w", "1") + " ", cell(3, "b", "="))
    error = refusal(small_file(l5=wide))
    assert error.line == 5
    assert "round 2 (columns 102-109): the cell runs into columns 110-111" in error.message


def test_rating_that_is_not_a_number():
    line = player(2, cell(1, "b", "0"), cell(4, "w", "1"))
    error = refusal(small_file(l6=line[:48] + "20x0" + line[52:]))
    assert error.line == 6
    assert "rating" in error.message and "'20x0'" in error.message


def test_unknown_result_code_and_colour():
    error = refusal(small_file(l7=player(3, cell(4, "w", "X"), cell(1, "w", "="))))
    assert (error.line, "unknown result code 'X'" in error.message) == (7, True)
    error = refusal(small_file(l7=player(3, cell(4, "g", "="), cell(1, "w", "="))))
    assert (error.line, "unknown colour 'g'" in error.message) == (7, True)


def test_duplicate_start_number():
    error = refusal(small_file(l8=player(3, cell(3, "b", "="), cell(2, "b", "0"))))
    assert error.line == 8
    assert "start number 3 is used twice (also on line 7)" in error.message


def test_contradictory_results():
    error = refusal(small_file(l6=player(2, cell(1, "b", "1"), cell(4, "w", "1"))))
    assert error.line == 5
    assert error.message == (
        "round 1: player 1 says he beat player 2 with white, "
        "but player 2's line (line 6) says 1 b 1: write '   1 b 0' there (columns 92-99), "
        "or correct this line"
    )
    assert str(error).startswith("line 5: round 1: player 1")


def test_opponent_who_says_something_else():
    error = refusal(small_file(l6=player(2, cell(0, "-", "Z"), cell(4, "w", "1"))))
    assert error.line == 5
    assert "player 2's line (line 6) says 0000 - Z" in error.message


def test_both_players_with_white_leave_out_that_round_with_a_warning_naming_the_line():
    # Issue 25: a paired round with contradicting colours no longer hides the event.
    trf = read_trf(small_file(l6=player(2, cell(1, "b", "0"), cell(4, "b", "1"))))

    assert trf.rounds_in_file == 1
    assert [len(p.entries) for p in trf.event.participants] == [1, 1, 1, 1]
    assert trf.event.rounds == 3  # record 142 still plans three
    assert [str(w) for w in trf.warnings if "colour" in w.text] == [
        "line 6: round 2: player 2 has colour b against player 4, whose line 8 says b: the"
        " round is left out, and the rounds after it; the standings are those after round 1"
    ]


def test_a_colour_clash_in_round_one_leaves_no_round():
    trf = read_trf(small_file(l6=player(2, cell(1, "w", "0"), cell(4, "w", "1"))))

    assert trf.rounds_in_file == 0
    assert [w.line for w in trf.warnings if "colour" in w.text] == [5]


def test_a_colour_clash_does_not_hide_a_pairing_that_contradicts_itself_earlier():
    error = refusal(
        small_file(
            l6=player(2, cell(3, "b", "0"), cell(4, "b", "1")),
        )
    )
    assert error.line == 5  # player 1 says he met 2 in round 1, 2 says 3


def test_unknown_opponent():
    error = refusal(small_file(l8=player(4, cell(3, "b", "="), cell(12, "b", "0"))))
    assert error.line == 6  # player 2 says he played 4, whose line says 12
    error = refusal(
        small_file(
            l6=player(2, cell(1, "b", "0"), cell(12, "w", "1")),
            l8=player(4, cell(3, "b", "="), cell(0, "-", "U")),
        )
    )
    assert error.line == 6
    assert "opponent 12 has no player record" in error.message


def test_round_beyond_record_142():
    error = refusal(small_file(l4="142 1"))
    assert error.line == 5
    assert "round 2" in error.message and "142 (line 4)" in error.message


def test_bye_with_an_opponent():
    error = refusal(small_file(l7=player(3, cell(4, "w", "H"), cell(1, "w", "="))))
    assert error.line == 7
    assert "bye" in error.message


def test_a_date_that_cannot_be_read_is_kept_as_text_with_a_warning():
    for text in ("2026/13/01", "2026/02/30", "tomorrow"):
        trf = read_trf(small_file(l2=f"042 {text}"))
        assert trf.event.start_date is None
        assert trf.header.start_date_text == text
        assert [(w.line, text in w.text) for w in trf.warnings] == [(2, True)]
        assert f"042 {text}" in write_trf(trf).splitlines()
        assert read_trf(write_trf(trf)) == trf


def test_unknown_tiebreak_in_202_is_left_out_with_a_warning():
    trf = read_trf(small_file(l4="142 3\n202 BH/C1, XYZ"))
    assert trf.event.tiebreaks == ("BH/C1",)
    assert [(w.line, "XYZ" in w.text) for w in trf.warnings] == [(5, True)]


def test_bad_team_records():
    team = (Path(FIXTURES) / "fide" / "team-swiss-01.trf").read_text()
    lines = team.count("\n")
    error = refusal(team + "013 Team 009                          41   42\n")
    assert error.line == lines + 1
    assert "player 41" in error.message
    error = refusal(team + "330 +- 002 001 099\n")
    assert (error.line, "no team 99" in error.message) == (lines + 1, True)
    error = refusal(team + "240 H 009    1\n")
    assert "round 9" in error.message


def test_error_without_line_prints_plainly():
    assert str(TrfError("empty")) == "empty"


# Issue 25: what real files bring


def six_players(*extra: str) -> str:
    """Three boards in round 1, players 1-6; `extra` lines after the 001 records."""
    lines = [
        "012 Six Open",
        "142 2",
        player(1, cell(2, "w", "1")),
        player(2, cell(1, "b", "0")),
        player(3, cell(4, "w", "=")),
        player(4, cell(3, "b", "=")),
        player(5, cell(6, "w", "1")),
        player(6, cell(5, "b", "0")),
    ]
    return "\n".join([*lines, *extra]) + "\n"


def test_a_stray_team_record_leaves_the_event_individual_with_a_warning():
    stray = f"013 {'Two Friends':<32}{1:4d}{2:5d}"

    trf = read_trf(six_players(stray))

    assert trf.event.teams == ()
    assert [str(w) for w in trf.warnings] == [
        "line 9: 1 team record (013) holds 2 of the 6 players: read as an individual event,"
        " the record kept as written"
    ]
    assert trf.header.other_records == (stray,)
    assert stray in write_trf(trf).splitlines()  # written back, read back the same
    assert read_trf(write_trf(trf)) == trf


def test_team_records_holding_half_the_players_make_a_team_event():
    teams = [f"013 {'A':<32}{1:4d}{3:5d}{5:5d}", f"013 {'B':<32}{2:4d}{4:5d}{6:5d}"]

    trf = read_trf(six_players(*teams))

    assert [t.members for t in trf.event.teams] == [(1, 3, 5), (2, 4, 6)]


def test_a_column_that_leaves_out_the_byes_requested_ahead_says_nothing():
    ahead = cell(0, "-", "H")
    text = six_players().replace(player(3, cell(4, "w", "=")), player(3, cell(4, "w", "="), ahead))
    leaves_out = text.replace(
        player(3, cell(4, "w", "="), ahead), player(3, cell(4, "w", "="), ahead, points=0.5)
    )

    counts = read_trf(text)
    says_nothing = read_trf(leaves_out)

    assert counts.rounds_paired == says_nothing.rounds_paired == 1
    assert [str(w) for w in counts.warnings] == [
        "line 5: 1 player's points column counts a bye requested for a round after round 1,"
        " the last paired: 3 (Player 3); the standings come from the rounds paired"
    ]
    assert says_nothing.warnings == ()


def test_a_column_of_zeros_is_one_warning_naming_the_players_who_score():
    zeros = "\n".join(
        line[:80] + " 0.0" + line[84:] if line.startswith("001") else line
        for line in six_players().split("\n")
    )

    trf = read_trf(zeros)

    assert [str(w) for w in trf.warnings] == [
        "line 3: the points column (columns 81-84) is 0.0 or blank for every player: not"
        " compared with the rounds; the standings come from the results, in which 4 players"
        " score: 1, 3, 4, 5"
    ]
