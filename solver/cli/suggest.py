"""``boardlab suggest``: rank the moves of the player to act by ISMCTS (solver.search.best_move)."""
from __future__ import annotations

import sys

import click

from engine_c.errors import BoardlabError
from solver.runs.config import MAX_JOBS, MAX_SEED, check_int
from solver.cli.common import FLOAT, INT, ITERATIONS_MAX, check_seconds, data_option, position_input


@click.command()
@click.option("--game", default=None, help="Game short name the position must belong to (default: the one it names).")
@click.option("--iterations", type=INT, default=None, help="ISMCTS iterations in all (default 20000, at most 10^9).")
@click.option("--time", "seconds", type=FLOAT, default=None, help="Search for this many seconds instead (at most 86400).")
@click.option("--jobs", type=INT, default=1, show_default=True, help="Threads running the searches (at most 1024).")
@click.option("--searches", type=INT, default=None,
              help="Independent trees sharing the iterations (default 2; with --time: --jobs). More trees "
                   "keep more threads busy, fewer deeper ones give steadier suggestions.")
@click.option("--seed", type=INT, default=0, show_default=True, help="Search seed (0..2^64-1).")
@click.option("--top", type=INT, default=8, show_default=True, help="Candidate moves to show.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for programs.")
@data_option()
@position_input("a position file (JSON, as written by `boardlab position`); - reads standard input.",
                required=True)
def suggest(game, position_path, iterations, seconds, jobs, searches, seed, top, as_json, data_path):
    """Rank the moves of the player to act in a position by ISMCTS."""
    import json

    from solver.games.datafiles import note
    from solver.games.positions import load_position
    from solver.search.best_move import SAME_OUTCOME_PLAYOUTS, analyse, mark, ties_best

    if iterations is not None and seconds is not None:
        raise BoardlabError("give --iterations or --time, not both")
    if iterations is None and seconds is None:
        iterations = 20000
    if iterations is not None:
        check_int("--iterations", iterations, 1, ITERATIONS_MAX)
    if seconds is not None:
        check_seconds("--time", seconds)
    check_int("--jobs", jobs, 1, MAX_JOBS)
    if searches is not None:
        check_int("--searches", searches, 1, MAX_JOBS)
        if iterations is not None and searches > iterations:     # the trees past the iterations stay empty
            raise BoardlabError(f"--searches {searches} is more than --iterations {iterations}: each search "
                                "needs at least one iteration")
    check_int("--seed", seed, 0, MAX_SEED)
    check_int("--top", top, 1, sys.maxsize)
    state = load_position(position_path, game, data=data_path)
    game = state.game_name                 # --game only checks the position; the position names its game
    candidates = analyse(state, iterations=iterations, time=seconds, jobs=jobs, seed=seed, searches=searches)
    if seconds is not None and not sum(c["visits"] for c in candidates):   # a loaded machine may spend it on setup
        raise BoardlabError(f"--time {seconds} ended before the search's first iteration: give more time")
    shown = candidates[:top]
    line = note(game)
    if as_json:
        extra = {"data": state.data_hash, "note": line} if line else {}
        click.echo(json.dumps({"game": game, "player": state.current_player(), "candidates": shown, **extra},
                              indent=2))
        return
    if line:
        click.echo(line, err=True)
    total = sum(c["visits"] for c in candidates)
    click.echo(f"seat {state.current_player()} to move; {total} root visits over {len(candidates)} moves")
    width = max([len(c["name"]) for c in shown] + [4])
    click.echo(f"{'#':>3s} {'move':{width}s} {'visits':>8s} {'win prob':>8s} {'value':>7s} {'exp. score':>10s}")
    for rank, c in enumerate(shown, 1):
        click.echo(f"{mark(c, rank == 1) or ' '}{rank:2d} {c['name']:{width}s} {c['visits']:8d} {c['win_prob']:8.3f} "
                   f"{c['mean_reward']:7.3f} {c['expected_score']:10.1f}")
        # the line of play on its own line: named moves are long, and each names the seat that plays it
        if c["pv_names"][1:]:
            click.echo(f"{'':4s}then {'; '.join(c['pv_names'][1:])}")
        click.echo(f"{'':4s}notation: {', '.join(c['pv'])}")
    marks = [mark(c) for c in candidates[1:]]
    reordered, alike, tied = marks.count("~"), marks.count("*"), marks.count("=")
    if reordered:
        click.echo(f"~ the same moves this turn as #1 in another order (each line plays the other's move before "
                   f"the turn passes): {reordered} such move{'s' if reordered > 1 else ''}")
    if alike:
        click.echo(f"* no difference: {SAME_OUTCOME_PLAYOUTS} paired playouts after this move and after #1 end with "
                   f"the same scores: {alike} such move{'s' if alike > 1 else ''}")
    if tied:
        click.echo(f"= the search cannot tell this move from #1 at this budget (the value column, the search's reward "
                   f"blending place or margin with the own score, within 95% error of #1's; win prob may differ): "
                   f"{tied} such move{'s' if tied > 1 else ''}; more iterations may separate them")
    # ties_best(c, #1) is False when c's value exceeds #1's by more than the error of the difference
    better = [rank for rank, c in enumerate(shown[1:], 2) if not ties_best(c, candidates[0])]
    if better:
        click.echo(f"#1 leads on visits, not on value: the search values #{better[0]} higher, beyond its error; at "
                   f"this budget the playout policy's preference still steers the visits: more iterations decide")
