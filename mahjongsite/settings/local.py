"""Settings for a developer's machine: debug on, SQLite unless DATABASE_URL says otherwise."""

from .base import *  # noqa: F403

DEBUG = True
SECRET_KEY = "local-development-only-not-secret"
ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"]

EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
