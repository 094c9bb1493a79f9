"""Figures of simulation results; each function returns a matplotlib Figure.

Figures are built with ``matplotlib.figure.Figure`` (Agg canvas, no pyplot state), so they are
safe in scripts, tests and threads and need no ``plt.close``. Every figure has a title, labelled
axes with units and its sample size (``n=...``). :func:`save_png` writes a PNG without the
software/version metadata, so the same figure always gives the same bytes.
"""
from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from analysis import stats
from engine_c.errors import BoardlabError

DPI = 100
_START = {"sanjuan": "governor", "burgundy": "start player"}


def agent_sort_key(spec: str):
    """Order agents by family, then by search budget as a number (50 before 400)."""
    it = stats.parse_iterations(spec)
    return (stats.agent_family(spec), -1 if it is None else it, str(spec))


def _figure(width: float, height: float) -> Figure:
    fig = Figure(figsize=(width, height), dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _one_game(df: pd.DataFrame, game: str | None) -> tuple[pd.DataFrame, str]:
    if df is None or len(df) == 0:
        raise BoardlabError("nothing to plot (empty table)")
    if game is None:
        games = sorted(df["game"].unique())
        if len(games) != 1:
            raise BoardlabError(f"results hold several games ({', '.join(games)}): pass game=")
        game = games[0]
    d = df[df["game"] == game]
    if d.empty:
        raise BoardlabError(f"no results for game {game!r}")
    return d, game


def png_bytes(fig: Figure) -> bytes:
    """The figure as PNG bytes, deterministic (no Software metadata)."""
    if fig.get_layout_engine() is not None:
        # settle the constrained layout once and freeze it, so every save is identical
        fig.canvas.draw()
        fig.set_layout_engine("none")
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI, metadata={"Software": None})
    return buf.getvalue()


def save_png(fig: Figure, path) -> Path:
    """Write the figure as a deterministic PNG; returns the path."""
    path = Path(path)
    path.write_bytes(png_bytes(fig))
    return path


def plot_seat_advantage(df: pd.DataFrame, game: str | None = None) -> Figure:
    """Win share (Wilson 95% bars) and mean score (95% bars) by seat, one column per player
    count, against the fair share 1/n and, for burgundy, the human start-player share."""
    d, game = _one_game(df, game)
    seats = stats.seat_advantage(d)
    counts = sorted(seats["players"].unique())
    fig = _figure(3.6 * len(counts) + 0.6, 6.2)
    axes = fig.subplots(2, len(counts), squeeze=False)
    start = _START.get(game, "first player")
    total = int(seats.drop_duplicates("players")["games"].sum())
    for col, n in enumerate(counts):
        s = seats[seats["players"] == n].sort_values("seat")
        x = s["seat"].to_numpy()
        share = s["win_share"].to_numpy() * 100
        err = np.vstack([share - s["lo"].to_numpy() * 100, s["hi"].to_numpy() * 100 - share])
        ax = axes[0, col]
        ax.bar(x, share, color="#4c72b0", yerr=err, capsize=4, label="simulated (95% CI)")
        ax.axhline(100.0 / n, color="black", ls="--", lw=1, label=f"fair share 1/{n}")
        human = s["human_win_share"].to_numpy()
        if np.isfinite(human).any():
            ax.plot(x[np.isfinite(human)], human[np.isfinite(human)] * 100, "D",
                    color="#dd8452", ms=8, label="humans (online site)")
        balanced = stats.agents_balanced_over_seats(d[d["players"] == n])
        ax.set_title(f"{n} players (n={int(s['games'].iloc[0])} games)"
                     + ("" if balanced else "\nagents not balanced over seats!"),
                     color="black" if balanced else "#c44e52")
        ax.set_xlabel(f"seat (0 = {start})")
        ax.set_ylabel("win share (%)")
        ax.set_xticks(x)
        ax.set_ylim(0, max(float(np.nanmax(s["hi"].to_numpy())) * 100, 100.0 / n) * 1.35)
        ax.legend(fontsize=7, loc="upper right", ncol=2)
        ax2 = axes[1, col]
        m = s["mean_score"].to_numpy()
        merr = np.vstack([m - s["score_lo"].to_numpy(), s["score_hi"].to_numpy() - m])
        ax2.errorbar(x, m, yerr=merr, fmt="o", color="#55a868", capsize=4)
        ax2.set_title(f"mean score by seat (n={int(s['games'].iloc[0])} per seat)")
        ax2.set_xlabel(f"seat (0 = {start})")
        ax2.set_ylabel("mean final score (VP)")
        ax2.set_xticks(x)
    fig.suptitle(f"{game}: seat advantage (n={total} games)")
    return fig


def plot_score_distributions(df: pd.DataFrame, game: str | None = None) -> Figure:
    """Box plots of final score by agent, one panel per player count."""
    d, game = _one_game(df, game)
    counts = sorted(d["players"].unique())
    fig = _figure(max(4.5, 3.2 * len(counts) + 1.5), 4.6)
    axes = fig.subplots(1, len(counts), squeeze=False)[0]
    for ax, n in zip(axes, counts):
        s = d[d["players"] == n]
        agents = sorted(s["agent"].unique(), key=agent_sort_key)
        data = [s.loc[s["agent"] == a, "score"].to_numpy() for a in agents]
        ax.boxplot(data, showmeans=True)
        ax.set_xticks(range(1, len(agents) + 1))
        ax.set_xticklabels([f"{a}\n(n={len(v)})" for a, v in zip(agents, data)], fontsize=7,
                           rotation=20 if len(agents) > 2 else 0)
        ax.set_title(f"{n} players (n={s['game_index'].size} player-games)")
        ax.set_xlabel("agent")
        ax.set_ylabel("final score (VP)")
    fig.suptitle(f"{game}: score distribution by agent (n={len(d)} player-games)")
    return fig


def plot_tile_values(values: pd.DataFrame, game: str | None = None, top: int | None = None
                     ) -> Figure:
    """Forest plot of feature effects (from :func:`analysis.values.tile_values`): points on
    final score and percentage points of win probability, per unit, with 95% intervals."""
    v, game = _one_game(values, game)
    v = v[np.isfinite(v["score_effect"])]
    if v.empty:
        raise BoardlabError(f"{game}: no identifiable feature effects to plot")
    if top is not None and len(v) > top:
        v = v.reindex(v["score_effect"].abs().sort_values(ascending=False).index[:top])
    v = v.iloc[::-1]  # first feature at the top
    y = np.arange(len(v))
    fig = _figure(10, 1.6 + 0.24 * len(v))
    ax1, ax2 = fig.subplots(1, 2, sharey=True)
    for ax, eff, lo, hi, scale, xlabel in (
            (ax1, "score_effect", "score_lo", "score_hi", 1.0,
             "effect on final score (VP per tile or unit)"),
            (ax2, "win_effect", "win_lo", "win_hi", 100.0,
             "effect on win probability (percentage points per unit)")):
        e = v[eff].to_numpy() * scale
        err = np.vstack([e - v[lo].to_numpy() * scale, v[hi].to_numpy() * scale - e])
        err = np.clip(np.nan_to_num(err), 0, None)
        sig = (v[lo].to_numpy() > 0) | (v[hi].to_numpy() < 0)
        ax.errorbar(e[~sig], y[~sig], xerr=err[:, ~sig], fmt="o", color="#8c8c8c", capsize=2,
                    ms=4, label="95% CI includes 0")
        ax.errorbar(e[sig], y[sig], xerr=err[:, sig], fmt="o", color="#c44e52", capsize=2,
                    ms=4, label="95% CI excludes 0")
        ax.axvline(0, color="black", lw=0.8)
        ax.set_xlabel(xlabel)
        ax.grid(axis="x", alpha=0.3)
    ax1.set_yticks(y)
    ax1.set_yticklabels(v["label"].to_list(), fontsize=8)
    ax1.set_ylabel("feature")
    ax1.legend(fontsize=7, loc="lower right")
    n_games = int(v["games"].max())
    n_rows = int(v["n"].max())
    method = "cluster-robust" if (v["method"] == "cluster").all() else "bootstrap"
    ax1.set_title("final score")
    ax2.set_title("win probability")
    fig.suptitle(f"{game}: feature values, controlling for seat and agent "
                 f"(n={n_games} games, {n_rows} player rows; {method} 95% CI)")
    return fig


def plot_budget(df: pd.DataFrame, game: str | None = None) -> Figure:
    """Win rate (Wilson 95% bars) against search budget (``iterations=N`` in agent specs)."""
    d, game = _one_game(df, game)
    b = stats.budget_table(d)
    if b.empty:
        raise BoardlabError(f"{game}: runs do not differ in iterations=N; no budget plot")
    fig = _figure(6.5, 4.4)
    ax = fig.subplots()
    for (players, family), s in b.groupby(["players", "family"], sort=True):
        s = s.sort_values("iterations")
        r = s["win_rate"].to_numpy() * 100
        err = np.vstack([r - s["lo"].to_numpy() * 100, s["hi"].to_numpy() * 100 - r])
        ax.errorbar(s["iterations"], r, yerr=err, fmt="o-", capsize=3,
                    label=f"{family}, {players} players (n={int(s['n'].sum())})")
    for players in sorted(b["players"].unique()):
        ax.axhline(100.0 / players, ls=":", lw=1, color="gray")
    ax.set_xscale("log")
    ticks = sorted(b["iterations"].unique())
    ax.set_xticks(ticks)
    ax.set_xticklabels([str(t) for t in ticks])
    ax.minorticks_off()
    ax.set_xlabel("search budget (iterations per decision, log scale)")
    ax.set_ylabel("win rate (%)")
    ax.legend(fontsize=7)
    ax.set_title(f"{game}: win rate against search budget (n={int(b['n'].sum())} player-games; "
                 "dotted: 1/players)", fontsize=10)
    return fig


def plot_game_length(df: pd.DataFrame, game: str | None = None) -> Figure:
    """Histogram of decisions per game and distribution of lead changes, by player count."""
    d, game = _one_game(df, game)
    g = stats.games_table(d)
    fig = _figure(10, 4.2)
    ax1, ax2 = fig.subplots(1, 2)
    for n, s in g.groupby("players", sort=True):
        ax1.hist(s["turns"], bins=30, alpha=0.6, label=f"{n} players (n={len(s)})")
        # every count from 0 to the largest, so a count no game had is drawn at 0%, not skipped
        lc = s["lead_changes"].value_counts(normalize=True).reindex(
            range(int(s["lead_changes"].max()) + 1), fill_value=0.0)
        ax2.plot(lc.index, lc.to_numpy() * 100, "o-", label=f"{n} players (n={len(s)})")
    ax1.set_xlabel("decisions per game (count)")
    ax1.set_ylabel("games (count)")
    ax1.set_title("game length")
    ax1.legend(fontsize=7)
    ax2.set_xlabel("lead changes per game (count)")
    ax2.set_ylabel("share of games (%)")
    ax2.set_title("lead changes")
    ax2.legend(fontsize=7)
    fig.suptitle(f"{game}: game length and lead changes (n={len(g)} games)")
    return fig


def plot_ratings(table: pd.DataFrame, game: str | None = None) -> Figure:
    """Plackett-Luce ratings (from :func:`analysis.ratings.ratings`) with 95% bootstrap bars."""
    r, game = _one_game(table, game)
    if r.empty:
        raise BoardlabError(f"{game}: no games between different agents; nothing to rate")
    r = r.sort_values(["pool", "rating"] if "pool" in r.columns else ["rating"])
    y = np.arange(len(r))
    e = r["rating"].to_numpy()
    err = np.vstack([e - r["lo"].to_numpy(), r["hi"].to_numpy() - e])
    err = np.clip(np.nan_to_num(err), 0, None)  # a percentile CI may sit beside the estimate
    fig = _figure(7, 1.5 + 0.35 * len(r))
    ax = fig.subplots()
    sep = (r["separated"].to_numpy(bool) if "separated" in r.columns
           else np.zeros(len(r), dtype=bool))
    if (~sep).any():
        ax.errorbar(e[~sep], y[~sep], xerr=err[:, ~sep], fmt="o", capsize=3, color="#4c72b0")
    if sep.any():
        ax.plot(e[sep], y[sep], "o", mfc="white", mec="#c44e52", mew=1.5, ms=8,
                label="ahead of / behind everyone in every game: interval unbounded")
        ax.legend(fontsize=7, loc="best")
    ax.axvline(0, color="black", lw=0.8)
    ax.set_yticks(y)
    pools = r["pool"].to_numpy() if "pool" in r.columns else np.zeros(len(r), dtype=int)
    multi = len(set(pools)) > 1
    ax.set_yticklabels([(f"[pool {p}] " if multi else "") + f"{a} (n={g})"
                        for p, a, g in zip(pools, r["agent"], r["games"])], fontsize=8)
    ax.set_xlabel("rating (Elo-like points; mean of agents = 0)")
    ax.set_ylabel("agent (games played)")
    ax.set_title(f"{game}: Plackett-Luce ratings, 95% bootstrap CI\n"
                 f"(n={int(r['games'].sum())} agent-games)", fontsize=10)
    return fig
