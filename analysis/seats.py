"""Seat advantage as a function of playing strength, and the points that would even the seats.

For self-play results (one agent in every seat) at several strengths (random, greedy, search at
rising budgets) and player counts:

- :func:`seat_by_skill`: the start player's share of wins with Wilson 95% intervals and an exact
  binomial test against ``1/players``, and the mean score gap between the start player and the
  other seats (per game, t interval over games);
- the bonus that evens the seats is not read off these games (the median gap overshoots: a bonus
  changes how the seats play); ``boardlab compensation`` fits it from games played with bonuses
  (:mod:`analysis.compensation`) and checks it on fresh games.

Ties are left as they fall (a tie on points goes to the tie-break, which a bonus does not change).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from analysis import stats
from analysis.plots import _figure, finish
from engine_c.errors import BoardlabError

BASELINES = {"random": 0, "greedy": 1}


def skill_key(spec: str):
    """Order agents by strength: random, greedy, then search agents by budget."""
    family = stats.agent_family(spec)
    iterations = stats.parse_iterations(spec)
    return (BASELINES.get(family, 2), family, -1 if iterations is None else iterations, str(spec))


def self_play(df: pd.DataFrame) -> pd.DataFrame:
    """The games with one agent in every seat, with win credit; BoardlabError if there are none."""
    if df is None or len(df) == 0:
        raise BoardlabError("no results to analyse (empty table)")
    d = stats.with_win_credit(df)
    mixed = d.groupby("game_id")["agent"].transform("nunique") > 1
    if mixed.all():
        raise BoardlabError("seat advantage by strength needs self-play games (one agent in every seat)")
    return d[~mixed]


def _gaps(d: pd.DataFrame) -> pd.DataFrame:
    """One row per game and later seat: ``gap`` = start player's score minus that seat's."""
    wide = d.pivot_table(index=["game", "players", "agent", "game_id"], columns="seat",
                         values="score", aggfunc="first")
    rows = wide.melt(id_vars=[0], value_vars=[c for c in wide.columns if c != 0],
                     var_name="seat", value_name="score", ignore_index=False).dropna()
    rows["gap"] = rows[0] - rows["score"]
    return rows.reset_index()[["game", "players", "agent", "game_id", "seat", "gap"]]


def seat_by_skill(df: pd.DataFrame) -> pd.DataFrame:
    """Per game, player count and agent (self-play only): games, start_win_share, lo, hi, fair,
    p_binom, gap (start player's score minus the mean of the other seats), gap_lo, gap_hi,
    human_start_win_share (Castles of Burgundy); strongest agents last."""
    d = self_play(df)
    gaps = _gaps(d).groupby(["game", "players", "agent", "game_id"])["gap"].mean()
    rows = []
    for (game, players, agent), g in d.groupby(["game", "players", "agent"], sort=True):
        n = g["game_id"].nunique()
        wins = float(g.loc[g["seat"] == 0, "win_credit"].sum())
        lo, hi = stats.wilson_interval(wins, n)
        m, mlo, mhi = stats.mean_interval(gaps.loc[(game, players, agent)].to_numpy())
        human = stats.BURGUNDY_HUMAN_START_WIN.get(int(players), np.nan) if game == "burgundy" else np.nan
        rows.append(dict(game=game, players=int(players), agent=agent, games=n,
                         start_win_share=wins / n, lo=lo, hi=hi, fair=1.0 / players,
                         p_binom=stats.binom_test_two_sided(wins, n, 1.0 / players),
                         gap=m, gap_lo=mlo, gap_hi=mhi, human_start_win_share=human))
    out = pd.DataFrame(rows)
    return out.iloc[sorted(range(len(out)), key=lambda i: (out["game"].iloc[i], out["players"].iloc[i],
                                                          skill_key(out["agent"].iloc[i])))
                    ].reset_index(drop=True)


def plot_seat_by_skill(table: pd.DataFrame, game: str):
    """Start player's win share (Wilson 95%) against playing strength, one line per player count;
    human shares beside (``boardlab seats`` draws every seat: analysis.ladder)."""
    t = table[table["game"] == game]
    if t.empty:
        raise BoardlabError(f"no self-play results of {game}")
    levels = sorted(t["agent"].unique(), key=skill_key)
    x = {a: i for i, a in enumerate(levels)}
    fig = _figure(6.5, 4.6)
    ax1 = fig.subplots()
    for k, (players, s) in enumerate(t.groupby("players", sort=True)):
        s = s.sort_values("agent", key=lambda col: col.map(skill_key))
        xs = s["agent"].map(x).to_numpy() + (k - 1) * 0.08
        share = s["start_win_share"].to_numpy() * 100
        err = np.vstack([share - s["lo"].to_numpy() * 100, s["hi"].to_numpy() * 100 - share])
        line = ax1.errorbar(xs, share, yerr=err, fmt="o-", capsize=3,
                            label=f"{players} players (n={int(s['games'].min())}-{int(s['games'].max())} games)")
        ax1.axhline(100.0 / players, ls=":", lw=1, color=line[0].get_color())
        human = s["human_start_win_share"].dropna()
        if len(human):
            ax1.plot([len(levels)], [100 * human.iloc[0]], "D", color=line[0].get_color(), ms=7)
    names = levels + (["humans"] if t["human_start_win_share"].notna().any() else [])
    ax1.set_xticks(range(len(names)))
    # anchored at their right end, rotated labels end under their tick, inside the figure
    ax1.set_xticklabels(names, rotation=20, fontsize=8, ha="right", rotation_mode="anchor")
    ax1.set_xlabel("agent in every seat (weakest to strongest)"
                   + ("; diamonds: human games" if "humans" in names else ""))
    ax1.set_ylabel("start player's win share (%)")
    ax1.set_title("start player's share of wins (dotted: fair 1/n)", fontsize=10)
    ax1.legend(fontsize=7)
    fig.suptitle(f"{game}: start player's win share by playing strength, self-play only "
                 f"(n={int(t['games'].sum())} games, Wilson 95% intervals)")
    return finish(fig)
