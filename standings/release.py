"""The release identifier: what every shared-cache key holding a rendered page or a pickled
state starts with (settings.RELEASE), so a deploy never reads the previous code's renders.

It is a hash of the code as deployed: every file of the `standings` package, the templates
and the translations, plus the RELEASE environment variable when the deployment sets one
(a build number, to start afresh without a change of code). Worked out once when the
settings load: about 2 MB read, some tens of milliseconds.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

# What shapes a render or a pickled state, under the project's root.
SHAPING = ("standings", "templates", "locale")


def release_id(root: Path, deployed: str = "") -> str:
    """A short hash of the files under `root`'s SHAPING folders and of `deployed`."""
    files = []
    for folder in SHAPING:
        for where, dirs, names in os.walk(root / folder):
            dirs[:] = [name for name in dirs if name != "__pycache__"]
            files += [os.path.join(where, name) for name in names]
    digest = hashlib.sha256(deployed.encode() + b"\0")
    for path in sorted(files):
        digest.update(os.path.relpath(path, root).encode() + b"\0")
        with open(path, "rb") as file:
            digest.update(file.read())
    return digest.hexdigest()[:12]
