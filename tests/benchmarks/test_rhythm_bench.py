"""bench/rhythm.py's figures for perfect play at a person's pace, and its replay of real
players' data exports: what a moderator can read of a win besides the held checks."""

import json
import random

from bench import rhythm as bench
from mahjong import Board, GameCode
from tests.players import plan


def _win(seed: int, *, slips: float = 0.0):
    rnd = random.Random(seed)
    board = Board.from_code(GameCode("L00", rnd.getrandbits(35)))
    code = str(board.deal.code)
    history = plan(code)
    free = bench.free_pairs_along(code, history)
    return code, history, bench.paced(rnd, free, by_difficulty=True, slips=slips)


def test_a_perfect_plan_at_a_persons_pace_passes_the_checks_with_no_extra_tap():
    code, history, taps = _win(3)
    figures = bench.play_figures(code, history, taps)
    assert figures["held"] is None and figures["extra"] == 0
    # Pauses scaled by how few pairs are free read as a person's search.
    assert figures["correlation"] > 0.3
    # The same pauses in a random order: no link with the position left.
    gaps = [b - a for a, b in zip(taps, taps[1:])]
    random.Random(2).shuffle(gaps)
    times = [0]
    for gap in gaps:
        times.append(times[-1] + gap)
    assert abs(bench.play_figures(code, history, times)["correlation"]) < 0.3


def test_slips_are_extra_taps_and_leave_the_correlation_unread():
    code, history, taps = _win(4, slips=0.5)
    figures = bench.play_figures(code, history, taps)
    assert figures["extra"] == len(taps) - 144 > 0 and figures["correlation"] is None


def test_the_replay_reads_won_games_of_an_export(tmp_path, capsys):
    code, history, taps = _win(5)
    steady = list(range(0, 144 * 600, 600))
    export = {
        "games": [
            {"result": "won", "code": code, "pairs_removed": history, "tap_ms": taps},
            {"result": "won", "code": None, "pairs_removed": history, "tap_ms": steady},
            {"result": "abandoned", "code": code, "pairs_removed": [], "tap_ms": [0, 500]},
        ]
    }
    path = tmp_path / "mahjong-ada.json"
    path.write_text(json.dumps(export))
    bench.replay([str(path)])
    line = capsys.readouterr().out.splitlines()[-1]
    # Two wins, one held (the steady one), both without an extra tap; the correlation
    # of the one whose code is known.
    assert line.startswith("replay of real tap times")
    wins, held, no_extra, correlation = line.split()[-4:]
    assert (wins, held, no_extra) == ("2", "50.0%", "100.0%")
    assert float(correlation) > 0.3


def test_the_bench_runs_on_a_few_deals_and_ends_with_the_top_place_check(monkeypatch, capsys):
    # Three deals per order give "any free pair" no win: a dash, not a crash.
    monkeypatch.setattr(
        "sys.argv", ["rhythm.py", "--games", "3", "--orders", "3", "--perfect", "0"]
    )
    bench.main()
    lines = capsys.readouterr().out.splitlines()
    any_pair = next(line for line in lines if line.startswith("person, any free pair"))
    assert any_pair.split()[-4:] == ["0", "0.0%", "-", "-"]
    assert "MAHJONG_REVIEW_TOP_PLACES = 10" in lines[-1] and "held 100 %" in lines[-1]
