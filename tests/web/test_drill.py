"""The practice drill "Free or blocked?": real positions of real deals, graded and explained
by the engine through a plain GET form, shared by their address, and storing nothing."""

import html
import random
import re

import pytest
from django.apps import apps
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext

from mahjong import Board
from mahjong.rules.board import BlockKind
from quiz.drill import DrillPosition, random_position
from wording.names import AS_SUBJECT, IN_SENTENCE, tile_name

from .helpers import page_text

LANGUAGES = [code for code, _name in settings.LANGUAGES]
EXAMPLE = "MJ1-L00-AAAAABL"
PAIRS = 3
RIGHT = {"sv": "Rätt!", "el": "Σωστά!", "de": "Richtig!", "id": "Benar!"}
WRONG = {"sv": "Fel svar.", "el": "Λάθος.", "de": "Leider falsch.", "id": "Kurang tepat."}
BLOCKED = {"sv": "blockerad", "el": "μπλοκαρισμένο", "de": "blockiert", "id": "terhalang"}
FREE = {"sv": "fri", "el": "ελεύθερο", "de": "frei", "id": "bebas"}
NO_SUCH_POSITION = {
    "sv": "Den ställningen finns inte.",
    "el": "Αυτή η θέση δεν υπάρχει.",
    "de": "Diese Stellung gibt es nicht.",
    "id": "Posisi itu tidak ditemukan.",
}


@pytest.fixture(scope="module")
def board() -> Board:
    """The example deal after three pairs of its plan: a position reached by real play."""
    return DrillPosition(EXAMPLE, PAIRS, 0).board()


def tile_of(board: Board, kind: BlockKind | None) -> int:
    """A present tile the engine calls free (``None``) or blocked for ``kind``."""
    for tile in board.present_tiles():
        blocking = board.blocking(tile)
        if (blocking.kind if blocking else None) is kind:
            return tile
    raise AssertionError(f"no tile of kind {kind} in this position")


def drill(body: str) -> str:
    return re.search(r'<section class="drill".*?</section>', body, re.S).group(0)


def drill_result(body: str) -> str:
    found = re.search(r'<div class="(result[^"]*)" id="result-drill"[^>]*>(.*?)</div>', body, re.S)
    return found.group(1) + " " + page_text(found.group(2).encode())


def query(tile: int, **extra) -> dict:
    return {"drill": EXAMPLE, "pairs": PAIRS, "tile": tile, **extra}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", [None, BlockKind.HALF_COVERED, BlockKind.SIDES])
def test_both_answers_are_graded_by_the_engine(client, practice_content, board, lang, kind):
    tile = tile_of(board, kind)
    correct, wrong = ("free", "blocked") if kind is None else ("blocked", "free")

    right_body = client.get(f"/{lang}/practice/", query(tile, answer=correct)).content.decode()
    wrong_body = client.get(f"/{lang}/practice/", query(tile, answer=wrong)).content.decode()

    assert drill_result(right_body).startswith("result result--right")
    assert RIGHT[lang] in drill_result(right_body)
    assert drill_result(wrong_body).startswith("result result--wrong")
    assert WRONG[lang] in drill_result(wrong_body)
    word = FREE[lang] if kind is None else BLOCKED[lang]
    with translation.override(lang):
        name = tile_name(board.faces[tile], AS_SUBJECT)
    for body in (right_body, wrong_body):
        explanation = html.unescape(
            re.search(r'<p class="result__explanation">(.*?)</p>', drill(body)).group(1)
        )
        assert name in explanation and word in explanation
    # Like the quiz above it, the drill states the right answer as its option reads, as a
    # sentence with its full stop, after a wrong answer; after "Right!" it is not said twice.
    with translation.override(lang):
        option = gettext("Free" if kind is None else "Blocked")
        stated = gettext("The correct answer: %(answer)s") % {"answer": option}
    assert f'<p class="result__correct">{stated}.</p>' in html.unescape(drill(wrong_body))
    assert "result__correct" not in drill(right_body)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_explanation_names_the_engines_blockers(client, practice_content, board, lang):
    for kind in (BlockKind.HALF_COVERED, BlockKind.SIDES):
        tile = tile_of(board, kind)
        blocking = board.blocking(tile)
        body = client.get(f"/{lang}/practice/", query(tile, answer="free")).content.decode()
        text = drill_result(body)
        blockers = blocking.covering if kind is BlockKind.HALF_COVERED else blocking.left
        blockers += () if kind is BlockKind.HALF_COVERED else blocking.right
        with translation.override(lang):
            names = [tile_name(board.faces[i], IN_SENTENCE) for i in blockers]
        assert names and all(name in text for name in names), (text, names)


def test_explanations_in_swedish_word_each_reason(client, practice_content, board):
    half = tile_of(board, BlockKind.HALF_COVERED)
    sides = tile_of(board, BlockKind.SIDES)
    free = tile_of(board, None)

    texts = [
        drill_result(client.get("/sv/practice/", query(tile, answer="free")).content.decode())
        for tile in (half, sides, free)
    ]

    covered = "täckt av " if board.covered_quarters(half) == 4 else "delvis täckt av "
    assert f"är blockerad: {covered}" in texts[0]
    assert "är blockerad: " in texts[1] and " till vänster och " in texts[1]
    assert texts[1].rstrip().endswith(" till höger.")
    assert "är fri: inget ligger ovanpå och " in texts[2]


def test_show_without_an_answer_shows_the_explanation_without_a_verdict(
    client, practice_content, board
):
    body = client.get("/de/practice/", query(tile_of(board, None), show="drill")).content
    text = drill_result(body.decode())
    assert text.startswith("result result--unanswered")
    assert "ist frei: Es liegt nichts darauf" in text
    assert "Richtig" not in text and "Leider falsch" not in text


def test_the_position_is_drawn_from_the_engine_with_one_tile_marked(
    client, practice_content, board
):
    tile = tile_of(board, BlockKind.SIDES)
    section = drill(client.get("/sv/practice/", query(tile)).content.decode())

    svg = re.search(r"<svg.*?</svg>", section, re.S).group(0)
    assert len(re.findall(r'class="tile [^"]*tile--marked', svg)) == 1
    marked = re.search(r'class="tile [^"]*tile--marked"[^>]*>.*?>([^<]+)</text>', svg).group(1)
    assert marked == board.faces[tile]
    assert "tile--blocked" not in svg  # a darker face would give the answer away
    # Every tile drawn is on the board in that position, the removed ones are not drawn.
    removed_faces = [board.faces[i] for pair in board.history for i in pair]
    labels = re.findall(r'<text class="tile__label"[^>]*>([^<]+)</text>', svg)
    assert len(labels) < len(board)
    blocking = board.blocking(tile)
    for neighbour in (*blocking.left, *blocking.right):
        assert board.faces[neighbour] in labels
    assert removed_faces  # the position is not the starting one
    assert f"{EXAMPLE} (Sköldpadda), efter att {PAIRS} par har tagits bort." in page_text(
        section.encode()
    )


def test_the_drill_comes_after_the_seeds_three_questions(client, practice_content):
    body = client.get("/sv/practice/").content.decode()
    quiz_end = body.index("</form>")
    assert body.index('<section class="drill"') > quiz_end
    assert body.count('<fieldset class="question"') == 4


def test_a_position_is_shared_by_its_address(client, practice_content):
    body = client.get("/el/practice/").content.decode()
    section = drill(body)
    code = re.search(r'name="drill" value="([^"]+)"', section).group(1)
    pairs = int(re.search(r'name="pairs" value="(\d+)"', section).group(1))
    tile = int(re.search(r'name="tile" value="(\d+)"', section).group(1))
    share = html.unescape(
        re.search(r'<a href="([^"]+)">', section.split("data-drill-next")[1]).group(1)
    )
    assert share == f"/el/practice/?drill={code}&pairs={pairs}&tile={tile}#drill"

    again = drill(client.get(share.split("#")[0]).content.decode())
    assert re.search(r"<svg.*?</svg>", again, re.S).group(0) == re.search(
        r"<svg.*?</svg>", section, re.S
    ).group(0)
    # The next position is another concrete address, not the same page again.
    following = html.unescape(re.search(r'href="([^"]+)" data-drill-next', section).group(1))
    assert following.startswith("/el/practice/?drill=MJ2-") and following.endswith("#drill")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    "bad",
    [
        {"drill": "MJ1-L00-AAAAAB", "pairs": "3", "tile": "1"},  # malformed code
        {"drill": "MJ1-L99-AAAAABL", "pairs": "3", "tile": "1"},  # no such layout
        {"drill": EXAMPLE, "pairs": "72", "tile": "1"},  # nothing left to ask about
        {"drill": EXAMPLE, "pairs": "-1", "tile": "1"},
        {"drill": EXAMPLE, "pairs": "3", "tile": "144"},
        {"drill": EXAMPLE, "pairs": "3", "tile": "x"},
        {"drill": EXAMPLE, "pairs": ["3", "4"], "tile": "1"},
        {"drill": EXAMPLE, "tile": "1"},
    ],
)
def test_a_bad_position_is_a_clear_400_with_a_new_position(client, practice_content, lang, bad):
    response = client.get(f"/{lang}/practice/", {**bad, "answer": "free"})

    assert response.status_code == 400
    section = drill(response.content.decode())
    assert NO_SUCH_POSITION[lang] in page_text(section.encode())
    assert 'role="alert"' in section
    assert "result--" not in section  # the new position is not graded
    assert re.search(r'name="drill" value="MJ2-L\d\d-[A-Z2-7]{12}"', section)


def test_a_removed_tile_is_not_a_position(client, practice_content, board):
    removed = board.history[0][0]
    response = client.get("/sv/practice/", query(removed))
    assert response.status_code == 400


@pytest.mark.parametrize("lang", LANGUAGES)
def test_drilling_sets_no_cookie_and_writes_no_row(client, practice_content, board, lang):
    counts = {model: model.objects.count() for model in apps.get_models()}
    tile = tile_of(board, None)

    responses = [
        client.get(f"/{lang}/practice/"),
        client.get(f"/{lang}/practice/", query(tile, answer="free", show="drill")),
        client.get(f"/{lang}/practice/", query(tile, answer="blocked")),
        client.get(f"/{lang}/practice/", {"drill": "nonsense", "pairs": "1", "tile": "1"}),
    ]

    for response in responses:
        assert response.cookies == {}
        assert not response.has_header("Set-Cookie")
    assert {model: model.objects.count() for model in apps.get_models()} == counts
    assert client.cookies == {}


def test_random_positions_ask_both_answers_and_every_visible_reason():
    rng = random.Random(12)
    seen = set()
    for _ in range(60):
        position = random_position(rng)
        board = position.board()
        assert board.is_present(position.tile)
        blocking = board.blocking(position.tile)
        seen.add(blocking.kind if blocking else None)
        # A tile lying exactly under another cannot be seen: it is never asked about.
        assert blocking is None or blocking.kind is not BlockKind.COVERED
    assert seen == {None, BlockKind.HALF_COVERED, BlockKind.SIDES}


def test_once_answered_the_diagram_outlines_the_engines_blockers(client, practice_content, board):
    tile = tile_of(board, BlockKind.SIDES)
    blocking = board.blocking(tile)

    asked = drill(client.get("/sv/practice/", query(tile)).content.decode())
    answered = drill(client.get("/sv/practice/", query(tile, answer="free")).content.decode())

    assert "tile--blocker" not in asked  # before the answer, nothing gives it away
    outlined = re.findall(r'class="tile [^"]*tile--blocker"[^>]*>.*?>([^<]+)</text>', answered)
    expected = [board.faces[i] for i in (*blocking.left, *blocking.right)]
    assert sorted(outlined) == sorted(expected)
