"""The fitted value blended into every playout's result (``Searcher(leaf_value=L)``, agent ``leaf_value=L``;
the spec and pickling: tests/solver/test_cutoff.py)."""

import pytest

from engine_c import new_state
from solver.search import ismcts
from tests.value_helpers import reward_sd


def _searched(state, leaf_value, iterations, seed):
    """A searcher with this ``leaf_value`` after one search of ``state``."""
    searcher = ismcts.Searcher(0.25, "margin", leaf_value=leaf_value)
    searcher.search(state, iterations=iterations, seed=seed)
    return searcher


def _root(searcher):
    return [(r["action"], r["visits"], r["reward_sum"], r["score_sums"]) for r in searcher.root_stats()]


@pytest.mark.parametrize("game, players", [
    ("highcard", 2),        # no fitted value at all (the test game)
    ("burgundy", 3),        # the hook but no 3-player fit: the policy's moves drawn as the engine's playout does
])
def test_without_an_estimate_the_blend_searches_exactly_as_plain_playouts(game, players):
    state = new_state(game, players, 4)
    assert state.evaluate() is None
    assert _root(_searched(state, 0.5, 300, 2)) == _root(_searched(state, 0.0, 300, 2))


@pytest.mark.parametrize("seed", [3, 5])
def test_the_blend_takes_the_estimate_in_its_share(seed):
    # the estimate at the playout's first quiet point varies little between playouts; the final
    # score a lot: the reward's spread shrinks in proportion to the playout's share
    state = new_state("burgundy", 2, seed)
    plain, half, estimate = (_searched(state, weight, 600, 1) for weight in (0.0, 0.5, 1.0))
    assert 0.4 < reward_sd(half) / reward_sd(plain) < 0.6
    assert reward_sd(estimate) < 0.2 * reward_sd(plain)
    # policy playouts from the opening end well above 170 points for someone; the estimate is about 146
    assert plain.score_seen > 170 > half.score_seen > estimate.score_seen
    assert sum(r["visits"] for r in half.root_stats()) == 600

