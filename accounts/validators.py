"""Password rules that close gaps in Django's own validators, each rule said once.

- Django's similarity check compares the whole password with the username, so the name
  written twice ("pwtest4pwtest4") passes; a password must not contain the username (or
  the e-mail's local part) at all. Both checks are one rule here, with one help line and
  one error: as two validators, a password holding the name got two errors saying the
  same thing, and the help two lines.
- Django's length check counts spaces and repeats, so twelve spaces pass; a password
  must use several different characters, not only white space.
- Django's list of common passwords, the common words of the site's languages
  (accounts/common_passwords.py) and zxcvbn's guessing estimate are one rule too ("too
  easy to guess"), for the same reason.
- zxcvbn raises past 72 characters: a password may have at most
  ``PASSWORD_MAX_LENGTH`` characters (72), said as a form error.
"""

from __future__ import annotations

from django.contrib.auth import password_validation
from django.contrib.auth.password_validation import (
    CommonPasswordValidator,
    UserAttributeSimilarityValidator,
)
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .common_passwords import is_common

# Shorter names than this are too likely inside any password to forbid.
_SHORTEST_NAME = 3


class UsernameInPasswordValidator:
    """A password may neither look like the username or the e-mail address (Django's
    similarity check) nor contain either (the e-mail's local part); the error names the
    one it is like."""

    def validate(self, password, user=None):
        if user is None:
            return
        for attribute, message in (
            ("username", _("The password must not be like your username or contain it.")),
            ("email", _("The password must not be like your e-mail address or contain it.")),
        ):
            code = _likeness(password, user, attribute)
            if code is not None:
                raise ValidationError(message, code=code)

    def get_help_text(self):
        # Translators: an item of the password help's list, after its lead ("Your
        # password must:"); word it so that it follows your language's lead.
        return _("not be like your username or contain it")


def _likeness(password: str, user, attribute: str) -> str | None:
    """Why the password is too like the user's ``attribute``, as an error code
    ("password_contains_username", "password_contains_email", "password_too_similar"), or
    None."""
    value = (getattr(user, attribute, "") or "").split("@", 1)[0].casefold()
    if len(value) >= _SHORTEST_NAME and value in password.casefold():
        return f"password_contains_{attribute}"
    try:
        UserAttributeSimilarityValidator((attribute,)).validate(password, user)
    except ValidationError:
        return "password_too_similar"
    return None


class MinimumLengthValidator(password_validation.MinimumLengthValidator):
    """Django's length rule, its error worded in the site's own voice. The count is in
    digits, as in the help's list beside it: the error names the same rule, and readers
    found "minst åtta tecken" under "minst 8 tecken" odd."""

    def validate(self, password, user=None):
        if len(password) < self.min_length:
            raise ValidationError(
                ngettext(
                    # Translators: a password error. %(count)s: the fewest characters a
                    # password may have (8), in digits, as in the help's list beside it.
                    "This password is too short: it must have at least %(count)s character.",
                    "This password is too short: it must have at least %(count)s characters.",
                    self.min_length,
                )
                % {"count": self.min_length},
                code="password_too_short",
            )

    def get_help_text(self):
        return ngettext(
            # Translators: an item of the password help's list, after its lead ("Your
            # password must:"). %(count)s: the fewest characters a password may have
            # (8), in digits, as a list of rules writes a count.
            "have at least %(count)s character",
            "have at least %(count)s characters",
            self.min_length,
        ) % {"count": self.min_length}


class MaximumLengthValidator:
    """At most ``PASSWORD_MAX_LENGTH`` characters (72 unless the site sets another):
    zxcvbn rates no more, and refuses a longer one with an error of its own."""

    @staticmethod
    def max_length() -> int:
        from django.conf import settings

        return settings.PASSWORD_MAX_LENGTH

    def validate(self, password, user=None):
        if len(password) > self.max_length():
            raise ValidationError(
                ngettext(
                    # Translators: a password error. %(count)s: the most characters a
                    # password may have (72), in digits.
                    "This password is too long: it may have at most %(count)s character.",
                    "This password is too long: it may have at most %(count)s characters.",
                    self.max_length(),
                )
                % {"count": self.max_length()},
                code="password_too_long",
            )

    def get_help_text(self):
        return ngettext(
            # Translators: an item of the password help's list, after its lead ("Your
            # password must:"). %(count)s: the most characters a password may have
            # (72), in digits.
            "have at most %(count)s character",
            "have at most %(count)s characters",
            self.max_length(),
        ) % {"count": self.max_length()}


class NumericPasswordValidator(password_validation.NumericPasswordValidator):
    """Django's "not only digits" rule, its help an item of the help's one list."""

    def get_help_text(self):
        # Translators: an item of the password help's list, after its lead ("Your
        # password must:").
        return _("not be only digits")


class CharacterVarietyValidator:
    def __init__(self, min_distinct: int = 5):
        self.min_distinct = min_distinct

    def validate(self, password, user=None):
        distinct = {character for character in password if not character.isspace()}
        if len(distinct) < self.min_distinct:
            raise ValidationError(
                ngettext(
                    # Translators: a password error. %(count)s: how many different
                    # characters a password needs at least (5), in digits, as in the
                    # help's list beside it; spaces do not count.
                    "The password must use at least %(count)s different character, "
                    "not counting spaces.",
                    "The password must use at least %(count)s different characters, "
                    "not counting spaces.",
                    self.min_distinct,
                )
                % {"count": self.min_distinct},
                code="password_too_uniform",
            )

    def get_help_text(self):
        return ngettext(
            # Translators: an item of the password help's list, after its lead ("Your
            # password must:"). %(count)s: how many different characters a password
            # needs at least (5), in digits, as a list of rules writes a count.
            "use at least %(count)s different character, not counting spaces",
            "use at least %(count)s different characters, not counting spaces",
            self.min_distinct,
        ) % {"count": self.min_distinct}


#: Words a player of this site is likely to build a password from, in its four
#: languages (zxcvbn's own lists are English): the game, and the seasons and months.
SITE_WORDS = (
    "mahjong",
    "solitaire",
    "patiens",
    "πασιέντζα",
    "solitär",
    "soliter",
    "sommar",
    "vinter",
    "höst",
    "vår",
    "sommer",
    "winter",
    "herbst",
    "frühling",
    "καλοκαίρι",
    "χειμώνας",
    "φθινόπωρο",
    "άνοιξη",
    "musim",
    "panas",
    "hujan",
    "kemarau",
    "januari",
    "februari",
    "mars",
    "april",
    "maj",
    "juni",
    "juli",
    "augusti",
    "september",
    "oktober",
    "november",
    "december",
    "januar",
    "februar",
    "märz",
    "mai",
    "august",
    "dezember",
    "agustus",
    "desember",
    "oktober",
    "password",
    "lösenord",
    "passwort",
    "sandi",
    "katasandi",
)


class BreachedPasswordValidator:
    """Refuses a password that zxcvbn rates below ``PASSWORD_MIN_STRENGTH`` (0-4).

    zxcvbn works offline: it ships the 30,000 most common passwords of a breach corpus of
    ten million, common English words and names, and sees through l33t spelling, keyboard
    patterns, repeats and years; the site's own words and the account's name are added.
    ``Passw0rd!``, ``mahjong1``, ``Mahjong2026`` and ``Sommar2026`` score 1.
    """

    def validate(self, password, user=None):
        from django.conf import settings
        from zxcvbn import zxcvbn

        if not password:  # nothing to guess (zxcvbn fails on it); the length rule speaks
            return
        try:
            # Django's own list of common passwords, as part of this one rule.
            CommonPasswordValidator().validate(password)
        except ValidationError:
            raise self._error() from None
        # Common words of the site's languages, and published example passwords.
        if is_common(password):
            raise self._error()

        inputs = list(SITE_WORDS)
        for field in ("username", "email"):
            value = getattr(user, field, "") if user is not None else ""
            if value:
                inputs.append(value)
        # zxcvbn raises past 72 characters (MaximumLengthValidator refuses such a
        # password), and its running time grows with the length.
        result = zxcvbn(password[:72], user_inputs=inputs)
        if result["score"] < settings.PASSWORD_MIN_STRENGTH:
            raise self._error()

    @staticmethod
    def _error() -> ValidationError:
        return ValidationError(
            _(
                "This password is too easy to guess: it is a common or breached "
                "password, or built from common words, names or years."
            ),
            code="password_breached",
        )

    def get_help_text(self):
        # Translators: an item of the password help's list, after its lead ("Your
        # password must:").
        return _(
            "not be a common or breached password, nor be built from common words, names or years"
        )
