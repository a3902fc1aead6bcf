"""Sign up, sign in, sign out and change password, on Django's auth views.

Sign-in is throttled by django-axes (see ``AXES_*`` in the settings); a locked
visitor sees ``accounts/locked_out.html``. Signing in or up gives the new user the games
of the session they played in while signed out (Django gives the session a new key at
sign-in, so the old key is read first), and the game in progress goes on.
"""

import math
from urllib.parse import quote, urlsplit

from axes.models import AccessAttempt
from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.decorators import method_decorator
from django.utils.translation import gettext_lazy as _
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods, require_safe
from django_ratelimit.decorators import ratelimit

from game.services import games_claim_for_user
from mahjongsite.client_ip import ratelimit_key
from mahjongsite.rates import retry_after_seconds
from wording import formatting

from . import throttle
from .data import player_data
from .forms import (
    SignInForm,
    SignUpForm,
    SitePasswordChangeForm,
    SitePasswordResetForm,
    SiteSetPasswordForm,
)


def _signup_rate(group, request):
    return settings.RATE_LIMITS["signup"]


@sensitive_post_parameters("password1", "password2")
@require_http_methods(["GET", "HEAD", "POST"])
@ratelimit(group="signup", key=ratelimit_key, rate=_signup_rate, method="POST", block=False)
def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    if request.limited:
        response = render(request, "accounts/too_many_signups.html", status=429)
        response["Retry-After"] = str(retry_after_seconds(settings.RATE_LIMITS["signup"]))
        return response
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save(commit=False)  # the password is hashed before any lock is taken
        try:
            _join(request, user)
        except NameTakenMeanwhile:
            form.add_error("username", form.name_taken())
            return render(request, "accounts/signup.html", {"form": form})
        # Said once on the next page: only the header's username showed that it worked.
        messages.success(
            request,
            _(
                # Translators: shown once after signing up. %(username)s: the new
                # account's username.
                "Welcome, %(username)s! Your account is ready, and your games are now "
                "counted in your statistics."
            )
            % {"username": user.get_username()},
        )
        return redirect("home")
    return render(request, "accounts/signup.html", {"form": form})


class NameTakenMeanwhile(Exception):
    """A parallel sign-up committed a name alike first (the database refused this one)."""


def _join(request, user) -> None:
    """Create the account, sign it in and give it the visitor's games, all or nothing:
    if any step fails, no account exists and the visitor keeps their games."""
    visitor_session = request.session.session_key
    with transaction.atomic():
        try:
            with transaction.atomic():
                user.save()  # and its name key (accounts/usernames.py), unique
        except IntegrityError:
            raise NameTakenMeanwhile from None
        # The backend must be named: axes adds a second authentication backend.
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        games_claim_for_user(user_id=user.pk, session_key=visitor_session)


def too_many_tries(request, wait: int) -> HttpResponse:
    minutes = max(1, math.ceil(wait / 60))
    response = render(
        request,
        "accounts/too_many_tries.html",
        {"wait_seconds": wait, "wait_minutes": minutes},
        status=429,
    )
    response["Retry-After"] = str(wait)
    return response


class SignInView(auth_views.LoginView):
    """Sign-in, with failures counted per client address across usernames (on top of
    django-axes' count per username and address): slowed down, then refused."""

    template_name = "accounts/login.html"
    authentication_form = SignInForm
    redirect_authenticated_user = True

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        # Sent here from the editor: the page says why an account is asked for.
        context["for_editor"] = urlsplit(context.get("next") or "").path == reverse("editor")
        return context

    def post(self, request, *args, **kwargs):
        with throttle.sign_in_try(request) as wait:
            if wait:
                return too_many_tries(request, wait)
            return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        visitor_session = self.request.session.session_key
        # Signed in with the visitor's games, or not at all (the session is saved only
        # with an answer below 500, so a failed claim leaves the visitor as they were).
        with transaction.atomic():
            response = super().form_valid(form)  # signs in: the session gets a new key
            games_claim_for_user(user_id=form.get_user().pk, session_key=visitor_session)
        return response


class SignOutView(auth_views.LogoutView):
    """POST only (Django's LogoutView refuses GET)."""


class PasswordChangeView(auth_views.PasswordChangeView):
    """Password change; wrong old passwords are counted per account and refused past
    ``PASSWORD_CHANGE_FAILURE_LIMIT`` in the window (a stolen session cannot guess it)."""

    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("accounts:password_change_done")
    form_class = SitePasswordChangeForm

    def _key(self) -> str:
        return str(self.request.user.pk)

    def post(self, request, *args, **kwargs):
        # Counted before the old password is checked, in one step with the check
        # (accounts/throttle.py), and taken back unless the old password was wrong.
        policy = throttle.password_change_policy()
        wait, stamp = throttle.attempt(policy, self._key())
        if wait:
            return too_many_tries(request, wait)
        self.wrong_old_password = False
        try:
            return super().post(request, *args, **kwargs)
        finally:
            if not self.wrong_old_password:
                throttle.release(policy, self._key(), stamp)

    def form_invalid(self, form):
        self.wrong_old_password = "old_password" in form.errors
        return super().form_invalid(form)


class PasswordChangeDoneView(auth_views.PasswordChangeDoneView):
    template_name = "accounts/password_change_done.html"


def _password_reset_rate(group, request):
    return settings.RATE_LIMITS["password_reset"]


def _password_reset_address_rate(group, request):
    return settings.RATE_LIMITS["password_reset_address"]


def _asked_address(group, request) -> str:
    """The address asked for, as the accounts' lookup compares it (case-insensitive):
    mails to one account are limited whatever client address asks."""
    return request.POST.get("email", "").strip().lower()


@method_decorator(
    ratelimit(
        group="password_reset",
        key=ratelimit_key,
        rate=_password_reset_rate,
        method="POST",
        block=False,
    ),
    name="post",
)
@method_decorator(
    ratelimit(
        group="password_reset_address",
        key=_asked_address,
        rate=_password_reset_address_rate,
        method="POST",
        block=False,
    ),
    name="post",
)
class PasswordResetView(auth_views.PasswordResetView):
    """The "Forgot your password?" page: Django's view (a link that works once, for
    PASSWORD_RESET_TIMEOUT), the mail in the request's language; the same answer
    whether or not an account has that address, and limited per client address and
    per address asked for (the same 429 whether or not an account has it)."""

    form_class = SitePasswordResetForm
    template_name = "registration/password_reset_form.html"
    email_template_name = "registration/password_reset_email.txt"
    subject_template_name = "registration/password_reset_subject.txt"
    success_url = reverse_lazy("accounts:password_reset_done")

    @property
    def extra_email_context(self):
        # A span of time in the request's language ("en timme", «μία ώρα»): readers
        # found "60 minutes" odd where their language says an hour.
        return {"duration": formatting.span(settings.PASSWORD_RESET_TIMEOUT * 1000)}

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), **self.extra_email_context}

    def post(self, request, *args, **kwargs):
        if getattr(request, "limited", False):
            wait = max(
                retry_after_seconds(settings.RATE_LIMITS[name])
                for name in ("password_reset", "password_reset_address")
            )
            response = render(request, "registration/password_reset_limited.html", status=429)
            response["Retry-After"] = str(wait)
            return response
        return super().post(request, *args, **kwargs)


class PasswordResetDoneView(auth_views.PasswordResetDoneView):
    template_name = "registration/password_reset_done.html"


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    template_name = "registration/password_reset_confirm.html"
    success_url = reverse_lazy("accounts:password_reset_complete")
    form_class = SiteSetPasswordForm


class PasswordResetCompleteView(auth_views.PasswordResetCompleteView):
    template_name = "registration/password_reset_complete.html"


class DeleteAccountForm(forms.Form):
    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, user, *args, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("That is not your password."), code="password_incorrect")
        return password


@login_required
@sensitive_post_parameters("password")
@require_http_methods(["GET", "HEAD", "POST"])
def delete_account(request):
    """Delete my account, after the password: the user, their games and best times go
    (their ranked results leave the boards); nothing of them is kept. Wrong passwords
    count as on the password-change form."""
    key, policy = str(request.user.pk), throttle.password_change_policy()
    form = DeleteAccountForm(request.user, request.POST or None)
    if request.method == "POST":
        # Counted in one step with the check, taken back if the password was right.
        wait, stamp = throttle.attempt(policy, key)
        if wait:
            return too_many_tries(request, wait)
        if form.is_valid():
            throttle.release(policy, key, stamp)
            user = request.user
            username = user.get_username()
            logout(request)
            user.delete()  # games and best times go with it (on_delete=CASCADE)
            AccessAttempt.objects.filter(username=username).delete()
            return render(request, "accounts/deleted.html")
    return render(request, "accounts/delete.html", {"form": form})


@login_required
@require_safe
def download_data(request):
    """Download my data: the account, games, times and statistics, as JSON."""
    response = JsonResponse(player_data(request.user), json_dumps_params={"indent": 1})
    name = f"mahjong-{request.user.get_username()}.json"
    response["Content-Disposition"] = f"attachment; filename*=UTF-8''{quote(name)}"
    return response


@require_safe
def account(request):
    """The account page: change password, download, delete."""
    if not request.user.is_authenticated:
        return redirect("accounts:login")
    return render(request, "accounts/account.html")


@require_safe
def privacy(request):
    """What the site keeps, why, and for how long (the numbers are the settings')."""
    context = {
        "session_days": settings.SESSION_COOKIE_AGE // 86400,
        "address_minutes": settings.LOGIN_ADDRESS_WINDOW_MINUTES,
        "lockout_minutes": int(settings.AXES_COOLOFF_TIME.total_seconds() // 60),
        "reset_duration": formatting.span(settings.PASSWORD_RESET_TIMEOUT * 1000),
        "cookie_days": settings.MAHJONG_DEVICE_COOKIE_DAYS,
        "trace_days": settings.MAHJONG_DAILY_TRACE_DAYS,
        "hold_address": settings.MAHJONG_HOLD_SHARED_ADDRESS,
    }
    return render(request, "privacy.html", context)


def locked_out(request, original_response=None, credentials=None):
    """What django-axes answers once sign-in is locked: a page in the visitor's language."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    response = render(request, "accounts/locked_out.html", {"cooloff_minutes": minutes}, status=429)
    response["Retry-After"] = str(int(settings.AXES_COOLOFF_TIME.total_seconds()))
    return response
