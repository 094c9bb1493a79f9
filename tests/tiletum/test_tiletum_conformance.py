"""The shared interface contract plus Tiletum invariants over random games."""
import numpy as np
import pytest

from engine_c import new_state
from engine_c.testing import check_game

from tiletum_helpers import invariant


@pytest.mark.parametrize("players,games", [(2, 25), (3, 15), (4, 10)])
def test_check_game(players, games):
    decisions = check_game("tiletum", players, games=games, seed=players, invariant=invariant)
    assert decisions > games * 60


@pytest.mark.parametrize("players", [2, 3, 4])
def test_four_rounds_three_dice_each_then_the_end(players):
    rng = np.random.default_rng(players)
    for seed in range(5):
        s = new_state("tiletum", players, seed)
        dice = [[0] * 4 for _ in range(players)]
        while not s.is_terminal():
            rnd = s.to_dict()["round"]
            legal = s.legal_actions()
            a = legal[int(rng.integers(len(legal)))]
            if a < 180:
                dice[s.current_player()][rnd - 1] += 1
            s.apply_action(a)
        assert dice == [[3, 3, 3, 3]] * players
        d = s.to_dict()
        assert d["round"] == 4 and d["phase"] == "over"
        # 2 dice of the 3P+2 rolled stay on the wheel each round
        assert sum(d["dice"].values()) == 2


def test_action_tiles_variant():
    check_game("tiletum", 2, games=8, seed=9, invariant=invariant, action_tiles=True)
    orders = {tuple(new_state("tiletum", 2, seed, action_tiles=True).to_dict()["wheel_order"])
              for seed in range(20)}
    assert len(orders) > 10
    base = new_state("tiletum", 2, 0).to_dict()["wheel_order"]
    assert base == ["merchant", "architect", "persons", "contracts", "king", "jester"]


def test_unknown_option_and_bad_player_count():
    from engine_c.errors import BoardlabError
    with pytest.raises(BoardlabError, match="unknown option"):
        new_state("tiletum", 2, 0, solo=True)
    with pytest.raises(BoardlabError, match="action_tiles"):
        new_state("tiletum", 2, 0, action_tiles="yes")
    with pytest.raises(BoardlabError):
        new_state("tiletum", 1, 0)
    with pytest.raises(BoardlabError):
        new_state("tiletum", 5, 0)
