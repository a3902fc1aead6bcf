"""The statistics page's chart of recent winning times, drawn by the server.

Only geometry and text: the template turns it into inline SVG with classes for the
colours (the Content-Security-Policy allows no inline style).
"""

from __future__ import annotations

from dataclasses import dataclass

from wording import formatting

from .stats import Win

WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 72, 12, 14, 34
# Grid steps in seconds: the chart uses the smallest that needs at most four lines.
STEPS = [15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200]


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    label: str  # "3. 4:05 – 30 nov. 2026"


@dataclass(frozen=True)
class GridLine:
    y: float
    label: str


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    left: int
    right: float
    baseline: float
    bars: list[Bar]
    grid: list[GridLine]
    first_label: str
    last_label: str


def _step(longest_s: float) -> int:
    return next((step for step in STEPS if longest_s <= step * 4), STEPS[-1])


def winning_times_chart(wins: list[Win]) -> Chart | None:
    """A bar per win, oldest on the left, the height its time; ``None`` without wins."""
    if not wins:
        return None
    longest_s = max(win.elapsed_ms for win in wins) / 1000
    step = _step(longest_s)
    top_s = step * max(1, -(-longest_s // step))
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM
    baseline = TOP + plot_h
    slot = plot_w / len(wins)
    bar_w = min(40.0, slot * 0.7)
    bars = []
    for index, win in enumerate(wins):
        height = max(1.0, plot_h * (win.elapsed_ms / 1000) / top_s)
        bars.append(
            Bar(
                x=round(LEFT + slot * index + (slot - bar_w) / 2, 1),
                y=round(baseline - height, 1),
                width=round(bar_w, 1),
                height=round(height, 1),
                label=f"{formatting.clock(win.elapsed_ms)} – {formatting.day(win.finished_at)}",
            )
        )
    grid = [
        GridLine(
            y=round(baseline - plot_h * (seconds / top_s), 1),
            label=formatting.clock(seconds * 1000),
        )
        for seconds in range(0, int(top_s) + 1, step)
    ]
    # The axis uses the page's one date style, the same as the table of wins below it.
    first_day = formatting.day(wins[0].finished_at)
    last_day = formatting.day(wins[-1].finished_at)
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        left=LEFT,
        right=WIDTH - RIGHT,
        baseline=baseline,
        bars=bars,
        grid=grid,
        first_label=first_day,
        # One date is enough when the first and the last win share it (one win, say).
        last_label=last_day if last_day != first_day else "",
    )
