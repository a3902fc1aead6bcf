"""The guided first game on the example deal: its words and the tiles it points at.

The guide says nothing of its own: each step shows sentences of the rules page (the seeds'
words, in the page's language), found by their place in their section, so that nothing new
needs translating. The tiles come from the engine: the first pair of the example deal's
winning plan, and a tile beside it that is blocked on both sides.
"""

from __future__ import annotations

import re

from mahjong import Board
from mahjong.rules.board import BlockKind

from .diagrams.rules import EXAMPLE_CODE
from .selectors import rules_sections

# A sentence ends with a full stop followed by a space or the end; a clause also ends
# with a semicolon (the Greek one, the ano teleia, too).
_SENTENCE_END = re.compile(r"(?<=\.)\s+")
_CLAUSE_END = re.compile(r"(?<=[;·])\s+")


def _blocks(body: str) -> list[str]:
    """A section body's blocks: paragraphs and lists, without diagram lines."""
    blocks = [block.strip() for block in re.split(r"\n\s*\n", body)]
    return [block for block in blocks if block and not block.startswith("[[")]


def _items(block: str) -> list[str]:
    return [line[2:].strip() for line in block.splitlines() if line.startswith("- ")]


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def guide_words() -> dict[str, list[str]] | None:
    """The guide's sentences by step, in the active language; ``None`` when the rules
    sections no longer have the expected shape (edited in the admin): no guide then."""
    bodies = {section.slug: section.body for section in rules_sections()}
    try:
        free_intro, free_list = _blocks(bodies["free-tile"])[:2]
        pair_list, taps = _blocks(bodies["pairs"])[0], _blocks(bodies["pairs"])[-1]
        select, second, again = _SENTENCE_END.split(taps)
        blocked = _CLAUSE_END.split(again)[-1]
        won = _SENTENCE_END.split(_blocks(bodies["win-and-no-more-moves"])[0])[0]
        free_items, pair_items = _items(free_list), _items(pair_list)
    except (KeyError, ValueError):
        return None
    if len(free_items) != 2 or not pair_items:
        return None
    return {
        "free": [free_intro, *free_items, select],
        "match": [pair_items[0], second],
        "blocked": [_capitalised(blocked)],
        "done": [won],
    }


def guide_tiles() -> dict[str, int]:
    """The tiles the guide points at on the example deal: a free tile and its match (the
    plan's first pair), then the tile nearest to them that is still blocked on both sides
    once they are gone."""
    board = Board.from_code(EXAMPLE_CODE)
    first, match = board.deal.plan[0]
    board.remove(first, match)
    positions = board.deal.layout.positions
    x, y, _z = positions[first]

    def distance(tile: int) -> int:
        tx, ty, _tz = positions[tile]
        return abs(tx - x) + abs(ty - y)

    sides = [
        tile
        for tile in board.present_tiles()
        if (blocking := board.blocking(tile)) and blocking.kind is BlockKind.SIDES
    ]
    return {"free": first, "match": match, "blocked": min(sides, key=distance)}


def guide_config() -> dict | None:
    """What the board's guide needs, or ``None`` when there is no guide to give."""
    words = guide_words()
    if words is None:
        return None
    return {"code": EXAMPLE_CODE, "tiles": guide_tiles(), "words": words}
