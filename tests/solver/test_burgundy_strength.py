"""On Castles of Burgundy, a small ISMCTS already beats random every time."""
from conftest import play_game


def test_ismcts_beats_random_on_burgundy():
    wins, margin = 0, 0
    games = 6
    for g in range(games):
        seat = g % 2
        specs = ["ismcts:iterations=200", "random"] if seat == 0 else ["random", "ismcts:iterations=200"]
        state = play_game("burgundy", specs, 500 + g)
        scores = state.scores()
        wins += state.ranks()[seat] == 0 and state.ranks()[1 - seat] == 1
        margin += scores[seat] - scores[1 - seat]
    assert wins == games
    assert margin / games > 20
