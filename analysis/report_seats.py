"""The report's seat advantage section: one set of figures per line-up of agents, never pooled.

A seat's edge is a figure about the agents' play (the start player's share moves with skill), so
results holding several line-ups (random, greedy and ISMCTS self-play; or a mixed table) get
one table and figure per line-up, each naming its agents, and for two or more self-play line-ups
the start player's share by skill (:func:`analysis.seats.seat_by_skill`). Where one agent won every
game of a mixed line-up the seat shares only echo the rotation: the table says so instead of an
interval and a p-value.
"""
from __future__ import annotations

import re

import numpy as np
import pandas as pd

from analysis import plots, stats
from analysis.lineups import is_self_play, lineup_labels, lineup_order, sole_winner
from analysis.reportdoc import ci as _ci, ci_pct as _ci_pct, num as _num, p_value as _p, pct as _pct
from analysis.seats import plot_seat_by_skill, seat_by_skill
from analysis.values import seat_and_agent_effects

HUMAN_NOTE = ("Human reference (" + stats.HUMAN_SOURCE + "): the start player wins 51% of "
              "2-player, 32.66% of 3-player and 22.64% of 4-player games; average scores 184.6, "
              "201.7 and 218.2. The source does not say whether its average is over all players "
              "or winners, so both our mean score and mean winning score are shown.")


def _forced(winner: str | None, what: str) -> str | None:
    return None if winner is None else f"none: {winner} won every game ({what})"


def seat_section(doc, d: pd.DataFrame, game: str, slug: str):
    """Write the seat advantage of ``d`` (one game): per line-up of agents, and by skill."""
    labels = lineup_labels(d)
    order = lineup_order(labels)
    if len(order) > 1:
        doc.p(f"These results hold {len(order)} line-ups of agents ({'; '.join(order)}). A seat "
              "advantage is a figure about the agents' play and changes with their skill, so each "
              "line-up has its own figures below; no seat figure is pooled across agents.", "note")
    if game == "burgundy":
        doc.p(HUMAN_NOTE, "note")
    _by_skill(doc, d, game, slug)
    for lineup in order:
        sub = d[labels == lineup]
        name = f"{slug}_seat_advantage"
        if len(order) > 1:
            doc.h(4, f"Seat advantage with {lineup}")
            name += "_" + re.sub(r"[^A-Za-z0-9]+", "_", lineup).strip("_")
        _lineup(doc, sub, game, lineup, name)


def _by_skill(doc, d: pd.DataFrame, game: str, slug: str):
    """The start player's share per self-play agent, weakest first (when there are two or more)."""
    solo = d[is_self_play(d)]
    if solo.empty or solo.groupby("players")["agent"].nunique().max() < 2:
        return
    t = seat_by_skill(solo)
    seat0 = "governor" if game == "sanjuan" else "start player"
    doc.h(4, f"The {seat0}'s share by skill (self-play)")
    doc.p("One row per agent playing every seat; weakest first. Each row is about that agent's "
          "play only.", "note")
    table = pd.DataFrame({
        "players": t["players"], "agent (every seat)": t["agent"], "games": t["games"],
        f"{seat0} win share": t["start_win_share"].map(_pct),
        "95% CI": [_ci_pct(a, b) for a, b in zip(t["lo"], t["hi"])],
        "fair 1/n": t["fair"].map(_pct), "binomial p": t["p_binom"].map(_p),
        f"{seat0}'s lead (VP)": t["gap"].map(_num),
        "lead 95% CI": [_ci(a, b) for a, b in zip(t["gap_lo"], t["gap_hi"])]})
    if game == "burgundy":
        table["humans"] = t["human_start_win_share"].map(_pct)
    doc.table(table)
    doc.figure(plot_seat_by_skill(t, game), f"{slug}_seat_by_skill",
               f"{game} seat advantage by skill")


def _lineup(doc, d: pd.DataFrame, game: str, lineup: str, name: str):
    """Tables and figure of one line-up (all its player counts)."""
    summ = stats.seat_summary(d)
    seat0 = "governor" if game == "sanjuan" else "start player"
    winners = {int(n): sole_winner(d[d["players"] == n]) for n in summ["players"]}
    forced = [winners[int(n)] for n in summ["players"]]
    table = pd.DataFrame({
        "players": summ["players"], "agents": lineup, "games": summ["games"],
        f"{seat0} win share": summ["start_win_share"].map(_pct),
        "95% CI": [_forced(w, "the seat rotation fixes the shares") or _ci_pct(a, b)
                   for w, a, b in zip(forced, summ["start_lo"], summ["start_hi"])],
        "fair 1/n": summ["fair"].map(_pct),
        "binomial p": ["" if w else _p(x) for w, x in zip(forced, summ["start_p_binom"])],
        "chi-square (all seats)": ["" if w else f"{_num(c, 2)} (df {int(k)})"
                                   for w, c, k in zip(forced, summ["chi2"], summ["chi2_df"])],
        "chi-square p": ["" if w else _p(x) for w, x in zip(forced, summ["chi2_p"])],
        "mean score": summ["mean_score"].map(_num),
        "mean winning score": summ["mean_winning_score"].map(_num)})
    if game == "burgundy":
        table.insert(6, "humans: start player wins",
                     summ["human_start_win_share"].map(
                         lambda x: "" if not np.isfinite(x) else f"{100 * x:.2f}%"))
        table["humans: average score"] = summ["human_mean_score"].map(_num)
    doc.table(table)
    for n, w in winners.items():
        if w:
            doc.p(f"{n} players: {w} won every game, so the agent, not the seat, decided every "
                  "outcome; each seat's share is only how often that agent sat there (the seat "
                  "rotation), and no interval or test is shown. Play closer agents to measure "
                  "a seat effect.", "warn")
    if not summ["agents_balanced"].all():
        _unbalanced(doc, d, summ)
    seats = stats.seat_advantage(d)
    by_n = [winners[int(n)] for n in seats["players"]]
    doc.table(pd.DataFrame({
        "players": seats["players"], "agents": lineup, "seat": seats["seat"],
        "games": seats["games"], "wins": seats["wins"].map(lambda x: _num(x, 1)),
        "win share": seats["win_share"].map(_pct),
        "95% CI": [_forced(w, "see above") or _ci_pct(a, b)
                   for w, a, b in zip(by_n, seats["lo"], seats["hi"])],
        "binomial p (vs 1/n)": ["" if w else _p(x) for w, x in zip(by_n, seats["p_binom"])],
        "mean score": seats["mean_score"].map(_num),
        "score 95% CI": [_ci(a, b) for a, b in zip(seats["score_lo"], seats["score_hi"])]}))
    doc.figure(plots.plot_seat_advantage(d, game, about=lineup), name,
               f"{game} seat advantage, {lineup}")


def _unbalanced(doc, d: pd.DataFrame, summ: pd.DataFrame):
    """The warning, and seat effects controlled for the agent, when seats saw different agents."""
    bad = ", ".join(str(n) for n in summ.loc[~summ["agents_balanced"], "players"])
    doc.p(f"Warning ({bad} players): the seats did not see the same mix of agents, so the "
          "seat figures mix seat and agent effects. The table after it gives seat effects "
          "controlled for the agent (regression of score and win on seat and agent dummies, "
          "cluster-robust 95% intervals), relative to seat 0.", "warn")
    eff = seat_and_agent_effects(d)
    eff = eff[eff["term"].str.startswith("cell ")]
    if eff["confounded"].any():
        doc.p("Seat and agent cannot be separated in these games (the same agent always "
              "sat in the same seat, or too few games): no seat effect can be estimated.",
              "warn")
        eff = eff[~eff["confounded"]]
    if not eff.empty:
        doc.table(pd.DataFrame({
            "seat (vs seat 0)": eff["term"].str.replace("cell ", "", regex=False),
            "score effect (VP)": eff["score_effect"].map(lambda x: _num(x, 2)),
            "95% CI": [_ci(a, b, 2) for a, b in zip(eff["score_lo"], eff["score_hi"])],
            "win effect (pp)": (eff["win_effect"] * 100).map(lambda x: _num(x, 1)),
            "win 95% CI (pp)": [_ci(100 * a, 100 * b, 1)
                                for a, b in zip(eff["win_lo"], eff["win_hi"])]}))
