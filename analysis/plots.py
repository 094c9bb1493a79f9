"""Figures of simulation results; each function returns a matplotlib Figure.

Figures are built with ``matplotlib.figure.Figure`` (Agg canvas, no pyplot state), so they are
safe in scripts, tests and threads and need no ``plt.close``. Every figure has a title, labelled
axes with units and its sample size (``n=...``). :func:`save_png` writes a PNG without the
software/version metadata, so the same figure always gives the same bytes.
"""
from __future__ import annotations

import io
import textwrap
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import ScalarFormatter

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


def _fit_text(text, width_px: float, renderer):
    """Wrap a Text artist's lines so each fits in ``width_px`` (measured, not guessed)."""
    raw = text.get_text()
    if not raw or width_px <= 0:
        return
    lines = []
    for line in raw.split("\n"):
        text.set_text(line)
        wide = text.get_window_extent(renderer).width
        if wide > width_px:
            chars = max(10, int(len(line) * width_px / wide * 0.95))
            lines += textwrap.wrap(line, chars, break_on_hyphens=False) or [line]
        else:
            lines.append(line)
    text.set_text("\n".join(lines))


def finish(fig: Figure) -> Figure:
    """Make a figure honest to read: no axis offset (a 1e-14 effect reads as 0, not as +-8 around
    an offset) and titles wrapped to the width they have, so none is clipped at any player count."""
    if getattr(fig, "_boardlab_finished", False):      # done once already (the plot, then its PNG)
        return fig
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            fmt = axis.get_major_formatter()
            if isinstance(fmt, ScalarFormatter):
                fmt.set_useOffset(False)
    fig.canvas.draw()               # lay out first: a title is centred on its axes as placed
    renderer = fig.canvas.get_renderer()
    width = fig.get_figwidth() * fig.dpi
    for ax in fig.axes:
        box = ax.get_window_extent(renderer)
        # centred on the axes, a title no wider than them stays inside the figure
        _fit_text(ax.title, box.width, renderer)
    if fig._suptitle is not None:
        _fit_text(fig._suptitle, 0.96 * width, renderer)
    fig._boardlab_finished = True
    return fig


def png_bytes(fig: Figure) -> bytes:
    """The figure as PNG bytes, deterministic (no Software metadata)."""
    if fig.get_layout_engine() is not None:
        finish(fig)
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


def plot_seat_advantage(df: pd.DataFrame, game: str | None = None, about: str | None = None
                        ) -> Figure:
    """Win share (Wilson 95% bars) and mean score (95% bars) by seat, one column per player
    count, against the fair share 1/n and, for burgundy, the human start-player share.
    ``about`` names the agents the figure is about (the report draws one figure per line-up).
    Where one agent won every game the shares only echo the seat rotation: no bars, and the
    figure says so."""
    from analysis.lineups import sole_winner

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
        winner = sole_winner(d[d["players"] == n])
        ax = axes[0, col]
        if winner is None:
            ax.bar(x, share, color="#4c72b0", yerr=err, capsize=4, label="simulated (95% CI)")
        else:
            ax.bar(x, share, color="#b0b0b0", label="simulated (no interval)")
            ax.text(0.5, 0.5, f"{winner} won all {int(s['games'].iloc[0])} games:\nthe shares "
                    "follow the seat rotation,\nnot the seat; no interval", transform=ax.transAxes,
                    ha="center", va="center", fontsize=8, color="#c44e52",
                    bbox=dict(fc="white", ec="#c44e52", alpha=0.9))
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
        top = np.nanmax(np.append(s["hi"].to_numpy() if winner is None else [], share / 100))
        ax.set_ylim(0, max(float(top) * 100, 100.0 / n) * 1.35)
        ax.legend(fontsize=7, loc="upper right", ncol=2)
        ax2 = axes[1, col]
        m = s["mean_score"].to_numpy()
        merr = np.vstack([m - s["score_lo"].to_numpy(), s["score_hi"].to_numpy() - m])
        ax2.errorbar(x, m, yerr=merr, fmt="o", color="#55a868", capsize=4)
        ax2.set_title(f"mean score by seat, 95% CI (n={int(s['games'].iloc[0])} per seat)")
        ax2.set_xlabel(f"seat (0 = {start})")
        ax2.set_ylabel("mean final score (VP)")
        ax2.set_xticks(x)
    agents = about or ", ".join(sorted(d["agent"].unique(), key=agent_sort_key))
    fig.suptitle(f"{game}: seat advantage of {agents} (n={total} games)")
    return finish(fig)


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
        tilt = len(agents) > 2         # tilted labels end under their tick, inside the figure
        ax.set_xticklabels([f"{a}\n(n={len(v)})" for a, v in zip(agents, data)], fontsize=7,
                           rotation=20 if tilt else 0, ha="right" if tilt else "center",
                           rotation_mode="anchor")
        ax.set_title(f"{n} players (n={s['game_index'].size} player-games)")
        ax.set_xlabel("agent")
        ax.set_ylabel("final score (VP)")
    fig.suptitle(f"{game}: score distribution by agent (n={len(d)} player-games)")
    return finish(fig)


def _effect_dots(ax, e, y, lo, hi, labels=("95% CI includes 0", "95% CI excludes 0"),
                 colours=("#8c8c8c", "#c44e52"), none="estimate only (no interval)"):
    """Dots with interval bars, coloured by whether the interval holds 0; a dot with no interval
    gets its own colour and legend entry, never the "includes 0" one."""
    has = np.isfinite(lo) & np.isfinite(hi)
    sig = has & ((lo > 0) | (hi < 0))
    err = np.clip(np.nan_to_num(np.vstack([e - lo, hi - e])), 0, None)
    for mask, colour, label in ((has & ~sig, colours[0], labels[0]), (sig, colours[1], labels[1])):
        if mask.any():
            ax.errorbar(e[mask], y[mask], xerr=err[:, mask], fmt="o", color=colour, capsize=2,
                        ms=4, label=label)
    if (~has).any():
        ax.plot(e[~has], y[~has], "s", mfc="white", mec="#4c72b0", ms=5, label=none)
    return has


def plot_tile_values(values: pd.DataFrame, game: str | None = None, top: int | None = None
                     ) -> Figure:
    """Forest plot of feature effects (from :func:`analysis.values.tile_values`): points on
    final score and percentage points of win probability, per unit, with 95% intervals; sorted
    by the score effect, each feature labelled with the player rows holding it, the reference
    category named, and the reason written on the figure where intervals are missing."""
    v, game = _one_game(values, game)
    refs = sorted(set(v["reference"].dropna()) - {""}) if "reference" in v.columns else []
    v = v[np.isfinite(v["score_effect"])]
    if v.empty:
        raise BoardlabError(f"{game}: no identifiable feature effects to plot")
    if top is not None and len(v) > top:
        v = v.reindex(v["score_effect"].abs().sort_values(ascending=False).index[:top])
    v = v.sort_values("score_effect", kind="stable")      # largest at the top
    y = np.arange(len(v))
    fig = _figure(10, 2.0 + 0.24 * len(v))
    ax1, ax2 = fig.subplots(1, 2, sharey=True)
    drawn = []
    for ax, eff, lo, hi, why, scale, xlabel, name in (
            (ax1, "score_effect", "score_lo", "score_hi", "score_why", 1.0,
             "effect on final score (VP per tile or unit)", "final score"),
            (ax2, "win_effect", "win_lo", "win_hi", "win_why", 100.0,
             "effect on win probability (percentage points per unit)", "win probability")):
        has = _effect_dots(ax, v[eff].to_numpy() * scale, y, v[lo].to_numpy() * scale,
                           v[hi].to_numpy() * scale)
        drawn.append(has.any())
        ax.axvline(0, color="black", lw=0.8)
        ax.set_xlabel(xlabel)
        ax.grid(axis="x", alpha=0.3)
        reasons = sorted(set(v.loc[~has, why])) if why in v.columns else []
        ax.set_title(name if has.all() else f"{name}: no interval for {int((~has).sum())} "
                     f"of {len(has)}" + (f" ({'; '.join(r for r in reasons if r)})" if reasons else ""),
                     fontsize=9)
        ax.legend(fontsize=7, loc="lower right")
    ax1.set_yticks(y)
    held = v["held"] if "held" in v.columns else (v["share"] * v["n"]).round().astype(int)
    ax1.set_yticklabels([f"{lab} (n={int(h)})" for lab, h in zip(v["label"], held)], fontsize=8)
    ax1.set_ylabel("feature (player rows holding it)")
    n_games = int(v["games"].max())
    n_rows = int(v["n"].max())
    method = "cluster-robust" if (v["method"] == "cluster").all() else "bootstrap"
    ci = f"{method} 95% CI" if all(drawn) else (
        f"{method} 95% CI where drawn" if any(drawn) else "no intervals: see the panel titles")
    fig.suptitle(f"{game}: feature values, controlling for seat and agent, sorted by score effect "
                 f"(n={n_games} games, {n_rows} player rows; {ci})"
                 + (f"; reference: {', '.join(refs)}" if refs else ""))
    return finish(fig)


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
    return finish(fig)


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
    return finish(fig)


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
    ci = "95% bootstrap CI" if (~sep).any() else "no intervals: every rating is unbounded"
    ax.set_title(f"{game}: Plackett-Luce ratings, {ci}\n"
                 f"(n={int(r['games'].sum())} agent-games)", fontsize=10)
    return finish(fig)
