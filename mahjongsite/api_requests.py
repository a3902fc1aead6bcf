"""What the site's JSON APIs (the game's and the editor's) share about a request: the
language it is answered in, a CSRF check whose failure is a JSON error, the body's
declared length and the body read as a JSON object, and the error's shape."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import CsrfViewMiddleware
from django.utils import translation
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt


def request_language(request: HttpRequest) -> str:
    """``?lang=``, else the cookie or Accept-Language, else the default (Swedish)."""
    languages = dict(settings.LANGUAGES)
    asked = request.GET.get("lang", "").strip().lower()
    if asked in languages:
        return asked
    language = translation.get_language_from_request(request)
    return language if language in languages else settings.LANGUAGE_CODE


def error_answer(code: str, message: str, status: int, **extra) -> JsonResponse:
    """An API error: ``{"error": {"code", "message", …}}``."""
    return JsonResponse({"error": {"code": code, "message": message, **extra}}, status=status)


class JsonCsrfCheck(CsrfViewMiddleware):
    """Django's CSRF check, for views exempt from the middleware so that a failure is
    answered by ``reject()`` (the API's JSON error) instead of Django's HTML page."""

    def __init__(self, reject: Callable[[], HttpResponse]):
        super().__init__(lambda request: None)
        self.reject = reject

    def _reject(self, request, reason):  # Django's hook for a failed check
        return self.reject()

    def check(self, request: HttpRequest, view, args, kwargs) -> HttpResponse | None:
        """The failure's answer, or None when the request passes."""
        return self.process_view(request, view, args, kwargs)


def api_entry(methods: tuple[str, ...], refuse_method: Callable[[], HttpResponse]):
    """The outside of an API view: never cached, answered in the request's language, a
    method not in ``methods`` refused with ``refuse_method()`` and ``Allow``. It is
    exempt from the CSRF middleware: the view checks with :class:`JsonCsrfCheck`, so
    that a failure is answered in JSON."""

    def decorate(view):
        @wraps(view)
        @csrf_exempt
        @never_cache
        def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            with translation.override(request_language(request)):
                if request.method not in methods:
                    response = refuse_method()
                    response["Allow"] = ", ".join(methods)
                    return response
                return view(request, *args, **kwargs)

        return wrapper

    return decorate


def declared_length(request: HttpRequest) -> int:
    """The body's length as ``Content-Length`` declares it (0 when absent or garbled)."""
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


def json_object(body: bytes) -> dict | None:
    """The body as a JSON object (an empty body is ``{}``), or None when it is not one."""
    if not body.strip():
        return {}
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError, RecursionError):
        # RecursionError: JSON nested deeper than Python's stack, e.g. "[" * 2000.
        return None
    return data if isinstance(data, dict) else None
