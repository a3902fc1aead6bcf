"""What the win screen tells a signed-out player about their win: what becomes of it if
they create an account or sign in now, in this browser.

It is so, because signing up or in claims the session's wins for the account in the
same transaction (:func:`game.services.games_claim_for_user`,
:func:`ranking.rules.claim_wins`), and judges them by the rules of any other win: a
ranked win stays ranked, unless it is a daily deal the account already played; one that
would take a top place of its board waits for a person's check; a win held for review
stays held; an unranked one counts in the statistics only. The sentence says which.
"""

from __future__ import annotations

from ranking import rules, top_places

from . import kinds
from .models import Game


def _would_take_a_top_place(game: Game) -> bool:
    """Whether the ranked win, once an account's, would take one of the top places of
    its board (a new account is never trusted; :func:`ranking.top_places.hold`)."""
    top = top_places.places()
    return bool(top) and top_places.ahead(game, rules.ranked_wins(game.code)) < top


#: What signing up or in now does with a signed-out player's win, by the name the win
#: screen's words have (templates/game/_play_dialogs.html, "visitor-…").
TOP_PLACE, RANKED_DAILY, RANKED, HELD, UNRANKED = (
    "top_place",
    "ranked_daily",
    "ranked",
    "held",
    "unranked",
)


def promise(game: Game) -> str | None:
    """What becomes of a signed-out visitor's win if they sign up or in now, as one of the
    names above; ``None`` for a player's win. The words are the page's, so that a winning
    answer stays small."""
    if game.user_id is not None or game.result != Game.WON:
        return None
    if game.ranked and _would_take_a_top_place(game):
        return TOP_PLACE
    if game.ranked and kinds.kind_of(game).once_per_deal:
        return RANKED_DAILY
    if game.ranked:
        return RANKED
    if game.held:
        return HELD
    return UNRANKED
