"""A Castle for All Seasons' learned value (engine_c/seasons/learned.pyx, engine_c/learned_value.pyx):
its inputs read from the position, the shipped networks, refusals and the data module's checks
(what every game's learned value shares: tests/solver/test_learned_values.py)."""
import contextlib
import math

import numpy as np
import pytest

from engine_c import new_state
from engine_c.errors import BoardlabError
from engine_c.learned_value import decode, encode_floats
from engine_c.seasons import learned, learned_weights, value
from engine_c.seasons.data import BUILDING_IDS, CARDS
from solver.search.agents import make_agent
from solver.search.ismcts import Searcher
from tests.scripts.script_loader import load_script
from tests.value_helpers import check_learned_rows, learned_quiet_points

RESOURCES = ("sand", "wood", "clay", "stone", "silver")
BLOCK = learned.BLOCK


@contextlib.contextmanager
def nets_restored():
    """Put back the shipped networks, whatever the body loads."""
    try:
        yield
    finally:
        for n in (2, 3, 4):
            learned.use_learned_value(n, learned_weights.NETS.get(n))


def random_net(seed, hidden=8):
    """A network of random weights as training would leave it (numpy arrays, fit_learned_value's form)."""
    rng = np.random.default_rng(seed)
    inputs = learned.INPUTS
    return {"inputs": inputs, "hidden": hidden, "mean": rng.normal(2, 1, inputs), "scale": rng.uniform(0.5, 3, inputs),
            "w1": rng.normal(0, 0.3, (inputs, hidden)), "b1": rng.normal(0, 0.3, hidden),
            "w2": rng.normal(0, 1, hidden), "b2": 0.4, "out_mean": 30.0, "out_scale": 12.0}


def expected_block(data, features, p):
    """Seat p's block from the position's JSON and the linear value's features (learned.pyx's order)."""
    seat = data["seats"][p]
    block = list(features[1:])                                   # the linear features but the bias
    block += [1.0 if card in seat["hand"] else 0.0 for card in CARDS]
    block += [seat["played"][card] for card in CARDS]
    block += [seat["built"][b] for b in BUILDING_IDS]
    block += [seat["workers"][w][r] for w in ("worker1", "worker2", "worker3") for r in RESOURCES]
    block += [data["tiles"][b] for b in BUILDING_IDS]
    block += [1.0 if owner == p else 0.0 for owner in data["places"].values()]
    return block


def test_inputs_read_every_seat_at_quiet_points():
    checked = 0
    skipped = []
    for data, stage, rows, linear_rows in learned_quiet_points("seasons", 2, skipped):
        players = len(rows)
        blocks = [expected_block(data, linear_rows[p], p) for p in range(players)]
        stages = [1.0 if k == stage else 0.0 for k in range(value.STAGES)]
        checked += check_learned_rows(rows, blocks, stages, learned.INPUTS)
    assert checked > 40 and len(skipped) > 40


def test_no_network_no_estimate_and_bad_requests_refused():
    state = new_state("seasons", 3, 2)
    with nets_restored():
        learned.use_learned_value(3, None)
        assert not state.has_learned_value()
        assert state.evaluate(value="net") is None and state.evaluate() is not None
    # (the search's fallback to the linear value: tests/solver/test_learned_values.py)
    with pytest.raises(BoardlabError, match="tiletum has no learned value"):
        Searcher(value="net").search(new_state("tiletum", 2, 1), iterations=10)
    with pytest.raises(BoardlabError, match="unknown value 'deep'"):
        state.evaluate(value="deep")
    with pytest.raises(BoardlabError, match="parameter value must be linear or net, got 'deep'"):
        make_agent("ismcts:value=deep", 1)


def test_the_data_module_is_checked_when_loaded():
    fit = load_script("fit_learned_value")
    good = fit.stored(random_net(3))
    assert decode(good, learned.INPUTS)["hidden"] == 8
    with pytest.raises(ValueError, match="takes 185 inputs, the game gives 184"):
        decode(good, learned.INPUTS - 1)
    with pytest.raises(ValueError, match="w1 holds 1479 numbers, the network takes 1480"):
        decode({**good, "w1": encode_floats([0.0] * 1479)}, learned.INPUTS)
    with pytest.raises(ValueError, match="lacks out_scale"):
        decode({k: v for k, v in good.items() if k != "out_scale"}, learned.INPUTS)
    with pytest.raises(ValueError, match="at most 64 fit"):
        with nets_restored():
            learned.use_learned_value(2, fit.stored(random_net(3, hidden=65)))


def test_shipped_networks_load_and_estimate_near_the_linear_value():
    assert learned_weights.NETS, "no network ships"
    for players, net in learned_weights.NETS.items():
        assert len(net["w1"]) * 3 / 4 <= 2 * 1024 * 1024          # the weights stay far below 2 MB
        state = new_state("seasons", players, 4)
        assert state.has_learned_value()
        estimate, linear = state.evaluate(value="net"), state.evaluate()
        # the opening: both expect every seat to end somewhere between 30 and 160 points (4 players: about
        # 39 by the linear value, fitted to policy games, and 46 by the network, fitted to searchers)
        assert all(30 < e < 160 and math.isfinite(e) for e in estimate + linear)
        assert np.mean(estimate) > np.mean(linear)         # searchers score more than the playout policy
