"""write_report: index.html + PNGs, headings and numbers, deterministic, clear errors."""
import base64
import re

import pandas as pd
import pytest

from analysis import plots, stats
from analysis.load import load_runs
from analysis.report import write_report
from analysis.values import tile_values
from engine_c.errors import BoardlabError


@pytest.fixture(scope="module")
def report(runs_dir, tmp_path_factory):
    out = tmp_path_factory.mktemp("report")
    paths = [runs_dir["a"], runs_dir["b"], runs_dir["c"]]
    index = write_report(paths, out)
    return paths, out, index


def test_writes_index_and_pngs(report):
    _, out, index = report
    assert index == out / "index.html" and index.is_file()
    pngs = sorted(p.name for p in out.glob("*.png"))
    # burgundy holds two line-ups (a mixed 2p run, 3p self-play): a seat figure for each
    for name in ("burgundy_seat_advantage_ismcts_iterations_200_vs_ismcts_iterations_2000.png",
                 "burgundy_seat_advantage_ismcts_iterations_1000_self_play.png",
                 "burgundy_scores.png", "burgundy_values.png",
                 "burgundy_budget.png", "burgundy_ratings.png", "burgundy_length.png",
                 "sanjuan_seat_advantage.png", "sanjuan_values.png", "sanjuan_scores.png"):
        assert name in pngs
    for p in out.glob("*.png"):
        assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert b"Software" not in p.read_bytes()[:4000]


def test_html_is_self_contained_with_expected_sections(report):
    _, out, index = report
    text = index.read_text(encoding="utf-8")
    headings = re.findall(r"<h[1-3][^>]*>(.*?)</h[1-3]>", text)
    for h in ("boardlab report", "The Castles of Burgundy (burgundy)", "San Juan (sanjuan)",
              "Seat advantage", "Governor&#x27;s seat advantage", "Tile values", "Card values",
              "Ratings", "Search budget", "Scores", "Game length and lead changes", "Runs",
              "Methods"):
        assert h in headings, h
    # every figure embedded, and exactly as written to disk
    imgs = re.findall(r'src="data:image/png;base64,([^"]+)"', text)
    assert len(imgs) == len(list(out.glob("*.png")))
    on_disk = {p.read_bytes() for p in out.glob("*.png")}
    assert {base64.b64decode(i) for i in imgs} == on_disk
    assert "<script" not in text and 'src="http' not in text
    # method notes and the causal caveat
    assert "cluster-robust" in text and "not causal" in text
    assert "Plackett-Luce" in text and "Wilson" in text
    # manifests: a summary row per run and the full JSON
    assert "&quot;status&quot;: &quot;complete&quot;" in text
    assert text.count("<summary>manifest of run") == 3
    assert "ismcts:iterations=200, ismcts:iterations=2000" in text


def test_html_numbers_match_the_statistics(report):
    paths, _, index = report
    text = index.read_text(encoding="utf-8")
    df = load_runs(paths)
    seat = stats.seat_summary(df[df["game"] == "burgundy"]).set_index("players")
    for n in (2, 3):
        assert f"{100 * seat.loc[n, 'start_win_share']:.1f}%" in text
        lo, hi = seat.loc[n, "start_lo"], seat.loc[n, "start_hi"]
        assert f"[{100 * lo:.1f}%, {100 * hi:.1f}%]" in text
    # human reference beside it
    assert "51.00%" in text and "32.66%" in text and "184.6" in text and "201.7" in text
    gov = stats.seat_summary(df[df["game"] == "sanjuan"]).iloc[0]
    assert f"{100 * gov['start_win_share']:.1f}%" in text
    v = tile_values(df[df["game"] == "burgundy"]).set_index("feature")
    k7 = v.loc["f_knowledge_07"]
    assert f"{k7['score_effect']:.2f}" in text
    assert f"[{k7['score_lo']:.2f}, {k7['score_hi']:.2f}]" in text
    assert "knowledge tile 7" in text and "library" in text
    games = df.drop_duplicates(["run", "game_index"]).shape[0]
    assert f"{games} games from 3 run(s)" in text


def test_report_is_deterministic(report, tmp_path):
    paths, out, index = report
    again = write_report(paths, tmp_path / "again")
    assert again.read_bytes() == index.read_bytes()
    for p in out.glob("*.png"):
        assert (tmp_path / "again" / p.name).read_bytes() == p.read_bytes()


def test_bad_inputs_raise_clear_errors(tmp_path, runs_dir):
    with pytest.raises(BoardlabError, match="no such file"):
        write_report([tmp_path / "missing.parquet"], tmp_path / "out")
    foreign = tmp_path / "foreign.parquet"
    pd.DataFrame({"a": [1]}).to_parquet(foreign)
    with pytest.raises(BoardlabError, match="missing columns"):
        write_report([runs_dir["a"], foreign], tmp_path / "out")
    empty = tmp_path / "empty.parquet"
    empty.mkdir()
    with pytest.raises(BoardlabError, match="empty dataset"):
        write_report(empty, tmp_path / "out")
    afile = tmp_path / "afile"
    afile.write_text("x")
    with pytest.raises(BoardlabError, match="not a directory"):
        write_report(runs_dir["c"], afile)


def _check_figure(fig):
    titles = [fig.get_suptitle()] + [ax.get_title() for ax in fig.axes]
    assert any(t for t in titles), "no title"
    assert any("n=" in t for t in titles), "no sample size"
    for ax in fig.axes:
        assert ax.get_xlabel(), "axes without x label"
        # a panel sharing its y axis with a labelled one needs no label of its own
        assert any(sib.get_ylabel() for sib in ax.get_shared_y_axes().get_siblings(ax)), \
            "axes without y label"
    units = " ".join(ax.get_xlabel() + " " + ax.get_ylabel() for ax in fig.axes)
    assert any(u in units for u in ("(%)", "(VP", "(count)", "points", "iterations"))


def test_every_plot_has_title_labels_units_and_n(runs_dir):
    df = load_runs([runs_dir["a"], runs_dir["b"]])
    figs = [plots.plot_seat_advantage(df), plots.plot_score_distributions(df),
            plots.plot_budget(df), plots.plot_game_length(df),
            plots.plot_tile_values(tile_values(df))]
    from analysis.ratings import ratings
    figs.append(plots.plot_ratings(ratings(df, n_boot=20)))
    for fig in figs:
        _check_figure(fig)
    # saving twice gives the same bytes (layout frozen, no Software tag)
    assert plots.png_bytes(figs[0]) == plots.png_bytes(figs[0])
    with pytest.raises(BoardlabError, match="iterations"):
        plots.plot_budget(load_runs(runs_dir["b"]))
    both = load_runs([runs_dir["a"], runs_dir["c"]])
    with pytest.raises(BoardlabError, match="several games"):
        plots.plot_seat_advantage(both)
    _check_figure(plots.plot_seat_advantage(both, game="sanjuan"))


def test_incomplete_run_is_flagged(tmp_path):
    from analysis.synthetic import synthetic_results, write_run
    import json
    d = write_run(tmp_path / "live.parquet", synthetic_results("sanjuan", 2, 40, seed=1))
    m = json.loads((d / "_manifest.json").read_text())
    m["status"], m["settings"]["games"] = "running", 100
    (d / "_manifest.json").write_text(json.dumps(m))
    text = write_report(d, tmp_path / "out").read_text()
    assert "Run live is not complete" in text and "40 of 100 games" in text


@pytest.mark.parametrize("games,agents", [(1, ["a", "b"]), (3, ["a", "b", "c"])])
def test_tiny_runs_still_give_a_report(tmp_path, games, agents):
    from analysis.synthetic import synthetic_results, write_run
    df = synthetic_results("burgundy", max(2, len(agents)), games, agents=agents, seed=1)
    index = write_report(write_run(tmp_path / "tiny.parquet", df), tmp_path / "out")
    text = index.read_text()
    assert "Seat advantage" in text and "Tile values" in text
    assert (tmp_path / "out" / "burgundy_seat_advantage.png").is_file()
    # 41 features from a few games: no effect, and the page says why
    assert "No effect could be estimated" in text
    assert not (tmp_path / "out" / "burgundy_values.png").exists()


def test_results_without_features(tmp_path):
    from analysis.synthetic import synthetic_results, write_run
    df = synthetic_results("sanjuan", 2, 20, seed=1)
    df = df[[c for c in df.columns if not c.startswith("f_")]]
    text = write_report(write_run(tmp_path / "nof.parquet", df), tmp_path / "out").read_text()
    assert "No feature columns" in text


def test_unbalanced_seats_get_a_warning_and_controlled_seat_effects(tmp_path):
    from analysis.synthetic import synthetic_results, write_run
    # 2 agents alternating over 3 seats (A B A, B A B): seat 1 is the odd one out
    df = synthetic_results("sanjuan", 3, 300, agents=["weak", "strong"], strengths=[0, 10],
                           seed=1)
    text = write_report(write_run(tmp_path / "odd.parquet", df), tmp_path / "out").read_text()
    assert "did not see the same mix of agents" in text
    assert "seat (vs seat 0)" in text and "3p seat 1" in text and "3p seat 2" in text
    # each agent always in the same seat: seat and agent cannot be told apart
    fixed = synthetic_results("sanjuan", 2, 300, agents=["weak", "strong"], strengths=[0, 10],
                              seed=1, balanced=False)
    text = write_report(write_run(tmp_path / "fixed.parquet", fixed),
                        tmp_path / "out2").read_text()
    assert "cannot be separated" in text and "seat (vs seat 0)" not in text


def test_a_folder_of_runs_reports_every_run(tmp_path):
    from analysis.synthetic import synthetic_results, write_run
    folder = tmp_path / "runs"
    write_run(folder / "first.parquet", synthetic_results("burgundy", 2, 10, seed=1))
    write_run(folder / "second.parquet", synthetic_results("burgundy", 2, 10, seed=2))    # the same game indices
    text = write_report(folder, tmp_path / "out").read_text()
    assert "20 games from 2 run(s)" in text
    assert "manifest of run first" in text and "manifest of run second" in text


@pytest.mark.parametrize("game, title, section", [
    ("seasons", "A Castle for All Seasons (seasons)", "Card and building values"),
    ("tiletum", "Tiletum (tiletum)", "Tile values"),
])
def test_placeholder_games_report_with_values_and_a_note_at_the_top(tmp_path, game, title, section):
    from analysis.games import placeholder_note
    from analysis.synthetic import synthetic_results, write_run
    planted = {"seasons": "f_played_trader", "tiletum": "f_contracts"}[game]
    df = synthetic_results(game, 3, 400, effects={planted: 6.0}, seed=4)
    text = write_report(write_run(tmp_path / f"{game}.parquet", df), tmp_path / "out").read_text()
    headings = re.findall(r"<h[1-3][^>]*>(.*?)</h[1-3]>", text)
    assert title in headings and section in headings and "Seat advantage" in headings
    note = placeholder_note(game)
    # the note comes before the first game section, so a reader sees it first
    assert note and text.index("Placeholder data") < text.index(f"<h2 id=\"{game}\"")
    assert (tmp_path / "out" / f"{game}_values.png").is_file()
    v = tile_values(df).set_index("feature")
    row = v.loc[planted]
    assert row["score_lo"] < 6.0 < row["score_hi"]
    assert f"{row['score_effect']:.2f}" in text


def test_real_data_games_carry_no_placeholder_note(report):
    _, _, index = report
    assert "Placeholder data" not in index.read_text(encoding="utf-8")


def test_simulate_summary_is_the_results_alone():
    # the placeholder note is the CLI's one line on standard error (tests/content/test_data_runs.py)
    from analysis.synthetic import synthetic_results
    from solver.runs.summary import format_summary
    for game in ("tiletum", "seasons", "burgundy", "sanjuan"):
        lines = format_summary(synthetic_results(game, 2, 6, seed=1), 1.0).splitlines()
        assert not [line for line in lines if "placeholder" in line.lower()], (game, lines[:3])
        assert lines[0].startswith(f"6 games of {game}, 2 players") and lines[1] == ""


def test_lead_changes_no_game_had_are_drawn_at_zero():
    """Games with 1 and 3 lead changes: the line passes through 0% at 0 and 2, not from 1 to 3."""
    from analysis.synthetic import synthetic_results
    df = synthetic_results("sanjuan", 2, 4, seed=1)
    df["lead_changes"] = df["game_index"].map({0: 1, 1: 1, 2: 3, 3: 3})
    line = plots.plot_game_length(df).axes[1].get_lines()[0]
    assert list(line.get_xdata()) == [0, 1, 2, 3]
    assert list(line.get_ydata()) == [0.0, 50.0, 0.0, 50.0]


def test_a_report_over_an_older_one_leaves_none_of_its_figures_behind(runs_dir, tmp_path):
    """Figures an earlier report wrote and this one does not are removed; other files stay."""
    from analysis.synthetic import synthetic_results, write_run
    out = tmp_path / "out"
    write_report([runs_dir["a"], runs_dir["b"], runs_dir["c"]], out)
    assert (out / "burgundy_values.png").is_file()
    (out / "mine.png").write_bytes(b"a figure of the user's own")
    tiny = write_run(tmp_path / "tiny.parquet", synthetic_results("burgundy", 2, 1, agents=["a", "b"], seed=1))
    index = write_report(tiny, out)
    kept = sorted(p.name for p in out.glob("*.png"))
    assert "burgundy_values.png" not in kept and "burgundy_seat_advantage.png" in kept
    assert "burgundy_seat_advantage_ismcts_iterations_1000_self_play.png" not in kept
    assert "mine.png" in kept                       # never listed by a report: left alone
    listed = index.read_text().rsplit("<!-- boardlab report figures:", 1)[1].split("-->")[0].split()
    assert sorted(listed) == sorted(name for name in kept if name != "mine.png")


def test_values_without_intervals_say_why(tmp_path):
    from analysis.synthetic import synthetic_results, write_run
    df = synthetic_results("burgundy", 2, 30, agents=["a", "b"], seed=4)
    text = write_report(write_run(tmp_path / "few.parquet", df), tmp_path / "out").read_text()
    assert "No score intervals for 41 of 41 features: no more games (30; deals in a paired run) " \
        "than regression columns" in text
    assert "No effect could be estimated" not in text
