"""The exact solver: pure Python against the compiled core, surveys, and hint timing.

Run with ``make bench`` (or ``python bench/solver.py [--compare N] [--deals N]
[--layouts L00,L01] [--hints N] [--time-limit S]``). Three parts, each printing its
figures next to their budgets (``bench/budget.py``):

1. **Side by side** (``--compare``, 1,000 by default): the same uniform Turtle deals
   (every tile placed at random, not the site's generated deals), each decided in this
   run by the pure-Python solver and by the compiled core, one after the other, and the
   CPU time of each per deal: median, mean, p99, max and the deals left undecided at the
   time limit. Budget: the core's mean at least 10 times the reference's speed, and the
   same verdict on every deal both decide.

   With ``MAHJONG_PEER`` set to a checkout of ffalt/mah (its port of M. de Bondt's
   solver, TypeScript), the same deals also go to that solver under Node, in one Node
   process (its JIT warm), timed by Node's own CPU clock; the table gets its row, and
   the budget is the core's median, mean and p99 below the peer's. Nothing of the
   peer's is kept here: its solver's sources are transpiled at run time into a
   temporary folder with the ``typescript`` package (``MAHJONG_PEER_TYPESCRIPT``: the
   folder of that package, when it is not in the checkout's ``node_modules``). Example::

       git clone https://github.com/ffalt/mah /tmp/peer/mah
       npm install --prefix /tmp/peer/tools typescript
       MAHJONG_PEER=/tmp/peer/mah \\
       MAHJONG_PEER_TYPESCRIPT=/tmp/peer/tools/node_modules/typescript \\
           python bench/solver.py --deals 0 --hints 0

2. **Surveys** (``--deals`` per layout, 200 by default, on the solver that runs here):
   the unwinnable share with its 95 % interval, decided and undecided counts, time per
   deal. Turtle budgets: mean <= 14 ms and p99 <= 100 ms per deal, none undecided, the
   interval containing de Bondt's 2.95 % (the budget is stated for 10,000 deals; the
   long surveys are ``manage.py mahjong survey --jobs N``, see docs/solver.md).

3. **Hints** (``--hints``, 1,000 by default): the site's own hint (game.verdicts, its
   budget from the settings, every verdict forgotten first) on positions off the deal's
   plan reached by random play on the site's deals, on every layout. Budgets: p99 <=
   10 ms, and no hint unsure (the solver ran out of budget before it knew). Then
   (``--lost``, 1,000) the site's "can it still be won" check on games played at random
   to the first removal that loses them: none unsure.

Timings are noisy on a shared machine: the CPU figures are what the solver costs, the
wall clock what a player waits. Tests never assert on these times.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.budget import Budgets  # noqa: E402
from mahjong import LAYOUTS, Board, GameCode, deal_for  # noqa: E402
from mahjong.rules.prng import SplitMix64  # noqa: E402
from mahjong.rules.tiles import match_class  # noqa: E402
from mahjong.solver import advice, native  # noqa: E402
from mahjong.solver.search import Verdict  # noqa: E402
from mahjong.solver.survey import quantile, survey, uniform_faces  # noqa: E402

PUBLISHED_SHARE = 2.95  # per cent of uniform Turtle deals that cannot be won (de Bondt)
TURTLE_ID = "L00"
SPEED_UP = 10  # the compiled core's mean against the reference's, at least


# -- 1. side by side ----------------------------------------------------------------


@dataclass
class Row:
    """One solver's CPU seconds per deal on the compared deals, and its verdicts."""

    name: str
    cpu: list[float]
    verdicts: list[Verdict]
    label: str = ""  # the table's name for it (default: name)

    def at(self, q: float) -> float:
        """The q-quantile (nearest rank) of the times, in seconds."""
        return quantile(tuple(sorted(self.cpu)), q)

    @property
    def median(self) -> float:
        return statistics.median(self.cpu)

    @property
    def mean(self) -> float:
        return statistics.fmean(self.cpu)

    @property
    def p99(self) -> float:
        return self.at(0.99)

    @property
    def undecided(self) -> int:
        return sum(verdict is Verdict.UNKNOWN for verdict in self.verdicts)


def compare_deals(count: int, seed: int) -> list[list[str]]:
    """The first ``count`` uniform Turtle deals of ``seed`` (the surveys' own deals)."""
    rng = SplitMix64(seed)
    layout = LAYOUTS[TURTLE_ID]
    return [uniform_faces(layout, rng) for _ in range(count)]


def ours(deals: list[list[str]], time_limit: float, names: list[str]) -> list[Row]:
    """Each deal decided by each of our solvers in turn (same deal, same moment)."""
    layout = LAYOUTS[TURTLE_ID]
    full = (1 << len(layout.positions)) - 1
    rows = {name: Row(name, [], []) for name in names}
    for number, faces in enumerate(deals):
        # Alternate which goes first, so neither always meets the machine as the other
        # left it (caches, a neighbour's burst).
        for name in names if number % 2 == 0 else names[::-1]:
            solver = native.solver_for(layout.geometry, faces, name)
            began = time.process_time()
            solution = solver.solve(full, time_limit=time_limit, clock=time.process_time)
            rows[name].cpu.append(time.process_time() - began)
            rows[name].verdicts.append(solution.verdict)
    return [rows[name] for name in names]


# The peer's side, written into a temporary folder at run time: it transpiles the
# peer's solver (TypeScript) with the typescript package, then decides each deal read
# from standard input, one JSON line each, and answers with one line each.
_PEER_ADAPTER = r"""
const fs = require('fs'), path = require('path');
const [checkout, typescript, out] = process.argv.slice(2);
const ts = require(typescript);
const source = path.join(checkout, 'src', 'app', 'model', 'solver');
for (const file of fs.readdirSync(source)) {
  if (!file.endsWith('.ts') || file.endsWith('.spec.ts')) continue;
  const js = ts.transpileModule(fs.readFileSync(path.join(source, file), 'utf8'), {
    compilerOptions: {module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020},
  }).outputText;
  fs.writeFileSync(path.join(out, file.replace(/\.ts$/, '.js')), js);
}
const {Solver} = require(path.join(out, 'solver.js'));
const lines = fs.readFileSync(0, 'utf8').split('\n').filter(Boolean);
const positions = JSON.parse(lines[0]);
const answers = [];
for (const line of lines.slice(1)) {
  const groups = JSON.parse(line);
  const stones = positions.map(([x, y, z], i) => ({x, y, z, v: groups[i], groupNr: groups[i]}));
  const began = process.cpuUsage();
  const left = new Solver().solveLayout(stones);
  const spent = process.cpuUsage(began);
  answers.push(JSON.stringify({left, cpu: (spent.user + spent.system) / 1e6}));
}
process.stdout.write(answers.join('\n') + '\n');
"""


def _typescript(checkout: Path) -> Path | None:
    named = os.environ.get("MAHJONG_PEER_TYPESCRIPT")
    for candidate in ([Path(named)] if named else []) + [checkout / "node_modules/typescript"]:
        if (candidate / "package.json").exists():
            return candidate
    return None


def peer(deals: list[list[str]], checkout: Path, time_limit: float) -> Row | str:
    """The peer's row on the same deals, or why it could not run. The peer has no time
    limit: a deal it took longer than ``time_limit`` over counts as undecided."""
    if not (checkout / "src/app/model/solver/solver.ts").exists():
        return f"no ffalt/mah solver under {checkout}"
    typescript = _typescript(checkout)
    if typescript is None:
        return "the typescript package was not found (set MAHJONG_PEER_TYPESCRIPT)"
    positions = [list(p) for p in LAYOUTS[TURTLE_ID].positions]
    classes: dict[str, int] = {}
    lines = [json.dumps(positions)]
    for faces in deals:
        lines.append(json.dumps([classes.setdefault(match_class(f), len(classes)) for f in faces]))
    with tempfile.TemporaryDirectory(prefix="mahjong-peer-") as folder:
        script = Path(folder) / "adapter.js"
        script.write_text(_PEER_ADAPTER)
        try:
            answer = subprocess.run(
                ["node", str(script), str(checkout), str(typescript), folder],
                input="\n".join(lines) + "\n",
                capture_output=True,
                text=True,
                check=True,
            )
        except (OSError, subprocess.CalledProcessError) as error:
            return f"the peer did not run: {getattr(error, 'stderr', '') or error}"
    results = [json.loads(line) for line in answer.stdout.splitlines()]
    # The peer's solveLayout answers how many tiles remain at best: 0 wins the deal.
    verdicts = [
        Verdict.UNKNOWN
        if r["cpu"] > time_limit
        else Verdict.WINNABLE
        if r["left"] == 0
        else Verdict.NOT_WINNABLE
        for r in results
    ]
    return Row(
        "ffalt/mah",
        [r["cpu"] for r in results],
        verdicts,
        "ffalt/mah (de Bondt's algorithm, TypeScript under Node)",
    )


def side_by_side(args, budgets: Budgets) -> None:
    deals = compare_deals(args.compare, args.seed)
    names = ["python", "native"] if native.AVAILABLE else ["python"]
    rows = ours(deals, args.time_limit, names)
    checkout = os.environ.get("MAHJONG_PEER")
    peer_row = peer(deals, Path(checkout), args.time_limit) if checkout else None
    if isinstance(peer_row, Row):
        rows.append(peer_row)
    print(
        f"\nside by side: the same {len(deals)} uniform Turtle deals (seed {args.seed}), "
        f"CPU time per deal, limit {args.time_limit:g} s"
    )
    print(f"| solver | median | mean | p99 | max | undecided at {args.time_limit:g} s |")
    print("|---|---|---|---|---|---|")
    for row in rows:
        print(
            f"| {row.label or _LABELS.get(row.name, row.name)} | {_ms(row.median)} | "
            f"{_ms(row.mean)} | {_ms(row.p99)} | {_ms(max(row.cpu))} | {row.undecided} |"
        )
    if isinstance(peer_row, str):
        print(f"peer: {peer_row}")
    elif peer_row is None:
        print("peer: not run (MAHJONG_PEER names a checkout of ffalt/mah to run it)")
    reference = rows[0]
    lost = sum(v is Verdict.NOT_WINNABLE for v in reference.verdicts)
    print(f"not winnable (pure Python): {lost} of {len(deals) - reference.undecided} decided")
    for other in rows[1:]:
        budgets.at_most(
            f"verdicts that differ, {other.name} against pure Python",
            _disagree(reference, other),
            0,
        )
    if not native.AVAILABLE:
        budgets.at_least("compiled core against pure Python, mean", None, SPEED_UP, "x")
        return
    core = rows[1]
    budgets.at_least(
        "compiled core against pure Python, mean (same deals, same run)",
        reference.mean / core.mean,
        SPEED_UP,
        "x",
    )
    budgets.at_most("compiled core, undecided", core.undecided, 0)
    if isinstance(peer_row, Row):
        for figure in ("median", "mean", "p99"):
            value, limit = getattr(core, figure), getattr(peer_row, figure)
            budgets.at_most(
                f"compiled core {figure}, below ffalt/mah's", value * 1e3, limit * 1e3, "ms"
            )


_LABELS = {"python": "this project, pure Python", "native": "this project, compiled core"}


def _disagree(a: Row, b: Row) -> int:
    decided = (Verdict.WINNABLE, Verdict.NOT_WINNABLE)
    return sum(x != y for x, y in zip(a.verdicts, b.verdicts) if x in decided and y in decided)


def _ms(seconds: float) -> str:
    ms = seconds * 1e3
    return f"{ms:,.0f} ms" if ms >= 100 else f"{ms:.2f} ms" if ms < 10 else f"{ms:.1f} ms"


# -- 3. hints -------------------------------------------------------------------------


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
        if board.playable_pairs() and board.deal.rest_of_plan(_mask(board)) is None:
            boards.append(board)
    return boards


def _mask(board: Board) -> int:
    return advice.present_mask(board.deal, board.history)


def lost_positions(count: int, seed: int) -> list[tuple[str, list[tuple[int, int]]]]:
    """Games played at random on the site's deals, every layout, up to the first removal
    after which the game can no longer be won (code and history)."""
    rnd = random.Random(seed)
    layouts = list(LAYOUTS)
    games = []
    while len(games) < count:
        code = GameCode(rnd.choice(layouts), rnd.randrange(2**35))
        board = Board(deal_for(code))
        solver = native.solver_for(board.deal.layout.geometry, board.deal.faces)
        while board.playable_pairs():
            board.remove(*rnd.choice(board.playable_pairs()))
            if board.deal.rest_of_plan(_mask(board)) is not None or not len(board):
                continue
            if solver.solve(_mask(board), time_limit=10).verdict is Verdict.NOT_WINNABLE:
                games.append((str(code), list(board.history)))
                break
    return games


def time_checks(games) -> tuple[list[float], list[float], int]:
    """The site's "can it still be won" check (game.verdicts.check, its budget from the
    settings) on each lost game, every verdict forgotten first: wall and CPU seconds,
    and how many checks did not know (unsure)."""
    from django.core.cache import cache

    from game import verdicts

    times, cpu_times, unsure = [], [], 0
    for code, history in games:
        verdicts.forget()
        cache.clear()
        start, cpu_start = time.perf_counter(), time.process_time()
        result = verdicts.check(code, history)
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu_start)
        unsure += result.winnable is None
    return sorted(times), sorted(cpu_times), unsure


def _django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjongsite.settings.test")
    import django

    django.setup()


def time_hints(boards: list[Board]) -> tuple[list[float], list[float], dict[str, int]]:
    """The site's own hint (game.verdicts, its budget from the settings), every verdict
    forgotten before each one: the time a hint request spends beyond reading the game."""
    from django.core.cache import cache

    from game import verdicts

    times, cpu_times, kinds = [], [], {"plan": 0, "unsure": 0, "lost": 0}
    for board in boards:
        verdicts.forget()
        cache.clear()
        start, cpu_start = time.perf_counter(), time.process_time()
        hint = verdicts.hint_for(board)
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu_start)
        kinds[{True: "plan", None: "unsure", False: "lost"}[hint.winnable]] += 1
    return sorted(times), sorted(cpu_times), kinds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--compare", type=int, default=1000, help="Turtle deals side by side (1000; 0: none)"
    )
    parser.add_argument("--deals", type=int, default=200, help="uniform deals per layout (200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the shuffles (1)")
    parser.add_argument("--start", type=int, default=0, help="skip the seed's first N deals (0)")
    parser.add_argument("--time-limit", type=float, default=10.0, help="CPU seconds per deal (10)")
    parser.add_argument("--hints", type=int, default=1000, help="off-plan positions (1000)")
    parser.add_argument("--lost", type=int, default=1000, help="lost games to check (1000)")
    parser.add_argument(
        "--layouts",
        default=",".join(LAYOUTS),
        help="layout ids to survey, comma-separated (empty: none)",
    )
    args = parser.parse_args()
    print(
        f"solver bench: solver here {native.NAME}, Python {sys.version.split()[0]}, "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} (timings are noisy on a "
        "shared machine)"
    )
    budgets = Budgets()
    if args.compare:
        side_by_side(args, budgets)
    for layout_id in filter(None, args.layouts.split(",") if args.deals else []):
        result = survey(
            LAYOUTS[layout_id], args.deals, args.seed, args.time_limit, start=args.start
        )
        for line in result.lines():
            print(line, flush=True)
        if layout_id == TURTLE_ID:
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

    def p99(values: list[float]) -> float:
        return values[min(len(values) - 1, int(0.99 * len(values)))] * 1e3

    def timings(times: list[float], cpu_times: list[float]) -> str:
        """Sorted wall and CPU seconds, as the two timing lines print them."""
        return (
            f"wall median {times[len(times) // 2] * 1e3:.1f} ms, p99 {p99(times):.1f} ms, "
            f"max {times[-1] * 1e3:.1f} ms; CPU p99 {p99(cpu_times):.1f} ms"
        )

    if args.hints or args.lost:
        _django()
    if args.hints:
        times, cpu_times, kinds = time_hints(off_plan_positions(args.hints, args.seed))

        print(
            f"hint on {len(times)} off-plan positions: {timings(times, cpu_times)}; first "
            f"pair of a winning plan {kinds['plan']}, proven lost {kinds['lost']}, unsure "
            f"(budget ran out) {kinds['unsure']}"
        )
        budgets.at_most("hint off the plan, p99 (wall)", p99(times), 10, "ms")
        budgets.at_most("hint off the plan, p99 (CPU)", p99(cpu_times), 10, "ms")
        budgets.at_most("hints unsure", kinds["unsure"], 0)
    if args.lost:
        times, cpu_times, unsure = time_checks(lost_positions(args.lost, args.seed))
        print(
            f"'can it still be won' on {len(times)} lost games: "
            f"{timings(times, cpu_times)}; unsure {unsure}"
        )
        budgets.at_most("lost-game verdicts unsure", unsure, 0)
    sys.exit(budgets.exit_code())


if __name__ == "__main__":
    main()
