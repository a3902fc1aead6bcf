"""Settings for the test suite: fast password hashing, in-memory email and cache."""

import os
import tempfile

from .base import *  # noqa: F403

DEBUG = False
SECRET_KEY = "test-only-not-secret"
ALLOWED_HOSTS = ["testserver", "127.0.0.1", "localhost"]

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


# Serve static files straight from STATICFILES_DIRS (no collectstatic) in live-server tests.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# SQLite tests run on a file rather than Django's shared in-memory database, whose table
# locks fail at once instead of waiting: with a file, concurrent writers wait for each
# other (IMMEDIATE transactions, busy timeout) as they do in production. One file per test
# process, in the temporary directory, so that two test runs never share a database.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": os.path.join(tempfile.gettempdir(), f"mahjong-test-{os.getpid()}.sqlite3")
    }

RATE_LIMITS = generous_rate_limits("100000/m")  # noqa: F405
# Sign-in failures per address: generous here too (tests of the limit set their own).
LOGIN_ADDRESS_SLOWDOWN_AFTER = 1000
LOGIN_ADDRESS_FAILURE_LIMIT = 1000
# django-ratelimit asks for a cache shared by every process; one process shares its own.
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.E003", "django_ratelimit.W001"]
# A new top time waits for a person's check (ranking/top_places.py): off here, so that a
# test's fast win means what it says; the tests of the check turn it on.
MAHJONG_REVIEW_TOP_PLACES = 0
