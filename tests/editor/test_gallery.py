"""The gallery of layouts in the New game panel (editor/gallery.py, editor/pictures.py): every
layout with its picture, translated name, size and stored difficulty in each language,
and a signed-in player's marks: won, and the best ranked time."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET

import pytest
from django.utils import translation

from editor.gallery import share
from editor.pictures import layout_svg, picture_version
from game.models import Game
from mahjong import LAYOUTS
from mahjong.rules.difficulty import random_play
from tests.players import player, signed_in, win_with_services
from wording import formatting
from wording.names import layout_name

pytestmark = pytest.mark.django_db

LANGUAGES = ["sv", "el", "de", "id"]
SVG = "{http://www.w3.org/2000/svg}"

#: What each language's size and difficulty of the Turtle read: 15 tiles wide, 8 high,
#: 5 layers; 600 of its first 1,000 site deals stuck when played with random pairs
#: (60 %: two marks of five).
TURTLE = {
    "sv": (
        "144 brickor i 5 lager, 15 × 8 brickor",
        "Svårighet 2 av 5: i 60\xa0% av spelen tar det stopp om man tar bort par på måfå.",
    ),
    "el": (
        "144 πλακίδια · διαστάσεις 15 × 8 · 5 επίπεδα",
        "Δυσκολία 2 από 5: αν αφαιρείτε ζευγάρια στην τύχη, στο 60% των παιχνιδιών μένετε"
        " χωρίς κινήσεις.",
    ),
    "de": (
        "144 Spielsteine · Grundfläche 15 × 8 Spielsteine · 5 Schichten",
        "Schwierigkeit 2 von 5: Wer wahllos Paare entfernt, hat in 60\xa0% der Spiele"
        " irgendwann keine Züge mehr.",
    ),
    "id": (
        "144 ubin · 15 × 8 · 5 lapisan",
        "Tingkat kesulitan 2 dari 5: jika pasangan diambil secara acak, 60% permainan"
        " berakhir buntu (tidak ada langkah lagi).",
    ),
}


def gallery_text(page: str, layout_id: str, part: str) -> str:
    """The text of one part (name, size, difficulty, mark) of a layout's button, as a
    screen reader reads it (without the difficulty's drawn marks, hidden from it)."""
    found = re.search(rf'id="gallery-{layout_id}-{part}"[^>]*>(.*?)</span>\n', page)
    assert found, (layout_id, part)
    text = re.sub(r'<span class="gallery__marks" aria-hidden="true">[^<]*</span> ', "", found[1])
    assert "<" not in text, text
    return html.unescape(text)


def gallery_marks(page: str, layout_id: str) -> str:
    """The difficulty's drawn marks on a layout's button ("●●○○○")."""
    part = re.search(rf'id="gallery-{layout_id}-difficulty"[^>]*>(.*?)</span>\n', page)[1]
    return re.search(r'class="gallery__marks" aria-hidden="true">([^<]*)<', part)[1]


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
            # The same words as the Turtle's below, with this layout's numbers: its
            # share of games stuck at random, its marks and its layers.
            measured = random_play(layout_id)
            positions = LAYOUTS[layout_id].positions
            layers = max(z for _, _, z in positions) + 1
            width = (max(x for x, _, _ in positions) + 2 - min(x for x, _, _ in positions)) / 2
            height = (max(y for _, y, _ in positions) + 2 - min(y for _, y, _ in positions)) / 2
            # The Turtle's words with this layout's layers, height and width (every layout
            # has 3 to 5 layers, so the plural's words are the Turtle's).
            expected = re.sub(r"\b5\b", str(layers), TURTLE[lang][0])
            expected = re.sub(r"\b8\b", formatting.number(height), expected)
            expected = re.sub(r"\b15\b", formatting.number(width), expected)
            assert size == expected
            assert share(measured.share, whole=False) in difficulty, difficulty
            filled = gallery_marks(page, layout_id).count("●")
            assert len(gallery_marks(page, layout_id)) == 5 and 1 <= filled <= 5
            assert difficulty.split(":")[0] == TURTLE[lang][1].split(":")[0].replace(
                "2", str(filled), 1
            ), difficulty
            assert "random" not in difficulty and "tiles" not in size  # no English left
            assert gallery_text(page, layout_id, "mark") == ""  # a visitor's come later
    assert (gallery_text(page, "L00", "size"), gallery_text(page, "L00", "difficulty")) == (
        TURTLE[lang]
    )


def test_a_half_tile_height_reads_as_such(client):
    page = client.get("/de/play/").content.decode()
    # The Butterfly is 8½ tiles high.
    assert (
        gallery_text(page, "L04", "size")
        == "144 Spielsteine · Grundfläche 15 × 8,5 Spielsteine · 4 Schichten"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_gallery_says_every_deal_can_be_won_and_no_layout_cannot(client, lang):
    """The site deals only winnable games: the gallery says so, and no layout's card
    says that its games cannot be won (the uniform-shuffle share read as "impossible")."""
    page = client.get(f"/{lang}/play/").content.decode()
    with translation.override(lang):
        note = translation.gettext(
            "Every game dealt here can be won. The difficulty says how often a player who "
            "takes any pair at random ends with no more moves."
        )
        lost = translation.gettext("This game can no longer be won.")
    assert f'<p class="gallery__note">{html.escape(note)}</p>' in page
    for layout_id in LAYOUTS:
        assert lost.rstrip(".") not in gallery_text(page, layout_id, "difficulty")
    # The marks follow the share: the layout most often stuck has the most marks.
    shares = {layout_id: random_play(layout_id).share for layout_id in LAYOUTS}
    hardest, easiest = max(shares, key=shares.get), min(shares, key=shares.get)
    assert gallery_marks(page, hardest).count("●") > gallery_marks(page, easiest).count("●")


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

    assert gallery_text(page, "L00", "mark") == "Du har vunnit här, bästa tid 4:12."
    assert 'data-best-ms="252000"' in page
    assert gallery_text(page, "L03", "mark") == "Du har vunnit här."
    assert gallery_text(page, "L05", "mark") == ""
    assert "data-visitor" not in page
    page = client.get("/el/play/").content.decode()
    assert (
        gallery_text(page, "L00", "mark")
        == "Έχετε κερδίσει σε αυτή τη διάταξη· καλύτερος χρόνος: 4:12."
    )


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
