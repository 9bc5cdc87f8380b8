"""Tie-break specs in the reference program's notation: NAME[:BASIS][/MODIFIER...]."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .limits import MAX_RATING, MAX_ROUNDS
from .phrases import Phrase, phrase

# The primary scores a ranking starts with, and the score basis each names (":MP", ":GP").
SCORES = {"PTS": "", "MPTS": "MP", "GPTS": "GP"}

_UNRATED = re.compile(r"U([0-9]+)")
_CUT = re.compile(r"C([0-9]+)")
# FIDE writes modifiers with a dash ("BH-C1", "KS-L+1"); ours is a slash ("BH/C1").
_FIDE_MODIFIER = re.compile(r"-(?=(?:C|M|U|L[+-])[0-9])")
# The shape of every modifier this notation has; anything else is one we do not compute.
_MODIFIER_SHAPE = re.compile(r"C[0-9]+|M[0-9]+|L[+-][0-9]+|U[0-9]+")


class SpecError(ValueError):
    """A tie-break spec that the engine does not know; `phrase` says why (str(): English)."""

    def __init__(self, said: Phrase):
        super().__init__(said.english)
        self.phrase = said


@dataclass(frozen=True, slots=True)
class Spec:
    name: str  # e.g. "BH"
    basis: str = ""  # "GP" / "MP" for team events
    cut_low: int = 0  # least significant values removed (C1/C2, M1/M2; Ck of a procedure)
    cut_high: int = 0  # most significant values removed (M1/M2)
    limit_shift: float = 0.0  # Koya limit change in half points (L+1 / L-1)
    unrated_as: int | None = None  # /U1400
    uncut: bool = False  # "/C0" written: nothing cut where the entry's default cuts (SCSOG, WALL)

    @property
    def text(self) -> str:
        return format_spec(self)


def parse_spec(text: str) -> Spec:
    """Read one spec, case-insensitive, "BH-C1" as "BH/C1"; raise SpecError when malformed."""
    parts = _FIDE_MODIFIER.sub("/", text.strip().upper()).split("/")
    head, mods = parts[0], parts[1:]
    name, _, basis = head.partition(":")
    if not name or (basis and basis not in ("GP", "MP")):
        raise SpecError(phrase("spec.unknown", spec=text))
    cut_low = cut_high = 0
    limit = 0.0
    unrated: int | None = None
    uncut = False
    for mod in mods:
        if c := _CUT.fullmatch(mod):
            digits = c.group(1).lstrip("0") or "0"
            if len(digits) > len(str(MAX_ROUNDS)):
                raise SpecError(
                    phrase("spec.cut_too_large", modifier=mod, spec=text, limit=MAX_ROUNDS)
                )
            cut_low = int(digits)
            uncut = cut_low == 0
        elif mod in ("M1", "M2"):
            cut_low = cut_high = int(mod[1])
        elif mod in ("L+1", "L-1"):
            limit = 0.5 if mod == "L+1" else -0.5
        elif m := _UNRATED.fullmatch(mod):
            digits = m.group(1).lstrip("0") or "0"
            unrated = int(digits) if len(digits) <= len(str(MAX_RATING)) else MAX_RATING + 1
            if not 0 < unrated <= MAX_RATING:
                raise SpecError(
                    phrase(
                        "spec.rating_out_of_range", rating=m.group(1), spec=text, limit=MAX_RATING
                    )
                )
        else:
            raise SpecError(phrase("spec.unknown_modifier", modifier=mod, spec=text))
    return Spec(name, basis, cut_low, cut_high, limit, unrated, uncut)


def unknown_modifiers(text: str) -> tuple[str, ...]:
    """The modifiers of a spec that are not of any shape this notation knows ("/P")."""
    parts = _FIDE_MODIFIER.sub("/", text.strip().upper()).split("/")[1:]
    return tuple(mod for mod in parts if not _MODIFIER_SHAPE.fullmatch(mod))


def format_spec(spec: Spec) -> str:
    """Write a spec back in canonical upper-case notation."""
    out = spec.name + (f":{spec.basis}" if spec.basis else "")
    if spec.cut_high:
        out += f"/M{spec.cut_high}"
    elif spec.cut_low or spec.uncut:
        out += f"/C{spec.cut_low}"
    if spec.limit_shift:
        out += "/L+1" if spec.limit_shift > 0 else "/L-1"
    if spec.unrated_as is not None:
        out += f"/U{spec.unrated_as}"
    return out
