"""The four tile sets in real Chromium: all 42 faces of each drawn at the smallest tile
the board draws, every two different faces different as pixels (in greyscale, and for
the sets with a corner index without it, so the pictures themselves differ: the red and
green dragons by their sign), and the player's choice of set and table kept over a
reload. Large print's signs stay large on a phone's tiles.

Each set is chosen on one page, with the board's own control. The faces are drawn by
render.js's own glyph() into a strip of tiles on the play page; one screenshot of the
strip is cut into tiles here. The screenshots go to artifacts/tiles/.
"""

from __future__ import annotations

import itertools
import re
import struct
import zlib
from pathlib import Path

from django.conf import settings
from playwright.sync_api import Page, expect

from mahjong.rules.tiles import KINDS

ARTIFACTS = Path(settings.BASE_DIR, "artifacts", "tiles")

# Back to colour, with the index, for a picture to look at.
IN_COLOUR = """strip => {
  strip.style.filter = "";
  strip.querySelectorAll(".tile__index").forEach((i) => (i.style.visibility = ""));
}"""

# Draws every kind with glyph() as a free tile of the board, at the board's smallest tile
# unit (--u-min) unless given another, in a grid with gaps; answers each tile's box in the
# strip.
DRAW_STRIP = """async ([kinds, hideIndex, unit]) => {
  const board = document.querySelector('script[src*="play.js"]').src;
  const { glyph } = await import(board.replace(/play\\.js.*$/, "render.js"));
  const families = { B: "bamboo", C: "characters", D: "circles" };
  const family = (kind) =>
    families[kind[1]] && /^\\d/.test(kind) ? families[kind[1]]
    : "NSEW".includes(kind) ? "winds"
    : ["R", "G", "Wh"].includes(kind) ? "dragons"
    : kind[0] === "F" ? "flowers" : "seasons";
  const tiles = document.getElementById("board-tiles");
  const uMin = unit || getComputedStyle(tiles).getPropertyValue("--u-min").trim() || "13px";
  document.getElementById("face-strip")?.remove();
  const strip = document.createElement("div");
  strip.id = "face-strip";
  strip.className = "board__tiles";
  const columns = 9;
  strip.style.cssText = `--u: ${uMin}; --layers: 0; --cols: ${columns * 2.5};
    --rows: ${Math.ceil(kinds.length / columns) * 2.5}; background: #1f5e47; margin: 0;`;
  kinds.forEach((kind, i) => {
    const tile = document.createElement("button");
    tile.type = "button";
    tile.className = `tile tile--${family(kind)} is-free`;
    tile.dataset.face = kind;
    tile.style.setProperty("--x", String((i % columns) * 2.5 + 0.2));
    tile.style.setProperty("--y", String(Math.floor(i / columns) * 2.5 + 0.2));
    tile.style.setProperty("--z", "0");
    tile.style.setProperty("--order", "1");
    tile.append(glyph(kind));
    strip.append(tile);
  });
  strip.style.filter = "grayscale(1)";
  if (hideIndex) strip.querySelectorAll(".tile__index").forEach((i) => (i.style.visibility = "hidden"));
  document.getElementById("board").append(strip);
  strip.scrollIntoView();
  // The classic pictures are one image (the sheet, static/tiles/classic.svg) in the
  // background of each tile's art: wait until it is loaded and decoded, then for a frame.
  const art = strip.querySelector(".tile__art");
  const image = getComputedStyle(art).backgroundImage;
  if (image !== "none") {
    const sheet = new Image();
    sheet.src = image.slice(5, -2);
    await sheet.decode();
  }
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const origin = strip.getBoundingClientRect();
  return {
    hiddenIsPlain: glyph(null).childElementCount === 0 && glyph(null).textContent === "",
    width: [...strip.children][0].getBoundingClientRect().width,
    boxes: [...strip.children].map((tile) => {
      const r = tile.getBoundingClientRect();
      return [r.left - origin.left, r.top - origin.top, r.width, r.height];
    }),
  };
}"""


def decode_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and rows of grey levels of an 8-bit RGB(A) PNG (what Chromium
    writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and not interlace, header
    channels = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                predictor = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + predictor) & 255
        previous = line
        rows.append(
            bytes(
                (299 * line[x] + 587 * line[x + 1] + 114 * line[x + 2]) // 1000
                for x in range(0, stride, channels)
            )
        )
    return width, height, rows


def cut_tiles(png: bytes, boxes: list[list[float]]) -> list[list[bytes]]:
    """Each tile's face, inside its border, as rows of grey levels."""
    _, _, rows = decode_png(png)
    faces = []
    for left, top, width, height in boxes:
        x0, y0 = round(left) + 2, round(top) + 2
        x1, y1 = int(left + width) - 2, int(top + height) - 2
        faces.append([row[x0:x1] for row in rows[y0:y1]])
    return faces


def difference(a: list[bytes], b: list[bytes]) -> int:
    """How many pixels differ clearly (by more than a quarter of the grey range)."""
    return sum(
        1
        for row_a, row_b in zip(a, b, strict=False)
        for pa, pb in zip(row_a, row_b, strict=False)
        if abs(pa - pb) > 64
    )


def draw_and_compare(
    page: Page, name: str, hide_index: bool, unit: str | None = None
) -> dict[tuple[str, str], int]:
    drawn = page.evaluate(DRAW_STRIP, [list(KINDS), hide_index, unit])
    assert drawn["hiddenIsPlain"], "a tile whose face is hidden has no glyph"
    strip = page.locator("#face-strip")
    png = strip.screenshot(path=str(ARTIFACTS / f"faces-{name}-grey.png"), animations="disabled")
    faces = cut_tiles(png, drawn["boxes"])
    strip.evaluate(IN_COLOUR)
    strip.screenshot(path=str(ARTIFACTS / f"faces-{name}.png"), animations="disabled")
    return {
        (KINDS[i], KINDS[j]): difference(faces[i], faces[j])
        for i, j in itertools.combinations(range(len(KINDS)), 2)
    }


def assert_all_different(differences: dict[tuple[str, str], int], minimum: int) -> None:
    alike = sorted((count, pair) for pair, count in differences.items() if count < minimum)
    assert not alike, f"faces too alike (pixels differing): {alike[:10]}"


# The smallest tile the board draws for play: fit.js's U_MIN, half a tile's width.
SMALLEST_UNIT = int(
    re.search(
        r"^const U_MIN = (\d+);",
        Path(settings.BASE_DIR, "static", "js", "fit.js").read_text(encoding="utf-8"),
        re.M,
    ).group(1)
)

# Each set, whether its corner index is hidden for the comparison (the classic pictures
# must differ by themselves), and how many pixels two faces differ by at least.
SETS = [
    ("classic", True, 12),
    ("digits", False, 8),
    ("large", False, 12),
    ("ivory", True, 12),
]


def assert_large_signs(page: Page) -> None:
    """Large print on a phone held upright (tiles 30 px wide): each sign (the number or
    the wind's letter) is drawn at least 14 px high (the classic corner labels are about
    6 px), and the mark below it stands apart from it."""
    drawn = page.evaluate(DRAW_STRIP, [list(KINDS), False, "15px"])
    png = page.locator("#face-strip").screenshot(animations="disabled")
    heights = {}
    for kind, face in zip(KINDS, cut_tiles(png, drawn["boxes"]), strict=True):
        if kind in ("R", "G", "Wh"):
            continue  # a dragon is its sign alone, the whole face high
        # A lone dark pixel at the top is the rounded corner of the rim in the layer's
        # tone, not ink of the face: the sign is measured from the face's own ink.
        inked = [y for y, row in enumerate(face) if sum(level < 128 for level in row) >= 2]
        gaps = [y for y in range(inked[0], inked[-1]) if y not in inked]
        assert gaps, f"{kind}: the sign and the mark run together"
        heights[kind] = gaps[0] - inked[0]
    small = {kind: height for kind, height in heights.items() if height < 14}
    assert not small, f"signs less than 14 px high: {small}"
    print(f"large print, signs at 30 px: {min(heights.values())} to {max(heights.values())} px")


def test_every_tile_set_draws_42_different_faces_and_the_choices_are_kept(live_server, page: Page):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1280, "height": 800})

    # A first visit: the classic set on the felt.
    page.goto(f"{live_server.url}/de/play/")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    root = "document.documentElement.dataset"
    assert page.evaluate(f"[{root}.tileSet, {root}.table]") == ["classic", "felt"]
    select = page.locator("#tile-set-select")
    expect(select).to_have_value("classic")
    expect(page.get_by_label("Spielsteinsatz", exact=True)).to_be_visible()
    first = page.locator("#board-tiles .tile").first
    expect(first.locator(".tile__art")).to_be_visible()

    # Each set as the player picks it, shown at once; at the smallest tile the board
    # draws, in greyscale, every two faces apart.
    unit = f"{SMALLEST_UNIT}px"
    least = {}
    for name, hide_index, minimum in SETS:
        select.select_option(name)
        assert page.evaluate("localStorage.getItem('mahjong.tileSet')") == name
        assert page.evaluate(f"{root}.tileSet") == name
        differences = draw_and_compare(page, name, hide_index=hide_index, unit=unit)
        assert_all_different(differences, minimum=minimum)
        least[name] = min(differences.values())
        if name == "large":
            assert_large_signs(page)
        if name != "digits":
            assert differences[("R", "G")] >= 40, "the red and green dragons differ by their sign"
    page.screenshot(path=str(ARTIFACTS / "play-ivory.png"))
    print(f"fewest pixels between two faces at {2 * SMALLEST_UNIT} px: {least}")

    # The table too; both choices kept over a reload.
    page.locator("#table-select").select_option("stone")
    felt = "getComputedStyle(document.getElementById('board-felt')).backgroundImage"
    assert "rgb(228, 223, 211)" in page.evaluate(felt)
    page.reload()
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    assert page.evaluate(f"[{root}.tileSet, {root}.table]") == ["ivory", "stone"]
    expect(select).to_have_value("ivory")
    expect(page.locator("#table-select")).to_have_value("stone")
    assert "rgb(228, 223, 211)" in page.evaluate(felt)
    expect(first.locator(".tile__art")).to_be_visible()
    assert "ivory.svg" in first.locator(".tile__art").evaluate(
        "art => getComputedStyle(art).backgroundImage"
    )


# The strip's pictures drawn again, each by a <use> of its kind's symbol of the same file
# in the same box, as the board drew them before the sheet.
AS_SYMBOLS = """async (kinds) => {
  const strip = document.getElementById("face-strip");
  const arts = [...strip.querySelectorAll(".tile__art")];
  const file = getComputedStyle(arts[0]).backgroundImage.slice(5, -2);
  arts.forEach((art, i) => {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 100 130");
    svg.setAttribute("width", "100%");
    svg.setAttribute("height", "100%");
    svg.style.display = "block";
    const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
    use.setAttribute("href", `${file}#t-${kinds[i]}`);
    svg.append(use);
    art.style.backgroundImage = "none";
    art.append(svg);
  });
  for (let k = 0; k < 200 && arts.some((a) => a.querySelector("use").getBBox().width === 0); k++) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}"""


def test_each_classic_picture_is_its_own_kinds_symbol(live_server, page: Page):
    """Cut out of the sheet by its column and row (render.js, tiles.css), each kind's
    picture is the symbol of that kind: of the 42 symbols drawn in its place by <use>,
    its own is the nearest (not the same pixels: an image's position is rounded to
    whole pixels, a fraction of one off at most)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{live_server.url}/sv/play/")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    drawn = page.evaluate(DRAW_STRIP, [list(KINDS), True, "30px"])
    strip = page.locator("#face-strip")
    pictures = cut_tiles(strip.screenshot(animations="disabled"), drawn["boxes"])
    page.evaluate(AS_SYMBOLS, list(KINDS))
    symbols = cut_tiles(
        strip.screenshot(path=str(ARTIFACTS / "faces-symbols-grey.png"), animations="disabled"),
        drawn["boxes"],
    )
    for i, kind in enumerate(KINDS):
        own = distance(pictures[i], symbols[i])
        others = [distance(pictures[i], symbols[j]) for j in range(len(KINDS)) if j != i]
        assert own < min(others), f"{kind}: nearer to another kind's symbol than to its own"


def distance(a: list[bytes], b: list[bytes]) -> int:
    """The sum of the grey levels' differences."""
    return sum(
        abs(pa - pb)
        for row_a, row_b in zip(a, b, strict=False)
        for pa, pb in zip(row_a, row_b, strict=False)
    )
