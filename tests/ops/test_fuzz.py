"""Fuzzing the JSON API with schemathesis, from the OpenAPI description the site serves,
on the live stack (through nginx), with a visitor's session and the CSRF header.

Every operation, valid and invalid inputs (bounded: a fixed number of examples per
operation, a time budget, a fixed seed so that a failure can be replayed): no server
error, and every answer (status, content type, body) as the description says.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from deploy.playclient import PlayClient

CHECKS = ",".join(
    [
        "not_a_server_error",
        "status_code_conformance",
        "content_type_conformance",
        "response_schema_conformance",
        "response_headers_conformance",
    ]
)
MAX_SECONDS = 100


def test_schemathesis_finds_no_server_error_and_no_answer_off_the_schema(ops, tmp_path: Path):
    visitor = PlayClient(ops.url).open()
    game = visitor.post("/api/games", {"layout": "L00"}).json()
    session = visitor.http.cookies["sessionid"]
    command = [
        sys.executable,
        "-m",
        "schemathesis.cli",
        "run",
        f"{ops.url}/api/openapi.json",
        "--checks",
        CHECKS,
        "--header",
        f"X-CSRFToken: {visitor.csrf}",
        "--header",
        f"Cookie: csrftoken={visitor.csrf}; sessionid={session}",
        "--max-examples",
        "20",
        "--max-time",
        str(MAX_SECONDS),
        "--seed",
        "9",
        "--request-timeout",
        "10",
        # One worker: with two threads, Python 3.11's ast.parse (which hypothesis calls to
        # describe its filters) can fail with "AST constructor recursion depth mismatch",
        # a crash inside the fuzzer that says nothing about the site.
        "--workers",
        "1",
        "--no-color",
        "--report",
        "junit",
        "--report-dir",
        str(tmp_path),
    ]
    result = subprocess.run(
        command, capture_output=True, text=True, timeout=MAX_SECONDS + 120, cwd=tmp_path
    )
    print(result.stdout[-6000:])
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    # The fuzzing reached the visitor's real game too (the session was used).
    assert visitor.get(f"/api/games/{game['id']}").status_code == 200
