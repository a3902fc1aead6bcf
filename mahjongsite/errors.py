"""The answer when the site cannot do its work for a moment: a 503, never a traceback.

While the database is unreachable (restarting, failing over) every request that needs
it fails with a database error. Django turns any uncaught exception into the 500
handler below; for a database error it answers 503 with ``Retry-After`` instead: the
API's JSON error for an address of the API (its URL namespace ``api``), else a small
translated page. The page does not extend
base.html, whose header reads the signed-in user (and so the database). Connections are
checked before reuse (``CONN_HEALTH_CHECKS``), so the site recovers by itself as soon as
the database is back.
"""

from __future__ import annotations

import sys

from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse, HttpResponseServerError
from django.template import loader
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.defaults import server_error as django_server_error

RETRY_AFTER_SECONDS = "5"


def _is_api(request: HttpRequest) -> bool:
    """Whether the request is for the JSON API: its address resolves in the ``api``
    namespace (the URLconf says where the API lives; no path is written here)."""
    match = getattr(request, "resolver_match", None)
    if match is None:  # the error came before the view was resolved
        try:
            match = resolve(request.path_info)
        except Resolver404:
            return False
    return match.namespace == "api"


def _language(request: HttpRequest) -> str:
    from game.api import request_language  # the API's rule: ?lang=, cookie, Accept-Language

    if _is_api(request):
        return request_language(request)
    return translation.get_language_from_path(request.path_info) or request_language(request)


def service_unavailable(request: HttpRequest) -> HttpResponse:
    from game.api import error_response

    with translation.override(_language(request)):
        message = _("The service is unavailable for a moment. Try again shortly.")
        if _is_api(request):
            response = error_response("unavailable")
        else:
            html = loader.render_to_string(
                "503.html", {"LANGUAGE_CODE": translation.get_language(), "message": message}
            )
            response = HttpResponse(html, status=503)
    response["Retry-After"] = RETRY_AFTER_SECONDS
    response["Cache-Control"] = "no-store"
    return response


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: 503 for a database outage, else Django's plain 500 page."""
    error = sys.exc_info()[1]
    if isinstance(error, DatabaseError):
        try:
            return service_unavailable(request)
        except Exception:  # noqa: BLE001 - the error page itself must never fail
            return HttpResponse(status=503, headers={"Retry-After": RETRY_AFTER_SECONDS})
    try:
        return django_server_error(request)
    except Exception:  # noqa: BLE001
        return HttpResponseServerError()
