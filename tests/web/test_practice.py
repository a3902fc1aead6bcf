"""The practice page in each language: the seed's text, the quiz graded by a plain GET
form, and the promise that practising stores nothing and touches no game in progress."""

import json
import re
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.core.management import call_command

from quiz import views as quiz_views
from quiz.diagrams import practice as diagrams
from quiz.models import PracticeSection, QuizAnswer, QuizQuestion
from quiz.services import quiz_questions_load

from .helpers import page_text

LANGUAGES = [code for code, _name in settings.LANGUAGES]
SUFFIX = {"sv": "sv", "el": "el", "de": "de", "id": "ind"}
SEED = Path(settings.BASE_DIR) / "docs" / "seeds" / "004_c5a9d1e451c84204.txt"
QUESTIONS = ["marked-tile", "flowers", "connect"]
CORRECT = {"marked-tile": "blocked", "flowers": "yes", "connect": "no"}
WRONG = {"marked-tile": "free", "flowers": "no", "connect": "yes"}
#: Every question's button pressed in turn: each result is shown.
SHOWN = {"show": QUESTIONS}
SWEDISH_EXPLANATIONS = {
    "marked-tile": "Brickan är blockerad. Både en fri långsida och en otäckt ovansida krävs.",
    "flowers": "De kan matchas i vårt solitaire. Blommor är en gemensam familj, men matchar "
    "inte årstider.",
    "connect": "Den vägen fungerar inte. Leta efter en annan fri väg med högst två svängar, "
    "även runt kanten.",
}
SHOW = {
    "sv": "Visa facit och förklaring",
    "el": "Εμφάνιση απάντησης και εξήγησης",
    "de": "Lösung und Erklärung anzeigen",
    "id": "Tampilkan jawaban dan penjelasan",
}
RIGHT = {"sv": "Rätt!", "el": "Σωστά!", "de": "Richtig!", "id": "Benar!"}
WRONG_WORD = {"sv": "Fel svar.", "el": "Λάθος.", "de": "Leider falsch.", "id": "Kurang tepat."}


def result(body: str, slug: str) -> str:
    """The text of one question's result box."""
    match = re.search(rf'<div class="result[^"]*" id="result-{slug}"[^>]*>(.*?)</div>', body, re.S)
    assert match, f"no result box for {slug}"
    return page_text(match.group(1).encode()).strip()


def quiz_form(body: str) -> str:
    """The quiz's own form (the seed's three questions)."""
    return re.search(r'<form class="quiz" id="quiz".*?</form>', body, re.S).group(0)


def result_class(body: str, slug: str) -> str:
    return re.search(rf'<div class="(result[^"]*)" id="result-{slug}"', body).group(1)


def explanation(slug: str, lang: str) -> str:
    return getattr(QuizQuestion.objects.get(slug=slug), f"explanation_{SUFFIX[lang]}")


def answer_text(slug: str, key: str, lang: str) -> str:
    answer = QuizAnswer.objects.get(question__slug=slug, key=key)
    return getattr(answer, f"text_{SUFFIX[lang]}")


def row_counts() -> dict[str, int]:
    return {model._meta.label: model.objects.count() for model in apps.get_models()}


# -- the page -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_practice_page_answers_in_its_language_with_three_questions(client, practice_content, lang):
    response = client.get(f"/{lang}/practice/")

    assert response.status_code == 200
    body = response.content.decode()
    assert f'<html lang="{lang}">' in body
    quiz = quiz_form(body)  # the drill "Free or blocked?" follows it in a form of its own
    assert quiz.count("<fieldset") == 3
    assert quiz.count("<legend") == 3
    assert quiz.count(f">{SHOW[lang]}</button>") == 3
    for slug in QUESTIONS:
        radios = re.findall(rf'<input type="radio" name="{slug}" value="([a-z-]+)"', body)
        assert len(radios) >= 2
        assert f'id="diagram-quiz-{slug}-title"' in body
        assert result(body, slug) == ""  # nothing graded before a question is answered
    assert '<form class="quiz" id="quiz" method="get"' in body
    assert 'method="post"' not in body.lower()
    assert "csrfmiddlewaretoken" not in body
    assert '<script type="module" src="/static/js/practice.js">' in body


def test_questions_come_in_their_fixed_order(client, practice_content):
    body = client.get("/sv/practice/").content.decode()

    found = re.findall(r'<fieldset class="question" id="question-([a-z-]+)"', body)
    assert found == [*QUESTIONS, "drill"]  # the seed's three first, then the drill
    assert "Fråga 1 av 3" in page_text(body.encode())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_practice_page_has_no_inline_script_or_style(client, practice_content, lang):
    body = client.get(f"/{lang}/practice/").content.decode()

    assert not re.search(r"<script(?![^>]*\bsrc=)", body)
    assert "<style" not in body
    assert " style=" not in body


def test_practice_page_says_everything_the_swedish_seed_says(client, practice_content):
    # The explanations show once the questions are answered: read the graded page.
    text = page_text(client.get("/sv/practice/", {**CORRECT, **SHOWN}).content)

    shuffle = "Om det finns brickor kvar men inga par kan du ångra eller blanda i vår version."
    for line in SEED.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or re.fullmatch(r"\|[-|]+\|", line):
            continue
        pieces = (
            [cell.strip() for cell in line.strip("|").split("|")]
            if line.startswith("|")
            else [sentence for sentence in re.split(r"(?<=[.?!])\s+", line) if sentence]
        )
        for piece in pieces:
            if piece == shuffle:
                continue  # resolved (docs/seeds/README.md): no shuffle
            assert piece in text, f"missing {piece!r}"
    # The resolution: undo or a new game, never a shuffle.
    assert "kan du ångra eller starta ett nytt spel i vår version" in text
    assert "blanda" not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_offers_a_shuffle(client, practice_content, lang):
    text = page_text(client.get(f"/{lang}/practice/").content).lower()

    for word in ("blanda", "ανακατ", "misch", "acak"):
        assert word not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_example_hand_is_drawn_in_four_groups_and_a_pair(client, practice_content, lang):
    body = client.get(f"/{lang}/practice/").content.decode()

    groups = re.findall(
        r'<svg [^>]*aria-labelledby="diagram-hand-\d-title.*?</svg>', body, flags=re.S
    )
    labels = [re.findall(r">([^<>]+)</text>", group) for group in groups]
    assert labels == [
        ["1D", "2D", "3D"],
        ["4B", "5B", "6B"],
        ["7C", "7C", "7C"],
        ["R", "R", "R"],
        ["E", "E"],
    ]
    assert "14" in page_text(
        re.search(r'<figure class="figure figure--hand">.*?</figure>', body, re.S).group(0).encode()
    )


def test_the_example_hands_names_go_on_in_lower_case_after_the_caption(client, practice_content):
    body = client.get("/sv/practice/").content.decode()

    assert '-title">Följd: cirkel 1 (1D), cirkel 2 (2D) och cirkel 3 (3D)</title>' in body
    assert '-title">Par: östanvind (E) och östanvind (E)</title>' in body


def test_every_practice_section_has_an_anchor_and_the_introduction_leads(client, practice_content):
    body = client.get("/de/practice/").content.decode()

    sections = list(PracticeSection.objects.order_by("order"))
    assert len(sections) == 8
    intro, rest = sections[0], sections[1:]
    assert f'<div class="practice-intro lead" id="{intro.slug}">' in body
    for section in rest:
        assert f'<h2 id="{section.slug}">' in body
        assert f'<a href="#{section.slug}">' in body


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_page_links_to_the_practice_page(client, lang):
    body = client.get(f"/{lang}/").content.decode()

    assert f'href="/{lang}/practice/"' in body


# -- grading through the GET form ------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("slug", QUESTIONS)
def test_right_answer_is_graded_right_with_its_explanation(client, practice_content, lang, slug):
    response = client.get(f"/{lang}/practice/", {slug: CORRECT[slug], "show": slug})

    assert response.status_code == 200
    body = response.content.decode()
    text = result(body, slug)
    assert "result--right" in result_class(body, slug)
    assert RIGHT[lang] in text
    # "Right!" is enough: the right answer is the one chosen, not said a second time.
    assert answer_text(slug, CORRECT[slug], lang) not in text
    assert explanation(slug, lang) in text
    assert f'name="{slug}" value="{CORRECT[slug]}" checked' in body  # the choice is kept


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("slug", QUESTIONS)
def test_wrong_answer_is_graded_wrong_with_the_correct_one_and_why(
    client, practice_content, lang, slug
):
    response = client.get(f"/{lang}/practice/", {slug: WRONG[slug], "show": slug})

    assert response.status_code == 200
    body = response.content.decode()
    text = result(body, slug)
    assert "result--wrong" in result_class(body, slug)
    assert WRONG_WORD[lang] in text
    assert RIGHT[lang] not in text
    assert answer_text(slug, CORRECT[slug], lang) in text  # the correct answer is shown
    assert explanation(slug, lang) in text


def test_swedish_explanations_are_the_seeds_words(client, practice_content):
    body = client.get("/sv/practice/", {**CORRECT, **SHOWN}).content.decode()

    for slug, words in SWEDISH_EXPLANATIONS.items():
        assert words in result(body, slug)


def test_only_the_questions_asked_are_graded_without_javascript(client, practice_content):
    # Three answers chosen, the second question's button pressed: its result alone.
    query = {"marked-tile": "blocked", "flowers": "no", "connect": "no", "show": "flowers"}
    body = client.get("/el/practice/", query).content.decode()

    assert [result_class(body, slug) for slug in QUESTIONS] == [
        "result",
        "result result--wrong",
        "result",
    ]
    for slug in QUESTIONS:  # no answer is lost
        assert f'name="{slug}" value="{query[slug]}" checked' in body
    # The shown result is carried: the next button pressed keeps it shown.
    assert quiz_form(body).count('type="hidden" name="show"') == 1
    assert '<input type="hidden" name="show" value="flowers">' in body

    body = client.get("/el/practice/", {**query, "show": ["flowers", "connect"]}).content.decode()
    assert [result_class(body, slug) for slug in QUESTIONS] == [
        "result",
        "result result--wrong",
        "result result--right",
    ]


@pytest.mark.parametrize(
    "query",
    [
        {},
        {"show": "marked-tile"},
        {"marked-tile": "maybe", "show": "marked-tile"},
        {"marked-tile": ["blocked", "free"], "show": "marked-tile"},
        {"marked-tile": ["blocked", "blocked"]},
        {"marked-tile": ""},
        {"MARKED-TILE": "blocked"},
        {"marked-tile": "<script>", "show": "<script>"},
        {"nonsense": "1", "show": ["x", "y"]},
        {"marked-tile": "ja" * 2000},
    ],
)
def test_missing_unknown_or_repeated_answers_leave_the_question_unanswered(
    client, practice_content, query
):
    response = client.get("/sv/practice/", query)

    assert response.status_code == 200
    body = response.content.decode()
    assert "result--right" not in result_class(body, "marked-tile")
    assert "result--wrong" not in result_class(body, "marked-tile")
    assert 'name="marked-tile" value="blocked" checked' not in body
    shown = query.get("show") == "marked-tile"
    # The button promises the answer and the explanation: pressed without an answer, it
    # shows them (with no verdict); otherwise nothing is shown.
    assert ("Brickan är blockerad." in result(body, "marked-tile")) == shown
    assert ("Rätt svar: Nej, den är blockerad." in result(body, "marked-tile")) == shown
    assert RIGHT["sv"] not in result(body, "marked-tile")
    assert WRONG_WORD["sv"] not in result(body, "marked-tile")
    assert "<script>" not in body.split("<main", 1)[1].replace('<script type="module"', "")


def test_one_unanswered_question_does_not_stop_the_others_being_graded(client, practice_content):
    body = client.get(
        "/id/practice/", {"marked-tile": ["free", "blocked"], "flowers": "yes", **SHOWN}
    ).content.decode()

    assert result_class(body, "marked-tile") == "result result--unanswered"  # no verdict
    assert "result--right" in result_class(body, "flowers")


def test_grading_follows_the_correct_answer_chosen_in_the_admin(client, practice_content):
    question = QuizQuestion.objects.get(slug="flowers")
    question.answers.update(is_correct=False)
    question.answers.filter(key="no").update(is_correct=True)

    body = client.get("/sv/practice/", {"flowers": "no", "show": "flowers"}).content.decode()

    assert "result--right" in result_class(body, "flowers")


# -- it saves nothing ------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_practising_sets_no_cookie_and_writes_no_row(client, practice_content, lang):
    before = row_counts()

    responses = [
        client.get(f"/{lang}/practice/"),
        client.get(f"/{lang}/practice/", CORRECT),
        client.get(f"/{lang}/practice/", {**WRONG, "show": "connect"}),
        client.get(f"/{lang}/practice/", {"marked-tile": ["free", "blocked"]}),
    ]

    for response in responses:
        assert response.status_code == 200
        assert response.cookies == {}
        assert not response.has_header("Set-Cookie")
    assert row_counts() == before
    assert client.cookies == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_practising_leaves_a_game_in_progress_and_its_session_unchanged(
    client, practice_content, lang
):
    created = client.post("/api/games", data=json.dumps({}), content_type="application/json")
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    game_model = apps.get_model("game", "Game")
    stored = list(game_model.objects.filter(pk=game_id).values())
    first = client.get(f"/api/games/{game_id}").json()
    session_key = client.session.session_key
    session_data = dict(client.session.items())
    cookies = {name: morsel.value for name, morsel in client.cookies.items()}
    before = row_counts()

    for query in ({}, CORRECT, WRONG, {"marked-tile": ["free", "blocked"], "show": "flowers"}):
        response = client.get(f"/{lang}/practice/", query)
        assert response.status_code == 200
        assert response.cookies == {}

    assert row_counts() == before
    assert list(game_model.objects.filter(pk=game_id).values()) == stored
    assert client.session.session_key == session_key
    assert dict(client.session.items()) == session_data
    assert {name: morsel.value for name, morsel in client.cookies.items()} == cookies
    after = client.get(f"/api/games/{game_id}").json()
    # The clock is the only thing that may move between two reads of the same game.
    assert {**after, "elapsed_ms": None} == {**first, "elapsed_ms": None}


# -- content, cache and admin ---------------------------------------------------------


def test_practice_sections_are_served_from_the_cache_per_language(
    client, practice_content, monkeypatch
):
    calls = []
    render = quiz_views.render_practice_content
    monkeypatch.setattr(
        quiz_views, "render_practice_content", lambda lang: calls.append(lang) or render(lang)
    )

    client.get("/sv/practice/")
    client.get("/sv/practice/", CORRECT)
    second = client.get("/sv/practice/", {**WRONG, **SHOWN}).content.decode()
    client.get("/de/practice/")

    assert calls == ["sv", "de"]
    # The graded quiz is never taken from the cache: it follows each request's query.
    assert "result--wrong" in result_class(second, "flowers")


def test_an_edited_question_shows_at_once(client, practice_content, django_user_model):
    assert "Kan blommorna F1 och F3" in page_text(client.get("/sv/practice/").content)
    admin = django_user_model.objects.create_superuser("admin", "admin@example.org", "pw")
    client.force_login(admin)
    question = QuizQuestion.objects.get(slug="flowers")
    answers = list(question.answers.order_by("order"))
    form = {
        "slug": question.slug,
        "order": question.order,
        "diagram": question.diagram,
        **{
            f"{name}_{suffix}": getattr(question, f"{name}_{suffix}")
            for name in ("prompt", "explanation")
            for suffix in ("sv", "el", "de", "ind")
        },
        "answers-TOTAL_FORMS": len(answers),
        "answers-INITIAL_FORMS": len(answers),
        "answers-MIN_NUM_FORMS": 2,
        "answers-MAX_NUM_FORMS": 1000,
    }
    for index, answer in enumerate(answers):
        form[f"answers-{index}-id"] = answer.pk
        form[f"answers-{index}-question"] = question.pk
        form[f"answers-{index}-key"] = answer.key
        form[f"answers-{index}-order"] = answer.order
        if answer.is_correct:
            form[f"answers-{index}-is_correct"] = "on"
        for suffix in ("sv", "el", "de", "ind"):
            form[f"answers-{index}-text_{suffix}"] = getattr(answer, f"text_{suffix}")
    form["prompt_sv"] = "Matchar blommorna F1 och F3?"

    response = client.post(f"/admin/quiz/quizquestion/{question.pk}/change/", form)

    assert response.status_code == 302, response.content.decode()[:3000]
    client.logout()
    assert "Matchar blommorna F1 och F3?" in page_text(client.get("/sv/practice/").content)

    # Two correct answers are refused.
    client.force_login(admin)
    form["answers-0-is_correct"] = form["answers-1-is_correct"] = "on"
    response = client.post(f"/admin/quiz/quizquestion/{question.pk}/change/", form)
    assert response.status_code == 200
    assert QuizQuestion.objects.get(slug="flowers").answers.filter(is_correct=True).count() == 1


def test_load_content_is_idempotent_and_keeps_edited_questions(db):
    call_command("load_content")
    call_command("load_content")
    assert PracticeSection.objects.count() == 8
    assert QuizQuestion.objects.count() == 3
    assert QuizAnswer.objects.count() == 7
    for question in QuizQuestion.objects.all():
        assert question.answers.filter(is_correct=True).count() == 1

    answer = QuizAnswer.objects.get(question__slug="connect", key="yes")
    answer.text_ind = "Ya."
    answer.save()
    assert quiz_questions_load().kept_edits == ["connect"]
    assert QuizAnswer.objects.get(pk=answer.pk).text_ind == "Ya."

    assert quiz_questions_load(overwrite=True).updated == ["connect"]
    assert QuizAnswer.objects.get(pk=answer.pk).text_ind != "Ya."


def test_indonesian_quiz_text_lives_in_the_ind_fields(db):
    quiz_questions_load()

    question = QuizQuestion.objects.get(slug="marked-tile")
    assert question.explanation_ind.startswith("Ubin itu terhalang. Ubin baru bebas jika")
    assert question.explanation_sv == SWEDISH_EXPLANATIONS["marked-tile"]


# -- the diagrams agree with the engine and with the correct answers ---------------------


def test_marked_tile_has_an_open_side_but_is_covered_so_the_engine_says_blocked(
    practice_content,
):
    verdict = diagrams.covered_tile_verdict()

    assert verdict == {"left_open": True, "covered": True, "free": False}
    assert QuizAnswer.objects.get(question__slug="marked-tile", is_correct=True).key == "blocked"


def test_flower_question_follows_the_matching_rule(practice_content):
    from mahjong import matches

    assert matches(*diagrams.FLOWER_PAIR)
    assert diagrams.FLOWER_PAIR[0] != diagrams.FLOWER_PAIR[1]
    assert QuizAnswer.objects.get(question__slug="flowers", is_correct=True).key == "yes"


def _min_turns(grid, start, end) -> int:
    """The fewest turns of any path from start to end through empty squares, the ring
    just outside the grid counting as empty (a path may go around the edge)."""
    rows, columns = len(grid), len(grid[0])

    def open_square(x, y):
        if (x, y) == end:
            return True
        if -1 <= x <= columns and -1 <= y <= rows:
            inside = 0 <= x < columns and 0 <= y < rows
            return not inside or grid[y][x] == "."
        return False

    best = {}
    queue = [(start, None, 0)]
    while queue:
        (x, y), heading, turns = queue.pop(0)
        for step in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nx, ny = x + step[0], y + step[1]
            cost = turns + (heading is not None and heading != step)
            if cost > 3 or not open_square(nx, ny):
                continue
            if best.get((nx, ny, step), 99) <= cost:
                continue
            best[(nx, ny, step)] = cost
            if (nx, ny) != end:
                queue.append(((nx, ny), step, cost))
    return min(cost for (x, y, _step), cost in best.items() if (x, y) == end)


def test_connect_path_turns_three_times_through_empty_squares(client, practice_content):
    grid, path = diagrams.CONNECT_GRID, diagrams.CONNECT_PATH

    assert diagrams.path_turns(path) == 3
    assert grid[path[0][1]][path[0][0]] == "A" and grid[path[-1][1]][path[-1][0]] == "B"
    assert all(grid[y][x] == "." for x, y in path[1:-1])
    for (ax, ay), (bx, by) in zip(path, path[1:]):
        assert abs(ax - bx) + abs(ay - by) == 1
    # The explanation's advice holds: another path with two turns exists, around the edge.
    assert _min_turns(grid, path[0], path[-1]) == 2
    assert QuizAnswer.objects.get(question__slug="connect", is_correct=True).key == "no"

    body = client.get("/sv/practice/").content.decode()
    svg = re.search(r'<svg [^>]*aria-labelledby="diagram-quiz-connect-title.*?</svg>', body, re.S)
    assert svg.group(0).count('class="connect__turn"') == 3
    assert "svänger tre gånger" in svg.group(0)


def test_quiz_diagrams_do_not_give_the_answer_away(client, practice_content):
    body = client.get("/sv/practice/").content.decode()

    quiz = body[body.index('<form class="quiz"') : body.index("</form>")]
    assert "tile--blocked" not in quiz
    assert "Ett par" not in quiz and "Inget par" not in quiz


@pytest.mark.parametrize("lang", ["el", "de", "id"])
def test_the_swedish_federations_name_is_marked_swedish(client, practice_content, lang):
    """A screen reader says the name in Swedish, not with the page's pronunciation."""
    body = client.get(f"/{lang}/practice/").content.decode()
    assert '<span lang="sv">Svenska Mahjongförbundet</span>' in body
    assert "[[sv:" not in body


def test_the_markup_marks_words_of_another_language_and_still_escapes():
    from quiz.markup import render_body

    html = render_body("Die [[sv:Svenska <b>]] und [[name]]", tokens={"name": "<i>"})
    assert html == '<p>Die <span lang="sv">Svenska &lt;b&gt;</span> und &lt;i&gt;</p>'
