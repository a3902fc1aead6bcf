"""Draw the site's icons and its social picture, from the site's own art, with Chromium.

    python tools/draw_icons.py

Writes, from ``static/favicon.svg`` (the tile drawn for the site):

- ``static/favicon.ico``: 16, 32 and 48 pixels, PNG images in an ICO container;
- ``static/img/icon-192.png``, ``icon-512.png``: the web app manifest's icons;
- ``static/img/icon-maskable-512.png``: the same tile on a full green square, inside the
  safe zone of a maskable icon (the middle 80 %);
- ``static/img/apple-touch-icon.png``: 180 pixels on an opaque background;

and, from the engine's own Turtle layout, ``static/img/social-board.png`` (1200 by 630,
the size Open Graph and Twitter cards show): the board's 144 tiles as stacked blocks,
with no words, so that one picture serves every language. Each layer is drawn a little
up and to the left of the one below, its blocks' sides showing to the right and below.

The pictures are committed; run this again after changing the tile or the layout.
Chromium draws the SVG (the one at /usr/bin/chromium unless CHROMIUM says otherwise).
"""

from __future__ import annotations

import os
import random
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mahjong.rules.registry import get_layout  # noqa: E402

STATIC = ROOT / "static"
FELT = "#1d6b4f"
FELT_DARK = "#14503b"
IVORY = "#f7f5ef"
SIDE = "#d9d2bf"
INK = ["#1d6b4f", "#b3261e", "#1f4e8c"]


def tile_svg() -> str:
    return (STATIC / "favicon.svg").read_text(encoding="utf-8")


def icon_page(size: int, *, background: str | None, scale: float = 1.0) -> str:
    """An HTML page showing the tile at ``size`` pixels, optionally on a background."""
    inner = int(size * scale)
    offset = (size - inner) // 2
    fill = f"background:{background};" if background else "background:transparent;"
    return (
        "<!DOCTYPE html><html><head><style>"
        f"html,body{{margin:0;width:{size}px;height:{size}px;{fill}overflow:hidden}}"
        f"svg{{position:absolute;left:{offset}px;top:{offset}px;width:{inner}px;height:{inner}px}}"
        "</style></head><body>" + tile_svg() + "</body></html>"
    )


def board_svg(width: int = 1200, height: int = 630) -> str:
    """The Turtle's tiles as blocks on felt: lower layers first, each layer raised a little
    up and to the left, the way the board shows depth."""
    positions = get_layout("L00").positions
    unit = 24  # pixels per half tile across
    unit_y = 31  # pixels per half tile down (tiles are taller than wide)
    lift = 7  # each layer's offset
    depth = 7  # a tile's visible side
    xs = [x for x, _y, _z in positions]
    ys = [y for _x, y, _z in positions]
    board_w = (max(xs) + 2) * unit + depth
    board_h = (max(ys) + 2) * unit_y + depth
    left = (width - board_w) / 2 + 12
    top = (height - board_h) / 2 + 12
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">',
        f'<rect width="{width}" height="{height}" fill="{FELT}"/>',
        f'<rect x="16" y="16" width="{width - 32}" height="{height - 32}" rx="24" '
        f'fill="none" stroke="{FELT_DARK}" stroke-width="6"/>',
    ]
    faces = random.Random(144)  # the same picture on every run
    for index, (x, y, z) in enumerate(sorted(positions, key=lambda p: (p[2], p[1], p[0]))):
        px = left + x * unit - z * lift
        py = top + y * unit_y - z * lift
        w = 2 * unit - 2
        h = 2 * unit_y - 2
        parts.append(
            f'<rect x="{px + depth:.1f}" y="{py + depth:.1f}" width="{w}" height="{h}" '
            f'rx="4" fill="{SIDE}" stroke="{FELT_DARK}" stroke-width="1"/>'
        )
        parts.append(
            f'<rect x="{px:.1f}" y="{py:.1f}" width="{w}" height="{h}" rx="4" '
            f'fill="{IVORY}" stroke="#8c8470" stroke-width="1"/>'
        )
        ink = faces.choice(INK)
        shape = faces.randrange(3)
        cx, cy = px + w / 2, py + h / 2
        if shape == 0:
            parts.append(
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{w / 4:.1f}" fill="none" '
                f'stroke="{ink}" stroke-width="3.5"/>'
            )
        elif shape == 1:
            parts.append(
                f'<rect x="{cx - 4:.1f}" y="{cy - h / 3:.1f}" width="8" height="{2 * h / 3:.1f}" '
                f'rx="2" fill="{ink}"/>'
            )
        else:
            parts.append(
                f'<path d="M{cx - w / 4:.1f} {cy:.1f}h{w / 2:.1f}M{cx:.1f} {cy - h / 4:.1f}'
                f'v{h / 2:.1f}" stroke="{ink}" stroke-width="4" stroke-linecap="round"/>'
            )
    parts.append("</svg>")
    return "\n".join(parts)


def ico(pngs: list[tuple[int, bytes]]) -> bytes:
    """An ICO file holding PNG images (allowed since Windows Vista; every browser reads it)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    entries = b""
    data = b""
    offset = 6 + 16 * len(pngs)
    for size, png in pngs:
        entries += struct.pack(
            "<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png), offset + len(data)
        )
        data += png
    return header + entries + data


def main() -> None:
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])

        def shot(html: str, width: int, height: int, *, transparent: bool) -> bytes:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.set_content(html)
            png = page.screenshot(omit_background=transparent, type="png")
            page.close()
            return png

        def icon(size: int, **kwargs) -> bytes:
            transparent = kwargs.get("background") is None
            return shot(icon_page(size, **kwargs), size, size, transparent=transparent)

        images = STATIC / "img"
        images.mkdir(exist_ok=True)
        (STATIC / "favicon.ico").write_bytes(
            ico([(size, icon(size, background=None)) for size in (16, 32, 48)])
        )
        (images / "icon-192.png").write_bytes(icon(192, background=None))
        (images / "icon-512.png").write_bytes(icon(512, background=None))
        (images / "icon-maskable-512.png").write_bytes(icon(512, background=FELT, scale=0.7))
        (images / "apple-touch-icon.png").write_bytes(icon(180, background=FELT, scale=0.8))
        board = "<!DOCTYPE html><html><body style='margin:0'>" + board_svg() + "</body></html>"
        (images / "social-board.png").write_bytes(shot(board, 1200, 630, transparent=False))
        browser.close()


if __name__ == "__main__":
    main()
