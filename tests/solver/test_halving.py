"""Sequential halving at the root: the search's ``root_actions`` rounds and ``analyse(halving=True)``."""
import pytest

from engine_c import new_state
from engine_c.errors import BoardlabError
from solver.search import ismcts
from solver.search.halving import halving_rounds as _halving_rounds
from solver.search.best_move import analyse

from solver_helpers import highcard_position


def _visits(searcher):
    return {s["action"]: s["visits"] for s in searcher.root_stats()}


def test_root_actions_share_the_iterations_evenly_among_the_chosen_moves():
    state = new_state("burgundy", 2, 3)
    legal = state.legal_actions()
    chosen = [legal[0], legal[3], legal[5]]
    searcher = ismcts.Searcher(0.15, "margin")
    searcher.search(state, iterations=3001, seed=2, root_actions=chosen)
    visits = _visits(searcher)
    assert set(visits) == set(chosen)                      # no other root move is tried
    assert sorted(visits.values()) == [1000, 1000, 1001]   # in turn: an even share
    # the next search without root_actions is an ordinary one again: UCB over every move
    searcher.search(state, iterations=3000, seed=2)
    assert set(_visits(searcher)) == set(legal)
    assert max(_visits(searcher).values()) - min(_visits(searcher).values()) > 500    # UCB, not in turn


def test_root_actions_grow_a_kept_tree():
    state = new_state("burgundy", 2, 3)
    legal = state.legal_actions()
    searcher = ismcts.Searcher(0.15, "margin")
    searcher.search(state, iterations=1200, seed=2, root_actions=legal[:4])
    before = _visits(searcher)
    searcher.search(state, iterations=600, seed=3, root_actions=legal[:2], keep_tree=True)
    after = _visits(searcher)
    assert after[legal[0]] == before[legal[0]] + 300 and after[legal[1]] == before[legal[1]] + 300
    assert after[legal[2]] == before[legal[2]] and after[legal[3]] == before[legal[3]]
    # this search's own sums count only its 600 playouts
    assert sum(s["value_n"] for s in searcher.root_stats()) == 600


@pytest.mark.parametrize("bad", [[], [-1], [10 ** 6], ["a"], [True]])
def test_root_actions_must_be_legal_moves(bad):
    state = new_state("burgundy", 2, 3)
    with pytest.raises(BoardlabError, match="root_actions"):
        ismcts.Searcher(0.15, "margin").search(state, iterations=10, root_actions=bad)


def test_a_root_action_that_is_not_legal_here_is_refused():
    state = new_state("burgundy", 2, 3)
    illegal = next(a for a in range(type(state).num_distinct_actions) if not state.is_legal(a))
    with pytest.raises(BoardlabError, match="legal moves"):
        ismcts.Searcher(0.15, "margin").search(state, iterations=10, root_actions=[illegal])


@pytest.mark.parametrize("moves, rounds", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (8, 3), (9, 4), (40, 6)])
def test_halving_rounds(moves, rounds):
    assert _halving_rounds(moves) == rounds


def test_halving_ranks_the_last_survivors_first_and_spends_the_budget():
    state = new_state("burgundy", 2, 3)
    legal = state.legal_actions()
    rounds = _halving_rounds(len(legal))
    out = analyse(state, iterations=20000, seed=1, halving=True, pv_length=0)
    assert sum(c["visits"] for c in out) == 20000
    assert {c["action"] for c in out} == set(legal)
    # every round keeps half: the survivors of the last round are the most visited, ranked first
    # by value; then the moves dropped in the round before, and so on
    finalists = len(legal)
    for _ in range(rounds - 1):
        finalists = -(-finalists // 2)
    top = out[:finalists]
    assert [c["mean_reward"] for c in top] == sorted((c["mean_reward"] for c in top), reverse=True)
    assert min(c["visits"] for c in top) > max(c["visits"] for c in out[finalists:])
    # the finalists had the same shares in every round: their visits differ by rounding only
    assert max(c["visits"] for c in top) - min(c["visits"] for c in top) <= 2 * rounds


def test_halving_finds_the_sure_win_and_does_not_depend_on_jobs():
    out = analyse(highcard_position(), iterations=4000, seed=3, halving=True)
    assert out[0]["move"] == "7" and out[0]["win_prob"] == 1.0 and not out[1]["tied"]
    state = new_state("tiletum", 2, 4)
    one = analyse(state, iterations=3001, jobs=1, seed=5, halving=True, pv_length=2)
    assert analyse(state, iterations=3001, jobs=2, seed=5, halving=True, pv_length=2) == one
    assert analyse(state, iterations=3001, jobs=1, seed=6, halving=True, pv_length=2) != one


def test_halving_with_one_move_or_a_time_budget_is_the_plain_search():
    state = new_state("highcard", 2, 2)
    timed = analyse(state, time=0.05, jobs=2, halving=True)
    assert sum(c["visits"] for c in timed) > 100
    tiny = analyse(state, iterations=3, halving=True)            # fewer iterations than rounds
    assert sum(c["visits"] for c in tiny) == 3
