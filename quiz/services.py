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


def _load(
    model, entries: list[dict], *, values_of, current_values_of, save, overwrite: bool
) -> LoadReport:
    """Create or update rows (sections or questions, found by slug) from a data file's
    entries.

    ``values_of(entry)`` are the file's values and ``current_values_of(row)`` the row's,
    compared by hash; ``save(row, values, source_hash)`` writes a row. A row edited in the
    admin since it was last loaded is kept as it is (and reported), unless ``overwrite``
    is true: the data file does not silently undo an editor's work.
    """
    report = LoadReport()
    for entry in entries:
        slug = entry["slug"]
        values = values_of(entry)
        new_hash = _content_hash(values)
        row = model.objects.filter(slug=slug).first()
        if row is None:
            save(model(slug=slug), values, new_hash)
            report.created.append(slug)
            continue
        current_hash = _content_hash(current_values_of(row))
        if current_hash == new_hash:
            if row.source_hash != new_hash:
                model.objects.filter(pk=row.pk).update(source_hash=new_hash)
            report.unchanged.append(slug)
            continue
        if current_hash != row.source_hash and not overwrite:
            report.kept_edits.append(slug)
            continue
        save(row, values, new_hash)
        report.updated.append(slug)
    return report


def _section_values(entry: dict) -> dict:
    return {"order": int(entry["order"]), **_translated(entry, TRANSLATED_FIELDS)}


def _current_section_values(section) -> dict:
    return {"order": section.order, **_current_translated(section, TRANSLATED_FIELDS)}


def _section_save(section, values: dict, source_hash: str) -> None:
    for name, value in values.items():
        setattr(section, name, value)
    section.source_hash = source_hash
    section.save()


def _sections_load(model, entries: list[dict], *, overwrite: bool) -> LoadReport:
    return _load(
        model,
        entries,
        values_of=_section_values,
        current_values_of=_current_section_values,
        save=_section_save,
        overwrite=overwrite,
    )


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
    return _load(
        QuizQuestion,
        _read(path)["question"],
        values_of=_question_values,
        current_values_of=_current_question_values,
        save=_question_save,
        overwrite=overwrite,
    )
