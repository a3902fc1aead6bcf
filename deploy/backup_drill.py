"""The backup-and-restore drill of docs/deploy.md, performed for real.

    python -m deploy.backup_drill

On a private PostgreSQL and Redis in a temporary folder, behind the production stack: a
signed-in player wins a game (through the API, tap by tap); then ``pg_dump`` backs the
database up, ``pg_restore`` restores it into a fresh database, an app server starts on
the restored database, and the player's leaderboard page, read with the same session
cookie, must be the same through both. tests/ops/test_backup_restore.py runs
:func:`backup_and_restore` and :func:`compare` on the tests' stack.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

from deploy.playclient import PlayClient
from deploy.private import PrivatePostgres, free_port, postgres_bin
from deploy.stack import AppServer, private_stack

TABLES = ("auth_user", "game_game", "django_session")


def backup_and_restore(postgres: PrivatePostgres, source: str, target: str, dump: Path) -> None:
    """``pg_dump`` of ``source`` into ``dump``; a fresh ``target`` restored from it."""
    subprocess.run(
        [postgres_bin("pg_dump"), "--format=custom", f"--file={dump}", postgres.url(source)],
        check=True,
    )
    postgres.create_database(target)
    subprocess.run(
        [postgres_bin("pg_restore"), "--no-owner", "--exit-on-error"]
        + [f"--dbname={postgres.url(target)}", str(dump)],
        check=True,
    )


def counts(postgres: PrivatePostgres, database: str) -> dict[str, str]:
    return {table: postgres.psql(f"SELECT count(*) FROM {table}", database) for table in TABLES}


def page_content(html: str) -> str:
    """The page without what differs on every response (the masked CSRF token)."""
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)
    return html.split("<main", 1)[-1]


def win_a_game(base_url: str, username: str) -> PlayClient:
    """A new player signs up and wins a game through the API; their browser session."""
    player = PlayClient(base_url).open()
    player.sign_up(username)
    answers = player.win(player.new_game())
    assert answers[-1]["state"] == "won"
    return player


def compare(
    postgres: PrivatePostgres, env: dict, source: str, player: PlayClient, url: str
) -> list[str]:
    """Restore a backup of ``source`` and read the leaderboard through an app server on
    it; what differs (nothing, when the drill succeeds)."""
    problems = []
    with tempfile.TemporaryDirectory() as folder:
        dump = Path(folder) / "mahjong.dump"
        target = f"{source}_restored"
        backup_and_restore(postgres, source, target, dump)
        print(f"  pg_dump: {dump.stat().st_size} bytes; restored into {target}")
        before, after = counts(postgres, source), counts(postgres, target)
        print(f"  rows before {before}, restored {after}")
        if before != after:
            problems.append(f"row counts differ: {before} != {after}")
        restored = AppServer(free_port(), {**env, "DATABASE_URL": postgres.url(target)}).start()
        try:
            # Generous: a fresh server's first page on a busy machine took over 15 s.
            original = player.get("/sv/leaderboard/", via=url, timeout=60)
            copy = player.get("/sv/leaderboard/", via=restored.url, timeout=60)
        finally:
            restored.stop()
        personal = original.text.split('id="personal-title"', 1)[-1].split("</section>", 1)[0]
        if "<tbody>" not in personal:
            problems.append("the player's win is missing from the original leaderboard")
        if copy.status_code != 200 or page_content(original.text) != page_content(copy.text):
            problems.append("the leaderboard read from the restored database differs")
        else:
            print("  the leaderboard (the player still signed in) reads the same from the copy")
    return problems


def main() -> int:
    with private_stack("backup", app_servers=1, workers=1) as running:
        player = win_a_game(running.url, "backup_drill")
        problems = compare(running.postgres, running.env, "mahjong", player, running.url)
    for problem in problems:
        print(f"  FAIL {problem}")
    print("== Backup and restore: " + ("FAIL" if problems else "ok"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
