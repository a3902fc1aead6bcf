"""What the editor says about a refused layout, name or file, in the page's language.

The engine and :mod:`editor.services` name each fault with a reason word; this module
holds the one sentence for each. Places are said as the editor shows them: a column and
a row of the grid's half-tile cells and a layer, each counted from 1.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy

from mahjong import LayoutFileError, LayoutProblem

_PLACE = gettext_lazy(
    # Translators: %(column)s, %(row)s and %(layer)s are numbers from 1: where a tile lies
    # in the editor's grid.
    "column %(column)s, row %(row)s, layer %(layer)s"
)

_PROBLEMS = {
    "off_grid": gettext_lazy(
        # Translators: a fault of a layout in the editor. %(place)s: where the tile lies
        # ("column 3, row 5, layer 2").
        "The tile at %(place)s lies outside the grid."
    ),
    "overlap": gettext_lazy(
        # Translators: a fault of a layout in the editor. %(place)s: where the tile lies.
        "The tile at %(place)s overlaps another tile of its layer."
    ),
    "floating": gettext_lazy(
        # Translators: a fault of a layout in the editor. %(place)s: where the tile lies.
        "The tile at %(place)s does not rest wholly on tiles below."
    ),
    "no_free_pair": gettext_lazy("Fewer than two tiles are free at the start."),
    "undealable": gettext_lazy(
        "Too many tiles lie stacked on each other: deals on this layout would seldom clear "
        "it. Spread the tiles out."
    ),
}

_FILE_ERRORS = {
    "too_large": gettext_lazy(
        # Translators: %(limit)s: the largest file accepted, in kilobytes.
        "The file is larger than %(limit)s kB: it is not a layout file."
    ),
    "not_text": gettext_lazy("The file is not a text file."),
    "no_header": gettext_lazy(
        "This is not a KMahjongg layout file: its first line must be kmahjongg-layout-v1.1."
    ),
    "bad_size": gettext_lazy(
        "The board size in the file (its w, h and d lines) is missing or too large."
    ),
    "bad_rows": ngettext_lazy(
        # Translators: %(rows)s: the rows of tiles in the file (the plural follows it);
        # %(expected)s: how many its size lines ask for.
        "The file has %(rows)s row of tiles where its size asks for %(expected)s.",
        "The file has %(rows)s rows of tiles where its size asks for %(expected)s.",
        "rows",
    ),
    "bad_row": gettext_lazy(
        # Translators: %(line)s: a line number of the file; %(length)s: its characters;
        # %(expected)s: the board's width in characters.
        "Line %(line)s of the file has %(length)s characters, where the board is %(expected)s wide."
    ),
    "bad_character": gettext_lazy(
        # Translators: %(line)s: a line number of the file; %(column)s: a character's place
        # in it. The characters . 1 2 3 4 are the file format's own: keep them.
        "Line %(line)s of the file has a character other than . 1 2 3 4 in column %(column)s."
    ),
    "bad_tile": gettext_lazy(
        # Translators: %(line)s: a line number of the file; %(column)s: a character's place.
        "Line %(line)s of the file, column %(column)s: the quarters there do not make a whole tile."
    ),
}

_ERRORS = {
    "name_missing": gettext_lazy("Give the layout a name."),
    "name_too_long": gettext_lazy(
        # Translators: %(limit)s: the most characters a layout's name may have.
        "A layout's name has at most %(limit)s characters."
    ),
    "name_characters": gettext_lazy("The name has characters that cannot be shown."),
    "bad_positions": gettext_lazy("The layout sent could not be read."),
    "invalid": gettext_lazy("The layout cannot be saved yet: fix what is listed."),
    "limit": gettext_lazy(
        # Translators: %(limit)s: how many layouts of their own a player may keep.
        "You have %(limit)s layouts of your own, the most you can keep. Delete one to save another."
    ),
    "duplicate": gettext_lazy(
        # Translators: %(name)s: the name the player saved the same tiles under before.
        "You have saved this layout already, as “%(name)s”."
    ),
    "id_taken": gettext_lazy(
        "Another layout has the same game code by chance: move one tile and save again."
    ),
    "not_found": gettext_lazy("There is no such layout of yours."),
    "signed_out": gettext_lazy("Sign in to make layouts of your own."),
    "invalid_json": gettext_lazy("The request could not be read."),
    "csrf_failed": gettext_lazy("The page has expired: reload it and try again."),
    "method_not_allowed": gettext_lazy("The request could not be read."),
    "rate_limited": gettext_lazy("Too many requests: wait a moment and try again."),
}

#: The status of each error above that is not a 400.
_STATUS = {
    "signed_out": 403,
    "csrf_failed": 403,
    "not_found": 404,
    "method_not_allowed": 405,
    "limit": 409,
    "duplicate": 409,
    "id_taken": 409,
    "rate_limited": 429,
}


def place(position: tuple[int, int, int]) -> str:
    x, y, z = position
    return str(_PLACE) % {"column": x + 1, "row": y + 1, "layer": z + 1}


def problem_message(problem: LayoutProblem) -> str:
    """One problem of a layout, said in the active language."""
    if problem.reason == "count":
        return ngettext(
            # Translators: the tile count of a layout in the editor that is not 144.
            # %(count)s: how many tiles it has now.
            "%(count)s tile: a layout has exactly 144.",
            "%(count)s tiles: a layout has exactly 144.",
            problem.count or 0,
        ) % {"count": problem.count}
    text = str(_PROBLEMS[problem.reason])
    return text % {"place": place(problem.position)} if problem.position is not None else text


def problem_payload(problem: LayoutProblem) -> dict:
    return {**problem.as_dict(), "message": problem_message(problem)}


def file_error_message(error: LayoutFileError) -> str:
    params = dict(error.detail)
    if "limit" in params:
        params["limit"] = max(1, params["limit"] // 1024)
    if error.line is not None:
        params["line"] = error.line
    # A lazy plural picks its form from the parameters, so it is formatted before str().
    return str(_FILE_ERRORS[error.reason] % params) if params else str(_FILE_ERRORS[error.reason])


def error_message(code: str, **params) -> str:
    text = str(_ERRORS[code])
    return text % params if params else text


def file_fault_message(error: LayoutFileError | None = None) -> str:
    """A file's fault; without one, a body over the limit: a file too large to be one."""
    if error is None:
        limit = settings.MAHJONG_LAYOUT_FILE_MAX_BYTES
        error = LayoutFileError("too_large", "too large", limit=limit)
    return file_error_message(error)


#: Each error code's status and message, for the API layer (mahjongsite/json_api.py).
ERRORS = {
    **{code: (_STATUS.get(code, 400), message) for code, message in _ERRORS.items()},
    "too_large": (413, file_fault_message),
    "invalid_file": (400, file_fault_message),
}
#: Every ``error.code`` the layouts API answers with (docs/openapi.json's ``LayoutError``).
ERROR_CODES = frozenset(ERRORS)
