"""``manage.py mahjong``: deals, layouts and new codes for people and scripts."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from game.engine import LAYOUTS, InvalidGameCode, deal_for, get_layout, random_code


class Command(BaseCommand):
    help = "Inspect Mahjong deals and layouts: deal CODE, layouts, new LAYOUT."

    def add_arguments(self, parser):
        sub = parser.add_subparsers(dest="action", required=True)
        deal = sub.add_parser("deal", help="The tiles and winning plan of a game code.")
        deal.add_argument("code", help="A game code such as MJ1-L00-AAAAABL.")
        deal.add_argument("--json", action="store_true", help="Print JSON.")
        layouts = sub.add_parser("layouts", help="The layouts on offer.")
        layouts.add_argument("--json", action="store_true", help="Print JSON.")
        new = sub.add_parser("new", help="A fresh random code for a layout.")
        new.add_argument("layout", help="A layout id such as L00.")

    def handle(self, *args, action: str, **options):
        try:
            if action == "deal":
                self._deal(options["code"], as_json=options["json"])
            elif action == "layouts":
                self._layouts(as_json=options["json"])
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
