"""Template context shared by every page."""

from django.conf import settings
from django.http import HttpRequest
from django.urls import translate_url
from django.utils import translation


def other_languages(request: HttpRequest) -> dict:
    """The current page in each of the other languages, for the switcher and hreflang.

    Each entry has ``code``, ``name`` (the language's own name, e.g. "Deutsch"),
    ``url`` (path on this site) and ``absolute_url`` (for ``<link rel="alternate">``).
    """
    current = translation.get_language()
    languages = []
    for code, _name in settings.LANGUAGES:
        if code == current:
            continue
        url = translate_url(request.get_full_path(), code)
        languages.append(
            {
                "code": code,
                "name": translation.get_language_info(code)["name_local"],
                "url": url,
                "absolute_url": request.build_absolute_uri(url),
            }
        )
    return {"other_languages": languages}
