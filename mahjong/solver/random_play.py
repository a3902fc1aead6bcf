"""How hard the site's own deals are: how often a player who does not plan gets stuck.

Every deal the site gives can be won (it is generated with a winning plan), so "how many
deals cannot be won" says nothing about the games a player meets. What differs between
layouts is how easily a careless move loses a winnable deal. This module measures that
the plainest way: a player who, at every turn, removes one of the pairs that can be
removed, chosen at random, until the board is cleared or no pair is left. The share of
deals on which that player gets stuck is the layout's difficulty; the gallery shows it as
marks with the figure beside it (editor/gallery.py).

Each deal is played once, with its own random choices, so the same deal number gives the
same result on every machine (``SplitMix64`` seeded from the survey's seed and the deal
number)::

    >>> a = play_at_random("L00", 3, seed=1)
    >>> a == play_at_random("L00", 3, seed=1), isinstance(a, bool)
    (True, True)
"""

from __future__ import annotations

from ..rules.board import Board
from ..rules.codes import GameCode
from ..rules.difficulty import RandomPlay
from ..rules.prng import SplitMix64


def play_at_random(layout_id: str, deal_number: int, *, seed: int) -> bool:
    """Whether a player who removes a random removable pair each turn gets stuck on the
    site's deal ``deal_number`` of the layout (True) or clears it (False)."""
    board = Board.from_code(str(GameCode(layout_id, deal_number)))
    rng = SplitMix64((seed << 40) ^ deal_number)
    while len(board):
        pairs = board.playable_pairs()
        if not pairs:
            return True
        board.remove(*pairs[rng.below(len(pairs))])
    return False


def survey_random_play(layout_id: str, deals: int, *, seed: int, start: int = 0) -> RandomPlay:
    """Deals ``start .. start + deals - 1`` of the layout, each played at random once."""
    outcomes = "".join(
        "1" if play_at_random(layout_id, number, seed=seed) else "0"
        for number in range(start, start + deals)
    )
    return RandomPlay(layout_id, deals, outcomes.count("1"), outcomes)
