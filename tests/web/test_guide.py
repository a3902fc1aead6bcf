"""The guided first game's words are the seeds' own rules sentences in each language, and
its tiles are the engine's: a free matching pair, then a tile blocked on both sides."""

from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from mahjong import Board
from mahjong.rules.board import BlockKind
from quiz.guide import guide_config, guide_tiles, guide_words
from quiz.models import RulesSection
from quiz.services import rules_sections_load

SEEDS = Path(settings.BASE_DIR) / "docs" / "seeds"
RULES_SEED = {
    "sv": "000_ae945b92e40cf123.txt",
    "el": "001_d7fac14c5b58c9fc.txt",
    "de": "002_c457d31c4e8b875b.txt",
    "id": "003_c600394140f551e9.txt",
}


@pytest.fixture
def rules(db):
    rules_sections_load()


@pytest.mark.parametrize("lang", list(RULES_SEED))
def test_every_guide_sentence_is_the_seeds_own(rules, lang):
    seed = (SEEDS / RULES_SEED[lang]).read_text(encoding="utf-8")
    with translation.override(lang):
        words = guide_words()
    assert set(words) == {"free", "match", "blocked", "done"}
    sentences = [sentence for step in words.values() for sentence in step]
    assert len(sentences) == 8
    for sentence in sentences:
        # The blocked tap's clause starts a sentence of its own in the guide.
        assert sentence in seed or sentence[0].lower() + sentence[1:] in seed, sentence


def test_guide_tiles_are_a_free_pair_then_a_tile_blocked_on_both_sides():
    tiles = guide_tiles()
    board = Board.from_code("MJ1-L00-AAAAABL")
    assert board.is_free(tiles["free"]) and board.is_free(tiles["match"])
    assert board.deal.match_classes[tiles["free"]] == board.deal.match_classes[tiles["match"]]
    board.remove(tiles["free"], tiles["match"])
    assert board.blocking(tiles["blocked"]).kind is BlockKind.SIDES


def test_no_guide_when_the_rules_no_longer_have_its_sentences(rules):
    section = RulesSection.objects.get(slug="pairs")
    section.body_sv = "Ett enda stycke utan lista."
    section.save()
    with translation.override("sv"):
        assert guide_config() is None
    with translation.override("de"):
        assert guide_config() is not None


def test_play_page_sends_the_guide_only_when_invited(rules, client):
    invited = client.get("/sv/play/", {"code": "MJ1-L00-AAAAABL", "guide": "1"})
    plain = client.get("/sv/play/", {"code": "MJ1-L00-AAAAABL"})
    assert '"guide": {"code": "MJ1-L00-AAAAABL"' in invited.content.decode()
    assert '"guide": null' in plain.content.decode()
