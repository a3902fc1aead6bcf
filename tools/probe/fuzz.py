"""schemathesis on the OpenAPI description the site serves, signed out and signed in,
with the visitor's cookies and CSRF header; its every request and answer (read from its
HAR report) counted with the probe's own."""

from __future__ import annotations

import json
import secrets
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

from .client import Site, Visitor
from .pages import sign_up
from .tally import Answer


def run(site: Site, *, signed_in: bool, seconds: int, examples: int, seed: int) -> None:
    visitor = Visitor(site)
    visitor.get("open", "/sv/play/")
    if signed_in:
        sign_up(visitor, "probe" + secrets.token_hex(4))
    visitor.post_json("new game", "/api/games", b'{"layout": "L00"}')
    cookie = "; ".join(f"{k}={v}" for k, v in visitor.cookies.items())
    base = f"http://127.0.0.1:{site.port}"
    with tempfile.TemporaryDirectory(prefix="probe-schemathesis-") as folder:
        command = [sys.executable, "-m", "schemathesis.cli", "run", f"{base}/api/openapi.json"]
        command += ["--checks", "not_a_server_error", "-H", f"X-CSRFToken: {visitor.csrf}"]
        command += ["-H", f"Cookie: {cookie}", "--max-examples", str(examples)]
        command += ["--max-time", str(seconds), "--seed", str(seed), "--request-timeout", "20"]
        # One worker: hypothesis, with two threads, can crash inside Python 3.11's ast.
        command += ["--workers", "1", "--no-color", "--continue-on-failure"]
        command += ["--report", "har", "--report-dir", folder]
        result = subprocess.run(
            command, capture_output=True, text=True, timeout=seconds + 120, cwd=folder
        )
        hars = list(Path(folder).glob("*.json"))
        if not hars:
            raise RuntimeError("schemathesis wrote no report:\n" + result.stdout[-3000:])
        count(site, json.loads(hars[0].read_text()), "signed in" if signed_in else "signed out")


def count(site: Site, har: dict, who: str) -> None:
    """Each request schemathesis sent, counted as the probe counts its own (outside the
    probe's budget: schemathesis keeps to its own time limit)."""
    for entry in har["log"]["entries"]:
        response = entry["response"]
        path = urlsplit(entry["request"]["url"])
        site.tally.add(
            Answer(
                f"schemathesis {who}",
                entry["request"]["method"],
                path.path + (f"?{path.query}" if path.query else ""),
                response["status"],
                response["content"].get("mimeType") or "",
                (response["content"].get("text") or "").encode("utf-8", "replace"),
            )
        )
