"""Two variants of a game compared: what changes, with intervals and a verdict per measure.

The variants are played on the same deals by the same agents in the same seats (a paired design:
game ``i`` of A and game ``i`` of B share their seeds), so each game-level measure is compared
game by game: the difference B - A per deal, its mean, and a t interval over deals. Runs that do
not share their seeds (or B dealt by another root seed, ``compare --seed-b``) are compared as
independent samples (Welch; each variant's deals their own clusters), which needs more games.

Measures: each seat's share of wins, the mean score, the spread of scores (standard deviation of
the seats' scores in a game), the winning margin (winner minus runner-up), the game length
(turns), and the value of every tile/card/building kind: the points per unit in a joint regression
of the final score on the kinds and their interaction with the variant (seat and agent as controls,
cluster-robust by deal), so the interaction *is* the change of the kind's value.

Each measure gets a verdict: ``higher`` or ``lower`` in B when its 95% interval excludes zero, else
``no difference found``, with the smallest difference this many games could have found (80%
power, two-sided 5%: 2.8 standard errors). With many kinds, about 5% of unchanged kinds are
flagged by chance: the table says how many kinds were tested. Every figure is about the agents'
play (the agents named in the output), not about people.
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd
from scipy import stats as sps

from analysis import stats
from analysis.values import _independent, design_matrix, feature_columns, feature_label, ols_cluster
from engine_c.errors import BoardlabError

DETECTABLE = 1.959963984540054 + 0.8416212335729143     # z(97.5%) + z(80%): the smallest effect found 80% of the time


def per_game(df: pd.DataFrame) -> pd.DataFrame:
    """One row per game (indexed by its deal, the game index): turns, mean score, spread of scores,
    winning margin, and each seat's win credit (``win_seat<k>``)."""
    d = stats.with_win_credit(df)
    rows = []
    for index, g in d.groupby("game_index", sort=True):
        scores = np.sort(g["score"].to_numpy(float))[::-1]
        row = dict(game_index=int(index), turns=float(g["turns"].iloc[0]), mean_score=scores.mean(),
                   spread=float(np.std(scores, ddof=0)), margin=scores[0] - scores[1])
        for seat, credit in zip(g["seat"], g["win_credit"]):
            row[f"win_seat{int(seat)}"] = float(credit)
        rows.append(row)
    return pd.DataFrame(rows).set_index("game_index")


MEASURES = {"mean_score": "mean score (VP)", "spread": "spread of scores in a game (SD, VP)",
            "margin": "winning margin (VP)", "turns": "game length (turns)"}


def _difference(a: np.ndarray, b: np.ndarray, paired: bool):
    """(diff, lo, hi, se, n) of mean(B) - mean(A): paired t over deals, or Welch."""
    if paired:
        d = b - a
        n = len(d)
        se = float(np.std(d, ddof=1) / math.sqrt(n)) if n > 1 else math.nan
        df = n - 1
    else:
        n = min(len(a), len(b))
        va, vb = np.var(a, ddof=1) / len(a), np.var(b, ddof=1) / len(b)
        se = float(math.sqrt(va + vb))
        df = (va + vb) ** 2 / (va ** 2 / (len(a) - 1) + vb ** 2 / (len(b) - 1)) if va + vb > 0 else 1
    diff = float(b.mean() - a.mean())
    if not se > 0:        # identical games (the same variant twice): no difference, nothing to estimate
        return diff, diff, diff, 0.0, n
    t = sps.t.ppf(0.975, df)
    return diff, diff - t * se, diff + t * se, se, n


def verdict(diff, lo, hi, se) -> str:
    """'higher in B', 'lower in B' or 'no difference found (could find ±X)'."""
    if se == 0:
        return "no difference (identical games)"
    if lo > 0:
        return "higher in B"
    if hi < 0:
        return "lower in B"
    return f"no difference found (this n finds ±{DETECTABLE * se:.3g})"


def game_measures(a: pd.DataFrame, b: pd.DataFrame, paired: bool = True) -> pd.DataFrame:
    """Per measure: measure, label, a, b (means), diff (B - A), lo, hi, se, games, verdict."""
    ga, gb = per_game(a), per_game(b)
    if paired:
        common = ga.index.intersection(gb.index)
        if len(common) < 2:
            raise BoardlabError("the two variants share fewer than two games to pair")
        ga, gb = ga.loc[common], gb.loc[common]
    seats = sorted(c for c in ga.columns if c.startswith("win_seat"))
    labels = {**MEASURES, **{c: f"seat {c[len('win_seat'):]}'s share of wins" for c in seats}}
    rows = []
    for measure, label in labels.items():
        x, y = ga[measure].to_numpy(float), gb[measure].to_numpy(float)
        diff, lo, hi, se, n = _difference(x, y, paired)
        rows.append(dict(measure=measure, label=label, a=x.mean(), b=y.mean(), diff=diff, lo=lo, hi=hi,
                         se=se, games=n, verdict=verdict(diff, lo, hi, se)))
    return pd.DataFrame(rows)


def kind_values(a: pd.DataFrame, b: pd.DataFrame, paired: bool = True) -> pd.DataFrame:
    """Per kind: feature, label, value_a, value_b (points per unit), diff (B - A), lo, hi, se,
    verdict, from one regression of the score on the kinds, the variant and their interaction,
    cluster-robust by deal (paired: a deal of A and the same deal of B are one cluster; unpaired:
    each variant's deals are clusters of their own)."""
    game = str(a["game"].iloc[0])
    both = pd.concat([a.assign(variant=0.0), b.assign(variant=1.0)], ignore_index=True)
    deal = both["deal"] if "deal" in both.columns else both["game_index"]
    clusters = (deal.astype(str) if paired else both["variant"].astype(str) + ":" + deal.astype(str)).to_numpy()
    both = stats.with_win_credit(both.drop(columns=["run"], errors="ignore"))
    feats = [f for f in feature_columns(both, game) if f in a.columns and f in b.columns]
    if not feats:
        return pd.DataFrame(columns=["feature", "label", "value_a", "value_b", "diff", "lo", "hi", "se", "verdict"])
    X, names, n_ctrl = design_matrix(both, feats)
    v = both["variant"].to_numpy(float)[:, None]
    F = both[feats].to_numpy(float)
    X = np.hstack([X, v, F * v])
    keep = _independent(X)
    keep[0] = True
    beta, lo, hi, _ = ols_cluster(X[:, keep], both[["score"]].to_numpy(float), clusters)
    full = np.full((4, X.shape[1]), np.nan)
    full[:, keep] = np.vstack([beta[:, 0], lo[:, 0], hi[:, 0], _[:, 0]])
    rows = []
    k = len(feats)
    for i, feat in enumerate(feats):
        base, inter = n_ctrl + i, n_ctrl + k + 1 + i
        diff, dlo, dhi = full[0, inter], full[1, inter], full[2, inter]
        se = (dhi - dlo) / (2 * 1.959963984540054) if np.isfinite(dlo) else math.nan
        rows.append(dict(feature=feat, label=feature_label(feat), value_a=full[0, base],
                         value_b=full[0, base] + diff if np.isfinite(diff) else math.nan,
                         diff=diff, lo=dlo, hi=dhi, se=se,
                         verdict=(("not identified (never or always taken)" if np.ptp(F[:, i]) == 0 else
                          "reference: the others of its kind are measured against it") if not np.isfinite(diff)
                                  else "no difference found (no spread)" if not np.isfinite(se)
                                  else verdict(diff, dlo, dhi, se))))
    return pd.DataFrame(rows)


def plot_comparison(measures: pd.DataFrame, kinds: pd.DataFrame, title: str):
    """Forest plots of the differences B - A with 95% intervals: game measures, then kinds sorted
    by difference ('(changed)' after a kind the data changed); red where the interval excludes zero."""
    from analysis.plots import _figure, finish

    kinds = kinds[np.isfinite(kinds["diff"])].sort_values("diff")
    if "change" in kinds.columns:        # the kinds the data changed, told apart from indirect effects
        kinds = kinds.assign(label=[f"{label} (changed)" if change == "changed in the data" else label
                                    for label, change in zip(kinds["label"], kinds["change"])])
    panels = [("game measures", measures)] + ([("value of each kind (VP per unit)", kinds)] if len(kinds) else [])
    heights = [max(2.2, 0.32 * len(t) + 1.0) for _, t in panels]
    fig = _figure(9, sum(heights) + 0.6)
    axes = fig.subplots(len(panels), 1, gridspec_kw={"height_ratios": heights}, squeeze=False)[:, 0]
    for ax, (name, table) in zip(axes, panels):
        ys = np.arange(len(table))
        diff = table["diff"].to_numpy(float)
        lo, hi = table["lo"].to_numpy(float), table["hi"].to_numpy(float)
        flagged = (lo > 0) | (hi < 0)
        err = np.nan_to_num(np.vstack([diff - lo, hi - diff]))
        for flag, colour in ((False, "grey"), (True, "tab:red")):
            m = flagged == flag
            ax.errorbar(diff[m], ys[m], xerr=err[:, m], fmt="o", color=colour, capsize=3,
                        label="interval excludes 0" if flag else "interval includes 0")
        ax.axvline(0, color="black", lw=0.8)
        ax.ticklabel_format(axis="x", useOffset=False)
        ax.set_yticks(ys)
        ax.set_yticklabels(table["label"], fontsize=8)
        ax.set_title(f"{name}: B - A, 95% intervals", fontsize=10)
        ax.legend(fontsize=7, loc="lower right")
    fig.suptitle(title, fontsize=10)
    return finish(fig)
