"""Tiles have one name per language, the same on the board and in the diagrams."""

import html
import re

import pytest
from django.conf import settings
from django.core.cache import cache
from django.utils import translation
from django.utils.translation import gettext

from mahjong import KINDS, family
from mahjong.rules.board import Blocking, BlockKind
from quiz.services import rules_sections_load
from wording.names import AS_SUBJECT, IN_SENTENCE, PAIR, tile_name, tile_names
from wording.teaching import blocked_reason

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
def test_the_rules_diagram_lists_tiles_by_the_boards_names_inside_a_sentence(client, db, lang):
    rules_sections_load()
    cache.clear()
    body = html.unescape(client.get(f"/{lang}/rules/").content.decode())
    desc = re.search(r'<desc id="diagram-kinds-desc">(.*?)</desc>', body, re.S).group(1)
    with translation.override(lang):
        board_names = tile_names(IN_SENTENCE)

    # The list follows a colon, so every name has the form it takes inside a sentence.
    for kind, name in board_names.items():
        assert f"{name} ({kind})" in desc


def test_diagram_tiles_are_classed_by_the_engines_family_names(client, db):
    rules_sections_load()
    cache.clear()
    body = client.get("/sv/rules/").content.decode()

    classes = set(re.findall(r'class="tile tile--([a-z_-]+)', body))

    assert classes == {family(kind) for kind in KINDS}


# -- names inside sentences and lists of tiles ---------------------------------------------

FACES = ["1B", "2C", "R", "3D", "E", "F1"]

# Why a tile is blocked with one, two and three tiles on each side: each side is named
# once, and the list on it is the language's own ("a, b och c"), so no "and" follows
# another list's "and".
SIDES = {
    "sv": (
        "bambu 1 till vänster och cirkel 3 till höger",
        "bambu 1 och tecken 2 till vänster och cirkel 3 och östanvind till höger",
        "bambu 1, tecken 2 och röd drake till vänster och "
        "cirkel 3, östanvind och blomma 1 till höger",
    ),
    "el": (
        "έχει πλακίδια και στις δύο πλευρές (αριστερά «Μπαμπού 1», δεξιά «Κύκλοι 3»)",
        "έχει πλακίδια και στις δύο πλευρές (αριστερά «Μπαμπού 1» και «Χαρακτήρες 2», "
        "δεξιά «Κύκλοι 3» και «Ανατολικός άνεμος»)",
        "έχει πλακίδια και στις δύο πλευρές (αριστερά «Μπαμπού 1», «Χαρακτήρες 2» και "
        "«Κόκκινος δράκος», δεξιά «Κύκλοι 3», «Ανατολικός άνεμος» και «Λουλούδι 1»)",
    ),
    "de": (
        "links Bambus 1, rechts Kreise 3",
        "links Bambus 1 und Schriftzeichen 2, rechts Kreise 3 und Ostwind",
        "links Bambus 1, Schriftzeichen 2 und Roter Drache, rechts Kreise 3, Ostwind und Blume 1",
    ),
    "id": (
        "ada bambu 1 di kiri dan lingkaran 3 di kanan",
        "ada bambu 1 dan karakter 2 di kiri dan lingkaran 3 dan angin timur di kanan",
        "ada bambu 1, karakter 2, dan naga merah di kiri "
        "dan lingkaran 3, angin timur, dan bunga 1 di kanan",
    ),
}
# The same lists lying partly over a tile.
PARTLY = {
    "sv": (
        "delvis täckt av bambu 1",
        "delvis täckt av bambu 1 och tecken 2",
        "delvis täckt av bambu 1, tecken 2 och röd drake",
    ),
    "el": (
        "καλύπτεται εν μέρει από το πλακίδιο «Μπαμπού 1»",
        "καλύπτεται εν μέρει από τα πλακίδια «Μπαμπού 1» και «Χαρακτήρες 2»",
        "καλύπτεται εν μέρει από τα πλακίδια «Μπαμπού 1», «Χαρακτήρες 2» και «Κόκκινος δράκος»",
    ),
    "de": (
        "teilweise bedeckt vom Spielstein Bambus 1",
        "teilweise bedeckt von den Spielsteinen Bambus 1 und Schriftzeichen 2",
        "teilweise bedeckt von den Spielsteinen Bambus 1, Schriftzeichen 2 und Roter Drache",
    ),
    "id": (
        "tertutup sebagian oleh bambu 1",
        "tertutup sebagian oleh bambu 1 dan karakter 2",
        "tertutup sebagian oleh bambu 1, karakter 2, dan naga merah",
    ),
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("count", [1, 2, 3])
def test_both_sides_are_named_once_with_one_two_or_three_tiles(lang, count):
    blocking = Blocking(BlockKind.SIDES, (), tuple(range(count)), tuple(range(3, 3 + count)))
    with translation.override(lang):
        assert blocked_reason(blocking, FACES, 0) == SIDES[lang][count - 1]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("count", [1, 2, 3])
def test_tiles_lying_partly_over_a_tile_are_listed(lang, count):
    blocking = Blocking(BlockKind.HALF_COVERED, tuple(range(count)), (), ())
    with translation.override(lang):
        assert blocked_reason(blocking, FACES, count) == PARTLY[lang][count - 1]


WHOLLY = {
    "sv": "täckt av bambu 1 och tecken 2",
    "el": "καλύπτεται από τα πλακίδια «Μπαμπού 1» και «Χαρακτήρες 2»",
    "de": "bedeckt von den Spielsteinen Bambus 1 und Schriftzeichen 2",
    "id": "tertutup oleh bambu 1 dan karakter 2",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_two_tiles_each_over_half_cover_it_wholly(lang):
    # Two tiles each lying over half of it leave none of it open: "covered", not "partly";
    # the engine's count of covered quarters decides.
    blocking = Blocking(BlockKind.HALF_COVERED, (0, 1), (), ())
    with translation.override(lang):
        assert blocked_reason(blocking, FACES, 4) == WHOLLY[lang]
        assert blocked_reason(blocking, FACES, 2) == PARTLY[lang][1]


def test_swedish_writes_names_lower_case_inside_a_sentence_and_definite_as_subject():
    with translation.override("sv"):
        assert tile_name("R") == "Röd drake"
        assert tile_name("R", IN_SENTENCE) == "röd drake"
        assert tile_name("R", AS_SUBJECT) == "Den röda draken"
        assert tile_name("E", AS_SUBJECT) == "Östanvinden"
        assert tile_name("5B", IN_SENTENCE) == "bambu 5"
        # A suit's tile is named as the board names it ("Tecken 9 är blockerad").
        assert tile_name("5B", AS_SUBJECT) == "Bambu 5"
        assert tile_name("9C", AS_SUBJECT) == "Tecken 9"


def test_greek_quotes_names_inside_a_sentence_so_nothing_must_agree_with_them():
    with translation.override("el"):
        for kind in KINDS:
            label = tile_name(kind)
            assert tile_name(kind, IN_SENTENCE) == f"«{label}»"
            assert tile_name(kind, AS_SUBJECT) == f"«{label}»"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_kind_has_each_form(lang):
    with translation.override(lang):
        for form in (IN_SENTENCE, AS_SUBJECT):
            names = tile_names(form)
            assert len(set(names.values())) == len(KINDS), form
            assert all("%" not in name for name in names.values())


# -- two identical tiles named together (a hint of an identical pair) -----------------------

#: Red dragon and Bamboo 5, two of each, as a hint names them.
IDENTICAL_PAIRS = {
    "sv": ("Tips: två röda drakar", "Tips: bambu 5 och bambu 5"),
    "el": ("Υπόδειξη: οι δύο κόκκινοι δράκοι", "Υπόδειξη: τα δύο πλακίδια «Μπαμπού 5»"),
    # German names the two as a hint names a flower pair ("Blume 1 und Blume 3").
    "de": ("Hinweis: zwei rote Drachen", "Hinweis: zweimal Bambus 5"),
    "id": ("Petunjuk: dua ubin naga merah", "Petunjuk: dua ubin bambu 5"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hint_names_two_identical_tiles_together(lang):
    with translation.override(lang):
        said = tuple(
            gettext("Hint: %(pair)s") % {"pair": tile_name(kind, PAIR)} for kind in ("R", "5B")
        )
        pairs = tile_names(PAIR)
    assert said == IDENTICAL_PAIRS[lang]
    # Every kind with four identical tiles has its pair's name, each its own; a flower or
    # a season is one of a kind, so it never pairs with its own face.
    assert set(pairs) == {kind for kind in KINDS if family(kind) not in ("flowers", "seasons")}
    assert len(set(pairs.values())) == len(pairs)
