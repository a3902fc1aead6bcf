"""Translated names of layouts and tiles, for the board, its accessible names and the API.

Layout names are a gettext mapping from layout id for now (the engine's names are
English); tile names follow docs/glossary.md: family or kind, then the number where there is
one ("Bamboo 5", "Flower 3", "Red dragon", "East wind"). The board and the diagrams
both name tiles with :func:`tile_name`.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from mahjong import KINDS, LAYOUTS, family
from mahjong.rules.tiles import (
    FAMILY_BAMBOO,
    FAMILY_CHARACTERS,
    FAMILY_CIRCLES,
    FAMILY_FLOWERS,
    FAMILY_SEASONS,
)

LAYOUT_NAMES = {
    "L00": pgettext_lazy("layout", "Turtle"),
    "L01": pgettext_lazy("layout", "Diamond"),
    "L02": pgettext_lazy("layout", "Bridge"),
    "L03": pgettext_lazy("layout", "Fortress"),
    "L04": pgettext_lazy("layout", "Butterfly"),
    "L05": pgettext_lazy("layout", "Cross"),
    "L06": pgettext_lazy("layout", "Pyramid"),
    "L07": pgettext_lazy("layout", "Tower"),
    "L08": pgettext_lazy("layout", "Ring"),
    "L09": pgettext_lazy("layout", "Arrow"),
    "L10": pgettext_lazy("layout", "Stairs"),
    "L11": pgettext_lazy("layout", "Twin towers"),
    "L12": pgettext_lazy("layout", "Hourglass"),
    "L13": pgettext_lazy("layout", "Crown"),
    "L14": pgettext_lazy("layout", "Column"),
    "L15": pgettext_lazy("layout", "Star"),
    "L16": pgettext_lazy("layout", "Castle"),
    "L17": pgettext_lazy("layout", "Boat"),
    "L18": pgettext_lazy("layout", "Spiral"),
    "L19": pgettext_lazy("layout", "Lantern"),
    "L20": pgettext_lazy("layout", "Key"),
    "L21": pgettext_lazy("layout", "Checkers"),
    "L22": pgettext_lazy("layout", "Frame"),
    "L23": pgettext_lazy("layout", "Kite"),
    "L24": pgettext_lazy("layout", "Gate"),
    "L25": pgettext_lazy("layout", "Bowl"),
    "L26": pgettext_lazy("layout", "Fish"),
    "L27": pgettext_lazy("layout", "Tree"),
    "L28": pgettext_lazy("layout", "Ladder"),
    "L29": pgettext_lazy("layout", "Tablet"),
}

# Tiles named by their family and number ("Bamboo 5", "Flower 3"), keyed by the engine's
# family names; the winds and dragons have a name of their own. Each name has three forms,
# for the three places a name stands (a language may write each differently):
#
# - the label: alone, as a tile's accessible name, in a legend or a list after a colon
#   ("Bambu 5, fri");
# - in a sentence, as an object or in a list inside one ("täckt av bambu 5": Swedish
#   writes tile names lower case mid-sentence; Greek quotes them, «Μπαμπού 5», so that
#   no article or adjective has to agree with them);
# - as a sentence's subject ("Den röda draken är blockerad": Swedish takes the definite
#   form there).
#
# The sentence around a name is always a catalogue template; only the name's form is
# chosen here.
_NUMBERED_NAMES = {
    # Translators: a tile's name as a label, alone: its family and its number (1-9).
    FAMILY_BAMBOO: _("Bamboo %(number)s"),
    # Translators: a tile's name as a label, alone: its family and its number (1-9).
    FAMILY_CHARACTERS: _("Characters %(number)s"),
    # Translators: a tile's name as a label, alone: its family and its number (1-9).
    FAMILY_CIRCLES: _("Circles %(number)s"),
    # Translators: a tile's name as a label, alone: its family and its number (1-4).
    FAMILY_FLOWERS: _("Flower %(number)s"),
    # Translators: a tile's name as a label, alone: its family and its number (1-4).
    FAMILY_SEASONS: _("Season %(number)s"),
}
_OWN_NAMES = {
    "N": _("North wind"),
    "S": _("South wind"),
    "E": _("East wind"),
    "W": _("West wind"),
    "R": _("Red dragon"),
    "G": _("Green dragon"),
    "Wh": _("White dragon"),
}
# The contexts of the two sentence forms; the label has none.
IN_SENTENCE = "tile name inside a sentence"
AS_SUBJECT = "tile name as a sentence's subject"
_NUMBERED_IN_SENTENCE = {
    # Translators: a tile's name inside a sentence ("covered by Bamboo 5"), its number 1-9.
    FAMILY_BAMBOO: pgettext_lazy("tile name inside a sentence", "Bamboo %(number)s"),
    # Translators: a tile's name inside a sentence ("covered by Bamboo 5"), its number 1-9.
    FAMILY_CHARACTERS: pgettext_lazy("tile name inside a sentence", "Characters %(number)s"),
    # Translators: a tile's name inside a sentence ("covered by Bamboo 5"), its number 1-9.
    FAMILY_CIRCLES: pgettext_lazy("tile name inside a sentence", "Circles %(number)s"),
    # Translators: a tile's name inside a sentence ("covered by Bamboo 5"), its number 1-9.
    FAMILY_FLOWERS: pgettext_lazy("tile name inside a sentence", "Flower %(number)s"),
    # Translators: a tile's name inside a sentence ("covered by Bamboo 5"), its number 1-9.
    FAMILY_SEASONS: pgettext_lazy("tile name inside a sentence", "Season %(number)s"),
}
_OWN_IN_SENTENCE = {
    "N": pgettext_lazy("tile name inside a sentence", "North wind"),
    "S": pgettext_lazy("tile name inside a sentence", "South wind"),
    "E": pgettext_lazy("tile name inside a sentence", "East wind"),
    "W": pgettext_lazy("tile name inside a sentence", "West wind"),
    "R": pgettext_lazy("tile name inside a sentence", "Red dragon"),
    "G": pgettext_lazy("tile name inside a sentence", "Green dragon"),
    "Wh": pgettext_lazy("tile name inside a sentence", "White dragon"),
}
_NUMBERED_AS_SUBJECT = {
    # Translators: a tile's name as a sentence's subject ("Bamboo 5 is blocked"), number 1-9.
    FAMILY_BAMBOO: pgettext_lazy("tile name as a sentence's subject", "Bamboo %(number)s"),
    # Translators: a tile's name as a sentence's subject ("Bamboo 5 is blocked"), number 1-9.
    FAMILY_CHARACTERS: pgettext_lazy("tile name as a sentence's subject", "Characters %(number)s"),
    # Translators: a tile's name as a sentence's subject ("Bamboo 5 is blocked"), number 1-9.
    FAMILY_CIRCLES: pgettext_lazy("tile name as a sentence's subject", "Circles %(number)s"),
    # Translators: a tile's name as a sentence's subject ("Bamboo 5 is blocked"), number 1-9.
    FAMILY_FLOWERS: pgettext_lazy("tile name as a sentence's subject", "Flower %(number)s"),
    # Translators: a tile's name as a sentence's subject ("Bamboo 5 is blocked"), number 1-9.
    FAMILY_SEASONS: pgettext_lazy("tile name as a sentence's subject", "Season %(number)s"),
}
_OWN_AS_SUBJECT = {
    "N": pgettext_lazy("tile name as a sentence's subject", "North wind"),
    "S": pgettext_lazy("tile name as a sentence's subject", "South wind"),
    "E": pgettext_lazy("tile name as a sentence's subject", "East wind"),
    "W": pgettext_lazy("tile name as a sentence's subject", "West wind"),
    "R": pgettext_lazy("tile name as a sentence's subject", "Red dragon"),
    "G": pgettext_lazy("tile name as a sentence's subject", "Green dragon"),
    "Wh": pgettext_lazy("tile name as a sentence's subject", "White dragon"),
}
# Two tiles of one kind named together, as a hint names an identical pair: Swedish "de
# två röda drakarna" rather than "röd drake och röd drake".
PAIR = "two identical tiles"
_NUMBERED_PAIR = {
    # Translators: two identical tiles named together ("Hint: two Bamboo 5"), number 1-9.
    FAMILY_BAMBOO: pgettext_lazy("two identical tiles", "two Bamboo %(number)s"),
    # Translators: two identical tiles named together ("Hint: two Bamboo 5"), number 1-9.
    FAMILY_CHARACTERS: pgettext_lazy("two identical tiles", "two Characters %(number)s"),
    # Translators: two identical tiles named together ("Hint: two Bamboo 5"), number 1-9.
    FAMILY_CIRCLES: pgettext_lazy("two identical tiles", "two Circles %(number)s"),
    # Flowers and seasons are each one of a kind: a pair of them is never identical.
}
_OWN_PAIR = {
    "N": pgettext_lazy("two identical tiles", "two North winds"),
    "S": pgettext_lazy("two identical tiles", "two South winds"),
    "E": pgettext_lazy("two identical tiles", "two East winds"),
    "W": pgettext_lazy("two identical tiles", "two West winds"),
    "R": pgettext_lazy("two identical tiles", "two Red dragons"),
    "G": pgettext_lazy("two identical tiles", "two Green dragons"),
    "Wh": pgettext_lazy("two identical tiles", "two White dragons"),
}
#: The forms of a name: (numbered names, own names) for each.
LABEL = "label"
_FORMS = {
    LABEL: (_NUMBERED_NAMES, _OWN_NAMES),
    IN_SENTENCE: (_NUMBERED_IN_SENTENCE, _OWN_IN_SENTENCE),
    AS_SUBJECT: (_NUMBERED_AS_SUBJECT, _OWN_AS_SUBJECT),
    PAIR: (_NUMBERED_PAIR, _OWN_PAIR),
}


def layout_name(layout_id: str) -> str:
    """The layout's name in the active language (the engine's English name as a fallback)."""
    name = LAYOUT_NAMES.get(layout_id)
    return str(name) if name is not None else LAYOUTS[layout_id].name


def layout_choices() -> list[dict[str, str]]:
    """Every layout as ``{"id", "name"}``, in id order, names in the active language."""
    return [{"id": layout_id, "name": layout_name(layout_id)} for layout_id in LAYOUTS]


def tile_name(kind: str, form: str = LABEL) -> str:
    """The name of a tile kind in the active language, in one of its forms:
    :data:`LABEL` ("Bamboo 5", "Red dragon"), :data:`IN_SENTENCE`, :data:`AS_SUBJECT`, or
    :data:`PAIR` for two tiles of a kind with four identical tiles ("two Red dragons").

    The one place tiles are named: the board's accessible names, the API and the
    diagrams' descriptions all come from here.
    """
    numbered, own = _FORMS[form]
    if kind in own:
        return str(own[kind])
    number = "".join(character for character in kind if character.isdigit())
    return numbered[family(kind)] % {"number": number}


def tile_names(form: str = LABEL) -> dict[str, str]:
    """Every kind's name in the active language and ``form``, by its Digits label
    (:data:`PAIR`: only the kinds that have two identical tiles)."""
    numbered, _own = _FORMS[form]
    return {
        kind: tile_name(kind, form)
        for kind in KINDS
        if form != PAIR or kind in _own or family(kind) in numbered
    }
