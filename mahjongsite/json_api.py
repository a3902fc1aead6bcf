"""The site's JSON API layer: the game's, the daily deal's and the editor's APIs all
answer through it, so each of these is said in this one place:

- the error's shape, ``{"error": {"code", "message", …}}`` (:func:`error_body`), its
  status and its message in the request's language, from the code an API registered
  (:class:`JsonApi`, with the API's domain exceptions and the error each one is);
- the checks around every view (:meth:`JsonApi.view`): a method it does not take
  refused with ``Allow``, the body's size, the CSRF check answered in JSON, a body that
  is not JSON, the API's own guard (the editor's sign-in), the rate limit answered 429
  with ``Retry-After``; the request's language (``?lang=``, the cookie,
  Accept-Language) and no caching;
- what each view may answer, per method: its success status and its error codes
  (:class:`Operation`), so that its statuses follow from the codes and
  docs/openapi.json is checked against them (tests/api/test_openapi.py).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import wraps

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured, RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import CsrfViewMiddleware
from django.utils import translation
from django.utils.functional import Promise
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django_ratelimit import ALL as ALL_METHODS
from django_ratelimit.decorators import ratelimit
from django_ratelimit.exceptions import Ratelimited

from mahjongsite.client_ip import ratelimit_key
from mahjongsite.rates import retry_after_seconds

logger = logging.getLogger(__name__)

#: Statuses the load balancer answers at any address of the API, before or instead of
#: the app (deploy/nginx.conf): a body over its limit (413), an address too long (414),
#: no app server answering (503, which the app also answers when its database is out).
EDGE_STATUSES = frozenset({413, 414, 503})
#: Methods whose body a view reads, and that the CSRF check guards.
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})


def request_language(request: HttpRequest) -> str:
    """``?lang=``, else the cookie or Accept-Language, else the default (Swedish)."""
    languages = dict(settings.LANGUAGES)
    asked = request.GET.get("lang", "").strip().lower()
    if asked in languages:
        return asked
    language = translation.get_language_from_request(request)
    return language if language in languages else settings.LANGUAGE_CODE


def error_body(code: str, message: str, **extra) -> dict:
    """The one shape of an API error (the gunicorn worker writes it too)."""
    return {"error": {"code": code, "message": message, **extra}}


class ApiError(Exception):
    """An error a view answers: its code, the parameters of its message and any fields
    the error adds to the answer (``extra``)."""

    def __init__(self, code: str, /, *, extra: Mapping | None = None, **params):
        super().__init__(code)
        self.code = code
        self.params = params
        self.extra = dict(extra or {})


#: A message: a (lazy) text with ``%(name)s`` parameters, or a function of them.
Message = str | Promise | Callable[..., str]


@dataclass(frozen=True)
class Refusals:
    """An API's codes for what the layer itself refuses; ``not_json`` None takes a body
    of any media type."""

    method: str = "method_not_allowed"
    csrf: str = "csrf_failed"
    too_large: str = "body_too_large"
    rate: str = "rate_limited"
    invalid_json: str = "invalid_json"
    not_json: str | None = "unsupported_media_type"


@dataclass(frozen=True)
class Guard:
    """A check of the API's own before any view runs: ``passes(request)`` or ``code``."""

    code: str
    passes: Callable[[HttpRequest], bool]


@dataclass(frozen=True)
class Operation:
    """What a view answers to one method: its success status and every error code."""

    success: int
    codes: frozenset[str]


class JsonApi:
    """One JSON API: its error codes, each with its status and message
    (``errors[code] = (status, message)``), the domain exceptions its views raise
    (:meth:`register`), and the decorator of its views (:meth:`view`)."""

    def __init__(
        self,
        errors: Mapping[str, tuple[int, Message]],
        *,
        body_limit: Callable[[], int],
        refusals: Refusals = Refusals(),
        guard: Guard | None = None,
    ):
        self.errors = errors
        self.body_limit = body_limit
        self.refusals = refusals
        self.guard = guard
        self._exceptions: list[tuple[type[Exception], Callable[[Exception], ApiError]]] = []
        layer_codes = {getattr(refusals, name) for name in vars(refusals)} - {None}
        if guard is not None:
            layer_codes.add(guard.code)
        if layer_codes - set(errors):
            missing = sorted(layer_codes - set(errors))
            raise ImproperlyConfigured(f"API codes without a status and message: {missing}")

    def register(
        self, exception: type[Exception], to_error: Callable[[Exception], ApiError] | None = None
    ) -> None:
        """Answer ``exception`` as ``to_error(exception)``; by default its ``reason``
        is the code."""
        self._exceptions.append((exception, to_error or (lambda error: ApiError(error.reason))))

    def status(self, code: str) -> int:
        return self.errors[code][0]

    def message(self, code: str, params: Mapping) -> str:
        message = self.errors[code][1]
        if callable(message):
            return message(**params)
        return str(message) % params if params else str(message)

    def response(self, error: ApiError) -> JsonResponse:
        """The error's answer, in the active language."""
        body = error_body(error.code, self.message(error.code, error.params), **error.extra)
        return JsonResponse(body, status=self.status(error.code))

    def error(self, code: str, **params) -> JsonResponse:
        return self.response(ApiError(code, **params))

    def json_body(self, request: HttpRequest) -> dict:
        """The body as a JSON object (an empty body is ``{}``), else ``invalid_json``."""
        data = json_object(request.body)
        if data is None:
            raise ApiError(self.refusals.invalid_json)
        return data

    def operation(self, method: str, answers: tuple[int | str, ...], rate: str | None) -> Operation:
        """The view's declaration for ``method``, with the codes the layer may answer."""
        success = next((a for a in answers if isinstance(a, int)), 200)
        codes = {a for a in answers if isinstance(a, str)} | {self.refusals.too_large}
        if method not in _SAFE_METHODS:
            codes.add(self.refusals.csrf)
            if self.refusals.not_json:
                codes.add(self.refusals.not_json)
        if self.guard is not None:
            codes.add(self.guard.code)
        if rate is not None:
            codes.add(self.refusals.rate)
        if codes - set(self.errors):
            unknown = sorted(codes - set(self.errors))
            raise ImproperlyConfigured(f"{method}: codes the API does not have: {unknown}")
        return Operation(success, frozenset(codes))

    def statuses(self, operation: Operation) -> set[int]:
        """Every status the operation may answer, the load balancer's included."""
        return {operation.success, *map(self.status, operation.codes), *EDGE_STATUSES}

    def view(self, *, rate: str | None = None, **methods: tuple[int | str, ...]):
        """The decorator of a view that takes ``methods``, each with what it answers:
        its success status (200 unless named) and the error codes its own code raises,
        e.g. ``view(POST=(201, "invalid_json"))``. ``rate``: the group of
        ``settings.RATE_LIMITS`` that limits it, per client address."""
        operations = {
            method.upper(): self.operation(method.upper(), answers, rate)
            for method, answers in methods.items()
        }
        allow = ", ".join(operations)

        def decorate(view):
            inner = view
            if rate is not None:
                inner = ratelimit(
                    group=rate, key=ratelimit_key, rate=_rate, method=ALL_METHODS, block=True
                )(view)

            @wraps(view)
            @csrf_exempt
            @never_cache
            def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
                with translation.override(request_language(request)):
                    operation = operations.get(request.method)
                    if operation is None:
                        response = self.response(ApiError(self.refusals.method))
                        response["Allow"] = allow
                        return response
                    try:
                        self._check(request, view, args, kwargs)
                        return inner(request, *args, **kwargs)
                    except Exception as exception:  # noqa: BLE001 - re-raised unless known
                        error = self._error_for(exception, rate)
                        if error is None:
                            raise
                    if error.code not in operation.codes:
                        logger.error(
                            "%s %s answered %s, which its view does not declare",
                            request.method,
                            request.path,
                            error.code,
                        )
                    response = self.response(error)
                    if error.code == self.refusals.rate and rate is not None:
                        response["Retry-After"] = str(retry_after_seconds(_rate(rate, request)))
                    return response

            wrapper.api = self
            wrapper.operations = operations
            return wrapper

        return decorate

    def _check(self, request: HttpRequest, view, args, kwargs) -> None:
        """The checks before the view, in order; each failure is raised as its error."""
        # The body is read before the CSRF check: the check reads request.POST, after
        # which a multipart body could no longer be read as bytes.
        limit = self.body_limit()
        if _declared_length(request) > limit or len(request.body) > limit:
            raise ApiError(self.refusals.too_large)
        if not _CSRF.passes(request, view, args, kwargs):
            raise ApiError(self.refusals.csrf)
        if (
            self.refusals.not_json
            and request.method not in _SAFE_METHODS
            and request.body.strip()
            and not _is_json(request)
        ):
            raise ApiError(self.refusals.not_json)
        if self.guard is not None and not self.guard.passes(request):
            raise ApiError(self.guard.code)

    def _error_for(self, exception: Exception, rate: str | None) -> ApiError | None:
        if isinstance(exception, ApiError):
            return exception
        if isinstance(exception, RequestDataTooBig):
            return ApiError(self.refusals.too_large)
        if isinstance(exception, Ratelimited) and rate is not None:
            return ApiError(self.refusals.rate)
        for kind, to_error in self._exceptions:
            if isinstance(exception, kind):
                return to_error(exception)
        return None


def _rate(group: str, request: HttpRequest) -> str:
    """The group's rate, read from the settings on each request."""
    return settings.RATE_LIMITS[group]


class _CsrfCheck(CsrfViewMiddleware):
    """Django's CSRF check, for views exempt from the middleware so that a failure is
    answered by the API's JSON error instead of Django's HTML page."""

    def __init__(self):
        super().__init__(lambda request: None)

    def _reject(self, request, reason):  # Django's hook for a failed check
        return HttpResponse(status=403)

    def passes(self, request: HttpRequest, view, args, kwargs) -> bool:
        return self.process_view(request, view, args, kwargs) is None


_CSRF = _CsrfCheck()


def _is_json(request: HttpRequest) -> bool:
    """Whether the body says it is JSON (``application/json`` or a ``+json`` type)."""
    content_type = (request.content_type or "").lower()
    return content_type == "application/json" or content_type.endswith("+json")


def _declared_length(request: HttpRequest) -> int:
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
