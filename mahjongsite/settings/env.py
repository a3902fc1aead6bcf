"""Reading settings from environment variables, with a clear message for a bad value.

A typo in an operator's environment must stop start-up and name the variable, never
surface later as a bare ``ValueError`` or, worse, be taken silently as some default.
"""

from __future__ import annotations

import os
import re

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}
# django-ratelimit's rates: a count per second, minute, hour or day, e.g. "30/m".
_RATE = re.compile(r"^\d+/\d*[smhd]$")


def _raw(name: str) -> str | None:
    value = os.environ.get(name)
    if value is None or not value.strip():
        return None
    return value.strip()


def env_str(name: str, default: str | None = None) -> str:
    """A string; required when ``default`` is None."""
    value = _raw(name)
    if value is not None:
        return value
    if default is None:
        raise ImproperlyConfigured(f"The environment variable {name} must be set.")
    return default


def env_int(name: str, default: int, *, minimum: int = 0) -> int:
    """A whole number, at least ``minimum``."""
    value = _raw(name)
    if value is None:
        return default
    try:
        number = int(value)
    except ValueError:
        raise ImproperlyConfigured(
            f"The environment variable {name} must be a whole number, not {value!r}."
        ) from None
    if number < minimum:
        raise ImproperlyConfigured(
            f"The environment variable {name} must be at least {minimum}, not {number}."
        )
    return number


def env_bool(name: str, default: bool) -> bool:
    """true/false, yes/no, on/off or 1/0."""
    value = _raw(name)
    if value is None:
        return default
    if value.lower() in _TRUE:
        return True
    if value.lower() in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"The environment variable {name} must be true or false, not {value!r}."
    )


def env_list(name: str, default: str = "") -> list[str]:
    """A comma-separated list."""
    value = os.environ.get(name, default)
    return [item.strip() for item in value.split(",") if item.strip()]


def env_rate(name: str, default: str) -> str:
    """A rate limit as django-ratelimit writes it: ``count/period``, e.g. ``30/m``."""
    value = _raw(name) or default
    if not _RATE.match(value):
        raise ImproperlyConfigured(
            f"The environment variable {name} must be a rate such as 30/m "
            f"(a count per s, m, h or d), not {value!r}."
        )
    return value
