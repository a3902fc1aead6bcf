"""Each user's name key (accounts/models.py), filled in for the accounts that exist. Of
names already alike, the oldest account keeps the key and the later ones get none:
every account stays, and no new one can take a name alike."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def fill(apps, schema_editor):
    from accounts.usernames import folded, skeleton

    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    NameKey = apps.get_model("accounts", "NameKey")
    seen_folded, seen_skeletons, keys = set(), set(), []
    for pk, name in User.objects.order_by("date_joined", "pk").values_list("pk", "username"):
        fold, shape = folded(name), skeleton(name)
        keys.append(
            NameKey(
                user_id=pk,
                folded=None if fold in seen_folded else fold,
                skeleton=None if shape in seen_skeletons else shape,
            )
        )
        seen_folded.add(fold)
        seen_skeletons.add(shape)
    NameKey.objects.bulk_create(keys, batch_size=1000)


class Migration(migrations.Migration):
    initial = True

    dependencies = [migrations.swappable_dependency(settings.AUTH_USER_MODEL)]

    operations = [
        migrations.CreateModel(
            name="NameKey",
            fields=[
                (
                    "user",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="name_key",
                        serialize=False,
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="player",
                    ),
                ),
                (
                    "folded",
                    models.CharField(
                        max_length=600, null=True, unique=True, verbose_name="name, case folded"
                    ),
                ),
                (
                    "skeleton",
                    models.CharField(
                        max_length=600,
                        null=True,
                        unique=True,
                        verbose_name="name, look-alike shape",
                    ),
                ),
            ],
            options={"verbose_name": "name key", "verbose_name_plural": "name keys"},
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
