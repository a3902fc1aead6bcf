"""Engine speed: deal generation, the free set, and a whole game with undo.

Run with ``make bench`` (or ``python bench/engine.py [--deals N]``). Prints,
per layout, the median and 99th percentile time to generate a deal with its
plan (of the codes the server deals, ``MJ2``), the time to compute the free set of a full board from scratch and from
the cost of keeping it current with the board's counters on one removal
(the ratio is against the full scan), and the time to play a whole 72-pair game
(tap, tap, undo, redo for every pair but the last: a won game has no undo) on a deal
generated beforehand: the deal's generation is timed on its own and is not part of the
game's figure. The baseline is the full-board scan, so the incremental figure is also
given as a ratio against it.

Budget: a Turtle deal with its plan in at most 0.5 ms at the
median and 2 ms at p99, in pure Python on the 2-core CI machine. Each budget line
prints its verdict (ok / OVER); the script exits non-zero when one is over.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.budget import Budgets  # noqa: E402
from mahjong import LAYOUTS, Board, GameCode, generate_deal  # noqa: E402
from mahjong.rules.codes import NEW_VERSION  # noqa: E402


def _percentile(sorted_values: list[float], q: float) -> float:
    index = min(len(sorted_values) - 1, int(round(q * (len(sorted_values) - 1))))
    return sorted_values[index]


def _time_each(fn, items) -> list[float]:
    times = []
    for item in items:
        start = time.perf_counter()
        fn(item)
        times.append(time.perf_counter() - start)
    times.sort()
    return times


def bench_layout(layout, deals: int) -> dict[str, float]:
    numbers = range(1, deals + 1)
    generate_deal(GameCode(layout.id, 0), layout)  # warm the geometry cache
    deal_times = _time_each(
        lambda n: generate_deal(GameCode(layout.id, n, NEW_VERSION), layout), numbers
    )

    geometry = layout.geometry
    full = [True] * len(geometry)
    scan_times = _time_each(
        lambda _: [i for i in range(len(full)) if geometry.is_free(i, full)], range(2000)
    )
    deals = [generate_deal(GameCode(layout.id, n), layout) for n in range(1, 201)]

    def remove_all(deal) -> None:
        board = Board(deal)
        start = time.perf_counter()
        for a, c in deal.plan:
            board.remove(a, c)
        removal_times.append((time.perf_counter() - start) / len(deal.plan))

    removal_times: list[float] = []
    for deal in deals:
        remove_all(deal)

    def replay(deal) -> None:
        b = Board(deal)
        *pairs, (last_a, last_c) = deal.plan
        for a, c in pairs:
            b.tap(a)
            b.tap(c)
            b.undo()
            b.remove(a, c)
        b.tap(last_a)
        b.tap(last_c)  # the win: a won game has no undo
        assert b.state == "won"

    # The same 200 deals as above, generated before the clock starts.
    replay_times = _time_each(replay, deals)
    return {
        "deal_median_ms": statistics.median(deal_times) * 1e3,
        "deal_p99_ms": _percentile(deal_times, 0.99) * 1e3,
        "free_scan_us": statistics.median(scan_times) * 1e6,
        "removal_us": statistics.median(removal_times) * 1e6,
        "replay_ms": statistics.median(replay_times) * 1e3,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per layout (>= 1000)")
    args = parser.parse_args()
    print(f"engine bench: {args.deals} deals per layout, Python {sys.version.split()[0]}")
    header = (
        f"{'layout':<18}{'deal med ms':>12}{'deal p99 ms':>12}{'free scan µs':>14}"
        f"{'removal µs':>12}{'removal/scan':>13}{'72-pair game+undo ms':>22}"
    )
    print(header)
    results = {}
    for layout in LAYOUTS.values():
        r = results[layout.id] = bench_layout(layout, args.deals)
        print(
            f"{layout.id + ' ' + layout.name:<18}{r['deal_median_ms']:>12.3f}"
            f"{r['deal_p99_ms']:>12.3f}{r['free_scan_us']:>14.1f}{r['removal_us']:>12.1f}"
            f"{r['removal_us'] / r['free_scan_us']:>13.3f}{r['replay_ms']:>22.2f}"
        )
    print("(the 72-pair game is timed on a deal generated beforehand)")
    budgets = Budgets()
    turtle = results.get("L00")
    budgets.at_most(
        "Turtle (L00) deal with plan, median", turtle and turtle["deal_median_ms"], 0.5, "ms"
    )
    budgets.at_most("Turtle (L00) deal with plan, p99", turtle and turtle["deal_p99_ms"], 2, "ms")
    return budgets.exit_code()


if __name__ == "__main__":
    sys.exit(main())
