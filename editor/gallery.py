"""The gallery of layouts in the "New game" panel: for each layout its picture, its
translated name, its size and its stored difficulty, and for a signed-in player whether
they won it and their best ranked time (a visitor's marks come from their own browser,
static/js/gallery.js).

Everything here is text for the page's language: numbers and shares in the language's
own way (Babel), sentences from the catalogue.
"""

from __future__ import annotations

from dataclasses import dataclass

from babel import Locale
from babel.numbers import parse_pattern
from django.db.models import Exists, Min, OuterRef, Q
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from editor.selectors import layouts_of
from game.models import Game
from mahjong import LAYOUTS
from mahjong.rules.difficulty import random_play
from wording import formatting
from wording.names import layout_name

from .pictures import box_of, picture_box, picture_version, svg_of, version_of

#: The shares of games stuck at random at which the gallery's difficulty marks step up
#: (below 55 % one mark, from 78 % five). The site's layouts lie between about 50 % and
#: 81 % (1,000 deals each): steps over that spread tell them apart, where steps of 20 %
#: would give nearly every layout four marks. The figure stands beside the marks.
MARK_STEPS = (0.55, 0.65, 0.72, 0.78)

#: The box a picture fits in, in CSS pixels: wide layouts fill its width, tall ones its
#: height.
PICTURE_BOX = (112, 84)


@dataclass(frozen=True)
class Mark:
    """A player's record on a layout: won at all, and the best ranked time (ms) if any."""

    won: bool
    best_ms: int | None


@dataclass(frozen=True)
class Entry:
    id: str
    name: str
    size: str
    difficulty: str
    #: The difficulty as filled and empty marks ("●●●○○"), or "" when not measured.
    difficulty_marks: str
    picture_url: str
    picture_width: int
    picture_height: int
    won: bool
    best: str | None
    best_ms: int | None
    #: False for a player's own layout: its games are never ranked.
    ranked: bool = True


def share(value: float, *, whole: bool) -> str:
    """A share as a percentage with at most one decimal, in the language's own way
    ("2,9 %", «2,9%»); ``whole`` is false when not every deal counted, so that 99.96 %
    never reads as 100 %."""
    locale = Locale.parse(formatting.babel_locale())
    pattern = parse_pattern(locale.percent_formats[None].pattern)
    pattern.frac_prec = (0, 1)
    if not whole:
        value = min(value, 0.999)
    return pattern.apply(value, locale)


def size_text(layout_id: str) -> str:
    """The layout's size: 144 tiles, how many tiles wide and high, how many layers."""
    return size_of(LAYOUTS[layout_id].positions)


def size_of(positions) -> str:
    """:func:`size_text` of any positions (a player's own layout's too)."""
    xs = [x for x, _, _ in positions]
    ys = [y for _, y, _ in positions]
    layers = max(z for _, _, z in positions) + 1
    # Positions are in half-tile units: a width may end in a half tile.
    width = (max(xs) + 2 - min(xs)) / 2
    height = (max(ys) + 2 - min(ys)) / 2
    return ngettext(
        # Translators: a layout's size in the gallery of layouts. %(tiles)s: 144;
        # %(width)s and %(height)s: how many tiles wide and high the layout is (may
        # end in a half, "7,5"); %(layers)s: how many layers of tiles lie on each other.
        "%(tiles)s tiles, %(width)s wide, %(height)s high, %(layers)s layer",
        "%(tiles)s tiles, %(width)s wide, %(height)s high, %(layers)s layers",
        layers,
    ) % {
        "tiles": formatting.number(len(positions)),
        "width": formatting.number(width),
        "height": formatting.number(height),
        "layers": formatting.number(layers),
    }


def difficulty_text(layout_id: str) -> str:
    """How hard the layout's deals are, from the stored random-play figures: every deal
    the site gives can be won, so what tells layouts apart is how often a player who takes
    any pair at random gets stuck (mahjong/solver/random_play.py)."""
    measured = random_play(layout_id)
    if measured is None:
        return _("Difficulty not measured yet.")
    return _(
        # Translators: a layout's difficulty in the gallery of layouts. Every deal of the
        # site can be won; this says how often a player who removes any pair that can be
        # removed, at random, ends with no more moves. %(marks)s: 1 to 5; %(most)s: 5;
        # %(share)s: a percentage ("67 %").
        "Difficulty %(marks)s of %(most)s: %(share)s of games played with random pairs "
        "end with no more moves."
    ) % {
        "marks": formatting.number(difficulty_marks(measured.share)),
        "most": formatting.number(len(MARK_STEPS) + 1),
        "share": share(measured.share, whole=measured.stuck == measured.deals),
    }


def difficulty_marks(share_stuck: float) -> int:
    """One to five marks for a share of games stuck at random (:data:`MARK_STEPS`)."""
    return 1 + sum(share_stuck >= step for step in MARK_STEPS)


def marks_drawn(layout_id: str) -> str:
    """The marks as the card draws them, filled then empty ("●●●○○"); the sentence beside
    them says the same in words."""
    measured = random_play(layout_id)
    if measured is None:
        return ""
    filled = difficulty_marks(measured.share)
    return "●" * filled + "○" * (len(MARK_STEPS) + 1 - filled)


def marks_for(user_id: int | None) -> dict[str, Mark]:
    """A signed-in player's marks by layout id, in one query; none for a visitor."""
    if user_id is None:
        return {}
    rows = (
        Game.objects.filter(user_id=user_id, result=Game.WON)
        .values("layout_id")
        .annotate(best=Min("elapsed_ms", filter=Q(ranked=True)))
    )
    return {row["layout_id"]: Mark(won=True, best_ms=row["best"]) for row in rows}


def _picture_size(box: tuple[float, float]) -> tuple[int, int]:
    width, height = box
    scale = min(PICTURE_BOX[0] / width, PICTURE_BOX[1] / height)
    return round(width * scale), round(height * scale)


@dataclass(frozen=True)
class Picture:
    """A layout's picture as a page links it: its address (with its version) and the
    size it is drawn at, within :data:`PICTURE_BOX`."""

    url: str
    width: int
    height: int


def layout_picture(layout_id: str) -> Picture:
    """The picture of one of our layouts, as the gallery and the daily page show it."""
    width, height = _picture_size(picture_box(layout_id))
    url = reverse("layout-picture", args=[layout_id])
    return Picture(f"{url}?v={picture_version(layout_id)}", width, height)


def gallery(user_id: int | None) -> list[Entry]:
    """Every layout, in id order, as the gallery shows it."""
    marks = marks_for(user_id)
    entries = []
    for layout_id in LAYOUTS:
        picture = layout_picture(layout_id)
        mark = marks.get(layout_id)
        entries.append(
            Entry(
                id=layout_id,
                name=layout_name(layout_id),
                size=size_text(layout_id),
                difficulty=difficulty_text(layout_id),
                difficulty_marks=marks_drawn(layout_id),
                picture_url=picture.url,
                picture_width=picture.width,
                picture_height=picture.height,
                won=mark is not None,
                best=formatting.clock(mark.best_ms) if mark and mark.best_ms is not None else None,
                best_ms=mark.best_ms if mark else None,
            )
        )
    return entries


def own_gallery(user_id: int | None) -> list[Entry] | None:
    """A signed-in player's own layouts, newest first, as the gallery shows them (in one
    query): the name as they gave it, the size, never ranked, and "won" (no best time:
    no game on them is ranked). ``None`` for a visitor, who has none."""
    if user_id is None:
        return None
    won = Game.objects.filter(user_id=user_id, result=Game.WON, layout_id=OuterRef("layout_id"))
    entries = []
    for layout in layouts_of(user_id=user_id).annotate(won=Exists(won)):
        positions = [tuple(p) for p in layout.positions]
        picture_width, picture_height = _picture_size(box_of(positions))
        url = reverse("layout-picture", args=[layout.layout_id])
        entries.append(
            Entry(
                id=layout.layout_id,
                name=layout.name,
                size=size_of(positions),
                difficulty="",
                difficulty_marks="",
                picture_url=f"{url}?v={version_of(svg_of(positions))}",
                picture_width=picture_width,
                picture_height=picture_height,
                won=layout.won,
                best=None,
                best_ms=None,
                ranked=False,
            )
        )
    return entries
