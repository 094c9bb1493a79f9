"""Truncated playouts (``Searcher(cutoff=K)``, agent ``cutoff=K``): the game's fitted value ends them."""
import pickle

import pytest

from engine_c import new_state
from engine_c.errors import BoardlabError
from solver import ismcts
from solver.agents import make_agent


def _root(searcher):
    return [(r["action"], r["visits"], r["reward_sum"]) for r in searcher.root_stats()]


def test_cutoff_zero_is_the_full_playout_search():
    state = new_state("burgundy", 2, 3)
    plain, zero = ismcts.Searcher(0.25, "margin"), ismcts.Searcher(0.25, "margin", cutoff=0)
    plain.search(state, iterations=600, seed=5)
    zero.search(state, iterations=600, seed=5)
    assert _root(plain) == _root(zero)


def test_truncated_playouts_take_the_estimate_not_the_final_score():
    # from the opening, full policy playouts end well above 170 points for someone; the fitted
    # value one move into the playout estimates about 140-150 for both players
    state = new_state("burgundy", 2, 3)
    full, cut = ismcts.Searcher(0.25, "margin"), ismcts.Searcher(0.25, "margin", cutoff=1)
    full.search(state, iterations=500, seed=1)
    cut.search(state, iterations=500, seed=1)
    assert full.score_seen > 170
    assert cut.score_seen < 165
    assert sum(r["visits"] for r in cut.root_stats()) == 500


def test_a_game_without_a_value_plays_to_the_end():
    # San Juan has no fitted value: with a cutoff the search is the plain one, iteration for iteration
    state = new_state("sanjuan", 2, 4)
    assert state.evaluate() is None
    plain, cut = ismcts.Searcher(0.25, "margin"), ismcts.Searcher(0.25, "margin", cutoff=3)
    plain.search(state, iterations=300, seed=2)
    cut.search(state, iterations=300, seed=2)
    assert _root(plain) == _root(cut)


def test_a_player_count_without_weights_plays_the_same_playouts_to_the_end():
    # 3-player Burgundy has the hook but no fit: the truncated loop never stops early, and it
    # draws the policy's moves as the engine's own playout does, so the search is unchanged
    state = new_state("burgundy", 3, 2)
    assert state.evaluate() is None
    plain, cut = ismcts.Searcher(0.25, "margin"), ismcts.Searcher(0.25, "margin", cutoff=1)
    plain.search(state, iterations=200, seed=2)
    cut.search(state, iterations=200, seed=2)
    assert _root(plain) == _root(cut)


def test_cutoff_in_specs_pickles_and_refuses_bad_values():
    agent = make_agent("ismcts:iterations=200,cutoff=20", 1)
    state = new_state("burgundy", 2, 3)
    assert agent.choose(state) in state.legal_actions()
    assert agent.searcher().cutoff == 20
    assert pickle.loads(pickle.dumps(ismcts.Searcher(cutoff=7))).cutoff == 7
    with pytest.raises(BoardlabError, match="cutoff"):
        make_agent("ismcts:cutoff=-1", 1)
    with pytest.raises(BoardlabError, match="cutoff"):
        ismcts.Searcher(cutoff=-2)
