"""Tiles have one name per language, the same on the board and in the diagrams."""

import html
import re

import pytest
from django.conf import settings
from django.core.cache import cache
from django.utils import translation

from mahjong import KINDS, family
from quiz.services import rules_sections_load
from wording.names import tile_name, tile_names

LANGUAGES = [code for code, _name in settings.LANGUAGES]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_kind_has_its_own_translated_name(lang):
    with translation.override(lang):
        names = tile_names()
    with translation.override("en"):
        english = tile_names()

    assert list(names) == list(KINDS)
    assert len(set(names.values())) == len(KINDS)
    # Every family word is translated (numbers alone may read the same).
    assert not set(names.values()) & set(english.values())


def test_numbered_tiles_carry_their_number():
    with translation.override("en"):
        assert tile_name("7C") == "Characters 7"
        assert tile_name("F3") == "Flower 3"
        assert tile_name("S2") == "Season 2"
        assert tile_name("S") == "South wind"
        assert tile_name("Wh") == "White dragon"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_diagram_names_tiles_as_the_board_does(client, db, lang):
    rules_sections_load()
    cache.clear()
    body = html.unescape(client.get(f"/{lang}/rules/").content.decode())
    desc = re.search(r'<desc id="diagram-kinds-desc">(.*?)</desc>', body, re.S).group(1)
    with translation.override(lang):
        board_names = tile_names()

    for kind, name in board_names.items():
        assert f"{name} ({kind})" in desc


def test_diagram_tiles_are_classed_by_the_engines_family_names(client, db):
    rules_sections_load()
    cache.clear()
    body = client.get("/sv/rules/").content.decode()

    classes = set(re.findall(r'class="tile tile--([a-z_-]+)', body))

    assert classes == {family(kind) for kind in KINDS}
