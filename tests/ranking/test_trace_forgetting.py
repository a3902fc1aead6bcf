"""The privacy page's promise: a daily game forgets where it was played from after
MAHJONG_DAILY_TRACE_DAYS days, whichever of its two traces (the browser's, the
address's) it kept, and a recent game keeps both."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from game.models import Game
from ranking import second_accounts

pytestmark = pytest.mark.django_db

DEVICE, ADDRESS = "d" * 32, "a" * 32


def _daily(device: str, address: str, *, days_ago: float) -> Game:
    game = Game.objects.create(
        code="MJ1-L00-AAAAAAA",
        layout_id="L00",
        session_key=f"visitor-{device[:1]}{address[:1]}{days_ago}",
        origin=Game.DAILY,
        device=device,
        address=address,
    )
    # created_at is set on insert (auto_now_add): move it back in a second write.
    Game.objects.filter(pk=game.pk).update(created_at=timezone.now() - timedelta(days=days_ago))
    return game


@pytest.mark.parametrize(
    ("device", "address"),
    [(DEVICE, ""), ("", ADDRESS), (DEVICE, ADDRESS)],
    ids=["device-only", "address-only", "both"],
)
def test_an_old_daily_game_forgets_whatever_trace_it_kept(settings, device, address):
    days = settings.MAHJONG_DAILY_TRACE_DAYS
    old = _daily(device, address, days_ago=days + 1)
    recent = _daily(DEVICE, ADDRESS, days_ago=days - 1)

    assert second_accounts.forget_old() == 1

    old.refresh_from_db()
    recent.refresh_from_db()
    assert (old.device, old.address) == ("", "")
    assert (recent.device, recent.address) == (DEVICE, ADDRESS)
    assert not second_accounts.too_old().exists()
