"""Moderation in the admin: find a result, take it off the boards, review and publish the
wins held for review (ranking/rhythm.py, ranking/plan_order.py, ranking/second_accounts.py,
ranking/top_places.py: the list says why in words, and for a second account's daily win which
other accounts played the deal from the same browser or address), trust a player for the
public boards (their new top times need no check). The players' own list, where an
operator trusts or suspends an account, is the accounts' (accounts/admin.py)."""

from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from game.models import Game
from mahjong import InvalidGameCode

from . import plan_order, rhythm, rules, second_accounts, top_places

#: Why a win was held (``Game.held``), as a moderator reads it: the sentence of the
#: list's column and of the game's page (the list's filter shows the reason's label).
HELD_REASONS = {
    rhythm.TOO_FAST: _(
        "The taps came faster than a person plays: half the gaps between taps were "
        "shorter than the limit."
    ),
    rhythm.TOO_EVEN: _(
        "The gaps between taps were more even than a person's, like a script's steady pace."
    ),
    plan_order.FOLLOWS_PLAN: _(
        "The pairs were removed in the order the deal was built in, which a script "
        "reads from the game code."
    ),
    second_accounts.SHARED_DEVICE: _(
        "The same browser had already played this daily deal under another account: "
        "one person may have learnt the deal there first. A family sharing a computer "
        "looks the same."
    ),
    second_accounts.SHARED_ADDRESS: _(
        "The same internet address had already played this daily deal under another "
        "account. Weaker than the same browser: a household, a school or a mobile "
        "network shares one address."
    ),
    top_places.TOP_PLACE: _(
        "The win would take one of the top places of its public board (the day board "
        "of a daily deal, else the layout's leaderboard), and the player is not "
        "trusted: a person checks a new top time before it is public. Publish it if "
        "it looks like a person's game; trust the player if their top times need no "
        "more checks."
    ),
}


class HeldFilter(admin.SimpleListFilter):
    title = _("held for review")
    parameter_name = "held"

    def lookups(self, request, model_admin):
        return [(code, Game.Held(code).label) for code in HELD_REASONS]

    def queryset(self, request, queryset):
        return queryset.filter(held=self.value()) if self.value() else queryset


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = (
        "code",
        "user",
        "result",
        "origin",
        "ranked",
        "held_reason",
        "removed_by_moderator",
        "elapsed_ms",
        "finished_at",
    )
    list_filter = ("result", "origin", "ranked", HeldFilter, "removed_by_moderator", "layout_id")
    search_fields = ("code", "user__username")
    list_select_related = ("user",)
    date_hierarchy = "created_at"
    actions = ("remove_from_boards", "publish_held", "publish_held_and_trust")
    # ``held`` is shown as its sentence (held_reason), not as its code.
    exclude = ("held",)
    readonly_fields = [f.name for f in Game._meta.fields if f.name != "held"] + [
        "held_reason",
        "play_figures",
    ]

    @admin.display(description=_("Why held"))
    def held_reason(self, game: Game) -> str:
        """The reason a win is held, in words; for a second account's daily win, the
        other accounts that played the deal from the same browser or address (while the
        game keeps its traces: ranking/second_accounts.py)."""
        if not game.held:
            return ""
        sentence = str(HELD_REASONS[game.held]) if game.held in HELD_REASONS else game.held
        if game.held not in (second_accounts.SHARED_DEVICE, second_accounts.SHARED_ADDRESS):
            return sentence
        names = sorted(
            {
                other.user.get_username() if other.user_id else gettext("a signed-out visitor")
                for other in second_accounts.sharing(game)
            }
        )
        if not names:
            # Translators: in the admin, why a win is held, when the other accounts are no
            # longer known (a daily game keeps where it was played from for a limited
            # time). %(reason)s: the sentence that says why the win is held.
            return gettext("%(reason)s The other accounts are no longer known.") % {
                "reason": sentence
            }
        # Translators: in the admin, why a win is held. %(reason)s: the sentence that says
        # why; %(names)s: the usernames of the other accounts that played the same daily
        # deal from the same browser or address, separated by commas.
        return gettext("%(reason)s Other accounts: %(names)s.") % {
            "reason": sentence,
            "names": ", ".join(names),
        }

    @admin.display(description=_("How it was played"))
    def play_figures(self, game: Game) -> str:
        """What the checks read of the game, for a moderator judging a held win (or a
        fast one): the taps' median gap and spread (ranking/rhythm.py), the share of its
        removals on the deal's own plan (ranking/plan_order.py), and the taps beyond two
        per removed pair (a blocked tile tapped, a selection changed, a pair put back:
        a script playing a plan has none, which bench/rhythm.py shows does not tell it
        from a careful person on its own)."""
        found = rhythm.figures(game.tap_ms)
        try:
            share = plan_order.plan_share(game.code, game.history)
        except InvalidGameCode:
            share = None  # a player's layout deleted since
        return gettext(
            # Translators: in the admin, on a game's page. %(median)s: the median time
            # between two taps in milliseconds; %(spread)s: how much those times vary, in
            # percent of their mean; %(plan)s: the percentage of removed pairs that were
            # the next pair of the deal's own plan; %(extra)s: how many taps were more
            # than two per removed pair. A figure that cannot be worked out is a dash.
            "Median gap between taps: %(median)s ms; their spread: %(spread)s %%; "
            "removals on the deal's own plan: %(plan)s %%; taps beyond two per pair: "
            "%(extra)s."
        ) % {
            "median": "–" if found is None else round(found[0]),
            "spread": "–" if found is None else round(100 * found[1]),
            "plan": "–" if share is None else round(100 * share),
            "extra": len(game.tap_ms) - 2 * len(game.history),
        }

    def has_add_permission(self, request):
        return False

    @admin.action(description=_("Remove the selected results from the boards"))
    def remove_from_boards(self, request, queryset):
        count = rules.remove_results(queryset)
        say_count(
            self,
            request,
            # Translators: a message in the admin after removing results from the public boards.
            # %(count)s: how many results were removed.
            ngettext("%(count)s result removed.", "%(count)s results removed.", count),
            count,
        )

    @admin.action(description=_("Publish the selected held wins"))
    def publish_held(self, request, queryset):
        count = rules.publish_held(queryset)
        say_count(
            self,
            request,
            # Translators: a message in the admin after publishing wins held for review.
            # %(count)s: how many wins were published.
            ngettext("%(count)s held win published.", "%(count)s held wins published.", count),
            count,
        )

    @admin.action(description=_("Publish the selected held wins and trust these players"))
    def publish_held_and_trust(self, request, queryset):
        # The players of the held wins, read before publishing clears ``held``.
        held_by = list(queryset.exclude(held="").exclude(user=None).values_list("user", flat=True))
        self.publish_held(request, queryset)
        players = User.objects.filter(pk__in=held_by)
        say_trusted(self, request, top_places.trust(players, by=request.user))


User = get_user_model()


def say_count(model_admin, request, message: str, count: int) -> None:
    """Tell the operator what an action did: ``message``, from ``ngettext``, names
    ``%(count)s``."""
    model_admin.message_user(request, message % {"count": count}, messages.SUCCESS)


def say_trusted(model_admin, request, count: int) -> None:
    """Tell the operator how many players were newly trusted for the public boards."""
    say_count(
        model_admin,
        request,
        ngettext(
            # Translators: a message in the admin after trusting players for the public
            # boards (their new top times are published without a check). %(count)s: how
            # many players were trusted who were not before; suspended accounts are not.
            "%(count)s player newly trusted for the public boards.",
            "%(count)s players newly trusted for the public boards.",
            count,
        ),
        count,
    )
