"""How long it takes to work a deal out from the faces visible at its start.

A deal of the server is one of the 2**35 deal numbers of its layout (``MJ1-L00-…``),
drawn at random. The faces a player sees at the start (the tiles not wholly covered)
name the deal: a script that knows the engine can try deal numbers one by one, deal each
and compare its visible faces, until one matches; from then on it knows every face and
a winning plan. This script measures that search on this machine, with the engine's own
deal generation (pure Python, one core): how many deal numbers it tries a second, that
the true deal is found among them and is the only match, and what the whole search costs.

Run with ``make bench`` (or ``python bench/invert.py [--layout L00] [--seconds 20]``).

Budgets: the secret deal is found among the numbers tried, and it is the only deal that
matches its visible faces (88 faces name one deal on the Turtle). The cost is printed,
not budgeted: it is this engine's, in pure Python; a generator written in C for the
search is some 300 times faster. docs/architecture.md ("Fair ranked play") gives both
figures and what the site does about them.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.budget import Budgets  # noqa: E402
from mahjong import GameCode, generate_deal, get_layout  # noqa: E402
from mahjong.rules.codes import MAX_DEAL  # noqa: E402

CORES = 100


def visible_at_start(layout) -> list[int]:
    """The positions whose face shows on a full board: not wholly covered by the layer
    above (game/face_visibility.py's rule, from the layout's geometry alone)."""
    geometry = layout.geometry
    positions = geometry.positions
    shown = []
    for tile, (x, y, _z) in enumerate(positions):
        covered = 0
        for above in geometry.covers[tile]:
            ax, ay, _az = positions[above]
            covered += (2 - abs(ax - x)) * (2 - abs(ay - y))
        if covered < 4:
            shown.append(tile)
    return shown


def search(layout, target: tuple, shown: list[int], numbers) -> tuple[int, list[int]]:
    """Try ``numbers``: how many were tried, and which matched ``target``'s faces."""
    tried, matches = 0, []
    for number in numbers:
        faces = generate_deal(GameCode(layout.id, number), layout).faces
        tried += 1
        if all(faces[tile] == want for tile, want in zip(shown, target)):
            matches.append(number)
    return tried, matches


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layout", default="L00")
    parser.add_argument("--seconds", type=float, default=20.0, help="time spent searching")
    args = parser.parse_args()

    layout = get_layout(args.layout)
    shown = visible_at_start(layout)
    rnd = random.Random(1)
    secret = rnd.randrange(MAX_DEAL + 1)
    target_faces = generate_deal(GameCode(layout.id, secret), layout).faces
    target = tuple(target_faces[tile] for tile in shown)

    # Deal numbers at random around the secret one, which is hidden among them.
    start = time.perf_counter()
    tried, matches = 0, []
    batch = [secret] + [rnd.randrange(MAX_DEAL + 1) for _ in range(199)]
    while time.perf_counter() - start < args.seconds:
        done, found = search(layout, target, shown, batch)
        tried += done
        matches += found
        batch = [rnd.randrange(MAX_DEAL + 1) for _ in range(200)]
    elapsed = time.perf_counter() - start
    rate = tried / elapsed
    space = MAX_DEAL + 1
    full_core_hours = space / rate / 3600
    half_on_cores = full_core_hours / 2 / CORES

    print(f"layout {layout.id}: {len(shown)} faces visible at the start of {len(layout.positions)}")
    print(f"tried {tried:,} deal numbers in {elapsed:.1f} s: {rate:,.0f} a second on one core")
    print(f"matches: {sorted(set(matches))} (the secret deal number: {secret})")
    print(
        f"the whole space of {space:,} deal numbers: {full_core_hours:,.0f} core-hours; "
        f"half of it (the expected search) on {CORES} cores: {half_on_cores:,.1f} h"
    )

    budgets = Budgets()
    budgets.at_least("the secret deal found among the numbers tried", len(set(matches)), 1, "")
    budgets.at_most("deals that match the visible faces", len(set(matches)), 1, "")
    return budgets.exit_code()


if __name__ == "__main__":
    sys.exit(main())
