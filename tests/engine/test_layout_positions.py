"""Every layout's tiles stay where they are, in the same order, forever.

A game code names a layout and a deal; a tile is named by its place in the layout's list
of positions (a game's history, a hint and the board page all use those numbers). A
layout whose positions move, or come in another order, would show an old code's game
differently and replay its history on other tiles. The golden deals pin faces and plans
per tile number; this pins where each number lies (a SHA-256 of the positions, in order).
"""

import hashlib
import json

import pytest

from mahjong.rules.registry import LAYOUTS

PINNED = {
    "L00": ("Turtle", "c7c8072195a9e445d39451de1d4ce85c"),
    "L01": ("Diamond", "aec3a8453ad48f6961436529bbfe0582"),
    "L02": ("Bridge", "5e0c19ef7223b7741c9d53e5b02e7292"),
    "L03": ("Fortress", "5b99b7990d828b6d4795bf61c66b9167"),
    "L04": ("Butterfly", "45d43754e4f860cc723036f9dce58234"),
    "L05": ("Cross", "00af210fc80f0ab48304973b208a63b8"),
    "L06": ("Pyramid", "abe5a14c0f8ffcc570d0046ea2a6a0a5"),
    "L07": ("Tower", "dbec6dc26c836a199c755ceae17fdd1f"),
    "L08": ("Ring", "563b35e0677cdf168c21b0c4e762f373"),
    "L09": ("Arrow", "16c67e2b18795105d21bcf1fdb340404"),
    "L10": ("Stairs", "05a1586e0b4758718abdd47155efa324"),
    "L11": ("Twin towers", "7e2c7f040d91c892c81ae8269341a4d6"),
    "L12": ("Hourglass", "8e79b4dab2a90d5dd68cb90c0eb13fac"),
    "L13": ("Crown", "8ca4e63cbe9acf87c400853e8f608496"),
    "L14": ("Column", "6f5c815d907d290e3bd4281c67c7ad4b"),
    "L15": ("Star", "7eefb49100ddb896a545387ecf56a839"),
    "L16": ("Castle", "7083e7ba83f363943e370addb5b8affe"),
    "L17": ("Boat", "bad2611249510472d301184bb015e59f"),
    "L18": ("Spiral", "b67c460ce0e50445468f44e03c041405"),
    "L19": ("Lantern", "9adeca4d54c3340da259533b5208ec18"),
    "L20": ("Key", "4725f016108e19d8888186df4088a4e6"),
    "L21": ("Checkers", "fbcdd954d0aa986a0686f9168c0577e1"),
    "L22": ("Frame", "29d7fb245b676392142320303b216e4b"),
    "L23": ("Kite", "0e3dce0fa0bd94a956259fd9df718a5c"),
    "L24": ("Gate", "a1837abac78ef89b1ad39fc288eb38d4"),
    "L25": ("Bowl", "6e46d46d0dd888ff7d1028f270ceee8d"),
    "L26": ("Fish", "e5b2149df1ef1832b56b841779995379"),
    "L27": ("Tree", "ce68ff352a3e6b69127706806e757d5a"),
    "L28": ("Ladder", "1925a5de885b246cff3da41175c3b629"),
    "L29": ("Tablet", "667d5f932d8ded990da44a213f72c726"),
}


def test_the_site_offers_exactly_the_pinned_layouts():
    assert list(LAYOUTS) == list(PINNED)


@pytest.mark.parametrize("layout_id", list(PINNED))
def test_a_layouts_name_and_positions_never_change(layout_id):
    layout = LAYOUTS[layout_id]
    digest = hashlib.sha256(json.dumps(layout.positions).encode()).hexdigest()[:32]
    assert (layout.name, digest) == PINNED[layout_id]
