"""The short text summary ``boardlab simulate`` prints at the end of a run."""
from __future__ import annotations

from analysis.games import placeholder_note
from analysis.stats import wilson_interval


def _data_has_placeholders(game):
    """Whether the data installed for ``game`` still holds placeholders (True for games without a data file)."""
    from engine_c.content import active, has_data

    return not has_data(game) or active(game).placeholders > 0


def format_summary(rows, elapsed, played=None):
    """Win rate per agent with 95% Wilson intervals, score mean and spread, win rate per seat;
    under the first line, one line of warning for a game whose engine runs on placeholder data.

    ``played``: games played in this session (all of them unless a run was resumed).
    """
    games = rows["game_index"].nunique()
    played = games if played is None else played
    resumed = f", {games - played} from before the resume" if played != games else ""
    lines = [f"{games} games of {rows['game'].iloc[0]}, {rows['players'].iloc[0]} players{resumed}; "
             f"{played} played in {elapsed:.1f} s ({played / max(elapsed, 1e-9):.1f} games/s)"]
    game = str(rows["game"].iloc[0])
    note = placeholder_note(game)
    if note and _data_has_placeholders(game):
        lines.append(note)
    lines.append("")
    lines.append(f"{'agent':36s} {'seats':>6s} {'win rate':>9s} {'95% CI':>15s} {'mean score':>10s} {'sd':>6s}")
    for (index, spec), group in rows.groupby(["agent_index", "agent"], sort=True):
        wins, n = int(group["win"].sum()), len(group)
        low, high = wilson_interval(wins, n)
        label = f"{index}: {spec}"
        lines.append(f"{label[:36]:36s} {n:6d} {wins / n:9.3f} {f'[{low:.3f}, {high:.3f}]':>15s} "
                     f"{group['score'].mean():10.1f} {group['score'].std(ddof=1) if n > 1 else 0.0:6.1f}")
    lines.append("")
    lines.append(f"{'seat':6s} {'win rate':>9s} {'95% CI':>15s} {'mean score':>10s}")
    for seat, group in rows.groupby("seat", sort=True):
        wins, n = int(group["win"].sum()), len(group)
        low, high = wilson_interval(wins, n)
        lines.append(f"{seat:<6d} {wins / n:9.3f} {f'[{low:.3f}, {high:.3f}]':>15s} {group['score'].mean():10.1f}")
    return "\n".join(lines)
