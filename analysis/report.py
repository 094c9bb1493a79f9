"""One self-contained HTML report of simulation results.

:func:`write_report` reads the runs, computes every table, draws every figure, writes the PNGs
and ``index.html`` (figures embedded as base64, tables from ``DataFrame.to_html``) into
``out_dir``. The output depends only on the input: no clock, no host names, PNGs without
software metadata, seeded bootstraps.
"""
from __future__ import annotations

import contextlib
import html
import json
import re
from pathlib import Path

import numpy as np
import pandas as pd

from analysis import plots, stats
from analysis.games import game_title, placeholder_note
from analysis.causal import plot_causal_values, read_values
from analysis.load import data_info, find_runs, find_values, is_values_dir, load_runs
from analysis.names import has_manifest, holds_results
from analysis.lineups import is_self_play
from analysis.ratings import ratings
from analysis.reportdoc import (Doc as _Doc, ci as _ci, ci_pct as _ci_pct, num as _num,
                                p_value as _p, pct as _pct)
from analysis.report_seats import seat_section
from analysis.values import tile_values
from engine_c.errors import BoardlabError

N_BOOT = 200
SEED = 0

CSS = """
body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;font-size:0.85em;margin:0.5em 0 1em}
th,td{border:1px solid #ccc;padding:2px 6px;text-align:right}
th{background:#f0f0f0}
td:first-child,th:first-child{text-align:left}
img{max-width:100%;border:1px solid #eee}
.note{background:#f8f8f0;border-left:4px solid #c9b458;padding:0.4em 0.8em;font-size:0.9em}
.warn{background:#fdf0ef;border-left:4px solid #c44e52;padding:0.4em 0.8em;font-size:0.9em}
pre{background:#f6f6f6;padding:0.5em;font-size:0.8em;overflow-x:auto}
"""

METHODS = [
    ("Win rates and shares",
     "Each game's win goes to the player ranked first after the tie-breaks; if several players "
     "still share first place each gets 1/k of the win, so win credits in a game sum to 1. "
     "95% intervals are Wilson score intervals."),
    ("Seat advantage",
     "For each player count: the share of games won from each seat with Wilson 95% intervals, "
     "an exact two-sided binomial test of each seat's share against the fair share 1/n, and a "
     "chi-square goodness-of-fit test of all seats' wins against equal shares (df = n-1). Mean "
     "score by seat with Student-t 95% intervals. Computed per line-up of agents (never pooled "
     "across agents: a seat's edge depends on how the agents play). This reads as a seat effect "
     "only when every seat saw the same mix of agents (self-play or rotated seats); the report "
     "warns otherwise, and where one agent won every game it shows no interval or test."),
    ("Ratings",
     "Plackett-Luce model of the finishing order (Bradley-Terry with two players), fitted by "
     "maximum likelihood with Hunter's MM algorithm; shared places are averaged over their "
     "orders; a weak prior of one virtual game per agent keeps ratings finite. Shown on an "
     "Elo-like scale (400*log10 of the worth, agents' mean = 0); 95% intervals from a "
     f"bootstrap over games ({N_BOOT} resamples, seed {SEED})."),
    ("Tile and card values",
     "Two regressions over all player rows of a game: ordinary least squares of the final score, "
     "and a linear probability model of the win credit, on the feature columns plus an "
     "intercept, one dummy per (player count, seat) and one per agent. Coefficients are points "
     "(or percentage points of win probability) per tile/card/unit, holding the other features, "
     "the seat and the agent fixed. 95% intervals use cluster-robust (CR1) standard errors with "
     "games as clusters (in a paired run, the games sharing a deal). These are associations in "
     "the simulated games (self-play or not), not causal effects: a tile can "
     "look valuable because strong positions take it, and the controls remove only seat and "
     "agent differences. With dozens of features, about 1 in 20 intervals of a worthless "
     "feature will miss zero by chance."),
    ("Interventional values",
     "From positions saved in the runs (boardlab values), each kind the player to act could take "
     "is forced, and the same world (hidden information redrawn once per continuation) is also "
     "played with the player choosing freely; both branches continue with the same agents and "
     "the same seeds (common random numbers). The value of a kind is the mean difference in the "
     "player's final score (and win credit) over the pairs in which the free player did not take "
     "it in that turn; 'vs own choice' averages over all pairs. 95% intervals: cluster-robust "
     "(statsmodels), the games the positions came from as clusters, t on clusters - 1 degrees of freedom. The "
     "association (tile values above) sits beside it; the two measure different things (a take "
     "now against points per tile held at the end) and are flagged where their intervals do not "
     "overlap. Values hold for the agents that played the continuations."),
    ("Game length, scores, lead changes",
     "Decisions per game (all players), wall time, lead changes (times the unique score leader "
     "changed) and the tie-break share per player count; score distributions by agent with "
     "Student-t 95% intervals of the mean."),
]


# --------------------------------------------------------------------------- sections

def _overview(doc: _Doc, d: pd.DataFrame):
    rows = []
    for n, s in d.groupby("players", sort=True):
        g = s.drop_duplicates(["run", "game_index"])
        rows.append({"players": int(n), "games": len(g), "player rows": len(s),
                     "agents": ", ".join(sorted(s["agent"].unique())),
                     "runs": ", ".join(sorted(s["run"].unique()))})
    doc.table(pd.DataFrame(rows))


def _win_rates(doc: _Doc, d: pd.DataFrame):
    solo = is_self_play(d)
    rows = []
    if (~solo).any():
        w = stats.win_rates(d[~solo])
        rows.append(pd.DataFrame({
            "players": w["players"], "agent": w["agent"], "games against": "other agents",
            "n (player-games)": w["n"], "wins": w["wins"].map(lambda x: _num(x, 1)),
            "win rate": w["win_rate"].map(_pct),
            "95% CI": [_ci_pct(a, b) for a, b in zip(w["lo"], w["hi"])],
            "fair share": w["fair"].map(_pct), "mean score": w["mean_score"].map(_num)}))
    if solo.any():
        # one agent in every seat wins 1/players of the credits whatever it does: no interval
        w = stats.win_rates(d[solo])
        rows.append(pd.DataFrame({
            "players": w["players"], "agent": w["agent"], "games against": "itself (self-play)",
            "n (player-games)": w["n"], "wins": w["wins"].map(lambda x: _num(x, 1)),
            "win rate": w["win_rate"].map(_pct),
            "95% CI": "none: 1/players by construction",
            "fair share": w["fair"].map(_pct), "mean score": w["mean_score"].map(_num)}))
    doc.table(pd.concat(rows, ignore_index=True))
    if solo.any():
        doc.p("Self-play: one agent in every seat wins 1/players of the games by construction, so "
              "its win rate carries no interval; see the seat advantage below.", "note")


def _ratings(doc: _Doc, d: pd.DataFrame, game: str, slug: str):
    r = ratings(d, n_boot=N_BOOT, seed=SEED)
    if r.empty:
        doc.p("No games between different agents: nothing to rate.", "note")
        return
    if r["pool"].nunique() > 1:
        doc.p("Some agents never met (directly or through others); each pool of linked agents "
              "is rated on its own scale, and ratings in different pools cannot be compared.",
              "warn")
    left_out = sorted(set(d["agent"]) - set(r["agent"]))
    if left_out:
        doc.p("Seen only in self-play, so not rated: " + ", ".join(left_out) + ".", "note")
    doc.table(pd.DataFrame({
        "pool": r["pool"], "agent": r["agent"], "games": r["games"], "seats": r["seats"],
        "win rate per seat": r["win_rate"].map(_pct),
        "rating": r["rating"].map(lambda x: _num(x, 0)),
        "95% CI": [("unbounded: " + ("always ahead" if w > 0.5 else "always behind"))
                   if sep else _ci(a, b, 0) or "none: the games all ended alike"
                   for a, b, sep, w in zip(r["lo"], r["hi"], r["separated"], r["win_rate"])]}))
    if r["separated"].any():
        doc.p("An agent that finished ahead of (or behind) every other agent's players in all its games "
              "has no finite maximum-likelihood rating; the weak prior places it, and only the "
              "direction is informative. Play more games or closer opponents.", "note")
    doc.figure(plots.plot_ratings(r, game), f"{slug}_ratings", f"{game} ratings")


def _scores(doc: _Doc, d: pd.DataFrame, game: str, slug: str):
    s = stats.score_summary(d)
    doc.table(pd.DataFrame({
        "players": s["players"], "agent": s["agent"], "n": s["n"], "mean": s["mean"].map(_num),
        "95% CI": [_ci(a, b) for a, b in zip(s["lo"], s["hi"])], "sd": s["sd"].map(_num),
        "min": s["min"].map(lambda x: _num(x, 0)), "25%": s["p25"].map(_num),
        "median": s["median"].map(_num), "75%": s["p75"].map(_num),
        "max": s["max"].map(lambda x: _num(x, 0))}))
    doc.figure(plots.plot_score_distributions(d, game), f"{slug}_scores",
               f"{game} score distributions")


def _length(doc: _Doc, d: pd.DataFrame, game: str, slug: str):
    g = stats.game_length(d)
    doc.table(pd.DataFrame({
        "players": g["players"], "games": g["games"],
        "decisions/game": g["turns_mean"].map(_num), "sd": g["turns_sd"].map(_num),
        "10%-90%": [f"{_num(a, 0)}-{_num(b, 0)}" for a, b in zip(g["turns_p10"], g["turns_p90"])],
        "seconds/game": g["duration_mean_s"].map(lambda x: _num(x, 2)),
        "lead changes": g["lead_changes_mean"].map(lambda x: _num(x, 2)),
        "95% CI": [_ci(a, b, 2) for a, b in zip(g["lead_changes_lo"], g["lead_changes_hi"])],
        "no lead change": g["no_lead_change_share"].map(_pct),
        "tie-break decided": g["tiebreak_share"].map(_pct),
        "winning score": g["winning_score_mean"].map(_num),
        "winning margin": g["margin_mean"].map(_num)}))
    doc.figure(plots.plot_game_length(d, game), f"{slug}_length", f"{game} game length")


def _budget(doc: _Doc, d: pd.DataFrame, game: str, slug: str) -> bool:
    b = stats.budget_table(d)
    if b.empty:
        return False
    doc.h(3, "Search budget")
    doc.table(pd.DataFrame({
        "players": b["players"], "agent": b["family"], "iterations": b["iterations"],
        "n": b["n"], "win rate": b["win_rate"].map(_pct),
        "95% CI": [_ci_pct(x, y) for x, y in zip(b["lo"], b["hi"])],
        "mean score": b["mean_score"].map(_num)}))
    doc.figure(plots.plot_budget(d, game), f"{slug}_budget", f"{game} search budget")
    return True


def _values(doc: _Doc, d: pd.DataFrame, game: str, slug: str):
    v = tile_values(d)
    title = {"burgundy": "Tile values", "sanjuan": "Card values", "seasons": "Card and building values",
             "tiletum": "Tile values"}.get(game, "Feature values")
    doc.h(3, title)
    if v.empty:
        doc.p("No feature columns (f_*) in these results.", "note")
        return
    doc.p("Method: OLS of final score and a linear probability model of winning on the feature "
          "columns, with dummies for seat (per player count) and agent; 95% cluster-robust "
          "intervals, games as clusters (n=" + f"{int(v['games'].max())} games, "
          f"{int(v['n'].max())} player rows). Read these as associations in the simulated games, "
          "not causal values: the controls remove seat and agent differences only, and with "
          f"{len(v)} features about {max(1, round(0.05 * len(v)))} interval(s) would exclude 0 "
          "by chance alone.", "note")
    agents = ", ".join(sorted(d["agent"].unique()))
    doc.p(f"These values are about the play of {agents}: other agents may value the same "
          "features differently.", "note")
    # largest score effect first; features with no estimate last
    shown = v.sort_values("score_effect", ascending=False, na_position="last", kind="stable")
    doc.table(pd.DataFrame({
        "feature": shown["label"], "mean per player": shown["mean"].map(lambda x: _num(x, 2)),
        "held by": [f"{_pct(s)} (n={int(h)})" for s, h in zip(shown["share"], shown["held"])],
        "measured against": shown["reference"],
        "score effect (VP)": shown["score_effect"].map(lambda x: _num(x, 2)),
        "95% CI": [_ci(a, b, 2) or ("none" if np.isfinite(e) else "")
                   for e, a, b in zip(shown["score_effect"], shown["score_lo"], shown["score_hi"])],
        "p": shown["score_p"].map(_p),
        "win effect (pp)": (shown["win_effect"] * 100).map(lambda x: _num(x, 1)),
        "win 95% CI (pp)": [_ci(100 * a, 100 * b, 1) or ("none" if np.isfinite(e) else "")
                            for e, a, b in zip(shown["win_effect"], shown["win_lo"], shown["win_hi"])],
        "win p": shown["win_p"].map(_p)}))
    for ref, group in v[v["reference"] != ""].groupby("reference", sort=True):
        doc.p(f"Reference: {ref}. The features of its kind ({len(group) + 1} of them) add up to "
              f"the same number for every player, so {ref} has no effect of its own: the effects "
              f"of the others are measured against it (a positive effect: better than {ref}).",
              "note")
    if np.isfinite(v["score_effect"]).any():
        for outcome, why in (("score", "score_why"), ("win", "win_why")):
            known = v.loc[np.isfinite(v[f"{outcome}_effect"]), why]
            reasons = sorted(set(known) - {""})
            if reasons:
                doc.p(f"No {outcome} intervals for {int((known != '').sum())} of {len(known)} "
                      f"features: {'; '.join(reasons)}; the effects are point estimates only.",
                      "note")
        doc.figure(plots.plot_tile_values(v, game), f"{slug}_values", f"{game} {title.lower()}")
    else:
        doc.p(f"No effect could be estimated: a regression needs more player rows ({int(v['n'].max())}) "
              f"than it has columns ({len(v)} features, plus seat and agent dummies); play more games.",
              "note")


def _no_ci(estimate) -> str:
    # an estimate from the positions of a single game has no cluster-robust interval
    return "none: one game" if np.isfinite(estimate) else ""


def _stage_key(stage: str):
    """Stages in game order: by their first number ("rounds 5-8" before "rounds 21-24")."""
    m = re.search(r"\d+", stage)
    return (0, int(m.group()), stage) if m else (1, 0, stage)


def stage_table(by: pd.DataFrame) -> pd.DataFrame:
    """Estimates by stage (``estimates_by_stage.csv``) as one row per kind and one column per
    stage, in game order; each cell the value, its interval and the pairs."""
    cell = [f"{_num(e, 1)} {_ci(a, b) or _no_ci(e)} n={n}" if np.isfinite(e) else ""
            for e, a, b, n in zip(by["value"], by["value_lo"], by["value_hi"], by["pairs"])]
    stages = sorted(by["stage"].astype(str).unique(), key=_stage_key)
    wide = by.assign(cell=cell, stage=by["stage"].astype(str)).pivot_table(
        index="label", columns="stage", values="cell", aggfunc="first", sort=False)
    wide = wide.reindex(columns=stages).fillna("")
    wide.columns.name = None           # else to_html draws an empty "stage" column
    return wide.reset_index().rename(columns={"label": "kind"})


def _causal(doc: _Doc, game: str, slug: str, found: list):
    for k, v in enumerate(found):
        est, st, m = v["estimates"], v["settings"], v["manifest"]
        doc.h(3, "Interventional values" + (f" ({v['folder'].name})" if len(found) > 1 else ""))
        doc.p(f"Forced take against the agent's own choice, from {m.get('positions')} saved "
              f"positions of {Path(st['run']).name}: agents {', '.join(st['agents'])}, "
              f"{st['continuations']} continuations per position and kind, "
              f"{st['positions_per_kind'] or 'all'} positions per kind, seed {st['seed']}. "
              "Value: mean difference in the player's final score (win probability) between "
              "taking the kind and the agent's own choice when that choice was something else; "
              "95% cluster-robust intervals over the games the positions came from. Beside it, "
              "the association from the run's results (points per tile held).", "note")
        pp = 100.0
        est = est.sort_values("value", ascending=False, na_position="last", kind="stable")
        doc.table(pd.DataFrame({
            "kind": est["label"], "positions": est["positions"], "pairs": est["pairs"],
            "agent took it": est["own_share"].map(_pct),
            "value (VP)": est["value"].map(lambda x: _num(x, 1)),
            "95% CI": [_ci(a, b) or _no_ci(e) for e, a, b
                       in zip(est["value"], est["value_lo"], est["value_hi"])],
            "win (pp)": (est["win_value"] * pp).map(lambda x: _num(x, 1)),
            "win 95% CI": [_ci(pp * a, pp * b) or _no_ci(e) for e, a, b
                           in zip(est["win_value"], est["win_lo"], est["win_hi"])],
            "vs own choice (VP)": est["vs_own"].map(lambda x: _num(x, 1)),
            "association (VP per tile)": est["assoc"].map(lambda x: _num(x, 1)),
            "assoc. 95% CI": [_ci(a, b) for a, b in zip(est["assoc_lo"], est["assoc_hi"])],
            "disagree": est["disagree"].map(lambda x: "yes" if x else "")}))
        if est["disagree"].any():
            doc.p("Causal and associational estimates disagree (intervals apart) for: "
                  + ", ".join(est.loc[est["disagree"], "label"]) + ". The association mixes the "
                  "tile with the positions that take it; the forced take does not.", "warn")
        if np.isfinite(est["value"]).any():
            doc.figure(plot_causal_values(est, game), f"{slug}_causal_values_{k}",
                       f"{game} interventional values")
        by = v["by_stage"]
        if by["stage"].nunique() > 1:
            doc.p("Value (VP, 95% CI, pairs) by stage of the game, earliest stage first:")
            doc.table(stage_table(by))


def _runs(doc: _Doc, df: pd.DataFrame, runs):
    rows, full = [], []
    for run in runs:
        path, label, m = run.path, run.label, run.manifest or {}
        st = m.get("settings", m) if isinstance(m.get("settings", m), dict) else {}
        d = df[df["run"] == label]
        found = int(d["game_index"].nunique())
        planned = st.get("games")
        agents = st.get("agents")
        rows.append({
            "run": label, "path": str(path),
            "game": st.get("game", ", ".join(sorted(d["game"].unique()))),
            "players": st.get("players", ", ".join(map(str, sorted(d["players"].unique())))),
            "agents": ", ".join(map(str, agents)) if isinstance(agents, list)
            else ", ".join(sorted(d["agent"].unique())),
            "games found": found, "games planned": "" if planned is None else planned,
            "seed": st.get("seed", ", ".join(map(str, sorted(d["seed"].unique())))),
            "paired": st.get("paired", ""), "status": m.get("status", "no manifest"),
            "started": m.get("started", ""), "finished": m.get("finished", "") or "",
            "version": m.get("boardlab_version", "")})
        if m and (m.get("status") != "complete"
                  or (isinstance(planned, int) and found < planned)):
            doc.p(f"Run {label} is not complete (status {m.get('status')!r}, {found} of "
                  f"{planned} games): its figures cover the games finished so far.", "warn")
        full.append((label, m))
    doc.table(pd.DataFrame(rows))
    for label, m in full:
        if m:
            doc.add(f"<details><summary>manifest of run {html.escape(label)}</summary><pre>"
                    + html.escape(json.dumps(m, indent=2, sort_keys=True, default=str))
                    + "</pre></details>")


def _data_notes(runs, df) -> dict:
    """Game -> the one line saying the runs' data holds placeholders (runs of a game share their data)."""
    from engine_c.content import placeholder_line

    notes = {}
    for run in runs:
        for game in sorted(df.loc[df["run"] == run.label, "game"].unique()):
            line = placeholder_line(data_info(str(game), run.manifest))
            if line:
                notes.setdefault(str(game), line)
    return notes


FIGURES_MARK = "boardlab report figures:"     # the last line of index.html lists the PNGs written beside it


def _figures_listed(index: Path) -> list[str]:
    """The PNG names an earlier report in this folder listed in its index.html (none if it did not)."""
    try:
        text = index.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    start = text.rfind(f"<!-- {FIGURES_MARK}")
    if start < 0:
        return []
    names = text[start + len(FIGURES_MARK) + 5:].split("-->")[0].split()
    # only plain file names of figures: never a path out of the folder
    return [name for name in names if name.endswith(".png") and "/" not in name and "\\" not in name]


def _values_run(values) -> Path:
    """The run a values folder names (read when only values folders are given); BoardlabError,
    naming the values folder, when that run is not there any more."""
    run = Path(values["settings"]["run"])
    if not run.exists():
        raise BoardlabError(f"{values['folder']}: its run {run} is not there any more: "
                            "give the run's path beside the values folder")
    return run


def write_report(paths, out_dir, with_notes=False):
    """Write the analysis of the runs at ``paths`` into ``out_dir``: one PNG per figure and a
    self-contained ``index.html``. Returns the path of ``index.html`` (``with_notes``: also the
    lines saying which games' data holds placeholders, as a pair).

    Raises BoardlabError for bad input (missing or empty runs, foreign Parquet files) or an
    output directory that cannot be written.
    """
    if isinstance(paths, (str, Path)):
        paths = [paths]
    paths = [Path(p) for p in paths]
    values = [read_values(v) for v in find_values(paths)]
    run_paths = [p for p in paths if not is_values_dir(p)] or [_values_run(v) for v in values]
    runs = find_runs(run_paths)
    df = load_runs(runs)
    stray = sorted({v["game"] for v in values} - set(df["game"]))
    if stray:
        raise BoardlabError(f"values of {', '.join(stray)} but no run of that game: give its run too")
    out_dir = Path(out_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise BoardlabError(f"{out_dir}: exists and is not a directory")
    if out_dir.is_dir() and (has_manifest(out_dir) or holds_results(out_dir) or is_values_dir(out_dir)):
        raise BoardlabError(f"{out_dir} holds a run's results: write the report to another --out")
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BoardlabError(f"{out_dir}: cannot create output directory ({exc.strerror})") \
            from None
    doc = _Doc(out_dir)
    notes = _data_notes(runs, df)
    games = sorted(df["game"].unique())
    n_games = int(df.drop_duplicates(["run", "game_index"]).shape[0])
    doc.h(1, "boardlab report")
    doc.p(f"{n_games} games from {len(runs)} run(s): {', '.join(map(str, paths))}. "
          f"Games: {', '.join(game_title(g) for g in games)}.")
    for game in games:
        if game in notes:            # what is invented, then the data's line; none for complete data
            if placeholder_note(game):
                doc.p(placeholder_note(game), "warn")
            doc.p(notes[game], "warn")
    toc = "".join(f'<li><a href="#{html.escape(g)}">{html.escape(game_title(g))}</a></li>'
                  for g in games)
    doc.add(f'<ul>{toc}<li><a href="#runs">Runs</a></li>'
            f'<li><a href="#methods">Methods</a></li></ul>')
    for game in games:
        d = df[df["game"] == game]
        slug = "".join(ch if ch.isalnum() else "_" for ch in game)
        doc.h(2, f"{game_title(game)} ({game})", anchor=game)
        if game in notes:            # what is invented, then the data's line; none for complete data
            if placeholder_note(game):
                doc.p(placeholder_note(game), "warn")
            doc.p(notes[game], "warn")
        doc.h(3, "Overview")
        _overview(doc, d)
        doc.h(3, "Win rates")
        _win_rates(doc, d)
        if d["agent"].nunique() > 1:
            doc.h(3, "Ratings")
            _ratings(doc, d, game, slug)
        doc.h(3, "Governor's seat advantage" if game == "sanjuan" else "Seat advantage")
        seat_section(doc, d, game, slug)
        doc.h(3, "Scores")
        _scores(doc, d, game, slug)
        doc.h(3, "Game length and lead changes")
        _length(doc, d, game, slug)
        _budget(doc, d, game, slug)
        _values(doc, d, game, slug)
        _causal(doc, game, slug, [v for v in values if v["game"] == game])
    doc.h(2, "Runs", anchor="runs")
    _runs(doc, df, runs)
    doc.h(2, "Methods", anchor="methods")
    for title, text in METHODS:
        doc.add(f"<p><b>{html.escape(title)}.</b> {html.escape(text)}</p>")
    body = "\n".join(doc.parts)
    page = ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>boardlab report: {html.escape(', '.join(games))}</title>\n"
            f"<style>{CSS}</style>\n</head>\n<body>\n{body}\n</body>\n</html>\n")
    index = out_dir / "index.html"
    written = sorted(path.name for path in doc.pngs)
    stale = set(_figures_listed(index)) - set(written)
    page += f"<!-- {FIGURES_MARK} {' '.join(written)} -->\n"
    try:
        index.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise BoardlabError(f"{index}: cannot write ({exc.strerror})") from None
    for name in sorted(stale):       # an earlier report's figures this one does not have
        with contextlib.suppress(OSError):
            (out_dir / name).unlink()
    return (index, [notes[g] for g in games if g in notes]) if with_notes else index
