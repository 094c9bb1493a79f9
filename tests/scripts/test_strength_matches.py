"""scripts/strength.py --match: which deals each match plays, and the table it returns."""
from script_loader import load_script


def _load():
    return load_script("strength")


def _record_deals(module, monkeypatch):
    calls = []

    def fake_play(game, players, specs, seed, game_index):
        calls.append((tuple(specs), game_index))
        first_wins = specs[0].startswith("ismcts")
        return ([10, 5] if first_wins else [5, 10]), ([0, 1] if first_wins else [1, 0]), 1, 0.0

    monkeypatch.setattr(module, "play", fake_play)
    return calls


def test_paired_plays_each_deal_twice_with_seats_swapped(monkeypatch):
    module = _load()
    calls = _record_deals(module, monkeypatch)
    rows = module.main(["--game", "highcard", "--games", "6", "--paired", "--match", "ismcts-vs-random"])
    assert [index for _, index in calls] == [0, 0, 1, 1, 2, 2]
    assert all(calls[g][0] == tuple(reversed(calls[g + 1][0])) for g in range(0, 6, 2))
    assert rows[0]["win_rate"] == 1.0 and rows[0]["score_a"] == 10.0


def test_unpaired_plays_a_new_deal_every_game(monkeypatch):
    module = _load()
    calls = _record_deals(module, monkeypatch)
    module.main(["--game", "highcard", "--games", "4", "--match", "ismcts-vs-random"])
    assert [index for _, index in calls] == [0, 1, 2, 3]
