"""The production stack on one machine: app servers (gunicorn) behind nginx, on PostgreSQL
and Redis.

`make serve` runs ``python -m deploy.stack serve``: it migrates the database named by
``DATABASE_URL``, loads the content, collects the static files, starts ``--app-servers``
gunicorn processes on consecutive loopback ports and nginx in front of them (the
configuration in deploy/nginx.conf), and stops them all on Ctrl-C.

The tests in tests/ops/, bench/load.py and the fault drills in deploy/faults.py use the
same classes, with a private PostgreSQL and Redis of their own in a temporary folder
(:class:`PrivatePostgres`, :class:`PrivateRedis`), so that they can stop and restart them
without touching the machine's services (:func:`private_stack` sets all of it up).
Everything listens on 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
NGINX_TEMPLATE = Path(__file__).resolve().parent / "nginx.conf"
NGINX_TEMP_DIRS = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")


def free_port() -> int:
    """A port nobody listens on now (the kernel's choice)."""
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def port_open(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.5)
        return sock.connect_ex((HOST, port)) == 0


def wait_for_port(port: int, timeout: float = 30, process: subprocess.Popen | None = None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if port_open(port):
            return
        if process is not None and process.poll() is not None:
            raise RuntimeError(
                f"{process.args[0]} exited ({process.returncode}) before port {port}"
            )
        time.sleep(0.1)
    raise TimeoutError(f"nothing listens on {HOST}:{port} after {timeout} s")


def wait_for_http(url: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise TimeoutError(f"{url} does not answer 200 after {timeout} s")
        time.sleep(0.2)


def _binary(name: str, *extra_dirs: str) -> str:
    found = shutil.which(name)
    if found:
        return found
    for folder in (*extra_dirs, "/usr/sbin", "/usr/local/sbin"):
        candidate = Path(folder) / name
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    raise FileNotFoundError(f"{name} is not installed (make serve installs nginx; see docs)")


def _postgres_bin(name: str) -> str:
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: p.parent.name)
    return _binary(name, *(str(path) for path in reversed(versions)))


def _stop(process: subprocess.Popen | None, sig=signal.SIGTERM, timeout: float = 10) -> None:
    if process is None or process.poll() is not None:
        return
    process.send_signal(sig)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=5)


class PrivatePostgres:
    """A PostgreSQL cluster of our own in ``folder``, on ``port``, trust auth on the loopback.

    initdb and the server refuse to run as root: as root they run as the ``postgres``
    system user (Debian's packages create it), which then owns the folder.
    """

    def __init__(self, folder: Path, port: int | None = None):
        self.folder = Path(folder)
        self.data = self.folder / "data"
        self.port = port or free_port()
        self.log = self.folder / "postgres.log"

    def _as_owner(self, command: list[str]) -> list[str]:
        if os.geteuid() == 0:
            return ["runuser", "-u", "postgres", "--", *command]
        return command

    def _chown(self) -> None:
        if os.geteuid() == 0:
            owner = pwd.getpwnam("postgres")
            for path in (self.folder, *self.folder.rglob("*")):
                os.chown(path, owner.pw_uid, owner.pw_gid)
            # The postgres user must reach the folder: open the temporary folders above
            # it (mkdtemp makes them private to root), and nothing outside the temp dir.
            temp = Path(tempfile.gettempdir()).resolve()
            for parent in self.folder.resolve().parents:
                if parent == temp or temp not in parent.parents:
                    break
                parent.chmod(parent.stat().st_mode | 0o005)

    def start(self) -> PrivatePostgres:
        self.folder.mkdir(parents=True, exist_ok=True)
        if not self.data.exists():
            self._chown()
            subprocess.run(
                self._as_owner(
                    [_postgres_bin("initdb"), "-D", str(self.data), "-U", "postgres"]
                    + ["--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"]
                ),
                check=True,
                capture_output=True,
            )
        self._pg_ctl("start", "-w", "-t", "30", "-l", str(self.log), "-o", self._options())
        return self

    def _options(self) -> str:
        return (
            f"-p {self.port} -c listen_addresses={HOST} -k {self.folder} "
            "-c max_connections=200 -c shared_buffers=128MB"
        )

    def _pg_ctl(self, *args: str) -> None:
        subprocess.run(
            self._as_owner([_postgres_bin("pg_ctl"), "-D", str(self.data), *args]),
            check=True,
            capture_output=True,
            timeout=90,
        )

    def stop(self, mode: str = "fast") -> None:
        if (self.data / "postmaster.pid").exists():
            self._pg_ctl("stop", "-w", "-m", mode)

    def restart(self) -> None:
        self._pg_ctl("restart", "-w", "-m", "fast", "-l", str(self.log), "-o", self._options())

    def url(self, database: str = "mahjong") -> str:
        return f"postgres://postgres@{HOST}:{self.port}/{database}"

    def psql(self, sql: str, database: str = "postgres") -> str:
        result = subprocess.run(
            [_postgres_bin("psql"), "-h", HOST, "-p", str(self.port), "-U", "postgres"]
            + ["-d", database, "-tAc", sql],
            check=True,
            capture_output=True,
            text=True,
        )
        return result.stdout.strip()

    def create_database(self, name: str) -> str:
        self.psql(f'CREATE DATABASE "{name}"')
        return self.url(name)


class PrivateRedis:
    """A Redis server of our own on ``port``, keeping nothing on disk (like the machine's)."""

    def __init__(self, folder: Path, port: int | None = None):
        self.folder = Path(folder)
        self.port = port or free_port()
        self.process: subprocess.Popen | None = None

    def start(self) -> PrivateRedis:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [_binary("redis-server"), "--port", str(self.port), "--bind", HOST]
            + ["--save", "", "--appendonly", "no", "--dir", str(self.folder)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for_port(self.port, process=self.process)
        return self

    def stop(self) -> None:
        _stop(self.process)

    def url(self, db: int = 0) -> str:
        return f"redis://{HOST}:{self.port}/{db}"


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
            + ["--worker-class", "gthread", "--graceful-timeout", "10", "--log-level", "warning"]
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
        _stop(self.process, signal.SIGTERM, timeout=15)

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


#: The site's own pages for what nginx answers itself (deploy/nginx.conf).
ERRORS_ROOT = Path(__file__).resolve().parent / "errors"


def nginx_conf(
    *,
    listen_port: int,
    app_ports: Iterable[int],
    rundir: Path,
    server_names: Iterable[str] = (HOST, "localhost"),
) -> str:
    """deploy/nginx.conf with its placeholders filled in. ``server_names``: the hosts
    the site serves (DJANGO_ALLOWED_HOSTS); a request for any other is dropped."""
    upstreams = "\n".join(
        f"        server {HOST}:{port} max_fails=1 fail_timeout=5s;" for port in app_ports
    )
    user = ""
    if os.geteuid() == 0:  # nginx's workers would run as nobody, who cannot read rundir
        user = "user root root;"
    replacements = {
        "@USER@": user,
        "@RUNDIR@": str(rundir),
        "@MIME_TYPES@": "/etc/nginx/mime.types",
        "@UPSTREAMS@": upstreams,
        "@LISTEN@": f"{HOST}:{listen_port}",
        "@SERVER_NAMES@": " ".join(server_names),
        "@ERRORS_ROOT@": str(ERRORS_ROOT),
    }
    text = NGINX_TEMPLATE.read_text()
    for placeholder, value in replacements.items():
        text = text.replace(placeholder, value)
    return text


class LoadBalancer:
    """nginx in the foreground with deploy/nginx.conf, in front of ``app_ports``."""

    def __init__(
        self,
        port: int,
        app_ports: Iterable[int],
        rundir: Path,
        server_names: Iterable[str] = (HOST, "localhost"),
    ):
        self.port = port
        self.app_ports = list(app_ports)
        self.server_names = list(server_names)
        self.rundir = Path(rundir)
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self) -> LoadBalancer:
        self.rundir.mkdir(parents=True, exist_ok=True)
        for name in NGINX_TEMP_DIRS:
            (self.rundir / name).mkdir(exist_ok=True)
        conf = self.rundir / "nginx.conf"
        conf.write_text(
            nginx_conf(
                listen_port=self.port,
                app_ports=self.app_ports,
                rundir=self.rundir,
                server_names=self.server_names,
            )
        )
        nginx = _binary("nginx")
        subprocess.run([nginx, "-t", "-q", "-p", str(self.rundir), "-c", str(conf)], check=True)
        self.process = subprocess.Popen([nginx, "-p", str(self.rundir), "-c", str(conf)])
        wait_for_port(self.port, process=self.process)
        return self

    def stop(self) -> None:
        _stop(self.process, signal.SIGQUIT)  # graceful shutdown


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
LOOPBACK_RATE_LIMITS = {
    "DJANGO_RATE_LIMIT_GAME_CREATE": "1000000/m",
    "DJANGO_RATE_LIMIT_HINT": "1000000/m",
    "DJANGO_RATE_LIMIT_CHECK": "1000000/m",
    "DJANGO_RATE_LIMIT_MOVE": "1000000/m",
    "DJANGO_RATE_LIMIT_SIGNUP": "1000000/m",
}


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
