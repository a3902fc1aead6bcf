"""The learning side's content: the sections of the rules page.

Text lives in the database, translated with django-modeltranslation (see
``quiz/translation.py``: ``heading_sv``, ``heading_el``, ``heading_de``, ``heading_ind``…),
loaded from ``quiz/content/rules.toml`` by ``manage.py load_content`` and editable in the
admin. Bodies are plain structured text, rendered and escaped by ``quiz/markup.py``.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class RulesSection(models.Model):
    """One section of the rules page, e.g. "The free tile"."""

    slug = models.SlugField(
        _("anchor"),
        max_length=60,
        unique=True,
        help_text=_("The section's anchor in the page address, e.g. free-tile."),
    )
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    heading = models.CharField(_("heading"), max_length=200)
    body = models.TextField(
        _("body"),
        help_text=_(
            "Plain text. Blank lines separate paragraphs; lines starting with '- ' make a "
            "list; lines starting with '|' make a table (first row: column headings). "
            "A line [[diagram:NAME]] places a diagram (kinds, free-tile, pairs, example); "
            "[[free-count]], [[tile-count]] and [[example-code]] are filled in by the game "
            "engine."
        ),
    )
    # The hash of the text as last loaded from the repository's data file: load_content
    # uses it to tell an edit made in the admin (kept) from an unchanged section (updated).
    source_hash = models.CharField(max_length=64, blank=True, editable=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["order", "slug"]
        verbose_name = _("rules section")
        verbose_name_plural = _("rules sections")

    def __str__(self) -> str:
        return self.heading
