"""API speed and play-page weight, against a real server process on 127.0.0.1.

Run with ``make bench`` (or ``python bench/api.py [--games N]``). The script

1. sets up a fresh SQLite database in a temporary directory, or the empty database named
   by ``--database-url`` / ``$BENCH_DATABASE_URL`` (migrate, collectstatic);
2. starts gunicorn with the production settings (DEBUG off, hashed and compressed static
   files, sessions in Redis) when ``redis-server`` is installed, else with the test
   settings (sessions in the database); it stops every process it started at the end;
3. plays whole games through the JSON API, tap by tap, following each deal's winning plan
   (the same requests the board sends), and times every tap;
4. times the minimal JSON view ``GET /api/health`` the same number of times, interleaved
   with the games, as the baseline served by the same server in the same run;
5. weighs the play page with everything it loads (HTML, CSS, JS modules, favicon, and the
   request that starts the game), gzipped.

Budgets (issue #5): a tap costs at most 3x the minimal view at the median; the play page
weighs at most 100 KB gzipped. Loops are bounded by ``--games`` and a time limit. Each
budget line prints its verdict (ok / OVER); the script exits non-zero when one is over.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from http.cookies import SimpleCookie
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.budget import Budgets  # noqa: E402
from game.engine import Board, GameCode  # noqa: E402

HOST = "127.0.0.1"
TIME_LIMIT_S = 240


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def wait_for_port(port: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((HOST, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listens on {HOST}:{port}")


class Client:
    """A browser-like client: cookies, the CSRF header, Accept-Encoding gzip."""

    def __init__(self, port: int):
        self.port = port
        self.cookies: dict[str, str] = {}
        self.csrf = ""

    def request(self, method: str, path: str, body=None, headers=None):
        connection = http.client.HTTPConnection(HOST, self.port, timeout=30)
        all_headers = {"Accept-Encoding": "gzip", "Accept-Language": "sv", **(headers or {})}
        if self.cookies:
            all_headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            all_headers["Content-Type"] = "application/json"
            all_headers["X-CSRFToken"] = self.csrf
        connection.request(method, path, body=data, headers=all_headers)
        response = connection.getresponse()
        raw = response.read()
        for header in response.headers.get_all("Set-Cookie") or []:
            cookie = SimpleCookie()
            cookie.load(header)
            for key, morsel in cookie.items():
                self.cookies[key] = morsel.value
        connection.close()
        return response, raw


def decoded(response, raw: bytes) -> bytes:
    return gzip.decompress(raw) if response.headers.get("Content-Encoding") == "gzip" else raw


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def start_server(
    tmp: Path, port: int, database_url: str | None
) -> tuple[list[subprocess.Popen], dict[str, str]]:
    python = sys.executable
    env = {
        **os.environ,
        "DATABASE_URL": database_url or f"sqlite:///{tmp / 'bench.sqlite3'}",
        "PYTHONPATH": str(ROOT),
    }
    processes: list[subprocess.Popen] = []
    redis = shutil.which("redis-server")
    if redis:
        redis_port = free_port()
        processes.append(
            subprocess.Popen(
                [
                    redis,
                    "--port",
                    str(redis_port),
                    "--bind",
                    HOST,
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                    "--dir",
                    str(tmp),
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        wait_for_port(redis_port)
        env.update(
            {
                "DJANGO_SETTINGS_MODULE": "mahjongsite.settings.production",
                "DJANGO_SECRET_KEY": "bench-only-" + "x" * 50,
                "DJANGO_ALLOWED_HOSTS": HOST,
                "REDIS_URL": f"redis://{HOST}:{redis_port}/0",
                "DJANGO_SECURE_SSL_REDIRECT": "false",
                "DJANGO_LOG_LEVEL": "WARNING",
            }
        )
    else:
        env["DJANGO_SETTINGS_MODULE"] = "mahjongsite.settings.test"
    manage = [python, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v0"], env=env, check=True, cwd=ROOT)
    if redis:
        subprocess.run(
            [*manage, "collectstatic", "--noinput", "-v0"], env=env, check=True, cwd=ROOT
        )
    processes.append(
        subprocess.Popen(
            [
                python,
                "-m",
                "gunicorn",
                "mahjongsite.wsgi",
                "--bind",
                f"{HOST}:{port}",
                "--workers",
                "2",
                "--log-level",
                "warning",
            ],
            env=env,
            cwd=ROOT,
        )
    )
    wait_for_port(port)
    return processes, env


def stop(processes: list[subprocess.Popen]) -> None:
    for process in reversed(processes):
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def page_weight(client: Client) -> list[tuple[str, int, int]]:
    """(url, bytes as served, bytes gzipped) for the play page and everything it loads."""
    rows = []
    response, raw = client.request("GET", "/sv/play/")
    html = decoded(response, raw)
    rows.append(("/sv/play/", len(raw), len(gzip.compress(html, 9))))
    client.csrf = client.cookies.get("csrftoken", "")
    urls = re.findall(rb'(?:href|src)="(/static/[^"]+)"', html)
    seen: set[str] = set()
    while urls:
        url = urls.pop(0).decode()
        if url in seen:
            continue
        seen.add(url)
        response, raw = client.request("GET", url)
        assert response.status == 200, (url, response.status)
        body = decoded(response, raw)
        rows.append((url, len(raw), len(gzip.compress(body, 9))))
        if url.endswith(".js"):  # follow the module imports
            base = url.rsplit("/", 1)[0]
            for name in re.findall(rb'from\s+"\./([^"]+)"', body):
                urls.append(f"{base}/{name.decode()}".encode())
    # The page starts a game with one API request.
    response, raw = client.request("POST", "/api/games", {"layout": "L00"})
    assert response.status == 201, raw
    rows.append(("POST /api/games", len(raw), len(gzip.compress(decoded(response, raw), 9))))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="whole games to play (default 12)")
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_DATABASE_URL"),
        help="an empty database to play on, e.g. postgres://postgres@127.0.0.1:5432/bench "
        "(default $BENCH_DATABASE_URL, else a new SQLite file in a temporary directory)",
    )
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="mahjong-bench-"))
    port = free_port()
    processes: list[subprocess.Popen] = []
    try:
        processes, env = start_server(tmp, port, args.database_url)
        database = env["DATABASE_URL"].split(":", 1)[0]
        print(f"server: gunicorn, 2 workers, {env['DJANGO_SETTINGS_MODULE']}, {database}")
        client = Client(port)
        weights = page_weight(client)

        # Warm up both workers and the deal cache a little.
        for _ in range(20):
            client.request("GET", "/api/health")

        taps: list[float] = []
        health: list[float] = []
        started = time.monotonic()
        games_played = 0
        for number in range(1, args.games + 1):
            if time.monotonic() - started > TIME_LIMIT_S:
                break
            code = str(GameCode("L00", 1000 + number))
            response, raw = client.request("POST", "/api/games", {"code": code})
            assert response.status == 201, raw
            game_id = json.loads(decoded(response, raw))["id"]
            state = None
            for a, b in Board.from_code(code).deal.plan:
                for tile in (a, b):
                    t0 = time.perf_counter()
                    response, raw = client.request(
                        "POST", f"/api/games/{game_id}/tap", {"tile": tile}
                    )
                    taps.append(time.perf_counter() - t0)
                    assert response.status == 200, raw
                    state = json.loads(decoded(response, raw))
            assert state is not None and state["state"] == "won", state
            games_played += 1
            for _ in range(144):
                t0 = time.perf_counter()
                response, raw = client.request("GET", "/api/health")
                health.append(time.perf_counter() - t0)
                assert response.status == 200
    finally:
        stop(processes)
        shutil.rmtree(tmp, ignore_errors=True)

    tap_median, health_median = statistics.median(taps), statistics.median(health)
    ratio = tap_median / health_median
    print(f"games won through the API: {games_played} ({len(taps)} taps)")
    print(
        f"tap:          median {tap_median * 1000:6.2f} ms   p99 {percentile(taps, 0.99) * 1000:6.2f} ms"
        f"   {1 / statistics.mean(taps):7.0f} taps/s (one client)"
    )
    print(
        f"/api/health:  median {health_median * 1000:6.2f} ms   p99 "
        f"{percentile(health, 0.99) * 1000:6.2f} ms   {1 / statistics.mean(health):7.0f} req/s"
    )
    print("play page and what it loads (bytes as served / gzipped):")
    for url, served, zipped in weights:
        print(f"  {served:8d} {zipped:8d}  {url}")
    total = sum(z for _u, _s, z in weights)
    budgets = Budgets()
    budgets.at_most("tap / minimal view at the median", ratio, 3, "x")
    budgets.at_most("play page with what it loads, gzipped", total / 1024, 100, "KB")
    return budgets.exit_code()


if __name__ == "__main__":
    sys.exit(main())
