from standings.events.snapshot import engine_event, event_standings, rule_edition


def test_engine_event_describes_every_round(event):
    described = engine_event(event)
    assert len(described.participants) == 8
    assert all(len(p.entries) == 3 for p in described.participants)
    assert described.closed_rounds == {1, 2}
    p1 = described.participant(1)
    assert [(e.opponent, e.color, e.code) for e in p1.entries] == [
        (5, "w", "1"),
        (3, "w", "="),
        (2, "b", "0"),
    ]
    # round 3, board 3 is still pending for both players
    assert described.participant(7).entries[2].code == "*"


def test_rule_edition_follows_start_date(event):
    assert rule_edition(event) == "2026"
    event.rule_edition = "2024"
    assert rule_edition(event) == "2024"


def test_standings_rank_everyone(event):
    standings = event_standings(event)
    assert len(standings.rows) == 8
    assert standings.tiebreaks[0] == "PTS"
