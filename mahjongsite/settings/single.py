"""Settings of ``make run``: the site as one small server runs it, on SQLite.

Debug off (no debug page, no list of the site's addresses), static files through
WhiteNoise with hashed, compressed names (``collectstatic`` first), pages and JSON
compressed by Django (no proxy in front does it), e-mail to the console
unless an SMTP host is given. The secret key comes from DJANGO_SECRET_KEY, else from the
file ``.secret_key`` at the project's root, created with a random key on the first run
and kept (it is in .gitignore): sessions and password-reset links survive a restart.
One gunicorn process with threads, so the rate limits' in-memory counters are shared.
"""

import secrets

from .base import *  # noqa: F403
from .base import BASE_DIR, MIDDLEWARE
from .env import env_list, env_str

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
