"""Helpers for the solver tests (games on the tiny `highcard` test game).

A module of its own, not conftest.py: test directories each have a conftest, and `from conftest
import` would find whichever was loaded first when several directories are collected."""
import json

import numpy as np

from engine_c import new_state, state_from_json
from solver.search.agents import make_agent


def play_game(game, specs, seed, players=None):
    """Play one game between agent specs (one per seat); return the final state."""
    players = players or len(specs)
    state = new_state(game, players, seed)
    agents = [make_agent(spec, np.random.SeedSequence(seed, spawn_key=(i,))) for i, spec in enumerate(specs)]
    while not state.is_terminal():
        state.apply_action(agents[state.current_player()].choose(state))
    return state


def highcard_position(opponent_hand=(8,), stock=(1, 1, 2, 3, 4, 5, 6, 8, 9, 10)):
    """Round 4 of 5, player 1 has played a 6 on a prize of 5; player 0 (10 vs 13
    points) holds 7 and 10.  Playing 7 wins for sure (then the 10 cannot lose
    the last round); playing 10 loses whenever player 1's last card beats 7
    and the last prize is at least 3."""
    return state_from_json(json.dumps({
        "game": "highcard", "players": 2, "round": 3, "turn": 1, "prize": 5,
        "hands": [[7, 10], list(opponent_hand)], "stock": list(stock), "played": [0, 6],
        "prizes_left": [1, 2, 3, 6, 7, 8], "scores": [10, 13], "rng": 12345,
    }))
