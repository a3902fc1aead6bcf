"""Passwords built from a common word of a site language, or printed as an example.

zxcvbn (accounts/validators.py) knows English words and names: ``Kärlek2025!`` and
``Σκύλος2025!`` pass it, as ``love2025!`` would not. Here a password is refused when its
letters, read as a person writes around a word (digits, signs, a capital, a year, l33t
spelling inside the word: ``K4rlek``), are one or two common words of Swedish, Greek,
German or Indonesian (accounts/common_words/, with or without their accents), or when
it is one of the passwords printed as examples everywhere (``correct horse battery
staple``, ``Tr0ub4dor&3``).
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path

WORDS_DIR = Path(__file__).resolve().parent / "common_words"
LANGUAGES = ("sv", "el", "de", "id")
#: Most words a password may be built from and still be refused: three common words
#: drawn at random are some 40 bits, a passphrase, not a word dressed up.
MOST_WORDS = 2
#: l33t spelling: a digit or sign written for the letter it looks like, inside a word.
_LEET = str.maketrans(
    {"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s"}
)
_LETTERS = re.compile(r"[^\W\d_]+")
_SEPARATORS = re.compile(r"[\s.\-_]+")


def _bare(text: str) -> str:
    """Case folded, accents dropped (``Kärlek`` and ``karlek`` alike; ``ς`` is ``σ``)."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    return unicodedata.normalize("NFC", "".join(c for c in folded if not unicodedata.combining(c)))


@cache
def common_words() -> frozenset[str]:
    words = set()
    for language in LANGUAGES:
        for word in (WORDS_DIR / f"{language}.txt").read_text(encoding="utf-8").split():
            words.add(_bare(word))
    return frozenset(words)


@cache
def published() -> frozenset[str]:
    lines = (WORDS_DIR / "published.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(_compact(line) for line in lines if line and not line.startswith("#"))


def _compact(password: str) -> str:
    return _SEPARATORS.sub("", password.casefold())


def _unleet(password: str) -> str:
    """The password with each l33t character between two letters read as its letter."""
    characters = list(password)
    for i in range(1, len(characters) - 1):
        before, here, after = characters[i - 1], characters[i], characters[i + 1]
        if here in "013457@$" and before.isalpha() and (after.isalpha() or after in "013457@$"):
            characters[i] = here.translate(_LEET)
    return "".join(characters)


def is_common(password: str) -> bool:
    """Whether ``password`` is a published example, or one or two common words of the
    site's languages with digits and signs around them."""
    if _compact(password) in published():
        return True
    words = common_words()
    for reading in {password, _unleet(password)}:
        parts = _LETTERS.findall(_bare(reading))
        if 0 < len(parts) <= MOST_WORDS and all(part in words for part in parts):
            return True
    return False
