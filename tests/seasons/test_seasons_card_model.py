"""A Castle for All Seasons' fitted card choice (engine_c/seasons/policy.pyx ``model_card``, loaded by
``use_card_model``; scripts/fit_card_model.py): the policy's draws follow the model's probabilities,
the hand-written choice is back without it, and the fitting script is seeded."""
import contextlib
import itertools
import math

import numpy as np
import pytest

from engine_c import new_state
from engine_c.seasons import card_model
from engine_c.seasons.data import CARDS
from engine_c.seasons.policy import card_model_loaded, use_card_model
from tests.scripts.script_loader import load_script

EPS = 32 / 1024          # the policy's share of uniformly random moves (policy.pyx POLICY_EPS)


@contextlib.contextmanager
def models_restored():
    """Put back the shipped models, whatever the body loads."""
    try:
        yield
    finally:
        for n in (2, 3, 4):
            use_card_model(n, card_model.MODELS.get(n))


def a_model(seed, worth=0.0):
    """A model of random biases per rounds left."""
    rng = np.random.default_rng(seed)
    return {"worth": worth, "bias": rng.normal(0, 1, (15, 8)).round(3).tolist()}


def test_two_players_draw_each_pair_with_its_model_probability():
    state = new_state("seasons", 2, 3)
    stage, worth = state.card_values()
    model = a_model(1, worth=0.05)
    weight = {c: math.exp(model["worth"] * w / 10 + model["bias"][stage][CARDS.index(c)]) for c, w in worth.items()}
    first_legal = state.legal_actions()
    expected = {}
    for c in first_legal:
        # the second card: any he may take above the first (a single one is played for him at once)
        second_legal = [d for d in range(c + 1, 8) if CARDS[d] in worth]
        pair_weights = {d: weight[CARDS[d]] for d in second_legal}
        first = sum(weight[CARDS[c]] * weight[CARDS[d]] for d in second_legal)
        total_first = sum(weight[CARDS[x]] * sum(weight[CARDS[d]] for d in range(x + 1, 8) if CARDS[d] in weight)
                          for x in first_legal)
        p_first = (1 - EPS) * first / total_first + EPS / len(first_legal)
        for d in second_legal:
            p_second = (1 - EPS) * pair_weights[d] / sum(pair_weights.values()) + EPS / len(second_legal)
            expected[(c, d)] = p_first * p_second
    assert sum(expected.values()) == pytest.approx(1.0)
    draws = 20000
    counts = dict.fromkeys(expected, 0)
    with models_restored():
        use_card_model(2, model)
        assert card_model_loaded(2)
        for k in range(draws):
            after = state.clone()
            c = after.playout_action(2 * k)
            after.apply_action(c)
            if after.current_player() == 0:
                counts[(c, after.playout_action(2 * k + 1))] += 1
            else:                                                  # the forced second card
                counts[(c, max(CARDS.index(x) for x in worth))] += 1
    assert counts[(5, 6)] > 0            # the forced pair was drawn and counted
    for pair, p in expected.items():
        # within 4.5 standard errors of the model's probability, pair by pair
        assert abs(counts[pair] / draws - p) <= 4.5 * math.sqrt(p * (1 - p) / draws) + 1e-9, pair


def test_without_a_model_the_hand_written_choice_is_back():
    state = new_state("seasons", 3, 5)

    def choices():
        return [state.playout_action(seed) for seed in range(300)]

    with models_restored():
        use_card_model(3, None)
        assert not card_model_loaded(3)
        hand_written = choices()
        use_card_model(3, {"worth": 0.0, "bias": [[0, 0, 0, 0, 0, 0, 0, 9.0]] * 15})
        modelled = choices()
        use_card_model(3, None)
        assert choices() == hand_written
    assert modelled != hand_written
    # a master builder weighted e^9 over every other card: the model takes it unless the uniform 3% moves
    if 7 in state.legal_actions():
        assert modelled.count(7) > 270


def test_card_values_name_the_cards_and_the_stage():
    state = new_state("seasons", 2, 8)
    stage, worth = state.card_values()
    data = state.to_dict()
    assert stage == data["rounds"] - data["round"]
    assert {CARDS[a] for a in state.legal_actions()} <= set(worth) <= set(CARDS)
    assert all(isinstance(w, int) for w in worth.values())
    while state.to_dict()["phase"] == "select":
        state.apply_action(state.legal_actions()[0])
    assert state.card_values() is None


def test_bad_models_are_refused():
    with models_restored():
        with pytest.raises(ValueError, match="player count must be 2-4, got 5"):
            use_card_model(5, None)
        with pytest.raises(ValueError, match="worth and 15 bias rows of 8 numbers expected"):
            use_card_model(2, {"worth": 1.0, "bias": [[0.0] * 8] * 14})
        with pytest.raises(ValueError, match="worth and 15 bias rows of 8 numbers expected"):
            use_card_model(2, {"bias": [[0.0] * 8] * 15})


def test_fitting_is_seeded_and_writes_a_module_the_engine_reads(tmp_path):
    fit = load_script("fit_card_model")
    args = ["--players", "2", "--games", "10", "--agent", "ismcts:iterations=60", "--write"]
    first = fit.main(args + ["--out", str(tmp_path / "a.py")])
    second = fit.main(args + ["--out", str(tmp_path / "b.py")])
    assert first == second and first["choices"] > 100
    # the model explains the searchers' choices better than the policy's worth alone, on games it did not see
    assert first["held_loglik"] > first["held_loglik_worth_only"]
    text = (tmp_path / "a.py").read_text()
    assert text == (tmp_path / "b.py").read_text()
    namespace = {}
    exec(text, namespace)
    with models_restored():
        use_card_model(2, namespace["MODELS"][2])
        assert card_model_loaded(2)
    with pytest.raises(SystemExit, match="--players must be 2-4"):
        fit.main(["--players", "5"])


def test_the_pairs_of_a_design_are_every_pair_a_player_may_take():
    fit = load_script("fit_card_model")
    worth = {"messenger": 10, "trader": 20, "stonemason": 0, "masterbuilder": 5}
    worth_sum, onehot, mask, stage, chosen = fit.design([(4, worth, ["stonemason", "trader"])], 2)
    pairs = list(itertools.combinations(sorted(worth, key=CARDS.index), 2))
    assert mask.sum() == len(pairs) == 6 and stage.tolist() == [4]
    assert pairs[chosen[0]] == ("trader", "stonemason")
    assert worth_sum[0, chosen[0]] == pytest.approx(2.0)              # (20 + 0) tenths, in VP
    assert onehot[0, chosen[0]].tolist() == [0, 1, 0, 1, 0, 0, 0, 0]
