"""Many players at once: Locust (headless) against the production stack on 127.0.0.1.

Run with ``make bench`` or ``python bench/load.py [--players 50 100 200] [--seconds 40]``.
The script

1. starts a private PostgreSQL and Redis in a temporary folder, and the production stack
   of deploy/stack.py on them: two app servers (gunicorn, 2 workers x 4 threads each)
   behind nginx. The rate limits are raised for the run (every player comes from
   127.0.0.1; the limits are for real clients, not for this measurement);
2. for each number of players, starts that many simulated players with Locust (in this
   process, headless): each opens the play page, creates a game, plays it to the end tap
   by tap following the deal's winning plan, asks for a hint now and then, and starts
   another game. A player thinks 0.5 to 1.5 s between taps, as a person does. Players
   are added over a few seconds; figures count from when all are playing, for
   ``--seconds`` seconds;
3. prints, per number of players: requests per second, p50/p95/p99 per tap, per hint
   and per new game, and the errors (any answer that is not the expected 2xx);
4. checks its budgets: 0 errors at every size, p99 tap <= 50 ms at 200
   players.

Bounded in time (``--seconds`` per size, and a hard stop) and in count; it sends
traffic to 127.0.0.1 only, and stops every process it started. Timing figures depend on
what else the machine runs: the machine is shared, so compare runs made together.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

# Locust patches the standard library with gevent when imported: before anything that
# loads ssl (requests, urllib.request), so the project's imports come after it.
import gevent
from locust import FastHttpUser, between, events, task
from locust.env import Environment

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.budget import Budgets  # noqa: E402
from deploy.playclient import own_deal, plan_taps  # noqa: E402
from deploy.stack import private_stack  # noqa: E402

HINT_EVERY = 25  # taps between two hints
HARD_STOP_S = 900


class Player(FastHttpUser):
    """A person playing: one request per step, a think time between steps."""

    wait_time = between(0.5, 1.5)

    def on_start(self) -> None:
        self.client.get("/sv/play/", name="play page")
        self.game = None
        self.taps: list[int] = []
        self.done = 0
        self.since_hint = 0

    def _post(self, path: str, body: str, name: str, expected: int):
        token = next((c.value for c in self.client.cookiejar if c.name == "csrftoken"), "")
        headers = {"X-CSRFToken": token, "Content-Type": "application/json"}
        with self.client.post(
            path, data=body, headers=headers, name=name, catch_response=True
        ) as response:
            if response.status_code != expected:
                response.failure(f"status {response.status_code}")
                return None
            return response

    @task
    def step(self) -> None:
        if self.game is None or self.done >= len(self.taps):
            body = json.dumps(own_deal())
            response = self._post("/api/games", body, "new game", 201)
            if response is not None:
                self.game = response.json()
                self.taps = plan_taps(self.game["code"])
                self.done = 0
            return
        game_id = self.game["id"]
        if self.since_hint >= HINT_EVERY and self.done % 2 == 0:
            self.since_hint = 0
            self._post(f"/api/games/{game_id}/hint", "{}", "hint", 200)
            return
        tile = self.taps[self.done]
        if self._post(f"/api/games/{game_id}/tap", f'{{"tile": {tile}}}', "tap", 200) is None:
            self.game = None  # start afresh, as a player would after an error
            return
        self.done += 1
        self.since_hint += 1


def figures(stats, name: str, method: str = "POST") -> dict:
    entry = stats.get(name, method)
    return {
        "count": entry.num_requests,
        "failures": entry.num_failures,
        "p50": entry.get_response_time_percentile(0.5),
        "p95": entry.get_response_time_percentile(0.95),
        "p99": entry.get_response_time_percentile(0.99),
    }


def run_size(url: str, players: int, seconds: float) -> dict:
    """``players`` players for ``seconds`` once all are playing; their figures."""
    environment = Environment(user_classes=[Player], host=url, events=events)
    runner = environment.create_local_runner()
    spawn_rate = max(10, players / 5)
    runner.start(players, spawn_rate=spawn_rate)
    deadline = time.monotonic() + 60
    while runner.user_count < players and time.monotonic() < deadline:
        gevent.sleep(0.5)
    gevent.sleep(2)  # every player has opened the page and started a game
    environment.stats.reset_all()
    started = time.monotonic()
    gevent.sleep(seconds)
    elapsed = time.monotonic() - started
    stats = environment.stats
    result = {
        "players": players,
        "rps": stats.total.num_requests / elapsed,
        "errors": stats.total.num_failures,
        "tap": figures(stats, "tap"),
        "hint": figures(stats, "hint"),
        "new game": figures(stats, "new game"),
        "error kinds": {
            f"{e.method} {e.name}: {e.error}": e.occurrences for e in stats.errors.values()
        },
    }
    runner.quit()
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[50, 100, 200])
    parser.add_argument("--seconds", type=float, default=40, help="measured time per size")
    args = parser.parse_args()
    gevent.spawn_later(HARD_STOP_S, lambda: sys.exit("load.py: hard time limit reached"))

    budgets = Budgets()
    with private_stack(
        "load", app_servers=2, workers=2, threads=4, DJANGO_LOG_LEVEL="ERROR"
    ) as running:
        print(
            f"Stack: nginx -> 2 app servers (gunicorn, 2 workers x 4 threads) -> private "
            f"PostgreSQL and Redis; {args.seconds:.0f} s measured per size; players "
            "think 0.5-1.5 s between taps; a hint every "
            f"{HINT_EVERY} taps. Shared machine: figures are noisy.",
            flush=True,
        )
        results = [run_size(running.url, n, args.seconds) for n in args.players]

    print(
        f"{'players':>7} {'req/s':>7} {'errors':>6}  "
        + "  ".join(f"{name + ' p50/p95/p99 ms':>24}" for name in ("tap", "hint", "new game"))
    )
    for r in results:
        cells = "  ".join(
            f"{r[name]['p50']:>6.0f} {r[name]['p95']:>6.0f} {r[name]['p99']:>6.0f} ({r[name]['count']:>5})"
            for name in ("tap", "hint", "new game")
        )
        print(f"{r['players']:>7} {r['rps']:>7.1f} {r['errors']:>6}  {cells}")
        for kind, count in r["error kinds"].items():
            print(f"        error: {kind}: {count}")
    for r in results:
        budgets.at_most(f"errors at {r['players']} players", r["errors"], 0)
    largest = max(results, key=lambda r: r["players"])
    budgets.at_most(f"p99 tap at {largest['players']} players", largest["tap"]["p99"], 50, "ms")
    return budgets.exit_code()


if __name__ == "__main__":
    sys.exit(main())
