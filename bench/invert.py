"""How long it takes to work a deal out from the faces visible at its start.

The faces a player sees at the start of a deal (the tiles not wholly covered; 88 on the
Turtle) name the deal: a script that knows the engine can try deal numbers one by one,
deal each and compare its visible faces, until one matches; from then on it knows every
face and a winning plan. The server deals ``MJ2`` codes (60-bit deal numbers, the seed a
hash of the code); the older ``MJ1`` codes have 35 bits. This script measures the search
on this machine with the engine's own deal generation (pure Python, one core): how many
deal numbers it tries a second in each version, that the true deal is found among them
and is the only match, and what searching the whole space costs in each version, in
core-hours, and on 100 cores with a generator written in C, some 300 times faster.

Run with ``make bench`` (or ``python bench/invert.py [--layout L00] [--seconds 20]``).

Budgets: the secret deal is found among the numbers tried, and it is the only deal that
matches its visible faces (88 faces name one deal on the Turtle); an MJ2 deal is made at
least 0.8 times as fast as an MJ1 deal (the server pays it on every new game; the same
generator, only the seed differs); and the expected search for an MJ2 deal (half its
space) takes at least 24 hours on 100 cores with the C generator. docs/architecture.md
("Working a deal out from its faces") gives the figures.
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
from mahjong.rules.codes import DEAL_BITS, MAX_DEAL  # noqa: E402

CORES = 100
#: How much faster a deal generator written in C for the search is than this engine's.
C_FACTOR = 300
#: The least the expected search for a deal of the server may take on CORES cores in C.
MIN_HOURS_ON_CORES = 24
HOURS_A_YEAR = 24 * 365.25


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


def search(layout, version: int, target: tuple, shown: list[int], numbers):
    """Try ``numbers`` as deal numbers of ``version``: how many were tried, and which
    matched ``target``'s faces."""
    tried, matches = 0, []
    for number in numbers:
        faces = generate_deal(GameCode(layout.id, number, version), layout).faces
        tried += 1
        if all(faces[tile] == want for tile, want in zip(shown, target)):
            matches.append(number)
    return tried, matches


def timed_searches(layout, shown: list[int], seconds: float, rnd: random.Random) -> dict:
    """Search for one secret deal of each version, hidden among random deal numbers, for
    ``seconds`` in all, a batch of each version by turns (so that both see the same load
    on a shared machine): per version, the secret number, the numbers tried, the matches
    and the rate."""
    runs = {}
    for version in (1, 2):
        largest = MAX_DEAL[version]
        secret = rnd.randrange(largest + 1)
        faces = generate_deal(GameCode(layout.id, secret, version), layout).faces
        runs[version] = {
            "secret": secret,
            "target": tuple(faces[tile] for tile in shown),
            "batch": [secret] + [rnd.randrange(largest + 1) for _ in range(199)],
            "tried": 0,
            "matches": set(),
            "elapsed": 0.0,
        }
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for version, run in runs.items():
            began = time.perf_counter()
            done, found = search(layout, version, run["target"], shown, run["batch"])
            run["elapsed"] += time.perf_counter() - began
            run["tried"] += done
            run["matches"].update(found)
            run["batch"] = [rnd.randrange(MAX_DEAL[version] + 1) for _ in range(200)]
    for run in runs.values():
        run["rate"] = run["tried"] / run["elapsed"]
        run["matches"] = sorted(run["matches"])
    return runs


def _hours(hours: float) -> str:
    if hours >= HOURS_A_YEAR:
        return f"{hours / HOURS_A_YEAR:,.0f} years"
    if hours >= 48:
        return f"{hours / 24:,.1f} days"
    if hours >= 1:
        return f"{hours:,.1f} h"
    return f"{hours * 60:,.1f} min"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layout", default="L00")
    parser.add_argument("--seconds", type=float, default=20.0, help="time spent searching")
    args = parser.parse_args()

    layout = get_layout(args.layout)
    shown = visible_at_start(layout)
    rnd = random.Random(1)
    print(f"layout {layout.id}: {len(shown)} faces visible at the start of {len(layout.positions)}")
    budgets = Budgets()
    runs = timed_searches(layout, shown, args.seconds, rnd)
    rates = {version: run["rate"] for version, run in runs.items()}
    for version, run in runs.items():
        secret, tried, matches, rate = run["secret"], run["tried"], run["matches"], run["rate"]
        space = MAX_DEAL[version] + 1
        core_hours = space / rate / 3600
        in_c = core_hours / C_FACTOR / CORES
        print(
            f"MJ{version}: tried {tried:,} deal numbers, {rate:,.0f} a second on one core; "
            f"matches {matches} (the secret deal number: {secret})"
        )
        print(
            f"MJ{version}: the whole space of 2^{DEAL_BITS[version]} = {space:,} deal numbers: "
            f"{core_hours:,.0f} core-hours in Python, {_hours(core_hours / CORES)} on {CORES} "
            f"cores; in C ({C_FACTOR}x) on {CORES} cores: {_hours(in_c)} for the whole space, "
            f"{_hours(in_c / 2)} for the expected half"
        )
        budgets.at_least(
            f"MJ{version}: the secret deal found among the numbers tried", len(matches), 1
        )
        budgets.at_most(f"MJ{version}: deals that match the visible faces", len(matches), 1)
        if version == 2:
            budgets.at_least(
                f"MJ2: expected search on {CORES} cores in C ({C_FACTOR}x)",
                in_c / 2,
                MIN_HOURS_ON_CORES,
                "h",
            )
    factor = (MAX_DEAL[2] + 1) / rates[2] / ((MAX_DEAL[1] + 1) / rates[1])
    print(f"MJ2 costs the search {factor:,.0f} times what MJ1 does")
    budgets.at_least("MJ2 deals made as fast as MJ1 deals", rates[2] / rates[1], 0.8, "x")
    return budgets.exit_code()


if __name__ == "__main__":
    sys.exit(main())
