"""The offline page and each language's manifest (under each language prefix), and at the
root of the site, outside the language prefix, what crawlers and browsers look for there
by name."""

from django.contrib.sitemaps.views import sitemap
from django.urls import path

from . import views
from .sitemaps import SITEMAPS

root_urlpatterns = [
    path("robots.txt", views.robots_txt, name="robots"),
    path("sitemap.xml", sitemap, {"sitemaps": SITEMAPS}, name="sitemap"),
    path("manifest.json", views.manifest, name="manifest"),
    # At the root, so that the service worker's scope covers every page.
    path("sw.js", views.service_worker, name="service-worker"),
    path("favicon.ico", views.favicon, name="favicon"),
]

urlpatterns = [
    path("manifest.webmanifest", views.manifest, name="language-manifest"),
    path("offline/", views.offline, name="offline"),
]
