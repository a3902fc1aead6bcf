"""A fingerprint of the engine's own source, for caches of anything the engine computes.

The rules and practice pages cache diagrams drawn from the engine's positions and free
rule; keying them on this fingerprint means a deploy that changes the engine never
serves figures drawn by the old one.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

ENGINE_DIR = Path(__file__).resolve().parent


def source_fingerprint(directory: Path) -> str:
    """A short hash of every file under ``directory`` (names and contents; compiled
    caches and the solver's compiled core left out), stable across machines and
    checkouts."""
    digest = hashlib.sha256()
    files = sorted(
        path
        for path in directory.rglob("*")
        if path.is_file()
        and "__pycache__" not in path.relative_to(directory).parts
        and path.suffix != ".so"
    )
    for path in files:
        digest.update(path.relative_to(directory).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:16]


@cache
def engine_fingerprint() -> str:
    """The fingerprint of this engine, computed once per process."""
    return source_fingerprint(ENGINE_DIR)
