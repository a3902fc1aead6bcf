"""Failed attempts counted per key in the shared cache: first slowed down, then refused.

Sign-in guesses are counted per client address across every username (spraying one
common password over many names), on top of django-axes' count per username and address;
wrong old passwords on the password-change form are counted per account. Each failure's
time is kept for the window (``*_WINDOW_MINUTES``) and no longer: the cache entry expires
with it. After ``slowdown_after`` failures in the window, each further try must wait
``delay_seconds`` after the last failure; after ``limit`` failures the key is refused
until the oldest of them leaves the window. Every refusal says how long to wait
(``Retry-After``). The clock is :func:`now`, so that a test can fix it.

A try is counted as a failure before the password is checked (:func:`attempt`), and
taken back once it succeeds (:func:`release`): the check and the count are one step,
under a short lock on the key (``cache.add``, atomic in Redis and in the in-memory
cache alike). So thirty tries sent at once get no more answers than thirty sent one by
one: the limit, or one per delay once slowed down.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache

from mahjongsite.client_ip import client_ip


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


#: How long one check-and-count may hold its key's lock; a holder that died lets go then.
_LOCK_SECONDS = 5
#: How long a try waits for the lock before it is answered "wait" (a burst's tail).
_LOCK_WAIT_SECONDS = 2.0


@contextmanager
def _locked(cache_key: str) -> Iterator[bool]:
    """Hold ``cache_key``'s lock; yields whether it was had. ``cache.add`` stores only if
    absent, in one step: of many requests at once, one has the lock. With the cache
    unreachable (``None``: django-redis ignores its errors) there is nothing to count
    in anyway, and the try goes on, as the rate limits fail open."""
    lock = f"{cache_key}:lock"
    deadline = time.monotonic() + _LOCK_WAIT_SECONDS
    while True:
        taken = cache.add(lock, 1, timeout=_LOCK_SECONDS)
        if taken is None:
            yield True
            return
        if taken:
            break
        if time.monotonic() > deadline:
            yield False
            return
        time.sleep(0.005)
    try:
        yield True
    finally:
        cache.delete(lock)


def _failures(policy: Policy, key: str, at: float) -> list[float]:
    times = cache.get(_cache_key(policy, key)) or []
    return [t for t in times if t > at - policy.window_seconds]


def _wait(policy: Policy, times: list[float], at: float) -> int:
    if len(times) >= policy.limit:
        return max(1, math.ceil(times[-policy.limit] + policy.window_seconds - at))
    if len(times) >= policy.slowdown_after and policy.delay_seconds:
        wait = times[-1] + policy.delay_seconds - at
        if wait > 0:
            return max(1, math.ceil(wait))
    return 0


def _store(policy: Policy, key: str, times: list[float]) -> None:
    cache.set(_cache_key(policy, key), times[-policy.limit :], timeout=policy.window_seconds)


def attempt(policy: Policy, key: str) -> tuple[int, float | None]:
    """Check and count a try in one step: ``(wait, None)`` when ``key`` must wait that
    many seconds, else ``(0, stamp)``, the try counted as a failure at ``stamp`` until
    :func:`release` takes it back."""
    cache_key = _cache_key(policy, key)
    with _locked(cache_key) as had:
        at = now()
        times = _failures(policy, key, at)
        wait = _wait(policy, times, at)
        if not had:  # a burst's tail: as slow as the delay, at least a second
            wait = max(wait, policy.delay_seconds, 1)
        if wait:
            return wait, None
        _store(policy, key, [*times, at])
        return 0, at


def release(policy: Policy, key: str, stamp: float | None) -> None:
    """Take back the try :func:`attempt` counted at ``stamp``: it did not fail."""
    if stamp is None:
        return
    cache_key = _cache_key(policy, key)
    with _locked(cache_key):
        times = cache.get(cache_key) or []
        if stamp in times:
            times.remove(stamp)
            _store(policy, key, times)


@contextmanager
def sign_in_try(request, *, may_enter=lambda user: True) -> Iterator[int]:
    """One sign-in try of the request's client address (the site's form or the admin's),
    counted in one step with the check (:func:`attempt`): yields the seconds to wait,
    0 when it may try. The try stays counted unless someone was signed in by it, or it
    lacked a username or a password (nothing was checked). A right password of an
    account that may not use the admin signs nobody in there: it counts as a failure,
    so that the admin never tells a guesser that a password was right (``may_enter``:
    whether the user signed in may use the page)."""
    address = client_ip(request) or "unknown"
    wait, stamp = attempt(sign_in_policy(), address)
    try:
        yield wait
    finally:
        tried = request.POST.get("username") and request.POST.get("password")
        user = request.user
        if (user.is_authenticated and user.is_active and may_enter(user)) or not tried:
            release(sign_in_policy(), address, stamp)
