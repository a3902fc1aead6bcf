"""One serializer: what the API, the play page and anything else that shows a game sends.

Two shapes, both plain dicts encoded once per response:

* :func:`game_payload`, the whole game (creation, ``GET`` and the play page): every tile
  with its position, face, family, and whether it is free or removed;
* :func:`move_payload`, the answer to a move (tap, undo, hint, pause, resume): only what
  changed on the tiles, plus the game's small state, which is always whole.

Both carry ``version``, which goes up by one with every change of the game: a board that
receives a move answer whose version is not one more than its own has missed an update
and fetches the whole game again. Every value comes from the engine or the stored game;
nothing here decides a rule.
"""

from __future__ import annotations

from functools import lru_cache

from django.conf import settings
from django.utils import timezone

from daily.streak import current_streak
from editor.naming import layout_label
from mahjong import Board, family
from mahjong.rules.daily import utc_day
from wording import formatting
from wording.teaching import blocked_sentence

from . import kinds, sharing, verdicts, win_screen
from .face_visibility import (
    blocked_sentence_hiding,
    code_hidden,
    covered_tiles,
    hidden_tiles,
    revealed_payload,
)
from .models import Game
from .services import Played, may_move


# One entry per game in play, as the engine keeps one deal each (its size fixed at import).
@lru_cache(maxsize=settings.MAHJONG_DEAL_MEMORY)
def _fixed_tiles(code: str) -> tuple[dict, ...]:
    """Each tile's id, position, face and family: these never change within a game."""
    deal = Board.from_code(code).deal
    return tuple(
        {"id": i, "x": x, "y": y, "z": z, "face": face, "family": family(face)}
        for i, ((x, y, z), face) in enumerate(zip(deal.layout.positions, deal.faces))
    )


_HIDDEN = {"face": None, "family": None}


def _streak(game: Game) -> int | None:
    if not (game.state == Game.WON and game.ranked and kinds.kind_of(game).streak):
        return None
    if game.user_id is None:
        return None
    return current_streak(game.user_id, utc_day(timezone.now()))


def game_status(game: Game, board: Board) -> dict:
    """What every answer carries whole: the game's id and code, state, selection, hint, clock,
    counters, the actions that may be taken now, and the version."""
    movable = may_move(game)
    return {
        "id": str(game.id),
        # Left out while a server-dealt game is played: the code gives the whole deal.
        "code": None if code_hidden(game) else game.code,
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
        "share": sharing.share_for(game),
        # A ranked daily win's screen shows the player's daily streak (daily/streak.py);
        # null for any other game, so a tap in play costs no query.
        "streak": _streak(game),
        # The win screen's facts (game/win_screen.py): time, ranked or why not, a new personal
        # best, the daily place; null until the game is won.
        "win": win_screen.win_for(game),
        # The solver's advice, as recorded (game/verdicts.py); never solved here.
        "hint_sure": bool(game.hint) and game.hint_sure,
        **verdicts.recorded(game),
    }


def game_payload(game: Game, board: Board, *, event: str) -> dict:
    """The whole game; a wholly covered tile's face and family are null (game/face_visibility.py)."""
    free = set(board.free_tiles())
    hidden = hidden_tiles(board)
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
        **game_status(game, board),
        # Whether a win could still be ranked: the board warns before a first hint.
        # Only in the whole game (a move's answer says hints_used; this needs a query).
        "may_rank": win_screen.may_rank(game),
        "past_day": _past_day(game),
        "event": event,
    }


def _past_day(game: Game) -> dict | None:
    """For a typed code that is an earlier day's daily deal: that day, written out in the
    request's language, and its day board, so that the board labels the game at once."""
    if kinds.kind_of(game) is not kinds.PAST_DAY_DEAL:
        return None
    day = win_screen.earlier_day(game)
    if day is None:
        return None
    return {
        "day": day.isoformat(),
        "text": formatting.long_day(day),
        "board_url": sharing.day_board_path(day, game.layout_id),
    }


#: The most tiles a move's answer names as put back before it may name those still
#: removed instead (an undo of over 28 pairs at once; the answer stays within 1 KB).
LISTED_RESTORED = 56


def move_payload(played: Played) -> dict:
    """A move's answer: what it changed, the game's state, and why a tile was blocked."""
    change = played.change
    board = played.board
    data = {
        **game_status(played.game, board),
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
    if played.event == "restarted":
        # A restart takes away a ranked win (ranking/rules.py): the board must know before
        # a first hint asks whether to give that up.
        data["may_rank"] = win_screen.may_rank(played.game)
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
