"""Starting the site and the browser for a browser benchmark: a free local port, a server
process that is only handed over once it answers ``/api/health``, and headless Chromium
(Debian's, where it is installed, else Playwright's own)."""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import tempfile
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


@contextlib.contextmanager
def site(url: str | None, start, *, prefix: str):
    """The URL of the site to measure: ``url`` when given (a running site), else a fresh
    one from ``start(folder)`` (which returns its process and URL) in a temporary folder;
    the process stops and the folder goes when the block ends."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    server = None
    try:
        if url:
            yield url.rstrip("/")
        else:
            server, started = start(folder)
            yield started
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


def launch_chromium(playwright):
    """Headless Chromium from a started ``sync_playwright()``."""
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    launch = {"args": ["--no-sandbox"]}
    if Path(chromium).exists():
        launch["executable_path"] = chromium
    return playwright.chromium.launch(**launch)
