"""The site as search engines and browsers find it: robots.txt, the sitemap, each page's
canonical and alternate links and link-preview tags, the manifest, the icons and the
service worker's script."""

from __future__ import annotations

import json
import re
import struct
from xml.etree import ElementTree

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import translation

from webapp import views as webapp_views
from webapp.sitemaps import PUBLIC_PAGES

LANGUAGES = [code for code, _name in settings.LANGUAGES]
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
XHTML = "{http://www.w3.org/1999/xhtml}"
BASE = "http://testserver"


def _page_url(name: str, language: str) -> str:
    with translation.override(language):
        return BASE + reverse(name)


def _png_size(path) -> tuple[int, int]:
    data = open(path, "rb").read(24)
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", data[16:24])


@pytest.fixture
def client(practice_content) -> Client:
    return Client()


def test_robots_txt_names_the_sitemap_and_keeps_crawlers_off_the_api_and_personal_pages(client):
    response = client.get("/robots.txt")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    lines = response.content.decode().splitlines()
    assert lines[0] == "User-agent: *"
    assert f"Sitemap: {BASE}/sitemap.xml" in lines
    assert "Disallow: /api/" in lines
    for language in LANGUAGES:
        assert f"Disallow: /{language}/stats/" in lines
        assert f"Disallow: /{language}/accounts/" in lines
        # Public pages stay crawlable.
        assert not any(line == f"Disallow: /{language}/" for line in lines)
        assert f"Disallow: {_page_url('rules', language).removeprefix(BASE)}" not in lines


def test_the_sitemap_lists_every_public_page_in_every_language_with_its_alternates(client):
    response = client.get("/sitemap.xml")

    assert response.status_code == 200
    root = ElementTree.fromstring(response.content)
    entries = {}
    for url in root.findall(f"{SITEMAP}url"):
        links = {link.get("hreflang"): link.get("href") for link in url.findall(f"{XHTML}link")}
        entries[url.find(f"{SITEMAP}loc").text] = links
    expected = {_page_url(name, language) for name in PUBLIC_PAGES for language in LANGUAGES}
    assert set(entries) == expected
    assert {"home", "rules", "practice", "play", "daily", "leaderboard"} <= set(PUBLIC_PAGES)
    for name in PUBLIC_PAGES:
        versions = {language: _page_url(name, language) for language in LANGUAGES}
        for location in versions.values():
            links = entries[location]
            assert {code: links[code] for code in LANGUAGES} == versions
            assert set(links) == {*LANGUAGES, "x-default"}
            # x-default is the page without a language: it sends each visitor to theirs.
            neutral = client.get(links["x-default"].removeprefix(BASE), HTTP_ACCEPT_LANGUAGE="de")
            assert neutral.status_code == 302
            assert neutral["Location"] == versions["de"].removeprefix(BASE)
    for location in expected:
        assert client.get(location.removeprefix(BASE)).status_code == 200, location


def _head_links(html: str) -> dict[str, str]:
    return dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', html))


def _meta(html: str, key: str) -> list[str]:
    return re.findall(rf'<meta (?:property|name)="{re.escape(key)}" content="([^"]*)">', html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_names_its_canonical_url_its_languages_and_a_picture_for_previews(
    client, language
):
    html = client.get(_page_url("rules", language).removeprefix(BASE) + "?from=link").content
    html = html.decode()
    canonical = _page_url("rules", language)

    assert f'<link rel="canonical" href="{canonical}">' in html
    links = _head_links(html)
    assert links == {
        **{code: _page_url("rules", code) for code in LANGUAGES},
        "x-default": f"{BASE}/rules/",
    }
    assert _meta(html, "og:url") == [canonical]
    assert _meta(html, "og:type") == ["website"]
    locales = {"sv": "sv_SE", "el": "el_GR", "de": "de_DE", "id": "id_ID"}
    assert _meta(html, "og:locale") == [locales[language]]
    assert sorted(_meta(html, "og:locale:alternate")) == sorted(
        value for code, value in locales.items() if code != language
    )
    with translation.override(language):
        assert _meta(html, "og:title") == [translation.gettext("Mahjong Solitaire")]
    assert _meta(html, "twitter:card") == ["summary_large_image"]
    (image,) = _meta(html, "og:image")
    assert image.startswith(BASE + "/static/") and image.endswith(".png")
    path = finders.find(image.removeprefix(BASE + "/static/"))
    assert _png_size(path) == (1200, 630)
    assert _meta(html, "og:image:width") == ["1200"]
    assert _meta(html, "og:image:height") == ["630"]


def test_a_missing_page_has_no_canonical_link(client):
    html = client.get("/de/no-such-page/").content.decode()

    assert 'rel="canonical"' not in html
    assert _head_links(html) == {}


@pytest.mark.parametrize(
    "path, language, start",
    [
        ("/manifest.json", settings.LANGUAGE_CODE, "/"),
        *[(f"/{code}/manifest.webmanifest", code, f"/{code}/") for code in LANGUAGES],
    ],
)
def test_the_manifest_is_valid_and_speaks_the_pages_language(client, path, language, start):
    response = client.get(path)

    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    with translation.override(language):
        assert manifest["name"] == translation.gettext("Mahjong Solitaire")
    assert manifest["lang"] == language
    assert manifest["short_name"] and len(manifest["short_name"]) <= 12
    assert manifest["display"] in {"standalone", "fullscreen", "minimal-ui"}
    assert manifest["start_url"] == start
    assert start.startswith(manifest["scope"]) and manifest["scope"] == "/"
    assert manifest["id"] == "/"  # one app whichever language installed it
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    sizes = set()
    for icon in manifest["icons"]:
        assert icon["src"].startswith("/static/")
        file = finders.find(icon["src"].removeprefix("/static/"))
        assert file, icon["src"]
        if icon["type"] == "image/png":
            width, height = _png_size(file)
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add((width, icon.get("purpose", "any")))
    # What browsers ask for before they offer to install: 192 and 512, and a maskable one.
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes


def test_every_page_links_its_languages_manifest_and_icons(client):
    html = client.get("/el/").content.decode()

    assert '<link rel="manifest" href="/el/manifest.webmanifest">' in html
    (touch,) = re.findall(r'<link rel="apple-touch-icon" href="([^"]+)">', html)
    assert _png_size(finders.find(touch.removeprefix("/static/"))) == (180, 180)
    assert '<link rel="icon" href="/favicon.ico" sizes="48x48">' in html


def test_favicon_ico_holds_small_png_icons(client):
    response = client.get("/favicon.ico")

    assert response.status_code == 200
    assert response["Content-Type"] == "image/vnd.microsoft.icon"
    data = b"".join(response.streaming_content)
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    sizes = []
    for index in range(count):
        width, height, *_rest, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * index : 22 + 16 * index]
        )
        image = data[offset : offset + length]
        assert image[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", image[16:24]) == (width, height)
        sizes.append(width)
    assert sorted(sizes) == [16, 32, 48]


def test_the_service_worker_is_served_at_the_root_and_never_cached_stale(client):
    response = client.get("/sw.js")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    code = response.content.decode()
    (precache,) = re.findall(r"^const PRECACHE = (.*);$", code, re.M)
    for url in json.loads(precache):
        assert finders.find(url.removeprefix("/static/")), url
    (pages,) = re.findall(r"^const PAGES = (.*);$", code, re.M)
    pages = json.loads(pages)
    assert set(pages) == set(LANGUAGES)
    for language, urls in pages.items():
        assert urls["rules"] == _page_url("rules", language).removeprefix(BASE)
        assert urls["practice"] == _page_url("practice", language).removeprefix(BASE)
        assert client.get(urls["offline"]).status_code == 200


def test_the_service_worker_is_served_with_the_hashed_files_of_production(
    client, tmp_path, settings
):
    """Production serves hashed names from a manifest that knows only real files."""
    settings.STATIC_ROOT = tmp_path / "static"
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "mahjongsite.storage.HashedStaticFilesStorage"},
    }
    call_command("collectstatic", "--noinput", verbosity=0)

    response = client.get("/sw.js")

    assert response.status_code == 200
    code = response.content.decode()
    (precache,) = re.findall(r"^const PRECACHE = (.*);$", code, re.M)
    urls = json.loads(precache)
    assert urls and all(re.search(r"\.[0-9a-f]{12}\.", url) for url in urls), urls


def test_the_service_workers_version_changes_with_the_files_it_keeps(client, tmp_path, monkeypatch):
    def version() -> str:
        code = client.get("/sw.js").content.decode()
        (found,) = re.findall(r'^const VERSION = "([0-9a-f]{16})";$', code, re.M)
        return found

    before = version()
    assert version() == before
    css = tmp_path / "site.css"
    css.write_text(open(finders.find("css/site.css"), encoding="utf-8").read() + "\n/* new */")
    real_find = finders.find
    monkeypatch.setattr(
        webapp_views.finders,
        "find",
        lambda path, *args, **kwargs: str(css) if path == "css/site.css" else real_find(path),
    )

    assert version() != before


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_offline_page_says_play_needs_the_connection_and_links_what_opens(client, language):
    with translation.override(language):
        response = client.get(reverse("offline"))
        html = response.content.decode()

        assert response.status_code == 200
        assert translation.gettext("You are offline") in html
        assert f'href="{reverse("rules")}"' in html
        assert f'href="{reverse("practice")}"' in html
    assert '<meta name="robots" content="noindex">' in html


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_account_and_missing_pages_describe_themselves_not_the_home_page(client, language):
    # A search result for the sign-in page says what signing in is for, not the home
    # page's "learn the rules…"; each page's description is its own lead.
    def description(path: str) -> str:
        text = client.get(path).content.decode()
        return re.search(r'<meta name="description" content="([^"]*)"', text).group(1)

    home = description(f"/{language}/")
    with translation.override(language):
        leads = {
            f"/{language}/accounts/login/": translation.gettext(
                "Signed in, your games are recorded in your statistics and on the leaderboard."
            ),
            f"/{language}/accounts/signup/": translation.gettext(
                "With an account, every game you start is recorded: your statistics and your "
                "best times."
            ),
            f"/{language}/no-such-page/": translation.gettext(
                "There is no page at this address. It may have moved, or the address may be "
                "mistyped."
            ),
        }
    for path, lead in leads.items():
        assert description(path) == lead != home, path
