"""The rhythm check (ranking/rhythm.py) against honest and scripted paces: prints, for each
pace, how many of its wins are held back from the boards and the figures the check reads.

Run with ``python bench/rhythm.py [--games N] [--seed S]``. Each pace draws the gaps
between the 144 taps of a Turtle win (72 pairs): a person searches before the first tap
of a pair (seconds, varying a lot) and aims before the second (a fraction of a second);
a script taps in a burst, at a steady pace, at a uniformly random pace, or imitates a
person with random pauses. The limits are the settings' (MAHJONG_RHYTHM_MIN_MEDIAN_MS,
MAHJONG_RHYTHM_MIN_SPREAD_PERCENT), read from the environment as the site reads them.

Then the order of the pairs (ranking/plan_order.py): players who do not know the deal's plan
(any free pair, or one of the highest free pairs first, played to a win or to no more
moves, on fresh Turtle deals) against scripts that replay the plan the game code gives,
exactly or leaving it now and then; for each, how many wins are held
(MAHJONG_PLAN_MAX_PERCENT) and the share of removals that were the plan's next pair.

Last, perfect play at a person's pace (see the section below): bots that play the
solver's plan or one of their own, with person-like pauses, against a model of a fast
player; ``--replay`` measures the won games of real players' data exports. What is
left against such a bot is a person's check of a new top time (ranking/top_places.py): the
last line says what it holds. bench/scout.py plays such a bot on the daily deal after a
scout, through the game's services and the checks as deployed.
"""

from __future__ import annotations

import argparse
import json
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

from mahjong import Board, GameCode  # noqa: E402
from mahjong.solver import advice  # noqa: E402
from ranking import plan_order, rhythm  # noqa: E402

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
        # A few deals may give an order no win at all (--orders below 10): a dash then.
        median = f"{100 * statistics.median(shares):15.0f}%" if shares else f"{'-':>16}"
        most = f"{100 * max(shares):4.0f}%" if shares else f"{'-':>5}"
        print(f"{name:48} {len(shares):5} {100 * held / max(len(shares), 1):6.1f}% {median} {most}")


# -- Perfect play at a person's pace -------------------------------------------------
#
# A bot that knows a winning plan (the solver's, or one of its own that the solver keeps
# winnable) and taps it at a person's pace: the checks above look at the pace and at the
# deal's own plan, so it passes both. What is left for the server to see is what it keeps
# of every game: the tap times (every tap, also one on a blocked tile, a selection
# changed, a mistake) and the removed pairs. Two figures no script needs to show:
#
# * extra taps: taps beyond two per removed pair (a blocked tile tapped, a selection
#   changed, a pair put back): a plan played perfectly has none;
# * search and difficulty: whether the pause before a pair's first tap is longer when
#   fewer pairs are free (a person searches longer when there is less to find; Spearman's
#   rank correlation of the pause with 1 / the free pairs). A script's pauses are drawn
#   whatever the position.
#
# Their honest side can only come from real games: --replay reads "Download my data"
# exports (accounts/data.py) and measures the won games in them the same way.


def _spearman(xs: list[float], ys: list[float]) -> float:
    def ranks(values):
        order = sorted(range(len(values)), key=values.__getitem__)
        out = [0.0] * len(values)
        for rank, i in enumerate(order):
            out[i] = float(rank)
        return out

    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    num = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    den = math.sqrt(sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry))
    return num / den if den else 0.0


def free_pairs_along(code: str, history) -> list[int]:
    """How many pairs were free before each removal of ``history``."""
    board = Board.from_code(code)
    counts = []
    for a, b in history:
        counts.append(len(board.playable_pairs()))
        board.remove(a, b)
    return counts


def play_figures(code: str | None, history, tap_ms) -> dict:
    """What the server could read of one win: held by which check, extra taps, and the
    search/difficulty correlation (None without the code or with taps beyond two a pair,
    whose pauses cannot be told apart)."""
    held = rhythm.implausible(tap_ms) or (plan_order.implausible(code, history) if code else None)
    extra = len(tap_ms) - 2 * len(history)
    correlation = None
    if code and extra == 0 and len(history) >= plan_order.MIN_PAIRS:
        searches = [tap_ms[2 * i] - tap_ms[2 * i - 1] for i in range(1, len(history))]
        free = free_pairs_along(code, history)[1:]
        correlation = _spearman(searches, [1 / n for n in free])
    return {"held": held, "extra": extra, "correlation": correlation}


def paced(rnd: random.Random, free: list[int], *, by_difficulty: bool, slips: float):
    """Tap times for a win of len(free) pairs: a search before each pair's first tap, an
    aim before its second (a fast player's: ~0.9 s and ~0.35 s), the search longer when
    fewer pairs are free if ``by_difficulty``; with probability ``slips`` per pair, one
    tap more (a blocked tile, a changed selection) before the pair."""
    times, at = [], 0.0
    for n in free:
        scale = math.sqrt(6 / n) if by_difficulty else 1.0
        if rnd.random() < slips:
            at += rnd.lognormvariate(math.log(0.6), 0.5)
            times.append(round(at * 1000))
        at += rnd.lognormvariate(math.log(0.9 * scale), 0.5)
        times.append(round(at * 1000))
        at += rnd.lognormvariate(math.log(0.35), 0.35)
        times.append(round(at * 1000))
    return [t - times[0] for t in times]


def _solver_plan(board, rnd) -> list | None:
    deal = board.deal
    solution = advice.solver(deal).solve(advice.present_mask(deal, ()), time_limit=10)
    return list(solution.plan) if solution.plan else None


def _own_plan(board, rnd) -> list | None:
    """A plan of the bot's own: at each step a random free pair that the solver says
    keeps the game winnable."""
    deal, history = board.deal, []
    while len(history) < len(deal.faces) // 2:
        pairs = board.playable_pairs()
        rnd.shuffle(pairs)
        for pair in pairs:
            present = advice.present_mask(deal, [*history, pair])
            if advice.solver(deal).solve(present, time_limit=2).winnable is not False:
                break
        else:
            return None
        board.remove(*pair)
        history.append(pair)
    return history


def _person_order(board, rnd) -> list | None:
    """A person's order: any free pair (a win only when it clears the board)."""
    while str(board.state) == "playing":
        board.remove(*rnd.choice(board.playable_pairs()))
    return list(board.history) if str(board.state) == "won" else None


PERFECT = [
    ("bot, solver's plan, person's pauses", _solver_plan, False, 0.0),
    ("bot, own plan kept winnable, person's pauses", _own_plan, False, 0.0),
    ("bot, solver's plan, pauses by difficulty", _solver_plan, True, 0.0),
    ("person (model), fast, by difficulty, no slip", _person_order, True, 0.0),
    ("person (model), fast, by difficulty, 3 % slips", _person_order, True, 0.03),
]


def _perfect(games: int, seed: int) -> None:
    print()
    print("perfect play at a person's pace (Turtle wins): held, extra taps, search/difficulty")
    print(f"{'player':48} {'wins':>5} {'held':>6} {'0 extra':>8} {'corr. median':>13}")
    for name, plan_of, by_difficulty, slips in PERFECT:
        rnd = random.Random(seed)
        rows = []
        tries = 0
        while len(rows) < games and tries < 50 * games:
            tries += 1
            board = Board.from_code(GameCode("L00", rnd.getrandbits(35)))
            code = str(board.deal.code)
            history = plan_of(board, rnd)
            if history is None:
                continue
            free = free_pairs_along(code, history)
            taps = paced(rnd, free, by_difficulty=by_difficulty, slips=slips)
            rows.append(play_figures(code, history, taps))
        _print_rows(name, rows)


def _top_places() -> None:
    """What is left for the paced bot above: a person's check of a new top time
    (ranking/top_places.py), a rule, not a measure: it holds by the board, not by the play."""
    # The site's value (the environment's, else its default): the test settings this
    # script runs under turn the check off for the suite's sake.
    from mahjongsite.settings.base import MAHJONG_REVIEW_TOP_PLACES as top

    print()
    if not top:
        print("a person's check of a new top time: off (MAHJONG_REVIEW_TOP_PLACES = 0)")
        return
    print(
        f"a person's check of a new top time (MAHJONG_REVIEW_TOP_PLACES = {top}): a win that "
        f"would take a top-{top} place of its board on an untrusted account is held 100 %, "
        f"bot or person; the bot's remaining ways: win slower than the top {top}, or an "
        "operator's trust"
    )


def _print_rows(name: str, rows: list[dict]) -> None:
    held = sum(r["held"] is not None for r in rows)
    no_extra = sum(r["extra"] == 0 for r in rows)
    corr = [r["correlation"] for r in rows if r["correlation"] is not None]
    median = f"{statistics.median(corr):+.2f}" if corr else "-"
    n = max(len(rows), 1)
    print(f"{name:48} {len(rows):5} {100 * held / n:5.1f}% {100 * no_extra / n:7.1f}% {median:>13}")


def replay(paths: list[str]) -> None:
    """The won games of "Download my data" exports, measured as above."""
    rows = []
    for path in paths:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        for game in data.get("games", []):
            if game.get("result") == "won" and game.get("tap_ms"):
                rows.append(play_figures(game.get("code"), game["pairs_removed"], game["tap_ms"]))
    print()
    print(f"replayed wins from {len(paths)} export(s)")
    _print_rows("replay of real tap times", rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--orders", type=int, default=1000, help="deals played per order")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--perfect", type=int, default=100, help="wins per perfect player")
    parser.add_argument(
        "--replay", nargs="*", default=[], help='"Download my data" exports to measure'
    )
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
    _perfect(args.perfect, args.seed)
    _top_places()
    if args.replay:
        replay(args.replay)


if __name__ == "__main__":
    main()
