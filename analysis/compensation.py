"""The starting points that even out the seats, fitted from games played at several bonuses.

A *schedule* of ``b`` points gives seat ``k`` ``k * b`` points at the start (``--option
seat_vp=0,b,2b,...``): every seat after the first gets ``b`` more than the one before it. A negative
``b`` (the later seats are the favoured ones) gives the points to the earlier seats instead: seat
``k`` starts with ``(n - 1 - k) * |b|`` (two players: ``seat_vp=|b|,0``, points for the start
player). Only the differences between seats decide who wins, so both read as one curve in ``b``. From
self-play games at several values of ``b`` (:func:`fit_compensation`), a binomial GLM (logit link)
of the start player's win credit (ties split) on ``b`` gives the curve of the start player's win
share against the bonus; the compensation is where the curve crosses the fair share ``1/n``, with
a 95% interval by the delta method. Whole points are what a rulebook can print, so
:func:`whole_point_check` reads the curve at the whole bonuses around it, and the games played
afterwards at the chosen bonus, with other seeds, say whether it holds (Wilson 95% interval).

Every figure is about the agent that played every seat (self-play), not about people.
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from analysis import stats
from analysis.seats import self_play
from engine_c.errors import BoardlabError


def schedule(bonus: int, players: int) -> str:
    """The ``seat_vp`` option value of a bonus schedule: ``0,b,2b,...``; for a negative ``b``, the
    same differences from the other end (``2|b|,|b|,0``), as no seat can start below zero."""
    b = int(bonus)
    shift = min(0, (players - 1) * b)
    return ",".join(str(k * b - shift) for k in range(players))


def bonus_words(bonus: int, players: int) -> str:
    """A bonus in a designer's words: who starts with how many points."""
    b = int(bonus)
    if b == 0:
        return "no starting points"
    if b > 0:
        return f"{_points(b)} for seat 1" if players == 2 else f"{_points(b)} more for each later seat"
    if players == 2:
        return f"{_points(-b)} for the start player"
    return f"{_points(-b * (players - 1))} for the start player, {-b} fewer for each later seat"


def _points(n: int) -> str:
    """``1 point``, ``3 points``."""
    return f"{n} point" if n == 1 else f"{n} points"


def _start_rows(df: pd.DataFrame, bonus_of) -> pd.DataFrame:
    """One row per game: players, bonus, the start player's win credit."""
    d = self_play(df)                   # the same agent in every seat: the seat is all that differs
    start = d[d["seat"] == 0].copy()
    start["bonus"] = start["run"].map(bonus_of)
    return start


def fit_compensation(df: pd.DataFrame, bonus_of) -> dict:
    """The fitted curve and where it crosses the fair share.

    ``df``: result rows of self-play runs, ``run`` naming each; ``bonus_of``: run -> bonus ``b``.
    Returns players, games, intercept, slope (logit per point), cov (2x2), bonus (the crossing,
    NaN if the curve is flat), bonus_lo, bonus_hi (95%, delta method) and a table by bonus of the
    measured shares (``measured``)."""
    import statsmodels.api as sm

    start = _start_rows(df, bonus_of)
    players = int(start["players"].iloc[0])
    if start["players"].nunique() != 1:
        raise BoardlabError("compensation is fitted for one player count at a time")
    x, y = start["bonus"].to_numpy(float), start["win_credit"].to_numpy(float)
    if len(np.unique(x)) < 2:
        raise BoardlabError("compensation needs games at two bonuses at least")
    fit = sm.GLM(y, sm.add_constant(x), family=sm.families.Binomial()).fit()
    (a, b), cov = fit.params, np.asarray(fit.cov_params())
    target = math.log((1 / players) / (1 - 1 / players))
    bonus = lo = hi = math.nan
    if b != 0:
        bonus = (target - a) / b
        # delta method: d bonus / d a = -1/b, d bonus / d b = -(target - a)/b^2
        grad = np.array([-1 / b, -(target - a) / b ** 2])
        se = math.sqrt(max(grad @ cov @ grad, 0.0))
        z = 1.959963984540054
        lo, hi = bonus - z * se, bonus + z * se
    measured = []
    for value, g in start.groupby("bonus", sort=True):
        wins, n = float(g["win_credit"].sum()), len(g)
        wlo, whi = stats.wilson_interval(wins, n)
        measured.append(dict(bonus=value, games=n, win_share=wins / n, lo=wlo, hi=whi))
    return dict(players=players, games=len(start), intercept=float(a), slope=float(b), cov=cov,
                bonus=bonus, bonus_lo=lo, bonus_hi=hi, fair=1 / players, measured=pd.DataFrame(measured))


def predicted_share(fit: dict, bonus: float):
    """The start player's win share the fitted curve gives at ``bonus``, with its 95% interval."""
    row = np.array([1.0, float(bonus)])
    eta = fit["intercept"] + fit["slope"] * bonus
    se = math.sqrt(max(row @ fit["cov"] @ row, 0.0))
    expit = lambda v: 1 / (1 + math.exp(-v))      # noqa: E731
    return expit(eta), expit(eta - 1.959963984540054 * se), expit(eta + 1.959963984540054 * se)


def side(lo: float, hi: float, fair: float) -> str:
    """Where an interval lies against the fair share: 'favours the start player', 'favours the
    later seats', or 'fair within the interval'."""
    if lo > fair:
        return "favours the start player"
    if hi < fair:
        return "favours the later seats"
    return "fair within the interval"


def chosen_bonus(fit: dict) -> int:
    """The whole-point bonus nearest to the fitted crossing, negative when the later seats are the
    favoured ones; 0 when the curve cannot place it, or when the crossing's 95% interval holds 0 (no
    seat advantage found, so none to compensate: a bonus there only moves the share by chance)."""
    if not np.isfinite(fit["bonus"]):
        return 0
    if np.isfinite(fit["bonus_lo"]) and fit["bonus_lo"] <= 0 <= fit["bonus_hi"]:
        return 0
    return int(round(fit["bonus"]))


def whole_point_check(fit: dict, chosen: int) -> pd.DataFrame:
    """The curve read at the chosen bonus and its whole-point neighbours: bonus, predicted share
    with its 95% interval, and which side of the fair share each lands on."""
    rows = []
    for bonus in (chosen - 1, chosen, chosen + 1):
        p, lo, hi = predicted_share(fit, bonus)
        rows.append(dict(bonus=bonus, predicted=p, lo=lo, hi=hi, side=side(lo, hi, fit["fair"]),
                         nearer=("above" if p > fit["fair"] else "below") + " the fair share"))
    return pd.DataFrame(rows)


def checked(df: pd.DataFrame, fair: float) -> dict:
    """The start player's win share in the check games (fresh seeds, the chosen bonus): games,
    win_share, lo, hi (Wilson 95%), p against the fair share, and the verdict."""
    start = stats.with_win_credit(df)
    start = start[start["seat"] == 0]
    wins, n = float(start["win_credit"].sum()), len(start)
    lo, hi = stats.wilson_interval(wins, n)
    return dict(games=n, win_share=wins / n, lo=lo, hi=hi, p=stats.binom_test_two_sided(wins, n, fair),
                holds=bool(lo <= fair <= hi), side=side(lo, hi, fair))
