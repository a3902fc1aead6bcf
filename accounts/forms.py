"""The sign-up and sign-in forms: Django's own, with the site's wording where Django's
catalogues fall short (see also ``django_strings.py``)."""

from django import forms
from django.contrib.auth import password_validation
from django.contrib.auth.forms import (
    AuthenticationForm,
    PasswordChangeForm,
    PasswordResetForm,
    SetPasswordForm,
    UserCreationForm,
)
from django.core.exceptions import ValidationError
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from .usernames import is_taken, looks_like_an_existing_name, mixes_scripts


def password_rules_help(rules) -> str:
    """The password's help: one lead line, then the rules as the items of one list (six
    sentences that each began "Your password" read as generated text)."""
    if not rules:
        return ""
    items = format_html_join("", "<li>{}</li>", ((rule,) for rule in rules))
    # Translators: the lead of the password help's list of rules (each item follows
    # it: "not be only digits"); word it so that your language's items read after it.
    return format_html(
        '<p class="field-help__lead">{}</p><ul>{}</ul>', _("Your password must:"), items
    )


class RulesUnderThePassword:
    """The password rules' errors stand under the password they are about, beside the
    help that lists the rules; Django puts them under the confirmation field."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        rules = [v.get_help_text() for v in password_validation.get_default_password_validators()]
        self.fields[self._password_field()].help_text = password_rules_help(rules)

    def validate_password_for_user(self, user, password_field_name=None, **kwargs):
        super().validate_password_for_user(
            user, password_field_name=self._password_field(), **kwargs
        )

    def _password_field(self) -> str:
        return "new_password1" if "new_password1" in self.fields else "password1"

    def full_clean(self):
        """A broken rule is said once, as the error under the password: its line leaves
        the help below it (in German the two were word for word the same)."""
        super().full_clean()
        name = self._password_field()
        if not self.errors.get(name):
            return
        password = self.data.get(self.add_prefix(name), "")
        if not password:  # "this field is required" says it all; no rule was tried
            return
        user = getattr(self, "user", None) or self.instance
        kept = []
        for validator in password_validation.get_default_password_validators():
            try:
                validator.validate(password, user)
            except ValidationError:
                continue
            kept.append(validator.get_help_text())
        help_text = password_rules_help(kept)
        # The bound field copied the help when cleaning made it: both are changed.
        self.fields[name].help_text = self[name].help_text = help_text


class SignUpForm(RulesUnderThePassword, UserCreationForm):
    email = forms.EmailField(
        label=_("E-mail address (optional)"),
        required=False,
        help_text=_("Only for a new password if you forget yours; never shown to anyone."),
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")
        help_texts = {
            "username": _(
                "Shown on the leaderboard. Up to 150 letters, digits and @ . + - _ only."
            ),
        }

    def clean_username(self):
        username = super().clean_username()
        if not username:  # already refused (taken, in any case)
            return username
        if is_taken(username):  # in a case Django's own check does not fold (Greek)
            raise self.name_taken()
        if mixes_scripts(username):
            raise forms.ValidationError(
                _(
                    "A username must be written in one script: do not mix, e.g., Latin and Greek letters."
                ),
                code="username_mixed_scripts",
            )
        # Django writes the name in NFKC, which turns some look-alikes into letters
        # that no longer look alike (Greek lunate ``ϲ`` into ``σ``): the name as typed
        # is compared too.
        typed = str(self.data.get("username", ""))
        if any(looks_like_an_existing_name(name) for name in {username, typed}):
            raise forms.ValidationError(
                _("This username looks too much like another player's. Choose another."),
                code="username_confusable",
            )
        return username

    def name_taken(self) -> forms.ValidationError:
        """Django's own "already exists" error, in the visitor's language."""
        return forms.ValidationError(
            self.instance.unique_error_message(self._meta.model, ["username"]).message,
            code="unique",
        )


class NoNameOverTheLimit:
    """Django's sign-in forms cap the username's length in the browser only (their
    ``max_length`` is set after the field is made, so no validator checks it): a longer
    name went on to be checked, and django-axes recorded its failure with the whole name,
    which PostgreSQL refuses for its column (a 500). No account has a longer name: it is
    a wrong sign-in, refused before any password is checked (the client address's count
    of tries, accounts/throttle.py, still counts it)."""

    def clean(self):
        username = self.cleaned_data.get("username")
        limit = self.fields["username"].max_length
        if username and limit and len(username) > limit:
            raise self.get_invalid_login_error()
        return super().clean()


class SignInForm(NoNameOverTheLimit, AuthenticationForm):
    """Django's sign-in form with a plain "wrong username or password" message: Django's
    German drops the word "correct" (it reads as if the fields were left empty) and its
    Indonesian repeats "nama pengguna"."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _("Wrong username or password. Mind upper and lower case."),
    }


class SitePasswordChangeForm(RulesUnderThePassword, PasswordChangeForm):
    """Django's password change, with the rules' errors under the new password."""


class SiteSetPasswordForm(RulesUnderThePassword, SetPasswordForm):
    """Django's new password after a reset link, with the rules' errors under it."""


class SitePasswordResetForm(PasswordResetForm):
    """Django's "forgot password" form, its field named as the sign-up form names it:
    Django's own label is a bare "Email" in some languages, beside the site's "E-mail
    address" elsewhere."""

    email = forms.EmailField(
        label=_("E-mail address"),
        max_length=254,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
