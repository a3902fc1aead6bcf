"""Tap-to-paint on the play page in Chromium: from the finger (pointerdown) to the first
frame that shows what the tap did, for each tile set, selections and matches apart.

Run with ``make bench`` (or ``python bench/tap.py [--taps N] [--url URL]``). Without
``--url`` it starts Django's development server (local settings, DEBUG on, a fresh SQLite
database in a temporary directory, migrated) on 127.0.0.1 and stops it at the end.
Headless Chromium (``/usr/bin/chromium``, else Playwright's) plays fresh Turtle deals:
each tap is a real mouse click on a free tile (with a selection, every other tap aims at a
tile of its match class, so that about a third of the taps are matches; the others are
selections, moved selections and unselections, as a player's taps come; 250 ms apart, a
fast player's pause), with the page's own script measuring:

* tap-to-paint: from the pointerdown's timestamp until the frame after the board drew the
  tap (its board:predicted event, or board:applied when it drew only the answer) has been
  produced (a message posted from that frame's requestAnimationFrame runs once its style,
  layout and paint are done). The board draws a tap before the server answers, so the
  round trip is not inside it; it is printed beside it: tap-to-answer, until the server's
  answer is drawn (board:applied);
* the Event Timing API's duration of the same pointerdown and click (input to the next
  paint of their own handlers, the browser's "interaction to next paint").

Two runs, one page each, with everything on (movement and sounds): the classic and the
Digits set, one tap each in turns, each once the page before has settled (its answer
drawn, its movement over), so that both see the same load of the machine. Median and p95
per run and kind; budgets, for each tile set: a selection's p95 at most 20 ms, a match's
at most 50 ms. Each budget line prints ok / OVER; the script exits non-zero when one is
over.
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

BUDGET_SELECT_P95_MS = 20
BUDGET_MATCH_P95_MS = 50
#: After each tap: a fast player's pause between two taps.
PAUSE_MS = 250

# Installed before any script of the page: every tap's tap-to-paint and tap-to-answer,
# what it did, and the Event Timing entries of taps. The tap is drawn when the board says
# so (board:predicted, or board:applied for a tap it drew only on its answer); the frame
# that shows it has been produced once its animation frame callbacks, style, layout and
# paint have run, which a message posted from requestAnimationFrame waits for. (Not a
# mutation of the tiles: a click moves the keyboard's roving tabindex at once.)
MEASURE = """
window.__taps = [];
window.__events = [];
let pending = null;
document.addEventListener('pointerdown', (event) => {
  if (event.target.closest && event.target.closest('#board-tiles .tile')) {
    pending = {start: event.timeStamp, painted: null, kind: null};
  }
}, true);
const painted = (tap, kind) => {
  tap.kind = kind;
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { tap.painted = performance.now() - tap.start; };
    channel.port2.postMessage(null);
  });
};
document.addEventListener('DOMContentLoaded', () => {
  const board = document.getElementById('board');
  board.addEventListener('board:predicted', (event) => {
    if (pending && pending.kind === null) painted(pending, event.detail.answer.event);
  });
  board.addEventListener('board:applied', (event) => {
    if (pending === null) return;
    const tap = pending;
    pending = null;
    if (tap.kind === null) painted(tap, event.detail.answer.event);
    const answered = performance.now() - tap.start;
    const record = () => (tap.painted === null ? setTimeout(record, 5)
      : window.__taps.push([tap.kind, tap.painted, answered]));
    record();
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'pointerdown' || entry.name === 'click') window.__events.push(entry.duration);
    }
  }).observe({type: 'event', durationThreshold: 16, buffered: true});
});
"""

RESET = "window.__taps = []; window.__events = [];"

SELECTIONS = {"selected", "selection_moved", "deselected"}
MATCHES = {"removed", "stuck", "won"}

# The page's movement is over: no animation of a set length still running (the hint's
# and the guide's pulses run for ever).
SETTLED = """() => document.getAnimations().every((animation) =>
  animation.playState !== 'running' || animation.effect.getComputedTiming().endTime === Infinity)"""

# A free tile in view, and where to click it; with wantMatch and a selection, one of the
# selected tile's match class where one is free (the class as the server sent it).
FREE_TILE = """(wantMatch) => {
  const game = document.getElementById('board').controller.game;
  const free = [...document.querySelectorAll('#board-tiles .tile.is-free:not([hidden])')]
    .filter((tile) => {
      const box = tile.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return hit && hit.closest('.tile') === tile;
    });
  if (!free.length) return null;
  let pool = free;
  if (wantMatch && game.selected != null) {
    const wanted = game.tiles[game.selected].match;
    const matching = free.filter((tile) => Number(tile.dataset.id) !== game.selected
      && game.tiles[Number(tile.dataset.id)].match === wanted);
    if (matching.length) pool = matching;
  }
  const tile = pool[Math.floor(Math.random() * pool.length)];
  const box = tile.getBoundingClientRect();
  return [box.x + box.width / 2, box.y + box.height / 2];
}"""

# No tap waits for its answer.
ANSWERED = "() => document.getElementById('board').controller.waiting === 0"


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
    """One page of one tile set: taps on fresh Turtle deals, their tap-to-paint and
    tap-to-answer times by kind, and Event Timing durations (ms)."""

    def __init__(self, browser, url: str, *, tile_set: str):
        self.url = url
        self.context = browser.new_context(viewport={"width": 1280, "height": 800})
        self.context.add_init_script(f"localStorage.setItem('mahjong.tileSet', '{tile_set}');")
        self.context.add_init_script(MEASURE)
        self.page = self.context.new_page()
        self.painted: dict[str, list[float]] = {"selection": [], "match": []}
        self.answered: dict[str, list[float]] = {"selection": [], "match": []}
        self.events: list[float] = []
        self.taps = 0
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
        for kind, painted, answered in self.page.evaluate("window.__taps"):
            group = "match" if kind in MATCHES else "selection" if kind in SELECTIONS else None
            if group:
                self.painted[group].append(painted)
                self.answered[group].append(answered)
        self.events.extend(self.page.evaluate("window.__events"))
        self.page.evaluate(RESET)

    def tap(self) -> None:
        page = self.page
        if self.fresh:
            self.deal()
        want_match = self.taps % 2 == 1
        point = page.evaluate(FREE_TILE, want_match)
        state = page.evaluate("document.getElementById('board').controller.game.state")
        if point is None or state != "playing":
            self.deal()  # nothing left to tap: a new deal
            point = page.evaluate(FREE_TILE, want_match)
        before = page.evaluate("window.__taps.length")
        page.mouse.click(*point)
        page.wait_for_function(
            "(before) => window.__taps.length > before", arg=before, timeout=10_000
        )
        page.wait_for_function(ANSWERED, polling=20, timeout=10_000)
        page.wait_for_function(SETTLED, polling=50, timeout=10_000)
        page.wait_for_timeout(PAUSE_MS)
        self.taps += 1

    def close(self) -> None:
        self.collect()
        self.context.close()


def figures(values: list[float]) -> str:
    if not values:
        return "none measured"
    return (
        f"{statistics.median(values):.1f} / {p95(values):.1f} / {max(values):.1f}"
        f" ({len(values)} taps)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=100, help="taps per run (default 100)")
    parser.add_argument("--url", help="a running site to measure instead of a fresh one")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    with site(args.url, start_server, prefix="mahjong-tap-") as url:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            runs = {
                "classic": Run(browser, url, tile_set="classic"),
                "Digits": Run(browser, url, tile_set="digits"),
            }
            # In turns, a tap each: a burst of load from elsewhere on the machine falls on
            # both alike (with ten taps a turn, one run could take all of it, and its p95
            # with it).
            for _round in range(max(1, args.taps)):
                for each in runs.values():
                    each.tap()
            for each in runs.values():
                each.close()
            browser.close()

    budgets = Budgets()
    load = ", ".join(f"{figure:.1f}" for figure in os.getloadavg())
    print(f"machine: {os.cpu_count()} cores, load average {load} (1, 5, 15 min) at the end")
    print(f"{args.taps} taps per run; ms, median / p95 / max:")
    for name, result in runs.items():
        events = result.events
        timing = (
            f"{len(events)} entries over 16 ms, longest {max(events):.0f} ms"
            if events
            else "no entry over 16 ms"
        )
        print(f"  {name}: Event Timing {timing}")
        for group in ("selection", "match"):
            print(f"    {group} tap-to-paint: {figures(result.painted[group])}")
            print(
                f"    {group} tap-to-answer (the round trip inside): "
                f"{figures(result.answered[group])}"
            )
        for group, limit in (("selection", BUDGET_SELECT_P95_MS), ("match", BUDGET_MATCH_P95_MS)):
            painted = result.painted[group]
            budgets.at_most(
                f"{name} {group} tap-to-paint p95", p95(painted) if painted else None, limit, "ms"
            )
    return budgets.exit_code()


if __name__ == "__main__":
    sys.exit(main())
