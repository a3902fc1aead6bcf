"""The kinds of game, and what each one's rules are: the one place that reads
``Game.origin`` to decide a rule.

A game's kind follows from where its deal came from (``Game.origin``), whose layout it
is on, and, for a typed code, whether that code was an earlier day's daily deal:

* free play: a fresh deal the server picked, on one of our layouts;
* the daily deal: today's deal of a layout, the same for everyone;
* by code: a code the player typed in or followed from a link;
* a past day: a typed code that was an earlier day's daily deal;
* a player's layout: a fresh deal on a layout a player made (editor/), or a code on one.

Each kind says whether a win of it may be ranked (and if not, why not, in the win
screen's words), whether its code is left out while it runs, which public board and
whether the daily streak it counts for, and the daily deal's extra rules. The services,
the ranking, the serializer and the views ask :func:`kind_of`; a query asks :func:`q`.
A new kind of game is a new :class:`Kind` here (with its origin, when the server deals
it in a new way: :class:`game.models.Game.Origin` and its migration), its words, and its
tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.db.models import Q
from django.utils import timezone

from daily.rules import earlier_daily_day
from mahjong import InvalidGameCode, parse_code
from mahjong.rules.codes import is_custom_id
from mahjong.rules.daily import utc_day

from .models import Game

Origin = Game.Origin

#: The boards a ranked win counts for: the day board of its daily deal, or the
#: leaderboard of its layout (the players' best times).
DAY_BOARD, LAYOUT_BOARD = "day", "layout"

#: Why a kind of game is never ranked, by the name the win screen gives it
#: (ranking.rules' rules, game/win_screen.py's words).
CODE, CUSTOM, PAST_DAY = "code", "custom", "past_day"


@dataclass(frozen=True)
class Kind:
    """One kind of game and its rules."""

    name: str
    #: The origin stored for it (``Game.origin``).
    origin: str
    #: The rules of a ranked win it misses by its kind alone (empty: it may be ranked).
    never_ranked_because: tuple[str, ...]
    #: The server dealt it, so nobody knew its code: the code, which gives every face,
    #: is left out of the answers while it runs, and the play page does not show it.
    code_hidden_in_play: bool
    #: The public board a ranked win counts for (None: none).
    board: str | None
    #: Whether a ranked win counts for the daily streak.
    streak: bool = False
    #: One ranked result per player per deal: a second game on a deal one has seen is
    #: practice, not a race (ranking.rules, REPLAY).
    once_per_deal: bool = False
    #: Keeps where it was played from, for one person's second accounts on one deal
    #: (ranking/second_accounts.py).
    keeps_traces: bool = False
    #: Its code stays hidden until its deal's day is over, even once the game has ended
    #: (game/face_visibility.py), as long as the code is still today's.
    code_held_for_the_day: bool = False

    @property
    def may_rank(self) -> bool:
        """Whether a win of this kind may enter a public board (if it meets the rest)."""
        return not self.never_ranked_because


FREE_PLAY = Kind(
    "free play", Origin.NEW, never_ranked_because=(), code_hidden_in_play=True,
    board=LAYOUT_BOARD,
)  # fmt: skip
DAILY = Kind(
    "daily deal", Origin.DAILY, never_ranked_because=(), code_hidden_in_play=True,
    board=DAY_BOARD, streak=True, once_per_deal=True, keeps_traces=True,
    code_held_for_the_day=True,
)  # fmt: skip
BY_CODE = Kind(
    "by code", Origin.CODE, never_ranked_because=(CODE,), code_hidden_in_play=False,
    board=None,
)  # fmt: skip
PAST_DAY_DEAL = Kind(
    "past day", Origin.CODE, never_ranked_because=(PAST_DAY,), code_hidden_in_play=False,
    board=None,
)  # fmt: skip
OWN_LAYOUT = Kind(
    "a player's layout", Origin.NEW, never_ranked_because=(CUSTOM,),
    code_hidden_in_play=True, board=None,
)  # fmt: skip
OWN_LAYOUT_BY_CODE = Kind(
    "a player's layout by code", Origin.CODE, never_ranked_because=(CODE, CUSTOM),
    code_hidden_in_play=False, board=None,
)  # fmt: skip

KINDS = (FREE_PLAY, DAILY, BY_CODE, PAST_DAY_DEAL, OWN_LAYOUT, OWN_LAYOUT_BY_CODE)


def kind_of(game: Game) -> Kind:
    """The kind of ``game``."""
    custom = is_custom_id(game.layout_id)
    if game.origin == Origin.DAILY:
        return DAILY
    if game.origin == Origin.NEW:
        return OWN_LAYOUT if custom else FREE_PLAY
    if custom:
        return OWN_LAYOUT_BY_CODE
    started = game.created_at or timezone.now()
    if earlier_day(game.code, utc_day(started)) is not None:
        return PAST_DAY_DEAL
    return BY_CODE


def server_dealt(origin: str, layout_id: str) -> bool:
    """Whether a game of ``origin`` on ``layout_id`` is a deal the server picked on one of
    our layouts (free play, the daily deal): the kinds that may be ranked by their deal.
    Asked on every move, so it reads no more than the origin and the layout, where
    :func:`kind_of` would try the daily deals of the last days for a typed code."""
    return origin != Origin.CODE and not is_custom_id(layout_id)


def earlier_day(code: str, started: date) -> date | None:
    """The earlier day whose daily deal ``code`` was on the day ``started``, else None
    (a player's own layout, today's deal, no daily deal of the days tried)."""
    try:
        parsed = parse_code(code)
    except InvalidGameCode:  # a player's own layout deleted since
        return None
    return earlier_daily_day(parsed, started)


def for_new_game(*, code: bool = False, daily: bool = False) -> Kind:
    """The kind a new game is created as: by a typed code, today's daily deal, or a
    fresh deal (the layout's own kind is read back by :func:`kind_of`)."""
    if code:
        return BY_CODE
    if daily:
        return DAILY
    return FREE_PLAY


def q(**rules) -> Q:
    """The games whose kind has every one of ``rules`` (``board=DAY_BOARD``,
    ``once_per_deal=True``...), as a query on their stored origin. Only rules that every
    kind of one origin shares can be asked so; one origin is asked as an equality, which
    the partial indexes on ``origin = 'daily'`` serve."""
    origins = []
    for origin in Origin:
        answers = {
            all(getattr(kind, name) == value for name, value in rules.items())
            for kind in KINDS
            if kind.origin == origin
        }
        if len(answers) > 1:
            raise ValueError(f"the kinds of origin {origin!r} differ on {rules}")
        if answers == {True}:
            origins.append(origin.value)
    if len(origins) == 1:
        return Q(origin=origins[0])
    return Q(origin__in=origins)
