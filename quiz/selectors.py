"""Reads of the learning side's content."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from django.conf import settings
from django.db.models import Count, Max

from .models import RulesSection

_QUIZ_DIR = Path(__file__).resolve().parent


def rules_sections() -> list[RulesSection]:
    return list(RulesSection.objects.order_by("order", "slug"))


def rules_content_version() -> str:
    """Changes whenever a section is added, edited (in the admin too) or deleted."""
    stats = RulesSection.objects.aggregate(count=Count("pk"), latest=Max("updated_at"))
    latest = stats["latest"].timestamp() if stats["latest"] else 0
    return f"{stats['count']}-{latest:.6f}"


@cache
def rules_code_version() -> str:
    """A fingerprint of the code and catalogues that draw the rules page, so that a deploy
    with new diagrams, templates or translations never serves a fragment cached by the
    old code (the cache may be shared by several app processes)."""
    files = [
        _QUIZ_DIR / "diagrams.py",
        _QUIZ_DIR / "markup.py",
        Path(settings.BASE_DIR, "templates", "quiz", "_rules_content.html"),
        *sorted(Path(settings.BASE_DIR, "locale").glob("*/LC_MESSAGES/django.po")),
    ]
    digest = hashlib.sha256()
    for path in files:
        if path.exists():
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]
