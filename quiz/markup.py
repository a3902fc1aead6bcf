"""A small, safe text format for content bodies, rendered to HTML.

Editors write plain text; nothing they write is ever output as HTML. Blocks are separated
by blank lines:

* a block whose lines all start with ``- `` is a bulleted list, one item per line;
* a block whose lines all start with ``|`` is a table; the first row holds the column
  headings, and a separator row such as ``|---|---|`` is skipped;
* a line ``[[diagram:NAME]]`` alone is replaced by the diagram ``NAME`` (HTML that the
  server drew, passed in by the caller);
* any other block is a paragraph (its lines are joined with spaces).

Inside text, ``[[token]]`` placeholders are replaced by the caller's values (escaped),
and ``[[sv:words]]`` marks words of another of the site's languages, so that a screen
reader says them in that language (``<span lang="sv">words</span>``): the Swedish
federation's name on the other languages' practice pages.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

DIAGRAM_LINE = re.compile(r"^\[\[diagram:([a-z0-9-]+)\]\]$")
TOKEN = re.compile(r"\[\[([a-z0-9-]+)\]\]")
TABLE_SEPARATOR = re.compile(r"^\|[\s:|-]+\|?$")
OTHER_LANGUAGE = re.compile(r"\[\[(sv|el|de|id|en):([^\[\]]+)\]\]")


def _blocks(text: str) -> list[list[str]]:
    blocks: list[list[str]] = []
    current: list[str] = []
    for raw in text.replace("\r\n", "\n").split("\n"):
        line = raw.strip()
        if not line:
            if current:
                blocks.append(current)
                current = []
            continue
        # A diagram line is a block of its own even without blank lines around it.
        if DIAGRAM_LINE.match(line):
            if current:
                blocks.append(current)
            blocks.append([line])
            current = []
            continue
        current.append(line)
    if current:
        blocks.append(current)
    return blocks


def _inline(text: str, tokens: Mapping[str, object]) -> str:
    """Escape text, then fill in known ``[[token]]`` placeholders (their values escaped).

    Escaping leaves ``[[a-z0-9-]]`` untouched, so tokens are found after it; unknown
    tokens stay as they were written.
    """

    def replace(match: re.Match) -> str:
        name = match.group(1)
        return escape(str(tokens[name])) if name in tokens else match.group(0)

    marked = OTHER_LANGUAGE.sub(r'<span lang="\1">\2</span>', escape(text))
    return TOKEN.sub(replace, marked)


def _cells(line: str) -> list[str]:
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [cell.strip() for cell in line.split("|")]


def _table(lines: list[str], tokens: Mapping[str, object]) -> str:
    rows = [_cells(line) for line in lines if not TABLE_SEPARATOR.match(line)]
    head, body = rows[0], rows[1:]
    html = ['<div class="table-scroll"><table>', "<thead><tr>"]
    html += [f'<th scope="col">{_inline(cell, tokens)}</th>' for cell in head]
    html.append("</tr></thead><tbody>")
    for row in body:
        html.append("<tr>")
        for index, cell in enumerate(row):
            tag = '<th scope="row">' if index == 0 else "<td>"
            close = "</th>" if index == 0 else "</td>"
            html.append(f"{tag}{_inline(cell, tokens)}{close}")
        html.append("</tr>")
    html.append("</tbody></table></div>")
    return "".join(html)


def render_body(
    text: str,
    *,
    tokens: Mapping[str, object] | None = None,
    diagram: Callable[[str], str] | None = None,
) -> SafeString:
    """Render a body to HTML. ``diagram(name)`` returns trusted HTML for a diagram line
    (unknown names render nothing); every other character of ``text`` is escaped."""
    tokens = tokens or {}
    html: list[str] = []
    for block in _blocks(text):
        match = DIAGRAM_LINE.match(block[0]) if len(block) == 1 else None
        if match:
            if diagram is not None:
                html.append(diagram(match.group(1)))
        elif all(line.startswith("- ") for line in block):
            items = "".join(f"<li>{_inline(line[2:].strip(), tokens)}</li>" for line in block)
            html.append(f"<ul>{items}</ul>")
        elif all(line.startswith("|") for line in block):
            html.append(_table(block, tokens))
        else:
            html.append(f"<p>{_inline(' '.join(block), tokens)}</p>")
    return mark_safe("\n".join(html))
