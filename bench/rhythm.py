"""The rhythm check (game/rhythm.py) against honest and scripted paces: prints, for each
pace, how many of its wins are held back from the boards and the figures the check reads.

Run with ``python bench/rhythm.py [--games N] [--seed S]``. Each pace draws the gaps
between the 144 taps of a Turtle win (72 pairs): a person searches before the first tap
of a pair (seconds, varying a lot) and aims before the second (a fraction of a second);
a script taps in a burst, at a steady pace, at a uniformly random pace, or imitates a
person with random pauses. The limits are the settings' (MAHJONG_RHYTHM_MIN_MEDIAN_MS,
MAHJONG_RHYTHM_MIN_SPREAD_PERCENT), read from the environment as the site reads them.
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

from game import rhythm  # noqa: E402

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
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


if __name__ == "__main__":
    main()
