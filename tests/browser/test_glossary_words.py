"""The glossary's game words, per language, on the controls and in the accessible names
they belong to, so that a player who reads "Ångra" on the rules page finds a button called
"Ångra" (docs/glossary.md).

Names are read as Chromium computes them for assistive technology (``get_by_role``), on
the play page (buttons, the code field, the "No more moves" dialog, the tiles) and the
practice page; the rules page, the user's own text, must use the same words.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.api.helpers import EXAMPLE

# The glossary's words for what the pages name. "undo_in_dialog" is the Undo button of
# the "No more moves" dialog: the glossary word, or a label that contains it where the
# word alone reads as "Cancel" in a dialog (id: "Batalkan langkah terakhir") or beside
# "undo N moves" could not be told from it (el: «Αναίρεση τελευταίας κίνησης»).
GLOSSARY = {
    "sv": {
        "hint": "Tips",
        "undo": "Ångra",
        "undo_in_dialog": "Ångra",
        "pause": "Paus",
        "paused": "Pausat",
        "new_game": "Nytt spel",
        "game_code": "Spelkod",
        "no_more_moves": "Inga fler drag",
        "free": "fri",
        "blocked": "blockerad",
        "bamboo": "Bambu",
        "rules": "Regler",
        "practice": "Övning",
        "play": "Spela",
        "statistics": "Statistik",
        "leaderboard": "Topplista",
        "show_answer": "Visa facit och förklaring",
        "board": "Spelbräde",
        "board_in_rules": "brädet",
    },
    "el": {
        "hint": "Υπόδειξη",
        "undo": "Αναίρεση",
        "undo_in_dialog": "Αναίρεση τελευταίας κίνησης",
        "pause": "Παύση",
        "paused": "παύση",
        "new_game": "Νέο παιχνίδι",
        "game_code": "Κωδικός παιχνιδιού",
        "no_more_moves": "Δεν υπάρχουν κινήσεις",
        "free": "ελεύθερο",
        "blocked": "μπλοκαρισμένο",
        "bamboo": "Μπαμπού",
        "rules": "Κανόνες",
        "practice": "Εξάσκηση",
        "play": "Παίξτε",
        "statistics": "Στατιστικά",
        "leaderboard": "Κατάταξη",
        "show_answer": "Εμφάνιση απάντησης και εξήγησης",
        "board": "Ταμπλό",
        "board_in_rules": "ταμπλό",
    },
    "de": {
        "hint": "Hinweis",
        "undo": "Rückgängig",
        "undo_in_dialog": "Letzten Zug rückgängig machen",
        "pause": "Pause",
        "paused": "pausiert",
        "new_game": "Neues Spiel",
        "game_code": "Spielcode",
        "no_more_moves": "Keine Züge mehr",
        "free": "frei",
        "blocked": "blockiert",
        "bamboo": "Bambus",
        "rules": "Regeln",
        "practice": "Übung",
        "play": "Spielen",
        "statistics": "Statistik",
        "leaderboard": "Bestenliste",
        "show_answer": "Lösung und Erklärung anzeigen",
        "board": "Spielfeld",
        "board_in_rules": "Spielfeld",
    },
    "id": {
        "hint": "Petunjuk",
        "undo": "Batal",
        "undo_in_dialog": "Batalkan langkah terakhir",
        "pause": "Jeda",
        "paused": "dijeda",
        "new_game": "Permainan baru",
        "game_code": "Kode permainan",
        "no_more_moves": "Tidak ada langkah lagi",
        "free": "bebas",
        "blocked": "terhalang",
        "bamboo": "Bambu",
        "rules": "Aturan",
        "practice": "Latihan",
        "play": "Bermain",
        "statistics": "Statistik",
        "leaderboard": "Peringkat",
        "show_answer": "Tampilkan jawaban dan penjelasan",
        "board": "Papan permainan",
        "board_in_rules": "papan",
    },
}
# Words the rules page (the seed) uses for the helpers, in any case: the same as on the
# buttons ("paused" is the glossary's "paused game": "Pausat spel"; the board's name in
# the form a sentence needs: "brädet").
RULES_WORDS = (
    "hint",
    "undo",
    "paused",
    "game_code",
    "leaderboard",
    "no_more_moves",
    "board_in_rules",
)


def _has_word(text: str, word: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(word.casefold())}(?!\w)", text.casefold()) is not None


@pytest.mark.parametrize("lang", list(GLOSSARY))
def test_glossary_words_name_the_controls_and_the_tiles(
    live_server, site_content, page: Page, lang
):
    words = GLOSSARY[lang]
    page.goto(f"{live_server.url}/{lang}/play/?code={EXAMPLE}")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")

    toolbar = {"hint": words["hint"], "undo": words["undo"], "pause": words["pause"]}
    for name in (*toolbar.values(), words["new_game"]):
        expect(page.get_by_role("button", name=name, exact=True).first).to_be_attached()
    # The code field is in the New game panel.
    page.locator("#new-game-button").click()
    expect(page.get_by_role("textbox", name=words["game_code"], exact=True)).to_be_attached()
    page.keyboard.press("Escape")
    for link in ("rules", "practice", "play", "statistics", "leaderboard"):
        navigation = page.get_by_role("navigation").first
        expect(navigation.get_by_role("link", name=words[link], exact=True)).to_be_attached()

    # The "No more moves" dialog (closed until needed) is named by the glossary's words and
    # offers undo and a new game under their names.
    dialog = page.get_by_role("dialog", name=words["no_more_moves"], include_hidden=True)
    expect(dialog).to_have_count(1)
    undo = dialog.get_by_role("button", include_hidden=True, name=words["undo_in_dialog"])
    expect(undo).to_have_count(1)
    assert words["undo"].casefold() in undo.inner_text().casefold()
    expect(
        dialog.get_by_role("button", include_hidden=True, name=words["new_game"], exact=True)
    ).to_have_count(1)

    # Every tile's name is its kind and the glossary's "free" or "blocked"; bamboo tiles
    # carry the glossary's family word.
    snapshot = page.get_by_role("group", name=words["board"], exact=True).aria_snapshot()
    names = re.findall(r'^\s*- button "([^"]+)"', snapshot, re.M)
    assert len(names) == 144
    free = [n for n in names if n.endswith(f", {words['free']}")]
    blocked = [n for n in names if n.endswith(f", {words['blocked']}")]
    assert len(free) == 35 and len(blocked) == 144 - 35
    assert any(re.fullmatch(rf"{words['bamboo']} [1-9], \w+( \w+)?", name) for name in names)


@pytest.mark.parametrize("lang", list(GLOSSARY))
def test_rules_and_practice_pages_use_the_same_words(live_server, site_content, page: Page, lang):
    words = GLOSSARY[lang]
    page.goto(f"{live_server.url}/{lang}/rules/")
    rules = page.locator("main").inner_text()
    for concept in RULES_WORDS:
        assert _has_word(rules, words[concept]), concept

    page.goto(f"{live_server.url}/{lang}/practice/")
    quiz = page.locator("form#quiz")
    expect(quiz.get_by_role("button", name=words["show_answer"], exact=True)).to_have_count(3)
