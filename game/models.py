"""Models for games, statistics and the leaderboard (none yet)."""
