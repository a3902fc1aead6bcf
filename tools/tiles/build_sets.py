"""Build the tile sets drawn from the classic one: Large print and Ivory.

    .venv/bin/python tools/tiles/build_sets.py

reads static/tiles/classic.svg (made by build_sprite.py) and the site's text font
(static/fonts/source-sans-3-latin.woff2) and writes static/tiles/large.svg and
static/tiles/ivory.svg, each a sheet laid out as the classic one (990 × 700, the 42
faces in the order of the kinds, nine to a row, 100 × 130 in cells 110 × 140 apart), so
that static/css/tiles.css cuts a face out of any of them in the same way. The files are
committed; the same inputs give the same files byte for byte. fontTools is in the site's
lock, so the virtualenv runs this.

- Large print, for small screens: each face is one big sign over one big mark, where the
  classic faces count coins and sticks that run together on a phone (the 8 and 9 of
  circles). The sign is the Digits label (5, N, 3) in the text font's heavy weight; the
  mark says the family: a coin for circles, a stick for bamboo, 萬 for characters, the
  wind's own character, a blossom for flowers, a sun for seasons. The dragons are their
  character (red, green) or their frame (white), as large as the face allows. Letters and
  characters are outlines (paths): the file needs no font.
- Ivory: the classic pictures engraved in the three inks of old bone tiles (a deep green,
  a deep red, a blue-black), for the warm faces that tiles.css gives them.
"""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path

from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont
from fontTools.varLib.instancer import instantiateVariableFont

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
# The sprite's builder, beside this script, also when a test loads this file by its path.
sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_sprite import num  # noqa: E402

from mahjong.rules.tiles import KINDS  # noqa: E402

TILES = ROOT / "static" / "tiles"
TEXT_FONT = ROOT / "static" / "fonts" / "source-sans-3-latin.woff2"
HEAVY = 800

# The inks of the Large print set: the Digits set's family colours (static/css/board.css),
# dark enough on the ivory face.
BLUE = "#1b4b9c"
GREEN = "#17703a"
RED = "#b0231b"
INK = "#24211b"
PURPLE = "#8e2a72"
BROWN = "#8a4f00"
GOLD = "#e0a100"

# The classic characters used as marks (their paths are in classic.svg, a 100-unit em).
WAN = "c842c"  # 萬
RED_DRAGON = "c4e2d"  # 中
GREEN_DRAGON = "c767c"  # 發
WIND_CHARACTERS = {"E": "c6771", "S": "c5357", "W": "c897f", "N": "c5317"}


# --- The sign: a digit or a letter in the text font's heavy weight -----------------------


class Signs:
    """Outlines of the Digits labels' letters and digits, as SVG paths in face units."""

    def __init__(self, path: Path) -> None:
        font = instantiateVariableFont(TTFont(path), {"wght": HEAVY})
        self.glyphs = font.getGlyphSet()
        self.cmap = font.getBestCmap()

    def bounds(self, char: str) -> tuple[float, float, float, float]:
        pen = BoundsPen(self.glyphs)
        self.glyphs[self.cmap[ord(char)]].draw(pen)
        return pen.bounds

    def path(self, text: str, centre_x: float, top: float, height: float) -> str:
        """The text's outline, its ink box centred at centre_x, its top at top, as high
        as height (the glyphs of several characters side by side, 4 % of the height
        apart)."""
        boxes = [self.bounds(c) for c in text]
        ink_top = max(box[3] for box in boxes)
        ink_bottom = min(box[1] for box in boxes)
        scale = height / (ink_top - ink_bottom)
        gap = 0.04 * height / scale
        width = sum(box[2] - box[0] for box in boxes) + gap * (len(text) - 1)
        x = -width / 2
        commands = []
        for char, (x_min, _y_min, x_max, _y_max) in zip(text, boxes, strict=True):
            pen = SVGPathPen(self.glyphs, ntos=num)
            transform = (
                scale,
                0,
                0,
                -scale,
                centre_x + (x - x_min) * scale,
                top + ink_top * scale,
            )
            self.glyphs[self.cmap[ord(char)]].draw(TransformPen(pen, transform))
            commands.append(pen.getCommands())
            x += x_max - x_min + gap
        return "".join(commands)


# --- The marks -----------------------------------------------------------------------------

# The mark's box: the lower part of the face, under the sign.
MARK_CX, MARK_CY = 50, 101


def coin(colour: str) -> str:
    return (
        f'<circle cx="{MARK_CX}" cy="{MARK_CY}" r="18" fill="none" stroke="{colour}" stroke-width="8"/>'
        f'<circle cx="{MARK_CX}" cy="{MARK_CY}" r="5.5" fill="{colour}"/>'
    )


def stick(colour: str) -> str:
    """A bamboo stick standing up: a stem with two light joints."""
    return (
        f'<rect x="{MARK_CX - 8}" y="{MARK_CY - 24}" width="16" height="48" rx="6" fill="{colour}"/>'
        f'<path d="M{MARK_CX - 11} {MARK_CY - 8}h22M{MARK_CX - 11} {MARK_CY + 8}h22" '
        f'stroke="{colour}" stroke-width="5" stroke-linecap="round"/>'
        f'<path d="M{MARK_CX - 11} {MARK_CY - 8}h22M{MARK_CX - 11} {MARK_CY + 8}h22" '
        'stroke="#fbf7ea" stroke-width="1.6"/>'
    )


def character(glyph: str, colour: str, size: float, cx: float, cy: float) -> str:
    """A classic character (a 100-unit em) of the given size, centred on cx, cy."""
    scale = size / 100
    x, y = cx - size / 2, cy - size / 2
    return (
        f'<use href="#{glyph}" fill="{colour}" '
        f'transform="translate({num(x)} {num(y)}) scale({scale:.3g})"/>'
    )


def blossom(colour: str) -> str:
    """Five round petals about a golden heart."""
    petals = "".join(
        f'<circle cx="{num(MARK_CX + 12 * math.cos(a))}" cy="{num(MARK_CY + 12 * math.sin(a))}" r="10" fill="{colour}"/>'
        for a in (math.pi * (2 * k / 5 - 0.5) for k in range(5))
    )
    return petals + f'<circle cx="{MARK_CX}" cy="{MARK_CY}" r="6.5" fill="{GOLD}"/>'


def sun(colour: str) -> str:
    """A small disc with eight rays."""
    rays = "".join(
        f"M{num(MARK_CX + 14 * math.cos(a))} {num(MARK_CY + 14 * math.sin(a))}"
        f"L{num(MARK_CX + 23 * math.cos(a))} {num(MARK_CY + 23 * math.sin(a))}"
        for a in (math.pi * k / 4 for k in range(8))
    )
    return (
        f'<path d="{rays}" stroke="{colour}" stroke-width="5" stroke-linecap="round"/>'
        f'<circle cx="{MARK_CX}" cy="{MARK_CY}" r="10" fill="{colour}"/>'
    )


# --- The Large print faces -----------------------------------------------------------------

SIGN_TOP, SIGN_HEIGHT = 10, 60


def large_face(kind: str, signs: Signs) -> str:
    def sign(text: str, colour: str) -> str:
        return f'<path fill="{colour}" d="{signs.path(text, 50, SIGN_TOP, SIGN_HEIGHT)}"/>'

    if kind[0].isdigit():
        number, suit = kind[0], kind[1]
        colour, mark = {
            "D": (BLUE, coin(BLUE)),
            "B": (GREEN, stick(GREEN)),
            "C": (RED, character(WAN, RED, 46, MARK_CX, MARK_CY)),
        }[suit]
        return sign(number, colour) + mark
    if kind in WIND_CHARACTERS:
        return sign(kind, INK) + character(WIND_CHARACTERS[kind], INK, 44, MARK_CX, MARK_CY)
    if kind == "R":
        return character(RED_DRAGON, RED, 92, 50, 65)
    if kind == "G":
        return character(GREEN_DRAGON, GREEN, 92, 50, 65)
    if kind == "Wh":
        return (
            f'<rect x="12" y="14" width="76" height="102" rx="6" fill="none" stroke="{BLUE}" stroke-width="12"/>'
            f'<rect x="32" y="34" width="36" height="62" fill="none" stroke="{BLUE}" stroke-width="6"/>'
        )
    number = kind[1]
    if kind[0] == "F":
        return sign(number, PURPLE) + blossom(PURPLE)
    return sign(number, BROWN) + sun(BROWN)


# --- The files -----------------------------------------------------------------------------


def classic_parts() -> tuple[str, str, str]:
    """The classic sheet's opening tag, its <defs> and its cells (<use> of each symbol)."""
    text = (TILES / "classic.svg").read_text(encoding="utf-8")
    opening = re.search(r"<svg [^>]*>", text).group(0)
    defs = re.search(r"<defs>.*?</defs>", text, re.S).group(0)
    cells = text[text.rindex("</symbol>") + len("</symbol>") : text.rindex("</svg>")].strip()
    return opening, defs, cells


def large(signs: Signs) -> str:
    opening, defs, cells = classic_parts()
    used = sorted(
        {g for kind in KINDS for g in re.findall(r'href="#(c[0-9a-f]+)"', large_face(kind, signs))}
    )
    glyphs = "".join(re.search(rf'<path id="{g}" d="[^"]*"/>', defs).group(0) for g in used)
    symbols = "\n".join(
        f'<symbol id="t-{kind}" viewBox="0 0 100 130">{large_face(kind, signs)}</symbol>'
        for kind in KINDS
    )
    return (
        f"{opening}\n<!-- The Large print tile set, drawn by tools/tiles/build_sets.py. Digits and"
        " letters: Source Sans 3 (static/fonts/OFL.txt); characters: Noto Serif TC (OFL.txt)."
        " Both SIL Open Font License 1.1. -->\n"
        f"<defs>{glyphs}</defs>\n{symbols}\n{cells}\n</svg>\n"
    )


# The classic inks and what the Ivory set engraves in their place.
IVORY_INKS = {
    "#127a3a": "#0c5c34",  # green
    "#1b4796": "#1d2f55",  # blue: a blue-black
    "#c0281e": "#9c1c16",  # red
    "#1d2433": "#1c1712",  # the winds' ink
    "#fbf7ea": "#f1e6c8",  # the sticks' streak: the ivory face
}


def ivory() -> str:
    text = (TILES / "classic.svg").read_text(encoding="utf-8")
    text = re.sub(
        r"<!-- The classic tile set, drawn by tools/tiles/build_sprite\.py\.",
        "<!-- The Ivory tile set: the classic one (tools/tiles/build_sprite.py) in other inks,"
        " by tools/tiles/build_sets.py.",
        text,
    )
    pattern = re.compile("|".join(re.escape(f'"{ink}"') for ink in IVORY_INKS))
    return pattern.sub(lambda m: f'"{IVORY_INKS[m.group(0)[1:-1]]}"', text)


def main() -> None:
    (TILES / "large.svg").write_text(large(Signs(TEXT_FONT)), encoding="utf-8")
    (TILES / "ivory.svg").write_text(ivory(), encoding="utf-8")


if __name__ == "__main__":
    main()
