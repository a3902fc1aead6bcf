"""Build the site's lists of common words (accounts/common_words/), from which people
build their passwords: ``Kärlek2025!``, ``Σκύλος2025!``.

zxcvbn, which rates every new password, knows English words and names only. This
writes, for each site language (sv, el, de, id), the most frequent words of the
language as wordfreq (a PyPI package, version pinned below) counts them, in the form
the password check compares: case folded, of :data:`SHORTEST` letters or more, letters
only. wordfreq is needed only here, not by the site: run

    make common-words

which installs it into a virtualenv of its own (``.venv-words/``) and runs this. The
lists are committed; run it again only to change their size or wordfreq's version.
"""

from __future__ import annotations

import sys
from pathlib import Path

#: The wordfreq release the lists were built from (its data: CC BY-SA 4.0).
WORDFREQ_VERSION = "3.1.1"
LANGUAGES = ("sv", "el", "de", "id")
#: How many of a language's most frequent words are read: enough for the words people
#: pick (Swedish "kärlek" is the 762nd, Greek "σκύλος" the 3028th, German "Schatz" the
#: 3479th), few enough that each list stays near 100 kB (Greek, two bytes a letter, 150 kB).
MOST_FREQUENT = 10_000
#: Shorter words are too many and too likely inside any password to forbid.
SHORTEST = 4
OUT = Path(__file__).resolve().parent.parent / "accounts" / "common_words"


def main() -> int:
    from importlib.metadata import version

    import wordfreq

    if version("wordfreq") != WORDFREQ_VERSION:
        print(f"wordfreq {WORDFREQ_VERSION} expected, found {version('wordfreq')}", file=sys.stderr)
        return 1
    for language in LANGUAGES:
        words = sorted(
            {
                word.casefold()
                for word in wordfreq.top_n_list(language, MOST_FREQUENT)
                if len(word) >= SHORTEST and word.isalpha()
            }
        )
        path = OUT / f"{language}.txt"
        path.write_text("\n".join(words) + "\n", encoding="utf-8")
        print(f"{path.relative_to(OUT.parent.parent)}: {len(words)} words")
    return 0


if __name__ == "__main__":
    sys.exit(main())
