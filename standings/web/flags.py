"""Federation flags: a FIDE federation code (TRF 001, "GER") -> its flag in the bundled set.

The flags are lipis' flag-icons (npm `flag-icons`, MIT, `static/vendor/flags/LICENSE`), 4x3
SVGs named by ISO 3166-1 alpha-2 code and a few subdivisions (gb-eng). FIDE's codes follow
the IOC's where there is one (GER, NED, SUI) and name some federations of their own (ENG,
SCO, WLS, JCI, GCI, IOM, FAI, MNC). A code not listed here (FID, AHO) shows as text.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from django.templatetags.static import static
from django.urls import register_converter

FLAGS_FOLDER = "vendor/flags"

# FIDE code -> flag-icons name.
FIDE_TO_FLAG: dict[str, str] = {
    "AFG": "af", "ALB": "al", "ALG": "dz", "AND": "ad", "ANG": "ao", "ANT": "ag",
    "ARG": "ar", "ARM": "am", "ARU": "aw", "ASA": "as", "AUS": "au", "AUT": "at",
    "AZE": "az", "BAH": "bs", "BAN": "bd", "BAR": "bb", "BDI": "bi", "BEL": "be",
    "BEN": "bj", "BER": "bm", "BHU": "bt", "BIH": "ba", "BIZ": "bz", "BLR": "by",
    "BOL": "bo", "BOT": "bw", "BRA": "br", "BRN": "bh", "BRU": "bn", "BUL": "bg",
    "BUR": "bf", "CAF": "cf", "CAM": "kh", "CAN": "ca", "CAY": "ky", "CGO": "cg",
    "CHA": "td", "CHI": "cl", "CHN": "cn", "CIV": "ci", "CMR": "cm", "COD": "cd",
    "COK": "ck", "COL": "co", "COM": "km", "CPV": "cv", "CRC": "cr", "CRO": "hr",
    "CUB": "cu", "CYP": "cy", "CZE": "cz", "DEN": "dk", "DJI": "dj", "DMA": "dm",
    "DOM": "do", "ECU": "ec", "EGY": "eg", "ENG": "gb-eng", "ERI": "er", "ESA": "sv",
    "ESP": "es", "EST": "ee", "ETH": "et", "FAI": "fo", "FIJ": "fj", "FIN": "fi",
    "FRA": "fr", "FSM": "fm", "GAB": "ga", "GAM": "gm", "GBS": "gw", "GCI": "gg",
    "GEO": "ge", "GEQ": "gq", "GER": "de", "GHA": "gh", "GRE": "gr", "GRN": "gd",
    "GUA": "gt", "GUI": "gn", "GUM": "gu", "GUY": "gy", "HAI": "ht", "HKG": "hk",
    "HON": "hn", "HUN": "hu", "INA": "id", "IND": "in", "IOM": "im", "IRI": "ir",
    "IRL": "ie", "IRQ": "iq", "ISL": "is", "ISR": "il", "ISV": "vi", "ITA": "it",
    "IVB": "vg", "JAM": "jm", "JCI": "je", "JOR": "jo", "JPN": "jp", "KAZ": "kz",
    "KEN": "ke", "KGZ": "kg", "KIR": "ki", "KOR": "kr", "KOS": "xk", "KSA": "sa",
    "KUW": "kw", "LAO": "la", "LAT": "lv", "LBA": "ly", "LBN": "lb", "LBR": "lr",
    "LCA": "lc", "LES": "ls", "LIE": "li", "LTU": "lt", "LUX": "lu", "MAC": "mo",
    "MAD": "mg", "MAR": "ma", "MAS": "my", "MAW": "mw", "MDA": "md", "MDV": "mv",
    "MEX": "mx", "MGL": "mn", "MHL": "mh", "MKD": "mk", "MLI": "ml", "MLT": "mt",
    "MNC": "mc", "MNE": "me", "MOZ": "mz", "MRI": "mu", "MTN": "mr", "MYA": "mm",
    "NAM": "na", "NCA": "ni", "NED": "nl", "NEP": "np", "NGR": "ng", "NIG": "ne",
    "NOR": "no", "NRU": "nr", "NZL": "nz", "OMA": "om", "PAK": "pk", "PAN": "pa",
    "PAR": "py", "PER": "pe", "PHI": "ph", "PLE": "ps", "PLW": "pw", "PNG": "pg",
    "POL": "pl", "POR": "pt", "PUR": "pr", "QAT": "qa", "ROU": "ro", "RSA": "za",
    "RUS": "ru", "RWA": "rw", "SAM": "ws", "SCO": "gb-sct", "SEN": "sn", "SEY": "sc",
    "SGP": "sg", "SKN": "kn", "SLE": "sl", "SLO": "si", "SMR": "sm", "SOL": "sb",
    "SOM": "so", "SRB": "rs", "SRI": "lk", "SSD": "ss", "STP": "st", "SUD": "sd",
    "SUI": "ch", "SUR": "sr", "SVK": "sk", "SWE": "se", "SWZ": "sz", "SYR": "sy",
    "TAN": "tz", "TGA": "to", "THA": "th", "TJK": "tj", "TKM": "tm", "TLS": "tl",
    "TOG": "tg", "TPE": "tw", "TTO": "tt", "TUN": "tn", "TUR": "tr", "TUV": "tv",
    "UAE": "ae", "UGA": "ug", "UKR": "ua", "URU": "uy", "USA": "us", "UZB": "uz",
    "VAN": "vu", "VEN": "ve", "VIE": "vn", "VIN": "vc", "WLS": "gb-wls", "YEM": "ye",
    "ZAM": "zm", "ZIM": "zw",
}  # fmt: skip


def flag_name(federation: str) -> str | None:
    """The bundled flag of a FIDE federation code, case-insensitive; None when none."""
    return FIDE_TO_FLAG.get(federation.strip().upper())


@lru_cache(maxsize=512)
def flag_url(federation: str) -> str | None:
    """The flag's static URL (hashed by the static storage), None without a flag."""
    name = flag_name(federation)
    return None if name is None else static(f"{FLAGS_FOLDER}/{name}.svg")


class FederationConverter:
    """The `<fed:code>` path converter: a federation code as TRF writes it, "GER"."""

    regex = "[A-Za-z]{2,3}"

    def to_python(self, value: str) -> str:
        return value.upper()

    def to_url(self, value: str) -> str:
        return value


register_converter(FederationConverter, "fed")


@dataclass(frozen=True, slots=True)
class Federation:
    code: str
    players: int
    flag: str | None  # static URL


def federations(codes: list[str]) -> list[Federation]:
    """The federations among the players' codes, by code, with how many each has.

    Only codes a federation's address takes: a club code in the column ("C.I", "ST." in
    Irish files) is no federation to filter by."""
    shape = re.compile(FederationConverter.regex)
    counted = Counter(code.upper() for code in codes if shape.fullmatch(code.strip()))
    return [Federation(code, n, flag_url(code)) for code, n in sorted(counted.items())]
