"""Names are isolated where they are shown: a right-to-left override inside a player's name
must not reorder the start number or score printed beside it (bidi spoofing)."""

from __future__ import annotations

from django.utils.html import format_html
from django.utils.safestring import SafeString


def isolated(text: object) -> SafeString:
    """`text` escaped inside <bdi>, whose direction is its own and ends with it."""
    return format_html("<bdi>{}</bdi>", text)
