"""robots.txt, the web app manifest, the service worker, the favicon and the offline page."""

from __future__ import annotations

import functools
import hashlib
import json
import os

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import FileResponse, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

#: Static files the service worker keeps from its first start: what the pages that open
#: offline (home, rules, practice, the offline page) need; the home page's picture draws
#: its tiles from the tile set's sprite; the text font's files for the Latin and Greek
#: pages.
PRECACHED_STATIC = [
    "css/site.css",
    "fonts/source-sans-3-latin.woff2",
    "fonts/source-sans-3-greek.woff2",
    "css/home.css",
    "tiles/classic.svg",
    "js/install.js",
    "js/site-menu.js",
    "js/theme.js",
    "js/practice.js",
    "favicon.svg",
    "img/icon-192.png",
]

#: The pages of each language the service worker fetches for offline reading once that
#: language has been read (by URL name), and the one it shows for any other page.
OFFLINE_PAGES = ["home", "rules", "practice", "offline"]

#: The site's green: the manifest's theme and background, the browser's bar.
THEME_COLOR = "#1d6b4f"

#: Pages crawlers have no business reading, under each language: personal pages, the
#: offline fallback (and the account pages, see robots_txt).
PRIVATE_PAGES = ["stats", "offline", "editor"]


def _server_only_prefixes() -> list[str]:
    """The API's and the admin's paths: never kept by the service worker, never crawled."""
    return [reverse("api:health").rsplit("/", 1)[0] + "/", reverse("admin:index")]


def _languages() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


@require_safe
@cache_control(max_age=86400, public=True)
def robots_txt(request: HttpRequest) -> HttpResponse:
    lines = ["User-agent: *"]
    lines += [f"Disallow: {prefix}" for prefix in _server_only_prefixes()]
    for code in _languages():
        with translation.override(code):
            lines.append(f"Disallow: {reverse('accounts:login').rsplit('/', 2)[0]}/")
            lines += [f"Disallow: {reverse(name)}" for name in PRIVATE_PAGES]
    lines.append(f"Sitemap: {request.build_absolute_uri(reverse('sitemap'))}")
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")


@require_safe
@cache_control(max_age=3600, public=True)
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest: in the language of the URL's prefix, starting on that
    language's home page; /manifest.json (no prefix) is the default language's and starts
    at /, which sends each visitor to their own language."""
    prefixed = translation.get_language_from_path(request.path_info)
    language = prefixed or settings.LANGUAGE_CODE
    with translation.override(language):
        data = {
            "id": "/",
            "name": _("Mahjong Solitaire"),
            "short_name": "Mahjong",
            "description": _(
                "Learn the rules of Mahjong Solitaire, practise with a short quiz and play."
            ),
            "lang": language,
            "dir": "ltr",
            "start_url": reverse("home") if prefixed else "/",
            "scope": "/",
            "display": "standalone",
            "orientation": "any",
            "background_color": THEME_COLOR,
            "theme_color": THEME_COLOR,
            "categories": ["games"],
            "icons": [
                {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png"},
                {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png"},
                {
                    "src": static("img/icon-maskable-512.png"),
                    "sizes": "512x512",
                    "type": "image/png",
                    "purpose": "maskable",
                },
                {"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
            ],
        }
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


def _offline_urls() -> dict[str, dict[str, str]]:
    urls = {}
    for code in _languages():
        with translation.override(code):
            urls[code] = {name: reverse(name) for name in OFFLINE_PAGES}
    return urls


def _precached_files() -> tuple[tuple[str, str | None, int | None], ...]:
    """Each kept static file's URL, where it lies and when it last changed: what the
    worker's version depends on, cheap to ask on every request."""
    files = []
    for path in PRECACHED_STATIC:
        found = finders.find(path)
        files.append((static(path), found, os.stat(found).st_mtime_ns if found else None))
    return tuple(files)


# Fixed, not a setting: the set of files changes only with a deploy (or a file edited
# under the dev server), so a process meets one or a few; 8 keep those and drop the
# stale ones.
@functools.lru_cache(maxsize=8)
def _service_worker_code(files: tuple[tuple[str, str | None, int | None], ...]) -> str:
    """The worker's code for these files, worked out once per process and set of files
    rather than on every visit (browsers ask for it on each navigation).

    Its version is a hash of everything it keeps: its own code, the URLs (hashed names in
    production) and the contents of the static files. Any change makes a new version,
    whose worker replaces the old one and deletes the old caches."""
    context = {
        "precache": json.dumps([url for url, _found, _stamp in files]),
        "pages": json.dumps(_offline_urls()),
        "default_language": json.dumps(settings.LANGUAGE_CODE),
        "static_url": json.dumps(settings.STATIC_URL),
        "network_only": json.dumps(_server_only_prefixes()),
    }
    digest = hashlib.sha256(render_to_string("webapp/sw.js", {**context, "version": ""}).encode())
    for url, found, _stamp in files:
        digest.update(url.encode())
        if found:
            with open(found, "rb") as file:
                digest.update(file.read())
    context["version"] = json.dumps(digest.hexdigest()[:16])
    return render_to_string("webapp/sw.js", context)


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, at the root so that its scope is the whole site. Browsers look
    for a new version on each visit (no-cache); its caches are named by its version."""
    response = HttpResponse(
        _service_worker_code(_precached_files()), content_type="text/javascript; charset=utf-8"
    )
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
@cache_control(max_age=86400, public=True)
def favicon(request: HttpRequest) -> FileResponse:
    return FileResponse(
        open(finders.find("favicon.ico"), "rb"), content_type="image/vnd.microsoft.icon"
    )


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    """What the service worker shows for a page that needs the server: says so, and links
    the pages that open without it."""
    return render(request, "webapp/offline.html")
