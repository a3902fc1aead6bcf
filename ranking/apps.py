from django.apps import AppConfig


class RankingConfig(AppConfig):
    """The public boards and what may enter them: the ranking rules, the checks that a win
    is a person's (rhythm, plan order, second accounts, top places) and their moderation
    in the admin. Its models stay with the stored games (``game.BestTime``,
    ``game.TrustedPlayer``): their tables and app label are play's."""

    name = "ranking"
