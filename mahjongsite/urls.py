"""Root URLs: the admin, the language redirect at /, and every page under /<lang>/."""

from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

from accounts import views as account_views
from accounts.admin_sign_in import admin_sign_in
from daily import urls as daily_urls
from editor import urls as editor_urls
from game import urls as game_urls
from webapp import urls as webapp_urls

from . import views

# The JSON API, one namespace ``api`` over the apps that answer under it.
api_urlpatterns = (
    [*game_urls.api_urlpatterns, *daily_urls.api_urlpatterns, *editor_urls.api_urlpatterns],
    "api",
)

urlpatterns = [
    path("", views.language_redirect, name="language-redirect"),
    # The admin's sign-in counted with the site's (accounts/admin_sign_in.py).
    path("admin/login/", admin_sign_in, name="admin_sign_in"),
    path("admin/", admin.site.urls),
    path("api/", include(api_urlpatterns)),
    *webapp_urls.root_urlpatterns,
    *game_urls.root_urlpatterns,
]

urlpatterns += i18n_patterns(
    path("", views.home, name="home"),
    path("", include("quiz.urls")),
    path("", include("game.urls")),
    path("", include("daily.urls")),
    path("", include("records.urls")),
    path("", include("editor.urls")),
    path("accounts/", include("accounts.urls")),
    path("privacy/", account_views.privacy, name="privacy"),
    path("", include("webapp.urls")),
    prefix_default_language=True,
)

# A translated "page not found" (in the default language when the prefix is unknown).
handler404 = "mahjongsite.views.page_not_found"
# Translated error pages (the API's JSON error under the API); a database outage answers
# 503 (see mahjongsite/errors.py).
handler400 = "mahjongsite.errors.bad_request"
handler403 = "mahjongsite.errors.permission_denied"
handler500 = "mahjongsite.errors.server_error"
