"""The sitemap: every public page, in every language, with its hreflang alternates."""

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

#: The public pages by URL name: the same for every visitor, worth finding by search.
#: The statistics and account pages are personal, the offline page a fallback.
PUBLIC_PAGES = ["home", "rules", "practice", "play", "daily", "leaderboard"]


class PublicPagesSitemap(Sitemap):
    """One entry per page and language; each lists every language's version of the page
    and, as ``x-default``, the default language's."""

    i18n = True
    alternates = True
    x_default = True
    changefreq = "weekly"

    def items(self) -> list[str]:
        return PUBLIC_PAGES

    def location(self, item: str) -> str:
        return reverse(item)

    def priority(self, item: str) -> float:
        return 1.0 if item == "home" else 0.8


SITEMAPS = {"pages": PublicPagesSitemap}
