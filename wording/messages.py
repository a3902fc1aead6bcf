"""Translated messages for the engine's error reasons and the API's own errors.

The engine raises typed errors with a ``reason`` word; this module turns each word into a
message in the active language. The play page uses the same messages for a bad game code.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

#: Game-code faults (the engine's ``InvalidGameCode.reason``), all answered with 400.
CODE_MESSAGES = {
    "empty": _("Enter a game code, for example MJ1-L00-AAAAABL."),
    "malformed": _("A game code has three parts, like MJ1-L00-AAAAABL."),
    "wrong_version": _(
        "This game code is for another version of the game: codes start with MJ1 or MJ2."
    ),
    "unknown_layout": _("This game code names a layout that does not exist."),
    "bad_characters": _(
        "The last part of a game code uses only the letters A–Z and the digits 2–7."
    ),
    "wrong_length": _(
        "The last part of a game code has exactly 12 characters, or 7 in a code that starts with MJ1."
    ),
    "out_of_range": _("The deal number of this game code is out of range."),
}

#: Every API error code: its HTTP status and its message.
API_ERRORS = {
    "invalid_json": (400, _("The request body is not valid JSON.")),
    # Translators: an API error. %(field)s: the name of a JSON field, in English
    # ("tile", "count"), to be kept as it is.
    "missing_field": (400, _("The request lacks the field “%(field)s”.")),
    # Translators: an API error: a field's value is of the wrong type or out of range.
    # %(field)s: the name of a JSON field, in English ("to", "count"), kept as it is.
    "invalid_field": (400, _("The field “%(field)s” has a value of the wrong type.")),
    "unknown_tile": (400, _("There is no such tile on this board.")),
    "no_such_layout": (400, _("There is no such layout.")),
    **{reason: (400, message) for reason, message in CODE_MESSAGES.items()},
    "tile_removed": (409, _("That tile has already been removed.")),
    "illegal_move": (409, _("That move is not allowed.")),
    "game_over": (409, _("The game is already won.")),
    "paused": (409, _("The game is paused. Resume it to go on.")),
    "nothing_to_undo": (409, _("There is nothing to undo.")),
    "nothing_to_redo": (409, _("There is nothing to redo.")),
    "at_start": (409, _("The game is already at its start: no pair has been removed.")),
    "not_lost": (
        409,
        _("This game can still be won, as far as is known: nothing was undone."),
    ),
    "not_found": (404, _("There is no such game.")),
    "method_not_allowed": (405, _("This method is not allowed here.")),
    "csrf_failed": (403, _("The request could not be verified. Reload the page and try again.")),
    "body_too_large": (413, _("The request body is too large.")),
    "unsupported_media_type": (415, _("The request body must be JSON (application/json).")),
    "no_such_address": (404, _("The API has nothing at this address.")),
    "bad_request": (400, _("The request could not be understood.")),
    "forbidden": (403, _("This is not allowed.")),
    "server_error": (500, _("The server made an error. Try again in a moment.")),
    # Said by the load balancer (deploy/nginx.conf), never by Django: listed here so that
    # the API's error vocabulary stays in one place and its wording is translated.
    "uri_too_long": (414, _("The address is too long.")),
    "rate_limited": (429, _("Too many requests. Wait a moment and try again.")),
    "unavailable": (503, _("The service is unavailable for a moment. Try again shortly.")),
}


def code_error_message(reason: str) -> str:
    """The message for a bad game code, in the active language."""
    return str(CODE_MESSAGES.get(reason, CODE_MESSAGES["malformed"]))
