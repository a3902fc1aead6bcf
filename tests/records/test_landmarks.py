"""Screen readers announce each region once: no named section or region holds another
region of the same name (the table's scroll region is named by the heading itself)."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.utils import timezone

from game.models import Game
from tests.players import player, recorded_win, signed_in

pytestmark = pytest.mark.django_db


class _Regions(HTMLParser):
    """Records, for each named section or region, the names of the ones around it."""

    def __init__(self):
        super().__init__()
        self.stack: list[str | None] = []
        self.nested: list[tuple[str, list[str]]] = []

    def handle_starttag(self, tag, attrs):
        if tag not in ("section", "div"):
            return
        attributes = dict(attrs)
        name = attributes.get("aria-labelledby")
        is_region = tag == "section" or attributes.get("role") == "region"
        named = name if is_region else None
        if named:
            self.nested.append((named, [outer for outer in self.stack if outer]))
        self.stack.append(named)

    def handle_endtag(self, tag):
        if tag in ("section", "div") and self.stack:
            self.stack.pop()


@pytest.mark.parametrize("path", ["/sv/stats/", "/sv/leaderboard/", "/sv/daily/"])
def test_no_region_sits_inside_a_region_of_the_same_name(client, path):
    ada = player()
    Game.objects.bulk_create([recorded_win(user=ada, seconds=70, when=timezone.now())])
    signed_in(client, ada)
    response = client.get(path)
    assert response.status_code == 200
    parser = _Regions()
    parser.feed(response.content.decode())

    assert parser.nested  # the page has named regions at all
    assert "{#" not in response.content.decode()  # no template comment leaks onto the page
    for name, outer in parser.nested:
        assert name not in outer, name
