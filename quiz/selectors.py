"""Reads of the learning side's content."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.conf import settings
from django.db.models import Count, Max
from django.http import QueryDict

from mahjong.fingerprint import engine_fingerprint
from wording import names

from .models import PracticeSection, QuizAnswer, QuizQuestion, RulesSection

_QUIZ_DIR = Path(__file__).resolve().parent


def rules_sections() -> list[RulesSection]:
    return list(RulesSection.objects.order_by("order", "slug"))


def practice_sections() -> list[PracticeSection]:
    return list(PracticeSection.objects.order_by("order", "slug"))


def _content_version(model) -> str:
    stats = model.objects.aggregate(count=Count("pk"), latest=Max("updated_at"))
    latest = stats["latest"].timestamp() if stats["latest"] else 0
    return f"{stats['count']}-{latest:.6f}"


def rules_content_version() -> str:
    """Changes whenever a section is added, edited (in the admin too) or deleted."""
    return _content_version(RulesSection)


def practice_content_version() -> str:
    """Changes whenever a practice section is added, edited (in the admin too) or deleted."""
    return _content_version(PracticeSection)


@cache
def rules_code_version() -> str:
    """A fingerprint of the code and catalogues that draw the rules page, so that a deploy
    with a new engine, diagrams, templates or translations never serves a fragment cached
    by the old code (the cache may be shared by several app processes)."""
    return _code_version("_rules_content.html")


@cache
def practice_code_version() -> str:
    """The same fingerprint for the practice page's cached sections."""
    return _code_version("_practice_content.html")


def _code_version(template: str) -> str:
    base = Path(settings.BASE_DIR)
    files = [
        *sorted((_QUIZ_DIR / "diagrams").glob("*.py")),
        _QUIZ_DIR / "markup.py",
        Path(names.__file__),
        base / "templates" / "quiz" / template,
        *sorted(base.glob("locale/*/LC_MESSAGES/django.po")),
    ]
    digest = hashlib.sha256(engine_fingerprint().encode())
    for path in files:
        if path.exists():
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


# -- the quiz ------------------------------------------------------------------

UNANSWERED = "unanswered"
RIGHT = "right"
WRONG = "wrong"


@dataclass(frozen=True)
class GradedQuestion:
    """A question as the visitor left it: the answer chosen (if any) and the verdict.

    ``status`` is ``"right"``, ``"wrong"`` or ``"unanswered"``; ``shown`` is whether the
    result is to be shown (the question was answered, or its button was pressed).
    """

    question: QuizQuestion
    answers: list[QuizAnswer]
    chosen: QuizAnswer | None
    correct: QuizAnswer | None
    status: str
    shown: bool


def quiz_questions() -> list[QuizQuestion]:
    """The questions in their fixed order, each with its answers in order."""
    return list(QuizQuestion.objects.order_by("order", "slug").prefetch_related("answers"))


def _single(query: QueryDict, name: str) -> str | None:
    """The parameter's one value; none when it is missing or given more than once."""
    values = query.getlist(name)
    return values[0] if len(values) == 1 else None


def quiz_graded(*, questions: list[QuizQuestion], query: QueryDict) -> list[GradedQuestion]:
    """Grade the answers chosen in a query string such as ``?marked-tile=blocked``.

    Reads only: nothing is stored. A missing, unknown or repeated answer leaves its
    question unanswered. Only the questions named by ``show=<question>`` (the button
    that was pressed, and those shown before it) show their result, answered or not: an
    answer chosen elsewhere stays chosen, and is not graded until its own button asks.
    """
    shown_slugs = set(query.getlist("show"))
    graded = []
    for question in questions:
        answers = sorted(question.answers.all(), key=lambda a: (a.order, a.key))
        by_key = {answer.key: answer for answer in answers}
        chosen = by_key.get(_single(query, question.slug) or "")
        correct = next((answer for answer in answers if answer.is_correct), None)
        if chosen is None:
            status = UNANSWERED
        else:
            status = RIGHT if chosen.is_correct else WRONG
        graded.append(
            GradedQuestion(
                question=question,
                answers=answers,
                chosen=chosen,
                correct=correct,
                status=status,
                shown=question.slug in shown_slugs,
            )
        )
    return graded
