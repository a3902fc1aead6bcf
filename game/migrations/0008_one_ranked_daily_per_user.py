"""One ranked result per player per daily deal. Before the constraint, a player's second
and later ranked wins on one daily deal (the first started stays) become unranked, and
the best times of the players concerned are worked out again from their ranked wins."""

from django.conf import settings
from django.db import migrations, models


def keep_the_first_ranked_daily_win(apps, schema_editor):
    Game = apps.get_model("game", "Game")
    BestTime = apps.get_model("game", "BestTime")
    seen, unranked, players = set(), [], set()
    wins = Game.objects.filter(origin="daily", ranked=True, user__isnull=False)
    for pk, user_id, code in wins.order_by("created_at", "pk").values_list("pk", "user_id", "code"):
        if (user_id, code) in seen:
            unranked.append(pk)
            players.add(user_id)
        seen.add((user_id, code))
    if not unranked:
        return
    Game.objects.filter(pk__in=unranked).update(ranked=False)
    BestTime.objects.filter(user_id__in=players).delete()
    best = {}
    ranked = Game.objects.filter(result="won", ranked=True, user_id__in=players)
    for game in ranked.order_by("elapsed_ms", "finished_at"):
        best.setdefault((game.user_id, game.layout_id), game)
    BestTime.objects.bulk_create(
        BestTime(
            user_id=game.user_id,
            layout_id=game.layout_id,
            elapsed_ms=game.elapsed_ms,
            game=game,
            achieved_at=game.finished_at,
        )
        for game in best.values()
    )


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0007_solver_verdicts"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(keep_the_first_ranked_daily_win, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="game",
            constraint=models.UniqueConstraint(
                condition=models.Q(("origin", "daily"), ("ranked", True), ("user__isnull", False)),
                fields=("user", "code"),
                name="game_one_ranked_daily_per_user",
            ),
        ),
    ]
