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

from .models import RulesSection

RULES_FILE = Path(__file__).resolve().parent / "content" / "rules.toml"
TRANSLATED_FIELDS = ("heading", "body")


@dataclass
class LoadReport:
    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    kept_edits: list[str] = field(default_factory=list)


def _language_codes() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def _values_from_file(entry: dict) -> dict:
    """The model's field values for one [[section]] of the data file."""
    values = {"order": int(entry["order"])}
    for name in TRANSLATED_FIELDS:
        for code in _language_codes():
            values[build_localized_fieldname(name, code)] = entry[name][code].strip()
    return values


def _content_hash(values: dict) -> str:
    return hashlib.sha256(json.dumps(values, sort_keys=True).encode()).hexdigest()


def _current_values(section: RulesSection) -> dict:
    values = {"order": section.order}
    for name in TRANSLATED_FIELDS:
        for code in _language_codes():
            fieldname = build_localized_fieldname(name, code)
            values[fieldname] = getattr(section, fieldname) or ""
    return values


@transaction.atomic
def rules_sections_load(*, path: Path = RULES_FILE, overwrite: bool = False) -> LoadReport:
    """Create or update the rules sections from the repository's data file. Idempotent.

    A section edited in the admin since it was last loaded is kept as it is (and reported),
    unless ``overwrite`` is true: the data file does not silently undo an editor's work.
    """
    with path.open("rb") as handle:
        entries = tomllib.load(handle)["section"]
    report = LoadReport()
    for entry in entries:
        slug = entry["slug"]
        values = _values_from_file(entry)
        new_hash = _content_hash(values)
        section = RulesSection.objects.filter(slug=slug).first()
        if section is None:
            section = RulesSection(slug=slug, **values, source_hash=new_hash)
            section.save()
            report.created.append(slug)
            continue
        current_hash = _content_hash(_current_values(section))
        if current_hash == new_hash:
            if section.source_hash != new_hash:
                RulesSection.objects.filter(pk=section.pk).update(source_hash=new_hash)
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
