"""API speed and play-page weight, against real server processes on 127.0.0.1.

Run with ``make bench`` (or ``python bench/api.py [--games N]``). The script

1. sets up a fresh SQLite database in a temporary directory, or the empty database named
   by ``--database-url`` / ``$BENCH_DATABASE_URL`` (migrate, collectstatic);
2. starts the production stack: gunicorn with the production settings (DEBUG off, hashed
   static files, sessions in a private Redis) behind nginx, which compresses responses as
   the load balancer does in production (a minimal configuration written by this script:
   gzip for HTML, CSS, JS, JSON and SVG); without ``redis-server`` or ``nginx`` it runs
   what it can and says so. ``--url`` measures an already running stack instead (e.g. the
   site's own load balancer). It stops every process it started;
3. plays whole games through the JSON API, tap by tap, following each deal's winning plan
   (the same requests the board sends), on keep-alive connections as a browser does;
   the first game is a warm-up and is not counted;
4. times the minimal JSON view ``GET /api/health`` next to every tap, interleaved (tap
   then health, health then tap, by turns), so both see the same server and load;
5. weighs the play page with everything it loads (HTML, CSS, JS modules, favicon, and the
   request that starts the game) as bytes on the wire: headers and body as sent, asking
   with ``Accept-Encoding: gzip, br`` as browsers do. Nothing is compressed here.

Budgets: a tap costs at most 3x the minimal view at the median (issue #5); a tap's
answer is at most 1 KB (issue #15); the play page weighs at most 100 KB on the wire
(issue #5). Loops are bounded by ``--games`` and a time limit. Each budget line prints its
verdict (ok / OVER); the script exits non-zero when one is over.
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
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.budget import Budgets  # noqa: E402
from game.engine import Board, GameCode  # noqa: E402

HOST = "127.0.0.1"
TIME_LIMIT_S = 240
ACCEPT_ENCODING = "gzip, br"
# A minimal load balancer for when deploy/ has no nginx configuration: compression of
# HTML and JSON as well as static files, keep-alive to the browser.
NGINX_CONF = """
worker_processes 1;
daemon off;
pid {tmp}/nginx.pid;
error_log {tmp}/nginx-error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {tmp}/client_body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    keepalive_timeout 65;
    gzip on;
    gzip_vary on;
    gzip_proxied any;
    gzip_comp_level 5;
    gzip_min_length 256;
    gzip_types text/css application/javascript text/javascript application/json
               image/svg+xml text/plain;
    upstream app {{ server {host}:{app_port}; }}
    server {{
        listen {host}:{port};
        location / {{
            proxy_pass http://app;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
        }}
    }}
}}
"""


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
    """A browser-like client: one keep-alive connection, cookies, the CSRF header, and
    ``Accept-Encoding: gzip, br``. Bodies are kept as sent (``raw``) and decoded."""

    def __init__(self, host: str, port: int):
        self.connection = http.client.HTTPConnection(host, port, timeout=30)
        self.cookies: dict[str, str] = {}
        self.csrf = ""

    def request(self, method: str, path: str, body=None, headers=None):
        all_headers = {
            "Accept-Encoding": ACCEPT_ENCODING,
            "Accept-Language": "sv",
            "Connection": "keep-alive",
            **(headers or {}),
        }
        if self.cookies:
            all_headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            all_headers["Content-Type"] = "application/json"
            all_headers["X-CSRFToken"] = self.csrf
        try:
            self.connection.request(method, path, body=data, headers=all_headers)
            response = self.connection.getresponse()
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            # The server closed an idle keep-alive connection: a browser opens a new one.
            self.connection.close()
            self.connection.request(method, path, body=data, headers=all_headers)
            response = self.connection.getresponse()
        raw = response.read()  # http.client leaves the body compressed, as sent
        for header in response.headers.get_all("Set-Cookie") or []:
            cookie = SimpleCookie()
            cookie.load(header)
            for key, morsel in cookie.items():
                self.cookies[key] = morsel.value
        return response, raw

    def close(self) -> None:
        self.connection.close()


def decoded(response, raw: bytes) -> bytes:
    encoding = response.headers.get("Content-Encoding", "")
    if encoding == "gzip":
        return gzip.decompress(raw)
    if encoding == "br":
        import brotli  # whitenoise's dependency; only needed when a server sends br

        return brotli.decompress(raw)
    return raw


def wire_bytes(response, raw: bytes) -> int:
    """Bytes on the wire for one response: status line, headers and body as sent."""
    status = f"HTTP/1.1 {response.status} {response.reason}\r\n"
    headers = "".join(f"{k}: {v}\r\n" for k, v in response.headers.items())
    return len(status) + len(headers) + 2 + len(raw)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def stop(processes: list[subprocess.Popen]) -> None:
    for process in reversed(processes):
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def start_stack(
    tmp: Path, database_url: str | None, processes: list[subprocess.Popen]
) -> tuple[int, str]:
    """Start Redis, gunicorn and nginx as available; (the port to ask, a description)."""
    python = sys.executable
    env = {
        **os.environ,
        "DATABASE_URL": database_url or f"sqlite:///{tmp / 'bench.sqlite3'}",
        "PYTHONPATH": str(ROOT),
    }
    parts = []
    redis = shutil.which("redis-server")
    if redis:
        redis_port = free_port()
        processes.append(
            subprocess.Popen(
                [redis, "--port", str(redis_port), "--bind", HOST, "--save", ""]
                + ["--appendonly", "no", "--dir", str(tmp)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        wait_for_port(redis_port)
        env.update(
            {
                "DJANGO_SETTINGS_MODULE": "mahjongsite.settings.production",
                "DJANGO_SECRET_KEY": "bench-only-" + "x" * 50,
                "DJANGO_ALLOWED_HOSTS": f"{HOST},localhost",
                "REDIS_URL": f"redis://{HOST}:{redis_port}/0",
                "DJANGO_SECURE_SSL_REDIRECT": "false",
                "DJANGO_LOG_LEVEL": "WARNING",
            }
        )
    else:
        env["DJANGO_SETTINGS_MODULE"] = "mahjongsite.settings.test"
        parts.append("no redis-server: test settings, sessions in the database")
    manage = [python, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v0"], env=env, check=True, cwd=ROOT)
    if redis:
        static = ["collectstatic", "--noinput", "-v0"]
        subprocess.run([*manage, *static], env=env, check=True, cwd=ROOT)
    app_port = free_port()
    processes.append(
        subprocess.Popen(
            [python, "-m", "gunicorn", "mahjongsite.wsgi", "--bind", f"{HOST}:{app_port}"]
            + ["--workers", "2", "--log-level", "warning"],
            env=env,
            cwd=ROOT,
        )
    )
    wait_for_port(app_port)
    database = env["DATABASE_URL"].split(":", 1)[0]
    parts.insert(0, f"gunicorn (2 workers, {env['DJANGO_SETTINGS_MODULE']}, {database})")

    nginx = shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx",) if os.access(p, os.X_OK)), None
    )
    if not nginx:
        parts.append("no nginx: responses as gunicorn sends them (uncompressed HTML and JSON)")
        return app_port, "; ".join(parts)
    port = free_port()
    for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (tmp / name).mkdir()
    conf = tmp / "nginx.conf"
    conf.write_text(NGINX_CONF.format(tmp=tmp, host=HOST, port=port, app_port=app_port))
    processes.append(
        subprocess.Popen(
            [nginx, "-p", str(tmp), "-c", str(conf)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    )
    wait_for_port(port)
    parts.insert(0, "nginx (a minimal gzip configuration written by this script)")
    return port, " -> ".join(parts[:2]) + ("; " + "; ".join(parts[2:]) if parts[2:] else "")


def page_weight(client: Client) -> list[tuple[str, int, int, str]]:
    """(url, bytes on the wire, bytes decoded, Content-Encoding) for the play page and
    everything it loads."""
    rows = []
    response, raw = client.request("GET", "/sv/play/")
    assert response.status == 200, response.status
    html = decoded(response, raw)
    encoding = response.headers.get("Content-Encoding", "none")
    rows.append(("/sv/play/", wire_bytes(response, raw), len(html), encoding))
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
        encoding = response.headers.get("Content-Encoding", "none")
        rows.append((url, wire_bytes(response, raw), len(body), encoding))
        if url.endswith(".js"):  # follow the module imports
            base = url.rsplit("/", 1)[0]
            for name in re.findall(rb'from\s+"\./([^"]+)"', body):
                urls.append(f"{base}/{name.decode()}".encode())
    # The page starts a game with one API request.
    response, raw = client.request("POST", "/api/games", {"layout": "L00"})
    assert response.status == 201, raw
    body = decoded(response, raw)
    encoding = response.headers.get("Content-Encoding", "none")
    rows.append(("POST /api/games", wire_bytes(response, raw), len(body), encoding))
    return rows


def timed(client: Client, method: str, path: str, body=None):
    start = time.perf_counter()
    response, raw = client.request(method, path, body)
    return time.perf_counter() - start, response, raw


def play(client: Client, number: int, taps: list[float], health: list[float], sizes: list[int]):
    """Win one game tap by tap; every tap next to one health request, by turns first."""
    code = str(GameCode("L00", 1000 + number))
    response, raw = client.request("POST", "/api/games", {"code": code})
    assert response.status == 201, raw
    game_id = json.loads(decoded(response, raw))["id"]
    state = None
    tiles = [tile for pair in Board.from_code(code).deal.plan for tile in pair]
    for index, tile in enumerate(tiles):
        tap = ("POST", f"/api/games/{game_id}/tap", {"tile": tile})
        order = [tap, ("GET", "/api/health", None)]
        for method, path, body in order if index % 2 else reversed(order):
            seconds, response, raw = timed(client, method, path, body)
            assert response.status in (200, 201), (path, response.status, raw[:200])
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
    processes: list[subprocess.Popen] = []
    try:
        if args.url:
            parsed = urlsplit(args.url)
            host, port, stack = parsed.hostname or HOST, parsed.port or 80, args.url
        else:
            host = HOST
            port, stack = start_stack(tmp, args.database_url, processes)
        print(f"stack: {stack}")
        client = Client(host, port)
        weights = page_weight(client)

        taps: list[float] = []
        health: list[float] = []
        sizes: list[int] = []
        # Warm-up, not counted: both workers, the deal cache, a whole game of taps.
        for _ in range(20):
            client.request("GET", "/api/health")
        play(client, 0, [], [], [])
        started = time.monotonic()
        games_played = 0
        for number in range(1, args.games + 1):
            if time.monotonic() - started > TIME_LIMIT_S:
                break
            play(client, number, taps, health, sizes)
            games_played += 1
        client.close()
    finally:
        stop(processes)
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
    print(f"tap answer: median {statistics.median(sizes)} bytes, largest {max(sizes)} bytes")
    print(f"play page and what it loads (Accept-Encoding: {ACCEPT_ENCODING}):")
    print(f"  {'on the wire':>11} {'decoded':>8} {'encoding':>8}  url")
    for url, wire, size, encoding in weights:
        print(f"  {wire:11d} {size:8d} {encoding:>8}  {url}")
    total = sum(wire for _u, wire, _s, _e in weights)
    print(f"  {total:11d} {sum(s for _u, _w, s, _e in weights):8d}           total")
    budgets = Budgets()
    budgets.at_most("tap / minimal view at the median", tap_median / health_median, 3, "x")
    budgets.at_most("largest tap answer", max(sizes), 1024, "bytes")
    budgets.at_most("play page with what it loads, on the wire", total / 1024, 100, "KB")
    return budgets.exit_code()


if __name__ == "__main__":
    sys.exit(main())
