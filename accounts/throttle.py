"""Failed attempts counted per key in the shared cache: first slowed down, then refused.

Sign-in guesses are counted per client address across every username (spraying one
common password over many names), on top of django-axes' count per username and address;
wrong old passwords on the password-change form are counted per account. Each failure's
time is kept for the window (``*_WINDOW_MINUTES``) and no longer: the cache entry expires
with it. After ``slowdown_after`` failures in the window, each further try must wait
``delay_seconds`` after the last failure; after ``limit`` failures the key is refused
until the oldest of them leaves the window. Every refusal says how long to wait
(``Retry-After``). The clock is :func:`now`, so that a test can fix it.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache


def now() -> float:
    return time.time()


@dataclass(frozen=True)
class Policy:
    name: str
    slowdown_after: int
    delay_seconds: int
    limit: int
    window_seconds: int


def sign_in_policy() -> Policy:
    return Policy(
        "signin-address",
        settings.LOGIN_ADDRESS_SLOWDOWN_AFTER,
        settings.LOGIN_ADDRESS_DELAY_SECONDS,
        settings.LOGIN_ADDRESS_FAILURE_LIMIT,
        settings.LOGIN_ADDRESS_WINDOW_MINUTES * 60,
    )


def password_change_policy() -> Policy:
    limit = settings.PASSWORD_CHANGE_FAILURE_LIMIT
    return Policy("password-change", limit, 0, limit, settings.PASSWORD_CHANGE_WINDOW_MINUTES * 60)


def _cache_key(policy: Policy, key: str) -> str:
    # The address itself is not a cache key: only its hash is stored, for the window.
    digest = hashlib.sha256(f"{settings.SECRET_KEY}:{key}".encode()).hexdigest()[:32]
    return f"throttle:{policy.name}:{digest}"


def _failures(policy: Policy, key: str, at: float) -> list[float]:
    times = cache.get(_cache_key(policy, key)) or []
    return [t for t in times if t > at - policy.window_seconds]


def wait_seconds(policy: Policy, key: str) -> int:
    """0 when ``key`` may try now, else the seconds it has to wait."""
    at = now()
    times = _failures(policy, key, at)
    if len(times) >= policy.limit:
        return max(1, math.ceil(times[-policy.limit] + policy.window_seconds - at))
    if len(times) >= policy.slowdown_after and policy.delay_seconds:
        wait = times[-1] + policy.delay_seconds - at
        if wait > 0:
            return max(1, math.ceil(wait))
    return 0


def record_failure(policy: Policy, key: str) -> None:
    at = now()
    times = [*_failures(policy, key, at), at][-policy.limit :]
    cache.set(_cache_key(policy, key), times, timeout=policy.window_seconds)
