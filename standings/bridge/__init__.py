"""Bridge standings under the WBF "Procedures for Tie Breaking" (2023): a pure library.

Reads and writes the `standings-bridge-1` JSON format, ranks team round robins (section 1),
knockout matches (2), Swiss teams (3), pairs stages (4) and board-a-match stages (5), and
converts IMP margins to VPs on the WBF 2013 continuous scale. No Django, no I/O beyond
the text it is handed; `docs/bridge.md` describes the readings taken.
"""
