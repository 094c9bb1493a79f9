"""The ``study`` preset: one agent name whose spec per game comes from one table (solver/search/presets.py)."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from engine_c import new_state
from engine_c.errors import BoardlabError
from solver.cli import cli
from solver.search import presets
from solver.search.agents import PresetAgent, make_agent, parse_agent_spec

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("burgundy", "sanjuan", "seasons", "tiletum")


def _first_choices(spec, game, seed, moves=3):
    """The first ``moves`` actions ``spec`` (one agent for every seat) plays from deal 5 of ``game``."""
    state, agent, actions = new_state(game, 2, 5), make_agent(spec, seed), []
    for _ in range(moves):
        action = agent.choose(state)
        actions.append(action)
        state.apply_action(action)
    return actions, agent


def test_study_parses_as_an_agent_spec():
    assert parse_agent_spec("study") == ("study", {})
    assert parse_agent_spec(" study ") == ("study", {})
    assert isinstance(make_agent("study", 0), PresetAgent)


def test_the_table_names_every_game_and_each_entry_is_a_valid_spec():
    table = presets.PRESETS["study"]
    assert set(GAMES) | {presets.ANY_GAME} <= set(table)
    for spec in table.values():
        parse_agent_spec(spec)           # raises on a bad entry


@pytest.mark.parametrize("game", GAMES)
def test_each_game_plays_the_spec_its_table_names(game):
    spec = presets.PRESETS["study"][game]
    assert presets.resolve("study", game) == spec
    actions, agent = _first_choices("study", game, seed=11)
    direct, reference = _first_choices(spec, game, seed=11)
    inner = agent.agent_for(game)
    assert (inner.spec, inner.params) == (spec, reference.params)
    assert inner.settings == reference.settings          # the game's search_defaults filled alike
    assert actions == direct                              # same seed, same choices


def test_the_tuned_settings_are_in_force():
    burgundy = make_agent("study", 0).agent_for("burgundy").params
    assert (burgundy["iterations"], burgundy["cutoff"], burgundy["score_weight"]) == (600, 10, 1.0)
    sanjuan = make_agent("study", 0).agent_for("sanjuan").params
    assert (sanjuan["iterations"], sanjuan["prior"], sanjuan["c"]) == (250, 6.0, 0.1)


def test_a_game_not_in_the_table_plays_the_default_entry():
    assert presets.resolve("study", "no-such-game") == presets.PRESETS["study"][presets.ANY_GAME]


def test_changing_the_table_changes_the_agent(monkeypatch):
    monkeypatch.setitem(presets.PRESETS["study"], "sanjuan", "random")
    agent = make_agent("study", 3)
    assert agent.agent_for("sanjuan").spec == "random"
    assert _first_choices("study", "sanjuan", seed=3)[0] == _first_choices("random", "sanjuan", seed=3)[0]
    monkeypatch.setitem(presets.PRESETS["study"], "sanjuan", "ismcts:iterations=7")
    assert make_agent("study", 3).agent_for("sanjuan").params["iterations"] == 7


@pytest.mark.parametrize("spec, message", [
    ("study:iterations=500", ("study is a preset and takes no parameters, got 'iterations' (its settings per game: "
                              "solver/search/presets.py; give the full spec to change them)")),
    ("study:fast", "study: expected key=value in agent spec, got 'fast'"),
    ("study-fast", "unknown agent 'study-fast' (known: flat, greedy, ismcts, pimc, random, study)"),
])
def test_a_preset_variant_is_refused_in_one_line(spec, message):
    with pytest.raises(BoardlabError) as info:
        make_agent(spec, 0)
    assert str(info.value) == message


def test_an_unknown_preset_name_is_refused_in_one_line():
    with pytest.raises(BoardlabError) as info:
        presets.resolve("casual", "sanjuan")
    assert str(info.value) == "unknown preset 'casual' (known: study)"


def test_the_command_line_takes_study_and_refuses_a_variant(tmp_path):
    def simulate(agent):
        return subprocess.run([sys.executable, "-m", "solver.cli", "simulate", "--game", "burgundy", "--agent", agent,
                               "--games", "1", "--out", str(tmp_path / agent.replace(":", "_")), "--no-progress"],
                              cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    played = simulate("study")
    assert played.returncode == 0, played.stderr
    assert "study" in played.stdout
    manifest = json.loads((tmp_path / "study" / "_manifest.json").read_text())
    assert manifest["presets"] == {"study": presets.PRESETS["study"]["burgundy"]}     # what the run played
    refused = simulate("study:iterations=5")
    assert refused.returncode == 2
    assert refused.stderr.count("\n") == 1 and "study is a preset and takes no parameters" in refused.stderr


def test_the_help_of_simulate_lists_study_among_agent_specs():
    help_text = " ".join(CliRunner().invoke(cli, ["simulate", "--help"]).output.split())
    assert "random, or study (a preset for mass simulation" in help_text
