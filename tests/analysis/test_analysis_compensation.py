"""The compensation fit: it finds a planted seat advantage's crossing point, reads the curve at
whole points, and judges check games against the fair share."""
import numpy as np
import pandas as pd
import pytest

from analysis.compensation import (bonus_words, checked, chosen_bonus, fit_compensation, predicted_share, schedule, side,
                                   whole_point_check)
from analysis.synthetic import synthetic_results
from engine_c.errors import BoardlabError

ADVANTAGE = 6.0          # points the start player is planted ahead


def _fit_runs(bonuses, games=600, players=2, seed=0):
    """Self-play runs where seat k gets k*b points back against a planted start-player lead."""
    frames, bonus_of = [], {}
    for i, bonus in enumerate(bonuses):
        seat_bonus = [ADVANTAGE] + [k * bonus for k in range(1, players)]
        frame = synthetic_results("sanjuan", players=players, games=games, seat_bonus=seat_bonus,
                                  seed=seed + i, noise_scale=6.0)
        name = f"fit-b{bonus}"
        frames.append(frame.assign(run=name))
        bonus_of[name] = bonus
    return pd.concat(frames, ignore_index=True), bonus_of


def test_schedule_gives_each_later_seat_b_more():
    assert schedule(3, 2) == "0,3" and schedule(2, 4) == "0,2,4,6"


def test_the_fit_finds_the_planted_crossing():
    df, bonus_of = _fit_runs([0, 3, 6, 9, 12])
    fit = fit_compensation(df, bonus_of)
    assert fit["games"] == 3000 and fit["players"] == 2
    assert fit["slope"] < 0                      # more points for seat 1: fewer wins for the start player
    assert fit["bonus_lo"] < ADVANTAGE < fit["bonus_hi"]
    assert fit["bonus_hi"] - fit["bonus_lo"] < 3
    assert chosen_bonus(fit) == 6
    at_zero = fit["measured"].set_index("bonus").loc[0]
    assert at_zero["win_share"] > 0.7 and at_zero["games"] == 600


def test_whole_points_land_on_both_sides_of_fair():
    df, bonus_of = _fit_runs([0, 3, 6, 9, 12])
    fit = fit_compensation(df, bonus_of)
    table = whole_point_check(fit, 6).set_index("bonus")
    assert list(table.index) == [5, 6, 7]
    assert table.loc[5, "nearer"] == "above the fair share" and table.loc[7, "nearer"] == "below the fair share"
    p, lo, hi = predicted_share(fit, 6)
    assert lo < 0.5 < hi and lo < p < hi


def test_three_players_aim_at_a_third():
    df, bonus_of = _fit_runs([0, 4, 8], games=500, players=3)
    fit = fit_compensation(df, bonus_of)
    assert fit["fair"] == pytest.approx(1 / 3)
    p, lo, hi = predicted_share(fit, fit["bonus"])
    assert p == pytest.approx(1 / 3)


def test_check_games_are_judged_by_their_interval():
    fair_games = synthetic_results("sanjuan", players=2, games=400, seed=3)
    verdict = checked(fair_games, 0.5)
    assert verdict["games"] == 400 and verdict["lo"] < 0.5 < verdict["hi"] and verdict["holds"]
    lopsided = synthetic_results("sanjuan", players=2, games=400, seat_bonus=[10, 0], seed=3, noise_scale=5.0)
    verdict = checked(lopsided, 0.5)
    assert not verdict["holds"] and verdict["side"] == "favours the start player"
    assert side(0.1, 0.4, 0.5) == "favours the later seats"


def test_refusals_name_the_problem():
    df, bonus_of = _fit_runs([0], games=50)
    with pytest.raises(BoardlabError, match="two bonuses"):
        fit_compensation(df, bonus_of)
    mixed = synthetic_results("sanjuan", players=2, games=50, agents=("random", "greedy")).assign(run="r")
    with pytest.raises(BoardlabError, match="self-play"):
        fit_compensation(mixed, {"r": 0})
    assert np.isfinite(fit_compensation(*_fit_runs([0, 5], games=200))["bonus"])


def test_a_favoured_second_seat_gives_the_points_to_the_start_player():
    # the start player planted 5 points behind: the fair bonus is b = -5, i.e. 5 points for seat 0
    frames, bonus_of = [], {}
    for i, bonus in enumerate([-8, -4, 0, 4]):
        frame = synthetic_results("sanjuan", players=2, games=600, seat_bonus=[-5.0, bonus], seed=20 + i,
                                  noise_scale=6.0)
        frames.append(frame.assign(run=f"b{bonus}"))
        bonus_of[f"b{bonus}"] = bonus
    fit = fit_compensation(pd.concat(frames, ignore_index=True), bonus_of)
    assert fit["bonus_lo"] < -5.0 < fit["bonus_hi"] and fit["bonus_hi"] < 0
    assert chosen_bonus(fit) == -5                 # not clamped to 0
    table = whole_point_check(fit, -5).set_index("bonus")
    assert list(table.index) == [-6, -5, -4]
    assert table.loc[-6, "nearer"] == "above the fair share" and table.loc[-4, "nearer"] == "below the fair share"
    assert schedule(-5, 2) == "5,0" and schedule(-2, 3) == "4,2,0"     # the same differences, none below 0
    assert bonus_words(-5, 2) == "5 points for the start player"
    assert bonus_words(-2, 3) == "4 points for the start player, 2 fewer for each later seat"
    assert bonus_words(3, 2) == "3 points for seat 1" and bonus_words(0, 4) == "no starting points"
    assert bonus_words(-1, 2) == "1 point for the start player" and bonus_words(2, 3) == "2 points more for each later seat"


def test_no_bonus_when_the_crossing_interval_holds_zero():
    """San Juan 2p at ISMCTS-1,000 crossed at -1.2 [-3.6, 1.2]: no seat advantage found, so no bonus
    (a bonus of -1 there failed its check, 55.4% [50.5, 60.2], docs/results.md)."""
    base = dict(bonus=-1.2, bonus_lo=-3.58, bonus_hi=1.18)
    assert chosen_bonus(base) == 0
    assert chosen_bonus(dict(base, bonus_lo=-2.4, bonus_hi=-0.1)) == -1     # clear of 0: the crossing's point
    assert chosen_bonus(dict(bonus=float("nan"), bonus_lo=float("nan"), bonus_hi=float("nan"))) == 0
