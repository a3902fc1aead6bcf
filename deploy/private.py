"""What the stack runs on, of its own: a private PostgreSQL and Redis in a temporary
folder (:class:`PrivatePostgres`, :class:`PrivateRedis`), so that tests, benchmarks and
drills can stop and restart them without touching the machine's services; and the
process helpers the stack uses too (a free port, waiting for a port or an answer, finding
a program, stopping a process). Everything listens on 127.0.0.1 only.
"""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

HOST = "127.0.0.1"


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


def binary(name: str, *extra_dirs: str) -> str:
    """The path of an installed program: on the PATH, in ``extra_dirs`` or an sbin."""
    found = shutil.which(name)
    if found:
        return found
    for folder in (*extra_dirs, "/usr/sbin", "/usr/local/sbin"):
        candidate = Path(folder) / name
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    raise FileNotFoundError(f"{name} is not installed (make serve installs nginx; see docs)")


def postgres_bin(name: str) -> str:
    """A PostgreSQL program, of the newest version installed."""
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: p.parent.name)
    return binary(name, *(str(path) for path in reversed(versions)))


def stop(process: subprocess.Popen | None, sig=signal.SIGTERM, timeout: float = 10) -> None:
    """Stop a process with ``sig``, killing it when it does not stop in ``timeout``."""
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
                    [postgres_bin("initdb"), "-D", str(self.data), "-U", "postgres"]
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
            self._as_owner([postgres_bin("pg_ctl"), "-D", str(self.data), *args]),
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
            [postgres_bin("psql"), "-h", HOST, "-p", str(self.port), "-U", "postgres"]
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
            [binary("redis-server"), "--port", str(self.port), "--bind", HOST]
            + ["--save", "", "--appendonly", "no", "--dir", str(self.folder)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for_port(self.port, process=self.process)
        return self

    def stop(self) -> None:
        stop(self.process)

    def url(self, db: int = 0) -> str:
        return f"redis://{HOST}:{self.port}/{db}"
