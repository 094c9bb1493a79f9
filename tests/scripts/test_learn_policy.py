"""scripts/learn_policy.py on a tiny budget: it trains and evaluates, each update climbs its objective,
and a seed gives the same weights (the 200-game claim is measured by the script, docs/agents.md)."""
import json

import numpy as np
import pytest

from tests.scripts.script_loader import load_script

learn = load_script("learn_policy")


def test_updates_change_the_weights_and_raise_the_objective():
    policy, history = learn.train("seasons", seed=3, episodes=48, batch=16, rate=0.01)
    assert [entry[0] for entry in history] == [16, 32, 48]
    assert np.abs(policy.weights).sum() > 0          # the policy starts at zero (uniform)
    for episodes, mean_result, before, after in history:
        assert 0.0 <= mean_result <= 1.0
        assert after > before                       # a small step up the gradient raises the surrogate


def test_the_gradient_is_the_surrogates():
    rng = np.random.default_rng(0)
    policy = learn.LinearPolicy(5, 4)
    policy.weights[:] = rng.normal(size=(5, 4))
    phis = rng.normal(size=(6, 5))
    masks = np.array([[1, 1, 0, 1]] * 3 + [[0, 1, 1, 1]] * 3, dtype=bool)
    actions = np.array([0, 1, 3, 1, 2, 3])
    advantages = rng.normal(size=6)
    batch = (phis, actions, masks, advantages)
    probabilities = np.array([policy.probabilities(phi, mask) for phi, mask in zip(phis, masks)])
    analytic = learn.gradient(policy, batch, probabilities)
    numeric = np.zeros_like(analytic)
    for index in np.ndindex(*analytic.shape):
        for sign in (1, -1):
            policy.weights[index] += sign * 1e-6
            numeric[index] += sign * learn.surrogate(policy, batch) / 2e-6
            policy.weights[index] -= sign * 1e-6
    assert np.allclose(analytic, numeric, atol=1e-6)
    assert np.all(probabilities[~masks] == 0)


def test_the_same_seed_gives_the_same_policy_and_another_seed_another():
    first, _ = learn.train("sanjuan", seed=5, episodes=4, batch=2)
    again, _ = learn.train("sanjuan", seed=5, episodes=4, batch=2)
    other, _ = learn.train("sanjuan", seed=6, episodes=4, batch=2)
    assert np.array_equal(first.weights, again.weights)
    assert not np.array_equal(first.weights, other.weights)


def test_the_script_trains_and_evaluates(capsys):
    assert learn.main(["--game", "seasons", "--episodes", "8", "--batch", "4", "--eval-games", "6", "--seed", "2"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["episodes"] == 8 and figures["eval_games"] == 6
    assert 0.0 <= figures["win_rate"] <= 1.0
    low, high = figures["interval_95"]
    assert low <= figures["win_rate"] <= high


def test_bad_arguments_are_refused_in_one_line(capsys):
    cases = ((["--game", "chess"], "unknown game 'chess'"), (["--episodes", "0"], "--episodes must be positive, got 0"),
             (["--eval-games", "0"], "--eval-games must be positive"), (["--rate", "-1"], "--rate must be positive"),
             (["--minutes", "0"], "--minutes must be positive"), (["--seed", "-1"], "--seed must be non-negative"))
    for argv, message in cases:
        with pytest.raises(SystemExit) as refused:
            learn.main(argv)
        assert refused.value.code == 2
        lines = capsys.readouterr().err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("learn_policy.py: error: ") and message in lines[0]


def test_the_policy_plays_only_legal_moves_and_starts_uniform():
    game_env = learn.env("tiletum", learn.PLAYERS)
    untrained = learn.LinearPolicy(game_env.observation_space("player_0")["observation"].shape[0] + 1,
                                   game_env.action_space("player_0").n)
    record = []
    result = learn.play(game_env, 11, 1, untrained, np.random.default_rng(0), record)
    assert result in (0.0, 0.5, 1.0) and len(record) > 10
    for phi, action, probabilities, mask in record:
        assert mask[action] and np.all(probabilities[~mask] == 0)
        assert np.allclose(probabilities[mask], 1.0 / mask.sum())     # zero weights: uniform, a random agent


def test_the_untrained_baseline_is_reported_on_the_same_deals(capsys):
    assert learn.main(["--game", "sanjuan", "--episodes", "4", "--batch", "4", "--eval-games", "4", "--seed", "0"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    low, high = figures["untrained_interval_95"]
    assert 0.0 <= low <= figures["untrained_win_rate"] <= high <= 1.0
