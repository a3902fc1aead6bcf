"""The flush after each transactional test (tests/conftest.py) empties every table."""

import pytest
from django.apps import apps
from django.core.management import call_command

from game.models import Game
from tests.players import player, recorded_win, save_recorded


@pytest.mark.django_db(transaction=True)
def test_the_flush_empties_every_table_rows_pointed_to_included():
    ada = player("ada")
    save_recorded([recorded_win(user=ada, layout_id="L00", seconds=300, hints=0)])
    assert Game.objects.filter(user=ada).count() == 1

    call_command("flush", verbosity=0, interactive=False)

    # The content types and permissions come back (post_migrate); nothing else does.
    kept = {"contenttypes.contenttype", "auth.permission"}
    left = {
        model._meta.label_lower: model.objects.count()
        for model in apps.get_models()
        if model._meta.label_lower not in kept and model._meta.managed
    }
    assert {label: count for label, count in left.items() if count} == {}
