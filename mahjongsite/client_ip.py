"""The client's address, as login throttling and rate limits count it.

Behind ``TRUSTED_PROXIES`` proxies, each of which appends the address it received the
request from to ``X-Forwarded-For`` (nginx's ``$proxy_add_x_forwarded_for``), the
client's address is the entry that many places from the right. Anything further left was
written by the client itself and could be anything, so it is never used: a visitor
cannot step out of a limit by sending a forged header. With no trusted proxy (or a
header shorter than the proxies should have made it), ``REMOTE_ADDR`` is the client.

django-ipware's ``proxy_count`` counts the proxies *listed* in the header and answers
no address at all when the chain is shorter than that, which leaves a lockout keyed on
``None`` (everybody); this rule is the one our own proxies follow.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def _address(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None


def client_ip(request: HttpRequest) -> str | None:
    """The client's address, or None when the request carries none (a test client)."""
    remote = _address(request.META.get("REMOTE_ADDR") or "")
    proxies = settings.TRUSTED_PROXIES
    if proxies <= 0:
        return remote
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
    if len(forwarded) < proxies:
        return remote
    return _address(forwarded[-proxies]) or remote


def ratelimit_key(group: str, request: HttpRequest) -> str:
    """django-ratelimit's key: one budget per client address."""
    return client_ip(request) or "unknown"
