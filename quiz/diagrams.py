"""Diagrams drawn by the server as inline SVG, from the game engine's own positions.

Every tile carries its label in the "Digits" style (``5B``, ``N``, ``Wh``, ``F1``…), and
every diagram is an ``<svg role="img">`` named by a translated ``<title>`` and described
by a translated ``<desc>``. Colours come from classes styled in ``static/css/site.css``
(no inline style: the Content-Security-Policy forbids it), so light and dark themes work.

:func:`tiles_svg` draws any set of tiles at engine positions ``(x, y, z)`` (half-tile
units, ``z`` the layer) and is what the other diagrams, and the practice page, build on.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from babel.lists import format_list
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, to_locale

from game.engine import Board, matches
from game.engine.geometry import Geometry
from game.engine.tiles import DRAGONS, FLOWERS, KINDS, SEASONS, WINDS, family

#: The example game of the rules page (SPEC §4): the Turtle, deal 11.
EXAMPLE_CODE = "MJ1-L00-AAAAABL"

TILE_WIDTH = 40  # px; a half-tile unit of x is half of it
TILE_HEIGHT = 52  # px; a half-tile unit of y is half of it
DEPTH = 5  # px: the visible thickness of a tile, and the shift of each layer up and left
PADDING = 4

# The free-tile diagram (SPEC §4): four tiles in a row and one lying on top across the
# middle two, in the engine's half-tile units.
FREE_TILE_POSITIONS = ((0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0), (3, 0, 1))
FREE_TILE_FACES = ("5B", "5C", "5D", "N", "R")

# The pairs diagram: two identical tiles, two different flowers, a flower and a season,
# a red and a green dragon. Whether each is a pair is asked of the engine.
PAIR_EXAMPLES = (("5B", "5B"), ("F1", "F3"), ("F2", "S2"), ("R", "G"))


@dataclass(frozen=True)
class Tile:
    """A tile to draw: its kind, its engine position and whether it is blocked."""

    kind: str
    x: int
    y: int
    z: int = 0
    blocked: bool = False
    marked: bool = False


# -- names -----------------------------------------------------------------


def tile_name(kind: str) -> str:
    """The tile's name in the active language, e.g. "Bambu 5", "Röd drake"."""
    fam = family(kind)
    if fam == "bamboo":
        return gettext("Bamboo %(number)s") % {"number": kind[0]}
    if fam == "characters":
        return gettext("Characters %(number)s") % {"number": kind[0]}
    if fam == "circles":
        return gettext("Circles %(number)s") % {"number": kind[0]}
    if kind in WINDS:
        return {
            "N": gettext("North wind"),
            "S": gettext("South wind"),
            "E": gettext("East wind"),
            "W": gettext("West wind"),
        }[kind]
    if kind in DRAGONS:
        return {
            "R": gettext("Red dragon"),
            "G": gettext("Green dragon"),
            "Wh": gettext("White dragon"),
        }[kind]
    if kind in FLOWERS:
        return gettext("Flower %(number)s") % {"number": kind[1]}
    if kind in SEASONS:
        return gettext("Season %(number)s") % {"number": kind[1]}
    raise ValueError(kind)


def labelled_name(kind: str) -> str:
    """A tile's name with its Digits label: "Bambu 5 (5B)"."""
    return f"{tile_name(kind)} ({kind})"


def join_list(items: Sequence[str]) -> str:
    """Items joined the way the active language writes a list ("a, b och c")."""
    return format_list(list(items), locale=to_locale(get_language() or "sv"))


# -- drawing -----------------------------------------------------------------


def _family_class(kind: str) -> str:
    return f"tile--{family(kind)}"


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
    classes = f"tile {_family_class(tile.kind)}" + (" tile--blocked" if tile.blocked else "")
    classes += " tile--marked" if tile.marked else ""
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
        f'aria-labelledby="{ident}-title {ident}-desc">'
        f'<title id="{ident}-title">{escape(title)}</title>'
        f'<desc id="{ident}-desc">{escape(desc)}</desc>{body}</svg>'
    )


def legend() -> SafeString:
    """The key to the faces: light is free, darker is blocked."""
    return format_html(
        '<ul class="legend">'
        '<li><span class="swatch swatch--free" aria-hidden="true"></span>{}</li>'
        '<li><span class="swatch swatch--blocked" aria-hidden="true"></span>{}</li>'
        "</ul>",
        gettext("Free"),
        gettext("Blocked, with a darker face"),
    )


# -- the rules page's diagrams ------------------------------------------------


def kinds_diagram() -> SafeString:
    """The 42 kinds, one family to a row, each tile with its label."""
    rows = [
        KINDS[0:9],  # bamboo 1–9
        KINDS[9:18],  # characters 1–9
        KINDS[18:27],  # circles 1–9
        (*WINDS, None, *DRAGONS),
        (*FLOWERS, None, *SEASONS),
    ]
    tiles = [
        Tile(kind, 2 * column, 2 * row)
        for row, kinds in enumerate(rows)
        for column, kind in enumerate(kinds)
        if kind is not None
    ]
    svg = tiles_svg(
        tiles,
        ident="diagram-kinds",
        title=gettext("The %(count)s kinds of tiles and their labels") % {"count": len(KINDS)},
        desc=gettext("Each kind with its label in the Digits style: %(list)s.")
        % {"list": join_list([labelled_name(kind) for kind in KINDS])},
        gap=6,
        css_class="diagram--kinds",
    )
    return format_html('<figure class="figure">{}</figure>', svg)


def free_tile_diagram() -> SafeString:
    """Four tiles in a row, one on top across the middle two; free and blocked are
    computed with the engine's free rule, not written in."""
    free = set(Geometry(FREE_TILE_POSITIONS).initial_free())
    tiles = [
        Tile(kind, x, y, z, blocked=i not in free)
        for i, (kind, (x, y, z)) in enumerate(zip(FREE_TILE_FACES, FREE_TILE_POSITIONS))
    ]
    row = [labelled_name(t.kind) for t in tiles if t.z == 0]
    top = [labelled_name(t.kind) for t in tiles if t.z == 1]
    desc = gettext(
        "Four tiles in a row, %(row)s, and %(top)s lying on top across the two middle ones. "
        "Free: %(free)s. Blocked, with a darker face: %(blocked)s."
    ) % {
        "row": join_list(row),
        "top": join_list(top),
        "free": join_list([labelled_name(t.kind) for t in tiles if not t.blocked]),
        "blocked": join_list([labelled_name(t.kind) for t in tiles if t.blocked]),
    }
    svg = tiles_svg(
        tiles,
        ident="diagram-free-tile",
        title=gettext("Free and blocked tiles"),
        desc=desc,
        # Drawn well above the row, so that the labels of the tiles below stay readable.
        lift=TILE_HEIGHT * 3 // 4,
        css_class="diagram--small",
    )
    return format_html(
        '<figure class="figure">{}<figcaption>{}</figcaption></figure>', svg, legend()
    )


def pairs_diagram() -> SafeString:
    """Which two tiles make a pair, as the engine's matching rule decides."""
    items = []
    for number, (a, b) in enumerate(PAIR_EXAMPLES, start=1):
        is_pair = matches(a, b)
        verdict = gettext("A pair") if is_pair else gettext("Not a pair")
        names = gettext("%(first)s and %(second)s") % {
            "first": labelled_name(a),
            "second": labelled_name(b),
        }
        svg = tiles_svg(
            [Tile(a, 0, 0), Tile(b, 2, 0)],
            ident=f"diagram-pair-{number}",
            title=names,
            desc=f"{names}: {verdict}.",
            gap=8,
            css_class="diagram--pair",
        )
        state = "yes" if is_pair else "no"
        mark = "✓" if is_pair else "✗"
        items.append(
            format_html(
                '<li class="pair pair--{}"><figure class="figure">{}'
                '<figcaption><span class="pair__mark" aria-hidden="true">{}</span> {}'
                "</figcaption></figure></li>",
                state,
                svg,
                mark,
                verdict,
            )
        )
    return format_html('<ul class="pairs">{}</ul>', mark_safe("".join(items)))


def example_free_count() -> int:
    """How many tiles are free at the start of the example game (the engine says 35)."""
    return len(Board.from_code(EXAMPLE_CODE).free_tiles())


def example_diagram(*, play_url: str) -> SafeString:
    """The example game at its start, blocked tiles darker, with a link that plays it."""
    board = Board.from_code(EXAMPLE_CODE)
    positions = board.deal.layout.positions
    free = set(board.free_tiles())
    tiles = [Tile(face, *positions[i], blocked=i not in free) for i, face in enumerate(board.faces)]
    layers = len({z for _x, _y, z in positions})
    desc = gettext(
        "%(tiles)s tiles in %(layers)s layers. %(free)s tiles are free; the other "
        "%(blocked)s are blocked and have a darker face. The free tiles: %(list)s."
    ) % {
        "tiles": len(tiles),
        "layers": layers,
        "free": len(free),
        "blocked": len(tiles) - len(free),
        "list": join_list([labelled_name(board.faces[i]) for i in sorted(free)]),
    }
    svg = tiles_svg(
        tiles,
        ident="diagram-example",
        title=gettext("The example game %(code)s at its start") % {"code": EXAMPLE_CODE},
        desc=desc,
        css_class="diagram--board",
    )
    return format_html(
        '<figure class="figure figure--board">{}<figcaption>{}'
        '<p><a class="button" href="{}">{}</a></p></figcaption></figure>',
        svg,
        legend(),
        play_url,
        gettext("Play this game"),
    )


# -- the practice page's diagrams ---------------------------------------------

#: Quiz question 1: a row of three tiles and one lying on top across the first two. The
#: marked tile (5D) has an open left side but is covered: the engine says it is blocked.
COVERED_TILE_POSITIONS = ((0, 0, 0), (2, 0, 0), (4, 0, 0), (1, 0, 1))
COVERED_TILE_FACES = ("5D", "3B", "W", "R")
COVERED_TILE_MARKED = 0

#: Quiz question 2: two different flowers.
FLOWER_PAIR = ("F1", "F3")

#: Quiz question 3: a Mahjong Connect grid, one row a string, one character a square:
#: ``#`` a tile, ``.`` an empty square, ``A``/``B`` the two tiles to connect (both
#: ``CONNECT_KIND``). ``CONNECT_PATH`` is the drawn path, square by square from A to B:
#: down, right, up, right — three turns. A path with two turns exists around the top edge.
CONNECT_GRID = (
    "#A##.#",
    "#.#.B#",
    "#...##",
)
CONNECT_KIND = "6B"
CONNECT_FILL = ("2C", "9D", "S", "4B", "G", "1C", "8D", "E", "3C", "Wh", "7B", "N", "5C")
CONNECT_PATH = ((1, 0), (1, 1), (1, 2), (2, 2), (3, 2), (3, 1), (4, 1))
CONNECT_GAP = 6  # px between squares

#: The example hand of table mahjong: four groups and a pair, 14 tiles.
HAND_GROUPS = (
    ("run", ("1D", "2D", "3D")),
    ("run", ("4B", "5B", "6B")),
    ("set", ("7C", "7C", "7C")),
    ("set", ("R", "R", "R")),
    ("pair", ("E", "E")),
)


def covered_tile_verdict() -> dict[str, bool]:
    """What the engine says of question 1's marked tile: its left side is open, something
    lies on it, and so it is not free."""
    geometry = Geometry(COVERED_TILE_POSITIONS)
    present = [True] * len(geometry)
    return {
        "left_open": not geometry.left[COVERED_TILE_MARKED],
        "covered": bool(geometry.covers[COVERED_TILE_MARKED]),
        "free": geometry.is_free(COVERED_TILE_MARKED, present),
    }


def covered_tile_diagram(*, ident: str) -> SafeString:
    """Question 1: the row with the marked tile; no face is darkened (that would give the
    answer away)."""
    geometry = Geometry(COVERED_TILE_POSITIONS)
    tiles = [
        Tile(kind, x, y, z, marked=i == COVERED_TILE_MARKED)
        for i, (kind, (x, y, z)) in enumerate(zip(COVERED_TILE_FACES, COVERED_TILE_POSITIONS))
    ]
    marked = tiles[COVERED_TILE_MARKED]
    covering = [labelled_name(tiles[j].kind) for j in geometry.covers[COVERED_TILE_MARKED]]
    under = [
        labelled_name(tiles[i].kind)
        for i in range(len(tiles))
        if any(j in geometry.covers[i] for j in geometry.covers[COVERED_TILE_MARKED])
    ]
    desc = gettext(
        "A row of tiles, %(row)s. %(top)s lies on top across %(under)s. The marked tile is "
        "%(marked)s, at the left end of the row: nothing lies to its left."
    ) % {
        "row": join_list([labelled_name(t.kind) for t in tiles if t.z == 0]),
        "top": join_list(covering),
        "under": join_list(under),
        "marked": labelled_name(marked.kind),
    }
    return tiles_svg(
        tiles,
        ident=ident,
        title=gettext("A row of tiles with one tile marked"),
        desc=desc,
        lift=TILE_HEIGHT * 3 // 4,
        css_class="diagram--small",
    )


def flowers_diagram(*, ident: str) -> SafeString:
    """Question 2: two different flowers side by side (no verdict)."""
    first, second = FLOWER_PAIR
    names = gettext("%(first)s and %(second)s") % {
        "first": labelled_name(first),
        "second": labelled_name(second),
    }
    return tiles_svg(
        [Tile(first, 0, 0), Tile(second, 2, 0)],
        ident=ident,
        title=names,
        desc=gettext("Two tiles side by side: %(names)s.") % {"names": names},
        gap=8,
        css_class="diagram--pair",
    )


def path_turns(path: Sequence[tuple[int, int]]) -> int:
    """How many times a path of adjacent squares changes direction."""
    steps = [(bx - ax, by - ay) for (ax, ay), (bx, by) in zip(path, path[1:])]
    return sum(1 for a, b in zip(steps, steps[1:]) if a != b)


def _square_origin(column: int, row: int) -> tuple[int, int]:
    return (
        column * (TILE_WIDTH + CONNECT_GAP),
        row * (TILE_HEIGHT + CONNECT_GAP),
    )


def connect_diagram(*, ident: str) -> SafeString:
    """Question 3: the Connect grid, its tiles, its empty squares and the drawn path with
    its turns numbered."""
    fill = iter(CONNECT_FILL)
    tiles: list[Tile] = []
    empty: list[tuple[int, int]] = []
    ends: list[tuple[int, int]] = []
    for row, line in enumerate(CONNECT_GRID):
        for column, square in enumerate(line):
            if square == ".":
                empty.append((column, row))
                continue
            kind = CONNECT_KIND if square in "AB" else next(fill)
            if square in "AB":
                ends.append((column, row))
            tiles.append(Tile(kind, 2 * column, 2 * row, marked=square in "AB"))
    parts = []
    for column, row in empty:
        px, py = _square_origin(column, row)
        parts.append(
            f'<rect class="connect__square" x="{px}" y="{py}" width="{TILE_WIDTH}" '
            f'height="{TILE_HEIGHT}" rx="5"/>'
        )
    centres = []
    for column, row in CONNECT_PATH:
        px, py = _square_origin(column, row)
        centres.append((px + TILE_WIDTH // 2, py + TILE_HEIGHT // 2))
    points = " ".join(f"{x},{y}" for x, y in centres)
    parts.append(f'<polyline class="connect__path" points="{points}"/>')
    # The tiles hide the path's two ends; the corners get their numbers on top.
    parts.extend(tile_svg(tile, gap=CONNECT_GAP) for tile in tiles)
    corner = 0
    for before, here, after in zip(centres, centres[1:], centres[2:]):
        if (here[0] - before[0], here[1] - before[1]) != (after[0] - here[0], after[1] - here[1]):
            corner += 1
            parts.append(
                f'<g class="connect__turn"><circle cx="{here[0]}" cy="{here[1]}" r="10"/>'
                f'<text x="{here[0]}" y="{here[1] + 5}">{corner}</text></g>'
            )
    columns = len(CONNECT_GRID[0])
    rows = len(CONNECT_GRID)
    width = columns * (TILE_WIDTH + CONNECT_GAP) - CONNECT_GAP + DEPTH + 2 * PADDING
    height = rows * (TILE_HEIGHT + CONNECT_GAP) - CONNECT_GAP + DEPTH + 2 * PADDING
    directions = {
        (0, 1): gettext("down"),
        (0, -1): gettext("up"),
        (1, 0): gettext("right"),
        (-1, 0): gettext("left"),
    }
    legs = []
    for (ax, ay), (bx, by) in zip(CONNECT_PATH, CONNECT_PATH[1:]):
        word = directions[(bx - ax, by - ay)]
        if not legs or legs[-1] != word:
            legs.append(word)
    desc = gettext(
        "A grid of %(columns)s by %(rows)s squares, filled with tiles except for %(empty)s "
        "empty squares. The two marked tiles are both %(name)s, in the top row and in the "
        "second row. The drawn path between them goes %(legs)s: it turns %(turns)s times."
    ) % {
        "columns": columns,
        "rows": rows,
        "empty": len(empty),
        "name": labelled_name(CONNECT_KIND),
        "legs": join_list(legs),
        "turns": path_turns(CONNECT_PATH),
    }
    return svg_image(
        "".join(parts),
        box=(-PADDING, -PADDING, width, height),
        ident=ident,
        title=gettext("A Mahjong Connect path on a small grid"),
        desc=desc,
        css_class="diagram--connect",
    )


QUIZ_DIAGRAMS = {
    "covered-tile": covered_tile_diagram,
    "flowers": flowers_diagram,
    "connect-path": connect_diagram,
}


def quiz_diagram(name: str, *, ident: str) -> SafeString:
    """A quiz question's diagram by its name (see ``QuizQuestion.DIAGRAM_CHOICES``)."""
    drawer = QUIZ_DIAGRAMS.get(name)
    return drawer(ident=ident) if drawer else mark_safe("")


def hand_diagram() -> SafeString:
    """The example hand of table mahjong: each group drawn on its own, so that the groups
    wrap on a narrow screen, with the hand's shape in the caption."""
    captions = {
        "run": gettext("Run"),
        "set": gettext("Three of a kind"),
        "pair": gettext("Pair"),
    }
    items = []
    for number, (shape, kinds) in enumerate(HAND_GROUPS, start=1):
        names = join_list([labelled_name(kind) for kind in kinds])
        svg = tiles_svg(
            [Tile(kind, 2 * i, 0) for i, kind in enumerate(kinds)],
            ident=f"diagram-hand-{number}",
            title=f"{captions[shape]}: {names}",
            desc=" ".join(kinds),
            css_class=f"diagram--group diagram--group-{len(kinds)}",
        )
        items.append(
            format_html(
                '<li class="hand__group">{}<span class="hand__caption" aria-hidden="true">'
                "{}</span></li>",
                svg,
                captions[shape],
            )
        )
    count = sum(len(kinds) for _shape, kinds in HAND_GROUPS)
    groups = sum(1 for shape, _kinds in HAND_GROUPS if shape != "pair")
    caption = gettext("%(groups)s groups and a pair: %(count)s tiles.") % {
        "groups": groups,
        "count": count,
    }
    return format_html(
        '<figure class="figure figure--hand"><ul class="hand">{}</ul>'
        "<figcaption>{}</figcaption></figure>",
        mark_safe("".join(items)),
        caption,
    )
