"""The fitted value (engine_c/burgundy/value.pyx): features, quiet points, the fit and its check
(what every value must do alike: tests/solver/test_fitted_values.py)."""
import numpy as np
import pytest

from engine_c.burgundy import value
from tests.scripts.script_loader import load_script
from tests.value_helpers import policy_states


def _policy_states(players=2, seed=0, every=7):
    """Every ``every``-th position of a policy game (quiet or not)."""
    return policy_states("burgundy", players, seed, every)


def test_features_read_the_estate_and_the_end_bonus():
    names = value.FEATURE_NAMES
    checked = 0
    for state in _policy_states():
        found = state.value_features()
        if found is None:
            continue
        stage, rows = found
        data = state.to_dict()
        assert stage == 5 * "ABCDE".index(data["phase"]) + data["round"] - 1
        assert data["setup_player"] is None and data["turn"]["pending"] == []     # a quiet point
        for p, row in enumerate(rows):
            assert len(row) == value.FEATURES == len(names)
            f = dict(zip(names, row))
            assert f["bias"] == 1.0
            assert f["end_bonus_now"] == state.final_bonus(p)
            assert 0 <= f["empty_spaces"] <= 37 and f["frontier"] <= f["empty_spaces"]
            seat = data["seats"][p]
            assert f["silverlings"] == seat["silverlings"] and f["workers"] == seat["workers"]
            assert f["dice_left"] == sum(1 for used in seat["dice_used"] if not used)
            assert f["later_in_order"] == data["turn"]["order"].index(p)
            checked += 1
    assert checked > 15


def test_shipped_weights_estimate_policy_games_better_than_their_mean():
    # held-out policy games: the fit's error is well below the spread of the points still to come
    fit_value = load_script("fit_value")
    stage, X, y, held = fit_value.collect("burgundy", 2, 77, 10, 1)
    weights = np.array(value.value_weights(2))
    predicted = np.einsum("ij,ij->i", X, weights[stage])
    late = stage >= 15
    assert np.std(y[late] - predicted[late]) < 0.85 * np.std(y[late])


def test_fit_is_reproducible_whatever_the_jobs(tmp_path):
    fit_value = load_script("fit_value")
    one = fit_value.main(["--games", "10", "--seed", "3", "--jobs", "1", "--write", "--out", str(tmp_path / "w.py")])
    two = fit_value.main(["--games", "10", "--seed", "3", "--jobs", "2"])
    assert np.array_equal(one["weights"], two["weights"])
    text = (tmp_path / "w.py").read_text()
    assert "WEIGHTS = {" in text and "--seed 3" in text


def test_check_sets_the_fits_error_apart_from_the_playouts_luck(capsys):
    # the shipped weights err by less than one policy playout's spread (the search's noise per iteration)
    fit_value = load_script("fit_value")
    figures = fit_value.main(["--check", "12", "--check-playouts", "16", "--seed", "5"])
    assert 0 < figures["score_error_sd"] < figures["score_playout_sd"]
    assert 0 < figures["margin_error_sd"] < figures["margin_playout_sd"]
    assert "12 positions, 16 playouts each" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="no estimate for 3 players"):
        fit_value.main(["--check", "5", "--players", "3"])
    for bad in (["--check", "0"], ["--check", "5", "--check-playouts", "1"]):     # refused, not a fit instead
        with pytest.raises(SystemExit, match="--check needs at least 1 position"):
            fit_value.main(bad)
