"""Fields translated with django-modeltranslation: one column per language
(``heading_sv``, ``heading_el``, ``heading_de``, ``heading_ind`` — Indonesian's suffix is
``_ind``, since ``_id`` would clash with foreign keys)."""

from modeltranslation.translator import TranslationOptions, register

from .models import RulesSection


@register(RulesSection)
class RulesSectionTranslationOptions(TranslationOptions):
    fields = ("heading", "body")
    required_languages = ("sv",)
