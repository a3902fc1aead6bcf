"""The fault drills of deploy/faults.py on the tests' stack, under a steady load: each
prints what the players saw and must meet its expectations (see the drill's lines)."""

from deploy import faults


def test_postgresql_restarted_during_load(ops):
    report = faults.drill_postgres_restart(ops.stack, ops.postgres, ops.env)
    assert report.failures == [], report.lines


def test_redis_stopped_during_load(ops):
    report = faults.drill_redis_stop(ops.stack, ops.redis, ops.env)
    assert report.failures == [], report.lines


def test_an_app_server_killed_during_load(ops):
    report = faults.drill_app_kill(ops.stack, ops.env)
    assert report.failures == [], report.lines
