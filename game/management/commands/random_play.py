"""``manage.py random_play``: how often a player who does not plan gets stuck on each
layout's site deals; with ``--write`` the figures the gallery shows are stored anew."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from mahjong import LAYOUTS
from mahjong.rules import difficulty
from mahjong.solver.random_play import survey_random_play


class Command(BaseCommand):
    help = (
        "Play each layout's site deals 0..N-1 once with random removable pairs and count "
        "how many get stuck (the gallery's difficulty)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--deals", type=int, default=1000, help="Deals per layout (1000).")
        parser.add_argument("--seed", type=int, default=1, help="Seed of the random choices (1).")
        parser.add_argument(
            "--layout", action="append", help="A layout id; repeat for several (all)."
        )
        parser.add_argument(
            "--write",
            action="store_true",
            help=f"Store the figures in {difficulty.RANDOM_PLAY_DATA.name} (all layouts only).",
        )

    def handle(self, *args, deals: int, seed: int, layout, write: bool, **options):
        layouts = layout or list(LAYOUTS)
        unknown = [name for name in layouts if name not in LAYOUTS]
        if unknown:
            raise CommandError(f"no layout {', '.join(unknown)}")
        if deals < 1:
            raise CommandError("--deals must be at least 1")
        if write and layout:
            raise CommandError("--write stores every layout: leave out --layout")
        results = {}
        for name in layouts:
            result = survey_random_play(name, deals, seed=seed)
            results[name] = result
            self.stdout.write(
                f"{name}  stuck {result.stuck:>5} of {result.deals}  ({result.share:6.1%})"
            )
        if write:
            data = {
                "what": "each layout's site deals 0..deals-1, played once each by removing a "
                "random removable pair until cleared or stuck; outcomes: 1 stuck, 0 cleared",
                "seed": seed,
                "layouts": {
                    name: {"deals": r.deals, "stuck": r.stuck, "outcomes": r.outcomes}
                    for name, r in results.items()
                },
            }
            difficulty.RANDOM_PLAY_DATA.write_text(
                json.dumps(data, indent=1) + "\n", encoding="utf-8"
            )
            self.stdout.write(f"written: {difficulty.RANDOM_PLAY_DATA.name}")
