"""The shared interface contract plus Castles of Burgundy invariants over random games."""
import pytest

from engine_c import new_state
from engine_c.testing import check_game


class Invariant:
    """Game invariants checked at every decision of check_game's random games."""

    def __init__(self):
        self.state = None
        self.games = 0

    def __call__(self, state):
        d = state.to_dict()
        if state is not self.state:            # a new game started
            self.state = state
            self.rounds = set()
            self.last = None
            self.scores = [0] * d["players"]
            self.games += 1
        # hex tiles: 164 in all, goods: 42 in all
        tiles = sum(d["supply_coloured"].values()) + sum(d["supply_black"].values())
        tiles += sum(d["out_of_game"].values())
        tiles += sum(t is not None for depot in d["depots"] for t in depot)
        tiles += sum(t is not None for t in d["black_depot"])
        tiles += d["turn"]["pending_tile"] is not None
        goods = sum(d["goods_pool"]) + sum(map(sum, d["depot_goods"]))
        goods += sum(g is not None for g in d["round_goods"])
        for s in d["seats"]:
            tiles += len(s["estate"]) + sum(t is not None for t in s["storage"])
            tiles += s["start_castle"] is None
            goods += sum(g[1] for g in s["goods"] if g) + sum(s["sold"])
            assert len(s["estate"]) <= 37
        assert tiles == 164, f"tile count {tiles}"
        assert goods == 42, f"goods count {goods}"
        # victory points never fall
        scores = state.scores()
        assert all(a >= b for a, b in zip(scores, self.scores)), (scores, self.scores)
        self.scores = scores
        # phases and rounds only move forward; 25 rounds in all
        if not d["over"]:
            when = ("ABCDE".index(d["phase"]), d["round"])
            assert self.last is None or when >= self.last
            self.last = when
            self.rounds.add(when)
        else:
            assert len(self.rounds) == 25, f"{len(self.rounds)} rounds played"
            assert state.legal_actions() == []


@pytest.mark.parametrize("players,games", [(2, 12), (3, 6), (4, 5)])
def test_check_game(players, games):
    inv = Invariant()
    decisions = check_game("burgundy", players, games=games, seed=players, invariant=inv)
    assert inv.games == games
    assert decisions > games * 100 * players


@pytest.mark.parametrize("scenario", ["advanced", "random"])
def test_check_game_scenarios(scenario):
    inv = Invariant()
    check_game("burgundy", 3, games=3, seed=7, invariant=inv, board=scenario)
    assert inv.games == 3


def test_check_game_most_tiebreak_and_free_boards():
    check_game("burgundy", 2, games=2, seed=9, invariant=Invariant(), board="free", boards=[8, 9],
               tiebreak="most")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_player_takes_25_turns_of_two_dice(players):
    state = new_state("burgundy", players, 11)
    turns = [0] * players
    last = None
    import numpy as np
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        d = state.to_dict()
        key = (d["phase"], d["round"], d["turn"]["index"])
        if key != last:
            turns[state.current_player()] += 1
            last = key
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
    assert turns == [25] * players
