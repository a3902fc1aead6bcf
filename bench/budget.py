"""Budget lines for the benchmarks: each figure printed next to its limit and a verdict.

Every script in ``bench/`` checks its budgets through one ``Budgets`` and ends with
``sys.exit(budgets.exit_code())``, so a run with any budget over exits non-zero (and
``make bench`` stops there)::

    from bench.budget import Budgets

    budgets = Budgets()
    budgets.at_most("Turtle deal with plan, median", 0.31, 0.5, "ms")
    budgets.at_least("rules page cache speed-up", 7.9, 2, "x")
    sys.exit(budgets.exit_code())

prints::

    budget: Turtle deal with plan, median: 0.31 ms (at most 0.5 ms): ok
    budget: rules page cache speed-up: 7.9 x (at least 2 x): ok
    budgets: 2 ok, 0 OVER

A figure that could not be measured is a failed budget too (``missing``): a benchmark
that silently skips its measurement must not pass.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

OK = "ok"
OVER = "OVER"


def _number(value: float) -> str:
    """Short and exact enough for a budget line: three significant digits, no exponent."""
    if abs(value) >= 100 or float(value).is_integer():
        return f"{value:,.0f}"
    return f"{value:.3g}"


@dataclass
class Budgets:
    """The budget lines of one benchmark run, printed as they are checked."""

    lines: list[tuple[str, str]] = field(default_factory=list)  # (name, verdict)

    def at_most(self, name: str, value: float | None, limit: float, unit: str = "") -> bool:
        """Check that ``value`` is no more than ``limit`` (a time, a size, a ratio)."""
        return self._check(name, value, limit, unit, at_most=True)

    def at_least(self, name: str, value: float | None, limit: float, unit: str = "") -> bool:
        """Check that ``value`` is no less than ``limit`` (a rate, a speed-up)."""
        return self._check(name, value, limit, unit, at_most=False)

    def _check(self, name: str, value, limit: float, unit: str, *, at_most: bool) -> bool:
        bound = (
            f"{'at most' if at_most else 'at least'} {_number(limit)}{' ' + unit if unit else ''}"
        )
        if value is None or (isinstance(value, float) and math.isnan(value)):
            verdict, figure = OVER, "missing"
        else:
            within = value <= limit if at_most else value >= limit
            verdict = OK if within else OVER
            figure = f"{_number(value)}{' ' + unit if unit else ''}"
        self.lines.append((name, verdict))
        print(f"budget: {name}: {figure} ({bound}): {verdict}", flush=True)
        return verdict == OK

    @property
    def over(self) -> list[str]:
        """The names of the budgets that are over, in the order they were checked."""
        return [name for name, verdict in self.lines if verdict == OVER]

    def exit_code(self) -> int:
        """Print the summary line; 1 when any budget is over (or none was checked), else 0."""
        over = self.over
        print(f"budgets: {len(self.lines) - len(over)} ok, {len(over)} OVER", end="")
        print(f" ({'; '.join(over)})" if over else "", flush=True)
        if not self.lines:
            print("budgets: none was checked", flush=True)
            return 1
        return 1 if over else 0
