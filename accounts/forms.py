"""The sign-up form: Django's own, with the username as the name shown to others."""

from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _


class SignUpForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        help_texts = {
            "username": _(
                "Shown on the leaderboard. Up to 150 letters, digits and @ . + - _ only."
            ),
        }
