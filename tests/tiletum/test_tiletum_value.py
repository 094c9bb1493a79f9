"""Tiletum's fitted value (engine_c/tiletum/value.pyx): features and quiet points, the fit's error
(what every value must do alike: tests/solver/test_fitted_values.py)."""
import json
from pathlib import Path

import numpy as np

from engine_c.tiletum import value
from tests.scripts.script_loader import load_script
from tests.value_helpers import policy_states

CONTENT = json.loads((Path(value.__file__).parent / "content.json").read_text())["tables"]
RULE_NUMBERS = {item["id"]: item["value"] for item in CONTENT["rule_numbers"]["items"]}


def _policy_states(players=2, seed=0, every=5):
    """Every ``every``-th position of a policy game (quiet or not)."""
    return policy_states("tiletum", players, seed, every)


def _final_scoring_now(seat, data, player):
    """The rules' final scoring of this seat as it stands (leftover resources, crests, houses x pillars)."""
    houses = 1 + sum(1 for city in data["map"] for owner in city["houses"] if owner == player)
    pillars = sum(1 for city in data["map"] for owner in city["pillars"] if owner == player)
    crests = sum(1 for b in seat["buildings"] if b["crest"])
    resources = sum(seat["resources"].values())
    return resources // RULE_NUMBERS["resources_per_final_vp"] + CONTENT["crest_final_vp"]["values"][crests] \
        + houses * pillars


def _later_fairs(data, player):
    """Fairs of the rounds still to come in a city where the seat has a house or its merchant."""
    houses = {city["city"] for city in data["map"] if player in city["houses"]} | {"Tiletum"}
    cities = houses | {data["seats"][player]["merchant"]}
    return sum(1 for fair in data["fairs"][data["round"]:] if fair["city"] in cities)


def test_features_read_the_seats_at_quiet_points_only():
    names = value.FEATURE_NAMES
    checked = not_quiet = 0
    for state in _policy_states(players=3, seed=4, every=3):
        found = state.value_features()
        data = state.to_dict()
        if found is None:
            assert data["phase"] != "die"
            not_quiet += 1
            continue
        stage, rows = found
        assert data["phase"] == "die"
        assert stage == (data["round"] - 1) * 3 + data["pass"] - 1
        for p, row in enumerate(rows):
            assert len(row) == value.FEATURES == len(names)
            f = dict(zip(names, row))
            seat = data["seats"][p]
            assert f["bias"] == 1.0
            assert f["final_scoring_now"] == _final_scoring_now(seat, data, p)
            assert f["king"] == seat["king"]
            assert f["king_points_now"] == CONTENT["king_vp"]["values"][seat["king"] + 6]
            assert f["resources"] == sum(seat["resources"].values()) and f["gold"] == seat["resources"]["gold"]
            assert f["houses_ready"] == seat["houses_available"]
            assert f["pillars_ready"] == seat["pillars_available"]
            assert f["persons"] == sum(len(b["persons"]) for b in seat["buildings"])
            assert f["contracts"] == len(seat["contracts"])
            assert f["stored_contracts"] + f["stored_other"] == len(seat["storage"])
            assert f["later_in_order"] == data["order"].index(p)
            assert f["food"] == seat["resources"]["food"] and f["stone"] == seat["resources"]["stone"]
            assert f["later_fairs_qualified"] == _later_fairs(data, p)
            checked += 1
    assert checked > 30 and not_quiet > 30


def test_shipped_weights_estimate_policy_games_better_than_their_mean():
    # held-out policy games: in the last round the fit's error is well below the spread of the points to come
    fit_value = load_script("fit_value")
    stage, X, y, held = fit_value.collect("tiletum", 2, 77, 20, 1)
    weights = np.array(value.value_weights(2))
    predicted = np.einsum("ij,ij->i", X, weights[stage])
    late = stage >= 9
    assert np.std(y[late] - predicted[late]) < 0.8 * np.std(y[late])
