"""The fitted playout policy: move features, the softmax draw, and the fit of scripts/fit_policy.py."""
import collections

import numpy as np
import pytest

from engine_c import new_state
from engine_c.burgundy import policy
from tests.scripts.script_loader import load_script

FEATURES = 32
KIND_COLUMNS = slice(1, 15)          # one-hot move kind (take, place, sell, workers, ... pass)
WORKERS_KIND = 4                     # column of "take workers"


@pytest.fixture
def restore_weights():
    """Put back whatever weights the engine loaded at import after a test changes them."""
    loaded = policy.fitted_weights()
    yield
    policy.use_fitted_weights(loaded)


def _positions(games=2, seed=0):
    """Decisions with a choice along uniformly random games."""
    rng = np.random.default_rng(seed)
    for g in range(games):
        state = new_state("burgundy", 2, seed * 10 + g)
        while not state.is_terminal():
            legal = state.legal_actions()
            if len(legal) > 1 and state.to_dict().get("setup_player") is None:
                yield state
            state.apply_action(legal[int(rng.integers(len(legal)))])


def test_features_cover_every_legal_move_once_with_one_kind():
    seen = 0
    for state in _positions():
        moves, rows = state.policy_features()
        assert sorted(moves) == state.legal_actions()
        rows = np.array(rows)
        assert rows.shape == (len(moves), FEATURES)
        kinds = rows[:, KIND_COLUMNS].sum(axis=1)
        assert set(kinds.tolist()) <= {0.0, 1.0}
        seen += int(kinds.sum())
    assert seen > 1000


def test_weights_are_checked_and_can_be_switched_off(restore_weights):
    with pytest.raises(ValueError, match="takes 32 weights"):
        policy.use_fitted_weights([1.0] * 3)
    policy.use_fitted_weights([0.5] * FEATURES)
    assert policy.fitted_weights() == [0.5] * FEATURES
    policy.use_fitted_weights(None)
    assert policy.fitted_weights() is None


def test_a_heavy_weight_makes_the_policy_take_that_kind_of_move(restore_weights):
    weights = [0.0] * FEATURES
    weights[WORKERS_KIND] = 50.0
    policy.use_fitted_weights(weights)
    checked = 0
    for state in _positions(games=1, seed=3):
        moves, rows = state.policy_features()
        workers = {m for m, row in zip(moves, rows) if row[WORKERS_KIND] == 1.0}
        if not workers or len(workers) == len(moves):
            continue
        picks = [state.playout_action(seed) for seed in range(50)]
        # all but the policy's 1.6% of uniformly random moves
        assert sum(p in workers for p in picks) >= 45
        checked += 1
    assert checked > 10


def test_zero_weights_draw_every_legal_move_about_equally(restore_weights):
    policy.use_fitted_weights([0.0] * FEATURES)
    state = next(s for s in _positions(games=1, seed=5) if len(s.legal_actions()) >= 5)
    legal = state.legal_actions()
    counts = collections.Counter(state.playout_action(seed) for seed in range(4000))
    assert set(counts) == set(legal)
    expected = 4000 / len(legal)
    assert all(abs(counts[a] - expected) < 0.25 * expected for a in legal)


def test_fitted_playouts_are_legal_to_the_end_and_reproducible(restore_weights):
    weights = np.random.default_rng(1).normal(size=FEATURES).tolist()
    policy.use_fitted_weights(weights)
    for seed in range(5):
        a = new_state("burgundy", 2, seed)
        b = a.clone()
        a.playout(seed, policy=True)
        b.playout(seed, policy=True)
        assert a.is_terminal() and a == b


# --- the fit (scripts/fit_policy.py)

def _synthetic(w_true, decisions=1500, seed=0):
    """Decisions of 2-6 moves with random features; targets: the softmax of w_true."""
    rng = np.random.default_rng(seed)
    X, group, target = [], [], []
    for k in range(decisions):
        n = int(rng.integers(2, 7))
        rows = rng.normal(size=(n, len(w_true)))
        z = rows @ w_true
        p = np.exp(z - z.max())
        X.append(rows)
        group.append(np.full(n, k))
        target.append(p / p.sum())
    return np.concatenate(X), np.concatenate(group), np.concatenate(target)


def test_the_loss_gradient_matches_finite_differences():
    fit_policy = load_script("fit_policy")
    X, group, target = _synthetic(np.array([1.0, -0.5, 0.2]), decisions=50)
    w = np.array([0.3, 0.1, -0.4])
    loss, grad = fit_policy.softmax_loss(w, X, group, target, 50, 0.01)
    for k in range(3):
        step = np.zeros(3)
        step[k] = 1e-6
        numeric = (fit_policy.softmax_loss(w + step, X, group, target, 50, 0.01)[0]
                   - fit_policy.softmax_loss(w - step, X, group, target, 50, 0.01)[0]) / 2e-6
        assert grad[k] == pytest.approx(numeric, rel=1e-4, abs=1e-8)


def test_the_fit_recovers_the_weights_that_made_the_targets():
    fit_policy = load_script("fit_policy")
    w_true = np.array([1.5, -0.8, 0.0, 0.4])
    X, group, target = _synthetic(w_true)
    w, loss, loss0 = fit_policy.fit(X, group, target, l2=0.0)
    assert np.allclose(w, w_true, atol=1e-3)
    assert loss < loss0


def test_best_only_puts_each_decisions_weight_on_its_most_visited_move():
    fit_policy = load_script("fit_policy")
    group = np.array([0, 0, 0, 1, 1, 2, 2, 2])
    target = np.array([0.2, 0.5, 0.3, 0.9, 0.1, 0.1, 0.1, 0.8])
    assert fit_policy.best_only(group, target).tolist() == [0, 1, 0, 1, 0, 0, 0, 1]


def test_written_weights_load_as_a_module(tmp_path):
    fit_policy = load_script("fit_policy")
    path = tmp_path / "weights.py"
    fit_policy.write_weights(path, np.array([0.25, -1.0, 3.0]), {"seed": 7})
    namespace = {}
    exec(path.read_text(), namespace)
    assert namespace["WEIGHTS"] == (0.25, -1.0, 3.0)
    assert namespace["FIT"] == {"seed": 7}


def test_a_game_without_move_features_is_refused_in_one_line(tmp_path):
    fit_policy = load_script("fit_policy")
    with pytest.raises(SystemExit, match="sanjuan has no move features"):
        fit_policy.main(["--game", "sanjuan", "--out", str(tmp_path / "fit")])


def test_a_fit_is_written_beside_its_samples_and_reruns_give_the_same_weights(tmp_path, capsys):
    fit_policy = load_script("fit_policy")
    out = tmp_path / "fit"
    args = ["--agent", "ismcts:iterations=30", "--games", "1", "--out", str(out), "--target", "best"]
    meta = fit_policy.main(args)
    first = (out / "policy_weights.py").read_text()
    namespace = {}
    exec(first, namespace)
    assert len(namespace["WEIGHTS"]) == FEATURES and meta["decisions"] > 50
    assert meta["loss"] < meta["loss_uniform"]
    fit_policy.main(args)                                 # reads the stored samples
    assert (out / "policy_weights.py").read_text() == first
    with pytest.raises(SystemExit, match="other settings"):
        fit_policy.main(["--agent", "ismcts:iterations=30", "--games", "2", "--out", str(out)])


def test_sharpen_multiplies_the_fitted_weights(tmp_path, capsys):
    fit_policy = load_script("fit_policy")
    out = tmp_path / "fit"
    args = ["--agent", "ismcts:iterations=30", "--games", "1", "--out", str(out), "--target", "best"]

    def weights(extra):
        fit_policy.main(args + extra)
        namespace = {}
        exec((out / "policy_weights.py").read_text(), namespace)
        return np.array(namespace["WEIGHTS"])

    plain, sharp = weights([]), weights(["--sharpen", "2.5"])
    assert np.abs(plain).max() > 0.01
    assert np.allclose(sharp, 2.5 * plain, atol=1e-5)
    with pytest.raises(SystemExit, match="--sharpen must be positive"):
        fit_policy.main(args + ["--sharpen", "0"])
