"""One person, two accounts, one daily deal: a ranked daily win from a browser or an
address that already played the same deal under another account is held for review.

Today's daily deal is the same for everyone and its code is held back until the day is
over (game/face_visibility.py), and each account ranks once on it (ranking/rules.py). That leaves a
second account: learn the deal on one (hints, undos, all the time one likes), then win it
on another from memory. The server cannot see the person, but it can see where a daily
game was played from: each daily game keeps a keyed hash of the browser's device mark and
of its address that day (``Game.device``, ``Game.address``; mahjongsite/device_mark.py).

A daily win that meets every ranking rule is held (``Game.held``) when another owner (a
different account, or a signed-out visitor's session) has a game on the same deal

* from the same browser (:data:`SHARED_DEVICE`): the same cookie, so the same browser
  profile; a family sharing one computer looks the same, which is why the win is held for
  a moderator to judge and not refused; or
* from the same address (:data:`SHARED_ADDRESS`, when ``MAHJONG_HOLD_SHARED_ADDRESS`` is
  on): weaker, since a household, a school or a mobile network shares one address; it
  catches a second browser or a private window on the same connection.

The game itself is never refused, and the win counts in the player's statistics. What it
does not catch: a second device on another network, a VPN, or a friend who tells the
deal; the moderator's view (ranking/admin.py) names the other accounts while the traces are
kept (``MAHJONG_DAILY_TRACE_DAYS``; :func:`forget_old` clears them after that).
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db.models import Q, QuerySet
from django.utils import timezone

from game import kinds
from game.models import Game

#: Why a win was held (``Game.held``).
SHARED_DEVICE, SHARED_ADDRESS = Game.Held.SHARED_DEVICE, Game.Held.SHARED_ADDRESS


def other_owners(game: Game) -> QuerySet[Game]:
    """The daily games on ``game``'s deal of any owner but ``game``'s."""
    others = Game.objects.filter(kinds.q(keeps_traces=True), code=game.code).exclude(pk=game.pk)
    if game.user_id is not None:
        return others.exclude(user_id=game.user_id)
    return others.exclude(Q(user__isnull=True) & Q(session_key=game.session_key))


def implausible(game: Game) -> str | None:
    """Why ``game`` (a daily win) looks like a second account's, or ``None``."""
    if not kinds.kind_of(game).keeps_traces:
        return None
    others = other_owners(game)
    if game.device and others.filter(device=game.device).exists():
        return SHARED_DEVICE
    if (
        settings.MAHJONG_HOLD_SHARED_ADDRESS
        and game.address
        and others.filter(address=game.address).exists()
    ):
        return SHARED_ADDRESS
    return None


def sharing(game: Game) -> QuerySet[Game]:
    """The other owners' games on ``game``'s deal from its browser or its address (while
    the traces are kept): what the moderator is shown of a held win."""
    same = Q()
    if game.device:
        same |= Q(device=game.device)
    if game.address:
        same |= Q(address=game.address)
    if not same:
        return Game.objects.none()
    return other_owners(game).filter(same).select_related("user").order_by("created_at")


def too_old(now=None) -> QuerySet[Game]:
    """The games started more than ``MAHJONG_DAILY_TRACE_DAYS`` days ago that still keep
    a trace (read through their own index, ``game_traces_kept``)."""
    cutoff = (now or timezone.now()) - timedelta(days=settings.MAHJONG_DAILY_TRACE_DAYS)
    return Game.objects.filter(Q(created_at__lt=cutoff) & (~Q(device="") | ~Q(address="")))


def forget_old(now=None) -> int:
    """Clear the traces of :func:`too_old` games (the privacy page's promise). Called as
    each daily game starts; returns how many games forgot theirs."""
    return too_old(now).update(device="", address="")
