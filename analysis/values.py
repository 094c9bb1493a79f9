"""Tile and card values: how final score and win chance go with each game feature.

For every feature column (burgundy: each knowledge tile 1-26, each of the 8 buildings, animals,
ships, mines, castles, black-depot purchases, bonus tiles; sanjuan: each building kind; seasons:
each character card played and each building type; tiletum: persons, contracts, crests, houses,
pillars, cathedral tiles) two regressions are fitted on all player rows of a game (statsmodels):

- OLS of final score on the features plus controls -> points per unit of the feature;
- a linear probability model of the win (win credit: 1, or 1/k for k tied winners) on the same
  columns -> change in win probability per unit of the feature.

Controls: an intercept, a dummy for each (player count, seat) cell and a dummy for each agent, so
effects are compared within seat and agent. Intervals: 95% cluster-robust (CR1, statsmodels'
``cov_type="cluster"``, t with clusters - 1 degrees of freedom) with games as clusters (players of one game are not independent; in a paired run the games that
share a deal form one cluster), or a percentile bootstrap over the same clusters. Features that
never vary, or that are exact linear combinations of earlier columns, are reported as not
identifiable (NaN); with no more player rows than varying columns (features, seat and agent
dummies, intercept) no effect is estimated, and where the controls explain an outcome exactly (one
agent won every game) its intervals and p-values are NaN.

What it can and cannot show: in self-play these are associations, not causal effects. A tile that
"adds" 10 points may be taken by players who were already winning, or crowd out another choice;
the controls remove only seat and agent differences. With ~40 features, a couple of 95% intervals
will miss zero by chance alone.
"""
from __future__ import annotations

import re

import numpy as np
import pandas as pd
import scipy.linalg
import statsmodels.api as sm

from analysis.stats import LEVEL, bootstrap_ci, with_win_credit
from engine_c.errors import BoardlabError

BURGUNDY_FIXED = ("f_animals", "f_placed_ship", "f_placed_mine", "f_placed_castle",
                  "f_black_purchases", "f_bonus_large", "f_bonus_small")
_BURGUNDY_LABELS = {
    "f_animals": "animals (tiles placed)",
    "f_placed_ship": "ships placed",
    "f_placed_mine": "mines placed",
    "f_placed_castle": "castles placed",
    "f_black_purchases": "black-depot purchases",
    "f_bonus_large": "bonus tiles, large",
    "f_bonus_small": "bonus tiles, small",
}


# Tiletum: the tiles and pieces a player acquires (score parts such as vp, king, resources and
# gold are outcomes, not choices, and are left out)
TILETUM_FEATURES = ("f_persons", "f_contracts", "f_crest_contracts", "f_crests",
                    "f_full_buildings", "f_houses", "f_pillars", "f_cathedral_tiles")


def feature_columns(df: pd.DataFrame, game: str) -> list[str]:
    """The feature columns valued for ``game``, in display order (only those present)."""
    cols = [c for c in df.columns if c.startswith("f_")]
    if game == "burgundy":
        know = sorted(c for c in cols if re.fullmatch(r"f_knowledge_\d+", c))
        know.sort(key=lambda c: int(c.rsplit("_", 1)[1]))
        build = sorted(c for c in cols if c.startswith("f_building_"))
        return know + build + [c for c in BURGUNDY_FIXED if c in cols]
    if game == "sanjuan":
        return sorted(c for c in cols if c.startswith("f_built_"))
    if game == "seasons":      # the cards played, then the buildings erected
        return (sorted(c for c in cols if c.startswith("f_played_"))
                + sorted(c for c in cols if c.startswith("f_built_")))
    if game == "tiletum":
        return [c for c in TILETUM_FEATURES if c in cols]
    return sorted(cols)


def feature_label(col: str) -> str:
    """Readable name of a feature column."""
    if col in _BURGUNDY_LABELS:
        return _BURGUNDY_LABELS[col]
    m = re.fullmatch(r"f_knowledge_(\d+)", col)
    if m:
        return f"knowledge tile {int(m.group(1))}"
    if col.startswith("f_building_"):
        return "building: " + col[len("f_building_"):].replace("_", " ")
    if col.startswith("f_built_"):
        return col[len("f_built_"):].replace("_", " ")
    if col.startswith("f_played_"):
        return "card played: " + col[len("f_played_"):].replace("_", " ")
    return col[2:].replace("_", " ") if col.startswith("f_") else col


def feature_kind(col: str) -> str:
    """Group of a feature column for tables and plots."""
    if col.startswith("f_knowledge_"):
        return "knowledge tile"
    if col.startswith("f_building_"):
        return "building"
    if col.startswith("f_built_"):
        return "building kind"
    if col.startswith("f_played_"):
        return "character card"
    return "other"


# --------------------------------------------------------------------------- fitting

def _independent(X: np.ndarray, tol: float = 1e-9) -> np.ndarray:
    """Mask of columns not (numerically) in the span of the columns before them: the diagonal
    of R in the QR decomposition of ``X`` (scipy) is the part of each column the earlier columns
    do not explain; a column is dropped when that part is below ``sqrt(tol)`` of its norm."""
    if X.shape[1] == 0:
        return np.zeros(0, dtype=bool)
    if X.shape[0] < X.shape[1]:           # zero rows change no span, and give R a full diagonal
        X = np.vstack([X, np.zeros((X.shape[1] - X.shape[0], X.shape[1]))])
    r = np.abs(np.diag(scipy.linalg.qr(X, mode="r")[0]))
    norms = np.linalg.norm(X, axis=0)
    return (norms > 0) & (r > np.sqrt(tol) * np.where(norms > 0, norms, 1.0))


def ols_cluster(X: np.ndarray, Y: np.ndarray, clusters: np.ndarray, level: float = LEVEL):
    """OLS of each column of ``Y`` on ``X`` (statsmodels) with CR1 cluster-robust covariance
    (``cov_type="cluster"``) and t intervals on ``clusters - 1`` degrees of freedom.

    Returns ``(beta, lo, hi, p)``, each of shape ``(p, k)``.
    """
    codes, _ = pd.factorize(pd.Series(clusters), sort=True)
    out = np.full((4, X.shape[1], Y.shape[1]), np.nan)
    for k in range(Y.shape[1]):
        with np.errstate(invalid="ignore", divide="ignore"):   # tiny samples: NaN, not a warning
            fit = sm.OLS(Y[:, k], X).fit(cov_type="cluster", cov_kwds={"groups": codes},
                                         use_t=True)
            ci = fit.conf_int(alpha=1 - level)
            out[:, :, k] = fit.params, ci[:, 0], ci[:, 1], fit.pvalues
        if _exact_fit(Y[:, k], fit.resid):
            # the controls explain the outcome exactly (e.g. one agent won every game): the
            # errors are zero, and a zero-width interval would claim a certainty nothing measured
            out[1:, :, k] = np.nan
            out[0, :, k] = _snap(out[0, :, k], Y[:, k])
    return tuple(out)


def _snap(beta: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Coefficients that are rounding noise (|b| below 1e-9 of the outcome's scale) as exact
    zeros, so a zero effect prints and plots as 0, not as 1e-14."""
    scale = max(float(np.abs(y).max()) if y.size else 0.0, 1.0)
    return np.where(np.abs(beta) < 1e-9 * scale, 0.0, beta)


def _exact_fit(y: np.ndarray, resid: np.ndarray) -> bool:
    """True when the residuals are (numerically) zero: nothing is left to measure errors by."""
    spread = float(np.sum((y - y.mean()) ** 2))
    return float(np.sum(np.asarray(resid) ** 2)) <= 1e-12 * max(spread, 1.0)


def ols_bootstrap(X: np.ndarray, Y: np.ndarray, clusters: np.ndarray, n_boot: int = 200,
                  seed: int = 0, level: float = LEVEL):
    """OLS with percentile bootstrap-over-clusters intervals (scipy, through
    :func:`analysis.stats.bootstrap_ci`): ``(beta, lo, hi)``, each ``(p, k)``."""
    def coefficients(rows):
        Xr = X[rows]
        xtx, xty = Xr.T @ Xr, Xr.T @ Y[rows]
        try:
            return np.linalg.solve(xtx, xty).ravel()
        except np.linalg.LinAlgError:          # a resample in which some column never varies
            return np.linalg.lstsq(xtx, xty, rcond=None)[0].ravel()

    beta, lo, hi = bootstrap_ci(np.arange(len(X)), coefficients, n_boot=n_boot, seed=seed,
                                level=level, clusters=clusters)
    shape = (X.shape[1], Y.shape[1])
    return beta.reshape(shape), lo.reshape(shape), hi.reshape(shape)


# --------------------------------------------------------------------------- values

def design_matrix(df: pd.DataFrame, features) -> tuple[np.ndarray, list[str], int]:
    """Columns: intercept, (players, seat) cell dummies, agent dummies, then ``features``.

    Returns ``(X, names, n_controls)``.
    """
    parts = [np.ones((len(df), 1))]
    names = ["intercept"]
    cell = df["players"].astype(str) + "p seat " + df["seat"].astype(str)
    for level in sorted(cell.unique())[1:]:
        parts.append((cell == level).to_numpy(float)[:, None])
        names.append(f"cell {level}")
    agents = sorted(df["agent"].astype(str).unique())
    for a in agents[1:]:
        parts.append((df["agent"].astype(str) == a).to_numpy(float)[:, None])
        names.append(f"agent {a}")
    n_controls = len(names)
    if features:
        parts.append(df[list(features)].to_numpy(float))
        names += list(features)
    return np.hstack(parts), names, n_controls


def tile_values(df: pd.DataFrame, features=None, by=("game",), method: str = "cluster",
                n_boot: int = 200, seed: int = 0) -> pd.DataFrame:
    """Effect of each feature on final score (points per unit) and on win probability
    (probability per unit), controlling for seat and agent; one row per ``by`` group and feature.

    ``method``: ``"cluster"`` (CR1 cluster-robust, games as clusters) or ``"bootstrap"``
    (percentile bootstrap over games, ``n_boot`` resamples seeded by ``seed``).
    Columns: the ``by`` keys, feature, label, kind, mean (per player), share (players with
    at least one), held (player rows with at least one), reference (label of the feature this
    one's effect is measured against, when the features of its kind add up to a fixed number;
    else empty), score_effect, score_lo, score_hi, score_p, win_effect, win_lo, win_hi, win_p,
    n (player rows), games, method, score_why, win_why (why there is no interval; empty when
    there is one). ``*_p`` are two-sided p-values of the cluster-robust t test
    (NaN for the bootstrap). Unidentifiable features have NaN effects, and so has every feature
    when there are no more player rows than varying columns; an outcome the controls explain
    exactly has NaN intervals and p-values, and so has every feature when there are no more
    clusters (games; deals in a paired run) than the regression's columns.
    """
    if method not in ("cluster", "bootstrap"):
        raise BoardlabError(f"unknown method {method!r} (use 'cluster' or 'bootstrap')")
    if df is None or len(df) == 0:
        raise BoardlabError("no results to analyse (empty table)")
    d = with_win_credit(df)
    by = list(by)
    rows = []
    for key, grp in d.groupby(by, sort=True):
        key = key if isinstance(key, tuple) else (key,)
        game = str(grp["game"].iloc[0])
        feats = list(features) if features is not None else feature_columns(grp, game)
        feats = [f for f in feats if f in grp.columns]
        if not feats:
            continue
        X, names, n_ctrl = design_matrix(grp, feats)
        varying = int((np.ptp(X, axis=0) > 0).sum()) + 1        # with the intercept
        keep = _independent(X)
        keep[0] = True
        Xk = X[:, keep]
        Y = np.column_stack([grp["score"].to_numpy(float), grp["win_credit"].to_numpy(float)])
        clusters = grp["cluster_id"].to_numpy()
        n_games = int(grp["game_id"].nunique())
        est = np.full((X.shape[1], 2), np.nan)
        lo = np.full_like(est, np.nan)
        hi = np.full_like(est, np.nan)
        pv = np.full_like(est, np.nan)
        # fewer rows than varying columns: the columns QR keeps would be an accident of their
        # order (the later ones dropped for want of rows, not for being sums of others), and
        # the effects left would not hold the other features fixed: none is estimated
        if len(grp) > varying and Xk.shape[0] > Xk.shape[1] and n_games > 2:
            # a cluster-robust covariance has rank below the number of clusters, so with no more
            # clusters than columns some of its directions are zero and the intervals too narrow
            # (the bootstrap's resamples then leave columns empty): estimates only
            few_clusters = len(np.unique(clusters)) <= Xk.shape[1]
            if method == "cluster":
                est[keep], lo[keep], hi[keep], pv[keep] = ols_cluster(Xk, Y, clusters)
            else:
                b, blo, bhi = ols_bootstrap(Xk, Y, clusters, n_boot=n_boot, seed=seed)
                est[keep], lo[keep], hi[keep] = b, blo, bhi
                for k in range(Y.shape[1]):
                    if _exact_fit(Y[:, k], Y[:, k] - Xk @ b[:, k]):
                        lo[:, k] = hi[:, k] = np.nan
                        est[:, k] = _snap(est[:, k], Y[:, k])
            if few_clusters:
                lo[:] = hi[:] = pv[:] = np.nan
                why_all = (f"no more games ({len(np.unique(clusters))}; deals in a paired run) "
                           f"than regression columns ({Xk.shape[1]})")
            else:
                why_all = ""
        else:
            why_all = (f"too few games ({n_games}) or player rows ({len(grp)}) for "
                       f"{varying} varying regression columns")
        refs = _references(X, keep, names, n_ctrl)
        exact = [np.isfinite(est[keep, k]).all() and
                 _exact_fit(Y[:, k], Y[:, k] - Xk @ np.nan_to_num(est[keep, k])) for k in range(2)]
        for j, f in enumerate(names[n_ctrl:], start=n_ctrl):
            v = grp[f].to_numpy(float)
            why = []
            for k in range(2):
                if np.isfinite(lo[j, k]):
                    why.append("")
                elif f in refs.values() and not np.isfinite(est[j, k]):
                    why.append("reference category: the other features of its kind are measured "
                               "against it (together they always add up to the same number)")
                elif not np.ptp(v) > 0:
                    why.append("never varies")
                elif not keep[j]:
                    why.append("not identifiable: a sum of other columns")
                elif why_all:
                    why.append(why_all)
                elif exact[k]:
                    why.append("seat and agent explain it exactly (one agent won every game): "
                               "the agent decided it, no error left to measure")
                else:
                    why.append("no interval")
            rows.append(dict(zip(by, key), feature=f, label=feature_label(f),
                             kind=feature_kind(f), mean=float(v.mean()),
                             share=float((v > 0).mean()), held=int((v > 0).sum()),
                             reference=feature_label(refs[f]) if f in refs else "",
                             score_effect=est[j, 0], score_lo=lo[j, 0], score_hi=hi[j, 0],
                             score_p=pv[j, 0],
                             win_effect=est[j, 1], win_lo=lo[j, 1], win_hi=hi[j, 1],
                             win_p=pv[j, 1], n=len(grp), games=n_games, method=method,
                             score_why=why[0], win_why=why[1]))
    cols = by + ["feature", "label", "kind", "mean", "share", "held", "reference",
                 "score_effect", "score_lo", "score_hi", "score_p", "win_effect", "win_lo",
                 "win_hi", "win_p", "n", "games", "method", "score_why", "win_why"]
    return pd.DataFrame(rows, columns=cols)


def _references(X: np.ndarray, keep: np.ndarray, names: list[str], n_ctrl: int) -> dict:
    """Feature -> the dropped feature its effect is measured against: a varying feature left out
    because it equals a constant minus other features (the kinds of one group add up to the
    same number in every row) is their reference category."""
    refs = {}
    Xk = X[:, keep]
    kept = [n for n, k in zip(names, keep) if k]
    for j in range(n_ctrl, X.shape[1]):
        if keep[j] or not np.ptp(X[:, j]) > 0:
            continue
        coef = np.linalg.lstsq(Xk, X[:, j], rcond=None)[0]
        if not np.allclose(Xk @ coef, X[:, j], atol=1e-6):
            continue
        # x_j = c - sum of some features: those features are read against x_j
        others = [kept[i] for i in range(len(kept)) if kept[i] in names[n_ctrl:]
                  and abs(coef[i] + 1.0) < 1e-6]
        if others and abs(coef[0]) > 1e-6:
            refs.update({o: names[j] for o in others})
    return refs


def seat_and_agent_effects(df: pd.DataFrame, by=("game",)) -> pd.DataFrame:
    """The control coefficients of the score and win regressions (no features): effect of each
    (player count, seat) cell against the first, and of each agent against the first, with
    cluster-robust 95% intervals. Useful when agents were not balanced over seats.

    When seat and agent dummies are collinear (e.g. each agent always in the same seat) the
    effects cannot be separated: the group's rows then have NaN effects and ``confounded`` True.
    """
    d = with_win_credit(df)
    rows = []
    for key, grp in d.groupby(list(by), sort=True):
        key = key if isinstance(key, tuple) else (key,)
        X, names, _ = design_matrix(grp, [])
        keep = _independent(X)
        confounded = not keep[1:].all() or grp["cluster_id"].nunique() < 3
        if confounded:
            b = lo = hi = np.full((X.shape[1], 2), np.nan)
        else:
            Y = np.column_stack([grp["score"].to_numpy(float),
                                 grp["win_credit"].to_numpy(float)])
            b, lo, hi, _ = ols_cluster(X, Y, grp["cluster_id"].to_numpy())
        for j, name in enumerate(names):
            if name == "intercept":
                continue
            rows.append(dict(zip(by, key), term=name, score_effect=b[j, 0],
                             score_lo=lo[j, 0], score_hi=hi[j, 0], win_effect=b[j, 1],
                             win_lo=lo[j, 1], win_hi=hi[j, 1], confounded=confounded))
    return pd.DataFrame(rows, columns=list(by) + ["term", "score_effect", "score_lo", "score_hi",
                                                  "win_effect", "win_lo", "win_hi",
                                                  "confounded"])
