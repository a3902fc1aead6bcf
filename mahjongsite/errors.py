"""The site's error answers: never Django's English defaults, never a traceback.

- 400 (a bad request, e.g. a Host the site does not serve), 403 (a failed CSRF check or
  a refused permission) and 500: a small translated page, or the API's JSON error for an
  address of the API. The pages are ``templates/error.html``: no inline style or script,
  so the Content Security Policy allows them whole, and nothing that reads the database
  or the request's host (which may be the bad part of the request).
- A database outage: a 503, below.

While the database is unreachable (restarting, failing over) every request that needs
it fails with a database error. Django turns any uncaught exception into the 500
handler below; for an error that says the database cannot be reached
(:func:`lost_database`) it answers 503 with ``Retry-After`` instead: the
API's JSON error for an address of the API (its URL namespace ``api``), else a small
translated page. The page does not extend
base.html, whose header reads the signed-in user (and so the database). Connections are
checked before reuse (``CONN_HEALTH_CHECKS``), so the site recovers by itself as soon as
the database is back.
"""

from __future__ import annotations

import sqlite3
import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, HttpResponseServerError
from django.template import loader
from django.urls import NoReverseMatch, Resolver404, resolve, reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from mahjongsite.json_api import request_language

RETRY_AFTER_SECONDS = "5"


def api_root() -> str:
    """Where the API lives, from the URLconf: the path of its health check
    without the last part."""
    return reverse("api:health").rsplit("/", 1)[0] + "/"


def is_api(request: HttpRequest) -> bool:
    """Whether the request is for the JSON API: its address resolves in the ``api``
    namespace, or lies under the API's root when it resolves to nothing (the URLconf
    says where the API lives; no path is written here)."""
    match = getattr(request, "resolver_match", None)
    if match is None:  # the error came before the view was resolved
        try:
            match = resolve(request.path_info)
        except Resolver404:
            try:
                return request.path_info.startswith(api_root())
            except NoReverseMatch:
                return False
    return match.namespace == "api"


def _language(request: HttpRequest) -> str:
    if is_api(request):
        return request_language(request)
    return translation.get_language_from_path(request.path_info) or request_language(request)


def service_unavailable(request: HttpRequest) -> HttpResponse:
    from game.json_api import error_response

    with translation.override(_language(request)):
        message = _("The service is unavailable for a moment. Try again shortly.")
        if is_api(request):
            response = error_response("unavailable")
        else:
            html = loader.render_to_string(
                "503.html", {"LANGUAGE_CODE": translation.get_language(), "message": message}
            )
            response = HttpResponse(html, status=503)
    response["Retry-After"] = RETRY_AFTER_SECONDS
    response["Cache-Control"] = "no-store"
    return response


#: Each error page: its title and what it tells the visitor, and the API's error code.
ERROR_PAGES = {
    400: (
        gettext_lazy("Bad request"),
        gettext_lazy(
            "The site could not understand this request. Check the address and try again."
        ),
        "bad_request",
    ),
    403: (
        gettext_lazy("Access denied"),
        gettext_lazy("You may not open this page."),
        "forbidden",
    ),
    "csrf": (
        gettext_lazy("The form has expired"),
        gettext_lazy(
            "The form could not be verified, so nothing was sent. Your browser may have "
            "blocked cookies, or the page was open too long. Reload the page and try again."
        ),
        "csrf_failed",
    ),
    500: (
        gettext_lazy("Something went wrong"),
        gettext_lazy(
            "The site made an error and could not answer. It has been noted; try again in a moment."
        ),
        "server_error",
    ),
}


def error_page(request: HttpRequest, kind, status: int) -> HttpResponse:
    """The translated error page (or the API's JSON error) for ``kind``, with ``status``."""
    from game.json_api import error_response

    title, message, code = ERROR_PAGES[kind]
    with translation.override(_language(request)):
        if is_api(request):
            response = error_response(code)
        else:
            html = loader.render_to_string(
                "error.html",
                {
                    "LANGUAGE_CODE": translation.get_language(),
                    "title": title,
                    "message": message,
                    "home_url": reverse("home"),
                },
            )
            response = HttpResponse(html, status=status)
    response["Cache-Control"] = "no-store"
    return response


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """handler400: a bad request (a Host the site does not serve, a malformed cookie…)."""
    return _never_failing(lambda: error_page(request, 400, 400), 400)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """handler403."""
    return _never_failing(lambda: error_page(request, 403, 403), 403)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """CSRF_FAILURE_VIEW: a form sent without a valid CSRF token."""
    return _never_failing(lambda: error_page(request, "csrf", 403), 403)


#: SQLSTATE classes of PostgreSQL that mean "the database cannot be reached now":
#: connection exceptions (08), too many connections or no memory (53), the server
#: shutting down or restarting (57P01 to 57P03).
_UNREACHABLE_STATES = ("08", "53", "57P01", "57P02", "57P03")
#: SQLite's words for a database file it cannot reach (a full or unmounted disk).
_UNREACHABLE_FILE = ("unable to open database file", "disk i/o error")


def lost_database(error: BaseException | None) -> bool:
    """Whether ``error`` says that the database cannot be reached (down, restarting,
    failing over, out of connections), which a retry in a moment mends: answered 503.
    Any other database error (a constraint, a query the database refuses, SQLite's
    "database is locked" after its wait) is a bug or an overload to fix: a 500, with
    its traceback logged."""
    if isinstance(error, InterfaceError):  # the connection was closed under the site
        return True
    if not isinstance(error, OperationalError):
        return False
    cause = error.__cause__
    state = getattr(cause, "sqlstate", None) or getattr(cause, "pgcode", None)
    if state:
        return state.startswith(_UNREACHABLE_STATES)
    if isinstance(cause, sqlite3.Error):
        return str(cause).lower().startswith(_UNREACHABLE_FILE)
    # No SQLSTATE: the driver could not connect at all (refused, timed out, no host).
    return True


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: 503 when the database cannot be reached, else the translated 500
    page (Django has logged the error's traceback)."""
    error = sys.exc_info()[1]
    if lost_database(error):
        try:
            return service_unavailable(request)
        except Exception:  # noqa: BLE001 - the error page itself must never fail
            return HttpResponse(status=503, headers={"Retry-After": RETRY_AFTER_SECONDS})
    return _never_failing(lambda: error_page(request, 500, 500), 500)


def _never_failing(render, status: int) -> HttpResponse:
    try:
        return render()
    except Exception:  # noqa: BLE001 - the error page itself must never fail
        if status == 500:
            return HttpResponseServerError()
        return HttpResponse(status=status)
