"""What the probe counts: every answer by status, and the findings: a 5xx, a non-JSON
answer under /api/, a page under a language prefix that is not in its language."""

from __future__ import annotations

import re
import threading
from collections import Counter
from dataclasses import dataclass, field
from html.parser import HTMLParser

LANGUAGES = ("sv", "el", "de", "id")
#: English function words: a page that shows several of them is (partly) in English.
#: None is a word of Swedish, Greek, German or Indonesian.
ENGLISH_WORDS = frozenset(
    "the and you your this with please could have was were not are been which".split()
)
#: How many different English words make a page English (one may be a name or a quote).
ENGLISH_AT = 3
#: What the error pages of nginx, gunicorn and Django say, in English.
ENGLISH_PAGES = (
    "Bad Request",
    "Not Found",
    "Forbidden",
    "Not Allowed",
    "Too Large",
    "Server Error",
    "Unavailable",
    "Bad Gateway",
    "Time-out",
    "Not Supported",
    "verification failed",
    "nginx",
    "gunicorn",
)
_WORD = re.compile(r"[A-Za-z]+")
_LANG_PREFIX = re.compile(r"^/(sv|el|de|id)(/|$)")
_HTML_LANG = re.compile(rb"<html[^>]*\blang=\"([^\"]*)\"", re.IGNORECASE)


class _VisibleText(HTMLParser):
    """The text a reader sees: no script, style or template."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "template"):
            self._hidden += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style", "template") and self._hidden:
            self._hidden -= 1

    def handle_data(self, data):
        if not self._hidden:
            self.parts.append(data)


def visible_text(body: bytes) -> str:
    parser = _VisibleText()
    parser.feed(body.decode("utf-8", "replace"))
    return " ".join(parser.parts)


def english_words(text: str) -> set[str]:
    return {word.lower() for word in _WORD.findall(text)} & ENGLISH_WORDS


def language_of_path(path: str) -> str | None:
    match = _LANG_PREFIX.match(path)
    return match.group(1) if match else None


@dataclass
class Answer:
    """One answer as the probe saw it (``status`` 0: no answer, the connection broke)."""

    label: str
    method: str
    path: str
    status: int
    content_type: str = ""
    body: bytes = b""
    headers: list[tuple[str, str]] = field(default_factory=list)


def not_in_language(answer: Answer) -> str | None:
    """Why a page under /sv/, /el/, /de/ or /id/ is not in that language, or ``None``.
    Only HTML and plain-text answers with a body are read (a redirect has none)."""
    language = language_of_path(answer.path)
    if language is None or answer.method == "HEAD" or not answer.body.strip():
        return None
    if "html" in answer.content_type:
        declared = _HTML_LANG.search(answer.body[:2000])
        if declared is None:
            return "no <html lang>"
        # The servers' own error page (deploy/errors/) speaks all four languages.
        every = all(f'lang="{other}"'.encode() in answer.body for other in LANGUAGES)
        if declared.group(1).decode("ascii", "replace") != language and not every:
            return f"<html lang={declared.group(1).decode('ascii', 'replace')}>"
        text = visible_text(answer.body)
    elif answer.content_type.startswith("text/plain"):
        text = answer.body.decode("utf-8", "replace")
    else:
        return None
    phrases = [phrase for phrase in ENGLISH_PAGES if phrase in text]
    if phrases:
        return f"an English error page: {', '.join(phrases)}"
    words = english_words(text)
    return f"English words: {', '.join(sorted(words))}" if len(words) >= ENGLISH_AT else None


def is_api(path: str) -> bool:
    return path.startswith("/api/")


def not_json(answer: Answer) -> bool:
    """An API answer that a client cannot read as JSON (a body-less one aside)."""
    if not is_api(answer.path) or answer.status in (0, 204, 304) or answer.method == "HEAD":
        return False
    return "json" not in answer.content_type


@dataclass
class Tally:
    """Every answer counted by status; each finding kept (the first few in full)."""

    statuses: Counter = field(default_factory=Counter)
    server_errors: list[Answer] = field(default_factory=list)
    non_json: list[Answer] = field(default_factory=list)
    english: list[tuple[Answer, str]] = field(default_factory=list)
    broken: list[Answer] = field(default_factory=list)
    #: The probe's parts that ran to their end (not stopped by the budget).
    done: list[str] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def sent(self) -> int:
        return sum(self.statuses.values())

    def add(self, answer: Answer) -> Answer:
        why = not_in_language(answer) if answer.status else None
        with self._lock:
            self.statuses[answer.status] += 1
            if answer.status >= 500:
                self.server_errors.append(answer)
            elif answer.status == 0:
                self.broken.append(answer)
            if answer.status and not_json(answer):
                self.non_json.append(answer)
            if why:
                self.english.append((answer, why))
        return answer

    def findings(self) -> int:
        return len(self.server_errors) + len(self.non_json) + len(self.english)

    def report(self, limit: int = 40) -> str:
        lines = [
            f"requests: {self.sent}",
            "statuses: " + ", ".join(f"{s}: {n}" for s, n in sorted(self.statuses.items())),
            f"5xx: {len(self.server_errors)}",
            f"non-JSON under /api/: {len(self.non_json)}",
            f"not in the page's language: {len(self.english)}",
            f"no answer (connection closed): {len(self.broken)}",
        ]
        kinds = [
            ("5xx", [(a, "") for a in self.server_errors]),
            ("non-JSON", [(a, "") for a in self.non_json]),
            ("no answer", [(a, "") for a in self.broken]),
            ("language", self.english),
        ]
        for title, found in kinds:
            # One line per kind of request, status and reason, with its first example.
            groups: dict[tuple, list] = {}
            for answer, why in found:
                groups.setdefault((answer.label, answer.status, why), []).append(answer)
            for (label, status, why), answers in list(groups.items())[:limit]:
                reason = f": {why}" if why else ""
                lines.append(
                    f"  {title} {status} x{len(answers)} [{label}] {_line(answers[0])}{reason}"
                )
        return "\n".join(lines)


def _line(answer: Answer) -> str:
    path = answer.path if len(answer.path) <= 120 else answer.path[:117] + "..."
    return f"{answer.method} {path} ({answer.content_type or 'no type'})"
