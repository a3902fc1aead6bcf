"""``manage.py mahjong``: deals, layouts, new codes, verdicts and surveys for people and scripts."""

from __future__ import annotations

import json
import os
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from mahjong import (
    LAYOUTS,
    Board,
    InvalidGameCode,
    MoveError,
    deal_for,
    get_layout,
    random_code,
)
from mahjong.solver import native
from mahjong.solver.advice import present_mask
from mahjong.solver.survey import SurveyResult, survey


class Command(BaseCommand):
    help = (
        "Inspect Mahjong deals and layouts: deal CODE, layouts, new LAYOUT, "
        "solve CODE, survey --layout L00."
    )

    def add_arguments(self, parser):
        sub = parser.add_subparsers(dest="action", required=True)
        deal = sub.add_parser("deal", help="The tiles and winning plan of a game code.")
        deal.add_argument("code", help="A game code such as MJ1-L00-AAAAABL.")
        deal.add_argument("--json", action="store_true", help="Print JSON.")
        layouts = sub.add_parser("layouts", help="The layouts on offer.")
        layouts.add_argument("--json", action="store_true", help="Print JSON.")
        new = sub.add_parser("new", help="A fresh random code for a layout.")
        new.add_argument("layout", help="A layout id such as L00.")
        solve = sub.add_parser("solve", help="Whether a position can be won, and a plan.")
        solve.add_argument("code", help="A game code such as MJ1-L00-AAAAABL.")
        solve.add_argument(
            "--history",
            default="",
            help="Removed pairs in order, as tile ids: '12-40 7-9 …' (commas also work).",
        )
        solve.add_argument("--time-limit", type=float, default=10.0, help="Seconds (10).")
        solve.add_argument("--json", action="store_true", help="Print JSON.")
        solve.add_argument(*_SOLVER_ARGS, **_solver_option())
        poll = sub.add_parser("survey", help="Share of uniform random deals that cannot be won.")
        poll.add_argument("--layout", default="L00", help="A layout id (L00).")
        poll.add_argument("--deals", type=int, default=1000, help="How many deals (1000).")
        poll.add_argument("--seed", type=int, default=1, help="PRNG seed of the shuffles (1).")
        poll.add_argument(
            "--time-limit",
            type=float,
            default=10.0,
            help="CPU seconds per deal before 'undecided' (10).",
        )
        poll.add_argument("--start", type=int, default=0, help="Skip the seed's first N deals (0).")
        poll.add_argument("--save", help="Also write the result (every time) to this JSON file.")
        poll.add_argument(*_SOLVER_ARGS, **_solver_option())
        poll.add_argument(
            "--jobs",
            type=int,
            default=1,
            help="Processes deciding deals side by side (1; 0: one per core).",
        )
        poll.add_argument(
            "--combine",
            nargs="+",
            metavar="FILE",
            help="Print the result of saved runs over consecutive stretches, run nothing.",
        )

    def handle(self, *args, action: str, **options):
        try:
            if action == "deal":
                self._deal(options["code"], as_json=options["json"])
            elif action == "layouts":
                self._layouts(as_json=options["json"])
            elif action == "solve":
                self._solve(
                    options["code"],
                    options["history"],
                    options["time_limit"],
                    as_json=options["json"],
                    solver=options["solver"],
                )
            elif action == "survey":
                self._survey(
                    options["layout"],
                    options["deals"],
                    options["seed"],
                    options["time_limit"],
                    start=options["start"],
                    save=options["save"],
                    combine=options["combine"],
                    solver=options["solver"],
                    jobs=options["jobs"],
                )
            else:
                self.stdout.write(str(random_code(options["layout"])))
        except InvalidGameCode as error:
            raise CommandError(str(error)) from error

    def _deal(self, code: str, *, as_json: bool) -> None:
        deal = deal_for(code)
        if as_json:
            tiles = [
                {"id": i, "x": x, "y": y, "z": z, "face": deal.faces[i]}
                for i, (x, y, z) in enumerate(deal.layout.positions)
            ]
            data = {
                "code": str(deal.code),
                "layout": deal.layout.id,
                "tiles": tiles,
                "plan": [list(pair) for pair in deal.plan],
            }
            self.stdout.write(json.dumps(data))
            return
        self.stdout.write(f"{deal.code}  {deal.layout.id} {deal.layout.name}")
        for z in sorted({p[2] for p in deal.layout.positions}):
            row = [f"{deal.faces[i]}" for i, p in enumerate(deal.layout.positions) if p[2] == z]
            self.stdout.write(f"layer {z} ({len(row)}): {' '.join(row)}")
        plan = " ".join(f"{a}-{b}" for a, b in deal.plan)
        self.stdout.write(f"plan: {plan}")

    def _layouts(self, *, as_json: bool) -> None:
        rows = [
            {
                "id": layout.id,
                "name": layout.name,
                "tiles": len(layout.positions),
                "free_at_start": layout.initial_free_count(),
            }
            for layout in (get_layout(lid) for lid in LAYOUTS)
        ]
        if as_json:
            self.stdout.write(json.dumps(rows))
            return
        for row in rows:
            self.stdout.write(
                f"{row['id']}  {row['name']:<16} {row['tiles']} tiles, "
                f"{row['free_at_start']} free at the start"
            )

    def _solve(
        self,
        code: str,
        history_text: str,
        time_limit: float,
        *,
        as_json: bool,
        solver: str | None = None,
    ) -> None:
        history = _parse_history(history_text)
        try:
            board = Board.from_code(code, history)
        except MoveError as error:
            raise CommandError(f"history is not legal play: {error}") from error
        deal = board.deal
        present = present_mask(deal, history)
        chosen = _solver(deal.layout.geometry, deal.faces, solver)
        solution = chosen.solve(present, time_limit=time_limit)
        plan = [list(pair) for pair in solution.plan] if solution.plan is not None else None
        if as_json:
            data = {
                "code": str(deal.code),
                "removed": len(history),
                "verdict": solution.verdict.value,
                "winnable": solution.winnable,
                "plan": plan,
            }
            self.stdout.write(json.dumps(data))
            return
        self.stdout.write(f"{deal.code} after {len(history)} pairs: {solution.verdict.value}")
        if plan is not None:
            self.stdout.write("plan: " + " ".join(f"{a}-{b}" for a, b in plan))

    def _survey(
        self,
        layout_id: str,
        deals: int,
        seed: int,
        time_limit: float,
        *,
        start: int = 0,
        save: str | None = None,
        combine: list[str] | None = None,
        solver: str | None = None,
        jobs: int = 1,
    ) -> None:
        if combine:
            try:
                parts = [SurveyResult.from_json(json.loads(Path(f).read_text())) for f in combine]
                result = SurveyResult.combine(parts)
            except (OSError, ValueError, KeyError) as error:
                raise CommandError(f"cannot combine: {error}") from error
            for line in result.lines():
                self.stdout.write(line)
            return
        if deals < 1:
            raise CommandError("--deals must be at least 1")
        if start < 0:
            raise CommandError("--start must not be negative")
        if jobs < 0:
            raise CommandError("--jobs must not be negative")
        jobs = jobs or os.cpu_count() or 1
        layout = get_layout(layout_id)
        _checked(solver)
        result = survey(layout, deals, seed, time_limit, start=start, solver=solver, jobs=jobs)
        if save:
            Path(save).write_text(json.dumps(result.to_json()))
        for line in result.lines():
            self.stdout.write(line)
        self.stdout.write(f"solver: {_checked(solver)}, {jobs} process(es)")


_SOLVER_ARGS = ("--solver",)


def _solver_option() -> dict:
    return {
        "choices": native.NAMES,
        "default": None,
        "help": f"The solver to run ({native.NAME} here: native when built, else python).",
    }


def _checked(name: str | None) -> str:
    try:
        return native.checked(name)
    except (ValueError, RuntimeError) as error:
        raise CommandError(str(error)) from error


def _solver(geometry, faces, name: str | None):
    return native.solver_for(geometry, faces, _checked(name))


def _parse_history(text: str) -> list[tuple[int, int]]:
    pairs = []
    for item in text.replace(",", " ").split():
        a, sep, b = item.partition("-")
        if not sep or not a.strip().isdigit() or not b.strip().isdigit():
            raise CommandError(f"bad pair {item!r} in --history: write tile ids as 12-40")
        pairs.append((int(a), int(b)))
    return pairs
