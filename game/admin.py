"""Moderation in the admin: find a result, take it off the boards, review and publish the
wins held for their rhythm (game/rhythm.py), and suspend an account."""

from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from . import ranking
from .models import Game


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = (
        "code",
        "user",
        "result",
        "origin",
        "ranked",
        "held",
        "removed_by_moderator",
        "elapsed_ms",
        "finished_at",
    )
    list_filter = ("result", "origin", "ranked", "held", "removed_by_moderator", "layout_id")
    search_fields = ("code", "user__username")
    list_select_related = ("user",)
    date_hierarchy = "created_at"
    actions = ("remove_from_boards", "publish_held")
    readonly_fields = [f.name for f in Game._meta.fields]

    def has_add_permission(self, request):
        return False

    @admin.action(description=_("Remove the selected results from the boards"))
    def remove_from_boards(self, request, queryset):
        count = ranking.remove_results(queryset)
        self.message_user(
            request,
            # Translators: a message in the admin after removing results from the public boards.
            # %(count)s: how many results were removed.
            ngettext("%(count)s result removed.", "%(count)s results removed.", count)
            % {"count": count},
            messages.SUCCESS,
        )

    @admin.action(description=_("Publish the selected held wins"))
    def publish_held(self, request, queryset):
        count = ranking.publish_held(queryset)
        self.message_user(
            request,
            # Translators: a message in the admin after publishing wins held for review.
            # %(count)s: how many wins were published.
            ngettext("%(count)s held win published.", "%(count)s held wins published.", count)
            % {"count": count},
            messages.SUCCESS,
        )


User = get_user_model()
admin.site.unregister(User)


@admin.register(User)
class PlayerAdmin(UserAdmin):
    actions = ("suspend", "reinstate")
    list_filter = ("is_active", *UserAdmin.list_filter)

    @admin.action(description=_("Suspend the selected accounts and remove their results"))
    def suspend(self, request, queryset):
        players = queryset.exclude(pk=request.user.pk).filter(is_superuser=False)
        count = players.update(is_active=False)
        # A suspended player cannot sign in, and their sessions no longer sign them in
        # (Django refuses inactive users); their ranked results leave the boards.
        ranking.remove_results(Game.objects.filter(user__in=players))
        self.message_user(
            request,
            # Translators: a message in the admin after suspending players' accounts. %(count)s:
            # how many accounts were suspended.
            ngettext("%(count)s account suspended.", "%(count)s accounts suspended.", count)
            % {"count": count},
            messages.SUCCESS,
        )

    @admin.action(description=_("Reinstate the selected accounts"))
    def reinstate(self, request, queryset):
        count = queryset.update(is_active=True)
        self.message_user(
            request,
            # Translators: a message in the admin after reinstating suspended accounts.
            # %(count)s: how many accounts were reinstated.
            ngettext("%(count)s account reinstated.", "%(count)s accounts reinstated.", count)
            % {"count": count},
            messages.SUCCESS,
        )
