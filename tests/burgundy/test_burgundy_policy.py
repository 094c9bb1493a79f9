"""The heuristic playout policy (c_playout / c_playout_action): legal, seeded, better than uniform."""
import numpy as np
import pytest

from engine_c import new_state


def _positions(players, games, seed):
    """Positions along games played by the policy itself and by uniform moves, alternately."""
    rng = np.random.default_rng(seed)
    for g in range(games):
        state = new_state("burgundy", players, seed * 100 + g, board="advanced" if g % 2 else "basic")
        while not state.is_terminal():
            yield state
            if rng.random() < 0.5:
                action = state.playout_action(int(rng.integers(1 << 30)))
            else:
                legal = state.legal_actions()
                action = legal[int(rng.integers(len(legal)))]
            state.apply_action(action)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_policy_picks_only_legal_actions(players):
    count = 0
    for state in _positions(players, 3, players):
        legal = set(state.legal_actions())
        for k in range(3):
            assert state.playout_action(count * 3 + k) in legal
        count += 1
    assert count > 300


def test_policy_playout_reaches_the_end_and_is_reproducible():
    for seed in range(10):
        start = new_state("burgundy", 2, seed)
        a, b = start.clone(), start.clone()
        a.playout(seed, policy=True)
        b.playout(seed, policy=True)
        assert a.is_terminal() and a == b
        c = start.clone()
        c.playout(seed + 1, policy=True)
        d = start.clone()
        d.playout(seed)                     # uniform: the default of playout()
        assert d.is_terminal()
    assert start == new_state("burgundy", 2, 9)     # playouts work on copies only


def test_policy_scores_far_above_uniform_playouts():
    policy, uniform = [], []
    for seed in range(60):
        a = new_state("burgundy", 2, seed)
        b = a.clone()
        a.playout(seed, policy=True)
        b.playout(seed)
        policy += a.scores()
        uniform += b.scores()
    assert np.mean(policy) > np.mean(uniform) + 40


def test_policy_mixes_moves():
    # epsilon-uniform plus noise: at the opening the policy does not always pick one move
    state = new_state("burgundy", 2, 3)
    picks = {state.playout_action(seed) for seed in range(300)}
    assert len(picks) >= 3
