"""analyse(): output shape, ranking, reproducibility whatever the number of jobs."""
import json

import pytest

from engine_c import new_state
from engine_c.errors import BoardlabError
from solver import ismcts
from solver.search import analyse, standard_error, ties_best

from solver_helpers import highcard_position

KEYS = {"action", "move", "visits", "win_prob", "expected_score", "expected_scores", "mean_reward", "reward_se",
        "tied", "pv"}


def test_output_shape():
    state = new_state("highcard", 3, 4)
    before = state.to_bytes()
    out = analyse(state, iterations=3000, seed=1, pv_length=4)
    assert state.to_bytes() == before
    assert {c["action"] for c in out} == set(state.legal_actions())
    assert sum(c["visits"] for c in out) == 3000
    assert [c["visits"] for c in out] == sorted((c["visits"] for c in out), reverse=True)
    for c in out:
        assert set(c) == KEYS
        assert c["move"] == state.action_to_string(c["action"])
        assert 0.0 <= c["win_prob"] <= 1.0 and 0.0 <= c["mean_reward"] <= 1.0
        assert len(c["expected_scores"]) == 3 and c["expected_score"] == c["expected_scores"][0]
        assert 1 <= len(c["pv"]) <= 4 and c["pv"][0] == c["move"]
    json.dumps(out)                                      # plain data only


def test_finds_the_sure_win_with_its_probability():
    out = analyse(highcard_position(), iterations=4000, seed=3)
    assert out[0]["move"] == "7" and out[0]["win_prob"] == 1.0
    assert out[0]["expected_score"] >= 15                # 10 + the prize of 5 (+ maybe the last prize)
    assert out[1]["move"] == "10" and out[1]["win_prob"] < 0.9


def test_same_output_whatever_jobs():
    state = new_state("highcard", 2, 9)
    one = analyse(state, iterations=4001, jobs=1, seed=5)
    assert analyse(state, iterations=4001, jobs=2, seed=5) == one
    assert analyse(state, iterations=4001, jobs=3, seed=5) == one
    assert analyse(state, iterations=4001, jobs=1, seed=6) != one


def test_fewer_iterations_than_searches_and_time_budget():
    state = new_state("highcard", 2, 2)
    assert sum(c["visits"] for c in analyse(state, iterations=3)) == 3
    out = analyse(state, time=0.05, jobs=2)
    assert sum(c["visits"] for c in out) > 100


@pytest.mark.parametrize("kwargs", [{"iterations": 0}, {"iterations": -3}, {"iterations": "x"}, {"time": 0},
                                    {"jobs": 0}, {"reward": "points"}, {"c": -1}, {"pv_length": -1}])
def test_bad_arguments(kwargs):
    with pytest.raises(BoardlabError):
        analyse(new_state("highcard", 2, 2), **kwargs)


def test_finished_game_is_refused():
    state = new_state("highcard", 2, 0)
    state.playout(3)
    with pytest.raises(BoardlabError):
        analyse(state, iterations=10)


def test_root_moments_are_the_moves_values():
    """The per-move sums behind the standard errors count the same playouts, with the same
    blended value, as the root's children (a fresh tree: every visit is this search's)."""
    searcher = ismcts.Searcher(0.25, "margin", score_weight=0.7, expand_after=50)
    searcher.search(new_state("burgundy", 2, 1), iterations=3000, seed=1)
    stats = searcher.root_stats()
    assert sum(s["value_n"] for s in stats) == 3000
    for s in stats:
        assert s["value_n"] == s["visits"]
        assert s["value_sum"] == pytest.approx(s["reward_sum"], rel=1e-9, abs=1e-9)
        if s["value_n"] > 1:
            mean = s["value_sum"] / s["value_n"]
            assert 0 < s["value_sq_sum"] / s["value_n"] - mean * mean < 0.25   # values lie in [0, 1]


def test_standard_error_and_ties():
    assert standard_error(4, 2.0, 2.0) == pytest.approx((1 / 3 / 4) ** 0.5)   # samples 0, 1, 0, 1
    assert standard_error(1, 0.5, 0.25) is None
    best = {"mean_reward": 0.60, "reward_se": 0.01}
    assert ties_best(best, {"mean_reward": 0.58, "reward_se": 0.01})        # 0.02 < 1.96 * 0.0141
    assert not ties_best(best, {"mean_reward": 0.55, "reward_se": 0.01})    # 0.05 > 0.0277
    assert ties_best(best, {"mean_reward": 0.10, "reward_se": None})        # too few samples to tell
    assert ties_best({"mean_reward": 0.5, "reward_se": 0.0}, {"mean_reward": 0.5, "reward_se": 0.0})


def test_a_clearly_worse_move_is_not_tied():
    out = analyse(highcard_position(), iterations=4000, seed=3)
    assert out[0]["move"] == "7" and out[0]["tied"]
    assert out[1]["move"] == "10" and not out[1]["tied"]
    assert out[1]["reward_se"] > 0


def test_suggest_table_marks_ties(monkeypatch, tmp_path, capsys):
    from solver import search
    from solver.cli import main

    state = new_state("highcard", 2, 5)
    path = tmp_path / "pos.json"
    path.write_text(state.to_json())
    legal = state.legal_actions()[:3]
    moves = [{"action": a, "move": state.action_to_string(a), "visits": 10 - i, "win_prob": 0.5,
              "expected_score": 1.0, "expected_scores": [1.0, 1.0], "mean_reward": 0.5, "reward_se": 0.01,
              "tied": i < 2, "pv": []} for i, a in enumerate(legal)]
    monkeypatch.setattr(search, "analyse", lambda *args, **kwargs: moves)
    with pytest.raises(SystemExit) as info:
        main(["suggest", "--game", "highcard", "--position", str(path)])
    assert info.value.code == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line[1:3].strip().isdigit()]
    assert [row[0] for row in rows] == [" ", "=", " "]
    assert "cannot tell this move from #1" in out and "1 such move;" in out
    moves[1]["tied"] = False
    with pytest.raises(SystemExit):
        main(["suggest", "--game", "highcard", "--position", str(path)])
    assert "cannot tell" not in capsys.readouterr().out
