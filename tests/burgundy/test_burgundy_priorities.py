"""The playout policy's priorities table (policy_priorities.py) and its per-seat loading, and the
tuning script that moves them (scripts/tune_policy.py)."""
import sys
from pathlib import Path

import pytest

from engine_c import new_state
from engine_c.burgundy.policy import priorities, set_priorities
from engine_c.burgundy.policy_priorities import PRIORITIES, PRIORITY_NAMES

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
from script_loader import load_script  # noqa: E402


@pytest.fixture
def restore_priorities():
    yield
    set_priorities(PRIORITIES)


def _policy_game(seed):
    state = new_state("burgundy", 2, seed)
    state.playout(seed, policy=True)
    return state.scores()


def test_the_table_names_every_priority_once_and_is_what_every_seat_plays():
    assert len(set(PRIORITY_NAMES)) == len(PRIORITY_NAMES) == len(PRIORITIES)
    for seat in range(4):
        assert priorities(seat) == PRIORITIES


def test_bad_tables_are_refused(restore_priorities):
    missing = {k: v for k, v in PRIORITIES.items() if k != "noise"}
    with pytest.raises(ValueError, match="priorities named"):
        set_priorities(missing)
    with pytest.raises(ValueError, match="noise >= 1"):
        set_priorities(dict(PRIORITIES, noise=0))
    with pytest.raises(ValueError, match="uniform in 0..1024"):
        set_priorities(dict(PRIORITIES, uniform=2000))
    assert priorities(0) == PRIORITIES


def test_a_seat_plays_its_own_priorities(restore_priorities):
    baseline = [_policy_game(seed) for seed in range(40)]
    # a seat that never places a tile (placing ranks below passing) scores far less than its rival
    set_priorities(dict(PRIORITIES, place=-1000), seat=1)
    assert priorities(0) == PRIORITIES and priorities(1)["place"] == -1000
    crippled = [_policy_game(seed) for seed in range(40)]
    assert sum(s[1] for s in crippled) < 0.5 * sum(s[1] for s in baseline)
    assert sum(s[0] for s in crippled) > sum(s[1] for s in crippled)
    set_priorities(PRIORITIES)
    assert [_policy_game(seed) for seed in range(40)] == baseline


def test_tuning_keeps_a_clearly_better_change_and_writes_a_loadable_table(tmp_path, capsys, restore_priorities):
    tune = load_script("tune_policy")
    # start from a crippled table (placing ranks below passing) so the search has a change worth keeping
    set_priorities(dict(PRIORITIES, place=-200))
    start = priorities(0)
    log = (tmp_path / "log.jsonl").open("w")
    tuned = tune.tune([int(s) for s in range(60)], passes=1, step=20.0, z=2.0, log=log)
    log.close()
    assert tuned["place"] > 0 and tuned != start
    assert (tmp_path / "log.jsonl").read_text().count("\n") >= len(PRIORITY_NAMES)
    margins, _ = tune.paired_margins(tuned, start, list(range(100, 160)))
    assert margins.mean() > 0
    set_priorities(PRIORITIES)
    assert tune.main(["--deals", "10", "--passes", "1", "--seed", "3", "--out", str(tmp_path / "run")]) == 0
    assert "held-out deals (10)" in capsys.readouterr().out
    namespace = {}
    exec((tmp_path / "run" / "priorities.py").read_text(), namespace)
    assert set(namespace["PRIORITIES"]) == set(PRIORITY_NAMES)
    assert priorities(0) == PRIORITIES               # the script leaves the shipped table loaded
