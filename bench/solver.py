"""The exact solver: a survey of uniform random deals per layout, and hint timing.

Run with ``make bench`` (or ``python bench/solver.py [--deals N] [--time-limit S]
[--hints N]``). For every layout, shuffles N uniform deals (every tile placed at
random, not the site's generated deals), decides each with the solver and prints
the unwinnable share with its 95 % interval, the decided and undecided counts and
the time per deal (median, mean, p99, max). Then times the hint, as the server
gives it (verdict cache empty), on positions off the deal's plan reached by random
play on the site's own deals.

Budgets, on the Turtle (L00), pure Python, on the 2-core machine:
mean <= 14 ms and p99 <= 100 ms per deal; no deal undecided at a 10 s limit; the
95 % interval of the unwinnable share contains de Bondt's 2.95 % (the budget is
stated for 10,000 deals: ``--deals 10000``; to keep each run short, run
``manage.py mahjong survey --layout L00 --deals 5000 --start 0 --save a.json``, then
``--start 5000 --save b.json``, and ``manage.py mahjong survey --combine a.json b.json``
prints the figures of all 10,000). Hint: p99 <= 50 ms over 1,000 off-plan positions.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.budget import Budgets  # noqa: E402
from mahjong import LAYOUTS, Board, GameCode, deal_for  # noqa: E402
from mahjong.solver import advice  # noqa: E402
from mahjong.solver.survey import survey  # noqa: E402

PUBLISHED_SHARE = 2.95  # per cent of uniform Turtle deals that cannot be won


def off_plan_positions(count: int, seed: int) -> list[Board]:
    """Positions reached by random play that has left the deal's plan, still playable."""
    rnd = random.Random(seed)
    boards = []
    layouts = list(LAYOUTS)
    while len(boards) < count:
        code = GameCode(rnd.choice(layouts), rnd.randrange(2**35))
        board = Board(deal_for(code))
        for _ in range(rnd.randint(1, 60)):
            pairs = board.playable_pairs()
            if not pairs:
                break
            board.remove(*rnd.choice(pairs))
        if board.playable_pairs() and advice._on_plan(board.deal, _mask(board)) is None:
            boards.append(board)
    return boards


def _mask(board: Board) -> int:
    return advice.present_mask(board.deal, board.history)


def time_hints(boards: list[Board]) -> tuple[list[float], list[float], dict[str, int]]:
    """The site's own hint (game.verdicts, its budget from the settings), every verdict
    forgotten before each one: the time a hint request spends beyond reading the game."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjongsite.settings.test")
    import django

    django.setup()
    from django.core.cache import cache

    from game import verdicts

    times, cpu_times, kinds = [], [], {"plan": 0, "unsure": 0, "lost": 0}
    for board in boards:
        advice._memo.clear()
        verdicts._recent.clear()
        cache.clear()
        start, cpu_start = time.perf_counter(), time.process_time()
        hint = verdicts.hint_for(board)
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu_start)
        kinds[{True: "plan", None: "unsure", False: "lost"}[hint.winnable]] += 1
    return sorted(times), sorted(cpu_times), kinds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="uniform deals per layout (200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the shuffles (1)")
    parser.add_argument("--start", type=int, default=0, help="skip the seed's first N deals (0)")
    parser.add_argument("--time-limit", type=float, default=10.0, help="CPU seconds per deal (10)")
    parser.add_argument("--hints", type=int, default=1000, help="off-plan positions (1000)")
    parser.add_argument(
        "--layouts",
        default=",".join(LAYOUTS),
        help="layout ids, comma-separated (empty: only the hints)",
    )
    args = parser.parse_args()
    print(
        f"solver bench: {args.deals} uniform deals per layout, limit {args.time_limit:g} s, "
        f"Python {sys.version.split()[0]} (timings are noisy on a shared machine)"
    )
    budgets = Budgets()
    for layout_id in filter(None, args.layouts.split(",")):
        result = survey(
            LAYOUTS[layout_id], args.deals, args.seed, args.time_limit, start=args.start
        )
        for line in result.lines():
            print(line, flush=True)
        if layout_id == "L00":
            ms = 1000
            # The wall clock is what a player would wait; the CPU time is what the solver
            # costs, whatever else the shared machine is doing.
            cpu = result.cpu_times
            budgets.at_most("Turtle survey, mean per deal (wall)", result.mean * ms, 14, "ms")
            budgets.at_most(
                "Turtle survey, p99 per deal (wall)", result.percentile(0.99) * ms, 100, "ms"
            )
            budgets.at_most(
                "Turtle survey, mean per deal (CPU)", sum(cpu) / len(cpu) * ms, 14, "ms"
            )
            budgets.at_most(
                "Turtle survey, p99 per deal (CPU)",
                cpu[min(len(cpu) - 1, int(0.99 * len(cpu)))] * ms,
                100,
                "ms",
            )
            budgets.at_most("Turtle survey, undecided deals", result.undecided, 0)
            low, high = result.interval
            budgets.at_most(
                "Turtle unwinnable share, 95 % interval low", 100 * low, PUBLISHED_SHARE, "%"
            )
            budgets.at_least(
                "Turtle unwinnable share, 95 % interval high", 100 * high, PUBLISHED_SHARE, "%"
            )
    if args.hints:
        times, cpu_times, kinds = time_hints(off_plan_positions(args.hints, args.seed))

        def p99(values: list[float]) -> float:
            return values[min(len(values) - 1, int(0.99 * len(values)))] * 1e3

        print(
            f"hint on {len(times)} off-plan positions: wall median "
            f"{times[len(times) // 2] * 1e3:.1f} ms, p99 {p99(times):.1f} ms, max "
            f"{times[-1] * 1e3:.1f} ms; CPU p99 {p99(cpu_times):.1f} ms; first pair of a "
            f"winning plan {kinds['plan']}, proven lost {kinds['lost']}, unsure (budget ran "
            f"out) {kinds['unsure']}"
        )
        budgets.at_most("hint off the plan, p99 (wall)", p99(times), 50, "ms")
        budgets.at_most("hint off the plan, p99 (CPU)", p99(cpu_times), 50, "ms")
    sys.exit(budgets.exit_code())


if __name__ == "__main__":
    main()
