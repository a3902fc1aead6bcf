"""Writes of the learning side's content."""

from __future__ import annotations

import hashlib
import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.db import transaction
from modeltranslation.utils import build_localized_fieldname

from .models import PracticeSection, QuizAnswer, QuizQuestion, RulesSection

CONTENT_DIR = Path(__file__).resolve().parent / "content"
RULES_FILE = CONTENT_DIR / "rules.toml"
PRACTICE_FILE = CONTENT_DIR / "practice.toml"
TRANSLATED_FIELDS = ("heading", "body")
QUESTION_FIELDS = ("prompt", "explanation")
ANSWER_FIELDS = ("text",)


@dataclass
class LoadReport:
    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    kept_edits: list[str] = field(default_factory=list)


def _language_codes() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def _translated(entry: dict, names: tuple[str, ...]) -> dict:
    """One column per field and language, e.g. ``heading_ind`` from ``heading.id``."""
    values = {}
    for name in names:
        for code in _language_codes():
            values[build_localized_fieldname(name, code)] = entry[name][code].strip()
    return values


def _current_translated(obj, names: tuple[str, ...]) -> dict:
    values = {}
    for name in names:
        for code in _language_codes():
            fieldname = build_localized_fieldname(name, code)
            values[fieldname] = getattr(obj, fieldname) or ""
    return values


def _content_hash(values: dict) -> str:
    return hashlib.sha256(json.dumps(values, sort_keys=True).encode()).hexdigest()


def _sections_load(model, entries: list[dict], *, overwrite: bool) -> LoadReport:
    """Create or update sections (rules or practice) from a data file's entries.

    A section edited in the admin since it was last loaded is kept as it is (and reported),
    unless ``overwrite`` is true: the data file does not silently undo an editor's work.
    """
    report = LoadReport()
    for entry in entries:
        slug = entry["slug"]
        values = {"order": int(entry["order"]), **_translated(entry, TRANSLATED_FIELDS)}
        new_hash = _content_hash(values)
        section = model.objects.filter(slug=slug).first()
        if section is None:
            model.objects.create(slug=slug, **values, source_hash=new_hash)
            report.created.append(slug)
            continue
        current = {"order": section.order, **_current_translated(section, TRANSLATED_FIELDS)}
        current_hash = _content_hash(current)
        if current_hash == new_hash:
            if section.source_hash != new_hash:
                model.objects.filter(pk=section.pk).update(source_hash=new_hash)
            report.unchanged.append(slug)
            continue
        if current_hash != section.source_hash and not overwrite:
            report.kept_edits.append(slug)
            continue
        for name, value in values.items():
            setattr(section, name, value)
        section.source_hash = new_hash
        section.save()
        report.updated.append(slug)
    return report


def _read(path: Path) -> dict:
    with path.open("rb") as handle:
        return tomllib.load(handle)


@transaction.atomic
def rules_sections_load(*, path: Path = RULES_FILE, overwrite: bool = False) -> LoadReport:
    """Create or update the rules sections from the repository's data file. Idempotent.

    A section edited in the admin since it was last loaded is kept as it is (and reported),
    unless ``overwrite`` is true: the data file does not silently undo an editor's work.
    """
    return _sections_load(RulesSection, _read(path)["section"], overwrite=overwrite)


@transaction.atomic
def practice_sections_load(*, path: Path = PRACTICE_FILE, overwrite: bool = False) -> LoadReport:
    """Create or update the practice page's sections from its data file. Idempotent; keeps
    the admin's edits unless ``overwrite`` is true, like :func:`rules_sections_load`."""
    return _sections_load(PracticeSection, _read(path)["section"], overwrite=overwrite)


def _question_values(entry: dict) -> dict:
    """A question's values from the data file, its answers included (for the hash)."""
    return {
        "order": int(entry["order"]),
        "diagram": entry["diagram"],
        **_translated(entry, QUESTION_FIELDS),
        "answers": [
            {
                "key": answer["key"],
                "order": number,
                "is_correct": bool(answer.get("correct", False)),
                **_translated(answer, ANSWER_FIELDS),
            }
            for number, answer in enumerate(entry["answer"], start=1)
        ],
    }


def _current_question_values(question: QuizQuestion) -> dict:
    return {
        "order": question.order,
        "diagram": question.diagram,
        **_current_translated(question, QUESTION_FIELDS),
        "answers": [
            {
                "key": answer.key,
                "order": answer.order,
                "is_correct": answer.is_correct,
                **_current_translated(answer, ANSWER_FIELDS),
            }
            for answer in question.answers.order_by("order", "key")
        ],
    }


def _question_save(question: QuizQuestion, values: dict, source_hash: str) -> None:
    answers = values["answers"]
    for name, value in values.items():
        if name != "answers":
            setattr(question, name, value)
    question.source_hash = source_hash
    question.save()
    question.answers.exclude(key__in=[a["key"] for a in answers]).delete()
    for answer in answers:
        QuizAnswer.objects.update_or_create(
            question=question,
            key=answer["key"],
            defaults={name: value for name, value in answer.items() if name != "key"},
        )


@transaction.atomic
def quiz_questions_load(*, path: Path = PRACTICE_FILE, overwrite: bool = False) -> LoadReport:
    """Create or update the quiz's questions and their answers from the practice page's
    data file. Idempotent; a question whose text or answers were edited in the admin is
    kept unless ``overwrite`` is true."""
    report = LoadReport()
    for entry in _read(path)["question"]:
        slug = entry["slug"]
        values = _question_values(entry)
        new_hash = _content_hash(values)
        question = QuizQuestion.objects.filter(slug=slug).first()
        if question is None:
            _question_save(QuizQuestion(slug=slug), values, new_hash)
            report.created.append(slug)
            continue
        current_hash = _content_hash(_current_question_values(question))
        if current_hash == new_hash:
            if question.source_hash != new_hash:
                QuizQuestion.objects.filter(pk=question.pk).update(source_hash=new_hash)
            report.unchanged.append(slug)
            continue
        if current_hash != question.source_hash and not overwrite:
            report.kept_edits.append(slug)
            continue
        _question_save(question, values, new_hash)
        report.updated.append(slug)
    return report
