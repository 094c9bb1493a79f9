"""``boardlab compensation``: the starting points that even out the seats, fitted from self-play at
several bonuses and checked on fresh games (solver.runs.study plays, analysis.compensation fits)."""
from __future__ import annotations

from pathlib import Path

import click

from engine_c.errors import BoardlabError
from solver.cli.common import (INT, backend_options, data_option, echo_note, fail, options_option,
                               parse_options, play_study)
from engine_c.validate import SEAT_VP_MAX
from solver.runs.config import MAX_GAMES, MAX_SEED, check_int

BONUS_GRID = "0,2,4,6,8,10"
CHECK_SEED_KEY = 0xC0FFEE        # the check games' root seed is derived from --seed and this: other deals


def _reach(players):
    """The largest |b| a schedule can give: the seat furthest from the favoured one gets (n-1)*|b|."""
    return SEAT_VP_MAX // max(players - 1, 1)


def _grid(text, players):
    """``--bonus`` as a sorted list of distinct whole points, negative ones giving the points to the
    earlier seats; every schedule within what seat_vp can give."""
    try:
        values = sorted({int(part) for part in str(text).split(",") if part.strip()})
    except ValueError:
        raise BoardlabError(f"--bonus must be whole points separated by commas, e.g. {BONUS_GRID}; got {text!r}") from None
    reach = _reach(players)
    if len(values) < 2 or values[0] < -reach or values[-1] > reach:
        raise BoardlabError(f"--bonus needs two or more values in -{reach}..{reach} at {players} players "
                            f"(a seat starts with at most {SEAT_VP_MAX} points), got {text!r}")
    return values


def _runs(game, players, agent, bonuses, games, seed, options, data, tag):
    """One self-play run per bonus of the schedule (solver.runs.study)."""
    from analysis.compensation import schedule
    from solver.runs.config import RunConfig
    from solver.runs.study import StudyRun, slug

    if any(key == "seat_vp" for key, _ in options):
        raise BoardlabError("--option seat_vp is what compensation varies: give --bonus instead")
    return [StudyRun(f"{tag}-{game}-{players}p-{slug(agent)}-bonus{bonus}",
                     RunConfig(game=game, players=players, agents=(agent,), games=games, seed=seed,
                               options=tuple(sorted(options + (("seat_vp", schedule(bonus, players)),)))),
                     data)
            for bonus in bonuses]


@click.command()
@click.option("--game", required=True, help="Game short name (see `boardlab games`).")
@click.option("--players", type=INT, default=2, show_default=True, help="Players per game.")
@click.option("--agent", default="ismcts", show_default=True, help="Agent playing every seat.")
@click.option("--bonus", "bonus_text", default=BONUS_GRID, show_default=True,
              help="Bonuses b to play: seat k starts with k*b points (seat_vp=0,b,2b,...); a negative b gives "
                   "the points to the earlier seats (seat_vp=2|b|,|b|,0), for games whose later seats are favoured.")
@click.option("--games", "num_games", type=INT, default=100, show_default=True, help="Games per bonus of the fit.")
@click.option("--check-games", type=INT, default=400, show_default=True,
              help="Fresh games (other seeds) at the chosen whole-point bonus (0: no check).")
@click.option("--seed", type=INT, default=0, show_default=True, help="Root seed of the fit's runs (0..2^64-1).")
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="Study folder; default runs/compensation-<game>-<players>p-seed<seed>/. "
                   "The same command again continues a stopped study.")
@backend_options
@data_option()
@options_option()
def compensation(game, players, agent, bonus_text, num_games, check_games, seed, out, jobs, backend, address,
                 progress, data_path, options):
    """Fit the starting bonus that evens out the seats, then check it on fresh games."""
    import numpy as np

    from analysis.compensation import bonus_words, checked, chosen_bonus, fit_compensation, schedule, whole_point_check
    from analysis.load import load_runs

    check_int("--seed", seed, 0, MAX_SEED)
    check_int("--games", num_games, 1, MAX_GAMES)
    check_int("--check-games", check_games, 0, MAX_GAMES)
    bonuses = _grid(bonus_text, players)
    options = parse_options(options)
    out = out or Path("runs") / f"compensation-{game}-{players}p-seed{seed}"
    fit_runs = _runs(game, players, agent, bonuses, num_games, seed, options, data_path, "fit")
    paths = play_study(fit_runs, out, jobs, backend, address, progress)
    frame = load_runs(paths)
    bonus_of = {r.name: b for r, b in zip(fit_runs, bonuses)}
    fit = fit_compensation(frame, bonus_of)
    fair = fit["fair"]
    lines = [f"{game}, {players} players, {agent} in every seat: the start player's win share against a bonus "
             f"of b points per later seat (seat k starts with k*b; a negative b gives the points to the earlier seats); "
             f"fair share {100 * fair:.1f}%",
             f"  {'bonus':>5s} {'games':>6s} {'win share':>9s} {'95% CI':>16s}"]
    for row in fit["measured"].itertuples():
        lines.append(f"  {row.bonus:5.0f} {row.games:6d} {100 * row.win_share:8.1f}% [{100 * row.lo:5.1f}, {100 * row.hi:5.1f}]%")
    if not np.isfinite(fit["bonus"]):
        fail("the fitted curve is flat: the bonus does not move the start player's share at these games")
    lines.append(f"fitted curve (binomial GLM, logit): crosses the fair share at b = {fit['bonus']:.2f} "
                 f"[{fit['bonus_lo']:.2f}, {fit['bonus_hi']:.2f}] points"
                 + ("; below zero: the later seats are favoured, so the points go to the start player"
                    if fit["bonus"] < 0 else ""))
    chosen = chosen_bonus(fit)
    if chosen == 0 and round(fit["bonus"]) != 0:
        lines.append("the crossing's interval holds 0: no seat advantage found at these games, so no bonus "
                     "(b = 0); more fit games narrow the interval")
    if abs(chosen) > _reach(players):
        fail(f"the curve crosses the fair share at b = {fit['bonus']:.1f}, beyond the {SEAT_VP_MAX} starting "
             "points seat_vp can give: play bonuses nearer the crossing (--bonus)")
    for row in whole_point_check(fit, chosen).itertuples():
        lines.append(f"  whole points b = {row.bonus} ({bonus_words(row.bonus, players)}): "
                     f"the curve gives {100 * row.predicted:.1f}% "
                     f"[{100 * row.lo:.1f}, {100 * row.hi:.1f}]%, {row.nearer}; {row.side}")
    result = dict(chosen=chosen, fit=fit["bonus"], fit_lo=fit["bonus_lo"], fit_hi=fit["bonus_hi"])
    if check_games:
        check_seed = int(np.random.SeedSequence([seed, CHECK_SEED_KEY]).generate_state(1, np.uint64)[0])
        check_runs = _runs(game, players, agent, [chosen], check_games, check_seed, options, data_path, "check")
        check = checked(load_runs(play_study(check_runs, out, jobs, backend, address, progress)), fair)
        verdict = "holds" if check["holds"] else "does not hold"
        lines.append(f"check on {check['games']} fresh games (seed {check_seed}) at b = {chosen} "
                     f"({bonus_words(chosen, players)}): the start player "
                     f"wins {100 * check['win_share']:.1f}% [{100 * check['lo']:.1f}, {100 * check['hi']:.1f}]%, "
                     f"p = {check['p']:.3f} against {100 * fair:.1f}%: the compensation {verdict} ({check['side']})")
        result.update({f"check_{k}": v for k, v in check.items()})
    import json

    (out / "compensation.json").write_text(json.dumps(result, indent=2, default=float) + "\n")
    click.echo("\n".join(lines))
    echo_note(game, err=True)
    click.echo(f"suggested option: --option seat_vp={schedule(chosen, players)} ({bonus_words(chosen, players)}); "
               f"study: {out}")
