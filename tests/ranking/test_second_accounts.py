"""One person, two accounts, one daily deal (ranking/second_accounts.py): a ranked daily win
from a browser (its device mark) or an address that already played the same deal under
another account is held for review, not refused; another browser on another address, or
one account alone, publishes as before. The device mark is a signed, HttpOnly cookie
given with a first daily game (mahjongsite/device_mark.py); the game keeps only keyed
hashes, and forgets them after MAHJONG_DAILY_TRACE_DAYS days."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.utils import timezone

from daily import codes as daily
from game import services, win_screen
from game.models import Game
from game.store import Owner
from mahjongsite import device_mark
from ranking import second_accounts
from ranking.day_board import day_board
from tests.api.helpers import action, create
from tests.players import PASSWORD, human_pace, plan, player, signed_in

pytestmark = pytest.mark.django_db

#: Public addresses (the check ignores loopback and private ones: a proxy's).
HOME, ELSEWHERE = "81.2.69.160", "77.88.55.60"


def _daily_game(client: Client) -> Game:
    """Today's Turtle daily deal started through the API, as the play page starts it."""
    return Game.objects.get(id=create(client, daily="L00")["id"])


def _win(game: Game, *, seconds: float = 300) -> Game:
    """Win ``game`` at a person's pace (the server's clock set), in an order of the
    player's own: a win the rhythm and plan checks publish."""
    owner = Owner(user_id=game.user_id, session_key=game.session_key or None)
    start = timezone.now()
    pairs = plan(game.code)
    times = human_pace(2 * len(pairs), seconds)
    for index, (a, b) in enumerate(pairs):
        for k, tile in enumerate((a, b)):
            services.game_tap(
                game_id=game.id, owner=owner, tile=tile, now=start + times[2 * index + k]
            )
    game.refresh_from_db()
    assert game.result == Game.WON
    return game


def _learn(client: Client) -> None:
    """Play today's deal with hints and leave it: learning it, unranked."""
    game = create(client, daily="L00")
    for _ in range(3):
        assert action(client, game["id"], "hint").status_code == 200


def test_a_second_account_on_the_same_browser_is_held_and_the_moderator_reads_why():
    ada, bo = player("ada"), player("bo")
    browser = Client(REMOTE_ADDR=HOME)
    _learn(signed_in(browser, ada))
    cookie = browser.cookies[device_mark.COOKIE]
    assert cookie["httponly"] and cookie["max-age"] == 365 * 86400
    second = _win(_daily_game(signed_in(browser, bo)))
    assert (second.ranked, second.held) == (False, second_accounts.SHARED_DEVICE)
    assert win_screen.win_for(second)["not_ranked"] == [win_screen.HELD_SHARED]
    code = str(daily.daily_code(daily.utc_day(), "L00"))
    assert day_board(code=code).entries == []
    # The moderator's list says it in words and names the other account.
    op = get_user_model().objects.create_superuser("op", "op@example.org", PASSWORD)
    operator = signed_in(Client(HTTP_ACCEPT_LANGUAGE="de"), op)
    page = operator.get("/admin/game/game/?held=shared_device")
    html = page.content.decode()
    assert "Derselbe Browser hatte dieses Tagesspiel bereits mit einem anderen Konto" in html
    assert "Andere Konten: ada." in html and second.code in html
    # Once the traces are forgotten, the reason stays and the names go.
    second_accounts.forget_old(now=timezone.now() + timedelta(days=366))
    html = operator.get("/admin/game/game/?held=shared_device").content.decode()
    assert "Die anderen Konten sind nicht mehr bekannt." in html and "ada." not in html


def test_the_same_address_in_another_browser_is_held_unless_the_operator_turns_it_off(settings):
    ada, bo, cy = player("ada"), player("bo"), player("cy")
    _learn(signed_in(Client(REMOTE_ADDR=HOME), ada))
    private_window = signed_in(Client(REMOTE_ADDR=HOME), bo)
    second = _win(_daily_game(private_window))
    assert (second.ranked, second.held) == (False, second_accounts.SHARED_ADDRESS)
    settings.MAHJONG_HOLD_SHARED_ADDRESS = False
    third = _win(_daily_game(signed_in(Client(REMOTE_ADDR=HOME), cy)))
    assert (third.ranked, third.held) == (True, "")


def test_another_browser_on_another_address_publishes():
    ada, bo = player("ada"), player("bo")
    _learn(signed_in(Client(REMOTE_ADDR=HOME), ada))
    other = _win(_daily_game(signed_in(Client(REMOTE_ADDR=ELSEWHERE), bo)))
    assert (other.ranked, other.held) == (True, "")
    code = str(daily.daily_code(daily.utc_day(), "L00"))
    assert [e.username for e in day_board(code=code).entries] == ["bo"]


def test_one_account_alone_on_its_browser_ranks_as_before():
    ada = player("ada")
    browser = signed_in(Client(REMOTE_ADDR=HOME), ada)
    # Another layout's deal from the same browser is no second look at this one.
    _win(Game.objects.get(id=create(browser, daily="L02")["id"]))
    won = _win(_daily_game(browser))
    assert (won.ranked, won.held) == (True, "")


def test_a_win_before_the_other_account_played_stays_published():
    ada, bo = player("ada"), player("bo")
    browser = Client(REMOTE_ADDR=HOME)
    first = _win(_daily_game(signed_in(browser, ada)))
    _learn(signed_in(browser, bo))
    first.refresh_from_db()
    assert (first.ranked, first.held) == (True, "")


def test_a_signed_out_look_then_an_account_on_the_same_browser_is_held():
    """The learning need not be signed in: a visitor's session is another owner too."""
    bo = player("bo")
    browser = Client(REMOTE_ADDR=HOME)
    _learn(browser)
    browser.cookies.pop("sessionid")  # a new session: the old games are not claimed
    second = _win(_daily_game(signed_in(browser, bo)))
    assert second.held == second_accounts.SHARED_DEVICE


def test_a_forged_or_foreign_mark_is_replaced_and_only_hashes_are_kept():
    ada, bo = player("ada"), player("bo")
    first = Client(REMOTE_ADDR=HOME)
    _learn(signed_in(first, ada))
    mark = first.cookies[device_mark.COOKIE].value
    raw = mark.split(":")[0]
    assert not Game.objects.filter(device__contains=raw).exists()
    assert not Game.objects.filter(address__contains=HOME).exists()
    # The same mark's value without the site's signature is not the same browser.
    forged = Client(REMOTE_ADDR=ELSEWHERE)
    forged.cookies[device_mark.COOKIE] = raw
    second = _win(_daily_game(signed_in(forged, bo)))
    assert (second.ranked, second.held) == (True, "")
    assert forged.cookies[device_mark.COOKIE].value != raw


def test_a_non_daily_game_gives_no_mark_and_keeps_no_trace():
    browser = signed_in(Client(REMOTE_ADDR=HOME), player("ada"))
    game = Game.objects.get(id=create(browser, layout="L00")["id"])
    assert device_mark.COOKIE not in browser.cookies
    assert (game.device, game.address) == ("", "")


def test_traces_are_forgotten_after_the_days_the_privacy_page_names(settings):
    settings.MAHJONG_DAILY_TRACE_DAYS = 3
    browser = signed_in(Client(REMOTE_ADDR=HOME), player("ada"))
    old, recent = _daily_game(browser), _daily_game(browser)
    assert old.device and old.address
    Game.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=3, hours=1))
    _daily_game(browser)  # each daily game's start forgets what is too old
    old.refresh_from_db()
    recent.refresh_from_db()
    assert (old.device, old.address) == ("", "")
    assert recent.device and recent.address


def test_the_look_up_at_a_win_reads_its_indexes():
    """At every daily win the deal's games from the same browser and address are looked
    up: each by its own index, not by reading every daily game of the deal."""
    browser = signed_in(Client(REMOTE_ADDR=HOME), player("ada"))
    game = _daily_game(browser)
    others = second_accounts.other_owners(game)
    for field, index in (("device", "game_daily_device"), ("address", "game_daily_address")):
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL enable_seqscan = off")
        assert index in others.filter(**{field: getattr(game, field)}).explain()
    # And as each daily game starts, the old traces by theirs.
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL enable_seqscan = off")
    assert "game_traces_kept" in second_accounts.too_old().explain()
