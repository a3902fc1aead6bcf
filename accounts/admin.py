"""The players in the admin: suspend and reinstate an account (a suspended player's
ranked results leave the boards), trust a player for the public boards (their new top
times are published without a person's check: ranking/top_places.py) or withdraw it."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from game.models import Game
from ranking import rules, top_places
from ranking.admin import say_count, say_trusted

User = get_user_model()
admin.site.unregister(User)


class TrustedFilter(admin.SimpleListFilter):
    """Who is trusted for the public boards (ranking/top_places.py), for the next operator."""

    title = _("trusted for the public boards")
    parameter_name = "trusted"

    def lookups(self, request, model_admin):
        return [("yes", _("Trusted")), ("no", _("Not trusted"))]

    def queryset(self, request, queryset):
        if self.value() not in ("yes", "no"):
            return queryset
        return queryset.filter(board_trust__isnull=self.value() == "no")


@admin.register(User)
class PlayerAdmin(UserAdmin):
    actions = ("suspend", "reinstate", "trust", "withdraw_trust")
    list_filter = ("is_active", TrustedFilter, *UserAdmin.list_filter)

    @admin.action(description=_("Suspend the selected accounts and remove their results"))
    def suspend(self, request, queryset):
        players = queryset.exclude(pk=request.user.pk).filter(is_superuser=False)
        count = players.update(is_active=False)
        # A suspended player cannot sign in, and their sessions no longer sign them in
        # (Django refuses inactive users); their ranked results leave the boards.
        rules.remove_results(Game.objects.filter(user__in=players))
        say_count(
            self,
            request,
            # Translators: a message in the admin after suspending players' accounts. %(count)s:
            # how many accounts were suspended.
            ngettext("%(count)s account suspended.", "%(count)s accounts suspended.", count),
            count,
        )

    @admin.action(description=_("Reinstate the selected accounts"))
    def reinstate(self, request, queryset):
        count = queryset.update(is_active=True)
        say_count(
            self,
            request,
            # Translators: a message in the admin after reinstating suspended accounts.
            # %(count)s: how many accounts were reinstated.
            ngettext("%(count)s account reinstated.", "%(count)s accounts reinstated.", count),
            count,
        )

    @admin.action(description=_("Trust the selected players for the public boards"))
    def trust(self, request, queryset):
        say_trusted(self, request, top_places.trust(queryset, by=request.user))

    @admin.action(description=_("Withdraw the selected players' trust for the public boards"))
    def withdraw_trust(self, request, queryset):
        # Their next top times are checked again, and their wins no person reviewed leave
        # the top places for the review queue when a board next shows them
        # (ranking/checked_boards.py).
        count = top_places.withdraw(queryset)
        say_count(
            self,
            request,
            ngettext(
                # Translators: a message in the admin after withdrawing players' trust for
                # the public boards. %(count)s: how many players lost it.
                "%(count)s player is no longer trusted.",
                "%(count)s players are no longer trusted.",
                count,
            ),
            count,
        )
