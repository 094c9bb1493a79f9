"""``apply_action_steps``: the same move as ``apply_action``, with the forced steps the engine then
played by itself told one by one (what ``boardlab play`` shows)."""
import numpy as np
import pytest

from engine_c import new_state
from engine_c.errors import IllegalActionError


def _random_game(game, players, seed):
    """Yield (state before, action) along a seeded random game."""
    state = new_state(game, players, seed)
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        action = legal[int(rng.integers(len(legal)))]
        yield state.clone(), action
        state.apply_action(action)


@pytest.mark.parametrize("game", ["sanjuan", "seasons", "burgundy", "tiletum"])
def test_the_state_ends_as_apply_action_leaves_it(game):
    told = 0
    for seed in range(3):
        for before, action in _random_game(game, 3, seed):
            plain, stepped = before.clone(), before.clone()
            plain.apply_action(action)
            steps = stepped.apply_action_steps(action)
            assert stepped.to_json() == plain.to_json()
            assert stepped.legal_actions() == plain.legal_actions()
            told += len(steps)
    if game in ("sanjuan", "seasons"):
        assert told > 50          # both play forced decisions by themselves, often
    else:
        assert told == 0          # the others ask for every decision, even a single legal move


@pytest.mark.parametrize("game", ["sanjuan", "seasons"])
def test_the_steps_stop_at_a_real_decision(game):
    """The told steps run until a decision with a choice (or the end), each a move of a seat."""
    chains = 0
    for before, action in _random_game(game, 2, 5):
        after = before.clone()
        steps = after.apply_action_steps(action)
        assert after.is_terminal() or len(after.legal_actions()) >= 2
        for player, step, text, private in steps:
            assert 0 <= player < 2 and 0 <= step < type(before).num_distinct_actions
            assert isinstance(text, str) and text and isinstance(private, bool)
        chains += bool(steps)
    assert chains > 5


def test_private_steps_are_marked():
    """San Juan payments and kept cards are private; a pass is not."""
    kinds = {}
    for seed in range(3):
        for before, action in _random_game("sanjuan", 2, seed):
            for _, _, text, private in before.apply_action_steps(action):
                kinds.setdefault(text.split()[0], set()).add(private)
    assert kinds["pay"] == {True}
    assert kinds["pass"] == {False}


def test_an_illegal_move_is_refused_and_the_state_kept():
    state = new_state("sanjuan", 2, 0)
    kept = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply_action_steps(max(state.legal_actions()) + 1 if max(state.legal_actions()) + 1 < 10**6 else -1)
    assert state.to_json() == kept
