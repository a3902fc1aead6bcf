"""A held win is its own state everywhere: the same words, one msgid ("Waiting for a
check", context "win state"), on the win screen, the statistics page, the board of one's
own wins and the data export; and it is never counted as unranked. One test per language."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.translation import pgettext

from game import win_screen
from game.models import Game
from tests.players import player, recorded_win, save_recorded, signed_in

pytestmark = pytest.mark.django_db

LANGUAGES = [code for code, _name in settings.LANGUAGES]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_held_win_is_waiting_for_a_check_everywhere_and_never_unranked(client, lang):
    with translation.override(lang):
        words = pgettext("win state", "Waiting for a check")
    assert words != "Waiting for a check"  # translated: never English on the page
    ada = player("ada")
    held = recorded_win(user=ada, seconds=300, ranked=False)
    held.held = "too_even_taps"
    unranked = recorded_win(user=ada, seconds=310, hints=1)
    ranked = recorded_win(user=ada, seconds=320)
    held, unranked, ranked = save_recorded([held, unranked, ranked])
    signed_in(client, ada)

    # The statistics page: its own line, and not among the unranked wins.
    stats_page = client.get(f"/{lang}/stats/").content.decode()
    assert words in stats_page
    summary = stats_page.split('id="stats-summary-held"')[1].split("</div>")[0]
    assert words in summary and ">1<" in summary
    assert "Unranked" not in stats_page
    # The board of one's own wins (the leaderboard page) names the held win so too.
    board_page = client.get(f"/{lang}/leaderboard/").content.decode()
    assert board_page.count(words) == 1
    # The win screen: its word in the page, and the win's facts say held, not unranked.
    play_page = client.get(f"/{lang}/play/").content.decode()
    assert f'<span data-word="held">{words}</span>' in play_page
    facts = win_screen.win_for(Game.objects.get(pk=held.pk))
    assert facts["held"] is True and facts["ranked"] is False
    assert win_screen.win_for(Game.objects.get(pk=unranked.pk))["held"] is False
    # The data export.
    export = json.loads(client.get(f"/{lang}/accounts/data/").content)
    standing = {game["id"]: game for game in export["games"]}
    assert standing[str(held.pk)]["standing"] == "held"
    assert standing[str(held.pk)]["standing_text"] == words
    assert standing[str(unranked.pk)]["standing"] == "unranked"
    assert standing[str(ranked.pk)]["standing"] == "ranked"
    assert export["statistics"]["wins_waiting_for_a_check"] == 1


def test_the_unranked_count_leaves_held_wins_out():
    from records import stats

    ada = player("ada")
    held = recorded_win(user=ada, seconds=300, ranked=False)
    held.held = "top_place"
    save_recorded([held, recorded_win(user=ada, seconds=310, hints=1)])
    overall = stats.stats_for_user(user_id=ada.pk).overall
    assert (overall.won, overall.ranked_won, overall.held_won, overall.unranked_won) == (2, 0, 1, 1)
