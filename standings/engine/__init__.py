"""The tie-break engine: pure Python, no Django, no I/O.

An immutable `Event` in (see `event.py`), `Standings` out (see `result.py`).
"""
