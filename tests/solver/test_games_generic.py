"""The agents on every engine that has landed: legal, pure, reproducible, blind to hidden info.

The hidden-information check is generic: ``state.resample_hidden(p, seed)`` changes exactly
what player ``p`` cannot see, so an agent deciding for ``p`` must choose the same move (with
the same seed) in both positions, and an ISMCTS search must build the same root statistics.
This needs the engine's ``c_resample_hidden`` to depend only on ``p``'s view (canonical order).
"""
import pickle

import numpy as np
import pytest

from engine_c import new_state
from engine_c.game import benchmark_playouts
from solver.search import ismcts
from solver.search.agents import make_agent
from solver.search.best_move import analyse

GAMES = [("highcard", 2), ("highcard", 3), ("burgundy", 2), ("burgundy", 3), ("sanjuan", 2), ("sanjuan", 4),
         ("seasons", 2), ("seasons", 3), ("tiletum", 2), ("tiletum", 3)]
# Seed-for-seed blindness needs a canonical c_resample_hidden (one that depends only on the
# observer's view and the seed); every engine here has one.
CANONICAL_GAMES = GAMES
SPECS = ["random", "greedy", "flat:iterations=100", "ismcts:iterations=200", "pimc:determinizations=3,iterations=150"]


def positions(game, players, count=4, seed=0):
    """Positions along a random game (the opening, then every few moves)."""
    state = new_state(game, players, seed)
    rng = np.random.default_rng(seed)
    out = [state.clone()]
    step = 0
    while not state.is_terminal() and len(out) < count:
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
        step += 1
        if step % 7 == 0 and not state.is_terminal():
            out.append(state.clone())
    return out


@pytest.mark.parametrize("game, players", GAMES)
@pytest.mark.parametrize("spec", SPECS)
def test_legal_pure_reproducible(game, players, spec):
    for state in positions(game, players):
        before = state.to_bytes()
        first = make_agent(spec, 4).choose(state)
        assert state.to_bytes() == before
        assert first in state.legal_actions()
        assert make_agent(spec, 4).choose(state) == first


@pytest.mark.parametrize("game, players", CANONICAL_GAMES)
@pytest.mark.parametrize("spec", SPECS)
def test_blind_to_hidden_information(game, players, spec):
    for i, state in enumerate(positions(game, players, seed=1)):
        player = state.current_player()
        other = state.resample_hidden(player, 1000 + i)
        assert other != state          # the hidden part (at least the chance stream) really changed
        assert make_agent(spec, i).choose(other) == make_agent(spec, i).choose(state)


@pytest.mark.parametrize("game, players", CANONICAL_GAMES)
def test_search_statistics_blind_to_hidden_information(game, players):
    state = positions(game, players, seed=2)[-1]
    other = state.resample_hidden(state.current_player(), 99)
    a, b = ismcts.Searcher(), ismcts.Searcher()
    a.search(state, iterations=300, seed=3)
    b.search(other, iterations=300, seed=3)
    assert a.root_stats() == b.root_stats()


@pytest.mark.parametrize("game, players", GAMES)
def test_analyse_on_game(game, players):
    state = positions(game, players, seed=3)[1]
    out = analyse(state, iterations=400, jobs=2, seed=1, pv_length=3)
    assert {c["action"] for c in out} <= set(state.legal_actions())
    assert sum(c["visits"] for c in out) == 400
    assert all(c["pv"] and c["pv"][0] == c["move"] for c in out)
    assert analyse(state, iterations=400, jobs=1, seed=1, pv_length=3) == out


@pytest.mark.parametrize("game, players", GAMES)
def test_search_tree_has_one_child_per_move(game, players):
    """Every root move appears once and the visits add up, on every engine (a playout policy
    that ignored the moves it was offered used to create twin children)."""
    for i, state in enumerate(positions(game, players, seed=2)):
        searcher = ismcts.Searcher(0.25, "margin")
        searcher.search(state, iterations=400, seed=i)
        actions = [s["action"] for s in searcher.root_stats()]
        assert len(actions) == len(set(actions))
        assert set(actions) <= set(state.legal_actions())
        assert sum(s["visits"] for s in searcher.root_stats()) == 400


@pytest.mark.parametrize("game, players", GAMES)
def test_benchmark_playouts_modes(game, players):
    """Random playouts count their decisions; policy playouts (timed only) report none."""
    start = new_state(game, players, 0)
    seconds, decisions = benchmark_playouts(start, 20, 1)
    assert seconds > 0 and decisions >= 20 * 4
    seconds, decisions = benchmark_playouts(start, 20, 1, policy=True)
    assert seconds > 0 and decisions == 0


@pytest.mark.parametrize("game, players", GAMES)
@pytest.mark.parametrize("playout", ["policy", "uniform"])
def test_search_with_either_playout(game, players, playout):
    """Both playout modes search to the budget, reproducibly, and survive pickling."""
    state = new_state(game, players, 5)
    searcher = ismcts.Searcher(0.7, "margin", playout=playout)
    assert searcher.search(state, iterations=300, seed=1) == 300
    assert searcher.best_action() in state.legal_actions()
    again = ismcts.Searcher(0.7, "margin", playout=playout)
    again.search(state, iterations=300, seed=1)
    assert again.root_stats() == searcher.root_stats()
    assert pickle.loads(pickle.dumps(searcher)).uniform_playout == (playout == "uniform")
