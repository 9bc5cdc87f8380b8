"""Tie-break systems of federations other than FIDE, one module per rule book.

FIDE's own tie-breaks, with FIDE's unplayed-round rules (Art. 16), are in `catalogue/`.
Each module here carries its federation's definitions and its own rule for unplayed
rounds, so a tie-break never borrows another federation's adjustment:

- `us_chess`: US Chess (seed 001): adjusted scores count every unplayed round as ½.
- `chess_scotland`: Chess Scotland (seed 004): no adjustment, byes only.
- `classic`: the classic Swiss systems of seed 003 (Kashdan, most wins, time of loss),
  read from the player's own games.

A new federation's system is a new module here with its ENTRIES, named in the catalogue's
SYSTEM_MODULES and INDEX (catalogue/__init__.py), which imports it when a run needs it.
"""
