"""Fields translated with django-modeltranslation: one column per language
(``heading_sv``, ``heading_el``, ``heading_de``, ``heading_ind`` — Indonesian's suffix is
``_ind``, since ``_id`` would clash with foreign keys)."""

from modeltranslation.translator import TranslationOptions, register

from .models import PracticeSection, QuizAnswer, QuizQuestion, RulesSection


@register(RulesSection)
class RulesSectionTranslationOptions(TranslationOptions):
    fields = ("heading", "body")
    required_languages = ("sv",)


@register(PracticeSection)
class PracticeSectionTranslationOptions(TranslationOptions):
    fields = ("heading", "body")
    required_languages = ("sv",)


@register(QuizQuestion)
class QuizQuestionTranslationOptions(TranslationOptions):
    fields = ("prompt", "explanation")
    required_languages = ("sv",)


@register(QuizAnswer)
class QuizAnswerTranslationOptions(TranslationOptions):
    fields = ("text",)
    required_languages = ("sv",)
