"""Seat advantage along a ladder of skill levels (``boardlab seats``): self-play only.

Every figure here is about one agent's play against itself: with the same agent in every seat the
only thing that differs between seats is the seat, so a seat's share of wins away from ``1/n`` is
a property of the game *as these agents play it*. Figures are never pooled across agents.

- :func:`seat_ladder`: per game, player count, agent and seat: games, win share (ties split) with
  a Wilson 95% interval and an exact binomial test against ``1/n``, and the mean score difference
  between the seat and the mean of the other seats (per game, t interval over games);
- :func:`skill_trend`: whether the start player's share moves with skill: a binomial GLM (logit) of
  the start player's win credit on the level's rank (0 = weakest), the odds ratio per level step
  with its 95% interval and p-value;
- :func:`plot_seat_ladder`: both, per player count, with the human figures where a source exists.
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from analysis import stats
from analysis.plots import _figure, finish
from analysis.seats import self_play, skill_key
from engine_c.errors import BoardlabError

# human figures per game and player count: the start player's share of wins (docs/analysis.md cites them)
HUMAN_START_WIN = {"burgundy": stats.BURGUNDY_HUMAN_START_WIN}


def _levels(d: pd.DataFrame):
    """The agents of ``d`` from weakest to strongest."""
    return sorted(d["agent"].unique(), key=skill_key)


def seat_ladder(df: pd.DataFrame) -> pd.DataFrame:
    """Per game, players, agent and seat: level (rank, 0 = weakest), games, win_share, lo, hi, fair,
    p_binom, diff (seat's score minus the others' mean), diff_lo, diff_hi, human_win_share."""
    d = self_play(df)
    others = d.groupby("game_id")["score"].transform("sum")
    d = d.assign(diff=(d["score"] - (others - d["score"]) / (d["players"] - 1)))
    rows = []
    for (game, players), g in d.groupby(["game", "players"], sort=True):
        for level, agent in enumerate(_levels(g)):
            a = g[g["agent"] == agent]
            n = a["game_id"].nunique()
            for seat, s in a.groupby("seat", sort=True):
                wins = float(s["win_credit"].sum())
                lo, hi = stats.wilson_interval(wins, n)
                m, mlo, mhi = stats.mean_interval(s["diff"].to_numpy(float))
                human = HUMAN_START_WIN.get(game, {}).get(int(players), math.nan) if seat == 0 else math.nan
                rows.append(dict(game=game, players=int(players), agent=agent, level=level, seat=int(seat),
                                 games=n, win_share=wins / n, lo=lo, hi=hi, fair=1.0 / players,
                                 p_binom=stats.binom_test_two_sided(wins, n, 1.0 / players),
                                 diff=m, diff_lo=mlo, diff_hi=mhi, human_win_share=human))
    return pd.DataFrame(rows)


def skill_trend(df: pd.DataFrame) -> pd.DataFrame:
    """Per game and players: levels, games, odds_ratio of the start player winning per level step
    (binomial GLM, logit link, on the level's rank), lo, hi (95%), p; NaN with fewer than 2 levels."""
    import statsmodels.api as sm

    d = self_play(df)
    rows = []
    for (game, players), g in d.groupby(["game", "players"], sort=True):
        levels = _levels(g)
        start = g[g["seat"] == 0]
        rank = start["agent"].map({a: i for i, a in enumerate(levels)}).to_numpy(float)
        y = start["win_credit"].to_numpy(float)
        odds, lo, hi, p = (math.nan,) * 4
        if len(levels) >= 2 and 0 < y.sum() < len(y):
            fit = sm.GLM(y, sm.add_constant(rank), family=sm.families.Binomial()).fit()
            b, (blo, bhi) = fit.params[1], fit.conf_int(alpha=1 - stats.LEVEL)[1]
            odds, lo, hi, p = math.exp(b), math.exp(blo), math.exp(bhi), float(fit.pvalues[1])
        rows.append(dict(game=game, players=int(players), levels=len(levels), games=len(start),
                         odds_ratio=odds, lo=lo, hi=hi, p=p))
    return pd.DataFrame(rows)


def trend_text(row) -> str:
    """One line saying whether the start player's share moves with skill."""
    if not np.isfinite(row.odds_ratio):
        return "trend with skill: not estimable (fewer than two levels, or one outcome only)"
    verdict = ("rises with skill" if row.lo > 1 else "falls with skill" if row.hi < 1
               else "no trend found at this number of games")
    return (f"trend with skill: the start player's odds of winning x{row.odds_ratio:.2f} per level "
            f"[{row.lo:.2f}, {row.hi:.2f}], p = {row.p:.3f}: {verdict}")


def plot_seat_ladder(table: pd.DataFrame, game: str):
    """Each seat's win share (Wilson 95%) and score difference (95%) per skill level, one row of
    panels per player count; the fair share dotted, human start-player shares as diamonds."""
    t = table[table["game"] == game]
    if t.empty:
        raise BoardlabError(f"no self-play results of {game}")
    counts = sorted(t["players"].unique())
    fig = _figure(11, 3.9 * len(counts))
    axes = np.atleast_2d(fig.subplots(len(counts), 2, squeeze=False))
    for row, players in enumerate(counts):
        s = t[t["players"] == players]
        levels = list(s.sort_values("level")["agent"].unique())
        ax1, ax2 = axes[row]
        for seat, q in s.groupby("seat", sort=True):
            q = q.sort_values("level")
            xs = q["level"].to_numpy() + (seat - (players - 1) / 2) * 0.08
            share = 100 * q["win_share"].to_numpy()
            err = np.vstack([share - 100 * q["lo"].to_numpy(), 100 * q["hi"].to_numpy() - share])
            line = ax1.errorbar(xs, share, yerr=err, fmt="o-", capsize=3, label=f"seat {seat}")
            diff = q["diff"].to_numpy()
            derr = np.nan_to_num(np.vstack([diff - q["diff_lo"].to_numpy(), q["diff_hi"].to_numpy() - diff]))
            ax2.errorbar(xs, diff, yerr=derr, fmt="o-", capsize=3, color=line[0].get_color(), label=f"seat {seat}")
        ax1.axhline(100.0 / players, ls=":", lw=1, color="black")
        human = s["human_win_share"].dropna()
        # a long spec wraps at its colons, so neighbouring levels keep their labels apart
        names = [a.replace(":", ":\n") + f"\n(n={int(s.loc[s['agent'] == a, 'games'].iloc[0])})" for a in levels]
        if len(human):
            ax1.plot([len(levels)], [100 * human.iloc[0]], "D", color="C0", ms=7, label="humans, seat 0")
            names.append("humans")
        ax1.set_xticks(range(len(names)))
        ax1.set_xticklabels(names, fontsize=7)
        ax1.set_ylabel("share of wins (%)")
        ax1.set_title(f"{players} players: each seat's share of wins (dotted: fair {100 / players:.0f}%)",
                      fontsize=10)
        ax1.legend(fontsize=7)
        ax2.axhline(0, color="black", lw=0.8)
        ax2.ticklabel_format(axis="y", useOffset=False)
        ax2.set_xticks(range(len(levels)))
        ax2.set_xticklabels(names[:len(levels)], fontsize=7)
        ax2.set_ylabel("score minus the others' mean (VP)")
        ax2.set_title(f"{players} players: each seat's score difference", fontsize=10)
    fig.suptitle(f"{game}: seat advantage by skill, self-play (the same agent in every seat), 95% intervals",
                 fontsize=11)
    return finish(fig)
