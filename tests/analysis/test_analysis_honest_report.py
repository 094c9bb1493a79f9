"""Reports that never mislead: intervals only where drawn, zeros as zeros, sorted values with n and
the reference named, no clipped text, seat figures per line-up of agents with their caveats."""
import re

import numpy as np
import pandas as pd
import pytest

from analysis import plots
from analysis.causal import plot_causal_values
from analysis.report import stage_table, write_report
from analysis.seats import plot_seat_by_skill, seat_by_skill
from analysis.synthetic import synthetic_results, write_run
from analysis.values import tile_values


def _outside(fig, draw=True):
    """Names of the parts of the figure drawn (partly) outside it."""
    if draw:
        plots.png_bytes(fig)
    else:
        fig.canvas.draw()
    r = fig.canvas.get_renderer()
    w, h = fig.bbox.width, fig.bbox.height
    parts = [(f"axes {i}", ax) for i, ax in enumerate(fig.axes)] + [("suptitle", fig._suptitle)]
    parts += [("legend", leg) for leg in fig.legends]
    bad = []
    for name, art in parts:
        if art is None:
            continue
        b = art.get_tightbbox(r) if hasattr(art, "get_tightbbox") else art.get_window_extent(r)
        if b.x0 < -1 or b.y0 < -1 or b.x1 > w + 1 or b.y1 > h + 1:
            bad.append(name)
    return bad


def _legend_labels(fig):
    return [t.get_text() for ax in fig.axes if ax.get_legend() for t in ax.get_legend().get_texts()]


def test_the_clipping_check_sees_a_clipped_title_and_finish_fixes_it():
    fig = plots._figure(4.0, 3.0)
    ax = fig.subplots()
    ax.set_title("seasons: score distribution by agent and seat over many long-named agents (n=9999)")
    fig.suptitle("seasons: score distribution by agent and seat over many long-named agents (n=9999)")
    assert "suptitle" in _outside(fig, draw=False)
    assert _outside(plots.finish(fig)) == []


@pytest.mark.parametrize("players", [2, 4])
def test_no_text_outside_any_figure(players):
    agents = ["random", "greedy", "ismcts:iterations=100,exploration=0.7", "ismcts:iterations=2000"]
    mixed = synthetic_results("seasons", players, 60, agents=agents[:players], seed=1)
    solo = pd.concat([synthetic_results("seasons", players, 40, agents=[a], seed=k).assign(run=a)
                      for k, a in enumerate(agents)], ignore_index=True)
    from analysis.ratings import ratings
    figs = [plots.plot_seat_advantage(solo[solo["agent"] == agents[2]], about=agents[2]),
            plots.plot_score_distributions(pd.concat([mixed.assign(run="m"), solo])),
            plots.plot_game_length(mixed), plots.plot_tile_values(tile_values(mixed)),
            plots.plot_ratings(ratings(mixed, n_boot=20)),
            plot_seat_by_skill(seat_by_skill(solo), "seasons")]
    for fig in figs:
        assert _outside(fig) == [], fig.get_suptitle()


def test_a_zero_effect_is_drawn_as_zero_without_an_axis_offset():
    # the strong agent wins every game: the win is explained by the agent, every feature's win
    # effect is exactly 0 (not 1e-14), with no interval and the reason beside it
    df = synthetic_results("sanjuan", 2, 80, agents=["weak", "strong"], strengths=[0, 500], seed=2)
    v = tile_values(df)
    assert (v["win_effect"] == 0.0).all() and v["win_lo"].isna().all()
    assert v["win_why"].str.contains("one agent won every game").all()
    fig = plots.plot_tile_values(v)
    plots.png_bytes(fig)
    for ax in fig.axes:
        assert ax.xaxis.get_major_formatter().get_offset() == ""
    win = fig.axes[1]
    assert "no interval for 29 of 29" in win.get_title().replace("\n", " ")
    # no dot claims an interval that is not drawn
    labels = [t.get_text() for t in win.get_legend().get_texts()]
    assert labels == ["estimate only (no interval)"]
    assert "95% CI where drawn" in fig.get_suptitle().replace("\n", " ")


def test_values_are_sorted_with_n_and_the_reference_category_named(tmp_path):
    df = synthetic_results("seasons", 2, 300, effects={"f_played_trader": 6.0}, seed=3)
    cards = [c for c in df.columns if c.startswith("f_played_") and c != "f_played_worker3"]
    df["f_played_worker3"] = 24 - df[cards].sum(axis=1)          # every player plays 24 cards
    v = tile_values(df)
    assert set(v.loc[v["feature"].isin(cards), "reference"]) == {"card played: worker3"}
    assert v.set_index("feature").loc["f_played_worker3", "score_why"].startswith("reference")
    fig = plots.plot_tile_values(v)
    assert "reference: card played: worker3" in fig.get_suptitle().replace("\n", " ")
    ticks = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    shown = v[np.isfinite(v["score_effect"])].sort_values("score_effect")
    assert ticks == [f"{lab} (n={h})" for lab, h in zip(shown["label"], shown["held"])]
    text = write_report(write_run(tmp_path / "s.parquet", df), tmp_path / "out").read_text()
    assert "Reference: card played: worker3." in text
    effects = [float(x) for x in re.findall(r"<td>card played: [a-z0-9]+</td>\s*<td>[\d.]+</td>\s*"
                                            r"<td>[^<]*</td>\s*<td>[^<]*</td>\s*<td>(-?[\d.]+)</td>", text)]
    assert len(effects) == 7 and effects == sorted(effects, reverse=True)


def test_causal_dots_without_an_interval_are_not_called_includes_zero():
    est = pd.DataFrame({"label": ["a", "b"], "positions": [1, 5], "pairs": [2, 20],
                        "value": [3.0, -1.0], "value_lo": [np.nan, -2.0], "value_hi": [np.nan, 0.5],
                        "win_value": [0.1, 0.0], "win_lo": [np.nan, -0.1], "win_hi": [np.nan, 0.2]})
    fig = plot_causal_values(est, "sanjuan")
    labels = [t.get_text() for leg in fig.legends for t in leg.get_texts()]
    assert sorted(labels) == ["taking it (95% CI includes 0)",
                              "taking it (no interval: positions from one game)"]


def test_the_by_stage_table_has_no_empty_column_and_stages_in_game_order():
    by = pd.DataFrame({"label": ["x", "x", "y"], "stage": ["rounds 13-16", "rounds 5-8", "rounds 1-4"],
                       "value": [1.0, 2.0, np.nan], "value_lo": [0.0, np.nan, np.nan],
                       "value_hi": [2.0, np.nan, np.nan], "pairs": [10, 4, 2]})
    t = stage_table(by)
    assert list(t.columns) == ["kind", "rounds 1-4", "rounds 5-8", "rounds 13-16"]
    assert t.columns.name is None and "<th></th>" not in t.to_html(index=False)
    assert t.iloc[0].tolist() == ["x", "", "2.0 none: one game n=4", "1.0 [0.0, 2.0] n=10"]


@pytest.fixture(scope="module")
def ladder_report(tmp_path_factory):
    """Self-play of three agents with start-player bonuses 0, 6 and 15, and a mixed run that the
    strong agent won every game of."""
    root = tmp_path_factory.mktemp("ladder")
    paths = []
    for k, (agent, bonus) in enumerate([("random", 0), ("greedy", 6), ("ismcts:iterations=100", 15)]):
        df = synthetic_results("sanjuan", 2, 150, agents=[agent], seat_bonus=[bonus, 0], seed=k)
        paths.append(write_run(root / f"{k}.parquet", df))
    mixed = synthetic_results("sanjuan", 2, 40, agents=["random", "ismcts:iterations=100"],
                              strengths=[0, 500], seed=9)
    paths.append(write_run(root / "mixed.parquet", mixed))
    index = write_report(paths, root / "out")
    return paths, index.read_text(), root / "out"


def test_seat_figures_are_per_line_up_and_never_pooled(ladder_report):
    from analysis.load import load_runs
    from analysis import stats
    paths, text, out = ladder_report
    assert "no seat figure is pooled across agents" in text
    by = seat_by_skill(load_runs(paths[:3]))
    assert list(by["agent"]) == ["random", "greedy", "ismcts:iterations=100"]
    for row in by.itertuples():                   # the by-skill table, one row per agent
        assert f"<td>{row.agent}</td>" in text
        assert f"[{100 * row.lo:.1f}%, {100 * row.hi:.1f}%]" in text
    for lineup in ("random (self-play)", "greedy (self-play)", "ismcts:iterations=100 (self-play)",
                   "random vs ismcts:iterations=100"):
        assert f"Seat advantage with {lineup}" in text and f"<td>{lineup}</td>" in text
    pooled = stats.seat_summary(load_runs(paths)).iloc[0]
    assert f"[{100 * pooled['start_lo']:.1f}%, {100 * pooled['start_hi']:.1f}%]" not in text
    assert (out / "sanjuan_seat_by_skill.png").is_file()
    assert (out / "sanjuan_seat_advantage_greedy_self_play.png").is_file()


def test_a_seat_share_the_agent_decided_gets_a_caveat_not_an_interval(ladder_report):
    _, text, _ = ladder_report
    assert "ismcts:iterations=100 won every game, so the agent, not the seat, decided" in text
    assert "none: ismcts:iterations=100 won every game (the seat rotation fixes the shares)" in text
    table = text.split("Seat advantage with random vs ismcts:iterations=100")[1].split("<img")[0]
    assert "50.0%" in table and "[" not in table.split("<table")[1].split("</table>")[0]


def test_a_self_play_win_rate_carries_no_interval(ladder_report):
    _, text, _ = ladder_report
    rates = text.split("Win rates</h3>")[1].split("</table>")[0]
    assert rates.count("none: 1/players by construction") == 3
    # the mixed games keep their Wilson interval
    assert rates.count("[") == 2


def test_ratings_title_promises_no_interval_when_none_is_drawn():
    from analysis.ratings import ratings
    df = synthetic_results("sanjuan", 2, 30, agents=["weak", "strong"], strengths=[0, 500], seed=3)
    r = ratings(df, n_boot=20)
    assert r["separated"].all()
    title = plots.plot_ratings(r).axes[0].get_title()
    assert "no intervals" in title and "95%" not in title
