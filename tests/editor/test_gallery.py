"""The gallery of layouts in the New game panel (editor/gallery.py, editor/pictures.py): every
layout with its picture, translated name, size and stored difficulty in each language,
and a signed-in player's marks: won, and the best ranked time."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET

import pytest
from django.utils import translation

from editor.pictures import layout_svg, picture_version
from game.models import Game
from mahjong import LAYOUTS
from mahjong.rules.registry import layout_difficulty
from tests.players import player, signed_in, win_with_services
from wording.names import layout_name

pytestmark = pytest.mark.django_db

LANGUAGES = ["sv", "el", "de", "id"]
SVG = "{http://www.w3.org/2000/svg}"

#: What each language's size and difficulty of the Turtle read: 15 tiles wide, 8 high,
#: 5 layers; 2,941 of 100,000 uniform deals lost (2.9 %).
TURTLE = {
    "sv": (
        "144 brickor, 15 i bredd, 8 i höjd, 5 lager",
        "2,9\xa0% av 100\xa0000 slumpade givar kan inte vinnas.",
    ),
    "el": (
        "144 πλακίδια, πλάτος 15, ύψος 8, 5 επίπεδα",
        "Το 2,9% από 100.000 τυχαία παιχνίδια δεν βγαίνει.",
    ),
    "de": (
        "144 Spielsteine, 15 breit, 8 hoch, 5 Schichten",
        "2,9\xa0% von 100.000 zufälligen Spielen sind nicht zu gewinnen.",
    ),
    "id": (
        "144 ubin, lebar 15, tinggi 8, 5 lapisan",
        "2,9% dari 100.000 susunan acak tidak bisa dimenangkan.",
    ),
}


def gallery_text(page: str, layout_id: str, part: str) -> str:
    """The text of one part (name, size, difficulty, mark) of a layout's button."""
    found = re.search(rf'id="gallery-{layout_id}-{part}"[^>]*>([^<]*)<', page)
    assert found, (layout_id, part)
    return html.unescape(found.group(1))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_gallery_lists_every_layout_with_name_size_and_difficulty(client, lang):
    page = client.get(f"/{lang}/play/").content.decode()

    buttons = re.findall(r'<button type="button" class="gallery__item" data-layout="(L\d\d)"', page)
    assert buttons == list(LAYOUTS)
    with translation.override(lang):
        for layout_id in LAYOUTS:
            assert gallery_text(page, layout_id, "name") == layout_name(layout_id)
            size = gallery_text(page, layout_id, "size")
            difficulty = gallery_text(page, layout_id, "difficulty")
            # The same words as the Turtle's below, with this layout's numbers: the
            # deals surveyed (5 000 to 10 000) and its layers.
            measured = layout_difficulty(layout_id)
            layers = max(z for _, _, z in LAYOUTS[layout_id].positions) + 1
            words = TURTLE[lang][0].split(", ")
            # "144 tiles" first and "N layers" last (every layout has 3 to 5 layers).
            assert size.split(", ")[0] == words[0], size
            assert size.split(", ")[-1] == words[-1].replace("5", str(layers)), size
            assert str(measured.decided) in re.sub(r"\D", "", difficulty), difficulty
            assert "random" not in difficulty and "tiles" not in size  # no English left
            assert gallery_text(page, layout_id, "mark") == ""  # a visitor's come later
    assert (gallery_text(page, "L00", "size"), gallery_text(page, "L00", "difficulty")) == (
        TURTLE[lang]
    )


def test_a_half_tile_width_and_every_deal_lost_read_as_such(client):
    page = client.get("/de/play/").content.decode()
    # The Butterfly is 8½ tiles high; every uniform deal of the Bridge is lost (100 %),
    # and the Ring's 99.9 % is not rounded up to all of them.
    assert gallery_text(page, "L04", "size") == "144 Spielsteine, 15 breit, 8,5 hoch, 4 Schichten"
    assert gallery_text(page, "L02", "difficulty").startswith("100\xa0% von ")
    assert gallery_text(page, "L08", "difficulty").startswith("99,9\xa0% von ")


def test_each_picture_is_a_small_svg_of_the_layouts_144_tiles(client):
    for layout_id, layout in LAYOUTS.items():
        response = client.get(f"/layouts/{layout_id}.svg?v={picture_version(layout_id)}")
        assert response.status_code == 200
        assert response["Content-Type"] == "image/svg+xml"
        assert "immutable" in response["Cache-Control"]
        root = ET.fromstring(response.content)
        paths = root.findall(f"{SVG}g/{SVG}path")
        layers = max(z for _, _, z in layout.positions) + 1
        assert len(paths) == layers
        assert sum(path.get("d").count("M") for path in paths) == 144
        assert len(response.content) < 4000, (layout_id, len(response.content))
    # Without the current version it may still be kept, but not for good.
    stale = client.get("/layouts/L00.svg?v=old")
    assert stale.status_code == 200 and "immutable" not in stale["Cache-Control"]
    assert client.get("/layouts/L99.svg").status_code == 404
    assert client.get("/layouts/l00.svg").status_code == 404


def test_the_page_links_each_picture_by_its_version(client):
    page = client.get("/sv/play/").content.decode()
    for layout_id in LAYOUTS:
        assert f'src="/layouts/{layout_id}.svg?v={picture_version(layout_id)}"' in page
    # Lazily: a closed panel loads none of them.
    assert page.count('loading="lazy"') >= len(LAYOUTS)


def test_pictures_stack_higher_layers_up_and_to_the_left():
    tower = ET.fromstring(layout_svg("L07"))
    first = [path.get("d") for path in tower.findall(f"{SVG}g/{SVG}path")]
    # The layer on the table is drawn first, the top one last, each with its own face.
    fills = [path.get("fill") for path in tower.findall(f"{SVG}g/{SVG}path")]
    assert len(set(fills)) == len(fills) and first[0] != first[-1]


def test_a_signed_in_player_sees_won_and_best_ranked_time(client):
    ada = player("ada")
    win_with_services(user=ada, code=None, layout_id="L00", seconds=400)
    win_with_services(user=ada, code=None, layout_id="L00", seconds=252)
    # A win with a hint is won, but its time is not a best (not ranked).
    hinted = win_with_services(user=ada, code=None, layout_id="L03", seconds=100, hints=1)
    assert not hinted.ranked
    # Another player's win marks nothing of Ada's.
    win_with_services(user=player("bo"), code=None, layout_id="L05", seconds=300)
    assert Game.objects.filter(result=Game.WON).count() == 4

    page = signed_in(client, ada).get("/sv/play/").content.decode()

    assert gallery_text(page, "L00", "mark") == "Vunnen, bästa tid 4:12."
    assert 'data-best-ms="252000"' in page
    assert gallery_text(page, "L03", "mark") == "Vunnen."
    assert gallery_text(page, "L05", "mark") == ""
    assert "data-visitor" not in page
    page = client.get("/el/play/").content.decode()
    assert gallery_text(page, "L00", "mark") == "Κερδισμένη, καλύτερος χρόνος 4:12."


def test_a_visitors_page_leaves_the_marks_to_the_browser(client):
    win_with_services(user=player("ada"), code=None, layout_id="L00", seconds=400)
    page = client.get("/sv/play/").content.decode()
    assert "data-visitor" in page
    assert gallery_text(page, "L00", "mark") == ""


def test_the_gallery_costs_one_query_for_a_player(client, django_assert_max_num_queries):
    ada = player("ada")
    signed_in(client, ada).get("/sv/play/")
    from editor.gallery import gallery

    with django_assert_max_num_queries(1):
        entries = gallery(ada.pk)
    assert len(entries) == len(LAYOUTS)
    with django_assert_max_num_queries(0):
        gallery(None)
