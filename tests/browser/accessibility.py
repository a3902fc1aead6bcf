"""Reusable checks for any page: axe-core's WCAG 2 A/AA rules and the Nu HTML Checker.

Both tools come from the npm registry (``package.json``, installed by ``make node_modules``
with ``npm ci``); the Nu HTML Checker runs with the machine's Java. Use them from any
browser test::

    from tests.browser.accessibility import assert_no_axe_violations, assert_valid_html

    def test_my_page_is_accessible_and_valid(live_server, axe_page):
        response = axe_page.goto(f"{live_server.url}/sv/my-page/")
        assert_no_axe_violations(axe_page)
        assert_valid_html(response.text())

``axe_page`` (in ``tests/browser/conftest.py``) is a page whose context bypasses the
Content-Security-Policy, so that axe's script can be injected; the site itself never
needs that. Validate the server's HTML (``response.text()``), not ``page.content()``,
which is the browser's re-serialisation of the DOM.
"""

from __future__ import annotations

import atexit
import json
import shutil
import socket
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

from django.conf import settings

NODE_MODULES = Path(settings.BASE_DIR, "node_modules")
AXE_SCRIPT = NODE_MODULES / "axe-core" / "axe.min.js"
VNU_JAR = NODE_MODULES / "vnu-jar" / "build" / "dist" / "vnu.jar"
AXE_RULE_SETS = ["wcag2a", "wcag2aa"]


def _require(path: Path) -> None:
    if not path.exists():
        raise AssertionError(f"{path} is missing: run `make node_modules` (npm ci) first")


def axe_violations(page, *, rule_sets: list[str] | None = None) -> list[dict]:
    """Run axe-core on the page as it is now; return its violations (may be empty).

    The page's context must have ``bypass_csp=True`` (see the ``axe_page`` fixture).
    """
    _require(AXE_SCRIPT)
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE_SCRIPT))
    # Only the violations are gathered and sent back: axe's passes and inapplicable rules
    # list every node they looked at (about 1 MB for the play page's 144 tiles), which
    # costs more than the checks themselves. Every rule still runs on every node.
    return page.evaluate(
        """async (tags) => (await axe.run(document, {
            runOnly: tags, resultTypes: ['violations'],
        })).violations""",
        rule_sets or AXE_RULE_SETS,
    )


def format_axe_violations(violations: list[dict]) -> str:
    lines = []
    for violation in violations:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"][:5]:
            lines.append(f"    {' '.join(node['target'])}: {node['failureSummary']}")
    return "\n".join(lines)


def assert_no_axe_violations(page, *, rule_sets: list[str] | None = None) -> None:
    """Fail with a readable list when axe-core reports any WCAG 2 A/AA violation."""
    violations = axe_violations(page, rule_sets=rule_sets)
    assert violations == [], "axe-core violations:\n" + format_axe_violations(violations)


class _Checker:
    """The Nu HTML Checker as a local HTTP service, started once per test process.

    Each ``java -jar vnu.jar`` run pays the JVM's start and the checker's schema loading
    (seconds of CPU); the service pays them once and then checks a page in a fraction of
    a second. It listens on 127.0.0.1 only and stops with the process.
    """

    def __init__(self) -> None:
        self.url: str | None = None
        self.process: subprocess.Popen | None = None
        self.lock = threading.Lock()

    def start(self) -> str:
        with self.lock:
            if not self.url:
                self.url = self._start()
            return self.url

    def start_soon(self) -> None:
        """Start the service, and check a first document, in a thread of its own: the
        JVM's start then overlaps the tests that run before the first check (a browser
        test mostly waits on the browser), which would otherwise wait seconds for it.
        A failure here is left to the first check, which starts it again and says why."""

        def warm() -> None:
            try:
                html_errors(WARM_UP_DOCUMENT)
            except Exception:  # the first check reports it
                pass

        threading.Thread(target=warm, name="html-checker-start", daemon=True).start()

    def _start(self) -> str:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
        _require(VNU_JAR)
        java = shutil.which("java")
        assert java, "the Nu HTML Checker needs Java (Debian: default-jre-headless)"
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.process = subprocess.Popen(
            [
                java,
                "-Dnu.validator.servlet.bind-address=127.0.0.1",
                "-cp",
                str(VNU_JAR),
                "nu.validator.servlet.Main",
                str(port),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        atexit.register(self.process.terminate)
        url = f"http://127.0.0.1:{port}/?out=json"
        deadline = time.monotonic() + CHECKER_START_SECONDS
        while time.monotonic() < deadline:
            assert self.process.poll() is None, "the Nu HTML Checker service stopped"
            try:
                with urllib.request.urlopen(url.replace("?out=json", ""), timeout=5):
                    return url
            except OSError:
                time.sleep(0.25)
        raise AssertionError(f"the Nu HTML Checker did not start in {CHECKER_START_SECONDS} s")


#: A busy machine takes long to start a JVM; the first check waits this long at most.
CHECKER_START_SECONDS = 240
_checker = _Checker()
# The first document a fresh service checks takes it the longest (its code is not yet
# compiled): the early start checks this one.
WARM_UP_DOCUMENT = (
    '<!DOCTYPE html><html lang="sv"><head><title>x</title></head><body><p>x</body></html>'
)


def start_html_checker_soon() -> None:
    """Have the Nu HTML Checker's service ready by the time a test first needs it."""
    _checker.start_soon()


def html_errors(html: str) -> list[dict]:
    """The Nu HTML Checker's errors for a whole document (warnings are not reported)."""
    request = urllib.request.Request(
        _checker.start(),
        data=html.encode("utf-8"),
        headers={"Content-Type": "text/html; charset=utf-8"},
    )
    with urllib.request.urlopen(request, timeout=120) as answer:
        report = json.loads(answer.read().decode("utf-8"))
    return [m for m in report["messages"] if m.get("type") in ("error", "non-document-error")]


def assert_valid_html(html: str) -> None:
    """Fail with the checker's messages when the HTML has any error."""
    errors = html_errors(html)
    details = "\n".join(
        f"line {m.get('lastLine', '?')}: {m['message']}  [{m.get('extract', '').strip()}]"
        for m in errors
    )
    assert errors == [], "Nu HTML Checker errors:\n" + details


def assert_valid_documents(documents: dict[str, str]) -> None:
    """The Nu HTML Checker on several documents, each named in the failure message."""
    failures = []
    for name, html in documents.items():
        failures.extend(
            f"{name}: line {m.get('lastLine', '?')}: {m['message']}" for m in html_errors(html)
        )
    assert failures == [], "Nu HTML Checker errors:\n" + "\n".join(failures)
