"""Interventional values: a toy game with planted tile values, seeds, resume and refusals."""
import json

import pandas as pd
import pytest

from analysis.causal import ESTIMATES, mean_effect, value_estimates
from solver.runs.forced_takes import JOURNAL, PAIRS, Hooks, read_journal, run_values
from analysis.load import VALUES_MANIFEST
from analysis.synthetic import (TOY_VALUES, ToyTiles, toy_agent, toy_stage, toy_take_ways,
                                write_toy_run)
from engine_c.errors import BoardlabError

TOY = Hooks(load_state=ToyTiles.from_json, make_agent=toy_agent, take_ways=toy_take_ways,
            stage=toy_stage)


@pytest.fixture(scope="module")
def toy_run(tmp_path_factory):
    return write_toy_run(tmp_path_factory.mktemp("toy") / "toy.parquet", games=24, seed=1)


@pytest.fixture(scope="module")
def toy_values(toy_run, tmp_path_factory):
    out = tmp_path_factory.mktemp("values") / "v"
    pairs = run_values(toy_run, out, continuations=6, seed=3, hooks=TOY)
    return out, pairs


def test_planted_tile_values_are_recovered_within_their_intervals(toy_values):
    out, pairs = toy_values
    est = pd.read_csv(out / ESTIMATES).set_index("kind")
    assert sorted(est.index) == sorted(TOY_VALUES)
    for kind, planted in TOY_VALUES.items():
        row = est.loc[kind]
        assert row["value_lo"] < planted < row["value_hi"], (kind, row.to_dict())
        assert row["value_hi"] - row["value_lo"] < 2.5            # informative, not vacuous
        # the random agent takes the tile half the time; forcing it then changes nothing
        assert 0.35 < row["own_share"] < 0.65
        expected = planted * (1 - row["own_share"])
        assert row["vs_own_lo"] < expected < row["vs_own_hi"], (kind, row.to_dict())
    assert est.loc["A", "win_lo"] > 0 and est.loc["D", "win_hi"] < 0
    # the worthless tile C: its interval includes 0
    assert est.loc["C", "value_lo"] < 0 < est.loc["C", "value_hi"]
    stage = value_estimates(pairs, "toytiles", by=("kind", "stage"))
    assert set(stage["stage"]) == {"first half", "second half"}
    a = stage[stage["kind"] == "A"]
    assert ((a["value_lo"] < 6.0) & (6.0 < a["value_hi"])).all()
    assert (out / "values.png").read_bytes()[:4] == b"\x89PNG"


def test_pairs_share_the_world_and_record_the_own_choice(toy_values):
    _, pairs = toy_values
    assert len(pairs) == pairs["position"].nunique() * 6
    took = pairs[pairs["own_takes"]]
    assert (took["own_move"] == "take " + took["kind"]).all()
    assert (pairs.loc[~pairs["own_takes"], "own_move"] == "pass").all()
    assert (pairs["forced_move"] == "take " + pairs["kind"]).all()
    # common random numbers: when the agent took the tile itself, both branches are one game
    assert (took["score_take"] == took["score_own"]).all()


def test_same_pairs_whatever_the_number_of_workers(toy_run, toy_values, tmp_path):
    out, pairs = toy_values
    again = run_values(toy_run, tmp_path / "v2", continuations=6, seed=3, jobs=2, hooks=TOY)
    pd.testing.assert_frame_equal(pairs, again)
    assert (tmp_path / "v2" / ESTIMATES).read_bytes() == (out / ESTIMATES).read_bytes()
    other = run_values(toy_run, tmp_path / "v3", continuations=6, seed=4, hooks=TOY)
    assert not other["score_take"].equals(pairs["score_take"])


def test_an_interrupted_run_resumes_to_the_same_pairs(toy_run, toy_values, tmp_path):
    _, pairs = toy_values
    out = tmp_path / "v"

    def stop(done, total):
        if done >= total // 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_values(toy_run, out, continuations=6, seed=3, hooks=TOY, on_progress=stop)
    assert json.loads((out / VALUES_MANIFEST).read_text())["status"] == "stopped"
    partial = read_journal(out)
    assert 0 < len(partial) < len(pairs) and not (out / PAIRS).exists()
    with open(out / JOURNAL, "a") as handle:
        handle.write("game000003-move0002.json,3,2,first")       # a line cut short by a kill
    resumed = run_values(toy_run, out, continuations=6, seed=3, hooks=TOY, resume=True)
    pd.testing.assert_frame_equal(pairs, resumed)
    assert json.loads((out / VALUES_MANIFEST).read_text())["status"] == "complete"
    # more continuations extend the run; fewer, or other settings, are refused
    more = run_values(toy_run, out, continuations=7, seed=3, hooks=TOY, resume=True)
    assert len(more) == len(pairs) * 7 // 6
    with pytest.raises(BoardlabError, match="below the 7 already planned"):
        run_values(toy_run, out, continuations=6, seed=3, hooks=TOY, resume=True)
    with pytest.raises(BoardlabError, match=r"other settings \(seed\)"):
        run_values(toy_run, out, continuations=7, seed=9, hooks=TOY, resume=True)


@pytest.mark.parametrize("change, message", [
    ({"continuations": 0}, "--continuations must be positive, got 0"),
    ({"positions_per_kind": -1}, "--positions-per-kind must be"),
    ({"seed": -1}, "--seed must be"),
    ({"jobs": 0}, "--jobs must be"),
    ({"kinds": ["Z"]}, "unknown kind(s) Z for toytiles"),
    ({"agents": ["alphazero"]}, "unknown agent 'alphazero'"),
    ({"agents": ["random"] * 3}, "3 agents for 2 seats"),
])
def test_bad_settings_are_one_line_and_write_nothing(toy_run, tmp_path, change, message):
    settings = dict(continuations=2, seed=0, hooks=TOY) | change
    with pytest.raises(BoardlabError) as e:
        run_values(toy_run, tmp_path / "out", **settings)
    assert message in str(e.value) and "\n" not in str(e.value)
    assert not (tmp_path / "out").exists()


def test_refused_folders(toy_run, toy_values, tmp_path):
    out, _ = toy_values
    with pytest.raises(BoardlabError, match="already holds a values run; add --resume"):
        run_values(toy_run, out, continuations=6, seed=3, hooks=TOY)
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "notes.txt").write_text("mine")
    with pytest.raises(BoardlabError, match="folder is not empty"):
        run_values(toy_run, tmp_path / "full", hooks=TOY)
    with pytest.raises(BoardlabError, match="nothing to resume"):
        run_values(toy_run, tmp_path / "new", hooks=TOY, resume=True)
    bare = tmp_path / "bare"
    bare.mkdir()
    (bare / "_manifest.json").write_text(json.dumps({"settings": {"game": "toytiles", "players": 2,
                                                                   "agents": ["random"]}}))
    with pytest.raises(BoardlabError, match="no saved positions"):
        run_values(bare, tmp_path / "out", hooks=TOY)
    with pytest.raises(BoardlabError, match="no such run folder"):
        run_values(tmp_path / "missing", tmp_path / "out", hooks=TOY)


def test_mean_effect_is_the_cluster_robust_mean():
    # two clusters of four, residuals -1 and +1: cluster sums -4, +4; CR1 variance
    # (1/8)^2 * 32 * G/(G-1) * (N-1)/(N-K) = 1, so se = 1 and the interval is t(1): 12.706 each side
    y = [1.0, 1.0, 1.0, 1.0, 3.0, 3.0, 3.0, 3.0]
    est, lo, hi = mean_effect(y, [0] * 4 + [1] * 4)
    assert est == pytest.approx(2.0)
    assert lo == pytest.approx(2.0 - 12.7062, abs=1e-3) and hi == pytest.approx(2.0 + 12.7062, abs=1e-3)
    assert mean_effect([5.0, 6.0], [0, 0])[1:] != mean_effect([5.0, 6.0], [0, 1])[1:]
    est, lo, hi = mean_effect([5.0, 6.0], [0, 0])
    assert est == 5.5 and lo != lo and hi != hi          # one cluster: no interval


def test_win_intervals_stay_within_what_a_difference_of_win_rates_can_be(toy_values):
    _, pairs = toy_values
    # two games: the taker wins every pair of the first and none of the second, so the mean win
    # difference is about 1/2 and its t(1) interval from two clusters would reach far past +-1
    first, second = sorted(pairs["game_index"].unique())[:2]
    few = pairs[pairs["game_index"].isin([first, second])].copy()
    few["win_take"] = (few["game_index"] == first).astype(float)
    few["win_own"] = 0.0
    raw = mean_effect(few["win_take"] - few["win_own"], few["game_index"])
    assert raw[1] < -1 and raw[2] > 1
    est = value_estimates(few, "toytiles")
    for lo, hi in (("win_lo", "win_hi"), ("win_vs_own_lo", "win_vs_own_hi")):
        known = est[[lo, hi]].dropna()
        assert len(known) and (known[lo] == -1).all() and (known[hi] == 1).all()
    assert (est["value_hi"] - est["value_lo"]).dropna().gt(2).any()     # scores are not clipped


def test_values_without_intervals_plot_without_warnings(toy_values):
    import warnings

    from analysis.causal import plot_causal_values

    _, pairs = toy_values
    one_game = pairs[pairs["game_index"] == pairs["game_index"].min()]     # one cluster: no interval
    est = value_estimates(one_game, "toytiles")
    assert est["value_lo"].isna().all()
    with warnings.catch_warnings():
        warnings.simplefilter("error")            # numpy's "All-NaN slice" reached the user's terminal
        figure = plot_causal_values(est, "toytiles")
    assert figure.axes


def test_a_damaged_position_file_is_named(tmp_path):
    run = write_toy_run(tmp_path / "toy.parquet", games=2, seed=1)
    (run / "_positions" / "game000001-move0003.json").write_text("{not json")
    with pytest.raises(BoardlabError, match=r"_positions/game000001-move0003.json: "):
        run_values(run, tmp_path / "out", hooks=Hooks(load_state=_strict_toy, make_agent=toy_agent,
                                                      take_ways=toy_take_ways, stage=toy_stage))
    assert not (tmp_path / "out").exists()


def _strict_toy(text):
    """The toy's reader with the engines' kind of refusal."""
    try:
        return ToyTiles.from_json(text)
    except ValueError:
        raise BoardlabError("not a position (not JSON)") from None
