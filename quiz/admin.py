from django.contrib import admin
from django.core.exceptions import ValidationError
from django.forms.models import BaseInlineFormSet
from django.utils.translation import gettext as _
from modeltranslation.admin import TranslationAdmin, TranslationTabularInline

from .models import PracticeSection, QuizAnswer, QuizQuestion, RulesSection


@admin.register(RulesSection, PracticeSection)
class ContentSectionAdmin(TranslationAdmin):
    """The rules and practice pages' sections, edited alike."""

    list_display = ("heading", "slug", "order", "updated_at")
    list_editable = ("order",)
    ordering = ("order",)
    search_fields = ("slug", "heading", "body")


class QuizAnswerFormSet(BaseInlineFormSet):
    """A question needs two answers or more, exactly one of them correct."""

    def clean(self):
        super().clean()
        kept = [
            form.cleaned_data
            for form in self.forms
            if form.cleaned_data and not form.cleaned_data.get("DELETE")
        ]
        if len(kept) < 2:
            raise ValidationError(_("A question needs at least two answers."))
        if sum(1 for data in kept if data.get("is_correct")) != 1:
            raise ValidationError(_("Exactly one answer must be marked correct."))


class QuizAnswerInline(TranslationTabularInline):
    model = QuizAnswer
    formset = QuizAnswerFormSet
    extra = 0
    min_num = 2
    fields = ("order", "key", "text", "is_correct")


@admin.register(QuizQuestion)
class QuizQuestionAdmin(TranslationAdmin):
    list_display = ("prompt", "slug", "order", "diagram", "updated_at")
    ordering = ("order",)
    search_fields = ("slug", "prompt", "explanation")
    inlines = [QuizAnswerInline]
