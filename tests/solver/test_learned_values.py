"""What every game's learned value shares (engine_c/<game>/learned.pyx on engine_c/learned_value.pyx):
the engine's network against the same network in numpy, the search's ``value=net`` with and without a
network, and the training script.  Each game's inputs are checked in its own folder
(tests/<game>/test_<game>_learned.py)."""
import contextlib
import importlib
import pickle

import numpy as np
import pytest

from engine_c import new_state
from solver.search.ismcts import Searcher
from tests.scripts.script_loader import load_script
from tests.value_helpers import policy_states

# game -> (a typical number of points still to come, its spread): the random networks' output scale
LEARNED_GAMES = {"seasons": (30.0, 12.0), "sanjuan": (12.0, 6.0), "burgundy": (60.0, 20.0)}


def modules(game):
    """The game's learned-value module and its shipped weights."""
    return (importlib.import_module(f"engine_c.{game}.learned"),
            importlib.import_module(f"engine_c.{game}.learned_weights"))


@contextlib.contextmanager
def nets_restored(game):
    """Put back the game's shipped networks, whatever the body loads."""
    learned, weights = modules(game)
    try:
        yield learned
    finally:
        for n in (2, 3, 4):
            learned.use_learned_value(n, weights.NETS.get(n))


def random_net(game, seed, hidden=8):
    """A network of random weights as training would leave it (numpy arrays, fit_learned_value's form)."""
    learned, _ = modules(game)
    rng = np.random.default_rng(seed)
    inputs = learned.INPUTS
    out_mean, out_scale = LEARNED_GAMES[game]
    return {"inputs": inputs, "hidden": hidden, "mean": rng.normal(1, 1, inputs), "scale": rng.uniform(0.5, 3, inputs),
            "w1": rng.normal(0, 0.3, (inputs, hidden)), "b1": rng.normal(0, 0.3, hidden),
            "w2": rng.normal(0, 1, hidden), "b2": 0.4, "out_mean": out_mean, "out_scale": out_scale}


@pytest.mark.parametrize("game", sorted(LEARNED_GAMES))
def test_the_engine_computes_what_the_training_script_predicts(game):
    fit = load_script("fit_learned_value")
    net = random_net(game, 1)
    # the data module stores float32: the engine's output is numpy's on the rounded weights
    rounded = {k: (np.float32(v).astype(float) if isinstance(v, np.ndarray) else v) for k, v in net.items()}
    with nets_restored(game) as learned:
        learned.use_learned_value(2, fit.stored(net))
        compared = 0
        for state in [s for seed in (8, 9) for s in policy_states(game, 2, seed, every=2)]:
            assert state.has_learned_value()
            found = state.learned_value_inputs()
            if found is None:
                assert state.evaluate(value="net") is None
                continue
            expected = np.array(state.scores()) + fit.predict(rounded, np.array(found[1]))
            assert state.evaluate(value="net") == pytest.approx(expected, rel=1e-6, abs=1e-6)
            assert state.evaluate(value="net") != pytest.approx(state.evaluate(), abs=1e-3)
            compared += 1
        assert compared > 10


@pytest.mark.parametrize("game", sorted(LEARNED_GAMES))
def test_without_a_network_the_search_keeps_the_linear_value(game):
    state = new_state(game, 2, 2)
    with nets_restored(game) as learned:
        learned.use_learned_value(2, None)
        assert not state.has_learned_value()

        def stats(value_name, leaf_value=0.5):
            searcher = Searcher(c=0.25, reward="margin", leaf_value=leaf_value, value=value_name)
            searcher.search(state, iterations=300, seed=4)
            return sorted((row["action"], row["visits"], row["reward_sum"]) for row in searcher.root_stats())

        # bit for bit the linear value's search (and not the unblended one)
        assert stats("net") == stats("linear") != stats("linear", leaf_value=0.0)


@pytest.mark.parametrize("game", sorted(LEARNED_GAMES))
def test_the_search_blends_the_network_and_is_reproducible(game):
    state = new_state(game, 2, 5)
    with nets_restored(game) as learned:
        learned.use_learned_value(2, load_script("fit_learned_value").stored(random_net(game, 2)))

        def visits(value_name, seed):
            searcher = Searcher(c=0.25, reward="margin", leaf_value=0.5, value=value_name)
            searcher.search(state, iterations=400, seed=seed)
            return sorted((row["action"], row["visits"], row["reward_sum"]) for row in searcher.root_stats())

        assert visits("net", 3) == visits("net", 3)
        assert visits("net", 3) != visits("linear", 3)
        assert pickle.loads(pickle.dumps(Searcher(value="net"))).learned_value   # a pickled searcher keeps it


@pytest.mark.parametrize("game", sorted(LEARNED_GAMES))
def test_training_is_seeded_and_writes_a_module_the_engine_reads(game, tmp_path):
    fit = load_script("fit_learned_value")
    args = ["--game", game, "--players", "2", "--games", "5", "--hidden", "4", "--epochs", "2", "--write"]
    first = fit.main(args + ["--out", str(tmp_path / "a.py")])
    second = fit.main(args + ["--out", str(tmp_path / "b.py"), "--samples", str(tmp_path / "s.npz")])
    assert first == {**second, "seconds": first["seconds"]} and first["samples"] > 40
    text = (tmp_path / "a.py").read_text()
    assert text == (tmp_path / "b.py").read_text() and f"engine_c/{game}/learned.pyx order" in text
    again = fit.main(args + ["--out", str(tmp_path / "c.py"), "--samples", str(tmp_path / "s.npz")])  # read back
    assert (tmp_path / "c.py").read_text() == text and again["samples"] == first["samples"]
    namespace = {}
    exec(text, namespace)
    with nets_restored(game) as learned:
        learned.use_learned_value(2, namespace["NETS"][2])
        assert new_state(game, 2, 1).has_learned_value()
    with pytest.raises(SystemExit, match="holds the samples of other settings"):
        fit.main(args[:5] + ["6"] + args[6:] + ["--out", str(tmp_path / "d.py"), "--samples", str(tmp_path / "s.npz")])
