"""The tile sets' sprites (static/tiles/classic.svg, made by tools/tiles/build_sprite.py;
large.svg and ivory.svg, made from it by tools/tiles/build_sets.py): one symbol per kind,
laid out alike as a sheet, characters drawn as paths, within the size budget, the fonts'
licences beside them; and the play page that offers the sets and the tables."""

import gzip
import importlib.util
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.conf import settings
from django.templatetags.static import static

from mahjong.rules.tiles import KINDS

TILES = Path(settings.BASE_DIR, "static", "tiles")
SPRITE = TILES / "classic.svg"
SHEETS = ["classic.svg", "large.svg", "ivory.svg"]
SVG = "{http://www.w3.org/2000/svg}"
LANGUAGES = [code for code, _name in settings.LANGUAGES]


@pytest.mark.parametrize("sheet", SHEETS)
def test_sprite_has_one_symbol_for_each_of_the_42_kinds(sheet):
    root = ET.parse(TILES / sheet).getroot()
    symbols = root.findall(f"{SVG}symbol")
    assert [s.get("id") for s in symbols] == [f"t-{kind}" for kind in KINDS]
    assert len(symbols) == 42
    for symbol in symbols:
        assert symbol.get("viewBox") == "0 0 100 130"
        assert len(symbol), f"{symbol.get('id')} draws nothing"


@pytest.mark.parametrize("sheet", SHEETS)
def test_sprite_shown_as_an_image_is_a_sheet_of_every_face_apart(sheet):
    """The board cuts each face out of the file shown as an image (static/css/tiles.css),
    in the same way for every set: 990 x 700, the faces in the order of the kinds, nine
    to a row, 100 x 130 in cells 110 x 140 apart, so that no face touches another."""
    root = ET.parse(TILES / sheet).getroot()
    assert root.get("viewBox") == "0 0 990 700"
    assert (root.get("width"), root.get("height")) == ("990", "700")
    cells = root.findall(f"{SVG}use")
    assert [use.get("href") for use in cells] == [f"#t-{kind}" for kind in KINDS]
    for i, use in enumerate(cells):
        x, y = int(use.get("x")), int(use.get("y"))
        assert (x, y) == (i % 9 * 110, i // 9 * 140)
        assert (use.get("width"), use.get("height")) == ("100", "130")
        assert x + 100 <= 990 and y + 130 <= 700


@pytest.mark.parametrize("sheet", SHEETS)
def test_sprite_needs_no_font_and_nothing_from_elsewhere(sheet):
    text = (TILES / sheet).read_text(encoding="utf-8")
    root = ET.fromstring(text)
    assert not list(root.iter(f"{SVG}text")), "characters are paths, not text"
    assert "font-family" not in text and "@font-face" not in text
    references = re.findall(r'href="([^"]*)"', text)
    assert references and all(ref.startswith("#") for ref in references)
    ids = {el.get("id") for el in root.iter() if el.get("id")}
    assert {ref[1:] for ref in references} <= ids


@pytest.mark.parametrize("sheet", SHEETS)
def test_sprite_stays_within_60_kb_compressed(sheet):
    size = len(gzip.compress((TILES / sheet).read_bytes(), compresslevel=9))
    assert size <= 60 * 1024, f"{size} bytes gzipped"


@pytest.mark.parametrize("sheet", SHEETS)
def test_font_licence_is_shipped_beside_the_sprite(sheet):
    licence = (TILES / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL Open Font License" in licence
    assert "OFL.txt" in (TILES / sheet).read_text(encoding="utf-8")


def test_the_sets_drawn_from_the_classic_one_are_what_their_script_makes():
    """large.svg and ivory.svg are made, not edited: the script gives the committed files
    from the committed classic sheet and text font (so a change to either is carried
    over by running it again)."""
    spec = importlib.util.spec_from_file_location(
        "build_sets", Path(settings.BASE_DIR, "tools", "tiles", "build_sets.py")
    )
    build_sets = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_sets)
    assert build_sets.large(build_sets.Signs(build_sets.TEXT_FONT)) == (
        TILES / "large.svg"
    ).read_text(encoding="utf-8")
    assert build_sets.ivory() == (TILES / "ivory.svg").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_play_page_offers_the_tile_sets_and_tables_and_sets_the_choice_before_the_board(
    client, db, lang
):
    html = client.get(f"/{lang}/play/").content.decode()
    assert f'href="{static("css/tiles.css")}"' in html
    script = Path(settings.BASE_DIR, "static", "js", "tile-faces.js").read_text(encoding="utf-8")
    for select, values in (
        ("tile-set-select", ["classic", "digits", "large", "ivory"]),
        ("table-select", ["felt", "slate", "stone"]),
    ):
        choice = re.search(rf'<select id="{select}">(.*?)</select>', html, re.S).group(1)
        assert re.findall(r'value="(\w+)"', choice) == values
        assert f'<label for="{select}">' in html
        # The script knows the same values, the first the default.
        assert f"values: {json.dumps(values)}," in script
    # A plain script (neither deferred nor a module) ahead of the board's module: the
    # set is on <html> before the first tile is drawn.
    script = re.search(r'<script src="[^"]*tile-faces\.js"[^>]*>', html).group(0)
    assert "defer" not in script and "async" not in script and "module" not in script
    assert html.index(script) < html.index('src="' + static("js/play.js"))
