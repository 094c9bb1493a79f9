"""What a change of the rules does to a kind's causal value: ``boardlab compare --causal``.

``compare``'s kind values are associations (points per kind taken): when a variant makes a building
weaker, the agents build it less and those who still do may be ahead anyway, so its association
need not move. The forced-take value (``boardlab values``, analysis.causal) asks the question
directly: from the same saved positions, *take X* against the player's own choice. Played in each
variant's run, the difference of the two values (B - A) is what the change did to X's worth.

The difference is one regression per kind over both variants' pairs (the pairs where the player's
own choice was not X, as ``value`` in analysis.causal): the score difference on a constant and a
variant indicator, cluster-robust by game (a deal of A and the same deal of B are one cluster when
the runs are paired, so a shared deal is not counted twice), t on clusters - 1 degrees of freedom.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
import statsmodels.api as sm

from analysis import kinds as kinds_table
from analysis.compare import verdict
from analysis.stats import LEVEL


def _other(pairs: pd.DataFrame) -> pd.DataFrame:
    """The pairs where the player's own choice was not the forced kind, with the score difference."""
    d = pairs[~pairs["own_takes"].astype(bool)]
    return d.assign(d_score=d["score_take"] - d["score_own"])


def _same(ka: pd.DataFrame, kb: pd.DataFrame) -> bool:
    """True when two variants' pairs of a kind are the same pairs (the same variant played twice)."""
    columns = ["game_index", "position", "d_score"]
    if len(ka) != len(kb):
        return False
    return ka[columns].sort_values(columns).reset_index(drop=True).equals(
        kb[columns].sort_values(columns).reset_index(drop=True))


def causal_differences(pairs_a: pd.DataFrame, pairs_b: pd.DataFrame, game: str, paired: bool = True,
                       level: float = LEVEL) -> pd.DataFrame:
    """Per kind valued in both: kind, label, value_a, value_b, diff (B - A), lo, hi, se, pairs_a,
    pairs_b, verdict; in the kinds' display order."""
    a, b = _other(pairs_a), _other(pairs_b)
    rows = []
    for kind in sorted(set(a["kind"]) & set(b["kind"]), key=lambda k: kinds_table.kind_order(game, k)):
        ka, kb = a[a["kind"] == kind], b[b["kind"] == kind]
        row = dict(kind=kind, label=kinds_table.kind_label(game, kind), value_a=float(ka["d_score"].mean()),
                   value_b=float(kb["d_score"].mean()), pairs_a=len(ka), pairs_b=len(kb))
        y = np.concatenate([ka["d_score"].to_numpy(float), kb["d_score"].to_numpy(float)])
        variant = np.concatenate([np.zeros(len(ka)), np.ones(len(kb))])
        games = np.concatenate([ka["game_index"].to_numpy(), kb["game_index"].to_numpy()])
        clusters = games.astype(str) if paired else np.char.add(variant.astype(int).astype(str),
                                                                 ":" + games.astype(str))
        codes = pd.factorize(pd.Series(clusters), sort=True)[0]
        if _same(ka, kb):
            row.update(diff=0.0, lo=0.0, hi=0.0, se=0.0, verdict=verdict(0.0, 0.0, 0.0, 0.0))
        elif len(ka) == 0 or len(kb) == 0 or codes.max() < 2:
            row.update(diff=row["value_b"] - row["value_a"], lo=np.nan, hi=np.nan, se=np.nan,
                       verdict="too few games to tell")
        else:
            with np.errstate(invalid="ignore", divide="ignore"):
                fit = sm.OLS(y, np.column_stack([np.ones_like(y), variant])).fit(
                    cov_type="cluster", cov_kwds={"groups": codes}, use_t=True)
            lo, hi = fit.conf_int(alpha=1 - level)[1]
            diff, se = float(fit.params[1]), float(fit.bse[1])
            row.update(diff=diff, lo=float(lo), hi=float(hi), se=se, verdict=verdict(diff, lo, hi, se))
        rows.append(row)
    return pd.DataFrame(rows, columns=["kind", "label", "value_a", "value_b", "diff", "lo", "hi", "se",
                                       "pairs_a", "pairs_b", "verdict"])


def causal_text(table: pd.DataFrame, agents) -> str:
    """The causal section of compare's answer: one verdict line per kind."""
    lines = ["", f"causal values (forced takes, VP: take the kind minus the player's own choice; "
                 f"continuations by {', '.join(agents)})",
             f"{'kind':40s} {'A':>8s} {'B':>8s} {'B - A':>8s} {'95% CI':>20s}  verdict"]
    for row in table.itertuples():
        interval = f"[{row.lo:+.2f}, {row.hi:+.2f}]" if np.isfinite(row.lo) else ""
        lines.append(f"{str(row.label)[:40]:40s} {row.value_a:8.2f} {row.value_b:8.2f} {row.diff:+8.2f} "
                     f"{interval:>20s}  {row.verdict} ({row.pairs_a} and {row.pairs_b} pairs)")
    if table.empty:
        lines.append("(no kind was valued in both variants: no saved position offered it)")
    return "\n".join(lines)
