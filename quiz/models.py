"""The learning side's content: the sections of the rules and practice pages, and the
practice quiz's questions and answers.

Text lives in the database, translated with django-modeltranslation (see
``quiz/translation.py``: ``heading_sv``, ``heading_el``, ``heading_de``, ``heading_ind``…),
loaded from ``quiz/content/rules.toml`` and ``quiz/content/practice.toml`` by
``manage.py load_content`` and editable in the admin. Bodies are plain structured text,
rendered and escaped by ``quiz/markup.py``.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class ContentSection(models.Model):
    """A section of a content page: an anchor, a place in the page, a heading and a body.

    The heading and body are translated (``quiz/translation.py``); ``source_hash`` is the
    hash of the text as last loaded from the repository's data file: ``load_content``
    uses it to tell an edit made in the admin (kept) from an unchanged section (updated).
    """

    slug = models.SlugField(
        _("anchor"),
        max_length=60,
        unique=True,
        help_text=_("The section's anchor in the page address, e.g. free-tile."),
    )
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    heading = models.CharField(_("heading"), max_length=200)
    body = models.TextField(_("body"))
    source_hash = models.CharField(max_length=64, blank=True, editable=False)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        abstract = True
        ordering = ["order", "slug"]

    def __str__(self) -> str:
        return self.heading


class RulesSection(ContentSection):
    """One section of the rules page, e.g. "The free tile"."""

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

    class Meta(ContentSection.Meta):
        verbose_name = _("rules section")
        verbose_name_plural = _("rules sections")


class PracticeSection(ContentSection):
    """One section of the practice page, e.g. "When is a tile free?"."""

    body = models.TextField(
        _("body"),
        help_text=_(
            "Plain text. Blank lines separate paragraphs; lines starting with '- ' make a "
            "list; lines starting with '|' make a table (first row: column headings). "
            "A line [[diagram:quiz]] places the quiz's questions, and [[diagram:hand]] the "
            "example hand."
        ),
    )

    class Meta(ContentSection.Meta):
        verbose_name = _("practice section")
        verbose_name_plural = _("practice sections")


class QuizQuestion(models.Model):
    """A question of the practice quiz, with its diagram and the explanation of its answer.

    The quiz is a plain ``GET`` form: the question's slug is the parameter's name and an
    answer's key its value, so a graded address reads the same in every language.
    """

    DIAGRAM_CHOICES = [
        ("covered-tile", _("A covered tile with one open side")),
        ("flowers", _("Two different flowers")),
        ("connect-path", _("A Mahjong Connect path with three turns")),
    ]

    slug = models.SlugField(
        _("parameter"),
        max_length=40,
        unique=True,
        help_text=_("The question's name in the form and the page address, e.g. marked-tile."),
    )
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    diagram = models.CharField(_("diagram"), max_length=40, choices=DIAGRAM_CHOICES)
    prompt = models.CharField(_("question"), max_length=300)
    explanation = models.TextField(_("explanation"))
    source_hash = models.CharField(max_length=64, blank=True, editable=False)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["order", "slug"]
        verbose_name = _("quiz question")
        verbose_name_plural = _("quiz questions")

    def __str__(self) -> str:
        return self.prompt


class QuizAnswer(models.Model):
    """One of a question's answers; exactly one answer of each question is correct."""

    question = models.ForeignKey(
        QuizQuestion,
        on_delete=models.CASCADE,
        related_name="answers",
        verbose_name=_("question"),
    )
    key = models.SlugField(
        _("value"),
        max_length=40,
        help_text=_("The answer's value in the form and the page address, e.g. blocked."),
    )
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    text = models.CharField(_("answer"), max_length=200)
    is_correct = models.BooleanField(_("correct"), default=False)

    class Meta:
        ordering = ["order", "key"]
        constraints = [
            models.UniqueConstraint(fields=["question", "key"], name="quiz_answer_unique_key")
        ]
        verbose_name = _("answer")
        verbose_name_plural = _("answers")

    def __str__(self) -> str:
        return self.text
