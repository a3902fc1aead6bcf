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
    parse_code,
)
from mahjong.rules.codes import MAX_DEAL


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
    code = GameCode("L00", MAX_DEAL)
    assert str(code) == "MJ1-L00-7777777"
    assert parse_code(str(code)) == code
    assert MAX_DEAL == 2**35 - 1


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", EmptyCode),
        ("   ", EmptyCode),
        ("MJ1-L00", MalformedCode),
        ("MJ1-L00-AAAAABL-X", MalformedCode),
        ("MJ2-L00-AAAAABL", WrongVersion),
        ("XX1-L00-AAAAABL", WrongVersion),
        ("MJ1-L99-AAAAABL", UnknownLayout),
        ("MJ1-X00-AAAAABL", UnknownLayout),
        ("MJ1-L0-AAAAABL", UnknownLayout),
        ("MJ1-L00-AAAAAB1", BadCharacters),
        ("MJ1-L00-AAAA0BL", BadCharacters),
        ("MJ1-L00-AAAA!BL", BadCharacters),
        ("MJ1-L00-AAAABL", WrongLength),
        ("MJ1-L00-AAAAAABL", WrongLength),
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


@pytest.mark.parametrize("number", [-1, MAX_DEAL + 1, 2**40])
def test_deal_number_out_of_range_is_rejected(number):
    with pytest.raises(DealOutOfRange):
        GameCode("L00", number)


def test_non_string_input_is_an_empty_code_error():
    with pytest.raises(EmptyCode):
        parse_code(None)
