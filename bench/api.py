"""API speed, against real server processes on 127.0.0.1.

Run with ``make bench`` (or ``python bench/api.py [--games N]``). The script

1. sets up a fresh SQLite database in a temporary directory, or the empty database named
   by ``--database-url`` / ``$BENCH_DATABASE_URL`` (migrate, collectstatic);
2. starts the production stack of ``make serve`` (``deploy/stack.py``): one gunicorn app
   server with the production settings (DEBUG off, hashed static files, sessions in a
   private Redis) behind nginx with the site's ``deploy/nginx.conf``, which compresses
   HTML and JSON as the load balancer does in production; ``--url`` measures an already
   running stack instead (e.g. ``make serve``). It stops every process it started;
3. plays whole games through the JSON API, tap by tap, following each deal's winning plan
   (the same requests the board sends), on keep-alive connections as a browser does;
   the first game is a warm-up and is not counted;
4. times the minimal JSON view ``GET /api/health`` next to every tap, interleaved (tap
   then health, health then tap, by turns), so both see the same server and load.

Budgets: a tap costs at most 3x the minimal view at the median; a tap's
answer is at most 1 KB. The play page's weight on the wire: bench/weight.py.
Loops are bounded by ``--games`` and a time limit. Each budget line prints its
verdict (ok / OVER); the script exits non-zero when one is over.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.budget import Budgets  # noqa: E402
from deploy.playclient import PlayClient, plan_taps  # noqa: E402
from deploy.private import PrivateRedis  # noqa: E402
from deploy.stack import Stack, prepare, production_env  # noqa: E402
from mahjong import GameCode  # noqa: E402

HOST = "127.0.0.1"
TIME_LIMIT_S = 240
ACCEPT_ENCODING = "gzip, br"


def fetch(client: PlayClient, method: str, path: str, body=None):
    """One request as a browser sends it (``Accept-Encoding: gzip, br``, on the client's
    keep-alive connection); the answer and its body as sent (still compressed)."""
    response = client.request(
        method, path, body, headers={"Accept-Encoding": ACCEPT_ENCODING}, stream=True
    )
    return response, response.raw.read(decode_content=False)


def decoded(response, raw: bytes) -> bytes:
    encoding = response.headers.get("Content-Encoding", "")
    if encoding == "gzip":
        return gzip.decompress(raw)
    if encoding == "br":
        import brotli  # whitenoise's dependency; only needed when a server sends br

        return brotli.decompress(raw)
    return raw


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def start_stack(tmp: Path, database_url: str | None, database: str) -> tuple[Stack, list]:
    """Redis, one app server and nginx, as ``make serve`` runs them; the stack and what
    to stop at the end."""
    redis = PrivateRedis(tmp / "redis").start()
    try:
        env = production_env(database_url=database_url or database, redis_url=redis.url())
        prepare(env)  # migrate, load the content, collect the static files
        stack = Stack(env, app_servers=1, workers=2, rundir=tmp / "nginx").start()
    except BaseException:
        redis.stop()
        raise
    return stack, [stack, redis]


def timed(client: PlayClient, method: str, path: str, body=None):
    start = time.perf_counter()
    response, raw = fetch(client, method, path, body)
    return time.perf_counter() - start, response, raw


def play(client: PlayClient, number: int, taps: list[float], health: list[float], sizes: list[int]):
    """Win one game tap by tap; every tap next to one health request, by turns first."""
    code = str(GameCode("L00", 1000 + number))
    game_id = client.new_game({"code": code})["id"]
    state = None
    for index, tile in enumerate(plan_taps(code)):
        tap = ("POST", f"/api/games/{game_id}/tap", {"tile": tile})
        order = [tap, ("GET", "/api/health", None)]
        for method, path, body in order if index % 2 else reversed(order):
            seconds, response, raw = timed(client, method, path, body)
            assert response.status_code in (200, 201), (path, response.status_code, raw[:200])
            if path.endswith("/tap"):
                taps.append(seconds)
                state = json.loads(decoded(response, raw))
                sizes.append(len(decoded(response, raw)))
            else:
                health.append(seconds)
    assert state is not None and state.get("state") == "won", state


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="whole games to time (default 12)")
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_DATABASE_URL"),
        help="an empty database to play on, e.g. postgres://postgres@127.0.0.1:5432/bench "
        "(default $BENCH_DATABASE_URL, else a new SQLite file in a temporary directory)",
    )
    parser.add_argument(
        "--url", help="measure a running stack, e.g. http://127.0.0.1:8080 (starts nothing)"
    )
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="mahjong-bench-"))
    started_here: list = []
    try:
        if args.url:
            url = stack = args.url
        else:
            running, started_here = start_stack(
                tmp, args.database_url, f"sqlite:///{tmp / 'bench.sqlite3'}"
            )
            url = f"http://{HOST}:{running.balancer.port}"
            database = (args.database_url or "sqlite").split(":", 1)[0]
            stack = (
                f"nginx (deploy/nginx.conf) -> 1 gunicorn app server (2 workers, production "
                f"settings, {database}, sessions in Redis)"
            )
        print(f"stack: {stack}")
        client = PlayClient(url, timeout=30)

        taps: list[float] = []
        health: list[float] = []
        sizes: list[int] = []
        # Warm-up, not counted: both workers, the deal cache, a whole game of taps.
        for _ in range(20):
            fetch(client, "GET", "/api/health")
        play(client, 0, [], [], [])
        started = time.monotonic()
        games_played = 0
        for number in range(1, args.games + 1):
            if time.monotonic() - started > TIME_LIMIT_S:
                break
            play(client, number, taps, health, sizes)
            games_played += 1
        client.http.close()
    finally:
        for running in started_here:
            running.stop()
        shutil.rmtree(tmp, ignore_errors=True)

    tap_median, health_median = statistics.median(taps), statistics.median(health)
    print(f"games won through the API: {games_played} ({len(taps)} taps, after one warm-up game)")
    print(
        f"tap:          median {tap_median * 1000:6.2f} ms   p99 "
        f"{percentile(taps, 0.99) * 1000:6.2f} ms   {1 / statistics.mean(taps):7.0f} taps/s"
    )
    print(
        f"/api/health:  median {health_median * 1000:6.2f} ms   p99 "
        f"{percentile(health, 0.99) * 1000:6.2f} ms   {1 / statistics.mean(health):7.0f} req/s"
        "   (interleaved with the taps)"
    )
    print(f"tap answer: median {statistics.median(sizes):.0f} bytes, largest {max(sizes)} bytes")
    budgets = Budgets()
    budgets.at_most("tap / minimal view at the median", tap_median / health_median, 3, "x")
    budgets.at_most("largest tap answer", max(sizes), 1024, "bytes")
    return budgets.exit_code()


if __name__ == "__main__":
    sys.exit(main())
