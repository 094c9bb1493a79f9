"""scripts/suggest_stability.py on a few test-game positions at a tiny budget."""
import json

import pytest

from engine_c import state_from_json
from script_loader import load_script


def _load():
    return load_script("suggest_stability")


stability = _load()


def test_positions_are_seeded_and_never_forced():
    a = stability.collect_positions("highcard", 2, 3, "ismcts:iterations=20", seed=4, per_game=2)
    b = stability.collect_positions("highcard", 2, 3, "ismcts:iterations=20", seed=4, per_game=2)
    c = stability.collect_positions("highcard", 2, 3, "ismcts:iterations=20", seed=5, per_game=2)
    assert a == b and a != c
    assert [name for name, _ in a] == ["g0000-p00.json", "g0000-p01.json", "g0001-p00.json"]
    assert all(len(state_from_json(text).legal_actions()) > 1 for _, text in a)


def test_run_measures_agreement_and_resumes(tmp_path, capsys):
    out = tmp_path / "st"
    args = ["--game", "highcard", "--positions", "3", "--per-game", "2", "--iterations", "60", "--out", str(out)]
    summary = stability.main(args)
    assert summary["positions"] == 3 and 0 <= summary["agree"] <= 3
    assert summary["lo"] <= summary["rate"] <= summary["hi"]
    records = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert len(records) == 3 and len(list((out / "positions").iterdir())) == 3
    for r in records:
        assert r["agree"] == (r["a"][0]["action"] == r["b"][0]["action"])
        assert r["b_in_top2_a"] == (r["b"][0]["action"] in [c["action"] for c in r["a"][:2]])
        assert r["flagged_tie"] in (True, False) and not (r["agree"] and r["flagged_tie"])
        assert r["a"][0]["tied"] and r["b"][0]["tied"]            # a run's best is tied with itself
        assert r["same_turn"] in (True, False) and not (r["agree"] and r["same_turn"])
        assert r["same_outcome"] in (True, False) and not (r["agree"] and r["same_outcome"])
    printed = capsys.readouterr().out
    assert "best move agrees on" in printed
    assert f"so the same turn on {summary['agree'] + summary['disagree_same_turn']}/3" in printed
    same_advice = summary['agree'] + summary['disagree_same_turn'] + summary['disagree_same_outcome']
    assert f"so the same advice on {same_advice}/3" in printed
    assert summary["disagree_same_outcome"] == sum(r["same_outcome"] and not r["same_turn"] for r in records)
    # a rerun reads the stored results instead of searching again; other settings are refused
    (out / "results.jsonl").write_text("\n".join(json.dumps({**r, "agree": True}) for r in records) + "\n")
    assert stability.main(args)["agree"] == 3
    with pytest.raises(SystemExit, match="other settings"):
        stability.main(args[:-2] + ["--seeds", "3,4", "--out", str(out)])
    # results of another build (a changed playout policy changes no setting) are not reused
    meta = json.loads((out / "settings.json").read_text())
    assert meta["build"] == stability.build_fingerprint("highcard")
    (out / "settings.json").write_text(json.dumps({**meta, "build": "0123456789ab"}))
    with pytest.raises(SystemExit, match="was measured by another build"):
        stability.main(args)


def test_near_tie_reads_the_values_merged_over_both_runs():
    a = [{"action": 1, "visits": 60, "mean_reward": 0.50}, {"action": 2, "visits": 40, "mean_reward": 0.49}]
    b = [{"action": 2, "visits": 55, "mean_reward": 0.51}, {"action": 1, "visits": 45, "mean_reward": 0.50}]
    assert stability.near_tie(a, b)
    far = [{"action": 2, "visits": 9000, "mean_reward": 0.9}, {"action": 1, "visits": 9000, "mean_reward": 0.1}]
    assert not stability.near_tie([{"action": 1, "visits": 9000, "mean_reward": 0.2}], far)


def test_measured_error_comes_from_the_two_runs_values_of_the_same_move():
    rec = {"a": [{"action": 1, "visits": 100, "mean_reward": 0.6}, {"action": 2, "visits": 100, "mean_reward": 0.5}],
           "b": [{"action": 2, "visits": 100, "mean_reward": 0.58}, {"action": 1, "visits": 100, "mean_reward": 0.5}]}
    # (0.1^2 + 0.08^2) / 2 terms, each divided by 1/100 + 1/100
    assert stability.reward_sd([rec]) == pytest.approx(((0.01 + 0.0064) / 2 / 0.02) ** 0.5)
    assert stability.near_tie_measured(rec, 1.0) and not stability.near_tie_measured(rec, 0.01)


def test_same_turn_needs_both_runs_to_see_the_other_order():
    def run(best, other, same):
        return [{"action": best, "same_turn": True}, {"action": other, "same_turn": same}]
    assert stability.same_turn_pair(run(1, 2, True), run(2, 1, True))
    assert not stability.same_turn_pair(run(1, 2, True), run(2, 1, False))   # B's line never plays 1
    assert not stability.same_turn_pair(run(1, 2, True), run(1, 2, True))     # they agree
    assert not stability.same_turn_pair(run(1, 3, True), run(2, 1, True))     # A never searched 2 so far


def test_flagged_tie_needs_both_runs_to_show_the_tie():
    def run(best, other, tied):
        return [{"action": best, "tied": True}, {"action": other, "tied": tied}]
    assert stability.flagged_tie(run(1, 2, True), run(2, 1, True))
    assert not stability.flagged_tie(run(1, 2, True), run(2, 1, False))     # B saw a real difference
    assert not stability.flagged_tie(run(1, 2, False), run(2, 1, True))
    assert not stability.flagged_tie(run(1, 2, True), run(1, 2, True))      # they agree


def _option_reaches_analyse(tmp_path, monkeypatch, option, value, key):
    """Run the script with ``option value``; return (what analyse got as ``key``, stored settings,
    the arguments without the option)."""
    seen = []
    real = stability.analyse

    def spy(*args, **kwargs):
        seen.append(kwargs[key])
        return real(*args, **kwargs)

    monkeypatch.setattr(stability, "analyse", spy)
    out = tmp_path / "st"
    args = ["--game", "highcard", "--positions", "2", "--per-game", "2", "--iterations", "40", "--out", str(out)]
    stability.main(args + [option, value])
    return seen, json.loads((out / "settings.json").read_text()), args


@pytest.mark.parametrize("option, value, key, bad, refusal", [
    ("--prior", 2.5, "prior", None, None),
    ("--searches", 1, "searches", "0", "--searches must be positive"),
    ("--c", 0.4, "c", "-1", "--c must be a non-negative number"),
    ("--leaf-value", 0.25, "leaf_value", "1.5", "--leaf-value must be between 0 and 1"),
])
def test_search_options_reach_the_search_and_the_settings(tmp_path, monkeypatch, option, value, key, bad, refusal):
    """``--prior W``, ``--searches S``, ``--c C``, ``--leaf-value L`` measure the same positions with
    another progressive-bias weight, number of root-parallel trees, exploration constant or share of
    the fitted value: analyse gets
    the value, it is stored with the settings, a folder measured with the default (the game's, or
    suggest's) is not reused, and a value out of range is refused in one line."""
    seen, settings, args = _option_reaches_analyse(tmp_path, monkeypatch, option, str(value), key)
    assert seen == [value] * 4 and settings[key] == value
    with pytest.raises(SystemExit, match="other settings"):
        stability.main(args)
    if bad is not None:
        with pytest.raises(SystemExit, match=refusal):
            stability.main(args + [option, bad])


@pytest.mark.parametrize("flag, value", [("--halving", True), ("--no-halving", False)])
def test_halving_flag_reaches_the_search_and_the_settings(tmp_path, monkeypatch, flag, value):
    """``--halving`` / ``--no-halving`` set analyse's sequential halving on or off and are stored,
    so a folder measured with suggest's default is not reused for it."""
    seen = []
    real = stability.analyse

    def spy(*args, **kwargs):
        seen.append(kwargs["halving"])
        return real(*args, **kwargs)

    monkeypatch.setattr(stability, "analyse", spy)
    out = tmp_path / "st"
    args = ["--game", "highcard", "--positions", "2", "--per-game", "2", "--iterations", "40", "--out", str(out)]
    stability.main(args + [flag])
    assert seen == [value] * 4
    assert json.loads((out / "settings.json").read_text())["halving"] is value
    with pytest.raises(SystemExit, match="other settings"):
        stability.main(args)


def test_same_outcome_needs_both_runs_to_find_no_difference():
    def run(best, other, same):
        return [{"action": best, "same_outcome": True}, {"action": other, "same_outcome": same}]
    assert stability.same_outcome_pair(run(1, 2, True), run(2, 1, True))
    assert not stability.same_outcome_pair(run(1, 2, True), run(2, 1, False))
    assert not stability.same_outcome_pair(run(1, 2, True), run(1, 2, True))     # they agree
