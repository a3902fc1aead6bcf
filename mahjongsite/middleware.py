"""Request middleware of the site as a whole."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

#: Language codes a browser may send for a language we serve under another code.
#: ``in`` is the old ISO 639 code for Indonesian, still sent by some Android browsers
#: and Java-based clients. ``ms`` is Malay: Malay and Indonesian are two standard forms of
#: one language, written with one spelling since 1972 and readable to each other's
#: speakers, so a Malay reader is far better served by /id/ than by the Swedish default.
#: Each keeps the weight (``q``) the browser gave it, so a language of ours that the
#: visitor ranks higher still wins.
LANGUAGE_ALIASES = {"in": "id", "ms": "id"}


def accept_language_with_aliases(header: str) -> str:
    """``header`` with every aliased primary subtag replaced, region and weight kept:
    ``"in-ID,ms;q=0.8"`` becomes ``"id-ID,id;q=0.8"``."""
    items = []
    for item in header.split(","):
        tag, semicolon, weight = item.strip().partition(";")
        primary, dash, rest = tag.strip().partition("-")
        alias = LANGUAGE_ALIASES.get(primary.lower())
        if alias:
            tag = f"{alias}{dash}{rest}"
        items.append(f"{tag}{semicolon}{weight}")
    return ",".join(items)


class LanguageAliasMiddleware:
    """Reads the aliases above into Accept-Language before ``LocaleMiddleware`` (and the
    redirect from /) choose a language, so ``in`` and ``ms`` get the Indonesian site, and
    the API answers them in Indonesian."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        header = request.META.get("HTTP_ACCEPT_LANGUAGE")
        if header:
            request.META["HTTP_ACCEPT_LANGUAGE"] = accept_language_with_aliases(header)
        return self.get_response(request)
