"""Password rules that close two gaps in Django's own validators.

- Django's similarity check compares the whole password with the username, so the name
  written twice ("pwtest4pwtest4") passes; a password must not contain the username (or
  the e-mail's local part) at all.
- Django's length check counts spaces and repeats, so twelve spaces pass; a password
  must use several different characters, not only white space.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

# Shorter names than this are too likely inside any password to forbid.
_SHORTEST_NAME = 3


class NoUserAttributeInsideValidator:
    def validate(self, password, user=None):
        if user is None:
            return
        folded = password.casefold()
        names = [getattr(user, "username", "") or "", (getattr(user, "email", "") or "")]
        names = [name.split("@", 1)[0].casefold() for name in names]
        if any(len(name) >= _SHORTEST_NAME and name in folded for name in names):
            raise ValidationError(
                _("The password must not contain your username."),
                code="password_contains_username",
            )

    def get_help_text(self):
        return _("Your password must not contain your username.")


class CharacterVarietyValidator:
    def __init__(self, min_distinct: int = 5):
        self.min_distinct = min_distinct

    def validate(self, password, user=None):
        distinct = {character for character in password if not character.isspace()}
        if len(distinct) < self.min_distinct:
            raise ValidationError(
                ngettext(
                    "The password must use at least %(count)d different character, "
                    "not counting spaces.",
                    "The password must use at least %(count)d different characters, "
                    "not counting spaces.",
                    self.min_distinct,
                )
                % {"count": self.min_distinct},
                code="password_too_uniform",
            )

    def get_help_text(self):
        return ngettext(
            "Your password must use at least %(count)d different character.",
            "Your password must use at least %(count)d different characters.",
            self.min_distinct,
        ) % {"count": self.min_distinct}
