"""Django's own admin strings that the site translates itself.

Django's Greek and German catalogues lack some strings of the admin's pages and of the
account page an operator suspends or trusts a player from ("Skip to main content",
"Toggle theme", "Reset password"…). Django then falls back to the catalogue of
``LANGUAGE_CODE``: a Greek or German operator read them in Swedish. ``locale/`` comes
first in ``LOCALE_PATHS``, so these entries fill the gaps (and word the password as the
glossary does, in every language). Listed here, unused, so that ``makemessages`` keeps
them; the msgids must stay word for word Django's (tests/ranking/test_admin_language.py
checks that Django's catalogues still have each one).
"""

from django.utils.translation import gettext_noop, ngettext_lazy

ADMIN_STRINGS = (
    gettext_noop("Skip to main content"),
    gettext_noop("Breadcrumbs"),
    gettext_noop("Sidebar"),
    gettext_noop("Start typing to filter…"),
    gettext_noop("Filter navigation items"),
    gettext_noop("Toggle theme (current theme: auto)"),
    gettext_noop("Toggle theme (current theme: light)"),
    gettext_noop("Toggle theme (current theme: dark)"),
    gettext_noop("Model name"),
    gettext_noop("Add link"),
    gettext_noop("Change or view list link"),
    gettext_noop("Added:"),
    gettext_noop("Changed:"),
    gettext_noop("Deleted:"),
    gettext_noop("Show counts"),
    gettext_noop("Hide counts"),
    gettext_noop("Select all objects on this page for an action"),
    # Translators: the accessible name of a row's box in an admin list. {}: the row's
    # name.
    gettext_noop("Select this object for an action - {}"),
    ngettext_lazy("entry", "entries"),  # lazy, never evaluated
    gettext_noop("Error:"),
    gettext_noop("Forgotten your login credentials?"),
    gettext_noop("Thanks for spending some quality time with the web site today."),
    gettext_noop("In case you’ve forgotten, you are:"),
    gettext_noop("After you’ve created a user, you’ll be able to edit more user options."),
    gettext_noop("Reset password"),
    gettext_noop("Set password"),
    # Translators: the title of the admin's page that sets a player's password.
    # %s: the player's username.
    gettext_noop("Set password: %s"),
    gettext_noop("Password-based authentication"),
    gettext_noop("Enabled"),
    gettext_noop("Disabled"),
    gettext_noop(
        "Whether the user will be able to authenticate using a password or not. If "
        "disabled, they may still be able to authenticate using other backends, "
        "such as Single Sign-On or LDAP."
    ),
    gettext_noop("Enable password-based authentication for this user by setting a password."),
    gettext_noop("Enable password-based authentication"),
    gettext_noop("Disable password-based authentication"),
    gettext_noop(
        "This action will <strong>enable</strong> password-based authentication for this user."
    ),
    gettext_noop("Password-based authentication was disabled."),
    gettext_noop("Conflicting form data submitted. Please try again."),
)
