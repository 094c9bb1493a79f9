"""Truncated playouts (``Searcher(cutoff=K)``, agent ``cutoff=K``): the game's fitted value ends them."""
import pickle

import pytest

from engine_c import new_state
from engine_c.errors import BoardlabError
from solver.search import ismcts
from solver.search.agents import make_agent


def _searched(state, cutoff, iterations, seed):
    """A searcher with this ``cutoff`` after one search of ``state``."""
    searcher = ismcts.Searcher(0.25, "margin", cutoff=cutoff)
    searcher.search(state, iterations=iterations, seed=seed)
    return searcher


def _root(searcher):
    return [(r["action"], r["visits"], r["reward_sum"]) for r in searcher.root_stats()]


@pytest.mark.parametrize("game, players, cutoff", [
    ("burgundy", 2, 0),     # cutoff 0: the full-playout search
    ("highcard", 2, 3),     # no fitted value (the test game): the plain search, iteration for iteration
    ("burgundy", 3, 1),     # the hook but no 3-player fit: the loop never stops early and draws the
                            # policy's moves as the engine's own playout does
])
def test_without_an_estimate_a_cutoff_searches_exactly_as_full_playouts(game, players, cutoff):
    state = new_state(game, players, 4)
    if cutoff:
        assert state.evaluate() is None
    assert _root(_searched(state, cutoff, 300, 2)) == _root(_searched(state, 0, 300, 2))


def test_truncated_playouts_take_the_estimate_not_the_final_score():
    # from the opening, full policy playouts end well above 170 points for someone; the fitted
    # value one move into the playout estimates about 140-150 for both players
    state = new_state("burgundy", 2, 3)
    full, cut = _searched(state, 0, 500, 1), _searched(state, 1, 500, 1)
    assert full.score_seen > 170
    assert cut.score_seen < 165
    assert sum(r["visits"] for r in cut.root_stats()) == 500


@pytest.mark.parametrize("option, good, bad_specs, bad_value", [
    ("cutoff", 20, ("-1", "x"), -2),
    ("leaf_value", 0.25, ("-0.1", "1.5", "x"), 2.0),     # tests/solver/test_leaf_value.py
])
def test_value_options_in_specs_pickle_and_refuse_bad_values(option, good, bad_specs, bad_value):
    agent = make_agent(f"ismcts:iterations=200,{option}={good}", 1)
    state = new_state("burgundy", 2, 3)
    assert agent.choose(state) in state.legal_actions()
    assert getattr(agent.searcher(), option) == good
    assert getattr(pickle.loads(pickle.dumps(ismcts.Searcher(**{option: good}))), option) == good
    for text in bad_specs:
        with pytest.raises(BoardlabError, match=option):
            make_agent(f"ismcts:{option}={text}", 1)
    with pytest.raises(BoardlabError, match=option):
        ismcts.Searcher(**{option: bad_value})
