"""Usernames that cannot pass for another player's.

Refused: a name that mixes scripts (``аdmin`` with a Cyrillic а, ``Ωmega``), and a name
whose :func:`skeleton` is an existing player's. The skeleton is Unicode's (UTS #39):
each character that looks like a Latin one written as that Latin character (Unicode's
confusables data, through confusable_homoglyphs), with accents dropped, case folded,
``0``/``1``/``I`` written as ``o``/``l``/``l``, ``rn`` as ``m``, and the separators
``. - _ + @`` left out. So ``ϲοϲοα`` (all Greek), ``cöcoa``, ``coc0a`` and ``cocoa.``
all look like ``cocoa``. A name wholly in one script, Greek ``Νίκος`` or Swedish ``Åsa``,
is welcome. Each user's folded name and skeleton are kept in :class:`NameKey`, unique
in the database: a race between two sign-ups cannot make two look-alike accounts.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from confusable_homoglyphs import categories, confusables

from .models import NameKey

#: ASCII characters that pass for others in the sans-serif a name is shown in (UTS #39
#: maps them so too); applied before the case is folded.
_ASCII_LOOK_ALIKES = str.maketrans({"0": "o", "O": "o", "1": "l", "I": "l", "|": "l"})
#: The signs a username may hold besides letters and digits: a name with one more or
#: one fewer reads as the same name.
_SEPARATORS = str.maketrans("", "", ".-_+@")


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


def folded(name: str) -> str:
    """The name as a case-insensitive comparison reads it."""
    return unicodedata.normalize("NFKC", name).casefold()


def skeleton(name: str) -> str:
    """The name's look-alike shape: two names with the same skeleton look the same."""
    # Look-alikes first (``ϲ``, Greek lunate sigma, looks like ``c``, though it
    # decomposes to ``σ``), then accents dropped, then the bare letters' look-alikes.
    shape = "".join(_latin_look_alike(character) for character in name)
    bare = "".join(
        character
        for character in unicodedata.normalize("NFKD", shape)
        if not unicodedata.combining(character)
    )
    latin = "".join(_latin_look_alike(character) for character in bare)
    shape = latin.translate(_ASCII_LOOK_ALIKES).casefold().translate(_SEPARATORS)
    return unicodedata.normalize("NFKC", shape.replace("rn", "m"))


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


def is_taken(name: str) -> bool:
    """Whether another account has this name, in any case."""
    return NameKey.objects.filter(folded=folded(name)).exists()


def looks_like_an_existing_name(name: str) -> bool:
    """Whether another account's name looks the same as ``name`` (differs only in case,
    accents, look-alike letters or separators)."""
    return NameKey.objects.filter(skeleton=skeleton(name)).exclude(folded=folded(name)).exists()


def keep_name_key(sender, instance, created=False, update_fields=None, **kwargs) -> None:
    """``post_save`` of the user model: write the user's :class:`NameKey` in the same
    transaction as the user (an IntegrityError if another account has a name alike).
    A save that leaves the name as it was (signing in writes ``last_login``) writes
    nothing, so an account kept from before the rule, with no key, still signs in."""
    if update_fields is not None and "username" not in update_fields:
        return
    name = instance.get_username()
    fold, shape = folded(name), skeleton(name)
    if not created:
        key = NameKey.objects.filter(user_id=instance.pk).first()
        if key is not None and key.folded in (None, fold) and key.skeleton in (None, shape):
            return
    NameKey.objects.update_or_create(
        user_id=instance.pk, defaults={"folded": fold, "skeleton": shape}
    )
