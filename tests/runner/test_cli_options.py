"""--option KEY=VALUE: game options (rules variants) on simulate, position and play."""
import json
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from engine_c import new_state, state_from_json
from engine_c.errors import BoardlabError
from solver.games.options import describe, parse

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "play"))
from play_helpers import scripted_game  # noqa: E402


def _boardlab(*args, stdin=None, cwd=None):
    return subprocess.run([sys.executable, "-m", "solver.cli", *args], capture_output=True, text=True,
                          input=stdin, cwd=cwd, timeout=300)


def _one_line_error(result, message):
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("boardlab: error:") and message in lines[0], result.stderr


def _simulate(out, *extra, game="seasons", games=4):
    return _boardlab("simulate", "--game", game, "--agent", "random", "--games", str(games), "--seed", "3",
                     "--out", str(out), "--no-progress", *extra)


def _rows(out):
    frame = pd.read_parquet(out)
    return frame.drop(columns=["duration_s"]).sort_values(["game_index", "seat"]).reset_index(drop=True)


# ---- parsing ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("winter=true", True), ("winter=false", False), ("n=3", 3), ("n=-2", -2), ("x=1.5", 1.5),
    ("name=abc", "abc"), ("name=", ""), ("name=null", "null"), ("name=[1]", "[1]"), ("name=NaN", "NaN"),
    ("name=a=b", "a=b"), ("name=\"q\"", "q"), (" winter = true ", True),
])
def test_values_are_json_scalars_where_they_can_be(text, value):
    [(key, parsed)] = parse([text])
    assert key == text.split("=")[0].strip()
    assert parsed == value and type(parsed) is type(value)


def test_options_come_sorted_and_describe_as_json():
    options = parse(["winter=true", "a=1", "b=x"])
    assert options == (("a", 1), ("b", "x"), ("winter", True))
    assert describe(options) == 'a=1, b="x", winter=true'
    assert describe(()) == ""


@pytest.mark.parametrize("text, message", [
    ("winter", "--option must be KEY=VALUE"), ("", "--option must be KEY=VALUE"),
    ("=true", "needs a name"), (" =1", "needs a name"), ("a b=1", "letters, digits"),
    ("1x=1", "letters, digits"), ("players=3", "use --players"), ("data=x.json", "use --data"),
    ("seed=1", "use --seed"), ("game=burgundy", "use --game"),
])
def test_malformed_options_are_refused(text, message):
    with pytest.raises(BoardlabError, match=message):
        parse([text])


def test_an_option_twice_is_refused():
    with pytest.raises(BoardlabError, match="winter given twice"):
        parse(["winter=true", "winter=false"])


# ---- simulate --------------------------------------------------------------------------------

def test_simulate_plays_the_winter_variant_and_records_it(tmp_path):
    out = tmp_path / "w.parquet"
    result = _simulate(out, "--option", "winter=true", "--save-positions", "40")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0].startswith("4 games of seasons (winter=true), 2 players;")
    manifest = json.loads((out / "_manifest.json").read_text())
    assert manifest["settings"]["options"] == {"winter": True}
    positions = [json.loads(p.read_text()) for p in sorted((out / "_positions").iterdir())]
    assert positions and all(p["winter"] is True for p in positions)
    assert any(p["winter_cards"] for p in positions), "no winter card drawn in four winter games"
    # the same run without the option plays other games and names no options
    plain = tmp_path / "p.parquet"
    result = _simulate(plain, "--save-positions", "40")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0].startswith("4 games of seasons, 2 players;")
    assert json.loads((plain / "_manifest.json").read_text())["settings"]["options"] == {}
    assert all(json.loads(p.read_text())["winter"] is False for p in (plain / "_positions").iterdir())
    assert not _rows(out).equals(_rows(plain))


def test_jobs_1_and_2_play_the_same_games_with_an_option(tmp_path):
    one, two = tmp_path / "one.parquet", tmp_path / "two.parquet"
    for out, jobs in ((one, "1"), (two, "2")):
        result = _simulate(out, "--option", "die_wrap=false", "--option", "action_tiles=true", "--jobs", jobs,
                           game="tiletum", games=4)
        assert result.returncode == 0, result.stderr
        assert "games of tiletum (action_tiles=true, die_wrap=false)" in result.stdout.splitlines()[0]
    pd.testing.assert_frame_equal(_rows(one), _rows(two))


def test_resume_refuses_other_options_and_goes_on_with_the_same(tmp_path):
    out = tmp_path / "r.parquet"
    assert _simulate(out, "--option", "winter=true", games=2).returncode == 0
    before = sorted((p.name, p.stat().st_size) for p in out.iterdir())
    for extra in (("--option", "winter=false"), ()):
        refused = _simulate(out, "--resume", *extra, games=2)
        _one_line_error(refused, "settings differ from the stored run (options); it was played with options "
                                 "winter=true, not " + ("winter=false" if extra else "(none)"))
    assert sorted((p.name, p.stat().st_size) for p in out.iterdir()) == before
    grown = _simulate(out, "--resume", "--option", "winter=true", games=3)
    assert grown.returncode == 0, grown.stderr
    assert grown.stdout.startswith("3 games of seasons (winter=true), 2 players, 2 from before the resume")


@pytest.mark.parametrize("extra, message", [
    (("--option", "winter=yes"), "seasons: winter must be true or false, got 'yes'"),
    (("--option", "winter=1"), "seasons: winter must be true or false, got 1"),
    (("--option", "frost=true"), "seasons: unknown option(s) frost"),
    (("--option", "winter"), "--option must be KEY=VALUE"),
    (("--option", "=true"), "--option needs a name"),
    (("--option", "players=3"), "use --players"),
])
def test_simulate_refuses_bad_options_before_writing(tmp_path, extra, message):
    out = tmp_path / "o.parquet"
    _one_line_error(_simulate(out, *extra), message)
    assert not out.exists()


def test_an_option_of_another_game_is_refused(tmp_path):
    out = tmp_path / "o.parquet"
    _one_line_error(_simulate(out, "--option", "winter=true", game="burgundy"), "burgundy: unknown option(s) winter")
    assert not out.exists()


# ---- position --------------------------------------------------------------------------------

def test_position_writes_the_options(tmp_path):
    result = _boardlab("position", "--game", "tiletum", "--option", "die_wrap=false")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["die_wrap"] is False
    assert json.loads(_boardlab("position", "--game", "tiletum").stdout)["die_wrap"] is True
    out = tmp_path / "w.json"
    result = _boardlab("position", "--game", "seasons", "--option", "winter=true", "--random-moves", "5",
                       "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert json.loads(out.read_text())["winter"] is True
    assert state_from_json(out.read_text()).winter


@pytest.mark.parametrize("args, message", [
    (("--game", "tiletum", "--option", "die_wrap=no"), "tiletum: die_wrap must be true or false, got 'no'"),
    (("--game", "tiletum", "--option", "winter=true"), "tiletum: unknown option(s) winter"),
    (("--game", "seasons", "--option", "winter"), "--option must be KEY=VALUE"),
])
def test_position_refuses_bad_options(tmp_path, args, message):
    _one_line_error(_boardlab("position", *args, "--out", str(tmp_path / "p.json")), message)
    assert not (tmp_path / "p.json").exists()


# ---- play ------------------------------------------------------------------------------------

def test_play_starts_the_variant(tmp_path):
    # a scripted game of winter seasons, typed again into `boardlab play --option winter=true`
    saved = tmp_path / "mid.json"
    extra = {3: [f"save {saved}"]}
    code, output, person, session = scripted_game(new_state("seasons", 2, 4, winter=True), 0, "random", 4,
                                                  extra=extra)
    assert code == 0 and session.state.winter
    typed = "\n".join(person.typed) + "\n"
    saved.unlink()
    result = _boardlab("play", "--game", "seasons", "--seed", "4", "--ai", "random", "--no-color",
                       "--option", "winter=true", stdin=typed)
    assert result.returncode == 0, result.stderr
    assert result.stdout == output
    assert json.loads(saved.read_text())["winter"] is True


def test_play_refuses_bad_options(tmp_path):
    _one_line_error(_boardlab("play", "--game", "seasons", "--ai", "random", "--option", "winter=maybe", stdin=""),
                    "seasons: winter must be true or false, got 'maybe'")
    _one_line_error(_boardlab("play", "--game", "burgundy", "--ai", "random", "--option", "winter=true", stdin=""),
                    "burgundy: unknown option(s) winter")
    position = tmp_path / "pos.json"
    position.write_text(new_state("seasons", 2, 0).to_json())
    _one_line_error(_boardlab("play", "--position", str(position), "--option", "winter=true", stdin=""),
                    "a position carries its own options")


@pytest.mark.parametrize("args, message", [
    (["report", "no-such-run", "--out", "rep"], "no-such-run: no such file or directory"),
    (["values", "no-such-run", "--out", "vals"], "no-such-run: no such run folder"),
    (["simulate", "--game", "burgundy", "--agent", "random", "--games", "0"], "--games"),
    (["report", "not-a-run", "--out", "rep"], "not-a-run: empty dataset (no .parquet part files"),
    (["values", "not-a-run", "--out", "vals"], "not-a-run: not a run folder (no _manifest.json"),
])
def test_a_mistyped_argument_is_refused_before_the_analysis_libraries_load(tmp_path, args, message):
    # the refusal comes at once: pandas and matplotlib (seconds to load) are never imported
    (tmp_path / "not-a-run" / "notes").mkdir(parents=True)        # a folder, but no results in it
    (tmp_path / "not-a-run" / "notes" / "readme.txt").write_text("no games here\n")
    code = ("import sys\nfrom solver.cli import main\n"
            f"try:\n    main({args!r})\nexcept SystemExit as stop:\n"
            "    print(stop.code, sorted(m for m in ('pandas', 'matplotlib') if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert done.stdout.splitlines() == ["2 []"]
    assert message in done.stderr and "Traceback" not in done.stderr
