"""What every engine's fitted value (engine_c/<game>/value.pyx) must do alike: estimate exactly the
player counts it ships a fit for, stop when a fit is removed, refuse a table of the wrong shape, and be
fitted and checked by scripts/fit_value.py.  Each game's features and estimate: tests/<game>/test_<game>_value.py."""
import importlib

import numpy as np
import pytest

from engine_c import new_state
from tests.scripts.script_loader import load_script
from tests.value_helpers import policy_states, weights_restored

GAMES = ("burgundy", "sanjuan", "seasons", "tiletum")


def _value(game):
    """The game's value module and its shipped weight table."""
    return (importlib.import_module(f"engine_c.{game}.value"),
            importlib.import_module(f"engine_c.{game}.value_weights").WEIGHTS)


@pytest.mark.parametrize("game", GAMES)
def test_an_estimate_exactly_where_a_fit_ships(game):
    value, shipped = _value(game)
    assert shipped, f"{game} ships no fit"
    with weights_restored(value):
        for players in (2, 3, 4):
            assert (new_state(game, players, 1).evaluate() is not None) == (players in shipped)
        players = min(shipped)
        value.use_value_weights(players, None)              # the fit removed: no estimate
        assert new_state(game, players, 1).evaluate() is None
        with pytest.raises(ValueError):
            value.use_value_weights(players, [[0.0] * value.FEATURES])
    assert new_state(game, players, 1).evaluate() is not None  # and back


@pytest.mark.parametrize("game, every", [("burgundy", 7), ("sanjuan", 1), ("seasons", 1), ("tiletum", 1)])
def test_the_estimate_is_the_score_plus_the_stage_weights_times_the_features(game, every):
    # plus the features the value counts as points with weight 1 (COUNTED_AS_POINTS: Seasons' castle scoring)
    value, _ = _value(game)
    weights = np.array(value.value_weights(2))
    assert weights.shape == (value.STAGES, value.FEATURES)
    counted = [list(value.FEATURE_NAMES).index(name) for name in getattr(value, "COUNTED_AS_POINTS", ())]
    compared = 0
    for state in policy_states(game, 2, 1, every):
        found = state.value_features()
        estimate = state.evaluate()
        if found is None:
            assert estimate is None          # only quiet points are estimated
            continue
        stage, rows = found
        for p in range(2):
            expected = state.scores()[p] + sum(rows[p][i] for i in counted) + float(np.dot(weights[stage], rows[p]))
            assert estimate[p] == pytest.approx(expected, abs=1e-6)
        compared += 1
    assert compared >= 10


@pytest.mark.parametrize("game, stage_words", [("sanjuan", "the most buildings any player has"),
                                               ("seasons", "rounds left after this one"),
                                               ("tiletum", "round * 3 + pass")])
def test_fit_writes_and_check_measures_the_shipped_weights(game, stage_words, tmp_path):
    value, _ = _value(game)
    fit_value = load_script("fit_value")
    one = fit_value.main(["--game", game, "--games", "20", "--seed", "3", "--write", "--out", str(tmp_path / "w.py")])
    assert one["weights"].shape == (value.STAGES, value.FEATURES)
    text = (tmp_path / "w.py").read_text()
    assert stage_words in text and f"--game {game}" in text
    figures = fit_value.main(["--game", game, "--check", "6", "--check-playouts", "8", "--seed", "5"])
    assert 0 < figures["score_error_sd"] < 2 * figures["score_playout_sd"]
    assert np.isfinite(one["residual_sd"])


def test_fit_on_search_games_is_reproducible_and_reports_the_shipped_weights(tmp_path):
    fit_value = load_script("fit_value")
    args = ["--game", "burgundy", "--games", "5", "--seed", "7", "--agent", "ismcts:iterations=20"]
    one = fit_value.main(args + ["--write", "--out", str(tmp_path / "w.py")])
    again = fit_value.main(args)
    policy = fit_value.main(["--game", "burgundy", "--games", "5", "--seed", "7"])
    assert np.array_equal(one["weights"], again["weights"])
    assert not np.array_equal(one["weights"], policy["weights"])      # other games, other samples
    assert "--agent ismcts:iterations=20" in (tmp_path / "w.py").read_text()
    # the search's own moves: the first game's samples are those of that agent playing every seat
    first = fit_value.play("burgundy", 2, 7, 0, "ismcts:iterations=20")
    assert first != fit_value.play("burgundy", 2, 7, 0)
    shipped = one["shipped"]
    assert shipped and "shipped" not in policy
    assert all(np.isfinite(level) and spread >= 0 for _, level, spread in shipped)
