"""`python -m standings.engine FILE.trf`: the tie-break command line (see cli.py)."""

import sys

from .cli import main

sys.exit(main(prog="python -m standings.engine"))
