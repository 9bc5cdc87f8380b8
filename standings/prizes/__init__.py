"""Prizes and categories: pure Python on top of the engine's standings (docs/prizes.md)."""
