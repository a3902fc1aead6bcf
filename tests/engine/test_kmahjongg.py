"""KMahjongg's .layout files: our reader and writer, round trips and refused files."""

import pytest

from mahjong import LAYOUTS
from mahjong.rules import custom, kmahjongg
from mahjong.rules.kmahjongg import LayoutFileError, read, write

LIMIT = 65536

# Two tiles side by side and one across them on the layer above, with comments, in the
# v1.1 format (a board of 6 by 2 quarters, 2 layers).
SMALL = """kmahjongg-layout-v1.1
# Board size in quarter tiles
w6
h2
# Board depth
d2
# Level 0
1212..
4343..
# Level 1
.12...
.43...
"""


def test_a_small_file_is_read_tile_by_tile():
    assert read(SMALL, max_bytes=LIMIT) == ((0, 0, 0), (2, 0, 0), (1, 0, 1))


def test_bytes_with_a_byte_order_mark_and_windows_line_ends_read_the_same():
    data = ("\ufeff" + SMALL.replace("\n", "\r\n")).encode()
    assert read(data, max_bytes=LIMIT) == read(SMALL, max_bytes=LIMIT)


def test_version_1_0_has_the_fixed_board_of_32_by_16_by_5():
    rows = ["." * 32] * 80
    rows[0] = "12" + "." * 30
    rows[1] = "43" + "." * 30
    text = "kmahjongg-layout-v1.0\n" + "\n".join(rows) + "\n"
    assert read(text, max_bytes=LIMIT) == ((0, 0, 0),)


@pytest.mark.parametrize("layout_id", list(LAYOUTS))
def test_every_layout_of_ours_round_trips(layout_id):
    positions = custom.ordered(LAYOUTS[layout_id].positions)
    text = write(positions)
    assert text.startswith("kmahjongg-layout-v1.1\n")
    again = read(text, max_bytes=LIMIT)
    assert again == positions
    assert write(again) == text  # the same file again, character for character


def test_the_writer_uses_kmahjonggs_board_when_the_tiles_fit():
    text = write([(0, 0, 0), (2, 0, 0)])
    assert "\nw32\nh16\n# Board depth\nd5\n" in text
    assert len([line for line in text.splitlines() if line and line[0] in ".1234"]) == 16 * 5


def test_a_tile_off_kmahjonggs_board_makes_the_file_larger():
    text = write([(40, 20, 6)])
    assert "\nw42\nh22\n# Board depth\nd7\n" in text
    assert read(text, max_bytes=LIMIT) == ((40, 20, 6),)


def test_a_read_layout_of_144_is_checked_by_the_custom_rules():
    turtle = write(LAYOUTS["L00"].positions)
    assert custom.problems(read(turtle, max_bytes=LIMIT)) == []


def _error(text, **kwargs) -> LayoutFileError:
    with pytest.raises(LayoutFileError) as raised:
        read(text, max_bytes=kwargs.get("max_bytes", LIMIT))
    return raised.value


def test_a_ten_megabyte_file_is_refused_before_it_is_read():
    error = _error("kmahjongg-layout-v1.1\n" + "." * 10_000_000)
    assert error.reason == "too_large" and error.detail == {"limit": LIMIT}


@pytest.mark.parametrize(
    "text, reason, line",
    [
        ("", "no_header", 1),
        ("just some text\n", "no_header", 1),
        ("<html><body>not a layout</body></html>", "no_header", 1),
        ("kmahjongg-layout-v1.1\nwide\nh2\nd1\n", "bad_size", 2),
        ("kmahjongg-layout-v1.1\nw0\nh2\nd1\n", "bad_size", None),
        ("kmahjongg-layout-v1.1\nw9999\nh2\nd1\n", "bad_size", None),
        ("kmahjongg-layout-v1.1\nw4\nh2\nd1\n1212\n", "bad_rows", None),
        ("kmahjongg-layout-v1.1\nw4\nh2\nd1\n1212\n4343\n1212\n", "bad_rows", None),
        ("kmahjongg-layout-v1.1\nw4\nh2\nd1\n12123\n4343\n", "bad_row", 5),
        ("kmahjongg-layout-v1.1\nw4\nh2\nd1\n12x.\n43..\n", "bad_character", 5),
        # A tile cut in half, a quarter left over, and two tiles sharing a quarter.
        ("kmahjongg-layout-v1.1\nw4\nh2\nd1\n12..\n....\n", "bad_tile", 6),
        ("kmahjongg-layout-v1.1\nw4\nh2\nd1\n12.3\n43..\n", "bad_tile", 5),
        ("kmahjongg-layout-v1.1\nw4\nh2\nd1\n112.\n443.\n", "bad_tile", 5),
    ],
)
def test_broken_files_name_their_fault_and_its_line(text, reason, line):
    error = _error(text)
    assert error.reason == reason
    assert error.line == line


def test_binary_junk_is_not_text():
    assert _error(b"\xff\xfe\x00\x01" * 100).reason == "not_text"
    assert _error("kmahjongg-layout-v1.1\x00\n").reason == "not_text"


def test_the_reader_keeps_each_tile_where_the_file_puts_it():
    # Nothing is moved to the corner: a file's positions are its own.
    text = kmahjongg.write([(10, 6, 0), (12, 6, 0)])
    assert read(text, max_bytes=LIMIT) == ((10, 6, 0), (12, 6, 0))
