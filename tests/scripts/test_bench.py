"""scripts/bench.py: the default agent's figure times fixed positions; a bad --tree is one clear line."""
import json
import subprocess
import sys

from script_loader import SCRIPTS, load_script


def test_the_timed_positions_are_the_same_every_run_and_each_has_a_choice():
    bench = load_script("bench")
    first = bench.sample_positions("sanjuan", 7, 3)
    again = bench.sample_positions("sanjuan", 7, 3)
    assert len(first) == 7
    assert [p.to_bytes() for p in first] == [p.to_bytes() for p in again]
    assert all(len(p.legal_actions()) > 1 and not p.is_terminal() for p in first)
    assert len({p.to_bytes() for p in first}) == 7          # 5 from one game, then the next game's


def test_default_agent_only_prints_one_json_line_with_the_figure():
    done = subprocess.run([sys.executable, str(SCRIPTS / "bench.py"), "--default-agent-only", "--games", "highcard"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["highcard"]["default_ms_per_move_2000"] > 0
    assert "tree" not in report


def test_a_tree_that_is_not_a_checkout_is_refused_in_one_line(tmp_path):
    done = subprocess.run([sys.executable, str(SCRIPTS / "bench.py"), "--default-agent-only", "--tree", str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert done.stderr.strip() == f"bench.py: --tree {tmp_path} is not a boardlab checkout (no engine_c/ package there)"
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_an_unknown_game_is_refused_in_one_line():
    done = subprocess.run([sys.executable, str(SCRIPTS / "bench.py"), "--default-agent-only", "--games", "nope"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.startswith("bench.py: unknown game 'nope' (known: ") and done.stderr.count("\n") == 1
    assert done.stdout == ""


def test_the_trivial_env_passes_pettingzoo_api_test_and_plays_to_its_end():
    """The env the adapters are measured against is a real AEC env, so the comparison is fair."""
    from pettingzoo.test import api_test
    bench = load_script("bench")
    api_test(bench.trivial_env(12, 20, length=30), num_cycles=100)
    assert bench._random_masked_steps(bench.trivial_env(12, 20, length=30), 0.05) > 0


def test_the_openspiel_key_share_counts_the_keys_of_one_move():
    bench = load_script("bench")
    figures = bench.openspiel_key_figures("seasons", simulations=5)
    # each simulation asks at least the root's key; the share is a part of the move
    assert figures["key_calls"] >= 5
    assert 0 < figures["key_share"] < figures["adapter_share"] < 1 and figures["key_us_each"] > 0
    assert figures["move_cpu_s"] > 0


def test_the_adapter_timing_puts_the_methods_back():
    from solver.adapters import openspiel as adapter
    bench = load_script("bench")
    before = dict(adapter.BoardlabState.__dict__)
    spent, undo = bench._time_the_adapter()
    assert adapter.BoardlabState.__dict__["_apply_action"] is not before["_apply_action"]
    state = adapter.load_game("sanjuan", 2, 1).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    assert spent[0] > 0
    undo()
    assert all(adapter.BoardlabState.__dict__[name] is method for name, method in before.items())
