"""The benchmarks' budget lines: a budget over makes the script fail, never just print."""

from bench.budget import Budgets


def test_budgets_within_their_limits_pass_and_say_ok(capsys):
    budgets = Budgets()
    assert budgets.at_most("deal median", 0.31, 0.5, "ms")
    assert budgets.at_most("exactly at the limit", 3, 3, "x")
    assert budgets.at_least("cache speed-up", 7.9, 2, "x")
    assert budgets.exit_code() == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "budget: deal median: 0.31 ms (at most 0.5 ms): ok",
        "budget: exactly at the limit: 3 x (at most 3 x): ok",
        "budget: cache speed-up: 7.9 x (at least 2 x): ok",
        "budgets: 3 ok, 0 OVER",
    ]


def test_one_budget_over_fails_the_run_and_is_named():
    budgets = Budgets()
    budgets.at_most("tap / minimal view", 2.9, 3, "x")
    assert not budgets.at_most("page weight", 123_456, 102_400, "bytes")
    assert not budgets.at_least("requests per second", 99, 100)
    assert budgets.over == ["page weight", "requests per second"]
    assert budgets.exit_code() == 1


def test_over_verdict_is_printed_on_the_budget_line(capsys):
    Budgets().at_most("page weight", 123_456, 102_400, "bytes")
    assert capsys.readouterr().out == (
        "budget: page weight: 123,456 bytes (at most 102,400 bytes): OVER\n"
    )


def test_a_figure_that_was_not_measured_is_over_not_skipped(capsys):
    budgets = Budgets()
    assert not budgets.at_most("Turtle deal", None, 0.5, "ms")
    assert not budgets.at_most("ratio", float("nan"), 3)
    assert "missing" in capsys.readouterr().out
    assert budgets.exit_code() == 1


def test_a_run_that_checked_no_budget_fails():
    assert Budgets().exit_code() == 1
