"""``boardlab compare``: two variants of a game (data files and/or options, or two existing runs)
played on the same deals by the same agents, then the differences with intervals and a verdict per
measure (solver.runs.study plays, analysis.compare compares)."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import click
import numpy as np

from engine_c.errors import BoardlabError
from solver.cli.common import INT, backend_options, echo_note, parse_options, play_study
from solver.runs.config import MAX_SEED, check_int

SHIPPED = "shipped"
CAUSAL_SAVE_EVERY = 10          # compare --causal: every 10th position of each game is saved and may be valued


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


def comparison_text(measures, kinds, a_text, b_text, agents, paired, changes="none"):
    """The printed answer: what was compared, by whom, then one verdict line per measure; each kind
    is labelled 'changed' (its numbers differ in the data) or 'indirect'."""
    from analysis.changed import CHANGED

    lines = [f"A: {a_text}", f"B: {b_text}", f"changed in the data: {changes}",
             f"agents: {', '.join(agents)} (every figure is about these agents' play); "
             + ("paired: the same deals in A and B" if paired else "unpaired: A and B were dealt other games")]
    lines.append(f"{'measure':40s} {'A':>8s} {'B':>8s} {'B - A':>8s} {'95% CI':>20s}  verdict")
    for row in measures.itertuples():
        lines.append(f"{row.label[:40]:40s} {row.a:8.3f} {row.b:8.3f} {row.diff:+8.3f} "
                     f"[{row.lo:+8.3f}, {row.hi:+8.3f}]  {row.verdict}")
    if len(kinds):
        tested = int(np.isfinite(kinds["diff"]).sum())
        lines.append(f"value of each kind (VP per unit taken; {tested} kinds tested). 'changed': the kind's own "
                     "numbers differ in the data; 'indirect': they do not, so a flag is the change's effect on "
                     "play, or chance (about 5% of kinds with no effect are flagged)")
        order = kinds.assign(first=kinds["change"] != CHANGED, size=-kinds["diff"].abs())
        for row in order.sort_values(["first", "size"]).itertuples():
            tag = "changed" if row.change == CHANGED else "indirect"
            lines.append(f"  {row.label[:34]:34s} {tag:8s} {row.value_a:8.2f} {row.value_b:8.2f} {row.diff:+8.2f} "
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
@click.option("--seed-b", type=INT, default=None,
              help="Root seed of B alone (default: --seed). Another seed deals B other games, compared "
                   "unpaired: the same variant twice then measures how often compare flags a difference "
                   "where there is none.")
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="Study folder; default runs/compare-<game>-seed<seed>/ (with --seed-b: "
                   "runs/compare-<game>-seed<seed>-<seed-b>/). The same command again continues.")
@click.option("--causal", "causal_kinds", default="", metavar="KINDS",
              help="Also value these kinds (comma-separated, e.g. keep,tavern) by forced takes in each variant's "
                   f"saved positions (every {CAUSAL_SAVE_EVERY}th; a study played without --causal keeps none) "
                   "and compare the values: what the change did to a kind's worth, not its association.")
@click.option("--continuations", type=INT, default=8, show_default=True,
              help="With --causal: pairs of continuations per position and kind.")
@click.option("--positions-per-kind", type=INT, default=60, show_default=True,
              help="With --causal: saved positions per kind and variant at most (0: all).")
@backend_options
def compare(variant_a, variant_b, game, players, agents, num_games, seed, seed_b, out, causal_kinds, continuations,
            positions_per_kind, jobs, backend, address, progress):
    """Compare two variants: A and B are each 'shipped', a data file, KEY=VALUE options joined by '+',
    or an existing run folder (then both must be runs)."""
    from analysis.changed import changed_kinds, describe_changes, run_data, variant_data, with_change_labels
    from analysis.compare import game_measures, kind_values, plot_comparison
    from analysis.load import load_runs
    from analysis.plots import save_png

    check_int("--seed", seed, 0, MAX_SEED)
    if seed_b is not None:
        check_int("--seed-b", seed_b, 0, MAX_SEED)
    check_int("--continuations", continuations, 1, 10**6)
    check_int("--positions-per-kind", positions_per_kind, 0, 10**9)
    causal = [k.strip() for k in causal_kinds.split(",") if k.strip()]
    if _is_run(variant_a) or _is_run(variant_b):
        if seed_b is not None:
            raise BoardlabError("--seed-b is for variants to play; runs keep the seeds they were played with")
        if not (_is_run(variant_a) and _is_run(variant_b)):
            raise BoardlabError("A and B must both be run folders, or both variants to play")
        paths = [Path(variant_a), Path(variant_b)]
        sa, sb = _manifest_settings(paths[0]), _manifest_settings(paths[1])
        if sa["game"] != sb["game"] or sa["players"] != sb["players"]:
            raise BoardlabError(f"A and B are runs of different games or player counts "
                                f"({sa['game']} {sa['players']}p, {sb['game']} {sb['players']}p)")
        paired = sa["seed"] == sb["seed"] and sa["agents"] == sb["agents"] and sa.get("paired") == sb.get("paired")
        game, agents = sa["game"], sa["agents"]
        _check_causal(game, causal)
        a_text, b_text = f"run {paths[0]}", f"run {paths[1]}"
        data_a, data_b = run_data(paths[0]), run_data(paths[1])
        out = out or Path("runs") / f"compare-{game}-runs"
    else:
        variants = [parse_variant(variant_a, "A"), parse_variant(variant_b, "B")]
        if game is None:
            raise BoardlabError("--game is needed to play two variants")
        from solver.runs.config import RunConfig
        from solver.runs.study import StudyRun, slug

        _check_causal(game, causal)
        agents = list(agents) or ["ismcts"]
        seeds = (seed, seed if seed_b is None else seed_b)
        study_runs = [StudyRun(f"{tag}-{slug(text)}",
                               RunConfig(game=game, players=players, agents=tuple(agents), games=num_games,
                                         seed=root, options=options), data,
                               save_positions=CAUSAL_SAVE_EVERY if causal else 0)
                      for tag, text, (data, options), root in zip("ab", (variant_a, variant_b), variants, seeds)]
        paired = seeds[0] == seeds[1]
        out = out or Path("runs") / (f"compare-{game}-seed{seed}" if paired else f"compare-{game}-seed{seed}-{seeds[1]}")
        study_runs = _with_saved_positions(study_runs, out)
        paths = play_study(study_runs, out, jobs, backend, address, progress)
        a_text, b_text = (_describe(*v) for v in variants)
        data_a, data_b = (variant_data(game, data) for data, _ in variants)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    a, b = (load_runs([path]) for path in paths)      # each on its own: variants may hold other data
    measures = game_measures(a, b, paired)
    kinds = kind_values(a, b, paired)
    kinds = with_change_labels(kinds, changed_kinds(game, data_a, data_b, kinds["feature"]))
    pd_table = measures.assign(section="game").to_csv(index=False, float_format="%.6g")
    (out / "compare.csv").write_text(pd_table)
    kinds.to_csv(out / "compare_kinds.csv", index=False, float_format="%.6g")
    save_png(plot_comparison(measures, kinds, f"{game}: B ({b_text}) - A ({a_text}); agents: {', '.join(agents)}"),
             out / "compare.png")
    click.echo(comparison_text(measures, kinds, a_text, b_text, agents, paired, describe_changes(data_a, data_b)))
    if causal:
        click.echo(causal_section(paths, out, causal, continuations, positions_per_kind, agents, jobs, seed,
                                  paired, progress))
    echo_note(game, err=True)
    click.echo(f"study: {out} (compare.csv, compare_kinds.csv, compare.png)")


def _check_causal(game, kinds):
    """BoardlabError (one line) for a --causal kind the game does not have, before a game is played."""
    from analysis.kinds import kind_groups, known_kinds

    known = known_kinds(game)
    unknown = [k for k in kinds if k not in known and k not in kind_groups(game)]
    if unknown:
        raise BoardlabError(f"--causal: unknown kind(s) {', '.join(unknown)} for {game} (known: {', '.join(known)}; "
                            f"groups: {', '.join(sorted(kind_groups(game)))})")


def _with_saved_positions(study_runs, out):
    """The study's runs, each keeping the positions its begun run saves (a study begun with --causal
    goes on saving them without it); BoardlabError when --causal asks for positions a study begun
    without it never saved."""
    from solver.runs.study import run_path

    kept_runs = []
    for study_run in study_runs:
        manifest = run_path(out, study_run) / "_manifest.json"
        kept = json.loads(manifest.read_text()).get("save_positions") or 0 if manifest.is_file() else None
        if kept == 0 and study_run.save_positions:
            raise BoardlabError(f"{out} holds a compare study begun without --causal (no saved positions): "
                                "give another --out for --causal")
        kept_runs.append(dataclasses.replace(study_run, save_positions=kept) if kept else study_run)
    return kept_runs


def causal_section(paths, out, kinds, continuations, positions_per_kind, agents, jobs, seed, paired, progress):
    """Value ``kinds`` by forced takes in both runs' saved positions (``OUT/values-a``, ``OUT/values-b``,
    continued when the same command is given again) and return the text comparing the values."""
    import pandas as pd

    from analysis.compare_causal import causal_differences, causal_text
    from solver.cli.values import values_command
    from solver.runs.forced_takes import PAIRS as PAIRS_FILE

    game = _manifest_settings(paths[0])["game"]
    pairs = []
    for tag, path in zip("ab", paths):
        folder = Path(out) / f"values-{tag}"
        if not (folder / PAIRS_FILE).is_file():
            resume = folder.is_dir() and any(folder.iterdir())
            values_command(path, folder, ",".join(kinds), continuations, positions_per_kind, agents, jobs, seed,
                           resume, progress)
        pairs.append(pd.read_parquet(folder / PAIRS_FILE))
    table = causal_differences(pairs[0], pairs[1], game, paired)
    table.to_csv(Path(out) / "compare_causal.csv", index=False, float_format="%.6g")
    return causal_text(table, agents) + "\n(compare_causal.csv; the pairs in values-a/ and values-b/)"
