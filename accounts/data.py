"""Your data, to take with you: everything the site keeps about a player, as JSON."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser

from editor.models import CustomLayout
from game.face_visibility import code_hidden
from game.models import BestTime, Game, TrustedPlayer
from game.win_screen import HELD_STATE, standing


def _when(moment) -> str | None:
    return moment.isoformat() if moment else None


def _trusted_since(user) -> dict | None:
    trust = TrustedPlayer.objects.filter(user=user).first()
    return None if trust is None else {"since": _when(trust.trusted_at)}


def player_data(user: AbstractBaseUser) -> dict:
    """The account, every game (deal, moves, tap times, clock, counters, result), the
    best times and the layouts of the player's own: what the privacy page names, and
    nothing else exists of the player."""
    games = Game.objects.filter(user=user).order_by("created_at")
    return {
        "account": {
            "username": user.get_username(),
            "email": user.email,
            "date_joined": _when(user.date_joined),
            "last_login": _when(user.last_login),
            # Whether an operator trusts the player for the public boards: their new top
            # times are then published without a person's check (ranking/top_places.py).
            "trusted_for_boards": _trusted_since(user),
        },
        "games": [
            {
                "id": str(game.id),
                # Held back as in the game's own answers (game/face_visibility.py): while a
                # server-dealt game is played, and today's daily deal until the day is
                # over. The code gives the whole deal.
                "code": None if code_hidden(game) else game.code,
                "layout": game.layout_id,
                "origin": game.origin,
                "state": game.state,
                "result": game.result,
                "ranked": game.ranked,
                "held": game.held or None,
                # A won game's standing, and a held one's in the words every page uses.
                "standing": standing(game),
                "standing_text": str(HELD_STATE) if standing(game) == "held" else None,
                "removed_by_moderator": game.removed_by_moderator,
                "elapsed_ms": game.elapsed_ms,
                "hints_used": game.hints_used,
                "undos_used": game.undos_used,
                "pairs_removed": game.history,
                "tap_ms": game.tap_ms,
                # A daily game's keyed hashes of where it was played from, while kept
                # (ranking/second_accounts.py): not the mark or the address, but still kept.
                "device_hash": game.device or None,
                "address_hash": game.address or None,
                "created_at": _when(game.created_at),
                "started_at": _when(game.started_at),
                "finished_at": _when(game.finished_at),
            }
            for game in games
        ],
        "best_times": [
            {
                "layout": row.layout_id,
                "elapsed_ms": row.elapsed_ms,
                "game": str(row.game_id),
                "achieved_at": _when(row.achieved_at),
            }
            for row in BestTime.objects.filter(user=user).order_by("layout_id")
        ],
        "layouts": [
            {
                "name": layout.name,
                "layout": layout.layout_id,
                "positions": layout.positions,
                "created_at": _when(layout.created_at),
            }
            for layout in CustomLayout.objects.filter(owner=user).order_by("created_at", "pk")
        ],
        "statistics": {
            "games": games.count(),
            "won": games.filter(result=Game.WON).count(),
            "ranked_wins": games.filter(result=Game.WON, ranked=True).count(),
            "wins_waiting_for_a_check": games.filter(result=Game.WON, ranked=False)
            .exclude(held="")
            .count(),
        },
    }
