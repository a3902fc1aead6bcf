"""The engine's memories in this process, sized from the settings (docs/deploy.md): the
engine imports no Django, so the site hands it the sizes."""

from __future__ import annotations

from django.conf import settings

from mahjong.rules import registry
from mahjong.solver import advice


def configure() -> None:
    """Size them (the app's ready(), and a test that changes the settings)."""
    advice.MEMORY.resize(settings.MAHJONG_VERDICT_MEMORY)
    advice.SOLVERS.resize(settings.MAHJONG_SOLVER_MEMORY)
    registry.DEALS.resize(settings.MAHJONG_DEAL_MEMORY)
    registry.CUSTOM_LAYOUTS.resize(settings.MAHJONG_CUSTOM_LAYOUT_MEMORY)
