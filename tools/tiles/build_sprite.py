"""Build the classic tile set: one SVG sprite with a <symbol> per tile kind, which shown
as an image is a sheet of all 42 faces.

    npm pack @fontsource/noto-serif-tc@5.3.0            # the font, from the npm registry
    pip install fonttools                               # a build-time tool only
    python tools/tiles/build_sprite.py fontsource-noto-serif-tc-5.3.0.tgz

writes static/tiles/classic.svg and static/tiles/OFL.txt (the font's licence). The sprite
is committed; the same package gives the same file byte for byte.

The Chinese characters (the numerals, 萬, the winds, the dragons, the flowers' and the
seasons' names) are the font's outlines written as SVG paths, so they look the same on
every machine, with or without CJK fonts. Everything else (coins, bamboo sticks, the bird,
the flowers, the white dragon's frame) is drawn here. Each symbol is named ``t-`` and the
kind's Digits label (``t-5B``, ``t-Wh``, ``t-F2``), the labels of mahjong/rules/tiles.py.

The face is 100 × 130 units (a tile's proportions). The top-left corner (about 40 × 24)
is left free for the small Digits index the page prints over it.
"""

from __future__ import annotations

import argparse
import io
import math
import re
import sys
import tarfile
from pathlib import Path

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from mahjong.rules.tiles import KINDS  # noqa: E402

WEIGHT = 700
NUMERALS = "一二三四五六七八九"
WINDS = {"E": "東", "S": "南", "W": "西", "N": "北"}
FLOWER_NAMES = {"F1": "梅", "F2": "蘭", "F3": "菊", "F4": "竹"}
SEASON_NAMES = {"S1": "春", "S2": "夏", "S3": "秋", "S4": "冬"}
CHARACTERS = NUMERALS + "萬" + "".join(WINDS.values()) + "中發"
CHARACTERS += "".join(FLOWER_NAMES.values()) + "".join(SEASON_NAMES.values())

# Ink colours of the classic set (dark enough on the ivory face).
RED = "#c0281e"
GREEN = "#127a3a"
BLUE = "#1b4796"
INK = "#1d2433"
FACE = "#fbf7ea"


def num(value: float) -> str:
    """A coordinate with at most one decimal, without trailing zeros."""
    text = f"{value:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    if text.startswith("0."):
        text = text[1:]
    elif text.startswith("-0."):
        text = "-" + text[2:]
    return "0" if text in ("-0", "") else text


# --- The font: Chinese characters as paths --------------------------------------------


def load_fonts(package: Path) -> tuple[dict[str, TTFont], str]:
    """The fonts of the package's subsets that hold our characters, and its licence."""
    wanted = {ord(c) for c in CHARACTERS}
    fonts: dict[str, TTFont] = {}
    licence = ""
    pattern = re.compile(rf"package/files/[\w-]+-\d+-{WEIGHT}-normal\.woff$")
    with tarfile.open(package) as archive:
        for member in sorted(archive.getmembers(), key=lambda m: m.name):
            if member.name == "package/LICENSE":
                licence = archive.extractfile(member).read().decode()
            if not pattern.search(member.name):
                continue
            font = TTFont(io.BytesIO(archive.extractfile(member).read()))
            cmap = font.getBestCmap()
            for code in sorted(wanted):
                if code in cmap and chr(code) not in fonts:
                    fonts[chr(code)] = font
    missing = [chr(c) for c in wanted if chr(c) not in fonts]
    if missing:
        raise SystemExit(f"characters missing from the font: {''.join(missing)}")
    if not licence:
        raise SystemExit("the package has no LICENSE")
    return fonts, licence


def char_id(char: str) -> str:
    return f"c{ord(char):x}"


def char_path(font: TTFont, char: str) -> str:
    """The character's outline in a 100-unit em box, y down, the em's top at 0."""
    glyph_set = font.getGlyphSet()
    name = font.getBestCmap()[ord(char)]
    pen = SVGPathPen(glyph_set, ntos=num)
    # Font units (1000 per em, y up, ascender 880) to 100 per em, y down.
    glyph_set[name].draw(TransformPen(pen, (0.1, 0, 0, -0.1, 0, 88)))
    return pen.getCommands()


def put(char: str, x: float, y: float, size: float, colour: str) -> str:
    """A character whose em box is size wide and high, its top-left corner at (x, y)."""
    scale = size / 100
    return (
        f'<use href="#{char_id(char)}" fill="{colour}" '
        f'transform="translate({num(x)} {num(y)}) scale({scale:.3g})"/>'
    )


# --- Shapes drawn here -------------------------------------------------------------------

# A coin of radius 1: a rim and a centre with a hole, the face showing between them.
COIN = (
    '<g id="coin" fill="none" stroke="currentColor">'
    '<circle r=".87" stroke-width=".26"/>'
    '<circle r=".36" stroke-width=".32"/>'
    "</g>"
)

# A bamboo stick 28 long, centred on the origin: a rounded stem with a light streak and
# three wider joints.
STICK = (
    '<g id="stick">'
    '<rect x="-5.5" y="-14" width="11" height="28" rx="4" fill="currentColor"/>'
    f'<path d="M-1.5-10v7M-1.5 3v7" stroke="{FACE}" stroke-width="2" stroke-linecap="round" opacity=".7"/>'
    '<path d="M-7-12.5h14M-7 0h14M-7 12.5h14" stroke="currentColor" stroke-width="3" stroke-linecap="round"/>'
    "</g>"
)


def coin(x: float, y: float, r: float, colour: str) -> str:
    return f'<use href="#coin" color="{colour}" transform="translate({num(x)} {num(y)}) scale({num(r)})"/>'


def stick(x: float, y: float, colour: str = GREEN, angle: float = 0, length: float = 1) -> str:
    transform = f"translate({num(x)} {num(y)})"
    if angle:
        transform += f" rotate({num(angle)})"
    if length != 1:
        transform += f" scale(1 {length:.3g})"
    return f'<use href="#stick" color="{colour}" transform="{transform}"/>'


# Centres of the art area: x 6..94, y 26..126 (the index sits above the top-left).
CX = 50
CY = 77


def circles(n: int) -> str:
    """The circles suit: coins in the customary arrangements."""
    r = 12.5
    left, mid, right = 24, 50, 76
    top, centre, bottom = 44, 77, 110
    if n == 1:
        petals = "".join(
            f'<ellipse cx="{num(CX + 30 * math.cos(a))}" cy="{num(CY + 30 * math.sin(a))}" '
            f'rx="6" ry="3.2" transform="rotate({num(math.degrees(a))} '
            f'{num(CX + 30 * math.cos(a))} {num(CY + 30 * math.sin(a))})" fill="{GREEN}"/>'
            for a in (k * math.pi / 4 for k in range(8))
        )
        return petals + coin(CX, CY, 25, BLUE) + f'<circle cx="{CX}" cy="{CY}" r="9" fill="{RED}"/>'
    if n == 2:
        return coin(CX, 52, 19, GREEN) + coin(CX, 102, 19, BLUE)
    if n == 3:
        return coin(26, 44, 14, BLUE) + coin(CX, CY, 14, RED) + coin(74, 110, 14, GREEN)
    if n == 4:
        return (
            coin(29, 52, 16, BLUE)
            + coin(71, 52, 16, GREEN)
            + coin(29, 102, 16, GREEN)
            + coin(71, 102, 16, BLUE)
        )
    if n == 5:
        return (
            coin(25, 44, 13.5, BLUE)
            + coin(75, 44, 13.5, GREEN)
            + coin(CX, CY, 13.5, RED)
            + coin(25, 110, 13.5, GREEN)
            + coin(75, 110, 13.5, BLUE)
        )
    if n == 6:
        return (
            coin(30, 42, 12.5, GREEN)
            + coin(70, 42, 12.5, GREEN)
            + "".join(coin(x, y, 12.5, RED) for y in (77, 109) for x in (30, 70))
        )
    if n == 7:
        return (
            coin(22, 38, 11, GREEN)
            + coin(CX, 49, 11, GREEN)
            + coin(78, 60, 11, GREEN)
            + "".join(coin(x, y, 11, RED) for y in (87, 114) for x in (34, 66))
        )
    if n == 8:
        return "".join(coin(x, y, 11, BLUE) for y in (38, 64, 90, 116) for x in (34, 66))
    colours = (BLUE, RED, GREEN)
    return "".join(
        coin(x, y, r, colours[row])
        for row, y in enumerate((top, centre, bottom))
        for x in (left, mid, right)
    )


def bird() -> str:
    """The one of bamboo: a bird on a bamboo stem."""
    return (
        # the stem it sits on
        stick(74, 100, GREEN, 0, 1.1)
        # tail feathers
        + f'<path d="M36 92 Q18 110 14 126 Q28 116 40 100Z" fill="{GREEN}"/>'
        + f'<path d="M40 96 Q30 116 32 128 Q42 114 46 100Z" fill="{BLUE}"/>'
        # body and wing
        + f'<path d="M30 92 Q30 62 56 58 Q76 58 76 74 Q74 96 44 102Z" fill="{GREEN}"/>'
        + f'<path d="M40 86 Q46 68 64 70 Q58 86 40 92Z" fill="{BLUE}"/>'
        + '<path d="M44 82 Q50 74 58 74" stroke="#fff" stroke-width="2" fill="none"/>'
        # head, crest, eye, beak
        + f'<circle cx="70" cy="52" r="12" fill="{RED}"/>'
        + f'<path d="M64 41 Q62 30 70 28 Q68 34 74 40Z" fill="{RED}"/>'
        + '<circle cx="73" cy="49" r="3.4" fill="#fff"/><circle cx="74" cy="49" r="1.8" fill="#111"/>'
        + '<path d="M81 51 L93 55 L81 58Z" fill="#d98a00"/>'
        # feet
        + f'<path d="M56 100 v8 M64 99 v9" stroke="{RED}" stroke-width="3" stroke-linecap="round"/>'
    )


def bamboo(n: int) -> str:
    """The bamboo suit: sticks in the customary arrangements."""
    if n == 1:
        return bird()
    tall = 1.45
    if n == 2:
        return stick(CX, 53, GREEN, 0, tall) + stick(CX, 101, BLUE, 0, tall)
    if n == 3:
        return (
            stick(CX, 55, GREEN, 0, tall)
            + stick(31, 101, BLUE, 0, tall)
            + stick(69, 101, BLUE, 0, tall)
        )
    if n == 4:
        return "".join(
            stick(x, y, colour, 0, tall)
            for y in (55, 101)
            for x, colour in ((31, GREEN), (69, BLUE))
        )
    if n == 5:
        return "".join(stick(x, y, GREEN, 0, tall) for y in (55, 101) for x in (22, 78)) + stick(
            CX, 78, RED, 0, tall
        )
    if n == 6:
        return "".join(
            stick(x, y, GREEN if y < 70 else BLUE, 0, tall) for y in (55, 101) for x in (24, 50, 76)
        )
    if n == 7:
        return stick(CX, 43, RED) + "".join(
            stick(x, y, GREEN, 0, 1) for y in (77, 110) for x in (24, 50, 76)
        )
    if n == 8:
        return "".join(
            stick(x, y, colour, angle, 1.25)
            for y, colour, lean in ((55, GREEN, -1), (101, BLUE, 1))
            for x, angle in ((17, 0), (39, 22 * lean), (61, -22 * lean), (83, 0))
        )
    return "".join(
        stick(x, y, RED if x == 50 else (GREEN if x < 50 else BLUE), 0, 1)
        for y in (44, 77, 110)
        for x in (24, 50, 76)
    )


def characters(n: int) -> str:
    """The characters suit: the numeral over 萬 (red)."""
    return put(NUMERALS[n - 1], 21, 17, 60, INK) + put("萬", 24, 77, 52, RED)


def wind(kind: str) -> str:
    return put(WINDS[kind], 9, 30, 82, INK)


def dragon(kind: str) -> str:
    if kind == "R":
        return put("中", 7, 30, 86, RED)
    if kind == "G":
        return put("發", 7, 30, 86, GREEN)
    # The white dragon: a blue frame, doubled, with notched corners.
    return (
        f'<rect x="16" y="34" width="68" height="84" rx="3" fill="none" stroke="{BLUE}" stroke-width="7"/>'
        f'<rect x="28" y="46" width="44" height="60" fill="none" stroke="{BLUE}" stroke-width="3"/>'
        f'<path d="M16 50h12M72 50h12M16 102h12M72 102h12" stroke="{BLUE}" stroke-width="3"/>'
    )


def petal_ring(cx: float, cy: float, count: int, length: float, width: float, colour: str) -> str:
    out = []
    for k in range(count):
        angle = 360 * k / count
        out.append(
            f'<ellipse cx="{num(cx)}" cy="{num(cy - length / 2)}" rx="{num(width)}" '
            f'ry="{num(length / 2)}" fill="{colour}" transform="rotate({num(angle)} {num(cx)} {num(cy)})"/>'
        )
    return "".join(out)


def flower(kind: str) -> str:
    """The flowers: plum, orchid, chrysanthemum, bamboo; the name below the picture."""
    name = put(FLOWER_NAMES[kind], 62, 96, 30, INK)
    if kind == "F1":  # plum blossom on a branch
        picture = (
            '<path d="M10 112 Q34 92 48 70 Q60 52 86 40" stroke="#6b4226" stroke-width="5" fill="none" stroke-linecap="round"/>'
            + "".join(
                f'<circle cx="{num(58 + 13 * math.cos(a))}" cy="{num(62 + 13 * math.sin(a))}" r="9" fill="#e0457b"/>'
                for a in (math.pi * (2 * k / 5 - 0.5) for k in range(5))
            )
            + '<circle cx="58" cy="62" r="6" fill="#ffd23f"/>'
            + "".join(
                f'<circle cx="{num(24 + 6 * math.cos(a))}" cy="{num(94 + 6 * math.sin(a))}" r="4.5" fill="#e0457b"/>'
                for a in (math.pi * (2 * k / 5 - 0.5) for k in range(5))
            )
        )
    elif kind == "F2":  # orchid: long leaves, a purple bloom
        picture = (
            f'<path d="M50 118 Q20 90 14 44 Q34 84 52 112Z" fill="{GREEN}"/>'
            f'<path d="M52 118 Q70 86 90 66 Q76 96 56 120Z" fill="{GREEN}"/>'
            + petal_ring(52, 56, 5, 22, 7, "#8a3fb0")
            + '<circle cx="52" cy="56" r="5" fill="#ffd23f"/>'
        )
    elif kind == "F3":  # chrysanthemum: many narrow petals
        picture = (
            f'<path d="M50 86 Q46 106 40 124" stroke="{GREEN}" stroke-width="4" fill="none"/>'
            f'<path d="M44 106 Q28 98 20 106 Q32 114 44 108Z" fill="{GREEN}"/>'
            + petal_ring(50, 60, 16, 26, 3.6, "#e07b00")
            + petal_ring(50, 60, 10, 14, 3, "#ffb300")
            + '<circle cx="50" cy="60" r="4.5" fill="#a34700"/>'
        )
    else:  # bamboo: a stem with leaves
        picture = (
            f'<path d="M40 124 V36" stroke="{GREEN}" stroke-width="7"/>'
            '<path d="M36 60h8M36 88h8M36 110h8" stroke="#073d1c" stroke-width="2.5"/>'
            + "".join(
                f'<path d="M42 {y} q{dx} {-14} {2 * dx} {-12} q{-dx} {10} {-2 * dx} {12}Z" fill="{GREEN}"/>'
                for y, dx in ((60, 16), (88, 18), (74, -14), (46, -12))
            )
        )
    return picture + name


def season(kind: str) -> str:
    """The seasons: spring, summer, autumn, winter, each in its own colour."""
    colours = {"S1": GREEN, "S2": RED, "S3": "#b35900", "S4": BLUE}
    return (
        f'<rect x="12" y="30" width="76" height="92" rx="10" fill="none" stroke="{colours[kind]}" stroke-width="2.5"/>'
        + put(SEASON_NAMES[kind], 17, 38, 66, colours[kind])
        + f'<path d="M22 112h56" stroke="{colours[kind]}" stroke-width="3" stroke-linecap="round"/>'
    )


def face(kind: str) -> str:
    if kind[0].isdigit():
        n, suit = int(kind[0]), kind[1]
        return {"B": bamboo, "C": characters, "D": circles}[suit](n)
    if kind in WINDS:
        return wind(kind)
    if kind in ("R", "G", "Wh"):
        return dragon(kind)
    if kind in FLOWER_NAMES:
        return flower(kind)
    return season(kind)


# --- The file: symbols for <use>, and the same faces as a sheet for an image -------------

# The sheet: the file shown as an image draws every face, nine to a row in the order of
# KINDS, each 100 × 130 in a cell of SHEET_PITCH, the gap between them so that a face
# scaled to a tile never shows a sliver of its neighbour. static/css/tiles.css cuts one
# face out of it for each tile (its figures follow from these).
SHEET_COLUMNS = 9
SHEET_PITCH = (110, 140)


def sheet() -> tuple[int, int, str]:
    """The sheet's width and height, and a <use> of each symbol in its cell."""
    columns, (across, down) = SHEET_COLUMNS, SHEET_PITCH
    rows = -(-len(KINDS) // columns)
    cells = "".join(
        f'<use href="#t-{kind}" x="{i % columns * across}" y="{i // columns * down}"'
        ' width="100" height="130"/>'
        for i, kind in enumerate(KINDS)
    )
    return columns * across, rows * down, cells


def sprite(fonts: dict[str, TTFont]) -> str:
    used = sorted({c for kind in KINDS for c in re.findall(r'href="#c([0-9a-f]+)"', face(kind))})
    glyphs = "".join(
        f'<path id="c{code}" d="{char_path(fonts[chr(int(code, 16))], chr(int(code, 16)))}"/>'
        for code in used
    )
    symbols = "\n".join(
        f'<symbol id="t-{kind}" viewBox="0 0 100 130">{face(kind)}</symbol>' for kind in KINDS
    )
    width, height, cells = sheet()
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"'
        f' width="{width}" height="{height}">\n'
        "<!-- The classic tile set, drawn by tools/tiles/build_sprite.py. Characters: Noto Serif TC"
        " (SIL Open Font License 1.1, see OFL.txt). -->\n"
        f"<defs>{COIN}{STICK}{glyphs}</defs>\n{symbols}\n{cells}\n</svg>\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "package", type=Path, help="the npm pack tarball of @fontsource/noto-serif-tc"
    )
    parser.add_argument("--out", type=Path, default=ROOT / "static" / "tiles")
    args = parser.parse_args()
    fonts, licence = load_fonts(args.package)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "classic.svg").write_text(sprite(fonts), encoding="utf-8")
    (args.out / "OFL.txt").write_text(licence, encoding="utf-8")


if __name__ == "__main__":
    main()
