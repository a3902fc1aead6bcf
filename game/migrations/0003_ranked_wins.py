import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0002_game_result"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="BestTime",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("layout_id", models.CharField(max_length=3)),
                ("elapsed_ms", models.BigIntegerField()),
                ("achieved_at", models.DateTimeField()),
            ],
        ),
        # Games from before this migration: where their deals came from was not kept, so
        # they count as typed-in codes, and none of their wins is ranked (they were
        # recorded without the checks of ranking/rules.py). New games default to "new".
        migrations.AddField(
            model_name="game",
            name="origin",
            field=models.CharField(
                choices=[("new", "new"), ("daily", "daily"), ("code", "code")],
                default="code",
                max_length=5,
            ),
        ),
        migrations.AlterField(
            model_name="game",
            name="origin",
            field=models.CharField(
                choices=[("new", "new"), ("daily", "daily"), ("code", "code")],
                default="new",
                max_length=5,
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="ranked",
            field=models.BooleanField(default=False),
        ),
        migrations.AddIndex(
            model_name="game",
            index=models.Index(
                fields=["code", "origin", "result", "ranked", "elapsed_ms"],
                name="game_code_ranked_time",
            ),
        ),
        migrations.AddField(
            model_name="besttime",
            name="game",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE, related_name="+", to="game.game"
            ),
        ),
        migrations.AddField(
            model_name="besttime",
            name="user",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="best_times",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddIndex(
            model_name="besttime",
            index=models.Index(
                fields=["layout_id", "elapsed_ms", "achieved_at"], name="besttime_layout_time"
            ),
        ),
        migrations.AddConstraint(
            model_name="besttime",
            constraint=models.UniqueConstraint(
                fields=("user", "layout_id"), name="besttime_one_per_layout"
            ),
        ),
    ]
