"""The rhythm check (game/rhythm.py) against honest and scripted paces: prints, for each
pace, how many of its wins are held back from the boards and the figures the check reads.

Run with ``python bench/rhythm.py [--games N] [--seed S]``. Each pace draws the gaps
between the 144 taps of a Turtle win (72 pairs): a person searches before the first tap
of a pair (seconds, varying a lot) and aims before the second (a fraction of a second);
a script taps in a burst, at a steady pace, at a uniformly random pace, or imitates a
person with random pauses. The limits are the settings' (MAHJONG_RHYTHM_MIN_MEDIAN_MS,
MAHJONG_RHYTHM_MIN_SPREAD_PERCENT), read from the environment as the site reads them.

Then the order of the pairs (game/plan_order.py): players who do not know the deal's plan
(any free pair, or one of the highest free pairs first, played to a win or to no more
moves, on fresh Turtle deals) against scripts that replay the plan the game code gives,
exactly or leaving it now and then; for each, how many wins are held
(MAHJONG_PLAN_MAX_PERCENT) and the share of removals that were the plan's next pair.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjongsite.settings.test")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402

from game import plan_order, rhythm  # noqa: E402
from mahjong import Board, GameCode  # noqa: E402

TAPS = 144


def _person(search_s: float, aim_s: float, search_spread: float, aim_spread: float):
    def gaps(rnd: random.Random) -> list[float]:
        return [
            rnd.lognormvariate(
                math.log(search_s if i % 2 else aim_s), search_spread if i % 2 else aim_spread
            )
            for i in range(TAPS - 1)
        ]

    return gaps


def _burst(rnd):  # the tester's script: 143 taps in under 2 s, then a wait past the floor
    return [rnd.uniform(0.005, 0.02) for _ in range(TAPS - 2)] + [80.0]


def _steady(rnd):
    return [0.6] * (TAPS - 1)


def _uniform(rnd):
    return [rnd.uniform(0.4, 1.6) for _ in range(TAPS - 1)]


def _lognormal_bot(rnd):  # one random pause per tap, log-normal like a person's
    return [rnd.lognormvariate(math.log(0.8), 0.6) for _ in range(TAPS - 1)]


PACES = [
    ("person, typical (search ~2.5 s, aim ~0.5 s)", _person(2.5, 0.5, 0.6, 0.4)),
    ("person, fast (search ~0.9 s, aim ~0.35 s)", _person(0.9, 0.35, 0.5, 0.35)),
    ("person, very fast (search ~0.5 s, aim ~0.3 s)", _person(0.5, 0.3, 0.4, 0.3)),
    ("bot, burst then wait", _burst),
    ("bot, steady 0.6 s", _steady),
    ("bot, uniform 0.4-1.6 s", _uniform),
    ("bot, log-normal pauses (~0.8 s)", _lognormal_bot),
    ("bot, imitating a person's search/aim", _person(1.2, 0.4, 0.5, 0.35)),
]


def _any_pair(board, pairs, plan, rnd):
    return rnd.choice(pairs)


def _highest_first(board, pairs, plan, rnd):  # a person clearing the top layers first
    z = board.deal.layout.positions

    def height(pair):
        return max(z[pair[0]][2], z[pair[1]][2])

    top = max(height(pair) for pair in pairs)
    return rnd.choice([pair for pair in pairs if height(pair) == top])


def _plan_bot(leave_every: int):
    """The plan's next pair at every step; every ``leave_every``-th step (0: never) any
    other free pair, a script that leaves the plan now and then to hide it."""

    def choose(board, pairs, plan, rnd):
        removed = {i for i in range(len(board.deal.faces)) if not board.is_present(i)}
        following = next((p for p in plan if not set(p) & removed), None)
        free = {frozenset(p) for p in pairs}
        if following is not None and frozenset(following) not in free:
            following = None  # left the plan earlier: its next pair is not free yet
        step = len(board.history) + 1
        if following is None or (leave_every and step % leave_every == 0):
            others = [p for p in pairs if set(p) != set(following or ())]
            return rnd.choice(others or pairs)
        return following

    return choose


ORDERS = [
    ("person, any free pair", _any_pair),
    ("person, highest free pairs first", _highest_first),
    ("bot, the deal's plan", _plan_bot(0)),
    ("bot, the plan, another pair every 10th step", _plan_bot(10)),
    ("bot, the plan, another pair every 5th step", _plan_bot(5)),
]


def _orders(games: int, seed: int) -> None:
    limit = settings.MAHJONG_PLAN_MAX_PERCENT
    print()
    print(f"order of the pairs: held above {limit} % of removals on the plan's next pair")
    print(f"{'order':48} {'wins':>5} {'held':>7} {'on plan, median':>16} {'max':>5}")
    for name, choose in ORDERS:
        rnd = random.Random(seed)
        shares = []
        for _ in range(games):
            board = Board.from_code(GameCode("L00", rnd.getrandbits(35)))
            plan = board.deal.plan
            while str(board.state) == "playing":
                board.remove(*choose(board, board.playable_pairs(), plan, rnd))
            if str(board.state) == "won":
                shares.append(plan_order.plan_share(str(board.deal.code), board.history))
        held = sum(100 * share > limit for share in shares)
        print(
            f"{name:48} {len(shares):5} {100 * held / max(len(shares), 1):6.1f}%"
            f" {100 * statistics.median(shares):15.0f}% {100 * max(shares):4.0f}%"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--orders", type=int, default=1000, help="deals played per order")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(
        f"limits: median gap >= {settings.MAHJONG_RHYTHM_MIN_MEDIAN_MS} ms, "
        f"spread >= {settings.MAHJONG_RHYTHM_MIN_SPREAD_PERCENT} %; {args.games} wins per pace"
    )
    print(f"{'pace':48} {'held':>7} {'median gap':>11} {'spread':>7} {'win time':>9}")
    for name, pace in PACES:
        rnd = random.Random(args.seed)
        held = 0
        medians, spreads, totals = [], [], []
        for _ in range(args.games):
            at, times = 0.0, [0]
            for gap in pace(rnd):
                at += gap
                times.append(round(at * 1000))
            median, spread = rhythm.figures(times)
            medians.append(median)
            spreads.append(spread)
            totals.append(times[-1] / 1000)
            held += rhythm.implausible(times) is not None
        total = statistics.median(totals)
        print(
            f"{name:48} {100 * held / args.games:6.1f}% {statistics.median(medians):8.0f} ms"
            f" {100 * statistics.median(spreads):6.0f}% {int(total // 60)}:{int(total % 60):02d}"
        )
    _orders(args.orders, args.seed)


if __name__ == "__main__":
    main()
