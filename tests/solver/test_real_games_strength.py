"""On the real games, a small ISMCTS already beats random every time (seats rotated)."""
import pytest

from solver_helpers import play_game


@pytest.mark.parametrize("game, first_seed, min_margin", [("burgundy", 500, 20), ("sanjuan", 700, 4)])
def test_ismcts_beats_random(game, first_seed, min_margin):
    wins, margin = 0, 0
    games = 6
    for g in range(games):
        seat = g % 2
        specs = ["ismcts:iterations=200", "random"] if seat == 0 else ["random", "ismcts:iterations=200"]
        state = play_game(game, specs, first_seed + g)
        scores = state.scores()
        wins += state.ranks()[seat] == 0 and state.ranks()[1 - seat] == 1
        margin += scores[seat] - scores[1 - seat]
    assert wins == games
    assert margin / games > min_margin
