"""Hand-made team events for the section tests: teams are letters, ranks come back as text.

`match("A-B 12-8", imps=(30, 10))`: A at home against B, 12 VPs to 8. VPs are given,
never recomputed (README), so a case can set IMPs and points only where a step needs them;
elsewhere they are level (10-10 IMPs, 1000-1000 points) and change no quotient.
"""

from __future__ import annotations

from fractions import Fraction

from standings.bridge.model import Entrant, TeamMatch, TeamsEvent
from standings.bridge.standings import bridge_standings


def match(text: str, *, imps=(10, 10), points=(1000, 1000)) -> TeamMatch:
    teams, vps = text.split()
    home, away = teams.split("-")
    home_vps, away_vps = vps.split("-")
    return TeamMatch(
        round=1,
        home=ord(home),
        away=ord(away),
        imps=(Fraction(imps[0]), Fraction(imps[1])),
        vps=(Fraction(home_vps), Fraction(away_vps)),
        points=(Fraction(points[0]), Fraction(points[1])),
    )


def bye(team: str, vps: int) -> TeamMatch:
    zero = (Fraction(0), Fraction(0))
    return TeamMatch(
        round=1, home=ord(team), away=None, imps=zero, vps=(Fraction(vps), 0), points=zero
    )


def ranking(system: str, *matches: TeamMatch) -> list[tuple[int, str, str]]:
    """(rank, team, decided_by) best first; a play-off reads "play-off"."""
    ids = sorted({m.home for m in matches} | {m.away for m in matches if m.away})
    event = TeamsEvent("hand-made", system, tuple(Entrant(i, chr(i)) for i in ids), tuple(matches))
    return [
        (p.rank, p.name, "play-off" if p.playoff else p.decided_by) for p in bridge_standings(event)
    ]


def places(system: str, *matches: TeamMatch) -> str:
    """The order as text, shared places joined by "=": "D A B=C"."""
    rows = ranking(system, *matches)
    by_rank: dict[int, list[str]] = {}
    for rank, name, _ in rows:
        by_rank.setdefault(rank, []).append(name)
    return " ".join("=".join(sorted(names)) for names in by_rank.values())


def decided(system: str, *matches: TeamMatch) -> dict[str, str]:
    return {name: step for _, name, step in ranking(system, *matches)}
