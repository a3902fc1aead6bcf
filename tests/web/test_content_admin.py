"""The admin lists and edits the rules and practice pages' sections alike."""

import pytest

from quiz.models import PracticeSection, RulesSection
from quiz.services import practice_sections_load, rules_sections_load


@pytest.fixture
def admin_client(client, db, django_user_model):
    rules_sections_load()
    practice_sections_load()
    admin = django_user_model.objects.create_superuser("admin", "admin@example.org", "pw")
    client.force_login(admin)
    return client


@pytest.mark.parametrize(
    ("model", "path"),
    [(RulesSection, "rulessection"), (PracticeSection, "practicesection")],
)
def test_each_kind_of_section_is_listed_with_its_order_editable(admin_client, model, path):
    listing = admin_client.get(f"/admin/quiz/{path}/").content.decode()

    assert 'name="form-0-order"' in listing
    assert all(section.heading in listing for section in model.objects.all())


@pytest.mark.parametrize(
    ("model", "path"),
    [(RulesSection, "rulessection"), (PracticeSection, "practicesection")],
)
def test_each_kind_of_section_is_searched_by_its_slug(admin_client, model, path):
    section = model.objects.order_by("-order").first()

    found = admin_client.get(f"/admin/quiz/{path}/", {"q": section.slug}).content.decode()

    assert section.heading in found
    assert "1 resultat" in found  # the admin speaks Swedish, the default language
