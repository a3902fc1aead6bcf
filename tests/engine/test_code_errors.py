"""What a bad game code's error says: the CLI (``manage.py mahjong deal``) prints it as it
is, so it names the code as typed and what is wrong with it."""

import pytest

from mahjong import (
    BadCharacters,
    DealOutOfRange,
    EmptyCode,
    GameCode,
    MalformedCode,
    UnknownLayout,
    WrongLength,
    WrongVersion,
)
from mahjong.rules.codes import MAX_DEAL, encode_deal


@pytest.mark.parametrize(
    ("text", "error", "detail"),
    [
        ("MJ1-L00", MalformedCode, "expected three parts like MJ1-L00-AAAAABL"),
        ("MJ3-L00-AAAAABL", WrongVersion, "format version 'MJ3', expected MJ1 or MJ2"),
        ("MJ1-X00-AAAAABL", UnknownLayout, "unknown layout 'X00'"),
        ("MJ1-L00-AAAA1BL", BadCharacters, "the deal number uses only A–Z and 2–7"),
        ("MJ1-L00-AAAAAABL", WrongLength, "the deal number has 7 characters in MJ1"),
        ("MJ2-L00-AAAAAABL", WrongLength, "the deal number has 12 characters in MJ2"),
    ],
)
def test_a_bad_codes_error_names_the_code_as_typed_and_the_fault(text, error, detail):
    typed = f" {text.lower()} "
    with pytest.raises(error) as raised:
        GameCode.parse(typed)
    assert raised.value.code == typed
    assert str(raised.value) == f"invalid game code {typed!r}: {detail}"


def test_an_unknown_layout_among_known_ones_is_named():
    with pytest.raises(UnknownLayout) as raised:
        GameCode.parse("MJ1-L99-AAAAABL", known_layouts=frozenset({"L00"}))
    assert raised.value.code == "MJ1-L99-AAAAABL"
    assert str(raised.value).endswith("unknown layout 'L99'")


@pytest.mark.parametrize("text", ["", "   ", None])
def test_no_code_at_all_says_so(text):
    with pytest.raises(EmptyCode) as raised:
        GameCode.parse(text)
    assert str(raised.value) == "invalid game code '': no code given"


@pytest.mark.parametrize("version", [1, 2])
@pytest.mark.parametrize("number", [-1, "largest + 1"])
def test_a_deal_number_out_of_range_is_named(number, version):
    number = MAX_DEAL[version] + 1 if number == "largest + 1" else number
    for make in (lambda n: encode_deal(n, version), lambda n: GameCode("L00", n, version)):
        with pytest.raises(DealOutOfRange) as raised:
            make(number)
        assert raised.value.code == str(number)
        assert str(raised.value).endswith(f"deal number must be 0..{MAX_DEAL[version]}")
