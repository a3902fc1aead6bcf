"""Production settings: every secret and address comes from environment variables.

Required: DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS, DATABASE_URL, REDIS_URL. The optional
ones are listed in docs/deploy.md. A missing or malformed value stops start-up with a
message naming the variable.
"""

from django.core.exceptions import ImproperlyConfigured

from . import production_cache
from .base import *  # noqa: F403
from .env import env_bool, env_int, env_list, env_str
from .logs import console_logging

DEBUG = False
SECRET_KEY = env_str("DJANGO_SECRET_KEY")
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS")
if not ALLOWED_HOSTS:
    raise ImproperlyConfigured("The environment variable DJANGO_ALLOWED_HOSTS must be set.")
if any(host == "*" or host.startswith("*") for host in ALLOWED_HOSTS):
    # Any Host header would be accepted, and with it poisoned links in e-mails and caches.
    raise ImproperlyConfigured(
        "DJANGO_ALLOWED_HOSTS must name the site's hosts; '*' and wildcards are refused."
    )
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

# PostgreSQL in production; base.py already reads DATABASE_URL, here it is required.
env_str("DATABASE_URL")

# Redis for the cache; a cache failure is harmless (see production_cache).
CACHES = production_cache(env_str("REDIS_URL"))
DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
DJANGO_REDIS_LOGGER = "mahjongsite.cache"

# HTTPS everywhere.
BEHIND_PROXY = env_bool("DJANGO_BEHIND_PROXY", True)
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# Client addresses for login throttling and rate limits: one proxy (the load balancer)
# appends to X-Forwarded-For unless told otherwise.
TRUSTED_PROXIES = env_int("DJANGO_TRUSTED_PROXIES", 1 if BEHIND_PROXY else 0)
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", 31536000)  # one year
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_SECURE_HSTS_PRELOAD", True)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", True)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"

# Static files: compressed, with hashed names so they can be cached forever.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "mahjongsite.storage.HashedStaticFilesStorage"},
}

# The errors of a database or cache outage: one line every ten seconds per process, not
# a traceback per request (each of many servers would print thousands a second).
LOGGING = console_logging(env_str("DJANGO_LOG_LEVEL", "INFO"), outage_every=10.0)
