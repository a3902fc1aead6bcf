"""A public board's top places hold only checked wins, whenever the board is shown.

:mod:`ranking.top_places` holds a new top time for review when it is won. A board changes
after that: a faster entry is removed by an operator, its account suspended or deleted,
and a win that was below the top places when it was won moves up into them. So each time
a board is read for showing, its top :func:`~ranking.top_places.places` are looked at once
more, and every win there that no person reviewed (``Game.reviewed``: published by an
operator) and whose player is not trusted (:class:`~game.models.TrustedPlayer`) is held
for review as a new top time would have been (``held`` = ``top_place``): it leaves the
board and waits in the admin's review queue. The board is then read again, so that the
places it shows are filled by checked wins only.

One small query per board when nothing is to be held (the usual case), none when no
places are checked.
"""

from __future__ import annotations

import functools

from django.db import connection, transaction

from game.models import BestTime, Game, TrustedPlayer

from . import rules, top_places


def hold_unchecked(games) -> int:
    """Hold for review the ranked, unreviewed wins among ``games`` (a query set): off the
    boards, in the review queue, their players' best times worked out again. Returns how
    many were held."""
    with transaction.atomic():
        rows = list(
            games.select_for_update(of=("self",)).filter(
                result=Game.WON, ranked=True, reviewed=False
            )
        )
        for game in rows:
            game.ranked, game.held = False, top_places.TOP_PLACE
            game.save(update_fields=["ranked", "held"])
        for user_id, layout_id in {(g.user_id, g.layout_id) for g in rows if g.user_id}:
            rules.refresh_best_time(user_id, layout_id)
    return len(rows)


def settle_day_board(code: str) -> int:
    """Hold every unchecked win in the top places of the daily deal ``code``'s day board
    (:func:`ranking.rules.ranked_wins`); returns how many were held."""
    top = top_places.places()
    held = 0
    while top:
        rows = (
            rules.ranked_wins(code)
            .order_by("elapsed_ms", "finished_at")
            .values_list("pk", "reviewed", "user__board_trust")[:top]
        )
        unchecked = [pk for pk, reviewed, trust in rows if not reviewed and trust is None]
        if not unchecked:
            break
        held += hold_unchecked(Game.objects.filter(pk__in=unchecked))
    return held


def settle_layout_boards(layout_ids) -> int:
    """Hold every unchecked win in the top places of the boards of ``layout_ids`` (each
    player's best ranked time, :class:`~game.models.BestTime`), in one query per round for
    all of them; returns how many were held. A held best time gives way to the player's
    next best, which is looked at in the next round."""
    top = top_places.places()
    layout_ids = list(layout_ids)
    held = 0
    while top and layout_ids:
        with connection.cursor() as cursor:
            cursor.execute(
                _unchecked_sql(connection.vendor, len(layout_ids)),
                [value for layout_id in layout_ids for value in (layout_id, top)],
            )
            unchecked = [row[0] for row in cursor.fetchall()]
        if not unchecked:
            break
        held += hold_unchecked(Game.objects.filter(pk__in=unchecked))
    return held


@functools.cache
def _unchecked_sql(vendor: str, layouts: int) -> str:
    """The unchecked games among each layout's top rows of ``BestTime`` (one ``LIMIT``
    range of its index per layout, joined by ``UNION ALL``, as records.stats reads the
    boards)."""
    quote = connection.ops.quote_name
    best = quote(BestTime._meta.db_table)
    games = quote(Game._meta.db_table)
    trusted = quote(TrustedPlayer._meta.db_table)
    game_pk = quote(Game._meta.pk.column)
    reviewed = quote(Game._meta.get_field("reviewed").column)
    trusted_user = quote(TrustedPlayer._meta.get_field("user").column)
    part = (
        f"SELECT b.game_id FROM (SELECT game_id, user_id FROM {best} "
        "WHERE layout_id = %s ORDER BY elapsed_ms, achieved_at LIMIT %s) b "
        f"JOIN {games} g ON g.{game_pk} = b.game_id "
        f"LEFT JOIN {trusted} t ON t.{trusted_user} = b.user_id "
        f"WHERE NOT g.{reviewed} AND t.{trusted_user} IS NULL"
    )
    return " UNION ALL ".join([part] * layouts)
