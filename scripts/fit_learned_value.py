"""Train a game's learned value: a small network from the position to each player's points to come.

    python scripts/fit_learned_value.py --game seasons --players 2 --games 8000 --agent ismcts:iterations=300 --jobs 2 --write

(the shipped networks' command: trained on the search's own games; on policy games alone the network
follows the playouts more closely but plays worse, docs/seasons.md "Learned value").

1. Games as ``scripts/fit_value.py`` plays them (the playout policy, or ``--agent SPEC`` in every seat;
   game g dealt from SeedSequence(seed, spawn_key=(g,)), so the samples do not depend on --jobs). At
   every quiet point the network's input per player (``state.learned_value_inputs()``), the points he
   then goes on to score (final score less score now) and the fitted linear value's estimate of them
   are kept; every fifth game is held out.
2. A network with one hidden layer of --hidden rectified units (inputs and target standardised on the
   training games) is fitted by Adam to the mean squared error, in minibatches of 256 for --epochs
   passes (the step 1e-3, 3e-4 for the last third; L2 penalty 1e-4), all drawn from --seed: the same
   command gives the same weights.
3. Printed: the held-out residual spread of the network and of the linear value, for each player's
   points and for the margin (own less the best other's). With --write the network goes into the
   engine's data file ``engine_c/<game>/learned_weights.py`` for this player count (read at import;
   a search uses it with ``value=net``, docs/agents.md), with the command and the figures.

``--check N`` instead measures the shipped network and the linear value the way a search meets them:
at N quiet points of fresh policy games, each estimate against the mean of --check-playouts policy
playouts on redraws of what the player to move cannot see (as ``fit_value.py --check``).
"""
import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_c import new_state  # noqa: E402
from engine_c.errors import BoardlabError  # noqa: E402
from engine_c.learned_value import encode_floats  # noqa: E402
from fit_value import HOLDOUT_EVERY, check_positions, check_report  # noqa: E402

LEARNED_GAMES = ("seasons", "sanjuan", "burgundy")        # engines with engine_c/<game>/learned.pyx
BATCH = 256


def play(game, players, seed, game_index, agent=None):
    """One game of the playout policy (or of ``agent`` in every seat); per quiet point: the inputs per
    player, the points each goes on to score, and the linear value's estimate of them."""
    deal, moves = np.random.SeedSequence(seed, spawn_key=(game_index,)).spawn(2)
    state = new_state(game, players, deal)
    if agent is not None:
        from solver.search.agents import make_agent
        agents = [make_agent(agent, seat_seed) for seat_seed in moves.spawn(players)]
    move_seeds = np.random.default_rng(moves)
    seen = []
    while not state.is_terminal():
        found = state.learned_value_inputs()
        if found is not None:
            now = state.scores()
            linear = state.evaluate()
            seen.append((found[1], now, linear if linear is not None else now))
        if agent is None:
            state.apply_action(state.playout_action(int(move_seeds.integers(2**63))))
        else:
            state.apply_action(agents[state.current_player()].choose(state))
    final = np.array(state.scores(), dtype=float)
    return [(np.array(rows, dtype=np.float32), final - now, np.array(linear, dtype=float) - now)
            for rows, now, linear in seen]


def collect(game, players, seed, games, jobs, agent=None):
    """Inputs [samples, players, inputs], points to come and linear estimates [samples, players], held-out flags."""
    from joblib import Parallel, delayed

    per_game = Parallel(n_jobs=jobs)(delayed(play)(game, players, seed, g, agent) for g in range(games))
    inputs, target, linear, held = [], [], [], []
    for g, samples in enumerate(per_game):
        for rows, points, estimate in samples:
            inputs.append(rows)
            target.append(points)
            linear.append(estimate)
            held.append(g % HOLDOUT_EVERY == HOLDOUT_EVERY - 1)
    return np.array(inputs), np.array(target), np.array(linear), np.array(held)


def samples(args):
    """The collected samples, from ``args.samples`` when it holds these settings' (else collected and kept there)."""
    settings = f"{args.game} {args.players} {args.games} {args.seed} {args.agent}"
    if args.samples and Path(args.samples).exists():
        kept = np.load(args.samples)
        if str(kept["settings"]) != settings:
            raise BoardlabError(f"{args.samples} holds the samples of other settings ({kept['settings']}); "
                                f"remove it or name another file")
        return kept["X"], kept["y"], kept["linear"], kept["held"]
    X, y, linear, held = collect(args.game, args.players, args.seed, args.games, args.jobs, args.agent)
    if args.samples:
        np.savez(args.samples, X=X, y=y, linear=linear, held=held, settings=settings)
    return X, y, linear, held


def margins(points):
    """Each player's points less the best other player's, row by row ([samples, players])."""
    best_other = np.stack([np.delete(points, p, axis=1).max(axis=1) for p in range(points.shape[1])], axis=1)
    return points - best_other


def train(X, y, hidden, epochs, seed, log=print):
    """Fit the network to rows X [n, inputs] and targets y [n]; returns its parameters (NET_KEYS' arrays)."""
    rng = np.random.default_rng(seed)
    mean = X.mean(axis=0)
    scale = X.std(axis=0)
    scale[scale < 1e-6] = 1.0                   # constant inputs: left as they are
    out_mean, out_scale = float(y.mean()), float(y.std()) or 1.0
    Z = ((X - mean) / scale).astype(np.float32)
    t = ((y - out_mean) / out_scale).astype(np.float32)
    inputs = X.shape[1]
    params = [rng.normal(0, np.sqrt(2 / inputs), (inputs, hidden)).astype(np.float32), np.zeros(hidden, np.float32),
              rng.normal(0, np.sqrt(1 / hidden), hidden).astype(np.float32), np.zeros(1, np.float32)]
    first = [np.zeros_like(q) for q in params]
    second = [np.zeros_like(q) for q in params]
    step = 0
    for epoch in range(epochs):
        rate = 1e-3 if epoch < epochs - max(1, epochs // 3) else 3e-4
        order = rng.permutation(len(t))
        loss = 0.0
        for start in range(0, len(order), BATCH):
            batch = order[start:start + BATCH]
            z = Z[batch]
            h = np.maximum(z @ params[0] + params[1], 0)
            error = h @ params[2] + params[3][0] - t[batch]
            loss += float(error @ error)
            g = 2 * error / len(batch)
            gh = np.outer(g, params[2]) * (h > 0)
            grads = [z.T @ gh + 1e-4 * params[0], gh.sum(axis=0), h.T @ g + 1e-4 * params[2], np.array([g.sum()])]
            step += 1
            for j, (q, gq) in enumerate(zip(params, grads)):
                first[j] = 0.9 * first[j] + 0.1 * gq
                second[j] = 0.999 * second[j] + 0.001 * gq * gq
                q -= (rate * (first[j] / (1 - 0.9 ** step)) / (np.sqrt(second[j] / (1 - 0.999 ** step)) + 1e-8)).astype(np.float32)
        log(f"epoch {epoch + 1}/{epochs}: training error sd {np.sqrt(loss / len(t)) * out_scale:.3f} points")
    return {"inputs": inputs, "hidden": hidden, "mean": mean, "scale": scale, "w1": params[0], "b1": params[1],
            "w2": params[2], "b2": float(params[3][0]), "out_mean": out_mean, "out_scale": out_scale}


def predict(net, X):
    """The network's outputs for rows X (numpy, as the engine computes them)."""
    h = np.maximum(((X - net["mean"]) / net["scale"]) @ net["w1"] + net["b1"], 0)
    return (h @ net["w2"] + net["b2"]) * net["out_scale"] + net["out_mean"]


def stored(net):
    """The network as the data module stores it (arrays as base64 float32)."""
    return {"inputs": int(net["inputs"]), "hidden": int(net["hidden"]),
            **{key: encode_floats(np.ravel(net[key])) for key in ("mean", "scale", "w1", "b1", "w2")},
            "b2": round(float(net["b2"]), 6), "out_mean": round(float(net["out_mean"]), 6),
            "out_scale": round(float(net["out_scale"]), 6)}


def write_net(game, players, net, command, summary, path=None):
    """Put this player count's network into ``path`` (default engine_c/<game>/learned_weights.py; the
    engine's other player counts kept)."""
    import importlib

    path = Path(path) if path else Path(__file__).resolve().parent.parent / "engine_c" / game / "learned_weights.py"
    module = importlib.import_module(f"engine_c.{game}.learned_weights")
    nets = dict(module.NETS)
    nets[players] = stored(net)
    notes = dict(getattr(module, "FITS", {}))
    notes[players] = f"{command}: {summary}"
    lines = ['"""The learned value\'s networks per player count (written by scripts/fit_learned_value.py).',
             "", "Each network: engine_c/learned_value.pyx NET_KEYS, its arrays as base64 float32; inputs in",
             f"engine_c/{game}/learned.pyx order.", '"""', "FITS = {"]
    lines += [f"    {n}: {text!r}," for n, text in sorted(notes.items())]
    lines += ["}", "", "NETS = {"]
    for n, entry in sorted(nets.items()):
        lines.append(f"    {n}: {{")
        lines += [f"        {key!r}: {value!r}," for key, value in entry.items()]
        lines.append("    },")
    lines.append("}")
    path.write_text("\n".join(lines) + "\n")
    return path


def main(argv=None):
    """Command line: collect, train, print, and with --write store the network."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="seasons", choices=list(LEARNED_GAMES),
                        help="a game whose engine has a learned value (" + ", ".join(LEARNED_GAMES) + ")")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=8000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--agent", default=None, help="an agent spec playing every seat (default: the playout policy)")
    parser.add_argument("--hidden", type=int, default=32, help="hidden units (default 32, at most the engine's)")
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--samples", default=None, metavar="FILE",
                        help="keep the collected games' samples in FILE (.npz) and read them from it when it exists")
    parser.add_argument("--write", action="store_true", help="store the network in the engine's data file")
    parser.add_argument("--out", default=None, help="with --write: this file instead of the engine's")
    parser.add_argument("--check", type=int, default=None, metavar="N",
                        help="instead of training: the shipped network and linear value at N quiet points")
    parser.add_argument("--check-playouts", type=int, default=64, help="playouts per checked position (default 64)")
    args = parser.parse_args(argv)
    from importlib import import_module
    learned = import_module(f"engine_c.{args.game}.learned")
    if args.check is not None:
        if args.check < 1 or args.check_playouts < 2:
            raise SystemExit("fit_learned_value.py: error: --check needs at least 1 position and --check-playouts at least 2")
        if not learned.learned_value_loaded(args.players):
            raise SystemExit(f"fit_learned_value.py: error: no learned value for {args.players} players")
        figures = {}
        for value in ("linear", "net"):
            rows = check_positions(args.game, args.players, args.seed, args.check, args.check_playouts, value=value)
            lines, figures[value] = check_report(rows, args.check_playouts)
            print(f"{args.game}, {args.players} players, seed {args.seed}: the {value} value against policy playouts")
            print("\n".join(lines))
        return figures
    try:
        if args.games < HOLDOUT_EVERY or not 1 <= args.hidden <= int(learned.HIDDEN) or args.epochs < 1:
            raise BoardlabError(f"--games must be at least {HOLDOUT_EVERY}, --hidden 1 to {learned.HIDDEN}, "
                                f"--epochs at least 1")
        started = time.time()
        X, y, linear, held = samples(args)
    except (BoardlabError, ValueError) as exc:
        raise SystemExit(f"fit_learned_value.py: error: {exc}") from None
    inputs = X.shape[2]
    played = f"games of {args.agent}" if args.agent else "policy games"
    print(f"{args.game}, {args.players} players, {args.games} {played}, seed {args.seed}: {len(y)} quiet points "
          f"({int(held.sum())} held out), {time.time() - started:.0f} s")
    net = train(X[~held].reshape(-1, inputs).astype(float), y[~held].ravel(), args.hidden, args.epochs, args.seed)
    estimate = predict(net, X[held].reshape(-1, inputs).astype(float)).reshape(-1, args.players)
    truth = y[held]
    figures = {"samples": int(len(y) * args.players), "points_sd": float(truth.std()),
               "net_residual_sd": float((truth - estimate).std()),
               "linear_residual_sd": float((truth - linear[held]).std()),
               "net_margin_residual_sd": float((margins(truth) - margins(estimate)).std()),
               "linear_margin_residual_sd": float((margins(truth) - margins(linear[held])).std()),
               "seconds": round(time.time() - started)}
    summary = (f"{figures['samples']} samples, held-out residual sd {figures['net_residual_sd']:.2f} points "
               f"(linear value {figures['linear_residual_sd']:.2f}, points to come {figures['points_sd']:.2f}), "
               f"margin {figures['net_margin_residual_sd']:.2f} (linear {figures['linear_margin_residual_sd']:.2f})")
    print(summary + f"; {figures['seconds']} s in all")
    if args.write:
        command = (f"fit_learned_value.py --game {args.game} --players {args.players} --games {args.games} "
                   f"--seed {args.seed} --hidden {args.hidden} --epochs {args.epochs}"
                   + (f" --agent {args.agent}" if args.agent else ""))
        print(f"written: {write_net(args.game, args.players, net, command, summary, args.out)}")
    return figures


if __name__ == "__main__":
    main()
