"""The measurement scripts refuse bad arguments as the CLI does: one line naming what is wrong, a
non-zero exit, no traceback, and nothing written (a refused run used to leave a folder that then
blocked the corrected one)."""
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"

SJ = ("--game", "sanjuan")
CASES = [
    ("duel.py", ("--game", "chess", "--a", "random", "--b", "random"), "unknown game 'chess'"),
    ("duel.py", (*SJ, "--a", "foo", "--b", "random"), "unknown agent 'foo'"),
    ("duel.py", (*SJ, "--a", "random", "--b", "random", "--deals", "0"), "--deals must be positive, got 0"),
    ("duel.py", (*SJ, "--a", "random", "--b", "random", "--jobs", "0"), "--jobs must be positive, got 0"),
    ("duel.py", (*SJ, "--a", "random", "--b", "random", "--seed", "-1"), "--seed must be non-negative, got -1"),
    ("duel.py", (*SJ, "--a", "random", "--b", "random", "--b-tree", "nowhere"),
     "--b-tree nowhere is not a boardlab checkout"),
    ("play_stats.py", (*SJ, "--players", "9"), "--players must be 2-4 for sanjuan, got 9"),
    ("play_stats.py", (*SJ, "--agent", "foo"), "unknown agent 'foo'"),
    ("play_stats.py", (*SJ, "--games", "0"), "--games must be positive, got 0"),
    ("play_stats.py", (*SJ, "--jobs", "0"), "--jobs must be positive, got 0"),
    ("strength.py", (*SJ, "--match", "ismcts-vs-random", "--jobs", "0"), "--jobs must be positive, got 0"),
    ("strength.py", (*SJ, "--match", "ismcts-vs-random", "--games", "0"), "--games must be positive, got 0"),
    ("strength.py", (*SJ, "--match", "ismcts-vs-random", "--iterations", "-5"), "parameter iterations must be"),
    ("strength.py", (*SJ, "--match", "ismcts-vs-random", "--options", "c=-1"), "parameter c must be"),
    ("strength.py", (*SJ, "--seed", "-1", "--deals", "1", "--out", "ladder"), "--seed must be non-negative, got -1"),
    ("strength.py", (*SJ, "--jobs", "0", "--deals", "1", "--out", "ladder"), "--jobs must be positive, got 0"),
    ("strength.py", (*SJ, "--match", "foo"), "unknown match 'foo'"),
    ("suggest_stability.py", (*SJ, "--positions", "1", "--iterations", "0", "--out", "y"),
     "--iterations must be positive, got 0"),
    ("suggest_stability.py", (*SJ, "--positions", "1", "--jobs", "0", "--out", "y"), "--jobs must be positive, got 0"),
    ("suggest_stability.py", (*SJ, "--positions", "1", "--source", "foo", "--out", "y"), "unknown agent 'foo'"),
    ("check_wheel.py", ("README.md",), "cannot read README.md as a wheel"),
    ("learn_policy.py", ("--game", "chess"), "unknown game 'chess'"),
    ("learn_policy.py", ("--episodes", "0"), "--episodes must be positive, got 0"),
    ("learn_policy.py", ("--seed", "-1"), "--seed must be non-negative, got -1"),
    ("null_rate.py", ("nowhere",), "no compare.csv in nowhere"),
]


@pytest.mark.parametrize("script, args, message", CASES, ids=[f"{c[0]}:{' '.join(c[1])}" for c in CASES])
def test_bad_arguments_are_one_line_and_write_nothing(tmp_path, script, args, message):
    (tmp_path / "README.md").write_text("not a wheel\n")
    done = subprocess.run([sys.executable, str(SCRIPTS / script), *args], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode != 0, done.stdout
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "error: " in lines[0] and message in lines[0], done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["README.md"]
