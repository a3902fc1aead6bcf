"""Golden deals: a game code gives the same tiles in the same places forever.

``golden_deals.json`` was written once from the generator and must never be
regenerated to make a test pass: a failure here means a change would alter
deals that players have already shared. Change the code version (``MJ2``)
instead.
"""

import json
from pathlib import Path

import pytest

from mahjong import deal_for

GOLDEN = json.loads((Path(__file__).parent / "golden_deals.json").read_text())


def test_the_example_game_is_pinned():
    assert "MJ1-L00-AAAAABL" in GOLDEN
    assert len({code[4:7] for code in GOLDEN}) >= 3


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_deal_is_unchanged(code):
    deal = deal_for(code)
    assert " ".join(deal.faces) == GOLDEN[code]["faces"]
    assert " ".join(f"{a}-{b}" for a, b in deal.plan) == GOLDEN[code]["plan"]
