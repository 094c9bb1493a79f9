"""Conformance check every engine must pass (after PettingZoo's api_test).

``check_game(game, players, games=..., seed=...)`` plays random games and
asserts the interface contract; each game's tests call it and add their own
game invariants through ``invariant(state)``.
"""
import pickle

import numpy as np

from engine_c import new_state, state_from_json
from engine_c.errors import IllegalActionError


def check_game(game, players, games=200, seed=0, invariant=None, deep_every=7, **options):
    """Play ``games`` random games and check the interface contract; returns the number of decisions seen.

    Checked at every decision: legal actions are non-empty, sorted, unique and in range;
    each applies; at sampled decisions (every ``deep_every``-th) an illegal action is
    refused, clone / pickle / JSON round-trips give equal states, and ``resample_hidden``
    keeps the player to act, its legal actions and the public scores.
    At the end: the same seed replays the same game, returns are well-formed.
    """
    rng = np.random.default_rng(seed)
    decisions = 0
    for game_index in range(games):
        game_seed = int(rng.integers(2**31))
        state = new_state(game, players, game_seed, **options)
        actions_taken = []
        step = 0
        while not state.is_terminal():
            player = state.current_player()
            assert 0 <= player < players, f"current_player {player} out of range"
            legal = state.legal_actions()
            assert legal, "non-terminal state with no legal action"
            assert legal == sorted(set(legal)), "legal actions must be sorted and unique"
            assert 0 <= legal[0] and legal[-1] < state.num_distinct_actions
            if step % deep_every == 0:
                _check_deep(state, legal, player, game_seed + step)
            if invariant is not None:
                invariant(state)
            action = legal[int(rng.integers(len(legal)))]
            state.apply_action(action)
            actions_taken.append(action)
            step += 1
            decisions += 1
        if invariant is not None:
            invariant(state)
        assert state.current_player() == -4
        returns = state.returns()
        assert len(returns) == players and all(0.0 <= r <= 1.0 for r in returns)
        assert abs(sum(returns) - players / 2) < 1e-9, "returns must sum to players/2"
        ranks = state.ranks()
        assert min(ranks) == 0, "someone must be first"
        replay = new_state(game, players, game_seed, **options)
        for action in actions_taken:
            replay.apply_action(action)
        assert replay == state, "same seed and same actions must give the same game"
        try:
            state.apply_action(legal[0])
        except IllegalActionError:
            pass
        else:
            raise AssertionError("an action was accepted after the end of the game")
    return decisions


def _check_deep(state, legal, player, seed):
    """Round-trips, illegal-action refusal and determinization at one decision."""
    assert state.clone() == state
    assert pickle.loads(pickle.dumps(state)) == state
    assert state_from_json(state.to_json()) == state, "JSON round-trip changed the state"
    legal_set = set(legal)
    illegal = next((a for a in range(state.num_distinct_actions) if a not in legal_set), None)
    if illegal is not None:
        probe = state.clone()
        try:
            probe.apply_action(illegal)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"illegal action {illegal} was accepted")
        assert probe == state, "a refused action must not change the state"
    for action in legal:
        assert state.action_to_string(action) and state.string_to_action(state.action_to_string(action)) == action
    # the playout policy picks among whatever moves it is offered (the search offers its
    # untried moves, any subset of the legal ones)
    assert state.playout_action(seed) in legal_set
    for k in range(1, min(len(legal), 4) + 1):
        for start in range(min(len(legal), 6)):
            offered = [legal[(start + i) % len(legal)] for i in range(k)]
            assert state.playout_action(seed + start, among=offered) in offered, \
                f"the playout policy left the offered moves {offered}"
    determinized = state.resample_hidden(player, seed)
    assert determinized.current_player() == player
    assert determinized.legal_actions() == legal, "resample_hidden changed what the observer can do"
    assert determinized.scores() == state.scores()
    # the determinization is itself a sound state that plays to the end
    determinized.playout(seed)
    assert determinized.is_terminal()
