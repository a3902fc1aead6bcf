"""The classic tile set's sprite (static/tiles/classic.svg, made by
tools/tiles/build_sprite.py): one symbol per kind, characters drawn as paths, within its
size budget, its font's licence beside it; and the play page that uses it."""

import gzip
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.conf import settings
from django.templatetags.static import static

from mahjong.rules.tiles import KINDS

TILES = Path(settings.BASE_DIR, "static", "tiles")
SPRITE = TILES / "classic.svg"
SVG = "{http://www.w3.org/2000/svg}"
LANGUAGES = [code for code, _name in settings.LANGUAGES]


def test_sprite_has_one_symbol_for_each_of_the_42_kinds():
    root = ET.parse(SPRITE).getroot()
    symbols = root.findall(f"{SVG}symbol")
    assert [s.get("id") for s in symbols] == [f"t-{kind}" for kind in KINDS]
    assert len(symbols) == 42
    for symbol in symbols:
        assert symbol.get("viewBox") == "0 0 100 130"
        assert len(symbol), f"{symbol.get('id')} draws nothing"


def test_sprite_shown_as_an_image_is_a_sheet_of_every_face_apart():
    """The board cuts each face out of the file shown as an image (static/css/tiles.css):
    990 x 700, the faces in the order of the kinds, nine to a row, 100 x 130 in cells
    110 x 140 apart, so that no face touches another."""
    root = ET.parse(SPRITE).getroot()
    assert root.get("viewBox") == "0 0 990 700"
    assert (root.get("width"), root.get("height")) == ("990", "700")
    cells = root.findall(f"{SVG}use")
    assert [use.get("href") for use in cells] == [f"#t-{kind}" for kind in KINDS]
    for i, use in enumerate(cells):
        x, y = int(use.get("x")), int(use.get("y"))
        assert (x, y) == (i % 9 * 110, i // 9 * 140)
        assert (use.get("width"), use.get("height")) == ("100", "130")
        assert x + 100 <= 990 and y + 130 <= 700


def test_sprite_needs_no_font_and_nothing_from_elsewhere():
    text = SPRITE.read_text(encoding="utf-8")
    root = ET.fromstring(text)
    assert not list(root.iter(f"{SVG}text")), "characters are paths, not text"
    assert "font-family" not in text and "@font-face" not in text
    references = re.findall(r'href="([^"]*)"', text)
    assert references and all(ref.startswith("#") for ref in references)
    ids = {el.get("id") for el in root.iter() if el.get("id")}
    assert {ref[1:] for ref in references} <= ids


def test_sprite_stays_within_60_kb_compressed():
    size = len(gzip.compress(SPRITE.read_bytes(), compresslevel=9))
    assert size <= 60 * 1024, f"{size} bytes gzipped"


def test_font_licence_is_shipped_beside_the_sprite():
    licence = (TILES / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL Open Font License" in licence
    assert "OFL.txt" in SPRITE.read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_play_page_offers_both_tile_sets_and_sets_the_choice_before_the_board(client, db, lang):
    html = client.get(f"/{lang}/play/").content.decode()
    assert f'href="{static("css/tiles.css")}"' in html
    choice = re.search(r'<select id="tile-set-select">(.*?)</select>', html, re.S).group(1)
    assert re.findall(r'value="(\w+)"', choice) == ["classic", "digits"]
    assert '<label for="tile-set-select">' in html
    # A plain script (neither deferred nor a module) ahead of the board's module: the
    # set is on <html> before the first tile is drawn.
    script = re.search(r'<script src="[^"]*tile-faces\.js"[^>]*>', html).group(0)
    assert "defer" not in script and "async" not in script and "module" not in script
    assert html.index(script) < html.index('src="' + static("js/play.js"))
