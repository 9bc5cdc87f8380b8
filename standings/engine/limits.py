"""How large the numbers of an event may be: what the database columns and the product hold.

The TRF reader refuses a file beyond these; the events' model validators read the same
values, so a form and a file are held to one rule.
"""

from __future__ import annotations

from decimal import Decimal

# Points: a DecimalField(max_digits=4, decimal_places=1), never negative.
MAX_POINTS = Decimal("999.9")
POINTS_STEP = Decimal("0.1")
# Start numbers and opponents take 4 columns of a TRF 001 line; team numbers 3 of a 310 line.
MAX_START_NO = 9999
MAX_TEAM_NO = 999
# Ratings take 4 columns of a 001 line.
MAX_RATING = 9999
# Rounds planned or played; the longest events (a double round robin of 20) have 38.
MAX_ROUNDS = 99
# A section's boards may start after another's: board 1 shown as 1 + offset.
MAX_BOARD_OFFSET = 9000
