"""The admin's sign-in, behind the site's own throttle.

Django's admin has a sign-in page of its own, which django-axes already counts per
username and address. Without more, it was a second door for spraying one password over
many names: the per-address count of the site's form (accounts/throttle.py) did not see
it, and a right password of an account that may not use the admin was counted nowhere,
though the answer (a refusal) differs from a wrong password's only for the guesser who
knows. Here both counts see every admin try, and such a right password is a failure in
both.
"""

from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.signals import user_login_failed
from django.core.exceptions import ValidationError
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.debug import sensitive_post_parameters

from . import throttle
from .forms import NoNameOverTheLimit
from .views import too_many_tries


def may_use_the_admin(user) -> bool:
    return user.is_active and user.is_staff


class AdminSignInForm(NoNameOverTheLimit, AdminAuthenticationForm):
    """The admin's form; an account it refuses after a right password is a failure for
    django-axes' count per username and address, as a wrong password is. A name longer
    than any account's is refused before it is checked, as on the site's form."""

    def confirm_login_allowed(self, user):
        try:
            super().confirm_login_allowed(user)
        except ValidationError:
            user_login_failed.send(
                sender=type(self),
                credentials={"username": user.get_username()},
                request=self.request,
            )
            raise


@sensitive_post_parameters("password")
@csrf_protect
@never_cache
def admin_sign_in(request, extra_context=None):
    """``/admin/login/``: the admin's own page, each POST counted per address."""
    if request.method != "POST":
        return admin.site.login(request, extra_context)
    with throttle.sign_in_try(request, may_enter=may_use_the_admin) as wait:
        if wait:
            return too_many_tries(request, wait)
        return admin.site.login(request, extra_context)


# The admin site's own sign-in form (the site reads it on each sign-in): set with the
# view that serves it, when the URLs are loaded.
admin.site.login_form = AdminSignInForm
