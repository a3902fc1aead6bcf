"""Loading content again tells an unchanged section from one an editor changed, even
while one of its translations is still empty (a section being translated)."""

import pytest

from quiz.models import RulesSection
from quiz.services import rules_sections_load

pytestmark = pytest.mark.django_db

SECTION = """
[[section]]
slug = "in-progress"
order = 10

[section.heading]
sv = "Rubrik"
el = "Επικεφαλίδα"
de = "Überschrift"
id = "Judul"

[section.body]
sv = "Text."
el = ""
de = "Text."
id = "Teks."
"""


def test_reloading_a_section_with_an_empty_translation_leaves_it_unchanged(tmp_path):
    path = tmp_path / "rules.toml"
    path.write_text(SECTION, encoding="utf-8")
    assert rules_sections_load(path=path).created == ["in-progress"]

    again = rules_sections_load(path=path)

    assert (again.unchanged, again.kept_edits, again.updated) == (["in-progress"], [], [])


def test_a_section_an_editor_changed_is_kept_when_content_is_loaded_again(tmp_path):
    path = tmp_path / "rules.toml"
    path.write_text(SECTION, encoding="utf-8")
    rules_sections_load(path=path)
    RulesSection.objects.filter(slug="in-progress").update(body_el="Κείμενο.")

    again = rules_sections_load(path=path)

    assert again.kept_edits == ["in-progress"]
    assert RulesSection.objects.get(slug="in-progress").body_el == "Κείμενο."
