"""The production stack on one machine: app servers (gunicorn) behind nginx, on PostgreSQL
and Redis.

`make serve` runs ``python -m deploy.stack serve``: it migrates the database named by
``DATABASE_URL``, loads the content, collects the static files, starts ``--app-servers``
gunicorn processes on consecutive loopback ports and nginx in front of them
(deploy/balancer.py, with deploy/nginx.conf), and stops them all on Ctrl-C.

The tests in tests/ops/, bench/load.py and the fault drills in deploy/faults.py use the
same classes, with a private PostgreSQL and Redis of their own in a temporary folder
(deploy/private.py), so that they can stop and restart them
without touching the machine's services (:func:`private_stack` sets all of it up).
Everything listens on 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from deploy.balancer import LoadBalancer
from deploy.private import (
    HOST,
    PrivatePostgres,
    PrivateRedis,
    free_port,
    stop,
    wait_for_http,
    wait_for_port,
)
from mahjongsite.rates import RATE_LIMIT_DEFAULTS

ROOT = Path(__file__).resolve().parent.parent


def production_env(
    *, database_url: str, redis_url: str, secret_key: str | None = None, **extra: str
) -> dict[str, str]:
    """The environment of an app server on the loopback: production settings, plain HTTP
    between nginx and the browser (a public server terminates TLS and keeps the HTTPS
    defaults, see docs/deploy.md)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "mahjongsite.settings.production",
            "DJANGO_SECRET_KEY": secret_key or secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": f"{HOST},localhost",
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "DJANGO_SECURE_SSL_REDIRECT": "false",
            "DJANGO_SECURE_COOKIES": "false",
            "DJANGO_LOG_LEVEL": "WARNING",
            "PYTHONPATH": str(ROOT),
        }
    )
    env.update(extra)
    return env


def operator_settings() -> dict[str, str]:
    """The operator's own DJANGO_* variables, which win over the loopback defaults (the
    settings module aside: app servers always run the production settings)."""
    skip = {"DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    return {k: v for k, v in os.environ.items() if k.startswith("DJANGO_") and k not in skip}


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([sys.executable, str(ROOT / "manage.py"), *args], env=env, check=True, cwd=ROOT)


def static_files_current() -> bool:
    """Whether collectstatic's output is newer than every file in static/."""
    manifest = ROOT / "staticfiles" / "staticfiles.json"
    if not manifest.exists():
        return False
    built = manifest.stat().st_mtime
    return all(path.stat().st_mtime < built for path in (ROOT / "static").rglob("*"))


def prepare(env: dict[str, str], *, collectstatic: bool = True) -> None:
    """What a deploy runs before starting app servers: migrate, content, static files
    (collected again only when static/ changed since the last time)."""
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "load_content", "-v0")
    if collectstatic and not static_files_current():
        manage(env, "collectstatic", "--noinput", "-v0")


class AppServer:
    """One gunicorn process (``workers`` processes of ``threads`` threads) on ``port``."""

    def __init__(self, port: int, env: dict[str, str], *, workers: int = 2, threads: int = 4):
        self.port = port
        self.env = env
        self.workers = workers
        self.threads = threads
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self) -> AppServer:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "mahjongsite.wsgi", "--bind", f"{HOST}:{self.port}"]
            + ["--workers", str(self.workers), "--threads", str(self.threads)]
            # gunicorn's threads, answering a request gunicorn cannot read with the site's
            # page or the API's JSON rather than gunicorn's English page; nginx passes an
            # app server's answers on as they are.
            + ["--worker-class", "mahjongsite.gunicorn_worker.SiteThreadWorker"]
            + ["--graceful-timeout", "10", "--log-level", "warning"]
            # Longer than nginx keeps an idle upstream connection (keepalive_timeout in
            # deploy/nginx.conf): else gunicorn may close one just as nginx sends a POST
            # on it, which nginx cannot send again and answers 502.
            + ["--keep-alive", "75"]
            # gunicorn's longest request line, so that nginx (8k) is the one to refuse an
            # over-long address, with the API's JSON error (deploy/nginx.conf).
            + ["--limit-request-line", "8190"],
            env=self.env,
            cwd=ROOT,
        )
        wait_for_port(self.port, timeout=60, process=self.process)
        return self

    def stop(self) -> None:
        """Graceful: requests in flight are finished first."""
        stop(self.process, signal.SIGTERM, timeout=15)

    def kill(self) -> None:
        """As a crash: SIGKILL to the whole process group of gunicorn."""
        if self.process is not None and self.process.poll() is None:
            children = subprocess.run(
                ["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True
            ).stdout.split()
            self.process.kill()
            for pid in children:
                try:
                    os.kill(int(pid), signal.SIGKILL)
                except (ProcessLookupError, ValueError):
                    pass
            self.process.wait(timeout=5)

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None


class Stack:
    """``app_servers`` app servers behind one load balancer, on one database and one cache."""

    def __init__(
        self,
        env: dict[str, str],
        *,
        app_servers: int = 2,
        port: int | None = None,
        app_ports: list[int] | None = None,
        workers: int = 2,
        threads: int = 4,
        rundir: Path | None = None,
    ):
        self.env = env
        ports = app_ports or [free_port() for _ in range(app_servers)]
        self.apps = [AppServer(p, env, workers=workers, threads=threads) for p in ports]
        self._tmp = None if rundir else tempfile.TemporaryDirectory(prefix="mahjong-nginx-")
        folder = Path(rundir) if rundir else Path(self._tmp.name)
        hosts = [h.strip() for h in env.get("DJANGO_ALLOWED_HOSTS", "").split(",") if h.strip()]
        self.balancer = LoadBalancer(
            port or free_port(), ports, folder, server_names=hosts or (HOST, "localhost")
        )

    @property
    def url(self) -> str:
        return self.balancer.url

    def start(self) -> Stack:
        try:
            for app in self.apps:
                app.start()
            self.balancer.start()
            wait_for_http(self.url + "/api/health")
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        self.balancer.stop()
        for app in self.apps:
            app.stop()
        if self._tmp is not None:
            self._tmp.cleanup()

    def __enter__(self) -> Stack:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


#: Rate limits for a stack whose every request comes from 127.0.0.1 (tests, drills,
#: benchmarks): the limits are for real clients, each on an address of its own.
LOOPBACK_RATE_LIMITS = {variable: "1000000/m" for variable, _rate in RATE_LIMIT_DEFAULTS.values()}


@dataclass
class PrivateStack:
    """A running stack on a PostgreSQL and a Redis of its own, which may be stopped."""

    postgres: PrivatePostgres
    redis: PrivateRedis
    env: dict[str, str]
    stack: Stack

    @property
    def url(self) -> str:
        return self.stack.url


@contextmanager
def private_stack(
    name: str, *, app_servers: int = 2, workers: int = 1, threads: int = 4, **env: str
) -> Iterator[PrivateStack]:
    """The production stack on a private PostgreSQL and Redis in a temporary folder, with
    the loopback rate limits (``env`` adds or overrides variables); everything is stopped
    and removed on leaving."""
    folder = Path(tempfile.mkdtemp(prefix=f"mahjong-{name}-"))
    try:
        postgres = PrivatePostgres(folder / "postgres").start()
        try:
            redis = PrivateRedis(folder / "redis").start()
            try:
                variables = production_env(
                    database_url=postgres.create_database("mahjong"),
                    redis_url=redis.url(),
                    **{**LOOPBACK_RATE_LIMITS, **env},
                )
                prepare(variables)
                with Stack(
                    variables, app_servers=app_servers, workers=workers, threads=threads
                ) as stack:
                    yield PrivateStack(postgres, redis, variables, stack)
            finally:
                redis.stop()
        finally:
            postgres.stop(mode="immediate")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def serve(args: argparse.Namespace) -> int:
    """`make serve`: the stack on the operator's PostgreSQL and Redis, until Ctrl-C."""
    missing = [
        name
        for name in ("DATABASE_URL", "REDIS_URL", "DJANGO_SECRET_KEY")
        if not os.environ.get(name)
    ]
    if missing:
        print(
            "make serve needs " + ", ".join(missing) + " in the environment, e.g.\n"
            "  DATABASE_URL=postgres://postgres@127.0.0.1:5432/mahjong "
            "REDIS_URL=redis://127.0.0.1:6379/0 \\\n"
            "  DJANGO_SECRET_KEY=$(python3 -c 'import secrets; print(secrets.token_urlsafe(50))') "
            "make serve\n(see docs/deploy.md)",
            file=sys.stderr,
        )
        return 2
    env = production_env(
        database_url=os.environ["DATABASE_URL"],
        redis_url=os.environ["REDIS_URL"],
        secret_key=os.environ["DJANGO_SECRET_KEY"],
        **operator_settings(),
    )
    prepare(env)
    app_ports = [args.first_app_port + i for i in range(args.app_servers)]
    stack = Stack(
        env, port=args.port, app_ports=app_ports, workers=args.workers, threads=args.threads
    )
    stopping = []

    def _quit(signum, frame):
        stopping.append(signum)

    signal.signal(signal.SIGTERM, _quit)
    signal.signal(signal.SIGINT, _quit)
    stack.start()
    print(
        f"Serving on {stack.url}/ : nginx -> {len(stack.apps)} app servers on ports "
        f"{', '.join(str(p) for p in app_ports)}. Ctrl-C stops everything.",
        flush=True,
    )
    try:
        while not stopping:
            for app in stack.apps:
                if not app.running:
                    print(f"app server on port {app.port} stopped; starting it again", flush=True)
                    app.start()
            time.sleep(1)
    finally:
        stack.stop()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("serve", help="migrate, collect static files and serve until Ctrl-C")
    run.add_argument("--port", type=int, default=8000, help="the load balancer's port")
    run.add_argument("--app-servers", type=int, default=2)
    run.add_argument("--first-app-port", type=int, default=8001)
    run.add_argument("--workers", type=int, default=2, help="gunicorn workers per app server")
    run.add_argument("--threads", type=int, default=4, help="threads per gunicorn worker")
    args = parser.parse_args(argv)
    return serve(args)


if __name__ == "__main__":
    sys.exit(main())
