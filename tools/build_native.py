"""Build the solver's compiled core (mahjong/solver/core.c) with the machine's C compiler.

    python tools/build_native.py              # mahjong/solver/_core<suffix>.so, when stale
    python tools/build_native.py --sanitize   # build/sanitized/_core<suffix>.so, with
                                              # AddressSanitizer and UndefinedBehaviorSanitizer

``make setup`` runs the first (``make native``); ``make native-check`` runs the tests of
the core against the second. Without a compiler it says so and exits 0: the site then runs
the pure-Python solver (mahjong/solver/native.py).
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "mahjong" / "solver" / "core.c"
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
TARGET = SOURCE.parent / f"_core{SUFFIX}"
SANITIZED = ROOT / "build" / "sanitized" / f"_core{SUFFIX}"

FLAGS = ["-std=c11", "-D_GNU_SOURCE", "-O2", "-Wall", "-Wextra", "-fPIC", "-shared"]
# The sanitizer build also turns warnings into errors: the core is small, and a warning
# there is a bug to fix (the site's own build does not, so a newer compiler's new
# warning never stops a setup).
SANITIZE = [
    "-O1",
    "-g",
    "-Werror",
    "-fno-omit-frame-pointer",
    "-fsanitize=address,undefined",
    "-fno-sanitize-recover=undefined",
]


def compiler() -> list[str] | None:
    """The C compiler: $CC, else cc, gcc or clang on the PATH."""
    if os.environ.get("CC"):
        words = shlex.split(os.environ["CC"])
        return words if shutil.which(words[0]) else None
    for name in ("cc", "gcc", "clang"):
        if shutil.which(name):
            return [name]
    return None


def build(target: Path, extra: list[str]) -> int:
    cc = compiler()
    if cc is None:
        print("native solver: no C compiler found; the pure-Python solver runs")
        return 0
    include = sysconfig.get_paths()["include"]
    if not (Path(include) / "Python.h").exists():
        print(f"native solver: no Python.h in {include}; the pure-Python solver runs")
        return 0
    target.parent.mkdir(parents=True, exist_ok=True)
    command = [*cc, *FLAGS, *extra, f"-I{include}", str(SOURCE), "-o", str(target), "-lpthread"]
    print("native solver:", " ".join(command))
    return subprocess.run(command, check=False).returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sanitize", action="store_true", help="the sanitizer build")
    args = parser.parse_args()
    if args.sanitize:
        return build(SANITIZED, SANITIZE)
    if TARGET.exists() and TARGET.stat().st_mtime >= SOURCE.stat().st_mtime:
        return 0  # up to date
    return build(TARGET, [])


if __name__ == "__main__":
    sys.exit(main())
