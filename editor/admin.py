"""Players' layouts in the admin: an operator can find one by its name, id or owner and
delete it (a name shown to everyone who plays the layout's code may need taking down)."""

from django.contrib import admin

from .models import CustomLayout


@admin.register(CustomLayout)
class CustomLayoutAdmin(admin.ModelAdmin):
    list_display = ("name", "layout_id", "owner", "created_at")
    search_fields = ("name", "layout_id", "owner__username")
    readonly_fields = ("owner", "layout_id", "positions", "created_at")
    fields = ("name", "owner", "layout_id", "positions", "created_at")

    def has_add_permission(self, request):
        # Layouts are made in the editor, where they are checked; not typed in here.
        return False
