"""The rules page in each language: the seed's text, the facts, the diagrams, the cache."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache
from django.core.management import call_command

from mahjong import KINDS, Board
from quiz import views as quiz_views
from quiz.models import RulesSection
from quiz.services import rules_sections_load

from .helpers import page_text

LANGUAGES = [code for code, _name in settings.LANGUAGES]
# The user's source documents, kept verbatim in the repository (docs/seeds/README.md).
SEEDS = Path(settings.BASE_DIR) / "docs" / "seeds"
SEED_FILES = {
    "sv": "000_ae945b92e40cf123.txt",
    "el": "001_d7fac14c5b58c9fc.txt",
    "de": "002_c457d31c4e8b875b.txt",
    "id": "003_c600394140f551e9.txt",
}
NO_MORE_MOVES = {
    "sv": "Inga fler drag",
    "el": "Δεν υπάρχουν κινήσεις",
    "de": "Keine Züge mehr",
    "id": "Tidak ada langkah lagi",
}
EXAMPLE_CODE = "MJ1-L00-AAAAABL"


@pytest.fixture
def rules_content(db):
    rules_sections_load()
    cache.clear()
    yield
    cache.clear()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_page_answers_in_its_language_with_the_facts(client, rules_content, lang):
    response = client.get(f"/{lang}/rules/")

    assert response.status_code == 200
    body = response.content.decode()
    assert f'<html lang="{lang}">' in body
    text = page_text(response.content)
    for fact in ("144", "42", "72", "35", EXAMPLE_CODE, NO_MORE_MOVES[lang]):
        assert fact in text, fact
    for label in KINDS:
        assert f">{label}</text>" in body, label


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_page_says_everything_its_seed_document_says(client, rules_content, lang):
    seed = SEEDS / SEED_FILES[lang]
    text = page_text(client.get(f"/{lang}/rules/").content)

    for line in seed.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or re.fullmatch(r"\|[-|]+\|", line):
            continue
        if line.startswith("|"):
            pieces = [cell.strip() for cell in line.strip("|").split("|")]
        else:
            pieces = [line.removeprefix("- ")]
        for piece in pieces:
            assert piece in text, f"{lang}: missing {piece!r}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_page_links_to_the_same_page_in_the_other_three_languages(
    client, rules_content, lang
):
    body = client.get(f"/{lang}/rules/").content.decode()

    others = [other for other in LANGUAGES if other != lang]
    alternates = dict(re.findall(r'<link rel="alternate" hreflang="(\w+)" href="([^"]+)">', body))
    # Every language, this one included (x-default is checked in test_findable.py).
    assert alternates == {code: f"http://testserver/{code}/rules/" for code in LANGUAGES}
    for other in others:
        assert f'<a href="/{other}/rules/" hreflang="{other}" lang="{other}">' in body


@pytest.mark.parametrize("lang", LANGUAGES)
def test_signed_out_reader_of_the_rules_gets_no_cookie(client, rules_content, lang):
    response = client.get(f"/{lang}/rules/")

    assert response.cookies == {}
    assert not response.has_header("Set-Cookie")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_page_has_no_inline_script_or_style(client, rules_content, lang):
    body = client.get(f"/{lang}/rules/").content.decode()

    # Scripts only from files (every page loads the service worker's installer).
    assert re.findall(r"<script(?![^>]*\ssrc=)[^>]*>", body) == []
    assert "<style" not in body
    assert " style=" not in body


@pytest.mark.parametrize("lang", LANGUAGES)
def test_example_section_links_to_the_example_deal_on_the_board(client, rules_content, lang):
    body = client.get(f"/{lang}/rules/").content.decode()

    assert f'href="/{lang}/play/?code={EXAMPLE_CODE}"' in body


def test_free_count_sentence_comes_from_the_engine(client, rules_content, monkeypatch):
    monkeypatch.setattr(quiz_views, "example_free_count", lambda: 36)

    text = page_text(client.get("/de/rules/").content)

    assert "36 von 144 Spielsteinen sind frei" in text
    assert "35 von 144" not in text


def test_every_section_heading_has_an_anchor_and_a_link_to_it(client, rules_content):
    body = client.get("/sv/rules/").content.decode()

    slugs = list(RulesSection.objects.values_list("slug", flat=True))
    assert len(slugs) == 7
    for slug in slugs:
        assert f'<h2 id="{slug}">' in body
        assert f'<a class="anchor" href="#{slug}">' in body


def test_every_diagram_is_an_image_with_a_translated_title_and_description(client, rules_content):
    body = client.get("/el/rules/").content.decode()

    # Every drawing but the decorative icons hidden from screen readers (the menu's).
    svgs = [svg for svg in re.findall(r"<svg [^>]*>", body) if 'aria-hidden="true"' not in svg]
    assert len(svgs) == 7  # kinds, free tile, four pairs, example game
    for svg in svgs:
        assert 'role="img"' in svg
        # The title names it and the description describes it: one id each, so that a
        # screen reader says the name, then the description, not the two run together.
        title_id = re.search(r'aria-labelledby="([^"]+)"', svg).group(1)
        desc_id = re.search(r'aria-describedby="([^"]+)"', svg).group(1)
        assert " " not in title_id
        assert f'<title id="{title_id}">' in body
        assert f'<desc id="{desc_id}">' in body
    assert "Ελεύθερα και μπλοκαρισμένα πλακίδια" in body  # the free-tile diagram's title
    assert "«Μπαμπού 5» (5B)" in body  # tile names in the descriptions


def diagram(body: str, ident: str) -> str:
    return re.search(rf'<svg [^>]*aria-labelledby="{ident}-title.*?</svg>', body, re.S).group(0)


def test_free_tile_diagram_shows_the_middle_two_blocked_and_the_rest_free(client, rules_content):
    svg = diagram(client.get("/sv/rules/").content.decode(), "diagram-free-tile")

    tiles = re.findall(r'<g class="tile ([^"]+)" transform="translate\((-?\d+) (-?\d+)\)">', svg)
    assert len(tiles) == 5
    bottom = sorted((int(x), "tile--blocked" in cls) for cls, x, y in tiles if int(y) == 0)
    assert [blocked for _x, blocked in bottom] == [False, True, True, False]
    top = [cls for cls, _x, y in tiles if int(y) != 0]
    assert len(top) == 1 and "tile--blocked" not in top[0]


def test_pairs_diagram_follows_the_matching_rule(client, rules_content):
    body = client.get("/sv/rules/").content.decode()

    verdicts = re.findall(r'<li class="pair pair--(yes|no)">', body)
    assert verdicts == ["yes", "yes", "no", "no"]
    # The second name is inside the sentence, in lower case as Swedish writes it there.
    assert "Blomma 1 (F1) och blomma 3 (F3): ett par." in body
    assert "Röd drake (R) och grön drake (G): inget par." in body
    assert '-title">Blomma 1 (F1) och blomma 3 (F3)</title>' in body


def test_pair_descriptions_go_on_in_lower_case_after_the_colon(client, rules_content):
    body = client.get("/el/rules/").content.decode()

    assert "«Λουλούδι 1» (F1) και «Λουλούδι 3» (F3): ζευγάρι." in body
    assert "«Κόκκινος δράκος» (R) και «Πράσινος δράκος» (G): όχι ζευγάρι." in body


def test_example_diagram_draws_the_deal_with_its_blocked_tiles_darker(client, rules_content):
    svg = diagram(client.get("/sv/rules/").content.decode(), "diagram-example")

    board = Board.from_code(EXAMPLE_CODE)
    labels = re.findall(r">([^<>]+)</text>", svg)
    assert sorted(labels) == sorted(board.faces)
    assert svg.count("tile--blocked") == 144 - len(board.free_tiles()) == 109


def test_body_markup_is_escaped(client, rules_content):
    section = RulesSection.objects.get(slug="in-short")
    section.body_sv = 'Hej <script>alert(1)</script> & <b onclick="x">du</b>\n\n- <i>punkt</i>'
    section.save()

    body = client.get("/sv/rules/").content.decode()

    assert "<script>alert(1)</script>" not in body
    assert "Hej &lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b onclick=" in body
    assert "<li>&lt;i&gt;punkt&lt;/i&gt;</li>" in body


def test_rules_page_is_served_from_the_cache_per_language(client, rules_content, monkeypatch):
    calls = []
    render = quiz_views.render_rules_content
    monkeypatch.setattr(
        quiz_views, "render_rules_content", lambda lang: calls.append(lang) or render(lang)
    )

    first = client.get("/sv/rules/").content
    second = client.get("/sv/rules/").content
    client.get("/de/rules/")

    assert first == second
    assert calls == ["sv", "de"]


def test_an_edit_in_the_admin_shows_at_once(client, rules_content, django_user_model):
    assert "Brickorna" in page_text(client.get("/sv/rules/").content)  # now in the cache
    admin = django_user_model.objects.create_superuser("admin", "admin@example.org", "pw")
    client.force_login(admin)
    section = RulesSection.objects.get(slug="tiles")
    form = {
        "slug": section.slug,
        "order": section.order,
        **{
            f"{name}_{suffix}": getattr(section, f"{name}_{suffix}")
            for name in ("heading", "body")
            for suffix in ("sv", "el", "de", "ind")
        },
    }
    form["heading_sv"] = "Brickorna i spelet"

    response = client.post(f"/admin/quiz/rulessection/{section.pk}/change/", form)

    assert response.status_code == 302, response.content.decode()[:2000]
    client.logout()
    text = page_text(client.get("/sv/rules/").content)
    assert "Brickorna i spelet" in text


def test_load_content_is_idempotent_and_keeps_admin_edits(db):
    call_command("load_content")
    call_command("load_content")
    assert RulesSection.objects.count() == 7

    section = RulesSection.objects.get(slug="helpers")
    section.heading_de = "Hilfen"
    section.save()
    report = rules_sections_load()
    assert report.kept_edits == ["helpers"]
    assert RulesSection.objects.get(slug="helpers").heading_de == "Hilfen"

    report = rules_sections_load(overwrite=True)
    assert report.updated == ["helpers"]
    assert RulesSection.objects.get(slug="helpers").heading_de == "Die Hilfen der App"


def test_indonesian_text_lives_in_the_ind_fields(db):
    rules_sections_load()

    section = RulesSection.objects.get(slug="examples")
    assert section.heading_ind == "Contoh"
    assert section.heading_sv == "Exempel"


def _rules_file(tmp_path, heading_de: str) -> Path:
    path = tmp_path / f"rules-{len(list(tmp_path.iterdir()))}.toml"
    headings = {"sv": "Hjälp", "el": "Βοήθεια", "de": heading_de, "id": "Bantuan"}
    lines = ["[[section]]", 'slug = "helpers"', "order = 10", "[section.heading]"]
    lines += [f'{code} = "{text}"' for code, text in headings.items()]
    lines += ["[section.body]"] + [f'{code} = "{code}."' for code in headings]
    path.write_text("\n".join(lines) + "\n")
    return path


def test_an_admin_edit_the_data_file_adopts_leaves_the_files_next_change_free_to_load(db, tmp_path):
    """An editor changed a heading in the admin and the data file was then changed to the
    same words: the section is in step with the file again, so the file's next change
    must load, not be kept back as if the editor's words were still unsaved in the file."""
    rules_sections_load(path=_rules_file(tmp_path, "Hilfe"))
    section = RulesSection.objects.get(slug="helpers")
    section.heading_de = "Die Hilfen"
    section.save()

    assert rules_sections_load(path=_rules_file(tmp_path, "Die Hilfen")).unchanged == ["helpers"]

    report = rules_sections_load(path=_rules_file(tmp_path, "Die Hilfen der App"))
    assert report.updated == ["helpers"] and report.kept_edits == []
    assert RulesSection.objects.get(slug="helpers").heading_de == "Die Hilfen der App"
