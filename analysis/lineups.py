"""Line-ups: which agents sat at a game's table, so seat figures are never pooled across agents.

A seat advantage is a figure about the agents' play (a start player's edge grows and shrinks with
skill), so the report computes it per line-up: the set of agents in a game, e.g. ``greedy``
(self-play) or ``greedy vs random``. :func:`sole_winner` finds the line-ups in which one agent won
every game; there the seat shares only echo how often that agent sat in each seat.
"""
from __future__ import annotations

import pandas as pd

from analysis.seats import skill_key
from analysis.stats import with_win_credit


def _game_keys(df: pd.DataFrame) -> list[str]:
    return ["run", "game_index"] if "run" in df.columns else ["game_index"]


def lineup_labels(df: pd.DataFrame) -> pd.Series:
    """Per row, its game's line-up: ``"X (self-play)"`` or the distinct agents, weakest first,
    joined by ``" vs "``."""
    keys = _game_keys(df)
    agents = df.groupby(keys, sort=False)["agent"].transform(
        lambda a: "\x00".join(sorted(set(map(str, a)), key=skill_key)))
    return agents.map(lambda s: s.replace("\x00", " vs ") if "\x00" in s else f"{s} (self-play)")


def is_self_play(df: pd.DataFrame) -> pd.Series:
    """Per row: True when one agent held every seat of that row's game."""
    return df.groupby(_game_keys(df), sort=False)["agent"].transform("nunique") == 1


def lineup_order(labels) -> list[str]:
    """Distinct line-up labels: self-play weakest to strongest, then mixed line-ups by name."""
    labels = sorted(set(labels))
    solo = [s for s in labels if s.endswith(" (self-play)")]
    solo.sort(key=lambda s: skill_key(s[: -len(" (self-play)")]))
    return solo + [s for s in labels if s not in solo]


def sole_winner(df: pd.DataFrame) -> str | None:
    """The agent that took every win credit of these games when they held at least two agents
    (then the agent, not the seat, decided every outcome); None otherwise."""
    if df.empty or df["agent"].nunique() < 2:
        return None
    d = with_win_credit(df)
    credit = d.groupby("agent")["win_credit"].sum()
    total = d["game_id"].nunique()
    best = credit.idxmax()
    return str(best) if abs(credit[best] - total) < 1e-9 else None
