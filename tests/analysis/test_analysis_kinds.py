"""The tables of takes: every way they name really gives the player that kind, in every game."""
import json
from collections import Counter

import numpy as np
import pytest

from analysis import kinds
from engine_c import new_state


def _holdings(game, d, player, features):
    """What the player has taken, as a Counter of kinds, read from the public position."""
    if game == "burgundy":
        seat = d["seats"][player]
        tiles = [t for t in seat["storage"] if t] + ([d["turn"]["pending_tile"]]
                                                     if d["turn"].get("pending_tile") else [])
        got = Counter(kinds._burgundy_tile(t) for t in tiles)
        got["black-depot buy"] = seat["black_purchases"]
        return got
    if game == "sanjuan":       # built, or (a crane owner still to say where) being built
        built = [b["card"] if isinstance(b, dict) else b for b in d["seats"][player]["buildings"]]
        return Counter(built + ([d["turn"]["building"]] if d["turn"].get("building") else []))
    if game == "seasons":       # chosen this round, or (the last pick reveals them) played; built, or being paid for
        paying = [d["turn"]["building"]] if d.get("phase") == "pay" and d["turn"].get("building") else []
        return Counter(d["seats"][player]["selected"] + paying) + Counter(
            {k[len("played_"):]: v for k, v in features[player].items() if k.startswith("played_")}) + Counter(
            {k[len("built_"):]: v for k, v in features[player].items() if k.startswith("built_")})
    prefix = {"p": "person", "c": "contract"}
    seats = d["seats"] if isinstance(d.get("seats"), list) else d["players"]    # either spelling
    storage = seats[player]["storage"]
    return Counter(prefix.get(t[0], "bonus tile") for t in storage if t != "crest")


def _gained(game, kind):
    return "bonus tile" if game == "tiletum" and kind.endswith("bonus tile") else kind


@pytest.mark.parametrize("game", ["burgundy", "sanjuan", "seasons", "tiletum"])
@pytest.mark.parametrize("players", [2, 3])
def test_every_way_gives_the_player_its_kind(game, players):
    seen = Counter()
    rng = np.random.default_rng(players)
    for seed in range(3):
        state = new_state(game, players, seed)
        for _ in range(400):
            if state.is_terminal():
                break
            player = state.current_player()
            before = _holdings(game, json.loads(state.to_json()), player, state.features())
            for kind, ways in kinds.take_ways(state).items():
                seen[kinds.kind_group(game, kind)] += 1
                for way in ways:
                    after = state.clone()
                    for action in way:
                        assert after.current_player() == player
                        after.apply_action(action)
                    got = _holdings(game, json.loads(after.to_json()), player, after.features())
                    moves = [state.action_to_string(a) for a in way]
                    assert got[_gained(game, kind)] > before[_gained(game, kind)], (kind, moves)
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
    expected = {"burgundy": {"knowledge", "building", "animals", "ship", "castle", "mine"},
                "sanjuan": {"building"}, "seasons": {"card", "building"}, "tiletum": {"tile"}}[game]
    assert expected <= set(seen), seen


def test_burgundy_takes_from_a_depot_in_two_decisions():
    state = new_state("burgundy", 2, 0)        # depot 4: ship, market (README's opening)
    ways = kinds.take_ways(state)
    text = {k: [[state.action_to_string(a) for a in w] for w in v] for k, v in ways.items()}
    assert ["die1:take4", "slot1"] in text["ship"] and ["die1:take4", "slot2"] in text["market"]
    assert ["die1:take5", "slot2"] in text["k4"] and ["die1:take6", "slot2"] in text["animals"]
    assert kinds.kind_label("burgundy", "k4") == "knowledge tile 4"
    assert kinds.feature_of("burgundy", "k4") == "f_knowledge_04"
    assert kinds.feature_of("burgundy", "black-depot buy") == "f_black_purchases"
    assert kinds.feature_of("sanjuan", "library") == "f_built_library"
    assert kinds.feature_of("seasons", "trader") == "f_played_trader"
    assert kinds.feature_of("seasons", "keep") == "f_built_keep" and kinds.kind_group("seasons", "keep") == "building"
    assert kinds.feature_of("tiletum", "map bonus tile") is None
    order = sorted(["ship", "k12", "bank", "k3"], key=lambda k: kinds.kind_order("burgundy", k))
    assert order == ["k3", "k12", "bank", "ship"]


@pytest.mark.parametrize("game, expected", [("burgundy", "phase A"), ("sanjuan", "rounds 1-4"),
                                            ("seasons", "rounds 1-4"), ("tiletum", "round 1")])
def test_stage_of_an_opening(game, expected):
    assert kinds.stage(game, json.loads(new_state(game, 2, 0).to_json())) == expected


def test_a_take_later_in_the_same_turn_counts_as_the_players_own_take():
    from solver.runs.forced_takes import Hooks, _kinds_taken
    state = new_state("burgundy", 2, 0)      # depot 4: ship, market
    opening = []
    for text in ("die1:workers", "die2:take4", "slot2"):
        action = state.string_to_action(text)
        opening.append((state.clone(), action))
        state.apply_action(action)
    assert _kinds_taken(opening, Hooks()) == {"market"}
    assert _kinds_taken(opening[:2], Hooks()) == set()      # the depot chosen, not yet the tile
