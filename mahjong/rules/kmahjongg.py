"""KMahjongg's ``.layout`` files: reading them into positions and writing positions out.

The format, as KMahjongg documents and writes it: a first line ``kmahjongg-layout-v1.1``,
then ``w``, ``h`` and ``d`` lines giving the board's width and height in quarter tiles
(half a tile each way: the units of :mod:`.layouts`) and its depth in layers; then, layer
after layer, ``h`` rows of ``w`` characters. A tile is drawn by its four quarters:
``1`` top left, ``2`` top right, ``3`` bottom right, ``4`` bottom left; ``.`` is empty.
Lines starting with ``#`` are comments. The older ``kmahjongg-layout-v1.0`` has no
size lines and is always 32 by 16 by 5.

This reader is stricter than KMahjongg's, so that a bad file is refused with a reason
and a place instead of giving a different board: every row must have ``w`` characters,
only ``.1234`` may appear in one, and every ``1`` (a tile's top left quarter, which is
what KMahjongg counts as a tile) needs three more quarters of its own, none shared with
another tile and none left over. Which digit marks which of those three is not checked:
KMahjongg does not read them, and its own Castle has a ``3`` where a ``4`` belongs. What it
reads is a set of positions; whether they make a sound layout (144 tiles, resting on
tiles below) is :func:`.custom.problems`'s question.
"""

from __future__ import annotations

from collections.abc import Iterable

from .custom import MAX_DEPTH, MAX_HEIGHT, MAX_WIDTH, ordered

Position = tuple[int, int, int]

MAGIC_1_0 = "kmahjongg-layout-v1.0"
MAGIC_1_1 = "kmahjongg-layout-v1.1"
#: Version 1.0's fixed board (and the size :func:`write` uses when the tiles fit it).
SIZE_1_0 = (32, 16, 5)
#: A tile's quarters, by their offset from its top left corner.
QUARTERS = {(0, 0): "1", (1, 0): "2", (1, 1): "3", (0, 1): "4"}


class LayoutFileError(ValueError):
    """A ``.layout`` file that cannot be read. ``reason`` names the fault in a word the
    site translates; ``line`` (1-based, when the fault has one) and ``detail`` say where."""

    def __init__(self, reason: str, message: str, *, line: int | None = None, **detail: int):
        super().__init__(message if line is None else f"line {line}: {message}")
        self.reason = reason
        self.line = line
        self.detail = detail


def read(data: str | bytes, *, max_bytes: int) -> tuple[Position, ...]:
    """The positions of a ``.layout`` file, ordered as :func:`.custom.ordered` orders them.

    Raises :class:`LayoutFileError`: ``too_large`` (over ``max_bytes``), ``not_text``,
    ``no_header``, ``bad_size`` (a missing or impossible ``w``/``h``/``d``), ``bad_rows``
    (too few or too many rows), ``bad_row`` (a row of the wrong length), ``bad_character``
    and ``bad_tile`` (quarters that do not make whole tiles).
    """
    if len(data) > max_bytes:
        raise LayoutFileError("too_large", f"over {max_bytes} bytes", limit=max_bytes)
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise LayoutFileError("not_text", "not a text file") from None
    if "\x00" in data:
        raise LayoutFileError("not_text", "not a text file")
    lines = data.splitlines()
    magic = lines[0].strip() if lines else ""
    if magic not in (MAGIC_1_0, MAGIC_1_1):
        raise LayoutFileError("no_header", f"the first line is not {MAGIC_1_1}", line=1)
    size = {"w": 0, "h": 0, "d": 0}
    rows: list[tuple[int, str]] = []
    for number, raw in enumerate(lines[1:], start=2):
        line = raw.rstrip()
        if not line or line.startswith("#"):
            continue
        if magic == MAGIC_1_1 and line[0] in size and not rows:
            try:
                size[line[0]] = int(line[1:])
            except ValueError:
                raise LayoutFileError("bad_size", f"{line!r} is not a size", line=number) from None
            continue
        rows.append((number, line))
    width, height, depth = SIZE_1_0 if magic == MAGIC_1_0 else (size["w"], size["h"], size["d"])
    if not (2 <= width <= MAX_WIDTH and 2 <= height <= MAX_HEIGHT and 1 <= depth <= MAX_DEPTH):
        raise LayoutFileError(
            "bad_size",
            f"a board of {width} by {height} by {depth}",
            width=width,
            height=height,
            depth=depth,
        )
    if len(rows) != height * depth:
        raise LayoutFileError(
            "bad_rows",
            f"{len(rows)} rows, not {height * depth}",
            rows=len(rows),
            expected=height * depth,
        )
    grid: dict[Position, str] = {}
    for index, (number, row) in enumerate(rows):
        if len(row) != width:
            raise LayoutFileError(
                "bad_row",
                f"{len(row)} characters, not {width}",
                line=number,
                length=len(row),
                expected=width,
            )
        z, y = divmod(index, height)
        for x, char in enumerate(row):
            if char == ".":
                continue
            if char not in "1234":
                raise LayoutFileError(
                    "bad_character", f"{char!r} in column {x + 1}", line=number, column=x + 1
                )
            grid[(x, y, z)] = char
    return _tiles(grid, {index: number for index, (number, _) in enumerate(rows)}, height)


def _tiles(grid: dict[Position, str], line_of: dict[int, int], height: int) -> tuple[Position, ...]:
    """The tiles whose top left quarter is a ``1``, each checked whole; every quarter
    must belong to one of them."""
    claimed: set[Position] = set()
    positions: list[Position] = []
    for (x, y, z), char in sorted(
        grid.items(), key=lambda item: (item[0][2], item[0][1], item[0][0])
    ):
        if char != "1":
            continue
        for dx, dy in QUARTERS:
            cell = (x + dx, y + dy, z)
            if cell in claimed or grid.get(cell) in (None, "1") and (dx, dy) != (0, 0):
                raise _bad_tile(cell, line_of, height)
            claimed.add(cell)
        positions.append((x, y, z))
    stray = sorted(set(grid) - claimed, key=lambda p: (p[2], p[1], p[0]))
    if stray:
        raise _bad_tile(stray[0], line_of, height)
    return ordered(positions)


def _bad_tile(cell: Position, line_of: dict[int, int], height: int) -> LayoutFileError:
    x, y, z = cell
    return LayoutFileError(
        "bad_tile",
        f"the quarters in column {x + 1} do not make a whole tile",
        line=line_of.get(z * height + y),
        column=x + 1,
        layer=z + 1,
    )


def write(positions: Iterable[Position]) -> str:
    """A ``kmahjongg-layout-v1.1`` file of ``positions``: KMahjongg's own board of
    32 by 16 by 5 when they fit it, else just large enough. Reading it back gives the
    same positions (the file keeps them where they are: nothing is moved)."""
    tiles = ordered(positions)
    width = max([SIZE_1_0[0], *(x + 2 for x, _, _ in tiles)])
    height = max([SIZE_1_0[1], *(y + 2 for _, y, _ in tiles)])
    depth = max([SIZE_1_0[2], *(z + 1 for _, _, z in tiles)])
    cells: dict[Position, str] = {}
    for x, y, z in tiles:
        for (dx, dy), quarter in QUARTERS.items():
            cells[(x + dx, y + dy, z)] = quarter
    lines = [
        MAGIC_1_1,
        "# Board size in quarter tiles",
        f"w{width}",
        f"h{height}",
        "# Board depth",
        f"d{depth}",
    ]
    for z in range(depth):
        lines.append(f"# Level {z} -------------------------")
        for y in range(height):
            lines.append("".join(cells.get((x, y, z), ".") for x in range(width)))
    return "\n".join(lines) + "\n"
