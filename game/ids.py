"""Reading a game's id from outside (an address, a session): the one place it is parsed."""

from __future__ import annotations

import uuid


def parse_game_id(raw: object) -> uuid.UUID | None:
    """The game id that ``raw`` holds (a UUID, or its text in any standard spelling),
    or ``None`` when it holds none, so that a bad id reads as "no such game"."""
    if isinstance(raw, uuid.UUID):
        return raw
    if not isinstance(raw, str):
        return None
    try:
        return uuid.UUID(raw)
    except ValueError:
        return None
