"""What the home page knows of the visitor: the game they left unfinished, if any."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.http import HttpRequest
from django.urls import reverse

from editor.naming import layout_label
from game.current import current_game
from game.models import Game
from game.services import DEFAULT_LAYOUT
from mahjong import LAYOUTS, PAIRS


@dataclass(frozen=True)
class GameInProgress:
    layout: str
    tiles_left: int
    #: A fresh deal on the same layout (one of the site's; a player's own falls back on
    #: the default), since the plain play address resumes the game.
    new_game_url: str


def game_in_progress(request: HttpRequest) -> GameInProgress | None:
    """The game the play page would resume, when it is still being played and at least
    one pair is gone: one look-up by key, and none for a visitor without a game in their
    session. A game with no pair removed yet is no progress to continue: Play opens it."""
    game = current_game(request)
    if game is None or game.state != Game.PLAYING or not game.history:
        return None
    layout = game.layout_id if game.layout_id in LAYOUTS else DEFAULT_LAYOUT
    return GameInProgress(
        layout=layout_label(game.layout_id, viewer_id=game.user_id),
        tiles_left=2 * (PAIRS - len(game.history)),
        new_game_url=f"{reverse('play')}?{urlencode({'layout': layout})}",
    )


#: The home page's picture: a small board in three layers, each tile as
#: ``(face, x, y, z)`` with x and y in half-tile units as the play page places them. The two
#: red dragons are free and shown as a selected pair.
_TILES = (
    *(
        (face, x, y, 0)
        for y, row in ((0, "1D 2B W 5C 3D"), (2, "9C G 4B E 7D"), (4, "S1 6D N 8B Wh"))
        for x, face in zip(range(0, 10, 2), row.split(), strict=True)
    ),
    ("R", -2, 2, 0),
    ("F2", 10, 2, 0),
    *((face, x, 1, 1) for x, face in zip((2, 4, 6), ("5B", "3C", "9D"), strict=True)),
    *((face, x, 3, 1) for x, face in zip((2, 4, 6), ("S", "F3", "1B"), strict=True)),
    ("R", 4, 2, 2),
)
#: In drawing order: layer by layer, and within a layer from the top left, so that the side
#: a tile shows at its bottom right lies under its neighbours there.
PICTURE = tuple(sorted(_TILES, key=lambda tile: (tile[3], tile[1] + tile[2])))
