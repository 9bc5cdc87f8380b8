"""A worker whose passes fail (the database away, a bug) writes one line per distinct
failure, not one per pass, and waits longer between passes until one succeeds."""

from __future__ import annotations

import logging

from standings.follow.worker import MAX_PAUSE, Failures


def fail(failures: Failures, error: Exception) -> float:
    try:
        raise error
    except Exception as raised:
        return failures.failed(raised)


def test_one_line_per_distinct_failure_and_a_growing_pause(caplog):
    caplog.set_level(logging.WARNING, logger="standings.follow.worker")
    failures = Failures(poll=0.5)
    pauses = [fail(failures, RuntimeError("the key is not readable")) for _ in range(760)]
    assert len(caplog.records) == 1
    assert "RuntimeError: the key is not readable" in caplog.records[0].getMessage()
    assert pauses[:4] == [1.0, 2.0, 4.0, 8.0]
    assert max(pauses) == pauses[-1] == MAX_PAUSE
    fail(failures, ConnectionError("the database is away"))
    assert len(caplog.records) == 2
    failures.succeeded()
    assert "succeed again after 761 failures" in caplog.records[2].getMessage()
    assert fail(failures, ConnectionError("the database is away")) == 1.0
    assert len(caplog.records) == 4  # after a success, a failure is news again
