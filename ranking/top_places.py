"""A new top time is checked by a person before it is public.

A script that plays a plan of its own at a person's pace passes the rhythm and plan
checks (bench/rhythm.py measures it): timing alone cannot tell it from a skilled player.
So, as moderated leaderboards do, a ranked win of a signed-in player that would take one
of the top :setting:`MAHJONG_REVIEW_TOP_PLACES` places of its public board is held for
review, unless an operator trusts the player (:class:`~game.models.TrustedPlayer`).

Its board: a daily win's is the day board of its deal; any other ranked win's is the
layout's leaderboard, where only other players' best times count (beating one's own
best moves nobody down). A daily win also enters the layout's board, but it cannot be
in that board's top places without being in its day board's: every faster time of the
day is some other player's time on the layout too.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import timezone

from game import kinds
from game.models import BestTime, Game, TrustedPlayer

#: ``Game.held`` of a win held because it would take a top place.
TOP_PLACE = Game.Held.TOP_PLACE


def places() -> int:
    """How many top places of a board a person checks (0: none)."""
    return max(0, settings.MAHJONG_REVIEW_TOP_PLACES)


def is_trusted(user_id: int | None) -> bool:
    return user_id is not None and TrustedPlayer.objects.filter(user_id=user_id).exists()


def ahead(game: Game, day_board) -> int:
    """How many results of ``game``'s board are at least as fast as it (an equal time
    already there keeps its place: ties go to whoever got there first). ``day_board``:
    the ranked wins of the deal, for a daily win."""
    if kinds.kind_of(game).board == kinds.DAY_BOARD:
        faster = day_board.filter(elapsed_ms__lte=game.elapsed_ms).exclude(pk=game.pk)
    else:
        faster = BestTime.objects.filter(
            layout_id=game.layout_id, elapsed_ms__lte=game.elapsed_ms
        ).exclude(user_id=game.user_id)
    return faster.count()


def hold(game: Game, day_board) -> str:
    """:data:`TOP_PLACE` when the ranked win ``game`` of a signed-in player would take
    one of the top places of its board and the player is not trusted, else ``""``."""
    top = places()
    if not top or game.user_id is None:
        return ""
    if ahead(game, day_board) >= top or is_trusted(game.user_id):
        return ""
    return TOP_PLACE


def trust(users, *, by=None) -> int:
    """Trust the active players among ``users`` (a query set of users); returns how many
    were not trusted before. A suspended account gains no trust."""
    active = users.filter(is_active=True)
    already = set(TrustedPlayer.objects.filter(user__in=active).values_list("user", flat=True))
    new = [pk for pk in active.values_list("pk", flat=True) if pk not in already]
    now = timezone.now()
    TrustedPlayer.objects.bulk_create(
        [TrustedPlayer(user_id=pk, trusted_at=now, trusted_by=by) for pk in new]
    )
    return len(new)


def withdraw(users) -> int:
    """Withdraw the trust of ``users``: their next top wins are held again, and their
    wins that no person reviewed leave the top places for the review queue the next time
    a board shows them (:mod:`ranking.checked_boards`). Returns how many lost their trust."""
    deleted, _by_model = TrustedPlayer.objects.filter(user__in=users).delete()
    return deleted
