"""Helpers shared by the page tests."""

import html
import re


def page_text(content: bytes) -> str:
    """The page's visible text: tags removed, entities decoded, whitespace collapsed."""
    text = re.sub(r"<[^>]+>", " ", content.decode())
    return re.sub(r"\s+", " ", html.unescape(text))
