"""Django's own account strings that the site translates itself.

Django's catalogues for sv, el, de and id word some of these poorly or wrongly ("das
selbe", «πρίν», a stray English "characters", "Sandi anda"), and they name the password
three different ways. ``locale/`` comes first in ``LOCALE_PATHS``, so our translations of
these exact msgids win over Django's. Listing them here, unused, keeps ``makemessages``
from dropping them from our catalogues as obsolete. The msgids must stay word for word
Django's (tests/accounts/test_account_words.py checks that Django still uses each one).
"""

from django.utils.translation import gettext_noop, ngettext_lazy

# Labels and help of the sign-up and password-change forms (django.contrib.auth.forms).
FORM_STRINGS = (
    gettext_noop("Password"),
    gettext_noop("Password confirmation"),
    gettext_noop("Enter the same password as before, for verification."),
    gettext_noop("The two password fields didn’t match."),
    gettext_noop("Old password"),
    gettext_noop("New password"),
    gettext_noop("New password confirmation"),
    gettext_noop("Your old password was entered incorrectly. Please enter it again."),
    gettext_noop("This account is inactive."),
    gettext_noop("A user with that username already exists."),
    gettext_noop(
        "Enter a valid username. This value may contain only letters, numbers, and "
        "@/./+/-/_ characters."
    ),
    gettext_noop("This field is required."),
    # The e-mail field's error (django.core.validators), on the sign-up and reset forms.
    gettext_noop("Enter a valid email address."),
)

# The password validators' help and errors (django.contrib.auth.password_validation).
VALIDATOR_STRINGS = (
    gettext_noop("Your password can’t be too similar to your other personal information."),
    ngettext_lazy(  # lazy and never evaluated: Django has no ngettext_noop
        # Translators: a rule of the password's help. %(min_length)d: the fewest
        # characters a password may have (8).
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
    ),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("Your password can’t be entirely numeric."),
    # Translators: a password error. %(verbose_name)s: the account field the password
    # looks like, as its label names it; the site compares it with the username only.
    gettext_noop("The password is too similar to the %(verbose_name)s."),
    ngettext_lazy(  # lazy and never evaluated: Django has no ngettext_noop
        # Translators: a password error. %d: the fewest characters a password may have.
        "This password is too short. It must contain at least %d character.",
        "This password is too short. It must contain at least %d characters.",
    ),
    gettext_noop("This password is too common."),
    gettext_noop("This password is entirely numeric."),
)
