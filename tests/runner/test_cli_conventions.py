"""One convention in every command: a position is ``POSITION`` or ``--position POSITION``; the
help of ``simulate --agent`` says what fewer agents than seats do."""
import subprocess
import sys

from click.testing import CliRunner

from engine_c import new_state
from solver.cli import cli

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]


def run(*args, stdin=None):
    """``python -m solver.cli ARGS`` from the work tree: the finished process."""
    return subprocess.run([sys.executable, "-m", "solver.cli", *map(str, args)], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_every_command_that_reads_a_position_takes_both_forms(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(new_state("sanjuan", 2, 3).to_json())
    for form in ([path], ["--position", path]):
        shown = run("show", *form, "--no-color")
        assert shown.returncode == 0 and shown.stdout, shown.stderr
        suggested = run("suggest", *form, "--iterations", "50", "--json")
        assert suggested.returncode == 0 and '"candidates"' in suggested.stdout, suggested.stderr
        played = run("play", *form, "--ai", "random", stdin="quit\n")
        assert played.returncode == 0 and "You play seat 0" in played.stdout, played.stderr
    both = run("show", path, "--position", tmp_path / "other.json")
    assert both.returncode == 2 and both.stderr.count("\n") == 1 and "two positions given" in both.stderr
    missing = run("suggest", "--iterations", "5")
    assert missing.returncode == 2 and "give a position file: POSITION (or --position POSITION" in missing.stderr
    for command in ("show", "suggest", "play", "serve"):
        help_text = CliRunner().invoke(cli, [command, "--help"]).output
        assert "[POSITION]" in help_text and "POSITION:" in help_text and "--position POSITION" in help_text


def test_simulate_help_says_fewer_agents_are_repeated():
    help_text = " ".join(CliRunner().invoke(cli, ["simulate", "--help"]).output.split())
    assert "fewer than the players are repeated over the seats" in help_text


def test_every_agent_option_says_fewer_agents_are_repeated():
    """values and compare rotate fewer agents over the seats as simulate does: their help says so."""
    for command in ("values", "compare"):
        help_text = " ".join(CliRunner().invoke(cli, [command, "--help"]).output.split())
        assert "once per seat or fewer" in help_text, command
