"""The site's own pages: the redirect from /, the home page and "page not found"."""

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from mahjongsite.home import PICTURE, game_in_progress


@require_safe
@vary_on_headers("Accept-Language", "Cookie")
def language_redirect(request: HttpRequest) -> HttpResponse:
    """Send / to the home page in the visitor's best language, Swedish when none matches.

    ``get_language_from_request`` looks at the language cookie and then Accept-Language,
    and falls back to ``LANGUAGE_CODE`` (Swedish).
    """
    language = translation.get_language_from_request(request)
    if language not in dict(settings.LANGUAGES):
        language = settings.LANGUAGE_CODE
    with translation.override(language):
        return HttpResponseRedirect(reverse("home"))


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return render(
        request, "home.html", {"in_progress": game_in_progress(request), "picture": PICTURE}
    )


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """A translated 404 page (the API's JSON error for an address under the API): in the language of the path's prefix when it is one of
    ours, otherwise (e.g. /xx/) in the language the browser asks for, else Swedish.

    The language switcher points to each language's home page, since the missing page
    has no translation, and the page offers no hreflang alternates.
    """
    from mahjongsite.errors import is_api

    if is_api(request):  # an address under the API that names nothing: its JSON error
        from game.json_api import error_response
        from mahjongsite.json_api import request_language

        with translation.override(request_language(request)):
            return error_response("no_such_address")
    # Without a prefix of ours, the visitor's browser says which language to answer in,
    # as the prefix-less redirects do (a German visitor at /nothing/ reads German).
    language = translation.get_language_from_path(
        request.path_info
    ) or translation.get_language_from_request(request)
    others = []
    for code, _name in settings.LANGUAGES:
        if code != language:
            with translation.override(code):
                home_url = reverse("home")
            others.append(
                {
                    "code": code,
                    "name": translation.get_language_info(code)["name_local"],
                    "url": home_url,
                }
            )
    with translation.override(language):
        return render(request, "404.html", {"other_languages": others}, status=404)
