"""The sign-up and sign-in forms: Django's own, with the site's wording where Django's
catalogues fall short (see also ``django_strings.py``)."""

from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.utils.translation import gettext_lazy as _


class SignUpForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        help_texts = {
            "username": _(
                "Shown on the leaderboard. Up to 150 letters, digits and @ . + - _ only."
            ),
        }


class SignInForm(AuthenticationForm):
    """Django's sign-in form with a plain "wrong username or password" message: Django's
    German drops the word "correct" (it reads as if the fields were left empty) and its
    Indonesian repeats "nama pengguna"."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _("Wrong username or password. Mind upper and lower case."),
    }
