"""Fit a game's linear value: each player's points still to come, from features of the position.

    python scripts/fit_value.py --game burgundy --players 2 --games 4000 --jobs 2 --write

1. Games played by the engine's playout policy alone (what a playout plays), game g dealt from
   SeedSequence(seed, spawn_key=(g,)) (child 0 the deal, child 1 the policy's move seeds), so the
   samples do not depend on --jobs.  With ``--agent SPEC`` every seat plays that agent instead (its
   seeds spawned from child 1), so the value learns what a searcher goes on to score; the report then
   also shows the shipped weights on the held-out games (their level and their residual once the
   level is taken out). At every quiet point (``state.value_features()`` is not None:
   a main decision) each player's features and the points it then goes on to score
   (final score minus score now) are kept; where the value counts a feature as points with weight 1
   (its ``COUNTED_AS_POINTS``: A Castle for All Seasons' castle scoring as it stands), the fit is
   of the points to come beyond it.
2. Per stage (``value_features``' first element) a
   ridge regression (penalty --ridge on every weight but the bias) of those points on the
   features: the same games give the same weights.  Stages: The Castles of Burgundy's phase * 5 +
   round, Tiletum's round * 3 + pass, A Castle for All Seasons' rounds left after this one, San
   Juan's most buildings any player has, less one.
3. Printed per stage: samples, the spread of the points to come, the fit's residual spread on
   held-out games (every fifth game) and R^2. With --write the weights go into the engine's
   data file ``engine_c/<game>/value_weights.py`` for this player count (read at import; a
   search with ``cutoff`` or ``leaf_value`` uses them, docs/agents.md), with the command and the figures.

``--check N`` instead measures the shipped weights the way a search meets them: at N quiet points of
fresh policy games (seed --seed + 1, so none was fitted on), the estimate against the mean of
``--check-playouts`` policy playouts, each on its own redraw of what the player to move cannot see
(the search's determinizations). It prints the estimate's error, for each player's score and for
the margin (own score less the best other's), beside one playout's spread: the part of the
residual above that is the fit's, not the playouts' luck.
"""
import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine_c import new_state  # noqa: E402
from engine_c.errors import BoardlabError  # noqa: E402

VALUE_GAMES = ("burgundy", "sanjuan", "seasons", "tiletum")   # engines with engine_c/<game>/value.pyx
HOLDOUT_EVERY = 5          # game g is held out of the fit when g % 5 == 4


def play(game, players, seed, game_index, agent=None):
    """One game of the playout policy (or of ``agent``, an agent spec, in every seat); returns
    (stage, player features, points to come) per quiet point and player."""
    deal, moves = np.random.SeedSequence(seed, spawn_key=(game_index,)).spawn(2)
    state = new_state(game, players, deal)
    if agent is not None:
        from solver.search.agents import make_agent
        agents = [make_agent(agent, seat_seed) for seat_seed in moves.spawn(players)]
    move_seeds = np.random.default_rng(moves)
    seen = []
    while not state.is_terminal():
        found = state.value_features()
        if found is not None:
            seen.append((found[0], found[1], state.scores()))
        if agent is None:
            state.apply_action(state.playout_action(int(move_seeds.integers(2**63))))
        else:
            state.apply_action(agents[state.current_player()].choose(state))
    final = state.scores()
    return [(stage, rows[p], final[p] - now[p]) for stage, rows, now in seen for p in range(players)]


def collect(game, players, seed, games, jobs, agent=None):
    """Stage, features, target and held-out flag of every sample, as arrays.  The target is the points
    to come less the features the value counts as points (its COUNTED_AS_POINTS, weight 1 in the estimate)."""
    from importlib import import_module
    from joblib import Parallel, delayed

    per_game = Parallel(n_jobs=jobs)(delayed(play)(game, players, seed, g, agent) for g in range(games))
    stage, rows, target, held = [], [], [], []
    for g, samples in enumerate(per_game):
        for s, row, y in samples:
            stage.append(s)
            rows.append(row)
            target.append(y)
            held.append(g % HOLDOUT_EVERY == HOLDOUT_EVERY - 1)
    value = import_module(f"engine_c.{game}.value")
    counted = [list(value.FEATURE_NAMES).index(name) for name in getattr(value, "COUNTED_AS_POINTS", ())]
    rows = np.array(rows, dtype=float).reshape(len(target), -1)
    target = np.array(target, dtype=float) - rows[:, counted].sum(axis=1)
    return np.array(stage), rows, target, np.array(held)


def check_positions(game, players, seed, positions, playouts, value="linear"):
    """Per quiet point of fresh policy games: (stage, estimate, mean final scores, per-playout sd of
    the scores, per-playout sd of the margins) over ``playouts`` resampled policy playouts; the
    estimate is the fitted linear value's (``value="net"``: the learned network's)."""
    rng = np.random.default_rng(np.random.SeedSequence(seed + 1))
    rows = []
    while len(rows) < positions:
        state = new_state(game, players, int(rng.integers(2**62)))
        picked = []
        while not state.is_terminal():
            if state.value_features() is not None and rng.random() < 0.04:
                picked.append(state.clone())
            state.apply_action(state.playout_action(int(rng.integers(2**62))))
        for position in picked[:3]:                  # a few per game: positions of many games
            estimate = position.evaluate(value=value)
            if estimate is None:
                return rows                          # no weights for this player count
            if len(rows) >= positions:
                break
            finals = []
            for _ in range(playouts):
                world = position.resample_hidden(position.current_player(), int(rng.integers(2**62)))
                world.playout(int(rng.integers(2**62)), policy=True)
                finals.append(world.scores())
            finals = np.array(finals, dtype=float)
            rows.append((position.value_features()[0], np.array(estimate), finals.mean(axis=0),
                         finals.std(axis=0), _margins(finals).std(axis=0)))
    return rows


def _margins(scores):
    """Each player's score less the best other player's, row by row."""
    best_other = np.stack([np.delete(scores, p, axis=1).max(axis=1) for p in range(scores.shape[1])], axis=1)
    return scores - best_other


def check_report(rows, playouts):
    """The estimate's error and one playout's spread, for the scores and the margins (lines of text)."""
    estimate = np.array([r[1] for r in rows])
    mean = np.array([r[2] for r in rows])
    score_error = (estimate - mean).ravel()
    margin_error = (_margins(estimate) - _margins(mean)).ravel()
    score_sd = float(np.mean([r[3] for r in rows]))
    margin_sd = float(np.mean([r[4] for r in rows]))
    lines = [f"{len(rows)} positions, {playouts} playouts each (error of their mean: about "
             f"{score_sd / np.sqrt(playouts):.2f} points per score, {margin_sd / np.sqrt(playouts):.2f} per margin)",
             f"score:  estimate error sd {score_error.std():.2f}, mean {score_error.mean():+.2f}; one playout's sd {score_sd:.2f}",
             f"margin: estimate error sd {margin_error.std():.2f}, mean {margin_error.mean():+.2f}; one playout's sd {margin_sd:.2f}"]
    return lines, {"score_error_sd": float(score_error.std()), "margin_error_sd": float(margin_error.std()),
                   "score_playout_sd": score_sd, "margin_playout_sd": margin_sd}


def ridge(X, y, penalty):
    """Least squares with ``penalty`` * |w|^2 on every weight but the first (the bias)."""
    scale = np.eye(X.shape[1]) * penalty
    scale[0, 0] = 0.0
    return np.linalg.solve(X.T @ X + scale, X.T @ y)


def fit(stage, X, y, held, stages, penalty):
    """Weights per stage (zeros where a stage has no samples) and the per-stage figures."""
    weights = np.zeros((stages, X.shape[1]))
    report = []
    for k in range(stages):
        train = (stage == k) & ~held
        test = (stage == k) & held
        if train.sum() < X.shape[1]:
            report.append((k, int(train.sum()), float("nan"), float("nan"), float("nan")))
            continue
        weights[k] = ridge(X[train], y[train], penalty)
        residual = y[test] - X[test] @ weights[k]
        spread = float(np.std(y[test])) if test.any() else float("nan")
        error = float(np.std(residual)) if test.any() else float("nan")
        report.append((k, int(train.sum()), spread, error, 1 - (error / spread) ** 2 if spread else float("nan")))
    return weights, report


def shipped_on(game, players, stage, X, y):
    """The shipped weights on these samples, per stage: (stage, mean residual, residual sd); empty
    when the engine ships no weights for this player count."""
    from importlib import import_module
    rows = getattr(import_module(f"engine_c.{game}.value_weights"), "WEIGHTS", {}).get(players)
    if not rows:
        return []
    weights = np.array(rows, dtype=float)
    out = []
    for k in sorted(set(stage.tolist())):
        residual = y[stage == k] - X[stage == k] @ weights[k]
        out.append((int(k), float(residual.mean()), float(residual.std())))
    return out


def write_weights(game, players, weights, command, summary, path=None):
    """Put this player count's weights into ``path`` (default engine_c/<game>/value_weights.py; the
    engine's other player counts kept)."""
    import importlib

    path = Path(path) if path else Path(__file__).resolve().parent.parent / "engine_c" / game / "value_weights.py"
    module = importlib.import_module(f"engine_c.{game}.value_weights")
    stage_rule = importlib.import_module(f"engine_c.{game}.value").STAGE_RULE
    table = dict(module.WEIGHTS)
    table[players] = [[round(float(w), 6) for w in row] for row in weights]
    notes = dict(getattr(module, "FITS", {}))
    notes[players] = f"{command}: {summary}"
    lines = ['"""Fitted value weights per player count and stage (written by scripts/fit_value.py).',
             "", f"Rows: stages ({stage_rule}); columns: engine_c/{game}/value.pyx FEATURE_NAMES.",
             '"""', "FITS = {"]
    lines += [f"    {n}: {text!r}," for n, text in sorted(notes.items())]
    lines += ["}", "", "WEIGHTS = {"]
    for n, rows in sorted(table.items()):
        lines.append(f"    {n}: [")
        lines += [f"        {row}," for row in rows]
        lines.append("    ],")
    lines.append("}")
    path.write_text("\n".join(lines) + "\n")
    return path


def main(argv=None):
    """Command line: collect, fit, print, and with --write store the weights."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="burgundy", choices=list(VALUE_GAMES),
                        help="a game whose engine has a fitted value (" + ", ".join(VALUE_GAMES) + ")")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--agent", default=None, help="an agent spec playing every seat (default: the playout policy)")
    parser.add_argument("--ridge", type=float, default=10.0, help="penalty on the weights (default 10)")
    parser.add_argument("--write", action="store_true", help="store the weights in the engine's data file")
    parser.add_argument("--out", default=None, help="with --write: this file instead of the engine's")
    parser.add_argument("--check", type=int, default=None, metavar="N",
                        help="instead of fitting: the shipped weights at N quiet points against playout means")
    parser.add_argument("--check-playouts", type=int, default=64, help="playouts per checked position (default 64)")
    args = parser.parse_args(argv)
    if args.check is not None:
        if args.check < 1 or args.check_playouts < 2:
            raise SystemExit("fit_value.py: error: --check needs at least 1 position and --check-playouts at least 2")
        rows = check_positions(args.game, args.players, args.seed, args.check, args.check_playouts)
        if not rows:
            raise SystemExit(f"fit_value.py: error: no estimate for {args.players} players (no fitted weights)")
        lines, figures = check_report(rows, args.check_playouts)
        print(f"{args.game}, {args.players} players, seed {args.seed}: the shipped value against policy playouts")
        print("\n".join(lines))
        return figures
    try:
        if args.games < HOLDOUT_EVERY or args.ridge < 0:
            raise BoardlabError(f"--games must be at least {HOLDOUT_EVERY} and --ridge non-negative")
        from importlib import import_module
        value = import_module(f"engine_c.{args.game}.value")
        stage, X, y, held = collect(args.game, args.players, args.seed, args.games, args.jobs, args.agent)
    except (BoardlabError, ValueError) as exc:
        raise SystemExit(f"fit_value.py: error: {exc}") from None
    stages = int(value.STAGES)
    weights, report = fit(stage, X, y, held, stages, args.ridge)
    played = f"games of {args.agent}" if args.agent else "policy games"
    print(f"{args.game}, {args.players} players, {args.games} {played}, seed {args.seed}: "
          f"{len(y)} samples ({int(held.sum())} held out)")
    print("stage  samples  spread  residual   R^2")
    for k, n, spread, error, r2 in report:
        print(f"{k:5d}  {n:7d}  {spread:6.2f}  {error:8.2f}  {r2:5.2f}")
    test = held
    overall = float(np.std(y[test] - np.einsum("ij,ij->i", X[test], weights[stage[test]])))
    summary = (f"{len(y)} samples, held-out residual sd {overall:.2f} points against {float(np.std(y[test])):.2f} "
               f"for the points to come")
    print(summary)
    result = {"weights": weights, "report": report, "samples": len(y), "residual_sd": overall}
    if args.agent:
        result["shipped"] = shipped_on(args.game, args.players, stage[test], X[test], y[test])
        if result["shipped"]:
            print("the shipped weights on the held-out games: stage, level (mean points to come above the "
                  "estimate), residual sd without the level")
            for k, level, spread in result["shipped"]:
                print(f"{k:5d}  {level:+7.2f}  {spread:6.2f}")
    if args.write:
        command = (f"fit_value.py --game {args.game} --players {args.players} --games {args.games} "
                   f"--seed {args.seed} --ridge {args.ridge:g}" + (f" --agent {args.agent}" if args.agent else ""))
        print(f"written: {write_weights(args.game, args.players, weights, command, summary, args.out)}")
    return result


if __name__ == "__main__":
    main()
