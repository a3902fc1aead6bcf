"""Whose request it is, and the game their session calls theirs: the play API remembers
the game it deals or opens, and the play page and the home page's Continue find it here.
"""

from __future__ import annotations

from django.http import HttpRequest

from .models import Game
from .params import parse_game_id
from .selectors import game_get
from .store import Owner

#: The session key that remembers the visitor's current game, for the play page.
CURRENT_GAME_KEY = "game_current"


def owner_for(request: HttpRequest, *, create: bool = False) -> Owner:
    """The request's owner: the signed-in user, else the session (created when asked)."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return Owner(user_id=user.pk)
    if create and request.session.session_key is None:
        request.session.save()
    return Owner(session_key=request.session.session_key)


def current_game(request: HttpRequest) -> Game | None:
    """The game this visitor's session remembers as theirs (the play page resumes it), if
    it still exists and is still theirs."""
    game_id = parse_game_id(request.session.get(CURRENT_GAME_KEY))
    if game_id is None:
        return None
    try:
        return game_get(game_id=game_id, owner=owner_for(request))
    except Game.DoesNotExist:
        return None
