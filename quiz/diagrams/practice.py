"""The practice page's figures: the quiz questions' diagrams and the example hand.

A quiz diagram never darkens a face or names a verdict: that would give the answer away.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext, pgettext

from mahjong.rules.geometry import Geometry
from wording.formatting import small_number
from wording.names import AS_SUBJECT, IN_SENTENCE

from .svg import (
    DEPTH,
    HIGH_LIFT,
    PADDING,
    TILE_HEIGHT,
    TILE_WIDTH,
    Tile,
    join_list,
    labelled_name,
    pair_names,
    position_svg,
    svg_image,
    tile_svg,
    tiles_svg,
)

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
    faces = COVERED_TILE_FACES
    # The tile on top is the subject of its sentence (Swedish "Den röda draken (R) ligger …").
    covering = [labelled_name(faces[j], AS_SUBJECT) for j in geometry.covers[COVERED_TILE_MARKED]]
    under = [
        labelled_name(faces[i], IN_SENTENCE)
        for i in range(len(faces))
        if any(j in geometry.covers[i] for j in geometry.covers[COVERED_TILE_MARKED])
    ]
    desc = gettext(
        # Translators: question 1's diagram. %(row)s: the tiles of the row, %(top)s: the
        # tile lying on top, %(under)s: the two it lies across, %(marked)s: the marked
        # tile (names inside a sentence, with their labels).
        "A row of tiles, %(row)s. %(top)s lies on top across %(under)s. The marked tile is "
        "%(marked)s, at the left end of the row: nothing lies to its left."
    ) % {
        "row": join_list(
            [
                labelled_name(face, IN_SENTENCE)
                for face, (_x, _y, z) in zip(faces, COVERED_TILE_POSITIONS)
                if z == 0
            ]
        ),
        "top": join_list(covering),
        "under": join_list(under),
        "marked": labelled_name(faces[COVERED_TILE_MARKED], IN_SENTENCE),
    }
    return position_svg(
        faces,
        COVERED_TILE_POSITIONS,
        marked={COVERED_TILE_MARKED},
        ident=ident,
        title=gettext("A row of tiles with one tile marked"),
        desc=desc,
        lift=HIGH_LIFT,
        css_class="diagram--small",
    )


def flowers_diagram(*, ident: str) -> SafeString:
    """Question 2: two different flowers side by side (no verdict)."""
    first, second = FLOWER_PAIR
    names = pair_names(first, second)
    return tiles_svg(
        [Tile(first, 0, 0), Tile(second, 2, 0)],
        ident=ident,
        title=capfirst(names),
        # Translators: question 2's diagram. %(names)s: "flower 1 (F1) and flower 3 (F3)".
        desc=gettext("Two tiles side by side: %(names)s.") % {"names": names},
        gap=8,
        css_class="diagram--pair",
    )


def how_many_times(count: int) -> str:
    """A small count of times in words ("three times"), as the quiz's question says it;
    digits beyond four."""
    words = {
        1: pgettext("how many times", "once"),
        2: pgettext("how many times", "twice"),
        3: pgettext("how many times", "three times"),
        4: pgettext("how many times", "four times"),
    }
    # Translators: how many times a path turns, beyond four. %(count)s: the number.
    return words.get(count) or pgettext("how many times", "%(count)s times") % {"count": count}


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
    for row, line in enumerate(CONNECT_GRID):
        for column, square in enumerate(line):
            if square == ".":
                empty.append((column, row))
                continue
            kind = CONNECT_KIND if square in "AB" else next(fill)
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
        # Translators: question 3's diagram. %(columns)s, %(rows)s: the grid's size (6, 3);
        # %(empty)s: how many squares are empty (6); %(name)s: the two marked tiles' kind
        # (a name inside a sentence, with its label); %(legs)s: the path's directions as a
        # list ("down, right, up and right"); %(times)s: how often it turns ("three times").
        "A grid of %(columns)s by %(rows)s squares, filled with tiles except for %(empty)s "
        "empty squares. The two marked tiles are both %(name)s, in the top row and in the "
        "second row. The drawn path between them goes %(legs)s: it turns %(times)s."
    ) % {
        "columns": columns,
        "rows": rows,
        "empty": small_number(len(empty)),
        "name": labelled_name(CONNECT_KIND, IN_SENTENCE),
        "legs": join_list(legs),
        "times": how_many_times(path_turns(CONNECT_PATH)),
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


def hand_figure() -> SafeString:
    """The example hand of table mahjong: each group drawn on its own, so that the groups
    wrap on a narrow screen, with the hand's shape in the caption."""
    captions = {
        "run": gettext("Run"),
        "set": gettext("Three of a kind"),
        "pair": gettext("Pair"),
    }
    items = []
    for number, (shape, kinds) in enumerate(HAND_GROUPS, start=1):
        names = join_list([labelled_name(kind, IN_SENTENCE) for kind in kinds])
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
    # The text above the hand says "four groups and a pair" in words; so does the caption.
    # Translators: the example hand's caption. %(count)s: its tiles (14).
    caption = gettext("Four groups and a pair: %(count)s tiles.") % {"count": count}
    return format_html(
        '<figure class="figure figure--hand"><ul class="hand">{}</ul>'
        "<figcaption>{}</figcaption></figure>",
        mark_safe("".join(items)),
        caption,
    )
