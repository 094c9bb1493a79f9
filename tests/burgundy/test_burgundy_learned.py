"""The Castles of Burgundy's learned value (engine_c/burgundy/learned.pyx on engine_c/learned_value.pyx):
its inputs read from the position's JSON, the engine's network against the same network in numpy,
the search's ``value=net`` and the training script for this game."""
import contextlib

import numpy as np
import pytest

from engine_c import new_state
from engine_c.burgundy import learned, learned_weights
from engine_c.burgundy.data import BOARDS, COLOURS, COLOUR_NAMES
from solver.search.ismcts import Searcher
from tests.scripts.script_loader import load_script
from tests.value_helpers import policy_states

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
    return {"inputs": inputs, "hidden": hidden, "mean": rng.normal(1, 1, inputs), "scale": rng.uniform(0.5, 3, inputs),
            "w1": rng.normal(0, 0.3, (inputs, hidden)), "b1": rng.normal(0, 0.3, hidden),
            "w2": rng.normal(0, 1, hidden), "b2": 0.4, "out_mean": 60.0, "out_scale": 20.0}


def expected_block(seat, features):
    """A seat's block from the position's JSON and the linear value's features (learned.pyx's order)."""
    block = list(features[1:])                                   # the linear features but the bias
    tiles = seat["estate"]
    known = {int(name[1:]) for name in tiles.values() if name[0] == "k" and name[1:].isdigit()}
    block += [1.0 if n in known else 0.0 for n in range(27)]
    colours = BOARDS[seat["board"]]
    block += [sum(1 for space in tiles if colours[int(space) - 1] == c) for c in COLOURS]
    block += [sum(1 for k in range(37) if colours[k] == c and str(k + 1) not in tiles) for c in COLOURS]
    block += [die if not used else 0 for die, used in zip(seat["dice"], seat["dice_used"])]
    block += list(seat["track"])
    block += [sum(count for entry in seat["goods"] if entry for kind, count in [entry] if kind == t) for t in range(1, 7)]
    return block


def test_inputs_read_every_seat_at_quiet_points():
    checked = quiet_missing = knowledge_seen = goods_seen = 0
    for players, seed in ((2, 3), (3, 4), (4, 5)):
        for state in policy_states("burgundy", players, seed, every=3):
            found = state.learned_value_inputs()
            if state.value_features() is None:
                assert found is None
                quiet_missing += 1
                continue
            stage, rows = found
            linear_stage, linear_rows = state.value_features()
            assert stage == linear_stage
            data = state.to_dict()
            blocks = [expected_block(data["seats"][p], linear_rows[p]) for p in range(players)]
            shared = [1.0 if k == stage else 0.0 for k in range(25)]
            shared += [data["bonus_taken"][name] for name in COLOUR_NAMES]
            for p, row in enumerate(rows):
                assert len(row) == learned.INPUTS == 2 * BLOCK + learned.SHARED == 2 * BLOCK + len(shared)
                assert row[:BLOCK] == pytest.approx(blocks[p])
                others = np.mean([blocks[q] for q in range(players) if q != p], axis=0)
                assert row[BLOCK:2 * BLOCK] == pytest.approx(others)
                assert row[2 * BLOCK:] == shared
                checked += 1
            knowledge_seen += sum(sum(block[18:45]) > 0 for block in blocks)
            goods_seen += sum(sum(block[-6:]) > 0 for block in blocks)
    # the positions cover knowledge tiles and goods in storage, so those parts are checked too
    assert checked > 40 and quiet_missing > 10 and knowledge_seen > 5 and goods_seen > 5


def test_the_engine_computes_what_the_training_script_predicts():
    fit = load_script("fit_learned_value")
    net = random_net(1)
    with nets_restored():
        learned.use_learned_value(2, fit.stored(net))
        assert new_state("burgundy", 2, 1).has_learned_value()
        compared = 0
        for state in [s for seed in (8, 9) for s in policy_states("burgundy", 2, seed, every=4)]:
            found = state.learned_value_inputs()
            if found is None:
                continue
            rows = np.array(found[1])
            rounded = {k: (np.float32(v).astype(float) if isinstance(v, np.ndarray) else v) for k, v in net.items()}
            expected = np.array(state.scores()) + fit.predict(rounded, rows)
            assert state.evaluate(value="net") == pytest.approx(expected, rel=1e-6, abs=1e-6)
            assert state.evaluate(value="net") != pytest.approx(state.evaluate(), abs=1e-3)
            compared += 1
        assert compared > 10


def test_the_search_blends_the_network_or_keeps_the_linear_value_without_one():
    state = new_state("burgundy", 2, 5)

    def visits(value_name, seed=3, leaf_value=0.5):
        searcher = Searcher(c=0.25, reward="margin", leaf_value=leaf_value, value=value_name)
        searcher.search(state, iterations=300, seed=seed)
        return sorted((row["action"], row["visits"], row["reward_sum"]) for row in searcher.root_stats())

    with nets_restored():
        learned.use_learned_value(2, None)
        assert visits("net") == visits("linear") != visits("linear", leaf_value=0.0)
        learned.use_learned_value(2, load_script("fit_learned_value").stored(random_net(2)))
        assert visits("net") == visits("net") != visits("linear")


def test_training_for_burgundy_is_seeded_and_writes_a_module_the_engine_reads(tmp_path):
    fit = load_script("fit_learned_value")
    args = ["--game", "burgundy", "--players", "2", "--games", "5", "--hidden", "4", "--epochs", "2", "--write"]
    first = fit.main(args + ["--out", str(tmp_path / "a.py")])
    second = fit.main(args + ["--out", str(tmp_path / "b.py")])
    assert first == {**second, "seconds": first["seconds"]} and first["samples"] > 100
    text = (tmp_path / "a.py").read_text()
    assert text == (tmp_path / "b.py").read_text() and "engine_c/burgundy/learned.pyx order" in text
    namespace = {}
    exec(text, namespace)
    with nets_restored():
        learned.use_learned_value(2, namespace["NETS"][2])
        assert new_state("burgundy", 2, 1).evaluate(value="net") is not None
