"""Games in the database.

A game is stored as what the engine needs to rebuild it: its code and its history (the
removed pairs, in order), plus what the engine does not keep: the selection, the hint on
show, the clock, the owner and the counters for the statistics. Nothing about a game
lives in process memory, so any app process can serve any request.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext_lazy

from mahjong import State as EngineState

from .clock import Clock


class Game(models.Model):
    class State(models.TextChoices):
        """The engine's states, stored by their names; the labels are the admin's, in the
        operator's language."""

        PLAYING = EngineState.PLAYING.value, pgettext_lazy("game result", "in play")
        WON = EngineState.WON.value, pgettext_lazy("game result", "won")
        STUCK = EngineState.STUCK.value, pgettext_lazy("game result", "no more moves")

    class Result(models.TextChoices):
        """The recorded result, for the statistics and the leaderboard. Empty while the
        game is unfinished; ``won`` is set in the transaction of the tap that removes the
        last pair; ``stuck`` or ``abandoned`` when a new game of the same user replaces
        it."""

        UNFINISHED = "", pgettext_lazy("game result", "unfinished")
        WON = EngineState.WON.value, pgettext_lazy("game result", "won")
        STUCK = EngineState.STUCK.value, pgettext_lazy("game result", "no more moves")
        ABANDONED = "abandoned", pgettext_lazy("game result", "abandoned")

    class Origin(models.TextChoices):
        """Where the deal came from: a fresh deal of the server, the daily deal, or a
        code the player typed in (or followed from a link). What each means for the
        rules is game/kinds.py's."""

        NEW = "new", pgettext_lazy("game origin", "new game")
        DAILY = "daily", pgettext_lazy("game origin", "daily deal")
        CODE = "code", pgettext_lazy("game origin", "game code")

    class Held(models.TextChoices):
        """Why a win that met the ranking rules is held for review (ranking/): the label
        is the admin's short name (its sentences are ranking/admin.py's). The field has
        no choices of its own: the admin shows the sentence, never the code."""

        NOT_HELD = "", ""
        TOO_FAST_TAPS = "too_fast_taps", _("Taps too fast")
        TOO_EVEN_TAPS = "too_even_taps", _("Taps too even")
        FOLLOWS_DEAL_PLAN = "follows_deal_plan", _("Deal's own order")
        SHARED_DEVICE = "shared_device", _("Same browser, other account")
        SHARED_ADDRESS = "shared_address", _("Same address, other account")
        TOP_PLACE = "top_place", _("New top time")

    # The names the code has always used, kept short.
    PLAYING, WON, STUCK = State.PLAYING, State.WON, State.STUCK
    STATES = State.choices
    UNFINISHED, ABANDONED = Result.UNFINISHED, Result.ABANDONED
    RESULTS = Result.choices
    NEW, DAILY, CODE = Origin.NEW, Origin.DAILY, Origin.CODE
    ORIGINS = Origin.choices

    # Not guessable: a game is reached by its id alone.
    id = models.UUIDField(_("game ID"), primary_key=True, default=uuid.uuid4, editable=False)
    # MJ2-L00-AAAAAAAAAAAA (MJ1-L00-AAAAAAA before), or MJ2-CXXXXXXXX-AAAAAAAAAAAA on a
    # player's own layout (editor/).
    code = models.CharField(_("game code"), max_length=26)
    layout_id = models.CharField(_("layout ID"), max_length=9, db_index=True)
    # The removed pairs in order, as a compact JSON list of [a, b] lists.
    history = models.JSONField(_("removed pairs"), default=list)
    selected = models.PositiveSmallIntegerField(_("selected tile"), null=True, blank=True)
    # The pair outlined by the last hint, until the position changes.
    hint = models.JSONField(_("pair shown by the hint"), null=True, blank=True)
    # Whether that pair is the first of a winning plan (False: the solver was unsure).
    hint_sure = models.BooleanField(_("hint sure to win"), default=False)
    # Kept in step with the engine's answer after every change, for listings and statistics.
    state = models.CharField(
        _("state"), max_length=8, choices=STATES, default=PLAYING, db_index=True
    )

    result = models.CharField(
        _("result"), max_length=9, choices=RESULTS, blank=True, default=UNFINISHED
    )
    origin = models.CharField(_("origin of the deal"), max_length=5, choices=ORIGINS, default=NEW)
    # Decided once, when the game is won (ranking/rules.py): only ranked wins enter the
    # public boards. False for every game that is not won.
    ranked = models.BooleanField(_("ranked"), default=False)

    # Owner: the signed-in user, or else the visitor's session.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="games",
        verbose_name=_("player"),
    )
    # The session's key for a signed-out visitor's game; empty once a user owns it.
    session_key = models.CharField(
        _("visitor's session"), max_length=40, blank=True, default="", db_index=True
    )

    # The clock. It starts when the board is first shown for a server-dealt game (the
    # answer that creates it), at the first tap for any other. `elapsed_ms` holds the
    # play time banked so far; while the clock runs, `running_since` says since when
    # (not banked yet). It stops (is banked) on pause, on a win and on "no more moves".
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    running_since = models.DateTimeField(_("clock running since"), null=True, blank=True)
    elapsed_ms = models.BigIntegerField(_("play time (ms)"), default=0)
    paused = models.BooleanField(_("paused"), default=False)
    # Paused by the board as its page was hidden or left, not by the player: a page that
    # opens the game again resumes such a pause (game/services.py, game_pause/game_resume).
    paused_automatically = models.BooleanField(_("paused automatically"), default=False)
    # The board page showing the game (a random token each page load): an automatic pause
    # from any other page, one already replaced, is ignored.
    board_page = models.CharField(_("board page"), max_length=32, blank=True, default="")
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    # The play time (ms) of every tap, in order, for the plausibility of a win
    # (ranking/rhythm.py); at most TAP_TIMES_KEPT of them.
    tap_ms = models.JSONField(_("tap times (ms)"), default=list, blank=True)
    # Why a win that met the ranking rules was held back from the public boards for
    # review (ranking/rhythm.py), empty when it was not; an operator may publish it.
    held = models.CharField(_("held for review"), max_length=20, blank=True, default="")
    # Where a daily game was played from, for one person's two accounts on one deal
    # (ranking/second_accounts.py): keyed hashes of the browser's device mark and of its
    # address that day (mahjongsite/device_mark.py), never the mark or the address
    # itself; empty for other games, and cleared after MAHJONG_DAILY_TRACE_DAYS days.
    device = models.CharField(_("browser (keyed hash)"), max_length=32, blank=True, default="")
    address = models.CharField(_("address (keyed hash)"), max_length=32, blank=True, default="")
    # Hidden from the public boards by an operator (the admin), with the player told why
    # nowhere: a result removed by moderation.
    removed_by_moderator = models.BooleanField(_("removed by a moderator"), default=False)

    # Whether the page was given the solver's knowledge of this game beyond the hint's
    # pair: whether it can still be won, or how far back a winnable position lies. Like
    # a hint, it takes ranking away (ranking/rules.py); set by the server when it sends
    # that knowledge, whatever the page asked for.
    advised = models.BooleanField(_("solver's verdict shown"), default=False)
    # Checked by a person: an operator published the win after review (the admin). Only
    # such wins and those of trusted players fill the top places of a public board
    # (ranking/top_places.py, ranking/checked_boards.py).
    reviewed = models.BooleanField(_("checked by a person"), default=False)

    # The pairs undone since the last removal, the next one to take off again last: what
    # redo does (the engine's Board.undone); a removal of the player's own empties it.
    undone = models.JSONField(_("undone pairs (for redo)"), default=list, blank=True)
    # How many times the player went back to the deal's first position: a restarted game
    # is never ranked (ranking/rules.py), its player has seen the deal.
    restarts = models.PositiveIntegerField(_("restarts"), default=0)
    hints_used = models.PositiveIntegerField(_("hints used"), default=0)
    undos_used = models.PositiveIntegerField(_("undos used"), default=0)
    # Incremented on every change: lets a client or a test see that nothing was lost.
    version = models.PositiveIntegerField(_("number of changes"), default=0)
    # The solver's verdict on the position (game/verdicts.py), valid while `version` is
    # still `verdict_version`: whether the game can still be won (null: not known) and,
    # when not, how many pairs to put back to reach a winnable position. Advice only;
    # recorded after the fact, so it never slows a move down.
    verdict_version = models.PositiveIntegerField(_("verdict as of change"), null=True, blank=True)
    verdict_winnable = models.BooleanField(_("still winnable"), null=True, blank=True)
    verdict_undo = models.PositiveSmallIntegerField(_("pairs to put back"), null=True, blank=True)

    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        indexes = [
            models.Index(fields=["user", "state"]),
            # Statistics and the personal leaderboard: a user's wins by time, and by date.
            models.Index(fields=["user", "result", "elapsed_ms"], name="game_user_result_time"),
            models.Index(fields=["user", "result", "finished_at"], name="game_user_result_date"),
            # The board per layout: each player's best time among the layout's wins.
            models.Index(
                fields=["layout_id", "result", "user", "elapsed_ms"], name="game_layout_result_time"
            ),
            # The daily boards (partial: daily wins only): a deal's ranked wins by time,
            # ties to who finished first, and how many games won it.
            models.Index(
                fields=["code", "elapsed_ms", "finished_at"],
                condition=models.Q(origin="daily", result="won", ranked=True),
                name="game_daily_ranked_time",
            ),
            models.Index(
                fields=["code"],
                condition=models.Q(origin="daily", result="won"),
                name="game_daily_won",
            ),
            # A deal's daily games by where they were played from, and the games whose
            # traces are still kept, by age (ranking/second_accounts.py).
            models.Index(
                fields=["device", "code"],
                condition=models.Q(origin="daily"),
                name="game_daily_device",
            ),
            models.Index(
                fields=["address", "code"],
                condition=models.Q(origin="daily"),
                name="game_daily_address",
            ),
            models.Index(
                fields=["created_at"],
                condition=~models.Q(device="") | ~models.Q(address=""),
                name="game_traces_kept",
            ),
        ]
        constraints = [
            # One unfinished game per player, whatever the number of parallel requests:
            # a new game replaces (records) the one before in the same transaction, and
            # the database refuses a second unfinished one (services.game_create).
            models.UniqueConstraint(
                fields=["user"],
                condition=models.Q(result="", user__isnull=False),
                name="game_one_unfinished_per_user",
            ),
            # One ranked result per player per daily deal (ranking/rules.py decides it
            # under the player's lock; this is the backstop).
            models.UniqueConstraint(
                fields=["user", "code"],
                condition=models.Q(origin="daily", ranked=True, user__isnull=False),
                name="game_one_ranked_daily_per_user",
            ),
        ]

    def __str__(self) -> str:
        # The admin names a game so: in its page's title, its breadcrumbs and its messages.
        removed = len(self.history)
        return ngettext(
            # Translators: a game as the admin names it. %(code)s: the game code;
            # %(state)s: in play, won or no more moves; %(count)s: how many pairs of
            # tiles were removed.
            "%(code)s (%(state)s, %(count)s pair removed)",
            "%(code)s (%(state)s, %(count)s pairs removed)",
            removed,
        ) % {"code": self.code, "state": self.get_state_display(), "count": removed}

    def elapsed_ms_at(self, now) -> int:
        """The play time at ``now``: banked time plus the running stretch, if any."""
        return Clock(self.started_at, self.running_since, self.elapsed_ms).elapsed_at(now)


class BestTime(models.Model):
    """A player's best ranked time on a layout: one row per player and layout, kept by
    :func:`ranking.rules.record_best_time` in the transaction of every ranked win, so that
    the public board per layout reads ten rows instead of grouping every win."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="best_times",
        verbose_name=_("player"),
    )
    layout_id = models.CharField(_("layout ID"), max_length=3)
    elapsed_ms = models.BigIntegerField(_("play time (ms)"))
    # The win that set it (the earliest of equal times), and when it was won: ties on a
    # board go to whoever got there first.
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="+", verbose_name=_("game")
    )
    achieved_at = models.DateTimeField(_("achieved"))

    class Meta:
        verbose_name = _("best time")
        verbose_name_plural = _("best times")
        constraints = [
            models.UniqueConstraint(fields=["user", "layout_id"], name="besttime_one_per_layout")
        ]
        indexes = [
            models.Index(
                fields=["layout_id", "elapsed_ms", "achieved_at"], name="besttime_layout_time"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.layout_id} {self.elapsed_ms} ms"


class TrustedPlayer(models.Model):
    """A player an operator trusts for the public boards: their wins that would take one
    of the top places (ranking/top_places.py) are published without a person's check. Who
    gave the trust and when, for the next operator; withdrawing it deletes the row."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="board_trust",
        verbose_name=_("player"),
    )
    trusted_at = models.DateTimeField(_("trusted since"), default=timezone.now)
    trusted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("trusted by"),
    )

    class Meta:
        verbose_name = _("player trusted for the public boards")
        verbose_name_plural = _("players trusted for the public boards")

    def __str__(self) -> str:
        return f"{self.user_id} trusted at {self.trusted_at:%Y-%m-%d}"
