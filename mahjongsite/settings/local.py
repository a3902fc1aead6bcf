"""Settings for a developer's machine: debug on, SQLite unless DATABASE_URL says otherwise."""

from .base import *  # noqa: F403
from .env import env_rate

DEBUG = True
SECRET_KEY = "local-development-only-not-secret"
ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"]


# Generous limits, so scripted checks are never refused (tests that check a limit set
# their own); DJANGO_RATE_LIMIT_* still apply when given.
RATE_LIMITS = {
    "game_create": env_rate("DJANGO_RATE_LIMIT_GAME_CREATE", "1000/m"),
    "game_hint": env_rate("DJANGO_RATE_LIMIT_HINT", "1000/m"),
    "game_check": env_rate("DJANGO_RATE_LIMIT_CHECK", "1000/m"),
    "game_move": env_rate("DJANGO_RATE_LIMIT_MOVE", "100000/m"),
    "signup": env_rate("DJANGO_RATE_LIMIT_SIGNUP", "1000/m"),
    "password_reset": env_rate("DJANGO_RATE_LIMIT_PASSWORD_RESET", "1000/m"),
    "password_reset_address": env_rate("DJANGO_RATE_LIMIT_PASSWORD_RESET_ADDRESS", "1000/m"),
    "layout_edit": env_rate("DJANGO_RATE_LIMIT_LAYOUT_EDIT", "1000/m"),
}
# Sign-in failures per address: generous here too (tests of the limit set their own).
LOGIN_ADDRESS_SLOWDOWN_AFTER = 1000
LOGIN_ADDRESS_FAILURE_LIMIT = 1000
# django-ratelimit asks for a cache shared by every process; one process shares its own.
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.E003", "django_ratelimit.W001"]
