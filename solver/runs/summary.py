"""The short text summary ``boardlab simulate`` prints at the end of a run."""
from __future__ import annotations

from analysis.lineups import sole_winner
from analysis.stats import wilson_interval, with_win_credit


def format_summary(rows, elapsed, played=None):
    """Win rate per agent with 95% Wilson intervals, score mean and spread, win rate per seat (a
    game's placeholder data is noted by the CLI, in one line on standard error). A first place
    shared by k players counts 1/k for each, as in the report (docs/analysis.md, "Wins").

    ``played``: games played in this session (all of them unless a run was resumed).
    """
    rows = with_win_credit(rows)
    games = rows["game_index"].nunique()
    played = games if played is None else played
    resumed = f", {games - played} from before the resume" if played != games else ""
    lines = [f"{games} games of {rows['game'].iloc[0]}, {rows['players'].iloc[0]} players{resumed}; "
             f"{played} played in {elapsed:.1f} s ({played / max(elapsed, 1e-9):.1f} games/s)"]
    lines.append("")
    lines.append(f"{'agent':36s} {'seats':>6s} {'win rate':>9s} {'95% CI':>15s} {'mean score':>10s} {'sd':>6s}")
    self_play = rows["agent"].nunique() == 1
    for (index, spec), group in rows.groupby(["agent_index", "agent"], sort=True):
        wins, n = float(group["win_credit"].sum()), len(group)
        low, high = wilson_interval(wins, n)
        interval = "1/n, self-play" if self_play else f"[{low:.3f}, {high:.3f}]"    # fixed by construction
        label = f"{index}: {spec}"
        lines.append(f"{label[:36]:36s} {n:6d} {wins / n:9.3f} {interval:>15s} "
                     f"{group['score'].mean():10.1f} {group['score'].std(ddof=1) if n > 1 else 0.0:6.1f}")
    lines.append("")
    winner = sole_winner(rows)
    agents = " and ".join(sorted(rows["agent"].unique()))
    lines.append(f"seats ({agents} {'in every seat' if self_play else 'rotated over the seats'}):")
    lines.append(f"{'seat':6s} {'win rate':>9s} {'95% CI':>15s} {'mean score':>10s}")
    for seat, group in rows.groupby("seat", sort=True):
        wins, n = float(group["win_credit"].sum()), len(group)
        low, high = wilson_interval(wins, n)
        interval = "-" if winner else f"[{low:.3f}, {high:.3f}]"
        lines.append(f"{seat:<6d} {wins / n:9.3f} {interval:>15s} {group['score'].mean():10.1f}")
    if winner:
        lines.append(f"{winner} won every game, so the agent, not the seat, decided each outcome: the seats' win "
                     "rates are the rotation's, not the game's (boardlab seats measures seats in self-play)")
    return "\n".join(lines)
