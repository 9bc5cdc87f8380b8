"""Tie-break specs in the reference notation."""

import pytest

from standings.engine.notation import Spec, SpecError, parse_spec


def test_plain_name_is_case_insensitive():
    assert parse_spec("bh") == Spec("BH")


@pytest.mark.parametrize(
    "text, spec",
    [
        ("BH/C1", Spec("BH", cut_low=1)),
        ("BH/C2", Spec("BH", cut_low=2)),
        ("BH/M2", Spec("BH", cut_low=2, cut_high=2)),
        ("KS/L+1", Spec("KS", limit_shift=0.5)),
        ("KS/L-1", Spec("KS", limit_shift=-0.5)),
        ("ARO/C1/U1400", Spec("ARO", cut_low=1, unrated_as=1400)),
        ("BH:GP", Spec("BH", basis="GP")),
    ],
)
def test_modifiers(text, spec):
    assert parse_spec(text) == spec
    assert spec.text == text


@pytest.mark.parametrize("text", ["", "BH/X3", "BH:ZZ", "/C1"])
def test_malformed_specs_are_refused(text):
    with pytest.raises(SpecError):
        parse_spec(text)
