"""Production settings: every secret and address comes from environment variables.

Required: DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS, DATABASE_URL, REDIS_URL.
Optional: DJANGO_CSRF_TRUSTED_ORIGINS, DJANGO_SECURE_SSL_REDIRECT (default true),
DJANGO_SECURE_HSTS_SECONDS (default one year), DJANGO_BEHIND_PROXY (default true: trust
X-Forwarded-Proto from the load balancer).
"""

import os

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403


def env(name: str) -> str:
    """A required environment variable; fail at start-up when it is missing."""
    value = os.environ.get(name, "").strip()
    if not value:
        raise ImproperlyConfigured(f"The environment variable {name} must be set.")
    return value


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = False
SECRET_KEY = env("DJANGO_SECRET_KEY")
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS")
if not ALLOWED_HOSTS:
    raise ImproperlyConfigured("The environment variable DJANGO_ALLOWED_HOSTS must be set.")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

# PostgreSQL in production; base.py already reads DATABASE_URL, here it is required.
env("DATABASE_URL")

# Redis for the cache, and the cache for sessions: app processes keep nothing in memory.
CACHES = {
    "default": {
        # django-redis rather than Django's own backend: it keeps one client per server
        # instead of building one for every call, which halves a session read.
        "BACKEND": "django_redis.cache.RedisCache",
        "LOCATION": env("REDIS_URL"),
    }
}
SESSION_ENGINE = "django.contrib.sessions.backends.cache"

# HTTPS everywhere.
if env_bool("DJANGO_BEHIND_PROXY", True):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    # Login throttling counts per client address: take it from the one proxy in front.
    AXES_IPWARE_PROXY_COUNT = 1
    AXES_IPWARE_META_PRECEDENCE_ORDER = ["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"]
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_SECURE_HSTS_SECONDS", "31536000"))  # one year
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_SECURE_HSTS_PRELOAD", True)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"

# Static files: compressed, with hashed names so they can be cached forever.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO")},
}
