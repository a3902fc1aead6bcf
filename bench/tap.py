"""Tap-to-paint on the play page in Chromium: from the finger (pointerdown) to the first
frame that shows the server's answer, for each tile set, against a baseline measured in
the same run.

Run with ``make bench`` (or ``python bench/tap.py [--taps N] [--url URL]``). Without
``--url`` it starts Django's development server (local settings, DEBUG on, a fresh SQLite
database in a temporary directory, migrated) on 127.0.0.1 and stops it at the end.
Headless Chromium (``/usr/bin/chromium``, else Playwright's) plays fresh Turtle deals:
each tap is a real mouse click on a random free tile (a selection, a moved selection or a
removal, as a player's taps come; 250 ms apart, a fast player's pause, though a page's
next tap comes after the other three pages' taps), with the page's own script measuring:

* tap-to-paint: from the pointerdown's timestamp until the frame after the board drew
  the answer (its board:applied event) has been produced (a message posted from that
  frame's requestAnimationFrame runs once its style, layout and paint are done); the
  server's round trip is inside it, as a player feels it; its two parts are printed
  too, median / p95: the tap request (its Resource Timing duration: the server and the
  network) and the page's own time (the rest: events, drawing, the frame);
* the Event Timing API's duration of the same pointerdown and click (input to the next
  paint of their own handlers, the browser's "interaction to next paint").

Four runs, one page each: the baseline (the Digits set with the movement and sounds of
static/js/feel.js blocked: the board as it answered before them), the classic set with
them blocked too, then the classic and the Digits sets with everything. The runs take
one tap each in turns, each tap once the page before has settled (its tap drawn, its
movement over), so that the four see the same load of the machine and none taps while
another moves. Median and p95 per run; budgets: p95 at most 50 ms for each tile set,
and at most 1.25x the baseline's p95 (the noise of one run on a shared machine). Each
budget line prints ok / OVER; the script exits non-zero when one is over.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.budget import Budgets  # noqa: E402
from bench.serving import free_port, launch_chromium, serve, site  # noqa: E402

BUDGET_P95_MS = 50
BUDGET_VS_BASELINE = 1.25
#: After each tap: a fast player's pause between two taps.
PAUSE_MS = 250

# Installed before any script of the page: every tap's tap-to-paint, its server round
# trip, and the Event Timing entries of taps. The tap's answer is drawn when the board
# says so (board:applied, dispatched right after it drew the answer); the frame that shows
# it has been produced once its animation frame callbacks, style, layout and paint have
# run, which a message posted from requestAnimationFrame waits for. (Not a mutation of
# the tiles: a click moves the keyboard's roving tabindex at once, long before the
# answer.)
MEASURE = """
window.__taps = [];
window.__events = [];
let pending = null;
document.addEventListener('pointerdown', (event) => {
  if (event.target.closest && event.target.closest('#board-tiles .tile')) {
    pending = event.timeStamp;
  }
}, true);
// The Resource Timing duration of this tap's request (sent after its pointerdown).
const roundTrip = (start) => {
  const sent = performance.getEntriesByType('resource')
    .filter((entry) => /\\/tap$/.test(entry.name) && entry.startTime >= start);
  return sent.length ? sent[sent.length - 1].duration : null;
};
document.addEventListener('DOMContentLoaded', () => {
  document.getElementById('board').addEventListener('board:applied', () => {
    if (pending === null) return;
    const start = pending;
    pending = null;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => window.__taps.push([performance.now() - start, roundTrip(start)]);
      channel.port2.postMessage(null);
    });
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'pointerdown' || entry.name === 'click') window.__events.push(entry.duration);
    }
  }).observe({type: 'event', durationThreshold: 16, buffered: true});
});
"""

RESET = "window.__taps = []; window.__events = []; performance.clearResourceTimings();"

# The page's movement is over: no animation of a set length still running (the hint's
# and the guide's pulses run for ever).
SETTLED = """() => document.getAnimations().every((animation) =>
  animation.playState !== 'running' || animation.effect.getComputedTiming().endTime === Infinity)"""

FREE_TILE = """() => {
  const free = [...document.querySelectorAll('#board-tiles .tile.is-free:not([hidden])')]
    .filter((tile) => {
      const box = tile.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return hit && hit.closest('.tile') === tile;
    });
  if (!free.length) return null;
  const tile = free[Math.floor(Math.random() * free.length)];
  const box = tile.getBoundingClientRect();
  return [box.x + box.width / 2, box.y + box.height / 2];
}"""


def start_server(tmp: Path) -> tuple[subprocess.Popen, str]:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "mahjongsite.settings.local",
        "DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3",
        "DJANGO_RATE_LIMIT_MOVE": "100000/m",
        "DJANGO_RATE_LIMIT_CHECK": "100000/m",
        "DJANGO_RATE_LIMIT_GAME_CREATE": "10000/m",
    }
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "-v0"], env=env, check=True, cwd=ROOT)
    port = free_port()
    return serve([*manage, "runserver", "--noreload", f"127.0.0.1:{port}"], env, port, tries=200)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


class Run:
    """One page of one tile set: taps on fresh Turtle deals, their tap-to-paint times and
    Event Timing durations (ms)."""

    def __init__(self, browser, url: str, *, tile_set: str, effects: bool):
        self.url = url
        self.context = browser.new_context(viewport={"width": 1280, "height": 800})
        self.context.add_init_script(f"localStorage.setItem('mahjong.tileSet', '{tile_set}');")
        self.context.add_init_script(MEASURE)
        if not effects:
            self.context.route("**/js/feel*.js", lambda route: route.abort())
        self.page = self.context.new_page()
        self.taps: list[float] = []
        self.events: list[float] = []
        self.server: list[float] = []  # the tap request's round trip
        self.page_part: list[float] = []  # tap-to-paint without it: the page's own time
        self.fresh = True

    def deal(self) -> None:
        page = self.page
        self.collect()
        page.goto(f"{self.url}/sv/play/?layout=L00")
        page.wait_for_selector('#board[aria-busy="false"]')
        page.wait_for_timeout(300)  # the page settles: its first paints are not taps
        page.evaluate(RESET)
        self.fresh = False

    def collect(self) -> None:
        if self.fresh:
            return
        for total, server in self.page.evaluate("window.__taps"):
            self.taps.append(total)
            if server is not None:
                self.server.append(server)
                self.page_part.append(total - server)
        self.events.extend(self.page.evaluate("window.__events"))
        self.page.evaluate(RESET)

    def tap(self, count: int) -> None:
        page = self.page
        if self.fresh:
            self.deal()
        for _ in range(count):
            point = page.evaluate(FREE_TILE)
            state = page.evaluate("document.getElementById('board').controller.game.state")
            if point is None or state != "playing":
                self.deal()  # nothing left to tap: a new deal
                point = page.evaluate(FREE_TILE)
            before = page.evaluate("window.__taps.length")
            page.mouse.click(*point)
            page.wait_for_function(
                "(before) => window.__taps.length > before", arg=before, timeout=10_000
            )
            page.wait_for_function(SETTLED, polling=50, timeout=10_000)
            page.wait_for_timeout(PAUSE_MS)
        self.collect()

    def close(self) -> None:
        self.context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=100, help="taps per run (default 100)")
    parser.add_argument("--url", help="a running site to measure instead of a fresh one")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    with site(args.url, start_server, prefix="mahjong-tap-") as url:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            runs = [
                ("baseline (Digits, no movement or sound)", "digits", False),
                ("classic, no movement or sound", "classic", False),
                ("classic", "classic", True),
                ("Digits", "digits", True),
            ]
            figures = {
                name: Run(browser, url, tile_set=tile_set, effects=effects)
                for name, tile_set, effects in runs
            }
            # In turns, a tap each: a burst of load from elsewhere on the machine falls on
            # the four alike (with ten taps a turn, one run could take all of it, and its
            # p95 with it).
            for _round in range(max(1, args.taps)):
                for each in figures.values():
                    each.tap(1)
            for each in figures.values():
                each.close()
            browser.close()

    budgets = Budgets()
    baseline = None
    load = ", ".join(f"{figure:.1f}" for figure in os.getloadavg())
    print(f"machine: {os.cpu_count()} cores, load average {load} (1, 5, 15 min) at the end")
    print(f"tap-to-paint, {args.taps} taps per run, ms (median / p95 / max), Event Timing:")
    for name, result in figures.items():
        taps = result.taps
        if not taps:
            print(f"  {name}: no tap measured")
            budgets.at_most(f"{name} tap-to-paint p95", None, BUDGET_P95_MS, "ms")
            continue
        events = result.events
        timing = (
            f"{len(events)} entries over 16 ms, longest {max(events):.0f} ms"
            if events
            else "no entry over 16 ms"
        )
        server, own = result.server, result.page_part
        round_trip = (
            f"; of it the request {statistics.median(server):.1f} / {p95(server):.1f},"
            f" the page {statistics.median(own):.1f} / {p95(own):.1f}"
            if server
            else ""
        )
        print(
            f"  {name}: {statistics.median(taps):.1f} / {p95(taps):.1f} / {max(taps):.1f}"
            f" ({len(taps)} taps){round_trip}; {timing}"
        )
        if baseline is None:
            baseline = p95(taps)
            continue
        budgets.at_most(f"{name} tap-to-paint p95", p95(taps), BUDGET_P95_MS, "ms")
        budgets.at_most(
            f"{name} p95 against the baseline's", p95(taps) / baseline, BUDGET_VS_BASELINE, "x"
        )
    return budgets.exit_code()


if __name__ == "__main__":
    sys.exit(main())
