"""Game codes: ``MJ1-Lnn-XXXXXXX``.

``MJ1`` is the format version, ``Lnn`` the layout and ``XXXXXXX`` the deal
number in base 32 (RFC 4648 alphabet ``A–Z2–7``, 7 characters = 35 bits).
A player's own layout is ``C`` and eight base-32 characters instead of ``Lnn``
(``MJ1-CABCDEFGH-XXXXXXX``: the id is a hash of its positions, see :mod:`.custom`).
The same code always gives the same tiles in the same places.

>>> code = GameCode.parse(" mj1-l00-aaaaabl ")
>>> code.layout_id, code.deal_number, str(code)
('L00', 43, 'MJ1-L00-AAAAABL')

Every malformed code raises a subclass of :class:`InvalidGameCode`, whose
``reason`` says what is wrong in a word the web layer can translate.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

VERSION = "MJ1"
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
DEAL_LENGTH = 7
DEAL_BITS = 5 * DEAL_LENGTH
#: The largest deal number a code can carry.
MAX_DEAL = (1 << DEAL_BITS) - 1

#: A custom layout's id: this letter and as many base-32 characters.
CUSTOM_PREFIX = "C"
CUSTOM_ID_LENGTH = 8

_VALUES = {c: i for i, c in enumerate(ALPHABET)}
_LAYOUT_RE = re.compile(r"L\d\d|C[A-Z2-7]{8}")


def is_custom_id(layout_id: str) -> bool:
    """Whether a layout id (already upper case) names a player's own layout."""
    return layout_id.startswith(CUSTOM_PREFIX) and _LAYOUT_RE.fullmatch(layout_id) is not None


class InvalidGameCode(ValueError):
    """A game code that cannot be read. ``reason`` names the fault."""

    reason = "malformed"

    def __init__(self, code: str, detail: str):
        super().__init__(f"invalid game code {code!r}: {detail}")
        self.code = code


class EmptyCode(InvalidGameCode):
    reason = "empty"


class MalformedCode(InvalidGameCode):
    """Not three parts ``MJ1``, ``Lnn`` and the deal number."""

    reason = "malformed"


class WrongVersion(InvalidGameCode):
    reason = "wrong_version"


class UnknownLayout(InvalidGameCode):
    reason = "unknown_layout"


class BadCharacters(InvalidGameCode):
    """The deal number holds characters outside ``A–Z2–7``."""

    reason = "bad_characters"


class WrongLength(InvalidGameCode):
    reason = "wrong_length"


class DealOutOfRange(InvalidGameCode):
    reason = "out_of_range"


def encode_deal(number: int) -> str:
    """The 7 base-32 characters of a deal number."""
    if not 0 <= number <= MAX_DEAL:
        raise DealOutOfRange(str(number), f"deal number must be 0..{MAX_DEAL}")
    return "".join(ALPHABET[(number >> (5 * k)) & 31] for k in reversed(range(DEAL_LENGTH)))


def decode_deal(text: str) -> int:
    number = 0
    for char in text:
        number = number * 32 + _VALUES[char]
    return number


@dataclass(frozen=True, order=True)
class GameCode:
    """A parsed game code: a layout id and a deal number."""

    layout_id: str
    deal_number: int

    def __post_init__(self):
        if not isinstance(self.layout_id, str) or not _LAYOUT_RE.fullmatch(self.layout_id):
            raise UnknownLayout(
                str(self.layout_id), "a layout is L and two digits, or C and 8 base-32 characters"
            )
        if not isinstance(self.deal_number, int) or not 0 <= self.deal_number <= MAX_DEAL:
            raise DealOutOfRange(str(self.deal_number), f"deal number must be 0..{MAX_DEAL}")

    @property
    def is_custom(self) -> bool:
        """Whether the code's layout is a player's own (never ranked)."""
        return is_custom_id(self.layout_id)

    def __str__(self) -> str:
        return f"{VERSION}-{self.layout_id}-{encode_deal(self.deal_number)}"

    @classmethod
    def parse(cls, text: str, known_layouts: frozenset[str] | None = None) -> GameCode:
        """Read a code, ignoring case and white space.

        Parts may be separated by hyphens or white space; ``known_layouts``,
        when given, rejects ``Lnn`` layouts that do not exist (a custom layout's id is
        checked by whoever holds the custom layouts: :func:`.registry.parse_code`).
        """
        if not isinstance(text, str) or not text.strip():
            raise EmptyCode("", "no code given")
        original = text
        parts = [p for p in re.split(r"[\s\-–]+", text.strip().upper()) if p]
        if len(parts) == 1 and len(parts[0]) == 13 and parts[0].startswith("MJ"):
            compact = parts[0]
            parts = [compact[:3], compact[3:6], compact[6:]]
        if len(parts) != 3:
            raise MalformedCode(original, "expected three parts like MJ1-L00-AAAAABL")
        version, layout, deal = parts
        if version != VERSION:
            raise WrongVersion(original, f"format version {version!r}, expected {VERSION}")
        if not _LAYOUT_RE.fullmatch(layout) or (
            known_layouts is not None and not is_custom_id(layout) and layout not in known_layouts
        ):
            raise UnknownLayout(original, f"unknown layout {layout!r}")
        if any(c not in _VALUES for c in deal):
            raise BadCharacters(original, "the deal number uses only A–Z and 2–7")
        if len(deal) != DEAL_LENGTH:
            raise WrongLength(original, f"the deal number has {DEAL_LENGTH} characters")
        return cls(layout, decode_deal(deal))
