from django.contrib import admin
from modeltranslation.admin import TranslationAdmin

from .models import RulesSection


@admin.register(RulesSection)
class RulesSectionAdmin(TranslationAdmin):
    list_display = ("heading", "slug", "order", "updated_at")
    list_editable = ("order",)
    ordering = ("order",)
    search_fields = ("slug", "heading", "body")
