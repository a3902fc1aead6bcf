"""A blind test of how well the board's stacks read: screenshots of the tallest layouts with
numbered marks on some top tiles, and, apart from them, the answer key (each mark's true
stack height, from the layout's own positions).

Give a judge the pictures alone and ask for the height of every mark; compare with the
key. Run against a running site (make run or make dev), with Playwright's Chromium:

    .venv/bin/python tools/stack_reading.py --url http://127.0.0.1:8000 --out artifacts/stacks-blind

writes OUT/pictures/NN.png and OUT/answer-key.json and OUT/answer-key.md. Another --seed
marks other tiles, for a judge who has seen an earlier set.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mahjong import LAYOUTS as ALL_LAYOUTS  # noqa: E402

CHROMIUM = "/usr/bin/chromium"

# The tallest layouts, each on a desktop's screen and on a phone held upright, in the
# light and the dark theme by turns.
LAYOUTS = ["L01", "L03", "L02", "L00"]
SCREENS = [
    {"size": (1280, 800), "marks": 12, "mobile": False},
    {"size": (390, 844), "marks": 8, "mobile": True},
]

# A numbered disc on a tile's face, clear of its side, where the stack is read, and of the
# chip in the face's top right corner that numbers it: low on an upright tile, left of
# the middle of a turned one (wider than high: its chip is at the screen's right).
DRAW_MARKS = """(marks) => {
  for (const [number, id] of marks) {
    const tile = document.querySelector(`#board-tiles .tile[data-id="${id}"]`);
    const box = tile.getBoundingClientRect();
    const turned = box.width > box.height;
    const size = Math.max(15, Math.round(Math.min(box.width, box.height) * 0.5));
    const mark = document.createElement('div');
    mark.textContent = String(number);
    Object.assign(mark.style, {
      position: 'fixed', zIndex: 99999, pointerEvents: 'none',
      left: `${box.left + box.width * (turned ? 0.3 : 0.4) - size / 2}px`,
      top: `${box.top + box.height * (turned ? 0.5 : 0.62) - size / 2}px`,
      width: `${size}px`, height: `${size}px`, borderRadius: '50%',
      display: 'grid', placeItems: 'center',
      background: '#c8157a', color: '#fff', border: '2px solid #fff',
      boxShadow: '0 0 0 1px #000', font: `700 ${Math.round(size * 0.6)}px sans-serif`,
    });
    document.body.append(mark);
  }
}"""


# Each tile's layer as the page draws it, and whether it drew it under another.
DRAWN_LAYERS = """(ids) => ids.map((id) => {
  const tile = document.querySelector(`#board-tiles .tile[data-id="${id}"]`);
  return [Number(getComputedStyle(tile).getPropertyValue('--z')), tile.classList.contains('is-covered')];
})"""


def top_tiles(positions) -> dict[int, int]:
    """Each tile with no tile of the next layer on any part of it: its stack's height
    (its layer + 1: every tile above layer 0 rests on the tiles below)."""
    taken = set(positions)
    return {
        i: z + 1
        for i, (x, y, z) in enumerate(positions)
        if not any((x + dx, y + dy, z + 1) in taken for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    }


def choose(heights: dict[int, int], count: int, rng: random.Random) -> list[int]:
    """count top tiles, the heights taken in turn so that every height is asked."""
    by_height: dict[int, list[int]] = {}
    for tile_id, height in sorted(heights.items()):
        by_height.setdefault(height, []).append(tile_id)
    for tiles in by_height.values():
        rng.shuffle(tiles)
    chosen: list[int] = []
    while len(chosen) < count and any(by_height.values()):
        for height in sorted(by_height, reverse=True):
            if by_height[height] and len(chosen) < count:
                chosen.append(by_height[height].pop())
    rng.shuffle(chosen)
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--out", default="artifacts/stacks-blind")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--lang", default="sv")
    args = parser.parse_args()

    out = Path(args.out)
    (out / "pictures").mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    key = []
    number = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        for screen in SCREENS:
            width, height = screen["size"]
            for index, layout_id in enumerate(LAYOUTS):
                theme = "light" if index % 2 == 0 else "dark"
                context = browser.new_context(
                    viewport={"width": width, "height": height},
                    color_scheme=theme,
                    device_scale_factor=2 if screen["mobile"] else 1,
                    is_mobile=screen["mobile"],
                    has_touch=screen["mobile"],
                )
                page = context.new_page()
                page.goto(f"{args.url}/{args.lang}/play/?layout={layout_id}")
                page.wait_for_selector("#board[aria-busy=false]")
                heights = top_tiles(ALL_LAYOUTS[layout_id].positions)
                chosen = choose(heights, screen["marks"], rng)
                marks = [[n + 1, tile_id] for n, tile_id in enumerate(chosen)]
                # The page draws each marked tile on the layer the key says, on top.
                drawn = page.evaluate(DRAWN_LAYERS, [tile_id for _n, tile_id in marks])
                for (n, tile_id), (z, covered) in zip(marks, drawn, strict=True):
                    if z + 1 != heights[tile_id] or covered:
                        raise SystemExit(f"{layout_id}: mark {n} (tile {tile_id}) is drawn at {z}")
                page.evaluate(DRAW_MARKS, marks)
                number += 1
                picture = f"{number:02d}.png"
                page.screenshot(path=str(out / "pictures" / picture))
                key.append(
                    {
                        "picture": picture,
                        "layout": f"{layout_id} {ALL_LAYOUTS[layout_id].name}",
                        "screen": f"{width}x{height}",
                        "theme": theme,
                        "marks": {str(n): heights[tile_id] for n, tile_id in marks},
                        "tiles": {str(n): tile_id for n, tile_id in marks},
                    }
                )
                context.close()
        browser.close()
    (out / "answer-key.json").write_text(json.dumps(key, indent=2) + "\n", encoding="utf-8")
    lines = ["# Answer key: the stack height of each mark", ""]
    for entry in key:
        heights = ", ".join(f"{n}: {h}" for n, h in entry["marks"].items())
        lines.append(
            f"- {entry['picture']} ({entry['layout']}, {entry['screen']}, {entry['theme']}): "
            f"{heights}"
        )
    (out / "answer-key.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
