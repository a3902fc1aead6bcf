"""Usernames that cannot pass for another player's (Unicode's confusables data, through
confusable_homoglyphs).

Refused: a name that mixes scripts (``аdmin`` with a Cyrillic а, ``Ωmega``), and a name
whose look-alike skeleton (each letter that looks like a Latin one written as that
letter, case folded) is an existing player's name. A name wholly in one script, Greek
``Νίκος`` or Swedish ``Åsa``, is welcome.
"""

from __future__ import annotations

from functools import lru_cache

from confusable_homoglyphs import categories, confusables
from django.contrib.auth import get_user_model


# Fixed, not a setting: keyed by character, not by player, and a character's look-alike
# never changes. 4096 hold the alphabets names are written in (Latin, Greek, Cyrillic
# and the like) many times over, in well under a megabyte; a miss costs one lookup.
@lru_cache(maxsize=4096)
def _latin_look_alike(character: str) -> str:
    if character.isascii():
        return character
    found = confusables.is_confusable(character, greedy=True, preferred_aliases=["latin"])
    for entry in found or []:
        for glyph in entry["homoglyphs"]:
            if glyph["c"].isascii() and glyph["c"].isalnum():
                return glyph["c"]
    return character


def skeleton(name: str) -> str:
    return "".join(_latin_look_alike(character) for character in name).casefold()


def mixes_scripts(name: str) -> bool:
    """Whether ``name`` has letters of two scripts or more (digits and @ . + - _, of the
    common script, go with any)."""
    scripts = set()
    for character in name:
        try:
            script = categories.alias(character)
        except TypeError:  # a character the data does not list
            continue
        if script not in ("COMMON", "INHERITED"):
            scripts.add(script)
    return len(scripts) > 1


def looks_like_an_existing_name(name: str) -> bool:
    """Whether another account's name looks the same as ``name`` (differs only in case
    or in look-alike letters)."""
    users = get_user_model().objects
    shape = skeleton(name)
    if users.filter(username__iexact=shape).exclude(username=name).exists():
        return True
    # Names that are not plain ASCII are few; compare their skeletons one by one.
    others = users.exclude(username__regex=r"^[\x00-\x7f]*$").values_list("username", flat=True)
    return any(skeleton(other) == shape for other in others.iterator() if other != name)
