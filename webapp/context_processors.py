"""What every page's head says about the page to search engines and to link previews."""

from django.conf import settings
from django.http import HttpRequest
from django.templatetags.static import static
from django.urls import translate_url
from django.utils import translation

#: Open Graph's locale of each language (language_TERRITORY).
OG_LOCALES = {"sv": "sv_SE", "el": "el_GR", "de": "de_DE", "id": "id_ID"}


def page_meta(request: HttpRequest) -> dict:
    """``canonical_url``: this page without its query, in this language (none for a page
    that resolved to nothing, such as "page not found"); ``alternate_urls``: (language,
    URL) of the page in every language, without its query; ``x_default_url``: the page's path
    without its language prefix, which sends each visitor to their own language (as the
    sitemap's ``x-default``); ``social_image_url``: the picture of a board for link previews;
    ``og_locale`` and ``og_locale_alternates``."""
    current = translation.get_language()
    context = {
        "social_image_url": request.build_absolute_uri(static("img/social-board.png")),
        "og_locale": OG_LOCALES.get(current, current),
        "og_locale_alternates": [
            OG_LOCALES.get(code, code) for code, _name in settings.LANGUAGES if code != current
        ],
    }
    if getattr(request, "resolver_match", None) is not None:
        context["canonical_url"] = request.build_absolute_uri(request.path)
        context["alternate_urls"] = [
            (code, request.build_absolute_uri(translate_url(request.path, code)))
            for code, _name in settings.LANGUAGES
        ]
        prefix = f"/{current}/"
        if request.path.startswith(prefix):
            context["x_default_url"] = request.build_absolute_uri(
                "/" + request.path.removeprefix(prefix)
            )
    return context
