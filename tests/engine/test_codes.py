import hashlib

import pytest

from mahjong import (
    BadCharacters,
    DealOutOfRange,
    EmptyCode,
    GameCode,
    InvalidGameCode,
    MalformedCode,
    UnknownLayout,
    WrongLength,
    WrongVersion,
    deal_for,
    parse_code,
)
from mahjong.rules.codes import MAX_DEAL
from mahjong.rules.deal import deal_seed
from mahjong.rules.registry import random_code


def test_example_code_is_turtle_deal_43():
    code = parse_code("MJ1-L00-AAAAABL")
    assert (code.layout_id, code.deal_number) == ("L00", 43)
    assert str(code) == "MJ1-L00-AAAAABL"


@pytest.mark.parametrize(
    "text",
    [
        "mj1-l00-aaaaabl",
        "  MJ1-L00-AAAAABL\n",
        "MJ1 L00 AAAAABL",
        "mj1 - l00 - aaaaabl",
        "MJ1L00AAAAABL",
    ],
)
def test_parse_tolerates_case_and_spaces(text):
    assert str(parse_code(text)) == "MJ1-L00-AAAAABL"


def test_largest_deal_number_round_trips():
    code = GameCode("L00", MAX_DEAL[1])
    assert str(code) == "MJ1-L00-7777777"
    assert parse_code(str(code)) == code
    assert MAX_DEAL[1] == 2**35 - 1


def test_largest_mj2_deal_number_round_trips():
    code = GameCode("L00", MAX_DEAL[2], 2)
    assert str(code) == "MJ2-L00-777777777777"
    assert parse_code(str(code)) == code
    assert MAX_DEAL[2] == 2**60 - 1


@pytest.mark.parametrize(
    "text",
    [
        "mj2-l00-aaaaaaaaaabl",
        "  MJ2-L00-AAAAAAAAAABL\n",
        "MJ2 L00 AAAAAAAAAABL",
        "MJ2L00AAAAAAAAAABL",
    ],
)
def test_mj2_parse_tolerates_case_and_spaces(text):
    code = parse_code(text)
    assert (code.layout_id, code.deal_number, code.version) == ("L00", 43, 2)
    assert str(code) == "MJ2-L00-AAAAAAAAAABL"


def test_the_same_number_is_another_code_and_deal_in_mj2():
    old, new = parse_code("MJ1-L00-AAAAABL"), parse_code("MJ2-L00-AAAAAAAAAABL")
    assert old.deal_number == new.deal_number == 43
    assert old != new
    assert deal_for(old).faces != deal_for(new).faces


def test_a_players_layout_takes_mj2_codes():
    code = GameCode.parse("mj2-cabcdefgh-aaaaaaaaaabl")
    assert (code.layout_id, code.deal_number, code.version) == ("CABCDEFGH", 43, 2)
    assert str(code) == "MJ2-CABCDEFGH-AAAAAAAAAABL"
    assert code.is_custom


def test_the_server_deals_mj2_codes_over_the_whole_60_bits():
    codes = [random_code("L00") for _ in range(200)]
    assert {code.version for code in codes} == {2}
    assert all(str(code).startswith("MJ2-L00-") and len(str(code)) == 20 for code in codes)
    assert max(code.deal_number for code in codes) > MAX_DEAL[1]
    assert len(set(codes)) == len(codes)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", EmptyCode),
        ("   ", EmptyCode),
        ("MJ1-L00", MalformedCode),
        ("MJ1-L00-AAAAABL-X", MalformedCode),
        ("MJ3-L00-AAAAABL", WrongVersion),
        ("XX1-L00-AAAAABL", WrongVersion),
        ("MJ1-L99-AAAAABL", UnknownLayout),
        ("MJ1-X00-AAAAABL", UnknownLayout),
        ("MJ1-L0-AAAAABL", UnknownLayout),
        ("MJ1-L00-AAAAAB1", BadCharacters),
        ("MJ1-L00-AAAA0BL", BadCharacters),
        ("MJ1-L00-AAAA!BL", BadCharacters),
        ("MJ1-L00-AAAABL", WrongLength),
        ("MJ1-L00-AAAAAABL", WrongLength),
        ("MJ1-L00-AAAAAAAAAABL", WrongLength),
        ("MJ2-L00-AAAAABL", WrongLength),
        ("MJ2-L00-AAAAAAAAAAABL", WrongLength),
        ("MJ2-L00-AAAAAAAAAAB1", BadCharacters),
        ("MJ2-L99-AAAAAAAAAABL", UnknownLayout),
        ("MJ0-L00-AAAAAAAAAABL", WrongVersion),
        ("MJ2-L00", MalformedCode),
        ("MJ2L00AAAAAAAAAAABL", MalformedCode),
    ],
)
def test_each_malformed_code_raises_its_own_typed_error(text, error):
    with pytest.raises(error) as caught:
        parse_code(text)
    assert isinstance(caught.value, InvalidGameCode)
    assert isinstance(caught.value, ValueError)
    assert caught.value.reason == error.reason


def test_reasons_are_distinct_words():
    classes = [
        EmptyCode,
        MalformedCode,
        WrongVersion,
        UnknownLayout,
        BadCharacters,
        WrongLength,
        DealOutOfRange,
    ]
    assert len({c.reason for c in classes}) == len(classes)


@pytest.mark.parametrize("number", [-1, MAX_DEAL[1] + 1, 2**40])
def test_deal_number_out_of_range_is_rejected(number):
    with pytest.raises(DealOutOfRange):
        GameCode("L00", number)


@pytest.mark.parametrize("number", [-1, MAX_DEAL[2] + 1])
def test_mj2_deal_number_out_of_range_is_rejected(number):
    with pytest.raises(DealOutOfRange):
        GameCode("L00", number, 2)


@pytest.mark.parametrize("version", [0, 3, True, "2"])
def test_an_unknown_version_is_rejected(version):
    with pytest.raises(WrongVersion):
        GameCode("L00", 43, version)


def test_non_string_input_is_an_empty_code_error():
    with pytest.raises(EmptyCode):
        parse_code(None)


def test_the_seeds_of_both_versions_are_as_documented():
    # MJ1: the layout number above the 35-bit deal number, as it always was.
    assert deal_seed(GameCode("L03", 43)) == (3 << 35) | 43
    # MJ2: BLAKE2b of "layout:number", 8 bytes, personalised.
    digest = hashlib.blake2b(b"L03:43", digest_size=8, person=b"mahjong MJ2 deal").digest()
    assert deal_seed(GameCode("L03", 43, 2)) == int.from_bytes(digest, "big")
    assert deal_seed(GameCode("CABCDEFGH", 43, 2)) != deal_seed(GameCode("CABCDEFGI", 43, 2))
