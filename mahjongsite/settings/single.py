"""Settings of ``make run``: the site as one small server runs it, on SQLite.

Debug off (no debug page, no list of the site's addresses), static files through
WhiteNoise with hashed, compressed names (``collectstatic`` first), pages and JSON
compressed by Django (no proxy in front does it), e-mail to the console
unless an SMTP host is given. The secret key comes from DJANGO_SECRET_KEY, else from the
file ``.secret_key`` at the project's root, created with a random key on the first run
and kept (it is in .gitignore): sessions and password-reset links survive a restart.
One gunicorn process with threads, so the rate limits' in-memory counters are shared.
Every 5xx is logged to the console: a 500 with its traceback, a 503 in one line with its
cause. Behind an HTTPS proxy, ``DJANGO_HTTPS=true`` turns on HSTS, Secure cookies and
the redirect to HTTPS (docs/deploy.md).
"""

import secrets

from .base import *  # noqa: F403
from .base import BASE_DIR, MIDDLEWARE
from .env import env_bool, env_int, env_list, env_str
from .logs import console_logging

DEBUG = False
SECRET_KEY_FILE = BASE_DIR / ".secret_key"


def _secret_key() -> str:
    given = env_str("DJANGO_SECRET_KEY", "")
    if given:
        return given
    if not SECRET_KEY_FILE.exists():
        SECRET_KEY_FILE.touch(mode=0o600)
        SECRET_KEY_FILE.write_text(secrets.token_urlsafe(50))
    return SECRET_KEY_FILE.read_text().strip()


SECRET_KEY = _secret_key()
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "mahjongsite.storage.HashedStaticFilesStorage"},
}

# Pages and JSON answers gzip-compressed, as nginx compresses them in production (the play
# page's HTML is about 45 KB, 9 KB compressed). Right after WhiteNoise, which answers the
# static files itself, already compressed: they never reach this middleware. Django's
# GZipMiddleware pads each answer with random bytes against BREACH; why our pages are
# safe to compress: docs/deploy.md, "Compression and BREACH".
_AFTER_WHITENOISE = MIDDLEWARE.index("whitenoise.middleware.WhiteNoiseMiddleware") + 1
MIDDLEWARE = [
    *MIDDLEWARE[:_AFTER_WHITENOISE],
    "django.middleware.gzip.GZipMiddleware",
    *MIDDLEWARE[_AFTER_WHITENOISE:],
]

# One process shares its own in-memory cache (django-ratelimit asks for a shared one).
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.E003", "django_ratelimit.W001"]

# One server: each 503 in a line of its own with its cause, each 500 with its traceback.
LOGGING = console_logging(env_str("DJANGO_LOG_LEVEL", "INFO"), outage_every=0)

# Behind a proxy that speaks HTTPS to the browsers (and sets X-Forwarded-Proto): the
# browser is told to use HTTPS only (HSTS), cookies go over HTTPS only, and a request
# over plain HTTP is sent to HTTPS. Off by default: `make run` alone speaks plain HTTP.
HTTPS = env_bool("DJANGO_HTTPS", False)
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", 31536000)  # one year
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True
    # The proxy appends the client's address to X-Forwarded-For.
    TRUSTED_PROXIES = env_int("DJANGO_TRUSTED_PROXIES", 1)
    CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")
