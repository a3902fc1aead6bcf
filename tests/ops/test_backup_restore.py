"""The backup-and-restore drill of docs/deploy.md (deploy/backup_drill.py): pg_dump,
pg_restore into a fresh database, and the leaderboard reads the same from it."""

from deploy import backup_drill


def test_a_restored_backup_shows_the_same_leaderboard_to_a_signed_in_player(ops):
    player = backup_drill.win_a_game(ops.url, "backup_player")

    problems = backup_drill.compare(ops.postgres, ops.env, "mahjong", player, ops.url)

    assert problems == []
