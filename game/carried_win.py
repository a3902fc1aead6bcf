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

from django.utils.translation import gettext, ngettext

from ranking import rules, top_places

from . import kinds
from .models import Game


def _would_take_a_top_place(game: Game) -> bool:
    """Whether the ranked win, once an account's, would take one of the top places of
    its board (a new account is never trusted; :func:`ranking.top_places.hold`)."""
    top = top_places.places()
    return bool(top) and top_places.ahead(game, rules.ranked_wins(game.code)) < top


def promise(game: Game) -> str | None:
    """The sentence for a won game of a signed-out visitor; ``None`` for a player's."""
    if game.user_id is not None or game.result != Game.WON:
        return None
    if game.ranked and _would_take_a_top_place(game):
        top = top_places.places()
        return ngettext(
            # Translators: on the win screen of a player who is not signed in. The
            # singular is for 1: the fastest time alone is checked.
            "If you create an account or sign in now, in this browser, this win goes to "
            "your account. Its time would be the fastest, so a person checks it before "
            "it appears on the public leaderboard.",
            # Translators: %(places)s: how many top places of the leaderboard a person
            # checks (10 unless the site sets another number).
            "If you create an account or sign in now, in this browser, this win goes to "
            "your account. Its time would be among the top %(places)s, so a person checks "
            "it before it appears on the public leaderboard.",
            top,
        ) % {"places": top}
    if game.ranked and kinds.kind_of(game).once_per_deal:
        return gettext(
            # Translators: on the win screen of a player who is not signed in, after a
            # ranked win of a daily deal.
            "If you create an account or sign in now, in this browser, this win goes to "
            "your account and is ranked on the leaderboard, unless that account has "
            "already played this daily deal: then it counts unranked."
        )
    if game.ranked:
        return gettext(
            # Translators: on the win screen of a player who is not signed in, after a
            # ranked win.
            "If you create an account or sign in now, in this browser, this win goes to "
            "your account and is ranked on the leaderboard."
        )
    if game.held:
        return gettext(
            # Translators: on the win screen of a player who is not signed in, after a
            # win held for review (the lines above say why).
            "If you create an account or sign in now, in this browser, this win goes to "
            "your account, still held for review."
        )
    return gettext(
        # Translators: on the win screen of a player who is not signed in, after a win
        # that is not ranked (the lines above say why).
        "If you create an account or sign in now, in this browser, this win goes to "
        "your account's statistics, unranked."
    )
