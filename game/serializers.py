"""One serializer: what the API, the play page and anything else that shows a game sends.

Two shapes, both plain dicts encoded once per response:

* :func:`game_payload`, the whole game (creation, ``GET`` and the play page): every tile
  with its position, face, family, match class, and whether it is free or removed;
* :func:`move_payload`, the answer to a move (tap, undo, hint, pause, resume): only what
  changed on the tiles, plus the game's small state, which is always whole.

Both carry ``version``, which goes up by one with every change of the game: a board that
receives a move answer whose version is not one more than its own has missed an update
and fetches the whole game again. Every value comes from the engine, the stored game or
the answer's facts (:class:`game.answer.Facts`, worked out once by the caller and
handed in); nothing here decides a rule or asks the database.
"""

from __future__ import annotations

from functools import lru_cache

from django.conf import settings
from django.utils import timezone

from editor.naming import layout_label
from mahjong import Board, family, match_class
from wording.teaching import blocked_sentence

from . import verdicts
from .answer import Facts
from .face_visibility import (
    blocked_sentence_hiding,
    covered_tiles,
    hidden_tiles,
    revealed_payload,
)
from .models import Game
from .played import Played
from .solver_knowledge import page_knows


# One entry per game in play, as the engine keeps one deal each (its size fixed at import).
@lru_cache(maxsize=settings.MAHJONG_DEAL_MEMORY)
def _fixed_tiles(code: str) -> tuple[dict, ...]:
    """Each tile's id, position, face, family and match class: these never change within
    a game. The match class is data, as the engine names it: two faces match exactly when
    their classes are equal, so the board can start a pair's removal before the answer
    comes without knowing the rule (the server still decides the move)."""
    deal = Board.from_code(code).deal
    return tuple(
        {
            "id": i,
            "x": x,
            "y": y,
            "z": z,
            "face": face,
            "family": family(face),
            "match": match_class(face),
        }
        for i, ((x, y, z), face) in enumerate(zip(deal.layout.positions, deal.faces))
    )


_HIDDEN = {"face": None, "family": None, "match": None}


def game_status(game: Game, board: Board, facts: Facts) -> dict:
    """What every answer carries whole: the game's id and code, state, selection, hint, clock,
    counters, the actions that may be taken now, and the version."""
    movable = facts.movable
    return {
        "id": str(game.id),
        # Left out while a server-dealt game is played: the code gives the whole deal.
        "code": facts.code,
        "state": board.state.value,
        "tiles_left": len(board),
        # How many pairs may be removed now (every two free tiles that match): the bar's
        # count; 0 with tiles left is "No more moves".
        "pairs_available": board.playable_pair_count(),
        "selected": board.selected,
        # The free tiles that match the selected one ("Show matches" marks them); only
        # free tiles, whose faces the player sees.
        "matches": [] if board.selected is None else board.free_matches(board.selected),
        "hint": game.hint,
        "elapsed_ms": game.elapsed_ms_at(timezone.now()),
        "paused": game.paused,
        "clock_running": game.running_since is not None,
        "hints_used": game.hints_used,
        "undos_used": game.undos_used,
        "can_undo": movable and board.can_undo(),
        # Restart is possible exactly when undo is (Board.can_restart): not sent twice.
        "can_redo": movable and board.can_redo(),
        "can_hint": movable and board.can_hint(),
        "can_pause": board.can_pause(),
        "version": game.version,
        # Where the deal came from, whether the win is ranked, what to share.
        "origin": game.origin,
        "ranked": game.ranked if game.state == Game.WON else None,
        # Why a win that met the ranking rules is held back for review (ranking/): one of
        # Game.Held's six reasons (its taps too fast or too even, the deal's own order, the
        # same browser or address under another account, a new top time); null otherwise.
        "held": (game.held or None) if game.state == Game.WON else None,
        "share": facts.share,
        # A ranked daily win's screen shows the player's daily streak (daily/streak.py);
        # null for any other game, so a tap in play costs no query.
        "streak": facts.streak,
        # The win screen's facts (game/win_screen.py): time, ranked or why not, a new personal
        # best, the daily place; null until the game is won.
        "win": facts.win,
        # The solver's advice, as recorded (game/verdicts.py); never solved here, and
        # never sent for free to a game that may still be ranked (game/solver_knowledge.py).
        "hint_sure": bool(game.hint) and game.hint_sure,
        **(verdicts.recorded(game) if page_knows(game) else verdicts.UNKNOWN),
        # Whether the page was told the solver's verdict, which takes ranking away.
        "advised": game.advised,
        # Paused: the whole game holds no face (game_payload), and the page that resumes
        # a game it read so fetches it whole again.
        "faces_withheld": game.paused,
    }


def game_payload(game: Game, board: Board, facts: Facts, *, event: str) -> dict:
    """The whole game; a wholly covered tile's face and family are null
    (game/face_visibility.py), and every tile's while the game is paused: a paused game's
    board is hidden, and its faces are not studied off the clock (``faces_withheld``; the
    page that resumes it asks for the whole game again)."""
    free = set(board.free_tiles())
    hidden = frozenset(range(len(board.deal.faces))) if game.paused else hidden_tiles(board)
    return {
        "layout": {
            "id": game.layout_id,
            "name": layout_label(game.layout_id, viewer_id=game.user_id),
        },
        "tiles": [
            {
                **tile,
                **(_HIDDEN if i in hidden else {}),
                "free": i in free,
                "removed": not board.is_present(i),
            }
            for i, tile in enumerate(_fixed_tiles(game.code))
        ],
        **game_status(game, board, facts),
        # Whether a win could still be ranked: the board warns before a first hint.
        # Only in the whole game (a move's answer says hints_used; this needs a query).
        "may_rank": facts.may_rank,
        "past_day": facts.past_day,
        "daily": facts.daily,
        "event": event,
    }


#: The most tiles a move's answer names as put back before it may name those still
#: removed instead (an undo of over 24 pairs at once; the answer stays within 1 KB).
LISTED_RESTORED = 48


def move_payload(played: Played, facts: Facts) -> dict:
    """A move's answer: what it changed, the game's state, and why a tile was blocked."""
    change = played.change
    board = played.board
    data = {
        **game_status(played.game, board, facts),
        "event": played.event,
        "removed": list(change.removed),
        "restored": list(change.restored),
        "freed": list(change.freed),
        "unfreed": list(change.unfreed),
        # The faces its removals uncovered, and the tiles an undo covered wholly again.
        "revealed": revealed_payload(board, change.removed),
        "covered": covered_tiles(board, change.restored),
    }
    if len(change.restored) > LISTED_RESTORED or played.event == "restarted":
        # (A restart leaves no tile removed: the empty list says it in the fewest bytes.)
        # An undo of many pairs at once puts back most of the board: the tiles still
        # removed are then the shorter list naming the same change, and keep it small.
        still_removed = [i for i in range(len(board.deal.faces)) if not board.is_present(i)]
        if len(still_removed) < len(change.restored):
            data["restored"] = []
            data["all_removed"] = still_removed
    if facts.may_rank is not None:
        # A restart's answer (ranking/rules.py: a restarted game is never ranked): the
        # board must know before a first hint asks whether to give a ranked win up.
        data["may_rank"] = facts.may_rank
    tap = played.tap
    if tap is not None and tap.blocking is not None:
        data["blocked"] = {
            "tile": tap.tile,
            "kind": tap.blocking.kind.value,
            "covering": list(tap.blocking.covering),
            "left": list(tap.blocking.left),
            "right": list(tap.blocking.right),
            # Why, in the request's language, as the practice drill says it (naming no
            # tile whose face is hidden).
            "message": _blocked_message(board, tap),
        }
    return data


def _blocked_message(board: Board, tap) -> str:
    blocking = tap.blocking
    named = {tap.tile, *blocking.covering, *blocking.left, *blocking.right}
    hidden = hidden_tiles(board)
    if named & hidden:
        return blocked_sentence_hiding(board, tap.tile, hidden)
    return blocked_sentence(board, tap.tile)
