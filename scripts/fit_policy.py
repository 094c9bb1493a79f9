"""Fit a playout policy to the search's own choices (one round of expert iteration).

    python scripts/fit_policy.py --game burgundy --games 120 --jobs 2 --out runs/fit-burgundy

1. Self-play games of --agent (default ``ismcts:iterations=2000``, the game's defaults); game g
   is dealt from SeedSequence(seed, spawn_key=(g,)) (child 0 the deal, child 1 + s seat s's agent),
   so the samples do not depend on --jobs. At every decision with more than one legal move the
   search's root visits and the engine's move features (``state.policy_features()``) are kept:
   OUT/samples.npz (written once; a rerun with the same settings reads it).
2. A softmax over the moves of a decision, ``P(move) ~ exp(w . features(move))``, is fitted to the
   visit shares (cross-entropy, L2 penalty --l2, L-BFGS from w = 0): the same samples give the
   same weights. --sharpen K multiplies them (a softmax at temperature 1/K: greedier playouts).
3. The weights are written as a Python data table (--write, default OUT/policy_weights.py) with the
   command, the seed and the fit's figures. Copied to ``engine_c/<game>/policy_weights.py``, they
   replace the engine's hand-written playout policy at the next import (docs/burgundy.md,
   "Fitted playout policy": measured, not adopted; so no weights ship with boardlab).
"""
import argparse
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine_c import new_state  # noqa: E402
from engine_c.errors import BoardlabError  # noqa: E402
from solver.search.agents import make_agent  # noqa: E402


def play(game, players, spec, seed, game_index):
    """One self-play game; returns its samples: a list of (feature rows, visit shares)."""
    seq = np.random.SeedSequence(seed, spawn_key=(game_index,))
    children = seq.spawn(1 + players)
    state = new_state(game, players, children[0])
    agents = [make_agent(spec, children[1 + i]) for i in range(players)]
    samples = []
    while not state.is_terminal():
        agent = agents[state.current_player()]
        legal = state.legal_actions()
        action = agent.choose(state)
        if len(legal) > 1:
            moves, rows = state.policy_features()
            visits = {c["action"]: c["visits"] for c in agent.searcher().root_stats()}
            counts = np.array([visits.get(m, 0) for m in moves], dtype=float)
            if counts.sum() > 0:
                samples.append((np.array(rows, dtype=float), counts / counts.sum()))
        state.apply_action(action)
    return samples


def collect(game, players, spec, seed, games, jobs):
    """All games' samples, flattened: features X (rows), decision index of each row, targets."""
    from joblib import Parallel, delayed

    per_game = Parallel(n_jobs=jobs)(delayed(play)(game, players, spec, seed, g) for g in range(games))
    rows, group, target = [], [], []
    k = 0
    for samples in per_game:
        for features, shares in samples:
            rows.append(features)
            target.append(shares)
            group.append(np.full(len(shares), k))
            k += 1
    return np.concatenate(rows), np.concatenate(group), np.concatenate(target)


def softmax_loss(w, X, group, target, decisions, l2):
    """Mean cross-entropy of the grouped softmax against the targets, plus l2 |w|^2; and its gradient."""
    z = X @ w
    zmax = np.full(decisions, -np.inf)
    np.maximum.at(zmax, group, z)
    e = np.exp(z - zmax[group])
    total = np.bincount(group, weights=e, minlength=decisions)
    logp = z - zmax[group] - np.log(total[group])
    p = e / total[group]
    loss = -np.sum(target * logp) / decisions + l2 * w @ w
    # d/dz of -sum t log p over a decision is p * sum(t) - t, and the targets sum to 1
    grad = X.T @ (p - target) / decisions + 2 * l2 * w
    return loss, grad


def best_only(group, target):
    """The targets with all of each decision's weight on its most visited move (the move played)."""
    best = np.zeros_like(target)
    order = np.lexsort((-target, group))               # by decision, most visited first
    first = np.ones(len(order), dtype=bool)
    first[1:] = group[order][1:] != group[order][:-1]
    best[order[first]] = 1.0
    return best


def fit(X, group, target, l2=1e-3):
    """The weights that minimise softmax_loss (L-BFGS from zero); returns (w, loss at w, loss at 0)."""
    from scipy.optimize import minimize

    decisions = int(group.max()) + 1
    w0 = np.zeros(X.shape[1])
    result = minimize(softmax_loss, w0, args=(X, group, target, decisions, l2), jac=True, method="L-BFGS-B",
                      options={"maxiter": 2000})
    return result.x, float(result.fun), float(softmax_loss(w0, X, group, target, decisions, l2)[0])


def agreement(w, X, group, target):
    """Share of decisions where the fitted policy's favourite is the search's most visited move."""
    decisions = int(group.max()) + 1
    z = X @ w
    hits = 0
    for k in range(decisions):
        rows = np.flatnonzero(group == k)
        hits += int(np.argmax(z[rows]) == np.argmax(target[rows]))
    return hits / decisions


def write_weights(path, w, meta):
    """Write the weights as a small Python module (a data table the engine imports)."""
    lines = ['"""Fitted playout-policy weights (written by scripts/fit_policy.py; do not edit by hand)."""', "",
             f"FIT = {json.dumps(meta, sort_keys=True)}", "",
             "WEIGHTS = (", *[f"    {x!r}," for x in np.round(w, 6).tolist()], ")", ""]
    Path(path).write_text("\n".join(lines))


def main(argv=None):
    """Command line: collect (or read) the samples, fit, print the figures and write the weights."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="burgundy")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--agent", default="ismcts:iterations=2000")
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--l2", type=float, default=1e-3)
    parser.add_argument("--target", choices=("visits", "best"), default="visits",
                        help="fit the visit shares, or the move played (the most visited)")
    parser.add_argument("--sharpen", type=float, default=1.0,
                        help="multiply the fitted weights (above 1: a greedier policy than the fit)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default=None, help="folder of the samples (default runs/fit-GAME)")
    parser.add_argument("--write", default=None, help="weights module (default OUT/policy_weights.py)")
    args = parser.parse_args(argv)
    try:
        if not hasattr(new_state(args.game, args.players, 0), "policy_features"):
            raise BoardlabError(f"{args.game} has no move features for a fitted policy")
        if args.games < 1 or args.l2 < 0 or args.sharpen <= 0:
            raise BoardlabError("--games and --sharpen must be positive and --l2 not negative")
        out = Path(args.out or f"runs/fit-{args.game}")
        out.mkdir(parents=True, exist_ok=True)
        settings = {"game": args.game, "players": args.players, "agent": args.agent, "games": args.games,
                    "seed": args.seed}
        data = out / "samples.npz"
        if data.exists():
            stored = np.load(data)
            if json.loads(str(stored["settings"])) != settings:
                raise BoardlabError(f"{out} holds samples of other settings: choose another --out")
            X, group, target = stored["X"], stored["group"], stored["target"]
        else:
            X, group, target = collect(args.game, args.players, args.agent, args.seed, args.games, args.jobs)
            np.savez_compressed(data, X=X, group=group, target=target, settings=json.dumps(settings))
    except (BoardlabError, ValueError) as exc:
        raise SystemExit(f"fit_policy.py: error: {exc}") from None
    if args.target == "best":
        target = best_only(group, target)
    w, loss, loss0 = fit(X, group, target, args.l2)
    decisions = int(group.max()) + 1
    meta = {**settings, "l2": args.l2, "target": args.target, "sharpen": args.sharpen, "decisions": decisions, "loss": round(loss, 5),
            "loss_uniform": round(loss0, 5), "agreement": round(agreement(w, X, group, target), 4),
            "command": "python scripts/fit_policy.py " + " ".join(argv if argv is not None else sys.argv[1:])}
    print(json.dumps(meta, indent=1))
    write_weights(args.write or out / "policy_weights.py", w * args.sharpen, meta)
    return meta


if __name__ == "__main__":
    main()
