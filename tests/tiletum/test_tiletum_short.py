"""Short positions (docs/tiletum.md, "Short positions"): keys left out are derived exactly where the
rest of the position decides them, defaults elsewhere; old spellings still read; the documented
example loads and a search runs on it."""
import copy
import json
import re
from pathlib import Path

import numpy as np
import pytest

from engine_c import new_state
from engine_c.tiletum import TiletumState
from engine_c.tiletum.data import ACTIONS
from solver.games.positions import random_position
from solver.search.best_move import analyse

DOC = Path(__file__).resolve().parents[2] / "docs" / "tiletum.md"
SEAT_DERIVED = ("final_vp", "crest_contracts", "houses_available", "pillars_available", "bonus_ap")
STACKS = ("bonus_stack", "person_stack", "contract_stack")
OUT_LISTS = ("bonus_out", "person_discard", "contracts_out")


def load(d):
    """A state from a position dict."""
    return TiletumState.from_json(json.dumps(d))


def shorten(d):
    """``d`` (a full position) without every key the short form derives exactly from the rest, and
    without the defaults that hold in ``d`` (counters at 0, empty lists, pieces in Tiletum)."""
    d = copy.deepcopy(d)
    for key in ("players", "actor", "king_counter", "wheel_rotation") + STACKS:
        del d[key]
    if d["wheel_order"] == ACTIONS:
        del d["wheel_order"]
    phase = d["phase"]
    if phase == "die":
        del d["phase"]
    if phase in ("king_bonus", "over"):
        del d["pass"], d["current"]
    else:
        cur = d["current"]
        segment = cur.pop("segment")
        del cur["jester"]
        if not (phase in ("action", "choose") and segment == "jester"):
            del cur["action"]                # the die's segment (or merchant before the action part)
        if cur["choose"] == "any":
            del cur["choose"]
        if cur["die"] is None:
            del cur["die"]
        for key in ("free_moves", "any_resources", "swaps"):
            if cur[key] == 0:
                del cur[key]
        if phase not in ("action", "choose") and cur["ap"] == 0:
            del cur["ap"]
        if not cur:
            del d["current"]
    if d.get("pass") == 1:
        del d["corruption_left"], d["pass"]
    d["map"] = {city["city"]: {key: spaces for key, spaces in city.items()
                               if key != "city" and any(v is not None for v in spaces)} for city in d["map"]}
    d["map"] = {name: city for name, city in d["map"].items() if city}
    d["cathedrals"] = {cathedral["city"]: cathedral["cost"] for cathedral in d["cathedrals"] if cathedral["cost"]}
    del d["fairs"][0]["city"]
    d["wheel_bonus"] = {action: tile for action, tile in d["wheel_bonus"].items() if tile is not None}
    for seat in d["seats"]:
        for key in SEAT_DERIVED:
            del seat[key]
        for key in ("vp", "king"):
            if seat[key] == 0:
                del seat[key]
        seat["resources"] = {name: n for name, n in seat["resources"].items() if n}
        for key in ("merchant", "architect"):
            if seat[key] == "Tiletum":
                del seat[key]
        for key in ("storage", "contracts", "cathedrals"):
            if not seat[key]:
                del seat[key]
        if not any(building["persons"] for building in seat["buildings"]):
            del seat["buildings"]
        else:
            seat["buildings"] = [{key: v for key, v in building.items() if v} for building in seat["buildings"]]
    return d


def played_positions(seeds=range(4), players=(2, 3, 4), every=5):
    """Positions of real games (uniformly random moves), every ``every``-th decision and the end;
    seed 0 of each player count plays with the action tiles variant."""
    for seed in seeds:
        for count in players:
            state = new_state("tiletum", count, seed, **({"action_tiles": True} if seed == 0 else {}))
            rng = np.random.default_rng([seed, count])
            step = 0
            while True:
                if step % every == 0 or state.is_terminal():
                    yield state.clone()
                if state.is_terminal():
                    break
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.integers(len(legal)))])
                step += 1


POSITIONS = list(played_positions())


def test_played_positions_cover_every_phase():
    phases = {state.to_dict()["phase"] for state in POSITIONS}
    assert phases == {"die", "wheel_bonus", "jester", "action", "choose", "king_bonus", "over"}
    assert len(POSITIONS) > 300


def test_short_positions_from_play_load_as_the_same_state():
    for state in POSITIONS:
        full = state.to_dict()
        short = shorten(full)
        assert not set(STACKS) & set(short) and "players" not in short and "actor" not in short
        assert all(not set(SEAT_DERIVED) & set(seat) for seat in short["seats"])
        assert load(short) == state, (full["phase"], full["round"], full["pass"])


def test_out_lists_left_out_beside_their_stacks_are_exact():
    for state in POSITIONS[::3]:
        d = state.to_dict()
        for key in OUT_LISTS:
            del d[key]
        assert load(d) == state


def test_stacks_and_out_lists_both_left_out_put_every_loose_tile_in_the_stack():
    for state in POSITIONS[::3]:
        full = state.to_dict()
        d = copy.deepcopy(full)
        for key in STACKS + OUT_LISTS:
            del d[key]
        got = load(d).to_dict()
        for stack, out in zip(STACKS, OUT_LISTS):
            assert got[stack] == sorted(full[stack] + full[out]) and got[out] == []
        for key in STACKS + OUT_LISTS + ("rng",):
            del got[key], full[key]
        assert got == full


def test_turn_follows_from_the_actor():
    for state in POSITIONS[::3]:
        d = state.to_dict()
        del d["turn"]
        assert load(d) == state


def test_corruption_tokens_of_pass_one_follow_from_each_other():
    checked = 0
    for state in POSITIONS:
        d = state.to_dict()
        if d["pass"] != 1:
            continue
        del d["corruption_revealed"]
        assert load(d) == state
        checked += 1
    assert checked > 50


def test_segments_used_left_out_are_those_without_a_bonus_tile_and_the_die_of_this_turn():
    round_starts = 0
    for state in POSITIONS:
        full = state.to_dict()
        d = copy.deepcopy(full)
        del d["segments_used"]
        got = load(d).to_dict()
        expected = {a for a, tile in full["wheel_bonus"].items() if tile is None}
        if full["current"]["die"] is not None:
            expected.add(full["current"]["segment"])
        assert set(got["segments_used"]) == expected
        # what follows from the board is kept: a segment without its tile was used this round
        assert expected <= set(full["segments_used"])
        if full["pass"] == 1 and full["turn"] == 0 and full["phase"] == "die":
            assert got["segments_used"] == full["segments_used"] == []      # exact before the round's first die
            round_starts += 1
        del got["segments_used"], full["segments_used"]
        assert got == full
    assert round_starts >= 5


def test_king_stacks_left_out_follow_the_turn_order():
    for state in POSITIONS[::3]:
        full = state.to_dict()
        d = copy.deepcopy(full)
        for seat in d["seats"]:
            del seat["king_stack"]
        del d["king_counter"]
        if d["phase"] == "king_bonus":
            del d["actor"]
        got = load(d).to_dict()
        assert [got["seats"][p]["king_stack"] for p in got["order"]] == list(range(1, full["players"] + 1))
        assert got["king_counter"] == full["players"]
        for data in (got, full):
            del data["king_counter"], data["actor"]
            for seat in data["seats"]:
                del seat["king_stack"]
        assert got == full


def test_ap_left_out_is_the_action_parts_start():
    checked = 0
    for seed in range(6):
        state = new_state("tiletum", 2, seed)
        step = 0
        while not state.is_terminal():
            before = state.to_dict()["phase"]
            state.apply_action(state.playout_action(1000 * seed + step))
            step += 1
            d = state.to_dict()
            if before in ("die", "wheel_bonus", "jester") and d["phase"] == "action":
                del d["current"]["ap"]
                assert load(d) == state
                checked += 1
    assert checked > 20


def test_rng_left_out_is_zero():
    state = POSITIONS[40]
    d = state.to_dict()
    del d["rng"]
    got = load(d).to_dict()
    assert got["rng"] == 0
    got["rng"] = state.to_dict()["rng"]
    assert got == state.to_dict()


def test_old_spellings_are_still_read():
    for state in POSITIONS[::7]:
        d = state.to_dict()
        old = {("num_players" if key == "players" else "players" if key == "seats" else key): value
               for key, value in d.items()}
        assert "seats" not in old and isinstance(old["players"], list)
        assert load(old) == state
        del old["num_players"]                   # the old seat list alone: the count follows from it
        assert load(old) == state


def test_to_json_writes_the_full_form_in_the_new_spelling():
    d = POSITIONS[10].to_dict()
    assert isinstance(d["players"], int) and isinstance(d["seats"], list) and "num_players" not in d
    for key in STACKS + OUT_LISTS + ("actor", "turn", "king_counter", "wheel_rotation", "segments_used"):
        assert key in d
    for seat in d["seats"]:
        assert set(SEAT_DERIVED) <= set(seat)


def documented_example():
    """The JSON block of docs/tiletum.md, section "Short positions"."""
    text = DOC.read_text()
    section = text[text.index("## Short positions"):]
    return json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))


def test_the_documented_example_is_the_position_it_says():
    example = documented_example()
    assert "rng" not in example and "bonus_stack" not in example and "players" not in example
    real = random_position("tiletum", 2, 2, 70).to_dict()
    real["rng"] = 0
    assert load(example).to_dict() == real


def test_a_search_runs_on_the_documented_example():
    state = load(documented_example())
    out = analyse(state, iterations=400, seed=1)
    assert sum(c["visits"] for c in out) == 400
    assert {c["action"] for c in out} == set(state.legal_actions())
    assert all(0.0 <= c["win_prob"] <= 1.0 for c in out)


@pytest.mark.parametrize("count", [2, 3, 4])
def test_a_short_opening_written_by_hand_loads(count):
    # the least a person writes for an opening: the displays they see, the seats' resources and king
    # markers (the first corruption token has already moved them back)
    full = new_state("tiletum", count, 5).to_dict()
    short = {key: full[key] for key in ("game", "round", "order", "wheel", "dice", "wheel_bonus", "king_bonus",
                                        "fairs", "person_display", "contract_display", "corruption_revealed")}
    short["map"] = {c["city"]: {"bonus": c["bonus"]} for c in full["map"] if any(t is not None for t in c["bonus"])}
    short["cathedrals"] = {c["city"]: c["cost"] for c in full["cathedrals"] if c["cost"]}
    short["seats"] = [{"resources": seat["resources"], "king": seat["king"]} for seat in full["seats"]]
    got = load(short).to_dict()
    assert got["rng"] == 0
    got["rng"] = full["rng"]
    assert got == full
