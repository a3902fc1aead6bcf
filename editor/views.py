"""The editor page: a grid to place tiles on, layer by layer, and the player's layouts."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_safe

from mahjong import LayoutFileError
from mahjong.rules import custom

from . import messages, services
from .api import layout_payload
from .models import NAME_MAX_LENGTH
from .selectors import layouts_of


def _strings() -> dict:
    """What the editor's script says, in the page's language."""
    return {
        # Translators: the editor's tile count. %(count)s: tiles placed; 144 is the goal.
        "count": _("%(count)s of 144 tiles") % {"count": "{count}"},
        "sound": _("The layout is sound: it can be saved."),
        # Translators: the grid cell the keyboard is on. %(column)s, %(row)s, %(layer)s:
        # numbers from 1.
        "cursor": _("Column %(column)s, row %(row)s, layer %(layer)s")
        % {"column": "{column}", "row": "{row}", "layer": "{layer}"},
        "placed": _("Tile placed."),
        "removed": _("Tile removed."),
        "cannotPlace": _("No tile can be placed here: it would overlap another."),
        "saved": _("Saved."),
        "deleted": _("Deleted."),
        "renamed": _("Renamed."),
        "imported": _("File read."),
        # Translators: the question of the delete dialog. %(name)s: the layout's name.
        "deleteTitle": _("Delete “%(name)s”?") % {"name": "{name}"},
        "networkError": _("The server could not be reached. Try again."),
        # Translators: the button of a saved layout in the editor's list: it plays a deal
        # on that layout (its accessible name adds the layout's name).
        "play": pgettext("a saved layout's button", "Play"),
        "rename": _("Rename"),
        "delete": _("Delete"),
        "export": _("Export"),
        "cleared": _("All tiles removed."),
        # A file over the limit, said before it is sent (the server's own sentence).
        "tooLarge": messages.file_error_message(
            LayoutFileError("too_large", "too large", limit=settings.MAHJONG_LAYOUT_FILE_MAX_BYTES)
        ),
    }


@login_required
@require_safe
def editor(request: HttpRequest) -> HttpResponse:
    mine = layouts_of(user_id=request.user.pk)
    config = {
        "api": {
            "layouts": reverse("api:layouts"),
            "check": reverse("api:layout_check"),
            "import": reverse("api:layout_import"),
        },
        "play": reverse("play"),
        "lang": request.LANGUAGE_CODE,
        "csrfToken": get_token(request),
        "grid": {"width": 36, "height": 20, "depth": 6},
        "limits": {
            "width": custom.MAX_WIDTH,
            "height": custom.MAX_HEIGHT,
            "depth": custom.MAX_DEPTH,
        },
        "fileMaxBytes": settings.MAHJONG_LAYOUT_FILE_MAX_BYTES,
        "layouts": [layout_payload(layout) for layout in mine],
    }
    context = {
        "config": config,
        "strings": _strings(),
        "layouts": mine,
        "limit": services.limit(),
        "name_max_length": NAME_MAX_LENGTH,
        "layers": range(1, config["grid"]["depth"] + 1),
    }
    return render(request, "editor/editor.html", context)
