"""The site's own pages: the redirect from / and the home page."""

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers


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
    return render(request, "home.html")
