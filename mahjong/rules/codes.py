"""Game codes: ``MJ2-Lnn-XXXXXXXXXXXX`` and the older ``MJ1-Lnn-XXXXXXX``.

``MJ2`` or ``MJ1`` is the format version, ``Lnn`` the layout and the last part the deal
number in base 32 (RFC 4648 alphabet ``A–Z2–7``): 12 characters (60 bits) in ``MJ2``,
7 (35 bits) in ``MJ1``. A player's own layout is ``C`` and eight base-32 characters
instead of ``Lnn`` (``MJ2-CABCDEFGH-…``: the id is a hash of its positions, see
:mod:`.custom`). The same code always gives the same tiles in the same places.

The server deals ``MJ2`` codes: the faces seen at the start of a deal name it, and a
search through every deal number of a layout that compares them must be out of reach
(docs/architecture.md, "Working a deal out from its faces"). ``MJ1`` codes (shared
links, stored games, past daily deals) keep their deals; the two versions give
different deals for the same number (:func:`.deal.deal_seed`).

>>> code = GameCode.parse(" mj1-l00-aaaaabl ")
>>> code.layout_id, code.deal_number, code.version, str(code)
('L00', 43, 1, 'MJ1-L00-AAAAABL')
>>> str(GameCode.parse("MJ2-L00-AAAAAAAAAABL"))
'MJ2-L00-AAAAAAAAAABL'

Every malformed code raises a subclass of :class:`InvalidGameCode`, whose
``reason`` says what is wrong in a word the web layer can translate.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
#: The length of the deal number of each format version, in base-32 characters.
DEAL_LENGTHS = {1: 7, 2: 12}
#: The deal number's bits of each version.
DEAL_BITS = {version: 5 * length for version, length in DEAL_LENGTHS.items()}
#: The largest deal number a code of each version can carry.
MAX_DEAL = {version: (1 << bits) - 1 for version, bits in DEAL_BITS.items()}
#: The version of the codes the server deals.
NEW_VERSION = 2

#: A custom layout's id: this letter and as many base-32 characters.
CUSTOM_PREFIX = "C"
CUSTOM_ID_LENGTH = 8

_VALUES = {c: i for i, c in enumerate(ALPHABET)}
_VERSIONS = {f"MJ{version}": version for version in DEAL_LENGTHS}
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
    """Not three parts: the version (``MJ2``), ``Lnn`` and the deal number."""

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


def encode_deal(number: int, version: int = 1) -> str:
    """The base-32 characters of a deal number: 7 in an ``MJ1`` code, 12 in ``MJ2``."""
    if not 0 <= number <= MAX_DEAL[version]:
        raise DealOutOfRange(str(number), f"deal number must be 0..{MAX_DEAL[version]}")
    length = DEAL_LENGTHS[version]
    return "".join(ALPHABET[(number >> (5 * k)) & 31] for k in reversed(range(length)))


def decode_deal(text: str) -> int:
    number = 0
    for char in text:
        number = number * 32 + _VALUES[char]
    return number


@dataclass(frozen=True, order=True)
class GameCode:
    """A parsed game code: a layout id, a deal number and the format version (1 for
    ``MJ1``, 2 for ``MJ2``; the same number gives another deal in each)."""

    layout_id: str
    deal_number: int
    version: int = 1

    def __post_init__(self):
        if self.version not in DEAL_LENGTHS or isinstance(self.version, bool):
            raise WrongVersion(str(self.version), f"format version {self.version!r}")
        if not isinstance(self.layout_id, str) or not _LAYOUT_RE.fullmatch(self.layout_id):
            raise UnknownLayout(
                str(self.layout_id), "a layout is L and two digits, or C and 8 base-32 characters"
            )
        largest = MAX_DEAL[self.version]
        if not isinstance(self.deal_number, int) or not 0 <= self.deal_number <= largest:
            raise DealOutOfRange(str(self.deal_number), f"deal number must be 0..{largest}")

    @property
    def is_custom(self) -> bool:
        """Whether the code's layout is a player's own (never ranked)."""
        return is_custom_id(self.layout_id)

    def __str__(self) -> str:
        deal = encode_deal(self.deal_number, self.version)
        return f"MJ{self.version}-{self.layout_id}-{deal}"

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
        if len(parts) == 1 and parts[0].startswith("MJ"):
            # Written without separators: the layout is Lnn (a C… id is always separated).
            compact = parts[0]
            if len(compact) == 6 + DEAL_LENGTHS.get(_VERSIONS.get(compact[:3], 0), 0):
                parts = [compact[:3], compact[3:6], compact[6:]]
        if len(parts) != 3:
            raise MalformedCode(original, "expected three parts like MJ1-L00-AAAAABL")
        text_version, layout, deal = parts
        version = _VERSIONS.get(text_version)
        if version is None:
            raise WrongVersion(original, f"format version {text_version!r}, expected MJ1 or MJ2")
        if not _LAYOUT_RE.fullmatch(layout) or (
            known_layouts is not None and not is_custom_id(layout) and layout not in known_layouts
        ):
            raise UnknownLayout(original, f"unknown layout {layout!r}")
        if any(c not in _VALUES for c in deal):
            raise BadCharacters(original, "the deal number uses only A–Z and 2–7")
        if len(deal) != DEAL_LENGTHS[version]:
            raise WrongLength(
                original,
                f"the deal number has {DEAL_LENGTHS[version]} characters in {text_version}",
            )
        return cls(layout, decode_deal(deal), version)
