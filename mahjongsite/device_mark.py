"""The browser's device mark and the address it plays from, as a daily game keeps them.

One person with two accounts could learn today's daily deal on one (hints, a slow look)
and then rank on the other with what they learnt. To see that, a daily game keeps where it
was played from (``Game.device``, ``Game.address``; ranking/second_accounts.py compares them):

* the *device mark*: a random value (nothing about the visitor) in a signed, HttpOnly
  cookie that lasts ``MAHJONG_DEVICE_COOKIE_DAYS`` days. It is given to a browser the
  first time it starts a daily game, not to every visitor. Signed, so that a mark is one
  this site gave; a browser that drops its cookies simply gets a new one.
* the *address*: the connection's address as the throttling counts it
  (:func:`mahjongsite.client_ip.client_ip`), IPv6 by its /64 network (a device's
  temporary addresses change within it); a public address only.

Neither is stored as it is: each is a keyed hash (HMAC-SHA256 with the secret key), the
address's with the day in it too, so that the database cannot link one address across
days, nor be used to find a visitor's address. The privacy page says what is kept and for
how long (``MAHJONG_DAILY_TRACE_DAYS``, then the game forgets both).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import re
import secrets
from collections.abc import Callable
from datetime import date

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from .client_ip import client_ip

COOKIE = "mj_device"
_SALT = "mahjongsite.device_mark"
_SHAPE = re.compile(r"[A-Za-z0-9_-]{22}")
#: The request's attributes: the mark in use, and whether it was made for this request.
_MARK, _NEW = "_device_mark", "_device_mark_new"


def mark(request: HttpRequest) -> str:
    """The browser's device mark: its cookie's when that is one of ours, else a new one,
    which :class:`DeviceMarkMiddleware` sets on the answer."""
    known = getattr(request, _MARK, None)
    if known:
        return known
    value = request.get_signed_cookie(COOKIE, default=None, salt=_SALT)
    if not value or not _SHAPE.fullmatch(value):
        value = secrets.token_urlsafe(16)
        setattr(request, _NEW, True)
    setattr(request, _MARK, value)
    return value


def _digest(text: str) -> str:
    key = settings.SECRET_KEY.encode()
    return hmac.new(key, text.encode(), hashlib.sha256).hexdigest()[:32]


def _network(address: str | None) -> str | None:
    """The address as compared: IPv6 by its /64 network; ``None`` for no address or one
    that is not public (the machine itself, a private network: what the app sees of the
    proxy in front when ``DJANGO_TRUSTED_PROXIES`` is not set, which every visitor would
    share)."""
    if address is None:
        return None
    parsed = ipaddress.ip_address(address)
    if parsed.version == 6 and parsed.ipv4_mapped is not None:
        parsed = parsed.ipv4_mapped
    if not parsed.is_global:
        return None
    if parsed.version == 6:
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


def traces(request: HttpRequest, day: date) -> tuple[str, str]:
    """The keyed hashes of the browser's device mark and of its address on ``day`` (empty
    when the address is none or not public, or ``MAHJONG_HOLD_SHARED_ADDRESS`` is off), as a daily game of that day stores them.
    Gives the browser its mark when it has none."""
    device = _digest(f"device:{mark(request)}")
    # Not kept at all when the operator does not hold wins for a shared address.
    network = _network(client_ip(request)) if settings.MAHJONG_HOLD_SHARED_ADDRESS else None
    return device, _digest(f"address:{day.isoformat()}:{network}") if network else ""


class DeviceMarkMiddleware:
    """Sets the device mark's cookie on the answer of a request that made one."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if getattr(request, _NEW, False):
            response.set_signed_cookie(
                COOKIE,
                getattr(request, _MARK),
                salt=_SALT,
                max_age=settings.MAHJONG_DEVICE_COOKIE_DAYS * 86400,
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        return response
