"""The 144-tile set and the matching rule.

A *kind* is what is printed on a tile. There are 42 kinds, each named by its
label in the "Digits" style used on every diagram of the site:

* three suits numbered 1 to 9: ``1B``–``9B`` bamboo, ``1C``–``9C`` characters,
  ``1D``–``9D`` circles (4 tiles of each kind, 108 tiles);
* four winds ``N S E W`` and three dragons ``R G Wh`` (4 of each, 28 tiles);
* four flowers ``F1``–``F4`` and four seasons ``S1``–``S4`` (1 of each, 8 tiles).

Two tiles match when they are the same kind, or both flowers, or both seasons.
A flower never matches a season:

>>> matches("5B", "5B"), matches("F1", "F3"), matches("F1", "S1"), matches("R", "G")
(True, True, False, False)
"""

from __future__ import annotations

SUITS = ("B", "C", "D")
WINDS = ("N", "S", "E", "W")
DRAGONS = ("R", "G", "Wh")
FLOWERS = ("F1", "F2", "F3", "F4")
SEASONS = ("S1", "S2", "S3", "S4")

#: Kinds of which the set holds four identical tiles, in table order.
QUADRUPLE_KINDS: tuple[str, ...] = (
    tuple(f"{n}{s}" for s in SUITS for n in range(1, 10)) + WINDS + DRAGONS
)
#: All 42 kinds, in table order.
KINDS: tuple[str, ...] = QUADRUPLE_KINDS + FLOWERS + SEASONS

#: The 144 tiles of a full set, as kind labels.
TILE_SET: tuple[str, ...] = tuple(k for k in QUADRUPLE_KINDS for _ in range(4)) + FLOWERS + SEASONS
#: The pairs of a whole game (72): every layout holds the whole set.
PAIRS = len(TILE_SET) // 2

FAMILY_BAMBOO = "bamboo"
FAMILY_CHARACTERS = "characters"
FAMILY_CIRCLES = "circles"
FAMILY_WINDS = "winds"
FAMILY_DRAGONS = "dragons"
FAMILY_FLOWERS = "flowers"
FAMILY_SEASONS = "seasons"

#: Every family name, in table order: the only family names anywhere on the site.
FAMILIES: tuple[str, ...] = (
    FAMILY_BAMBOO,
    FAMILY_CHARACTERS,
    FAMILY_CIRCLES,
    FAMILY_WINDS,
    FAMILY_DRAGONS,
    FAMILY_FLOWERS,
    FAMILY_SEASONS,
)

_SUIT_FAMILY = {"B": FAMILY_BAMBOO, "C": FAMILY_CHARACTERS, "D": FAMILY_CIRCLES}


def family(kind: str) -> str:
    """The family of a kind: ``"bamboo"``, ``"winds"``, ``"flowers"``…

    >>> family("7C"), family("Wh"), family("S2")
    ('characters', 'dragons', 'seasons')
    """
    if kind in FLOWERS:
        return FAMILY_FLOWERS
    if kind in SEASONS:
        return FAMILY_SEASONS
    if kind in WINDS:
        return FAMILY_WINDS
    if kind in DRAGONS:
        return FAMILY_DRAGONS
    if len(kind) == 2 and kind[0] in "123456789" and kind[1] in _SUIT_FAMILY:
        return _SUIT_FAMILY[kind[1]]
    raise ValueError(f"unknown tile kind: {kind!r}")


def match_class(kind: str) -> str:
    """The class within which tiles match: the kind itself, or the family for
    flowers and seasons. Two tiles match exactly when their classes are equal.
    """
    if kind in FLOWERS:
        return FAMILY_FLOWERS
    if kind in SEASONS:
        return FAMILY_SEASONS
    return kind


def matches(a: str, b: str) -> bool:
    """Whether two tile kinds form a pair that may be removed together."""
    return match_class(a) == match_class(b)
