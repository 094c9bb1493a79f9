"""A Castle for All Seasons' fitted value (engine_c/seasons/value.pyx): features, quiet points, the
estimate, the fit (what every value must do alike: tests/solver/test_fitted_values.py)."""
import json
from pathlib import Path

import numpy as np

from engine_c.seasons import value
from tests.scripts.script_loader import load_script
from tests.value_helpers import policy_states

CONTENT = json.loads((Path(value.__file__).parent / "content.json").read_text())["tables"]
PLACES = CONTENT["places"]["items"]
TILES = {b["id"]: b["tiles"] for b in CONTENT["buildings"]["items"]}
VALUE_OF = {b["id"]: b["value"] for b in CONTENT["buildings"]["items"]}
VP_OF = {b["id"]: b["vp"] for b in CONTENT["buildings"]["items"]}
POINTS = {r["id"]: r["building_points"] for r in CONTENT["resources"]["items"]}
CONSTANTS = {c["id"]: c["value"] for c in CONTENT["constants"]["items"]}


def _castle_scoring(data, player):
    """The rules' castle scoring of this seat if the game ended now (docs/seasons.md, places table)."""
    owners = data["places"]
    erected = {b for b in TILES if data["tiles"][b] < TILES[b]} | {"market", "forge"}
    occupied = sum(1 for owner in owners.values() if owner is not None)
    free = sum(1 for place in PLACES if owners[place["id"]] is None and place["building"] in erected)
    counted = {"forge": data["forge"], "servants_house": sum(data["tiles"].values()), "keep": free,
               "tavern": occupied, "big_gate": TILES["tower"] - data["tiles"]["tower"],
               "small_gate": TILES["tower"] - data["tiles"]["tower"],
               "stable": TILES["house"] - data["tiles"]["house"]}
    seat = data["seats"][player]
    gain, markets, palace_pieces, palace_vp = 0, [], 0, 0
    for place in PLACES:
        if owners[place["id"]] != player:
            continue
        if place["building"] == "market":
            markets.append(place)
        elif place["building"] == "palace":
            palace_pieces += place["per"]
            palace_vp = place["vp"]
        else:
            gain += place["vp"] * (counted[place["building"]] // place["per"])
    if markets:
        rate = PLACES[len(markets) - 1]              # the n-th market place's rate
        gain += seat["talers"] // rate["per"] * rate["vp"]
    for kind in ("silver", "stone", "clay", "wood", "sand"):
        taken = min(seat["resources"][kind], palace_pieces)
        worth = CONSTANTS["silver_value"] if kind == "silver" else POINTS[kind]
        gain += taken * worth * palace_vp
        palace_pieces -= taken
    return gain


def _can_pay(resources, value_needed):
    """Some pieces (silver a joker worth the piece it replaces) pay at least ``value_needed`` building
    points from at least min_kinds kinds: the most the pieces can pay, all kinds counted."""
    kinds = sum(1 for kind in ("sand", "wood", "clay", "stone") if resources[kind]) + resources["silver"]
    best = sum(resources[k] * POINTS[k] for k in ("sand", "wood", "clay", "stone")) \
        + resources["silver"] * max(POINTS.values())
    return kinds >= CONSTANTS["min_kinds"] and best >= value_needed


def test_features_read_the_seats_at_quiet_points_only():
    names = value.FEATURE_NAMES
    checked = not_quiet = castle_scored = payable_seen = 0
    for players, seed in ((3, 4), (4, 6), (2, 5), (2, 7), (2, 8), (2, 9)):
        for state in policy_states("seasons", players, seed, every=2):
            found = state.value_features()
            data = state.to_dict()
            if found is None:
                assert data["phase"] != "select" or data["picks"] > 0
                not_quiet += 1
                continue
            stage, rows = found
            assert data["phase"] == "select" and data["picks"] == 0
            left = 0 if data["last_round"] else data["rounds"] - data["round"]
            assert stage == min(left, value.STAGES - 1)
            for p, row in enumerate(rows):
                assert len(row) == value.FEATURES == len(names)
                f = dict(zip(names, row))
                seat = data["seats"][p]
                assert f["bias"] == 1.0
                assert f["final_scoring_now"] == _castle_scoring(data, p)
                castle_scored += f["final_scoring_now"] > 0
                assert f["talers"] == seat["talers"] and f["helpers_stock"] == seat["helpers"]
                assert f["helpers_castle"] == sum(1 for owner in data["places"].values() if owner == p)
                assert f["helpers_trader"] == sum(1 for owner in data["spots"].values() if owner == p)
                assert f["buildings"] == sum(seat["built"].values())
                assert f["cards_in_hand"] == len(seat["hand"])
                assert f["master_in_hand"] == ("masterbuilder" in seat["hand"])
                assert f["seat_after_start"] == (p - data["start"]) % players
                for kind in ("sand", "wood", "clay", "stone", "silver"):
                    assert f[kind] == seat["resources"][kind]
                assert f["vp_master"] == seat["vp_master"]
                assert f["talers_x_rounds_left"] == seat["talers"] * stage
                payable = [b for b in TILES if data["tiles"][b] > 0 and _can_pay(seat["resources"], VALUE_OF[b])]
                # the engine's exact payment check can only find fewer payable buildings than this bound
                assert f["payable_buildings"] <= len(payable)
                assert (f["best_payable_vp"] > 0) == (f["payable_buildings"] > 0)
                if f["payable_buildings"]:
                    assert f["best_payable_vp"] in {VP_OF[b] for b in payable}
                    payable_seen += 1
                checked += 1
    assert checked > 60 and not_quiet > 60 and castle_scored > 5 and payable_seen > 3


def test_shipped_weights_follow_what_playouts_from_a_position_score():
    # fresh policy positions: the estimate's margins against the means of 32 resampled playouts each; the
    # estimate must explain most of how those means differ from position to position, far more than the
    # points already scored do
    fit_value = load_script("fit_value")
    rows = fit_value.check_positions("seasons", 2, 11, 40, 32)
    estimate = fit_value._margins(np.array([r[1] for r in rows]))[:, 0]
    playouts = fit_value._margins(np.array([r[2] for r in rows]))[:, 0]
    assert len(rows) == 40
    assert np.std(estimate - playouts) < 0.55 * np.std(playouts)     # 0.45 shipped; 0.66 with vp and castle alone
