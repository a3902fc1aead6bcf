"""Root URLs: the admin, the language redirect at /, and every page under /<lang>/."""

from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

from game import daily_views
from game import views as game_views

from . import views

urlpatterns = [
    path("", views.language_redirect, name="language-redirect"),
    path("admin/", admin.site.urls),
    path("api/", include("game.urls")),
]

urlpatterns += i18n_patterns(
    path("", views.home, name="home"),
    path("", include("quiz.urls")),
    path("play/", game_views.play, name="play"),
    path("daily/", daily_views.daily_page, name="daily"),
    path("stats/", game_views.statistics, name="stats"),
    path("leaderboard/", game_views.leaderboard, name="leaderboard"),
    path("accounts/", include("accounts.urls")),
    prefix_default_language=True,
)

# A translated "page not found" (in the default language when the prefix is unknown).
handler404 = "mahjongsite.views.page_not_found"
# A database outage answers 503 (JSON for the API, a translated page otherwise).
handler500 = "mahjongsite.errors.server_error"
