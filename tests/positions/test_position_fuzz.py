"""Random edits of real positions: a one-line refusal or a playable position, never a crash or a hang.

The fuzzer (scripts/fuzz_positions.py) runs in a child process under a watchdog, so a hang or a
segfault fails the test with the edit that caused it.  The default is a fast slice; the long run:

    pytest tests/positions --fuzz-edits 17000        # 51,000 edits per game
"""
import importlib.util
import json
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "fuzz_positions.py"
spec = importlib.util.spec_from_file_location("fuzz_positions", SCRIPT)
fuzz_positions = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fuzz_positions)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("game", fuzz_positions.FUZZ_GAMES)
def test_edited_positions_are_refused_or_playable(game, players, request):
    edits = request.config.getoption("--fuzz-edits")
    ok, message = fuzz_positions.run_watched(game, players, edits, seed=11, timeout=120 + edits * 0.05)
    assert ok, message
    counts = json.loads(message)
    assert counts["refused"] + counts["accepted"] == edits
    assert counts["accepted"] > 0          # the edits also reach positions that load and play


def test_the_watchdog_reports_a_child_that_does_not_answer_in_time():
    # the watchdog itself: a child still running at the timeout is a failure, not a pass
    ok, message = fuzz_positions.run_watched("seasons", 2, 10**6, seed=0, timeout=0.05)
    assert not ok and "HANG" in message
