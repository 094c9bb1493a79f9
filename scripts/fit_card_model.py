"""Fit A Castle for All Seasons' playout policy's card choice to the search's own choices.

    python scripts/fit_card_model.py --players 2 --games 1500 --agent ismcts:iterations=300 --jobs 2 --write

The playout policy values each character card from the position (``state.card_values()``, tenths of
VP) and takes the best with noise; in the search's self-play games the searchers choose otherwise
(from a 2-player game's first round the policy takes two workers most of the time, the search the
trader and the stonemason). This script models the searchers' choice as a conditional logit,

    P(choice) proportional to exp(a x worth / 10 + bias[rounds left][card])

over the cards a player may take (2 players: over the pairs he may take, the two cards' terms
summed), fits ``a`` and the 15 x 8 biases by maximum likelihood (numpy, full-batch Adam, an L2
penalty of --l2 on the biases) and prints the held-out (every fifth game) log-likelihood per
choice against the worth alone (the biases 0). With --write the model goes into
engine_c/seasons/card_model.py for this player count: the playout policy then draws its card from
it (engine_c/seasons/policy.pyx, ``model_card``) in every playout, so also the others' secret choices
the playouts make. Games are dealt as scripts/fit_value.py deals them (game g from
SeedSequence(seed, spawn_key=(g,))): the same command gives the same numbers whatever --jobs.
"""
import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine_c import new_state  # noqa: E402
from engine_c.seasons.data import CARDS  # noqa: E402

STAGES = 15
HOLDOUT_EVERY = 5


def play(players, seed, game_index, agent):
    """One game of ``agent`` in every seat; per card choice: (rounds left, worth per card, cards taken)."""
    from solver.search.agents import make_agent

    deal, moves = np.random.SeedSequence(seed, spawn_key=(game_index,)).spawn(2)
    state = new_state("seasons", players, deal)
    agents = [make_agent(agent, seat_seed) for seat_seed in moves.spawn(players)]
    choices, open_choice = [], {}
    while not state.is_terminal():
        player = state.current_player()
        action = agents[player].choose(state)
        found = state.card_values()
        if found is not None:
            if not state.to_dict()["seats"][player]["selected"]:
                open_choice[player] = (found[0], found[1], [])
                choices.append(open_choice[player])
            open_choice[player][2].append(CARDS[action])       # a card choice's action is the card's index
        state.apply_action(action)
    return choices


def design(choices, players):
    """Arrays of the choices: per choice its candidates' worth [n, k], cards [n, k, 8], mask [n, k],
    the stage [n] and the index of the candidate taken [n]."""
    picks = 2 if players == 2 else 1
    rows = []
    for stage, worth, taken in choices:
        if len(taken) != picks:
            continue
        cards = sorted(worth, key=CARDS.index)
        if picks == 2:
            candidates = [(c, d) for i, c in enumerate(cards) for d in cards[i + 1:]]
        else:
            candidates = [(c,) for c in cards]
        chosen = candidates.index(tuple(sorted(taken, key=CARDS.index)))
        rows.append((stage, candidates, worth, chosen))
    width = max(len(r[1]) for r in rows)
    worth_sum = np.zeros((len(rows), width))
    onehot = np.zeros((len(rows), width, len(CARDS)))
    mask = np.zeros((len(rows), width), dtype=bool)
    stage = np.array([r[0] for r in rows])
    chosen = np.array([r[3] for r in rows])
    for i, (_, candidates, worth, _) in enumerate(rows):
        for j, cand in enumerate(candidates):
            mask[i, j] = True
            for card in cand:
                worth_sum[i, j] += worth[card] / 10
                onehot[i, j, CARDS.index(card)] += 1
    return worth_sum, onehot, mask, stage, chosen


def log_likelihood(params, data):
    """Mean log-probability of the choices taken, and the gradient of it."""
    a, bias = params
    worth_sum, onehot, mask, stage, chosen = data
    n = len(chosen)
    utility = a * worth_sum + np.einsum("nkc,nc->nk", onehot, bias[stage])
    utility = np.where(mask, utility, -np.inf)
    utility -= utility.max(axis=1, keepdims=True)
    prob = np.exp(utility)
    prob /= prob.sum(axis=1, keepdims=True)
    mean = float(np.log(prob[np.arange(n), chosen]).mean())
    residual = -prob
    residual[np.arange(n), chosen] += 1                       # d log P / d utility
    grad_a = float((residual * worth_sum).sum()) / n
    grad_bias = np.zeros_like(bias)
    np.add.at(grad_bias, stage, np.einsum("nk,nkc->nc", residual, onehot))
    return mean, (grad_a, grad_bias / n)


def fit(data, l2, steps=3000, rate=0.05):
    """Maximum likelihood ``(a, bias[15, 8])`` by full-batch Adam (L2 penalty ``l2`` on the biases)."""
    params = [1.0, np.zeros((STAGES, len(CARDS)))]
    first = [0.0, np.zeros_like(params[1])]
    second = [0.0, np.zeros_like(params[1])]
    for step in range(1, steps + 1):
        _, (grad_a, grad_bias) = log_likelihood(params, data)
        grads = [-grad_a, -grad_bias + 2 * l2 * params[1]]
        for j in range(2):
            first[j] = 0.9 * first[j] + 0.1 * grads[j]
            second[j] = 0.999 * second[j] + 0.001 * grads[j] * grads[j]
            params[j] = params[j] - rate * (first[j] / (1 - 0.9 ** step)) / (np.sqrt(second[j] / (1 - 0.999 ** step)) + 1e-8)
    return params


def write_model(players, model, command, summary, path=None):
    """Put this player count's model into ``path`` (default engine_c/seasons/card_model.py, the other
    player counts kept)."""
    from engine_c.seasons import card_model

    path = Path(path) if path else Path(__file__).resolve().parent.parent / "engine_c" / "seasons" / "card_model.py"
    models = {**card_model.MODELS, players: model}
    notes = {**card_model.FITS, players: f"{command}: {summary}"}
    head = card_model.__doc__.strip().splitlines()
    lines = ['"""' + head[0]] + head[1:] + ['"""', "FITS = {"]
    lines += [f"    {n}: {text!r}," for n, text in sorted(notes.items())]
    lines += ["}", "", "MODELS = {"]
    for n, entry in sorted(models.items()):
        lines.append(f"    {n}: {{")
        lines.append(f"        'worth': {entry['worth']!r},")
        lines.append("        'bias': [")
        lines += [f"            {list(row)!r}," for row in entry["bias"]]
        lines.append("        ],")
        lines.append("    },")
    lines.append("}")
    path.write_text("\n".join(lines) + "\n")
    return path


def main(argv=None):
    """Command line: play, fit, print, and with --write store the model."""
    from joblib import Parallel, delayed

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--agent", default="ismcts:iterations=300", help="the agent whose choices are fitted (every seat)")
    parser.add_argument("--l2", type=float, default=1e-3, help="L2 penalty on the biases (default 1e-3)")
    parser.add_argument("--write", action="store_true", help="store the biases in the engine's data file")
    parser.add_argument("--out", default=None, help="with --write: this file instead of the engine's")
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 4 or args.games < HOLDOUT_EVERY or args.l2 < 0:
        raise SystemExit(f"fit_card_model.py: error: --players must be 2-4, --games at least {HOLDOUT_EVERY}, --l2 >= 0")
    games = Parallel(n_jobs=args.jobs)(delayed(play)(args.players, args.seed, g, args.agent) for g in range(args.games))
    train = [c for g, found in enumerate(games) if g % HOLDOUT_EVERY != HOLDOUT_EVERY - 1 for c in found]
    held = [c for g, found in enumerate(games) if g % HOLDOUT_EVERY == HOLDOUT_EVERY - 1 for c in found]
    train_data, held_data = design(train, args.players), design(held, args.players)
    a, bias = fit(train_data, args.l2)
    worth_only = fit_worth_only(train_data)
    figures = {"choices": len(train_data[4]) + len(held_data[4]), "a": round(float(a), 4),
               "held_loglik": round(log_likelihood((a, bias), held_data)[0], 4),
               "held_loglik_worth_only": round(log_likelihood((worth_only, np.zeros_like(bias)), held_data)[0], 4)}
    model = {"worth": round(float(a), 5), "bias": [[round(float(b), 4) for b in stage] for stage in bias]}
    summary = (f"{figures['choices']} choices, worth weight {figures['a']} per VP, held-out log-likelihood per "
               f"choice {figures['held_loglik']} (worth alone {figures['held_loglik_worth_only']})")
    print(f"seasons, {args.players} players, {args.games} games of {args.agent}, seed {args.seed}: {summary}")
    print("bias (rows: rounds left 0 .. 14; columns: " + ", ".join(CARDS) + ")")
    for row in model["bias"]:
        print(" ".join(f"{b:6.2f}" for b in row))
    if args.write:
        command = (f"fit_card_model.py --players {args.players} --games {args.games} --seed {args.seed} "
                   f"--agent {args.agent} --l2 {args.l2}")
        print(f"written: {write_model(args.players, model, command, summary, args.out)}")
    figures["model"] = model
    return figures


def fit_worth_only(data):
    """The worth's weight alone (the biases held at 0): the best of a grid by the same likelihood."""
    zero = np.zeros((STAGES, len(CARDS)))
    grid = np.linspace(0.0, 1.0, 201)
    return float(max(grid, key=lambda a: log_likelihood((a, zero), data)[0]))

if __name__ == "__main__":
    main()
