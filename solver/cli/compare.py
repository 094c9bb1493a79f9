"""``boardlab compare``: two variants of a game (data files and/or options, or two existing runs)
played on the same deals by the same agents, then the differences with intervals and a verdict per
measure (solver.runs.study plays, analysis.compare compares)."""
from __future__ import annotations

import json
from pathlib import Path

import click
import numpy as np

from engine_c.errors import BoardlabError
from solver.cli.common import INT, backend_options, echo_note, parse_options, play_study
from solver.runs.config import MAX_SEED, check_int

SHIPPED = "shipped"


def parse_variant(text, name):
    """A variant as (data file or None, options): ``shipped``, a data file (``.json``), ``KEY=VALUE``
    options, or several of these joined by '+' (``manor2.json+winter=true``)."""
    data, pairs = None, []
    for part in str(text).split("+"):
        part = part.strip()
        if not part or part == SHIPPED:
            continue
        if "=" in part:
            pairs.append(part)
        elif part.endswith(".json"):
            if data is not None:
                raise BoardlabError(f"variant {name}: two data files ({data}, {part})")
            data = Path(part)
        else:
            raise BoardlabError(f"variant {name}: {part!r} is not a data file (.json), KEY=VALUE or {SHIPPED}")
    return data, parse_options(pairs)


def _is_run(text):
    """True when ``text`` names an existing run folder (its manifest is there)."""
    return (Path(text) / "_manifest.json").is_file()


def _describe(data, options):
    """A variant in words: its data file and options."""
    from solver.games.options import describe

    parts = ([f"data {data}"] if data else []) + ([describe(options)] if options else [])
    return ", ".join(parts) or "shipped data, no options"


def _manifest_settings(path):
    """The settings a run was played with (its manifest)."""
    return json.loads((Path(path) / "_manifest.json").read_text())["settings"]


def comparison_text(measures, kinds, a_text, b_text, agents, paired):
    """The printed answer: what was compared, by whom, then one verdict line per measure."""
    lines = [f"A: {a_text}", f"B: {b_text}",
             f"agents: {', '.join(agents)} (every figure is about these agents' play); "
             + ("paired: the same deals in A and B" if paired else "unpaired: the runs do not share their deals")]
    lines.append(f"{'measure':40s} {'A':>8s} {'B':>8s} {'B - A':>8s} {'95% CI':>20s}  verdict")
    for row in measures.itertuples():
        lines.append(f"{row.label[:40]:40s} {row.a:8.3f} {row.b:8.3f} {row.diff:+8.3f} "
                     f"[{row.lo:+8.3f}, {row.hi:+8.3f}]  {row.verdict}")
    if len(kinds):
        tested = int(np.isfinite(kinds["diff"]).sum())
        lines.append(f"value of each kind (VP per unit taken; {tested} kinds tested: about 5% of unchanged kinds "
                     "are flagged by chance)")
        for row in kinds.assign(order=-kinds["diff"].abs()).sort_values("order").itertuples():
            lines.append(f"  {row.label[:38]:38s} {row.value_a:8.2f} {row.value_b:8.2f} {row.diff:+8.2f} "
                         f"[{row.lo:+8.2f}, {row.hi:+8.2f}]  {row.verdict}")
    return "\n".join(lines)


@click.command()
@click.argument("variant_a", metavar="A")
@click.argument("variant_b", metavar="B")
@click.option("--game", default=None, help="Game short name (not needed when A and B are runs).")
@click.option("--players", type=INT, default=2, show_default=True, help="Players per game.")
@click.option("--agent", "agents", multiple=True,
              help="Agent spec, once per seat or fewer (rotated over the seats), e.g. study (the "
                   "mass-simulation preset); default: ismcts.")
@click.option("--games", "num_games", type=INT, default=400, show_default=True, help="Games per variant.")
@click.option("--seed", type=INT, default=0, show_default=True, help="Root seed: the deals both variants play.")
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="Study folder; default runs/compare-<game>-seed<seed>/. The same command again continues.")
@backend_options
def compare(variant_a, variant_b, game, players, agents, num_games, seed, out, jobs, backend, address, progress):
    """Compare two variants: A and B are each 'shipped', a data file, KEY=VALUE options joined by '+',
    or an existing run folder (then both must be runs)."""
    from analysis.compare import game_measures, kind_values, plot_comparison
    from analysis.load import load_runs
    from analysis.plots import save_png

    check_int("--seed", seed, 0, MAX_SEED)
    if _is_run(variant_a) or _is_run(variant_b):
        if not (_is_run(variant_a) and _is_run(variant_b)):
            raise BoardlabError("A and B must both be run folders, or both variants to play")
        paths = [Path(variant_a), Path(variant_b)]
        sa, sb = _manifest_settings(paths[0]), _manifest_settings(paths[1])
        if sa["game"] != sb["game"] or sa["players"] != sb["players"]:
            raise BoardlabError(f"A and B are runs of different games or player counts "
                                f"({sa['game']} {sa['players']}p, {sb['game']} {sb['players']}p)")
        paired = sa["seed"] == sb["seed"] and sa["agents"] == sb["agents"] and sa.get("paired") == sb.get("paired")
        game, agents = sa["game"], sa["agents"]
        a_text, b_text = f"run {paths[0]}", f"run {paths[1]}"
        out = out or Path("runs") / f"compare-{game}-runs"
    else:
        variants = [parse_variant(variant_a, "A"), parse_variant(variant_b, "B")]
        if game is None:
            raise BoardlabError("--game is needed to play two variants")
        from solver.runs.config import RunConfig
        from solver.runs.study import StudyRun, slug

        agents = list(agents) or ["ismcts"]
        study_runs = [StudyRun(f"{tag}-{slug(text)}",
                               RunConfig(game=game, players=players, agents=tuple(agents), games=num_games,
                                         seed=seed, options=options), data)
                      for tag, text, (data, options) in zip("ab", (variant_a, variant_b), variants)]
        out = out or Path("runs") / f"compare-{game}-seed{seed}"
        paths = play_study(study_runs, out, jobs, backend, address, progress)
        paired = True
        a_text, b_text = (_describe(*v) for v in variants)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    a, b = (load_runs([path]) for path in paths)      # each on its own: variants may hold other data
    measures = game_measures(a, b, paired)
    kinds = kind_values(a, b)
    pd_table = measures.assign(section="game").to_csv(index=False, float_format="%.6g")
    (out / "compare.csv").write_text(pd_table)
    kinds.to_csv(out / "compare_kinds.csv", index=False, float_format="%.6g")
    save_png(plot_comparison(measures, kinds, f"{game}: B ({b_text}) - A ({a_text}); agents: {', '.join(agents)}"),
             out / "compare.png")
    click.echo(comparison_text(measures, kinds, a_text, b_text, agents, paired))
    echo_note(game, err=True)
    click.echo(f"study: {out} (compare.csv, compare_kinds.csv, compare.png)")
