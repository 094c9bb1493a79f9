"""analyse(): output shape, ranking, reproducibility whatever the number of jobs."""
import json

import pytest

from engine_c import new_state
from engine_c.errors import BoardlabError
from solver.search import analyse

from solver_helpers import highcard_position

KEYS = {"action", "move", "visits", "win_prob", "expected_score", "expected_scores", "mean_reward", "pv"}


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
