"""Starting the site for a browser benchmark: a free local port, and a server process
that is only handed over once it answers ``/api/health``."""

from __future__ import annotations

import socket
import subprocess
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve(command: list[str], env: dict[str, str], port: int, *, tries: int = 300):
    """Run ``command`` (which serves on ``port``); the process and its URL once the site
    answers, or SystemExit after ``tries`` tenths of a second."""
    server = subprocess.Popen(
        command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(tries):
        try:
            urllib.request.urlopen(f"{url}/api/health", timeout=1)
            return server, url
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit(f"the server did not start: {' '.join(command[:4])}")
