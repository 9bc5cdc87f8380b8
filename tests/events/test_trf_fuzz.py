"""Bad files can't hurt us: fuzzed TRF files are read or refused, imported or refused, never more.

Bounded and repeatable for CI; `FUZZ_EXAMPLES=5000` runs as many examples of each test by hand.
`bench/fuzz_import.py` runs the same mutations by the thousand and prints the counts.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from standings.engine.standings import compute_standings
from standings.engine.trf import TrfError, read_trf_bytes, write_trf
from standings.trf.importer import import_trf
from tests.events.trf_mutations import SEEDS, SMALL_SEEDS, check_import, mutate
from tests.factories import TEST_ACTOR

MANUAL_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "0"))


def bounded(examples: int):
    return settings(
        max_examples=MANUAL_EXAMPLES or examples,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )


@bounded(examples=800)
@given(seed=st.sampled_from(SEEDS), rng=st.randoms(use_true_random=False))
def test_the_reader_reads_a_mutated_file_or_refuses_it_naming_the_line(seed, rng: random.Random):
    data = mutate(seed.read_bytes(), rng)
    try:
        trf = read_trf_bytes(data)
    except TrfError as error:
        assert error.message
        assert error.line is None or 1 <= error.line <= len(data.splitlines()) + 1
        return
    compute_standings(trf.event)
    write_trf(trf)


@pytest.mark.django_db
@bounded(examples=200)
@given(
    seed=st.sampled_from(SMALL_SEEDS),
    into_existing=st.booleans(),
    rng=st.randoms(use_true_random=False),
)
def test_the_importer_imports_a_mutated_file_or_refuses_it_whole(
    seed, into_existing: bool, rng: random.Random
):
    original = seed.read_bytes()
    slug = None
    if into_existing:
        slug = f"seed-{SMALL_SEEDS.index(seed)}"
        from standings.events.models import Event

        if not Event.objects.filter(slug=slug).exists():
            import_trf(original, slug=slug, actor=TEST_ACTOR)

    assert check_import(mutate(original, rng), slug=slug) in ("refused", "imported")
