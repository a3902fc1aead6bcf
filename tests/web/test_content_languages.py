"""Every page speaks its own language: the content and quiz text exist in all four, and no
page falls back to another language's text.

django-modeltranslation shows the Swedish text when a field of another language is empty,
silently: an emptied Greek quiz answer gives a Greek page with a Swedish answer. So the
content loaded from the repository (``quiz/content/*.toml``) must fill every translated
field, and each page is checked for its own words and for the absence of the others'.
"""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from modeltranslation.translator import translator
from modeltranslation.utils import build_localized_fieldname

from quiz.models import PracticeSection, QuizAnswer, QuizQuestion, RulesSection

from .helpers import page_text

LANGUAGES = [code for code, _name in settings.LANGUAGES]
MODELS = [RulesSection, PracticeSection, QuizQuestion, QuizAnswer]
TOKEN = re.compile(r"\[\[[a-z0-9:-]+\]\]")
# The quiz graded (any answers will do), every result asked for: the page then shows
# every explanation.
GRADED = "?marked-tile=blocked&flowers=yes&connect=no&show=marked-tile&show=flowers&show=connect"
# Shown nowhere on the page: the introduction's heading names it in the admin only.
NOT_SHOWN = {(PracticeSection, "introduction", "heading")}
PAGES = {
    RulesSection: "/{lang}/rules/",
    PracticeSection: "/{lang}/practice/" + GRADED,
    QuizQuestion: "/{lang}/practice/" + GRADED,
    QuizAnswer: "/{lang}/practice/" + GRADED,
}


def translated_fields(model) -> tuple[str, ...]:
    return tuple(translator.get_options_for_model(model).fields)


def value(obj, field: str, lang: str) -> str:
    return getattr(obj, build_localized_fieldname(field, lang)) or ""


def excerpt(text: str) -> str:
    """A stretch of plain words from a field, as it reads on the page: the longest run
    of text between placeholders on a line that is not a table row or a diagram."""
    runs = [
        run.strip()
        for line in text.splitlines()
        if not line.strip().startswith(("|", "[[diagram:"))
        for run in TOKEN.split(line.strip().removeprefix("- "))
    ]
    return re.sub(r"\s+", " ", max(runs, key=len, default=""))[:80]


def test_every_translated_content_and_quiz_field_is_filled_in_every_language(practice_content):
    empty = [
        f"{model.__name__} {obj.pk} {field} [{lang}]"
        for model in MODELS
        for obj in model.objects.all()
        for field in translated_fields(model)
        for lang in LANGUAGES
        if not value(obj, field, lang).strip()
    ]
    assert all(model.objects.exists() for model in MODELS)
    assert empty == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_falls_back_to_another_languages_text(client, practice_content, lang):
    pages: dict[str, str] = {}
    missing, foreign = [], []
    for model in MODELS:
        url = PAGES[model].format(lang=lang)
        if url not in pages:
            response = client.get(url)
            assert response.status_code == 200, url
            pages[url] = page_text(response.content)
        text = pages[url]
        for obj in model.objects.all():
            for field in translated_fields(model):
                own = excerpt(value(obj, field, lang))
                shown = (model, getattr(obj, "slug", None), field) not in NOT_SHOWN
                if shown and own not in text:
                    missing.append(f"{model.__name__} {obj.pk} {field}: {own!r}")
                for other in LANGUAGES:
                    theirs = excerpt(value(obj, field, other))
                    if other != lang and theirs and theirs not in own and theirs in text:
                        foreign.append(f"{model.__name__} {obj.pk} {field} in {other}: {theirs!r}")
    assert missing == [], f"{lang} pages lack their own text"
    assert foreign == [], f"{lang} pages show another language's text"
