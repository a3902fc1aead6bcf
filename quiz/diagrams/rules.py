"""The rules page's figures: the kinds of tiles, a free tile, pairs and the example game.

What each figure shows (which tile is free, which two make a pair) is asked of the engine,
never written in.
"""

from __future__ import annotations

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext

from mahjong import Board, GameCode, matches
from mahjong.rules.geometry import Geometry
from mahjong.rules.tiles import DRAGONS, FLOWERS, KINDS, SEASONS, WINDS
from wording.formatting import small_number
from wording.names import IN_SENTENCE

from .svg import (
    HIGH_LIFT,
    Tile,
    join_list,
    labelled_name,
    pair_names,
    position_tiles,
    tiles_svg,
)

#: The example game of the rules page: the Turtle (L00), deal 43, whose code is
#: ``MJ1-L00-AAAAABL``.
EXAMPLE_CODE = str(GameCode("L00", 43))

# The free-tile figure: four tiles in a row and one lying on top across the
# middle two, in the engine's half-tile units.
FREE_TILE_POSITIONS = ((0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0), (3, 0, 1))
FREE_TILE_FACES = ("5B", "5C", "5D", "N", "R")

# The pairs figure: two identical tiles, two different flowers, a flower and a season,
# a red and a green dragon. Whether each is a pair is asked of the engine.
PAIR_EXAMPLES = (("5B", "5B"), ("F1", "F3"), ("F2", "S2"), ("R", "G"))


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


def kinds_figure() -> SafeString:
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
        # Translators: the tile kinds diagram's title. %(count)s: how many kinds (42).
        title=gettext("The %(count)s kinds of tiles and their labels") % {"count": len(KINDS)},
        # Translators: the tile kinds diagram's description. %(list)s: every kind's name
        # with its label, "Bamboo 1 (1B), Bamboo 2 (2B) … and Season 4 (S4)".
        desc=gettext("Each kind with its label in the Digits style: %(list)s.")
        % {"list": join_list([labelled_name(kind, IN_SENTENCE) for kind in KINDS])},
        gap=6,
        css_class="diagram--kinds",
    )
    return format_html('<figure class="figure">{}</figure>', svg)


def free_tile_figure() -> SafeString:
    """Four tiles in a row, one on top across the middle two; free and blocked are
    computed with the engine's free rule, not written in."""
    free = set(Geometry(FREE_TILE_POSITIONS).initial_free())
    blocked = [i for i in range(len(FREE_TILE_POSITIONS)) if i not in free]
    tiles = position_tiles(FREE_TILE_FACES, FREE_TILE_POSITIONS, blocked=blocked)
    row = [labelled_name(t.kind, IN_SENTENCE) for t in tiles if t.z == 0]
    top = [labelled_name(t.kind, IN_SENTENCE) for t in tiles if t.z == 1]
    desc = gettext(
        # Translators: the free-tile diagram's description. %(row)s: the four tiles of the
        # row and %(top)s: the tile lying on top (names inside a sentence, with their
        # labels); %(free)s, %(blocked)s: lists of tiles after a colon, named as inside a
        # sentence too.
        "Four tiles in a row, %(row)s, and %(top)s lying on top across the two middle ones. "
        "Free: %(free)s. Blocked, with a darker face: %(blocked)s."
    ) % {
        "row": join_list(row),
        "top": join_list(top),
        # Named as inside a sentence, as the row before them: readers found "bambu 5"
        # and then "Bambu 5" in one paragraph.
        "free": join_list([labelled_name(t.kind, IN_SENTENCE) for t in tiles if not t.blocked]),
        "blocked": join_list([labelled_name(t.kind, IN_SENTENCE) for t in tiles if t.blocked]),
    }
    svg = tiles_svg(
        tiles,
        ident="diagram-free-tile",
        title=gettext("Free and blocked tiles"),
        desc=desc,
        lift=HIGH_LIFT,
        css_class="diagram--small",
    )
    return format_html(
        '<figure class="figure">{}<figcaption>{}</figcaption></figure>', svg, legend()
    )


def pairs_figure() -> SafeString:
    """Which two tiles make a pair, as the engine's matching rule decides."""
    items = []
    for number, (a, b) in enumerate(PAIR_EXAMPLES, start=1):
        is_pair = matches(a, b)
        verdict = gettext("A pair") if is_pair else gettext("Not a pair")
        names = pair_names(a, b)
        svg = tiles_svg(
            [Tile(a, 0, 0), Tile(b, 2, 0)],
            ident=f"diagram-pair-{number}",
            title=capfirst(names),
            # Its own sentence, not "names: caption": after a colon Greek goes on in lower
            # case ("…: ζευγάρι."), and each language words the verdict its own way.
            desc=(
                # Translators: a pair diagram's description. %(tiles)s: its two tiles,
                # "Flower 1 (F1) and Flower 3 (F3)".
                gettext("%(tiles)s: a pair.")
                if is_pair
                # Translators: as above, for two tiles that do not make a pair.
                else gettext("%(tiles)s: not a pair.")
            )
            % {"tiles": capfirst(names)},
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


def example_figure(*, play_url: str, guide_url: str) -> SafeString:
    """The example game at its start, blocked tiles darker, with a link that plays it and
    one that plays it with the guided first game."""
    board = Board.from_code(EXAMPLE_CODE)
    positions = board.deal.layout.positions
    free = set(board.free_tiles())
    blocked = [i for i in range(len(positions)) if i not in free]
    layers = len({z for _x, _y, z in positions})
    desc = gettext(
        # Translators: the example game's description. %(tiles)s: the tiles (144);
        # %(layers)s: the layers (5); %(free)s, %(blocked)s: how many are free (35) and
        # blocked (109); %(list)s: the free tiles' names with their labels, as names
        # inside a sentence.
        "%(tiles)s tiles in %(layers)s layers. %(free)s tiles are free; the other "
        "%(blocked)s are blocked and have a darker face. The free tiles: %(list)s."
    ) % {
        "tiles": len(positions),
        "layers": small_number(layers),
        "free": len(free),
        "blocked": len(blocked),
        "list": join_list([labelled_name(board.faces[i], IN_SENTENCE) for i in sorted(free)]),
    }
    svg = tiles_svg(
        position_tiles(board.faces, positions, blocked=blocked),
        ident="diagram-example",
        # Translators: the example game's title. %(code)s: its game code (MJ1-L00-AAAAABL).
        title=gettext("The example game %(code)s at its start") % {"code": EXAMPLE_CODE},
        desc=desc,
        css_class="diagram--board",
    )
    return format_html(
        '<figure class="figure figure--board">{}<figcaption>{}'
        '<p class="figure__links"><a class="button" href="{}">{}</a> '
        '<a class="button" href="{}">{}</a></p></figcaption></figure>',
        svg,
        legend(),
        play_url,
        gettext("Play this game"),
        guide_url,
        gettext("Play it with a guide"),
    )


def rules_figure(name: str, *, play_url: str, guide_url: str = "") -> str:
    """The figure a rules section names (``[[diagram:name]]``); empty for an unknown name.
    ``play_url`` is where the example figure's button leads, ``guide_url`` where its
    guided first game starts."""
    figures = {
        "kinds": kinds_figure,
        "free-tile": free_tile_figure,
        "pairs": pairs_figure,
        "example": lambda: example_figure(play_url=play_url, guide_url=guide_url),
    }
    figure = figures.get(name)
    return figure() if figure else ""
