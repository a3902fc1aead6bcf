"""Drawing tiles as inline SVG, and the words that name what a diagram shows.

Every tile carries its label in the "Digits" style (``5B``, ``N``, ``Wh``, ``F1``…), and
every diagram is an ``<svg role="img">`` named by a translated ``<title>`` and described
by a translated ``<desc>``. Colours come from classes styled in ``static/css/site.css``
(no inline style: the Content-Security-Policy forbids it), so light and dark themes work.
A tile's class is ``tile--<family>`` with the engine's own family name, the one the API
sends to the board.

:func:`position_svg` draws any position (faces on engine positions ``(x, y, z)``, in
half-tile units, ``z`` the layer) with chosen tiles blocked or marked; :func:`tiles_svg`
draws any set of :class:`Tile`. The rules and practice figures build on them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from babel.lists import format_list
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, to_locale

from mahjong import family
from wording.names import IN_SENTENCE, LABEL, tile_name

TILE_WIDTH = 40  # px; a half-tile unit of x is half of it
TILE_HEIGHT = 52  # px; a half-tile unit of y is half of it
DEPTH = 5  # px: the visible thickness of a tile, and the shift of each layer up and left
PADDING = 4
#: A ``lift`` that draws each layer well above the one below, so that the labels of the
#: tiles underneath stay readable (for small diagrams of a few stacked tiles).
HIGH_LIFT = TILE_HEIGHT * 3 // 4

Position = tuple[int, int, int]


@dataclass(frozen=True)
class Tile:
    """A tile to draw: its kind, its engine position and whether it is blocked."""

    kind: str
    x: int
    y: int
    z: int = 0
    blocked: bool = False
    marked: bool = False
    #: drawn with a warning outline: a tile that blocks the marked one, once answered
    blocker: bool = False


# -- words -------------------------------------------------------------------------------


def labelled_name(kind: str, form: str = LABEL) -> str:
    """A tile's name with its Digits label: "Bambu 5 (5B)"; inside a sentence, the name's
    form there (:data:`~game.names.IN_SENTENCE`: "bambu 5 (5B)")."""
    return f"{tile_name(kind, form)} ({kind})"


def pair_names(first: str, second: str) -> str:
    """Two tiles named together as inside a sentence, "bambu 5 (5B) och bambu 5 (5B)":
    a title or a sentence that starts with them passes it through :func:`capfirst`, so
    that only the first word takes a capital where the language writes names in lower
    case."""
    # Translators: %(first)s, %(second)s: two tiles named as inside a sentence, with their
    # Digits labels ("flower 1 (F1)", "flower 3 (F3)"): a diagram's title, and the list
    # inside its description. Where it starts the title, its first letter is made a capital.
    return gettext("%(first)s and %(second)s") % {
        "first": labelled_name(first, IN_SENTENCE),
        "second": labelled_name(second, IN_SENTENCE),
    }


def join_list(items: Sequence[str]) -> str:
    """Items joined the way the active language writes a list ("a, b och c")."""
    return format_list(list(items), locale=to_locale(get_language() or "sv"))


# -- drawing -----------------------------------------------------------------------------


def tile_origin(tile: Tile, *, gap: int = 0, lift: int = DEPTH) -> tuple[int, int]:
    """The pixel position of a tile's top-left corner. Each layer is drawn ``DEPTH``
    pixels to the left and ``lift`` pixels up, so stacked tiles show their depth."""
    px = tile.x * TILE_WIDTH // 2 + (tile.x // 2) * gap - tile.z * DEPTH
    py = tile.y * TILE_HEIGHT // 2 + (tile.y // 2) * gap - tile.z * lift
    return px, py


def tile_svg(tile: Tile, *, gap: int = 0, lift: int = DEPTH) -> str:
    """One tile as an SVG group: its edge (thickness), its face and its label.

    ``gap`` adds pixels between whole-tile columns and rows, for diagrams of loose tiles;
    ``lift`` is how far up each layer is drawn (see :func:`tile_origin`).
    """
    px, py = tile_origin(tile, gap=gap, lift=lift)
    classes = f"tile tile--{family(tile.kind)}" + (" tile--blocked" if tile.blocked else "")
    classes += " tile--marked" if tile.marked else ""
    classes += " tile--blocker" if tile.blocker else ""
    return (
        f'<g class="{classes}" transform="translate({px} {py})">'
        f'<rect class="tile__edge" x="{DEPTH}" y="{DEPTH}" width="{TILE_WIDTH}" '
        f'height="{TILE_HEIGHT}" rx="5"/>'
        f'<rect class="tile__face" width="{TILE_WIDTH}" height="{TILE_HEIGHT}" rx="5"/>'
        f'<text class="tile__label" x="{TILE_WIDTH // 2}" y="{TILE_HEIGHT // 2 + 6}">'
        f"{escape(tile.kind)}</text></g>"
    )


def tiles_svg(
    tiles: Iterable[Tile],
    *,
    ident: str,
    title: str,
    desc: str,
    gap: int = 0,
    lift: int = DEPTH,
    css_class: str = "",
) -> SafeString:
    """A whole diagram: the tiles painted bottom layer first, with a title and a desc.

    ``ident`` must be unique on the page: it names the title and desc elements.
    """
    tiles = sorted(tiles, key=lambda t: (t.z, t.y, t.x))
    origins = [tile_origin(t, gap=gap, lift=lift) for t in tiles]
    left = min(x for x, _y in origins)
    top = min(y for _x, y in origins)
    right = max(x for x, _y in origins)
    bottom = max(y for _x, y in origins)
    x0, y0 = left - PADDING, top - PADDING
    width = right - left + TILE_WIDTH + DEPTH + 2 * PADDING
    height = bottom - top + TILE_HEIGHT + DEPTH + 2 * PADDING
    body = "".join(tile_svg(t, gap=gap, lift=lift) for t in tiles)
    return svg_image(
        body,
        box=(x0, y0, width, height),
        ident=ident,
        title=title,
        desc=desc,
        css_class=css_class,
    )


def position_tiles(
    faces: Sequence[str],
    positions: Sequence[Position],
    *,
    blocked: Collection[int] = (),
    marked: Collection[int] = (),
    blockers: Collection[int] = (),
) -> list[Tile]:
    """The tiles of a position: ``faces[i]`` at ``positions[i]``, the tiles whose indices
    are in ``blocked`` drawn darker, those in ``marked`` outlined and those in
    ``blockers`` outlined as what blocks a marked tile."""
    return [
        Tile(face, x, y, z, blocked=i in blocked, marked=i in marked, blocker=i in blockers)
        for i, (face, (x, y, z)) in enumerate(zip(faces, positions, strict=True))
    ]


def position_svg(
    faces: Sequence[str],
    positions: Sequence[Position],
    *,
    ident: str,
    title: str,
    desc: str,
    blocked: Collection[int] = (),
    marked: Collection[int] = (),
    blockers: Collection[int] = (),
    gap: int = 0,
    lift: int = DEPTH,
    css_class: str = "",
) -> SafeString:
    """Any position as a diagram, with tiles blocked or marked by their indices (see
    :func:`position_tiles` and :func:`tiles_svg`)."""
    return tiles_svg(
        position_tiles(faces, positions, blocked=blocked, marked=marked, blockers=blockers),
        ident=ident,
        title=title,
        desc=desc,
        gap=gap,
        lift=lift,
        css_class=css_class,
    )


def svg_image(
    body: str,
    *,
    box: tuple[int, int, int, int],
    ident: str,
    title: str,
    desc: str,
    css_class: str = "",
) -> SafeString:
    """An ``<svg role="img">`` around trusted SVG ``body``, named by its title and desc."""
    x0, y0, width, height = box
    return mark_safe(
        f'<svg class="diagram {escape(css_class)}" viewBox="{x0} {y0} {width} {height}" '
        f'width="{width}" height="{height}" role="img" '
        # Named by its title and described by its desc: two ids in one aria-labelledby
        # would run the title into the description with no stop between them.
        f'aria-labelledby="{ident}-title" aria-describedby="{ident}-desc">'
        f'<title id="{ident}-title">{escape(title)}</title>'
        f'<desc id="{ident}-desc">{escape(desc)}</desc>{body}</svg>'
    )
