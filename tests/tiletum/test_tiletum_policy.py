"""The playout policy: legal, stochastic, better than uniformly random moves, and its rules of thumb
(only offered moves, scoring and building before ending the turn, AP spent toward a build)."""
import numpy as np

from engine_c import new_state
from engine_c.tiletum import TiletumState
from tiletum_helpers import action_turn, load


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
    from solver.search.agents import make_agent
    s = new_state("tiletum", 2, 11)
    agents = [make_agent("ismcts:iterations=60", seed=1), make_agent("random", seed=2)]
    while not s.is_terminal():
        a = agents[s.current_player()].choose(s)
        assert s.is_legal(a)
        s.apply_action(a)
    assert sorted(s.ranks()) == [0, 1]


# ---- the heuristic policy's rules of thumb (docs/tiletum.md, "Playout policy") ----------------

SCORING = ("fulfil", "cathedral", "crest", "build")


def _decisions(players, seed, die_wrap=True, steps=400):
    """States along a uniformly random game (each one a clone, so a test may play on from it)."""
    s = TiletumState(players, seed, die_wrap=die_wrap)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            return
        yield s.clone()
        legal = s.legal_actions()
        s.apply_action(legal[int(rng.integers(len(legal)))])


def test_policy_returns_only_offered_moves_and_a_single_one_as_is():
    rng = np.random.default_rng(5)
    for players, die_wrap in ((2, True), (3, False), (4, True)):
        for s in _decisions(players, players * 7, die_wrap, steps=150):
            legal = s.legal_actions()
            for k in (1, 2, 3, len(legal)):
                offered = [int(a) for a in rng.choice(legal, size=min(k, len(legal)), replace=False)]
                pick = s.playout_action(int(rng.integers(1 << 30)), among=offered)
                assert pick in offered
                if len(offered) == 1:
                    assert pick == offered[0]


def test_policy_scores_and_builds_rather_than_ending_the_turn():
    offered_times = scored = 0
    for players in (2, 3, 4):
        for s in _decisions(players, 40 + players):
            names = {a: s.action_to_string(a) for a in s.legal_actions()}
            scoring = [a for a, t in names.items() if t.split()[0] in SCORING]
            end = [a for a, t in names.items() if t == "end"]
            if not scoring or not end:
                continue
            for _ in range(5):
                # a new seed every time: a seed's first draw decides whether the move is uniform
                offered_times += 1
                scored += s.playout_action(offered_times, among=end + scoring) != end[0]
    assert offered_times >= 30
    assert scored >= 0.9 * offered_times       # only the few uniform moves (3 %) may end


def test_policy_spends_the_king_action_and_heads_for_a_free_pillar_space():
    king = load(action_turn(action="king", ap=4))
    assert sum(king.action_to_string(king.playout_action(k)) == "king" for k in range(40)) >= 36
    # the architect starts in Tiletum; of its neighbours Paris, Reims and Cologne have pillar
    # spaces, Bruges has none, and ending the turn wastes the AP
    arch = load(action_turn(action="architect", ap=2))
    picks = [arch.action_to_string(arch.playout_action(k)) for k in range(40)]
    assert sum(p in ("move Paris", "move Reims", "move Cologne") for p in picks) >= 36


def test_policy_playouts_score_far_more_than_the_old_fixed_weights():
    # the fixed-weight policy before scored about 28 VP per player here; this one about 72
    scores = []
    for g in range(40):
        s = new_state("tiletum", 2, g)
        s.playout(g + 500, policy=True)
        scores += s.scores()
    assert np.mean(scores) > 55


def test_policy_playouts_keep_values_between_decisions_without_changing_a_choice():
    # tt_playout keeps the cathedral stone and the routes from decision to decision while their
    # keys hold; each decision worked out alone must give the same game to the last move
    from engine_c.tiletum.policy import _playout_without_memo
    compared = 0
    for players in (2, 3, 4):
        for die_wrap in (True, False):
            for s in _decisions(players, 60 + players, die_wrap, steps=300):
                if s.is_terminal() or compared % 7:
                    compared += 1
                    continue
                kept, alone = s.clone(), s.clone()
                kept.playout(compared, policy=True)
                _playout_without_memo(alone, compared)
                assert kept.is_terminal() and kept.to_json() == alone.to_json()
                compared += 1
    assert compared > 500
