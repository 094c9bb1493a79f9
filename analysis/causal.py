"""Estimates from the pairs of ``boardlab values`` (solver.runs.forced_takes), beside the associations.

Each pair is one world played twice from a saved position: the player to act forced to take kind
X, and free to choose. Per kind (and per kind and stage of the game):

- ``value`` / ``win_value``: mean difference in final score / win credit, *take X* minus the
  player's own choice, over the pairs where the player did not take X in that turn: what
  taking X is worth against what the agent would otherwise have done;
- ``vs_own`` / ``win_vs_own``: the same over all pairs (the agent's own choice took X in a share
  ``own_share`` of them, and then the two branches nearly agree): what forcing X changes;
- 95% intervals: the mean as an OLS intercept (statsmodels) with cluster-robust errors, the
  games the positions came from as clusters (positions of one game, and the continuations of one
  position, are not independent), t on clusters - 1 degrees of freedom; none with one cluster.

:func:`with_association` puts the regression estimate of :func:`analysis.values.tile_values` (points
per tile held at the end, from the run's results) beside it and flags kinds whose two intervals do
not overlap.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import statsmodels.api as sm

from analysis import kinds as kinds_table
from analysis.load import VALUES_MANIFEST
from analysis.stats import LEVEL
from engine_c.errors import BoardlabError

ESTIMATES = "estimates.csv"
BY_STAGE = "estimates_by_stage.csv"
FIGURE = "values.png"


def mean_effect(y, groups, level: float = LEVEL):
    """Mean of ``y`` with a cluster-robust t interval: ``(mean, lo, hi)``; NaN bounds with fewer
    than two clusters, all NaN for no data."""
    y = np.asarray(y, dtype=float)
    if y.size == 0:
        return np.nan, np.nan, np.nan
    codes = pd.factorize(pd.Series(np.asarray(groups)), sort=True)[0]
    if codes.max() < 1:
        return float(y.mean()), np.nan, np.nan
    with np.errstate(invalid="ignore", divide="ignore"):
        fit = sm.OLS(y, np.ones((y.size, 1))).fit(cov_type="cluster", cov_kwds={"groups": codes},
                                                  use_t=True)
        lo, hi = fit.conf_int(alpha=1 - level)[0]
    return float(fit.params[0]), float(lo), float(hi)


def value_estimates(pairs: pd.DataFrame, game: str, by=("kind",), level: float = LEVEL) -> pd.DataFrame:
    """One row per ``by`` group: kind, group, label, positions, games, pairs, own_share, value,
    value_lo, value_hi, win_value, win_lo, win_hi, vs_own, vs_own_lo, vs_own_hi, win_vs_own,
    win_vs_own_lo, win_vs_own_hi; in the kinds' display order."""
    if pairs is None or len(pairs) == 0:
        raise BoardlabError("no pairs to estimate from")
    d = pairs.assign(d_score=pairs["score_take"] - pairs["score_own"],
                     d_win=pairs["win_take"] - pairs["win_own"])
    by = list(by)
    rows = []
    for key, g in d.groupby(by, sort=True):
        key = key if isinstance(key, tuple) else (key,)
        other = g[~g["own_takes"].astype(bool)]
        row = dict(zip(by, key))
        kind = row["kind"]
        row.update(group=kinds_table.kind_group(game, kind), label=kinds_table.kind_label(game, kind),
                   positions=g["position"].nunique(), games=g["game_index"].nunique(),
                   pairs=len(g), own_share=float(g["own_takes"].astype(bool).mean()))
        for name, frame, column in (("value", other, "d_score"), ("win", other, "d_win"),
                                    ("vs_own", g, "d_score"), ("win_vs_own", g, "d_win")):
            est, lo, hi = mean_effect(frame[column], frame["game_index"], level)
            if column == "d_win":           # a difference of win rates: a t interval from few games
                lo, hi = max(lo, -1.0), min(hi, 1.0)        # can pass +-1, which no difference can
            head = "win_value" if name == "win" else name
            row.update({head: est, f"{name}_lo": lo, f"{name}_hi": hi})
        rows.append(row)
    keys = [kinds_table.kind_order(game, r["kind"]) + tuple(str(r[c]) for c in by[1:]) for r in rows]
    return pd.DataFrame([r for _, r in sorted(zip(keys, rows), key=lambda t: t[0])])


def with_association(est: pd.DataFrame, results: pd.DataFrame | None, game: str) -> pd.DataFrame:
    """``est`` plus the associational estimate of each kind from the run's results (columns
    feature, assoc, assoc_lo, assoc_hi, assoc_win, assoc_win_lo, assoc_win_hi) and
    ``disagree``: both score intervals known and not overlapping."""
    from analysis.values import feature_columns, tile_values

    out = est.copy()
    out["feature"] = out["kind"].map(lambda k: kinds_table.feature_of(game, k))
    cols = {"score_effect": "assoc", "score_lo": "assoc_lo", "score_hi": "assoc_hi",
            "win_effect": "assoc_win", "win_lo": "assoc_win_lo", "win_hi": "assoc_win_hi"}
    for c in cols.values():
        out[c] = np.nan
    if results is not None and len(results) and results["game_index"].nunique() > 2:
        features = [f for f in dict.fromkeys(out["feature"].dropna()) if f in results.columns]
        if features:
            # the report's regression (every feature of the game), so the association beside a
            # kind is the report's figure for it, whichever kinds were valued
            model = list(dict.fromkeys(feature_columns(results, game) + features))
            tv = tile_values(results, features=model).set_index("feature")
            for src, dst in cols.items():
                out[dst] = out["feature"].map(tv[src])
    known = out[["value_lo", "value_hi", "assoc_lo", "assoc_hi"]].notna().all(axis=1)
    out["disagree"] = known & ((out["value_hi"] < out["assoc_lo"]) | (out["assoc_hi"] < out["value_lo"]))
    return out


def plot_causal_values(est: pd.DataFrame, game: str, note: str = ""):
    """Forest plot: the value of taking each kind in final score (VP) and win probability
    (percentage points), 95% intervals; the associational estimate beside it (hollow)."""
    from analysis.plots import _effect_dots, _figure, finish

    v = est[np.isfinite(est["value"])].sort_values("value")
    if v.empty:
        raise BoardlabError(f"{game}: no kind was declined by the agent in any pair; nothing to plot")
    y = np.arange(len(v))
    fig = _figure(11, 1.8 + 0.26 * len(v))
    ax1, ax2 = fig.subplots(1, 2, sharey=True)
    for ax, col, lo, hi, acol, alo, ahi, scale, xlabel in (
            (ax1, "value", "value_lo", "value_hi", "assoc", "assoc_lo", "assoc_hi", 1.0,
             "final score, take it minus the agent's other choice (VP)"),
            (ax2, "win_value", "win_lo", "win_hi", "assoc_win", "assoc_win_lo", "assoc_win_hi",
             100.0, "win probability, same comparison (percentage points)")):
        # a kind from one game has no interval: its own marker, never the "includes 0" colour
        _effect_dots(ax, v[col].to_numpy() * scale, y, v[lo].to_numpy() * scale,
                     v[hi].to_numpy() * scale,
                     labels=("taking it (95% CI includes 0)", "taking it (95% CI excludes 0)"),
                     colours=("#4c72b0", "#c44e52"),
                     none="taking it (no interval: positions from one game)")
        if acol in v.columns and v[acol].notna().any():
            a = v[acol].to_numpy() * scale
            aerr = np.clip(np.nan_to_num(np.vstack([a - v[alo].to_numpy() * scale,
                                                     v[ahi].to_numpy() * scale - a])), 0, None)
            ax.errorbar(a, y - 0.3, xerr=aerr, fmt="D", mfc="white", color="#8c8c8c", ms=4,
                        capsize=0, lw=0.8, label="association in the run's results (per tile held)")
        # the scale follows the forced-take intervals; a wider association interval is cut at the edge
        ends = np.abs(np.concatenate([v[lo].to_numpy(), v[hi].to_numpy(),
                                      v[acol].to_numpy() if acol in v.columns else []]).astype(float))
        ends = ends[np.isfinite(ends)]              # kinds with too few pairs have no interval
        reach = ends.max() * scale if ends.size else 0.0
        if reach > 0:
            ax.set_xlim(-1.1 * reach, 1.1 * reach)
        ax.axvline(0, color="black", lw=0.8)
        ax.set_xlabel(xlabel, fontsize=9)
        ax.grid(axis="x", alpha=0.3)
    ax1.set_yticks(y)
    flags = v["disagree"] if "disagree" in v.columns else pd.Series(False, index=v.index)
    ax1.set_yticklabels([f"{lab} (n={p} pos.)" + ("  [disagree]" if f else "")
                         for lab, p, f in zip(v["label"], v["positions"], flags)], fontsize=8)
    ax1.set_ylabel("kind taken")
    handles, labels = ax1.get_legend_handles_labels()
    fig.legend(handles, labels, fontsize=8, loc="outside lower center", ncol=3)
    ax1.set_title("final score")
    ax2.set_title("win probability")
    fig.suptitle(f"{game}: what taking each kind is worth, forced against the agent's own choice "
                 f"(n={int(v['pairs'].sum())} pairs, {int(v['positions'].sum())} position-kinds)"
                 + (f"\n{note}" if note else ""), fontsize=10)
    return finish(fig)


def _settings_note(settings: dict) -> str:
    agents = ", ".join(settings.get("agents", []))
    return (f"agents {agents}; {settings.get('continuations')} continuations per position; "
            f"seed {settings.get('seed')}")


def write_estimates(out, pairs: pd.DataFrame, config) -> pd.DataFrame:
    """Write ``estimates.csv``, ``estimates_by_stage.csv`` and ``values.png`` into ``out``;
    returns the estimates by kind (with the association beside them)."""
    from analysis.load import load_runs
    from analysis.plots import save_png

    out = Path(out)
    game = config.game
    try:
        results = load_runs(config.run)
    except BoardlabError:                         # positions without results: no association
        results = None
    est = with_association(value_estimates(pairs, game), results, game)
    est.to_csv(out / ESTIMATES, index=False, float_format="%.6g")
    value_estimates(pairs, game, by=("kind", "stage")).to_csv(out / BY_STAGE, index=False,
                                                              float_format="%.6g")
    if np.isfinite(est["value"]).any():
        save_png(plot_causal_values(est, game, _settings_note(config.settings())), out / FIGURE)
    return est


def read_values(folder) -> dict:
    """A finished ``boardlab values`` folder: its manifest, estimates and estimates by stage."""
    folder = Path(folder)
    try:
        manifest = json.loads((folder / VALUES_MANIFEST).read_text())
        settings = manifest["settings"]
        game = settings["game"]
    except (OSError, ValueError, KeyError, TypeError):
        raise BoardlabError(f"{folder / VALUES_MANIFEST}: not a values manifest") from None
    if manifest.get("status") != "complete" or not (folder / ESTIMATES).is_file():
        raise BoardlabError(f"{folder}: the values run is not finished (status "
                            f"{manifest.get('status')!r}); finish it with boardlab values ... --resume")
    est = pd.read_csv(folder / ESTIMATES)
    stage = pd.read_csv(folder / BY_STAGE)
    return {"folder": folder, "game": game, "manifest": manifest, "settings": settings,
            "estimates": est, "by_stage": stage}
