from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0004_one_unfinished_game_per_user"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="game",
            name="game_code_ranked_time",
        ),
        migrations.AddIndex(
            model_name="game",
            index=models.Index(
                condition=models.Q(("origin", "daily"), ("ranked", True), ("result", "won")),
                fields=["code", "elapsed_ms", "finished_at"],
                name="game_daily_ranked_time",
            ),
        ),
        migrations.AddIndex(
            model_name="game",
            index=models.Index(
                condition=models.Q(("origin", "daily"), ("result", "won")),
                fields=["code"],
                name="game_daily_won",
            ),
        ),
    ]
