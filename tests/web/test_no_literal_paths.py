"""Pages name their links ({% url %}, reverse()): no template or view writes a language
prefix or the API's path by hand, so a moved or renamed URL changes in urls.py alone."""

import re
from pathlib import Path

import pytest
from django.conf import settings

BASE = Path(settings.BASE_DIR)
LANGUAGE_CODES = [code for code, _name in settings.LANGUAGES]

# A path that starts with a language prefix or /api/, e.g. "/sv/rules/" or "/api/games";
# a path whose first part is filled in, e.g. "/{{ LANGUAGE_CODE }}/" or f"/{language}/".
LITERAL_PATH = re.compile(r"""(?<![\w.:/-])/(?:(?:%s|api)(?:/|\b)|\{)""" % "|".join(LANGUAGE_CODES))


def _sources() -> list[Path]:
    """The templates, every app's view modules (views.py) and the site's
    own error handlers."""
    templates = sorted((BASE / "templates").rglob("*.html"))
    views = sorted(
        path for path in BASE.glob("*/*views.py") if (path.parent / "__init__.py").exists()
    )
    return templates + views + [BASE / "mahjongsite" / "errors.py"]


def _literal_paths(text: str) -> list[str]:
    return [
        f"{number}: {line.strip()}"
        for number, line in enumerate(text.splitlines(), start=1)
        if LITERAL_PATH.search(line)
    ]


def test_the_scan_covers_the_pages_and_their_views():
    names = {path.relative_to(BASE).as_posix() for path in _sources()}

    assert {
        "templates/base.html",
        "templates/home.html",
        "templates/game/play.html",
        "game/views.py",
        "daily/views.py",
        "records/views.py",
        "quiz/views.py",
        "mahjongsite/views.py",
        "mahjongsite/errors.py",
    } <= names


@pytest.mark.parametrize(
    "line",
    [
        '<a href="/sv/rules/">',
        '<a href="/{{ LANGUAGE_CODE }}/play/">',
        'return f"/{language}/play/?code={code}"',
        '"api": "/api/games",',
        "url = '/el/'",
        '"url": f"/{code}/",',
    ],
)
def test_the_scan_finds_a_literal_path(line):
    assert _literal_paths(line)


@pytest.mark.parametrize(
    "line",
    [
        "<a href=\"{% url 'rules' %}\">",
        '<link rel="stylesheet" href="{% static \'css/site.css\' %}">',
        '"api": reverse("api:games"),',
        "Send / to the home page",
        "e.g. /xx/",
        '<a href="https://example.org/sv/">',
    ],
)
def test_the_scan_lets_named_urls_pass(line):
    assert not _literal_paths(line)


@pytest.mark.parametrize("path", _sources(), ids=lambda path: path.relative_to(BASE).as_posix())
def test_no_template_or_view_writes_a_language_or_api_path(path):
    assert _literal_paths(path.read_text()) == []
