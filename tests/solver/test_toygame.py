"""The tiny test game itself passes the shared conformance check."""
import json

import pytest

from engine_c import new_state, state_from_json
from engine_c.errors import InvalidPositionError
from engine_c.testing import check_game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_highcard_conformance(players):
    assert check_game("highcard", players, games=60, seed=players) == 60 * 5 * players


def test_highcard_scoring():
    state = state_from_json(json.dumps({
        "game": "highcard", "players": 2, "round": 4, "turn": 1, "prize": 7,
        "hands": [[], [3]], "stock": [1, 1, 2, 2, 4, 4, 5, 5, 6, 6], "played": [9, 0],
        "prizes_left": [1, 2, 3, 4, 5], "scores": [5, 5], "rng": 1,
    }))
    # player 0 led round 4 with a 9; player 1 answers with a 3: the 7 goes to player 0
    assert state.current_player() == 1
    state.apply_action("3")
    assert state.is_terminal() and state.scores() == [12, 5] and state.returns() == [1.0, 0.0]


def test_highcard_rejects_bad_positions():
    good = json.loads(new_state("highcard", 2, 1).to_json())
    bad = dict(good, hands=[good["hands"][0] + [1], good["hands"][1]])
    with pytest.raises(InvalidPositionError):
        state_from_json(json.dumps(bad))


def test_default_playout_policy_is_uniform():
    # highcard has no playout policy: c_playout (policy=True) plays exactly the uniform moves
    for seed in range(20):
        a = new_state("highcard", 3, seed)
        b = a.clone()
        a.playout(seed, policy=True)
        b.playout(seed)
        assert a.is_terminal() and a == b
    state = new_state("highcard", 2, 1)
    legal = state.legal_actions()
    counts = {}
    for seed in range(2000):
        a = state.playout_action(seed)
        counts[a] = counts.get(a, 0) + 1
    assert set(counts) == set(legal)
    assert min(counts.values()) > 2000 / len(legal) * 0.7


def test_searcher_rejects_unknown_playout():
    from engine_c.errors import BoardlabError
    from solver.search import ismcts
    with pytest.raises(BoardlabError, match="unknown playout 'smart'"):
        ismcts.Searcher(0.7, "rank", playout="smart")
