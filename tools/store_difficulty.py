"""Write mahjong/rules/difficulty.json from saved survey runs.

Each layout is surveyed in stretches of the same seed's uniform deals, each saved as
JSON (``manage.py mahjong survey --layout L03 --deals 1000 --start 2000 --save
L03-2000.json``)::

    python tools/store_difficulty.py SURVEY.json [SURVEY.json …]

puts the stretches of each layout together (they must join without gap or overlap,
see ``SurveyResult.combine``, and start at deal 0 or where the stored figures of the same
seed and time limit end) and stores, per layout, how many deals were surveyed,
how many cannot be won and how many stayed undecided. A layout with no saved run keeps
what the file held for it. The figures printed are those stored.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mahjong import LAYOUTS  # noqa: E402
from mahjong.rules import difficulty  # noqa: E402
from mahjong.solver.survey import SurveyResult  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", type=Path, help="saved survey runs (JSON)")
    parser.add_argument("--solver", default="native", help="the solver the runs used (native)")
    args = parser.parse_args()
    parts = defaultdict(list)
    for path in args.runs:
        result = SurveyResult.from_json(json.loads(path.read_text()))
        parts[result.layout].append(result)
    stored = json.loads(difficulty.DATA.read_text()) if difficulty.DATA.exists() else {}
    layouts = stored.get("layouts", {})
    seeds, limits = set(), set()
    for layout_id, runs in parts.items():
        if layout_id not in LAYOUTS:
            sys.exit(f"no layout {layout_id!r}")
        whole = SurveyResult.combine(runs)
        before = {"deals": 0, "not_winnable": 0, "undecided": 0}
        if whole.start != 0:
            # Runs that go on from the stored figures extend them, if of the same survey.
            survey = stored.get("survey", {})
            same = (survey.get("seed"), survey.get("time_limit_cpu_seconds")) == (
                whole.seed,
                whole.time_limit,
            )
            before = layouts.get(layout_id, before)
            if not same or before["deals"] != whole.start:
                sys.exit(
                    f"{layout_id}: the runs start at deal {whole.start}, neither at 0 nor "
                    f"where the stored survey of the same seed and time limit ends"
                )
        seeds.add(whole.seed)
        limits.add(whole.time_limit)
        layouts[layout_id] = {
            "deals": before["deals"] + whole.deals,
            "not_winnable": before["not_winnable"] + whole.not_winnable,
            "undecided": before["undecided"] + whole.undecided,
        }
    if len(seeds) > 1 or len(limits) > 1:
        sys.exit(f"runs of different seeds {sorted(seeds)} or time limits {sorted(limits)}")
    data = {
        "survey": {
            "what": "uniform random deals per layout (every arrangement of the 144 tiles "
            "equally likely), each decided by the exact solver",
            "seed": seeds.pop(),
            "first_deal": 0,
            "time_limit_cpu_seconds": limits.pop(),
            "solver": args.solver,
            "date": time.strftime("%Y-%m-%d", time.gmtime()),
        },
        "layouts": {layout_id: layouts[layout_id] for layout_id in sorted(layouts)},
    }
    difficulty.DATA.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    difficulty.survey_data.cache_clear()
    for layout_id in sorted(layouts):
        found = difficulty.difficulty(layout_id)
        print(
            f"{layout_id}: {found.not_winnable} of {found.decided} not winnable = "
            f"{100 * found.share:.2f} % (95 % interval {100 * found.low:.2f}–"
            f"{100 * found.high:.2f} %), undecided {found.undecided}"
        )


if __name__ == "__main__":
    main()
