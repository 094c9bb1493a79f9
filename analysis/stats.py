"""Basic statistics of simulation results: intervals, win rates, seat advantage, game length.

The statistics themselves come from scipy.stats (binomial and chi-square tests, t intervals,
bootstrap) and statsmodels (Wilson intervals); this module arranges them into tables. Every table
is a DataFrame with one row per group, sorted, so reports built from it are deterministic.

Win credit: ``rank == 0`` marks a winner; when several players share first place after the
tie-breaks, each gets ``1/k`` of the win (column ``win_credit``), so credits in a game sum to 1.
Win rates and win shares below count credits; Wilson intervals accept such fractional counts.
"""
from __future__ import annotations

import math
import re
import warnings

import numpy as np
import pandas as pd
from scipy import stats as sps
from statsmodels.stats.proportion import proportion_confint

from engine_c.errors import BoardlabError

LEVEL = 0.95

# Castles of Burgundy, human play on a large online site (figures given with the project brief):
# share of games won by the start player, and average score, by player count.
BURGUNDY_HUMAN_START_WIN = {2: 0.51, 3: 0.3266, 4: 0.2264}
BURGUNDY_HUMAN_MEAN_SCORE = {2: 184.6, 3: 201.7, 4: 218.2}
HUMAN_SOURCE = "human games on a large online site"


# --------------------------------------------------------------------------- intervals

def wilson_interval(k, n, level: float = LEVEL):
    """Wilson score interval for ``k`` successes in ``n`` trials (arrays broadcast), from
    statsmodels' ``proportion_confint``. Returns ``(lo, hi)``; NaN where ``n == 0``.
    ``k`` may be fractional (shared wins)."""
    k = np.asarray(k, dtype=float)
    n = np.asarray(n, dtype=float)
    bad = (n < 0) | (k < 0) | (k > n)
    if np.any(bad):
        first = np.argwhere(np.broadcast_to(bad, np.broadcast(k, n).shape))[0]
        kb, nb = np.broadcast_to(k, bad.shape)[tuple(first)], np.broadcast_to(n, bad.shape)[tuple(first)]
        raise BoardlabError(f"wilson_interval: successes must be within 0..trials, got {kb:g} of {nb:g}")
    with warnings.catch_warnings(), np.errstate(invalid="ignore", divide="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        lo, hi = proportion_confint(k, np.where(n > 0, n, np.nan), alpha=1 - level,
                                    method="wilson")
    # the bounds at k = 0 and k = n are exactly 0 and 1; keep rounding from moving them
    lo = np.where(n > 0, np.where(k <= 0, 0.0, np.clip(lo, 0.0, 1.0)), np.nan)
    hi = np.where(n > 0, np.where(k >= n, 1.0, np.clip(hi, 0.0, 1.0)), np.nan)
    if lo.ndim == 0:
        return float(lo), float(hi)
    return lo, hi


def mean_interval(values, level: float = LEVEL):
    """Student-t interval of a mean: ``(mean, lo, hi)`` (NaN bounds if n < 2; the mean itself if
    all values are equal)."""
    v = np.asarray(values, dtype=float)
    if v.size == 0:
        return math.nan, math.nan, math.nan
    m = float(v.mean())
    if v.size < 2:
        return m, math.nan, math.nan
    if np.all(v == v[0]):
        return m, m, m
    lo, hi = sps.t.interval(level, v.size - 1, loc=m, scale=sps.sem(v))
    return m, float(lo), float(hi)


def median_interval(values, level: float = LEVEL):
    """Distribution-free interval of a median from order statistics: ``(median, lo, hi)``.

    ``lo, hi`` are the j-th smallest and j-th largest values, j the largest with
    P(Binomial(n, 1/2) < j) <= (1 - level) / 2, so the interval covers the median with at least
    ``level`` probability; NaN bounds when n is too small for any such j."""
    v = np.sort(np.asarray(values, dtype=float))
    if v.size == 0:
        return math.nan, math.nan, math.nan
    m = float(np.median(v))
    j = 0
    while j + 1 <= v.size and sps.binom.cdf(j, v.size, 0.5) <= (1 - level) / 2:
        j += 1
    if j == 0:
        return m, math.nan, math.nan
    return m, float(v[j - 1]), float(v[v.size - j])


def bootstrap_ci(data, statistic=np.mean, n_boot: int = 2000, seed: int = 0,
                 level: float = LEVEL, clusters=None):
    """Percentile bootstrap interval of ``statistic(data)`` by ``scipy.stats.bootstrap``;
    returns ``(estimate, lo, hi)`` (arrays if the statistic returns an array).

    ``data`` is an array (rows resampled along axis 0) or a DataFrame (rows resampled).
    With ``clusters`` (one label per row, e.g. a game id) whole clusters are resampled, which
    is what results need: the players of one game are not independent. Seeded by ``seed``.
    """
    n = len(data)
    if n == 0:
        raise BoardlabError("bootstrap of an empty sample")
    take = (lambda idx: data.iloc[idx]) if isinstance(data, (pd.DataFrame, pd.Series)) \
        else (lambda idx: np.asarray(data)[idx])
    codes = np.arange(n) if clusters is None else \
        pd.factorize(pd.Series(np.asarray(clusters)), sort=True)[0]
    order = np.argsort(codes, kind="stable")              # rows of cluster g: order[start[g]:+size[g]]
    size = np.bincount(codes)
    start = np.cumsum(size) - size

    def on_clusters(picked):
        picked = picked.astype(np.int64)
        sizes = size[picked]
        first = np.repeat(start[picked] - (np.cumsum(sizes) - sizes), sizes)
        return statistic(take(order[first + np.arange(sizes.sum())]))

    res = sps.bootstrap((np.arange(len(size), dtype=float),), on_clusters, n_resamples=n_boot,
                        vectorized=False, confidence_level=level, method="percentile",
                        rng=np.random.default_rng(seed))
    estimate = np.asarray(statistic(data), dtype=float)
    lo, hi = (np.asarray(b, dtype=float) for b in res.confidence_interval)
    if estimate.ndim == 0:
        return float(estimate), float(lo), float(hi)
    return estimate, lo, hi


# --------------------------------------------------------------------------- tests

def binom_test_two_sided(k, n: int, p: float) -> float:
    """Exact two-sided binomial test p-value (``scipy.stats.binomtest``); NaN if ``n`` is 0.
    Fractional ``k`` (shared wins) is rounded to the nearest integer."""
    n = int(n)
    if n <= 0:
        return math.nan
    return float(sps.binomtest(int(round(float(k))), n, p).pvalue)


def chi2_uniform_test(counts) -> tuple[float, int, float]:
    """Goodness-of-fit test of counts against equal shares (``scipy.stats.chisquare``):
    ``(statistic, df, p)``."""
    counts = np.asarray(counts, dtype=float)
    if counts.size < 2 or counts.sum() <= 0:
        return math.nan, max(counts.size - 1, 0), math.nan
    res = sps.chisquare(counts)
    return float(res.statistic), counts.size - 1, float(res.pvalue)


# --------------------------------------------------------------------------- helpers

def with_win_credit(df: pd.DataFrame) -> pd.DataFrame:
    """``df`` plus ``game_id`` (unique per run and game), ``cluster_id`` (unique per run and
    deal: games of a paired run that share a deal are one cluster; otherwise = game) and
    ``win_credit`` (1/k for k tied winners)."""
    out = df.copy()
    run = ["run"] if "run" in out.columns else []
    out["game_id"] = out.groupby(run + ["game_index"], sort=True).ngroup()
    deal = "deal" if "deal" in out.columns else "game_index"
    out["cluster_id"] = out.groupby(run + [deal], sort=True).ngroup()
    winners = out.groupby("game_id")["win"].transform("sum").astype(float)
    out["win_credit"] = np.where(out["win"], 1.0 / winners.where(winners > 0, 1.0), 0.0)
    return out


def games_table(df: pd.DataFrame) -> pd.DataFrame:
    """One row per game: game, players, turns, lead changes, tie-break, duration, winner's seat
    and score, and the margin between the best and second-best score."""
    d = with_win_credit(df)
    g = d.groupby("game_id", sort=True)
    out = g.agg(run=("run", "first") if "run" in d.columns else ("game", "first"),
                game=("game", "first"), players=("players", "first"),
                game_index=("game_index", "first"), turns=("turns", "first"),
                lead_changes=("lead_changes", "first"), tiebreak_used=("tiebreak_used", "first"),
                duration_s=("duration_s", "first"), winning_score=("score", "max"),
                mean_score=("score", "mean"))
    srt = d.sort_values(["game_id", "score"], ascending=[True, False])
    srt["_pos"] = srt.groupby("game_id").cumcount()
    second = srt[srt["_pos"] == 1].set_index("game_id")["score"]
    out["margin"] = out["winning_score"] - second.reindex(out.index)
    first_winner = d[d["win"]].sort_values(["game_id", "seat"]).groupby("game_id")["seat"].first()
    out["winner_seat"] = first_winner.reindex(out.index).fillna(-1).astype(int)
    return out.reset_index()


def _check(df: pd.DataFrame):
    if df is None or len(df) == 0:
        raise BoardlabError("no results to analyse (empty table)")


# --------------------------------------------------------------------------- tables

def win_rates(df: pd.DataFrame, by=("game", "players", "agent")) -> pd.DataFrame:
    """Win rate per agent (per game and player count) with Wilson 95% intervals.

    Columns: the ``by`` keys, ``n`` (player-games), ``wins`` (win credits), ``win_rate``, ``lo``,
    ``hi``, ``fair`` (1/players), ``mean_score``.
    """
    _check(df)
    d = with_win_credit(df)
    by = list(by)
    g = d.groupby(by, sort=True)
    out = g.agg(n=("win_credit", "size"), wins=("win_credit", "sum"),
                mean_score=("score", "mean"), mean_players=("players", "mean")).reset_index()
    out["win_rate"] = out["wins"] / out["n"]
    out["lo"], out["hi"] = wilson_interval(out["wins"].to_numpy(), out["n"].to_numpy())
    out["fair"] = 1.0 / out["mean_players"]
    return out[by + ["n", "wins", "win_rate", "lo", "hi", "fair", "mean_score"]]


def agents_balanced_over_seats(df: pd.DataFrame, tol: float = 0.05) -> bool:
    """True when every seat sees (nearly) the same mix of situations: for each seat, the share of
    rows with a given (own agent, whole table's agents) is the same, within ``tol``. Then seat
    effects are not confounded with agent strength (always true in self-play, and for the
    runner's seating, which turns the line-up through every seat). A line-up of 2 agents that
    merely alternates over 3 seats (A B A, B A B) gives seats 0 and 2 the same agent, so seat 1 is
    alone against a pair half the time and one of a pair the other half: not balanced."""
    if df["agent"].nunique() <= 1:
        return True
    keys = ["run", "game_index"] if "run" in df.columns else ["game_index"]
    game = df.groupby(keys, sort=True).ngroup().to_numpy()
    agent = pd.factorize(df["agent"].astype(str), sort=True)[0]
    counts = np.zeros((game.max() + 1, agent.max() + 1), dtype=np.int64)
    np.add.at(counts, (game, agent), 1)  # each game's table: how many seats each agent holds
    table = pd.factorize(pd.Series([c.tobytes() for c in counts]))[0]
    situation = pd.Series(agent * (table.max() + 1) + table[game], index=df.index)
    tab = pd.crosstab(df["seat"], situation, normalize="index")
    overall = situation.value_counts(normalize=True).reindex(tab.columns)
    return bool((tab - overall).abs().to_numpy().max() <= tol)


def seat_advantage(df: pd.DataFrame) -> pd.DataFrame:
    """Win share and mean score by seat, for each game and player count.

    Columns: game, players, seat, games, wins (credits), win_share, lo, hi (Wilson 95%), fair
    (1/players), p_binom (exact two-sided binomial test of win share = 1/players), mean_score,
    score_lo, score_hi (t 95%), and for burgundy seat 0 the human reference
    ``human_win_share`` (NaN elsewhere).
    """
    _check(df)
    d = with_win_credit(df)
    rows = []
    for (game, players), grp in d.groupby(["game", "players"], sort=True):
        n_games = grp["game_id"].nunique()
        for seat, s in grp.groupby("seat", sort=True):
            wins = float(s["win_credit"].sum())
            lo, hi = wilson_interval(wins, n_games)
            m, mlo, mhi = mean_interval(s["score"])
            human = (BURGUNDY_HUMAN_START_WIN.get(int(players), math.nan)
                     if game == "burgundy" and seat == 0 else math.nan)
            rows.append(dict(game=game, players=int(players), seat=int(seat), games=n_games,
                             wins=wins, win_share=wins / n_games, lo=lo, hi=hi,
                             fair=1.0 / players,
                             p_binom=binom_test_two_sided(wins, n_games, 1.0 / players),
                             mean_score=m, score_lo=mlo, score_hi=mhi, human_win_share=human))
    return pd.DataFrame(rows)


def seat_summary(df: pd.DataFrame) -> pd.DataFrame:
    """One row per game and player count: the start player's win share against 1/n and the
    human reference, a chi-square test of all seats' wins against equal shares, mean and
    winning score against the human reference mean, and whether agents were balanced over
    seats (if not, seat and agent effects are mixed up)."""
    _check(df)
    seats = seat_advantage(df)
    games = games_table(df)
    d = with_win_credit(df)
    rows = []
    for (game, players), s in seats.groupby(["game", "players"], sort=True):
        sub = d[(d["game"] == game) & (d["players"] == players)]
        gsub = games[(games["game"] == game) & (games["players"] == players)]
        # chi-square needs whole wins: one winner per game after splitting credit
        stat, dof, p = chi2_uniform_test(s.sort_values("seat")["wins"].to_numpy())
        s0 = s[s["seat"] == 0].iloc[0]
        human_score = BURGUNDY_HUMAN_MEAN_SCORE.get(int(players), math.nan) \
            if game == "burgundy" else math.nan
        rows.append(dict(
            game=game, players=int(players), games=int(s0["games"]),
            start_win_share=s0["win_share"], start_lo=s0["lo"], start_hi=s0["hi"],
            fair=1.0 / players, start_p_binom=s0["p_binom"],
            human_start_win_share=s0["human_win_share"],
            chi2=stat, chi2_df=dof, chi2_p=p,
            mean_score=float(sub["score"].mean()),
            mean_winning_score=float(gsub["winning_score"].mean()),
            human_mean_score=human_score,
            agents_balanced=agents_balanced_over_seats(sub)))
    return pd.DataFrame(rows)


def game_length(df: pd.DataFrame) -> pd.DataFrame:
    """Per game and player count: decisions per game (mean, sd, median, 10%/90%), wall time,
    lead changes (mean, share of games without any), tie-break share (Wilson), winning score
    and winning margin."""
    _check(df)
    g = games_table(df)
    rows = []
    for (game, players), s in g.groupby(["game", "players"], sort=True):
        n = len(s)
        t = s["turns"].to_numpy(float)
        tb = float(s["tiebreak_used"].sum())
        tlo, thi = wilson_interval(tb, n)
        lc_m, lc_lo, lc_hi = mean_interval(s["lead_changes"])
        rows.append(dict(
            game=game, players=int(players), games=n,
            turns_mean=t.mean(), turns_sd=t.std(ddof=1) if n > 1 else math.nan,
            turns_p10=np.quantile(t, 0.1), turns_median=np.median(t),
            turns_p90=np.quantile(t, 0.9),
            duration_mean_s=float(s["duration_s"].mean()),
            lead_changes_mean=lc_m, lead_changes_lo=lc_lo, lead_changes_hi=lc_hi,
            no_lead_change_share=float((s["lead_changes"] == 0).mean()),
            tiebreak_share=tb / n, tiebreak_lo=tlo, tiebreak_hi=thi,
            winning_score_mean=float(s["winning_score"].mean()),
            margin_mean=float(s["margin"].mean())))
    return pd.DataFrame(rows)


def lead_change_distribution(df: pd.DataFrame) -> pd.DataFrame:
    """Number of games by count of lead changes, per game and player count."""
    _check(df)
    g = games_table(df)
    out = (g.groupby(["game", "players", "lead_changes"], sort=True).size()
           .rename("games").reset_index())
    out["share"] = out["games"] / out.groupby(["game", "players"])["games"].transform("sum")
    return out


def score_summary(df: pd.DataFrame, by=("game", "players", "agent")) -> pd.DataFrame:
    """Score distribution per group: n, mean with t 95% interval, sd and quantiles."""
    _check(df)
    by = list(by)
    rows = []
    for key, s in df.groupby(by, sort=True):
        key = key if isinstance(key, tuple) else (key,)
        v = s["score"].to_numpy(float)
        m, lo, hi = mean_interval(v)
        rows.append(dict(zip(by, key), n=v.size, mean=m, lo=lo, hi=hi,
                         sd=v.std(ddof=1) if v.size > 1 else math.nan, min=v.min(),
                         p25=np.quantile(v, 0.25), median=np.median(v),
                         p75=np.quantile(v, 0.75), max=v.max()))
    return pd.DataFrame(rows)


# --------------------------------------------------------------------------- search budget

_ITER_RE = re.compile(r"(?:^|[:,;\s])iterations=(\d+)")


def parse_iterations(spec: str):
    """``N`` from an agent spec containing ``iterations=N`` (e.g. ``ismcts:iterations=2000``),
    else None."""
    m = _ITER_RE.search(str(spec))
    return int(m.group(1)) if m else None


def agent_family(spec: str) -> str:
    """The agent spec without its ``iterations=N`` option
    (``ismcts:iterations=200`` -> ``ismcts``)."""
    s = re.sub(r"iterations=\d+", "", str(spec))
    s = re.sub(r"[,;]{2,}", ",", s)
    s = re.sub(r":[,;]", ":", s)
    return s.strip(":,; ") or str(spec)


def budget_table(df: pd.DataFrame) -> pd.DataFrame:
    """Win rate against search budget: one row per game, player count, agent family and
    ``iterations`` value, for agent families seen with at least two budgets, over games with
    at least two different agents (self-play is left out). Empty if none. The win rate depends
    on the opponents of those games."""
    _check(df)
    d = with_win_credit(df)
    # self-play games say nothing about strength (win rate 1/n by construction)
    d = d[d.groupby("game_id")["agent"].transform("nunique") > 1]
    d["iterations"] = d["agent"].map(parse_iterations)
    d = d[d["iterations"].notna()].copy()
    if d.empty:
        return pd.DataFrame(columns=["game", "players", "family", "iterations", "n", "wins",
                                     "win_rate", "lo", "hi", "fair", "mean_score"])
    d["iterations"] = d["iterations"].astype(int)
    d["family"] = d["agent"].map(agent_family)
    out = (d.groupby(["game", "players", "family", "iterations"], sort=True)
           .agg(n=("win_credit", "size"), wins=("win_credit", "sum"),
                mean_score=("score", "mean")).reset_index())
    nb = out.groupby(["game", "players", "family"])["iterations"].transform("nunique")
    out = out[nb >= 2].reset_index(drop=True)
    out["win_rate"] = out["wins"] / out["n"]
    out["lo"], out["hi"] = wilson_interval(out["wins"].to_numpy(), out["n"].to_numpy())
    out["fair"] = 1.0 / out["players"]
    return out[["game", "players", "family", "iterations", "n", "wins", "win_rate", "lo", "hi",
                "fair", "mean_score"]]
