"""San Juan's learned value (engine_c/sanjuan/learned.pyx on engine_c/learned_value.pyx): its inputs
read from the position's JSON, the engine's network against the same network in numpy, the search's
``value=net`` and the training script for this game."""
import contextlib

import numpy as np
import pytest

from engine_c import new_state
from engine_c.sanjuan import learned, learned_weights, value
from engine_c.sanjuan.data import CARD_IDS, ROLES, TILE_NAMES
from solver.search.ismcts import Searcher
from tests.scripts.script_loader import load_script
from tests.value_helpers import policy_states

BLOCK = learned.BLOCK
PRODUCTION = CARD_IDS[:5]          # the production buildings, in the order of their goods


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
    return {"inputs": inputs, "hidden": hidden, "mean": rng.normal(1, 1, inputs), "scale": rng.uniform(0.5, 3, inputs),
            "w1": rng.normal(0, 0.3, (inputs, hidden)), "b1": rng.normal(0, 0.3, hidden),
            "w2": rng.normal(0, 1, hidden), "b2": 0.4, "out_mean": 12.0, "out_scale": 6.0}


def expected_block(data, features, p):
    """Seat p's block from the position's JSON and the linear value's features (learned.pyx's order)."""
    seat = data["seats"][p]
    names = [b if isinstance(b, str) else b["card"] for b in seat["buildings"]]
    block = list(features[1:])                                   # the linear features but the bias
    block += [names.count(card) for card in CARD_IDS]
    block += [seat["hand"].get(card, 0) for card in CARD_IDS]
    block += [sum(1 for b in seat["buildings"] if isinstance(b, dict) and b.get("good") and b["card"] == card)
              for card in PRODUCTION]
    block += [1.0 if data["governor"] == p else 0.0, 1.0 if data["actor"] == p else 0.0]
    return block


def expected_shared(data, stage):
    """The numbers every player's input shares: stage one-hot, roles taken, the next trader tile."""
    shared = [1.0 if k == stage else 0.0 for k in range(value.STAGES)]
    shared += [1.0 if role in data["roles_taken"] else 0.0 for role in ROLES]
    revealed = data["tiles_seen"] > data["tile_next"]
    shared += [1.0 if revealed and data["tiles"][data["tile_next"]] == tile else 0.0 for tile in TILE_NAMES]
    return shared


def test_inputs_read_every_seat_at_quiet_points():
    checked = quiet_missing = goods_seen = tiles_seen = 0
    for players, seed in ((2, 3), (3, 4), (4, 5)):
        for state in policy_states("sanjuan", players, seed, every=2):
            found = state.learned_value_inputs()
            if state.value_features() is None:
                assert found is None
                quiet_missing += 1
                continue
            stage, rows = found
            linear_stage, linear_rows = state.value_features()
            assert stage == linear_stage
            data = state.to_dict()
            blocks = [expected_block(data, linear_rows[p], p) for p in range(players)]
            shared = expected_shared(data, stage)
            for p, row in enumerate(rows):
                assert len(row) == learned.INPUTS == 2 * BLOCK + learned.SHARED == 2 * BLOCK + len(shared)
                assert row[:BLOCK] == pytest.approx(blocks[p])
                others = np.mean([blocks[q] for q in range(players) if q != p], axis=0)
                assert row[BLOCK:2 * BLOCK] == pytest.approx(others)
                assert row[2 * BLOCK:] == shared
                checked += 1
            goods_seen += sum(sum(block[19 + 58:19 + 63]) > 0 for block in blocks)
            tiles_seen += sum(shared[-5:]) > 0
    # the positions cover goods on buildings and a revealed next tile, so those parts are checked too
    assert checked > 40 and quiet_missing > 40 and goods_seen > 5 and tiles_seen > 5


def test_the_engine_computes_what_the_training_script_predicts():
    fit = load_script("fit_learned_value")
    net = random_net(1)
    with nets_restored():
        learned.use_learned_value(2, fit.stored(net))
        assert new_state("sanjuan", 2, 1).has_learned_value()
        compared = 0
        for state in [s for seed in (8, 9) for s in policy_states("sanjuan", 2, seed, every=1)]:
            found = state.learned_value_inputs()
            if found is None:
                continue
            rows = np.array(found[1])
            # the data module stores float32: the engine's output is numpy's on the rounded weights
            rounded = {k: (np.float32(v).astype(float) if isinstance(v, np.ndarray) else v) for k, v in net.items()}
            expected = np.array(state.scores()) + fit.predict(rounded, rows)
            assert state.evaluate(value="net") == pytest.approx(expected, rel=1e-6, abs=1e-6)
            assert state.evaluate(value="net") != pytest.approx(state.evaluate(), abs=1e-3)
            compared += 1
        assert compared > 10


def test_without_a_network_the_search_keeps_the_linear_value():
    state = new_state("sanjuan", 3, 2)
    with nets_restored():
        learned.use_learned_value(3, None)
        assert not state.has_learned_value()
        assert state.evaluate(value="net") is None and state.evaluate() is not None

        def stats(value_name, leaf_value=0.5):
            searcher = Searcher(c=0.25, reward="margin", leaf_value=leaf_value, value=value_name)
            searcher.search(state, iterations=300, seed=4)
            return sorted((row["action"], row["visits"], row["reward_sum"]) for row in searcher.root_stats())

        # bit for bit the linear value's search (and not the unblended one)
        assert stats("net") == stats("linear") != stats("linear", leaf_value=0.0)


def test_the_search_blends_the_network_and_is_reproducible():
    state = new_state("sanjuan", 2, 5)
    with nets_restored():
        learned.use_learned_value(2, load_script("fit_learned_value").stored(random_net(2)))

        def visits(value_name, seed):
            searcher = Searcher(c=0.25, reward="margin", leaf_value=0.5, value=value_name)
            searcher.search(state, iterations=400, seed=seed)
            return sorted((row["action"], row["visits"], row["reward_sum"]) for row in searcher.root_stats())

        assert visits("net", 3) == visits("net", 3)
        assert visits("net", 3) != visits("linear", 3)


def test_training_for_san_juan_is_seeded_and_writes_a_module_the_engine_reads(tmp_path):
    fit = load_script("fit_learned_value")
    args = ["--game", "sanjuan", "--players", "2", "--games", "10", "--hidden", "4", "--epochs", "2", "--write"]
    first = fit.main(args + ["--out", str(tmp_path / "a.py")])
    second = fit.main(args + ["--out", str(tmp_path / "b.py")])
    assert first == {**second, "seconds": first["seconds"]} and first["samples"] > 100
    text = (tmp_path / "a.py").read_text()
    assert text == (tmp_path / "b.py").read_text() and "engine_c/sanjuan/learned.pyx order" in text
    namespace = {}
    exec(text, namespace)
    with nets_restored():
        learned.use_learned_value(2, namespace["NETS"][2])
        assert new_state("sanjuan", 2, 1).evaluate(value="net") is not None


def test_the_shipped_two_player_network_loads_and_estimates_the_opening():
    assert set(learned_weights.NETS) == {2}          # 3 and 4 players keep the linear value
    net = learned_weights.NETS[2]
    assert net["inputs"] == learned.INPUTS and len(net["w1"]) * 3 / 4 <= 2 * 1024 * 1024
    state = new_state("sanjuan", 2, 4)
    assert state.has_learned_value() and not new_state("sanjuan", 3, 4).has_learned_value()
    estimate, linear = state.evaluate(value="net"), state.evaluate()
    # the opening: searchers at 300 iterations end a 2-player game with about 25-40 points each
    assert all(15 < e < 50 for e in estimate + linear)
    assert np.mean(estimate) > np.mean(linear)         # searchers score more than the playout policy
