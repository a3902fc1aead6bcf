from django.conf import settings
from django.db import migrations, models


def close_all_but_newest_unfinished(apps, schema_editor):
    """Before the constraint: a player with several unfinished games (left by parallel
    creates) keeps the newest; the others are recorded as services.game_create would
    have recorded them (stuck when no pair was left, else abandoned)."""
    Game = apps.get_model("game", "Game")
    unfinished = Game.objects.filter(result="", user__isnull=False)
    seen = set()
    for game_id, user_id, state in unfinished.order_by("user_id", "-created_at").values_list(
        "id", "user_id", "state"
    ):
        if user_id not in seen:
            seen.add(user_id)
            continue
        result = "stuck" if state == "stuck" else "abandoned"
        Game.objects.filter(id=game_id).update(result=result)


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0003_ranked_wins"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(close_all_but_newest_unfinished, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="game",
            constraint=models.UniqueConstraint(
                condition=models.Q(("result", ""), ("user__isnull", False)),
                fields=("user",),
                name="game_one_unfinished_per_user",
            ),
        ),
    ]
