"""The playout policy: legal, stochastic, and better than uniformly random moves."""
import numpy as np

from engine_c import new_state


def test_policy_moves_are_legal_and_vary():
    s = new_state("tiletum", 3, 2)
    rng = np.random.default_rng(0)
    wide = varied = 0
    for step in range(150):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        picks = {s.playout_action(seed) for seed in range(12)}
        assert picks <= set(legal)
        if len(legal) > 3:
            wide += 1
            varied += len(picks) > 1
        s.apply_action(legal[int(rng.integers(len(legal)))])
    assert varied > wide / 2, "the policy must stay stochastic"


def test_policy_playouts_score_more_than_random_ones():
    means = {}
    for policy in (False, True):
        scores = []
        for g in range(60):
            s = new_state("tiletum", 2, g)
            s.playout(g, policy=policy)
            assert s.is_terminal()
            scores += s.scores()
        means[policy] = np.mean(scores)
    assert means[True] > means[False] + 5


def test_search_agent_plays_a_legal_game():
    from solver.agents import make_agent
    s = new_state("tiletum", 2, 11)
    agents = [make_agent("ismcts:iterations=60", seed=1), make_agent("random", seed=2)]
    while not s.is_terminal():
        a = agents[s.current_player()].choose(s)
        assert s.is_legal(a)
        s.apply_action(a)
    assert sorted(s.ranks()) == [0, 1]
