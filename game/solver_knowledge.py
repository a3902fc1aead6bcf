"""What the solver knows of a game in play, and when telling the page costs a ranking.

The solver knows more than the board shows: whether the game can still be won, and how
many moves back the last winnable position lies. Told to a player whose win may still be
ranked, that is help a person playing alone does not have, as a hint is. So any answer
that carries it (a hint, "can it still be won", the undo back to a winnable position)
makes such a game unranked (``Game.advised``, or ``hints_used`` for a hint's pair). The
server decides this from what it sends, not from what the page says it asked: a page
never gets the knowledge of a game that may still be ranked without losing the ranking.

In a game that can no longer be ranked anyway (a typed code, a player's own layout, a
second look at a daily deal, a hint already taken) the knowledge is free.
"""

from __future__ import annotations

from ranking import rules

from . import kinds
from .models import Game


def costs_ranking(game: Game) -> bool:
    """Whether the solver's knowledge of ``game`` would take away a ranking it may still
    get: a game in play that misses no rule of a ranked win so far (the play time is
    judged only at the end). Reads the owner's games for a daily deal."""
    if game.state == Game.WON or game.result != Game.UNFINISHED:
        return False
    return not [rule for rule in rules.missed_rules(game) if rule != rules.TOO_FAST]


def page_knows(game: Game) -> bool:
    """Whether every answer about ``game`` may carry the solver's recorded verdict: the
    page was given it already, or the game was never to be ranked by its deal. No query:
    it is asked for every move (a second look at a daily deal is told through
    ``GET /winnable`` instead)."""
    if game.advised or game.hints_used > 0 or game.state == Game.WON:
        return True
    return not kinds.server_dealt(game.origin, game.layout_id)
