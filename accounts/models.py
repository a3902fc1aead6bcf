"""What the accounts keep beside Django's user: each name as the uniqueness rules
compare it, so that the database itself refuses a second account under a name that
differs from another only in case or in look-alike letters (accounts/usernames.py)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class NameKey(models.Model):
    """A user's name, folded twice: ``folded`` (case folded, NFKC) and ``skeleton`` (its
    look-alike shape, :func:`accounts.usernames.skeleton`), each unique. Written with the
    user in the same transaction (a ``post_save`` signal), so two sign-ups racing for
    ``racer_x`` and ``RACER_X`` cannot both commit. Null only for the later of two names
    that were already alike before this rule existed: they keep their accounts."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="name_key",
        verbose_name=_("player"),
    )
    # Null, not "": a unique column holds many nulls (the names kept from before the rule).
    folded = models.CharField(  # noqa: DJ001
        _("name, case folded"), max_length=600, unique=True, null=True
    )
    skeleton = models.CharField(  # noqa: DJ001
        _("name, look-alike shape"), max_length=600, unique=True, null=True
    )

    class Meta:
        verbose_name = _("name key")
        verbose_name_plural = _("name keys")

    def __str__(self) -> str:
        return self.folded or ""
