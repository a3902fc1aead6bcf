"""Settings for a developer's machine: debug on, SQLite unless DATABASE_URL says otherwise."""

from .base import *  # noqa: F403

DEBUG = True
SECRET_KEY = "local-development-only-not-secret"
ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"]


RATE_LIMITS = generous_rate_limits("1000/m", moves="100000/m")  # noqa: F405
# Sign-in failures per address: generous here too (tests of the limit set their own).
LOGIN_ADDRESS_SLOWDOWN_AFTER = 1000
LOGIN_ADDRESS_FAILURE_LIMIT = 1000
# django-ratelimit asks for a cache shared by every process; one process shares its own.
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.E003", "django_ratelimit.W001"]
