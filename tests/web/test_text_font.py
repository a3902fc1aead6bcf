"""The site's text font, served from the site itself (static/fonts/, copied out of its
npm package by tools/fonts/copy_text_font.py): woff2 files for Latin and Greek alone, its
licence beside them, declared with font-display: swap and the Unicode range of each file,
every letter of the four languages' catalogues in the file whose range holds it, and each
page preloading only the files its first paint needs."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings
from django.templatetags.static import static
from fontTools.ttLib import TTFont

from mahjongsite.errors import server_error

STATIC = Path(settings.BASE_DIR, "static")
FONTS = STATIC / "fonts"
SITE_CSS = (STATIC / "css" / "site.css").read_text(encoding="utf-8")
FACES = re.findall(r"@font-face\s*{([^}]*)}", SITE_CSS)
LANGUAGES = [code for code, _name in settings.LANGUAGES]


def declared() -> dict[str, list[tuple[int, int]]]:
    """Each font file site.css declares, with the ranges of code points it is used for."""
    files = {}
    for face in FACES:
        name = re.search(r'url\("\.\./fonts/([\w.-]+)"\)', face).group(1)
        spans = re.search(r"unicode-range:([^;]*);", face).group(1)
        files[name] = [
            (int(low, 16), int(high or low, 16))
            for low, high in re.findall(r"U\+([0-9A-F]+)(?:-([0-9A-F]+))?", spans)
        ]
    return files


def test_only_latin_and_greek_woff2_files_are_shipped_with_their_licence():
    shipped = sorted(path.name for path in FONTS.iterdir())
    assert shipped == ["OFL.txt", "source-sans-3-greek.woff2", "source-sans-3-latin.woff2"]
    for name in shipped[1:]:
        assert (FONTS / name).read_bytes()[:4] == b"wOF2"
    assert "SIL Open Font License" in (FONTS / "OFL.txt").read_text(encoding="utf-8")
    assert sorted(declared()) == shipped[1:]


def test_each_face_swaps_in_and_has_a_fixed_line_box():
    """Text shows at once in a fallback and swaps to the font when it comes; the line
    box is the same on every machine (the font's metrics, overridden)."""
    assert len(FACES) == 2
    for face in FACES:
        assert 'font-family: "Source Sans 3"' in face
        assert "font-display: swap" in face
        assert "font-weight: 200 900" in face
        for metric in ("ascent-override", "descent-override", "line-gap-override"):
            assert metric in face
    body = re.search(r"\nbody\s*{([^}]*)}", SITE_CSS).group(1)
    assert re.search(r'font-family:\s*"Source Sans 3",', body)
    assert "http" not in "".join(FACES), "nothing from another host"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_letter_of_a_language_is_drawn_by_the_file_that_its_range_sends_it_to(lang):
    path = Path(settings.BASE_DIR, "locale", lang, "LC_MESSAGES", "django.po")
    with path.open("rb") as po:
        catalogue = read_po(po)
    words = "".join(
        "".join(m.string) if isinstance(m.string, tuple | list) else (m.string or "")
        for m in catalogue
        if m.id
    )
    letters = {c for c in words if unicodedata.category(c)[0] in "LN"}
    assert len(letters) > 40
    cmaps = {name: set(TTFont(FONTS / name).getBestCmap()) for name in declared()}
    missing = []
    for letter in sorted(letters):
        code = ord(letter)
        files = [
            name
            for name, spans in declared().items()
            if any(low <= code <= high for low, high in spans)
        ]
        if not files or not any(code in cmaps[name] for name in files):
            missing.append(letter)
    assert missing == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_page_preloads_the_files_its_first_paint_needs(client, db, rf, lang):
    """Both on a page of the site: its header's language menu names Greek in Greek. An
    error page has no such menu: the Greek file only where it is in Greek."""
    latin, greek = (static(f"fonts/source-sans-3-{script}.woff2") for script in ("latin", "greek"))
    page = client.get(f"/{lang}/").content.decode()
    error = server_error(rf.get(f"/{lang}/play/")).content.decode()
    assert preloads(page) == [latin, greek]
    assert preloads(error) == ([latin, greek] if lang == "el" else [latin])
    for html in (page, error):
        # Ahead of the style sheet, so that the file is on its way before the first layout.
        assert html.index(latin) < html.index(static("css/site.css"))


def preloads(html: str) -> list[str]:
    return re.findall(
        r'<link rel="preload" href="([^"]+)" as="font" type="font/woff2" crossorigin>', html
    )
