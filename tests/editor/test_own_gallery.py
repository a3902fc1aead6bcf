"""A player's own layouts in the gallery of the New game panel (editor/gallery.py's
own_gallery): a section of their own for a signed-in player, each a button with its
picture, its name as text, its size and "never ranked", and in the panel's list too; a
visitor sees no such section. The pictures of players' layouts are served by their id."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from editor.gallery import own_gallery, size_text
from editor.models import CustomLayout
from editor.pictures import layout_svg
from mahjong import LAYOUTS
from tests.editor.test_layouts_api import DIAMOND, TURTLE, player, save, win

pytestmark = pytest.mark.django_db

MARKUP = "<b>Min</b> & sköldpadda"


def section(page: str) -> str:
    found = re.search(r'<section class="gallery gallery--mine".*?</section>', page, re.S)
    assert found, "no section of the player's own layouts"
    return found.group(0)


def test_a_visitor_sees_no_section_of_own_layouts(client):
    page = client.get("/sv/play/").content.decode()
    assert 'id="gallery"' in page
    assert "gallery-mine" not in page and "<optgroup" not in page


def test_a_player_without_layouts_is_shown_the_way_to_the_editor():
    alice = player("alice")
    mine = section(alice.get("/sv/play/").content.decode())
    assert "Sparade layouter" in mine
    assert "<button" not in mine
    assert 'href="/sv/editor/"' in mine and "Bygg en egen layout" in mine


def test_a_players_own_layouts_are_buttons_newest_first_in_the_panels_list_too():
    alice, bob = player("alice"), player("bob")
    turtle = save(alice, name=MARKUP).json()
    diamond = save(alice, name="Ruter", positions=DIAMOND).json()
    save(bob, name="Bobs", positions=TURTLE)
    page = alice.get("/sv/play/").content.decode()
    mine = section(page)

    ids = re.findall(r'class="gallery__item" data-layout="([^"]+)"', mine)
    assert ids == [diamond["layout_id"], turtle["layout_id"]]
    # The name as text: escaped, never markup.
    assert "<b>Min</b>" not in page
    name = re.search(rf'id="gallery-{turtle["layout_id"]}-name">([^<]*)<', mine).group(1)
    assert html.unescape(name) == MARKUP
    size = re.search(rf'id="gallery-{turtle["layout_id"]}-size">([^<]*)<', mine).group(1)
    assert html.unescape(size) == "144 brickor i 5 lager, 15 × 8 brickor"
    ranked = re.search(rf'id="gallery-{turtle["layout_id"]}-ranked">([^<]*)<', mine).group(1)
    assert ranked == "Räknas aldrig på topplistan."
    assert "Bobs" not in page
    # The list above the gallery holds them too, so that a button picks one there.
    group = re.search(r'<optgroup label="Sparade layouter">(.*?)</optgroup>', page, re.S).group(1)
    assert re.findall(r'<option value="([^"]+)"', group) == ids


@pytest.mark.parametrize(
    "lang, words",
    [
        ("el", "Δεν μετρά ποτέ"),
        ("de", "Partien auf eigenen Anordnungen werden nie gewertet"),
        ("id", "Tidak pernah masuk peringkat"),
    ],
)
def test_never_ranked_in_each_language(lang, words):
    alice = player("alice")
    save(alice)
    assert words in section(alice.get(f"/{lang}/play/").content.decode())


def test_an_own_layouts_picture_is_served_by_its_id_and_gone_with_it():
    alice = player("alice")
    saved = save(alice).json()
    url = re.search(
        r'<img class="gallery__picture" src="([^"]+)"',
        section(alice.get("/sv/play/").content.decode()),
    ).group(1)
    assert url.startswith(f"/layouts/{saved['layout_id']}.svg?v=")
    # Anyone may see it (its game code is public), drawn as the site's layouts are.
    response = Client().get(url)
    assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
    assert response.content.decode() == layout_svg("L00")  # the same tiles as the Turtle
    assert "immutable" in response["Cache-Control"]
    assert Client().get("/layouts/CAAAAAAAA.svg").status_code == 404
    CustomLayout.objects.all().delete()
    assert Client().get(url).status_code == 404


def test_a_won_own_layout_is_marked_won_without_a_best_time():
    alice = player("alice")
    saved = save(alice).json()
    mine = section(alice.get("/sv/play/").content.decode())
    assert re.search(rf'id="gallery-{saved["layout_id"]}-mark"></span>', mine)
    win(alice, {"layout": saved["layout_id"]})
    mine = section(alice.get("/sv/play/").content.decode())
    assert re.search(rf'id="gallery-{saved["layout_id"]}-mark">Du har vunnit här.</span>', mine)


def test_own_gallery_costs_one_query_and_nothing_for_a_visitor(django_assert_max_num_queries):
    alice = player("alice")
    save(alice)
    save(alice, name="Ruter", positions=DIAMOND)
    with django_assert_max_num_queries(1):
        entries = own_gallery(alice.user.pk)
    assert [entry.ranked for entry in entries] == [False, False]
    assert entries[1].size == size_text("L00")
    with django_assert_max_num_queries(0):
        assert own_gallery(None) is None
    assert set(LAYOUTS) & {entry.id for entry in entries} == set()
