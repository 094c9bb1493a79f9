"""The search on positions it cannot expect, and how a running search is stopped.

Readers refuse positions where the player to act has no legal move (or reach one by play), but
the search must still never read outside its tree on one: it is the last line of defence.
The stuck states here are built from raw struct bytes, the way a pickle restores them.
"""
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from engine_c import new_state
from engine_c.errors import BoardlabError
from engine_c.game import _restore
from solver.search import ismcts
from solver.search.best_move import analyse

HAND_OFFSET = 20      # HCData: uint64 rng, int32 round, turn, prize, then int32 hand[4][10]


def _highcard_without_cards(players, seat):
    """A High Card opening in which ``seat`` holds no card (it cannot move when its turn comes)."""
    state = new_state("highcard", players, 3)
    raw = bytearray(state.to_bytes())
    start = HAND_OFFSET + seat * 10 * 4
    raw[start:start + 40] = bytes(40)
    return _restore(type(state), bytes(raw), players)


def test_search_refuses_a_root_without_legal_move():
    stuck = _highcard_without_cards(2, 0)
    assert not stuck.is_terminal() and stuck.legal_actions() == []
    with pytest.raises(BoardlabError, match="no legal move"):
        ismcts.Searcher(0.7, "margin").search(stuck, iterations=100, seed=1)
    with pytest.raises(BoardlabError, match="no legal move"):
        analyse(stuck, iterations=100)


@pytest.mark.parametrize("playout", ["policy", "uniform"])
def test_search_through_a_dead_end_stays_inside_its_tree(playout):
    # seat 1 has no card: every line reaches a dead end after seat 0's first move
    stuck_later = _highcard_without_cards(2, 1)
    assert stuck_later.current_player() == 0 and stuck_later.legal_actions()
    searcher = ismcts.Searcher(0.7, "rank", playout=playout)
    assert searcher.search(stuck_later, iterations=2000, seed=2) == 2000
    stats = searcher.root_stats()
    assert sum(s["visits"] for s in stats) == 2000
    assert {s["action"] for s in stats} <= set(stuck_later.legal_actions())
    for s in stats:
        assert 0.0 <= s["rank_sum"] / s["visits"] <= 1.0
    for candidate in analyse(stuck_later, iterations=400, jobs=2):
        assert 0.0 <= candidate["win_prob"] <= 1.0


def test_playouts_stop_at_a_dead_end():
    for policy in (False, True):
        state = _highcard_without_cards(3, 2)
        state.playout(5, policy=policy)             # returned: no endless loop
        assert state.legal_actions() == [] and state.current_player() == 2


@pytest.mark.parametrize("bad", [0, -1, 10**9 + 1, 2**64, 1.5, True])
def test_search_budget_is_checked(bad):
    state = new_state("highcard", 2, 0)
    with pytest.raises(BoardlabError, match="iterations"):
        ismcts.Searcher().search(state, iterations=bad)


@pytest.mark.parametrize("seconds", [float("inf"), float("nan"), 0.0, -1.0, 1e7])
def test_time_must_be_finite_and_positive(seconds):
    state = new_state("highcard", 2, 0)
    with pytest.raises(BoardlabError, match="time"):
        ismcts.Searcher().search(state, time=seconds)
    with pytest.raises(BoardlabError, match="time"):
        analyse(state, time=seconds)


def test_stop_ends_a_search_from_another_thread():
    state = new_state("burgundy", 2, 1)
    searcher = ismcts.Searcher(0.25, "margin")
    timer = threading.Timer(0.3, searcher.stop)
    timer.start()
    started = time.process_time()      # CPU time: the search runs on this thread, load does not stretch it
    done = searcher.search(state, time=600, seed=1)
    assert time.process_time() - started < 5
    assert done > 0 and searcher.stop_requested


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_interrupts_a_long_search(tmp_path, jobs):
    # a search of ten minutes, interrupted after the first second: it must end within seconds
    script = tmp_path / "long_search.py"
    script.write_text(textwrap.dedent(f"""
        import sys
        from engine_c import new_state
        from solver.search.best_move import analyse
        state = new_state("burgundy", 2, 1)
        print("searching", flush=True)
        try:
            analyse(state, time=600, jobs={jobs})
        except KeyboardInterrupt:
            print("interrupted", flush=True)
            sys.exit(3)
    """))
    env = dict(os.environ, PYTHONPATH=os.getcwd())
    begun = time.perf_counter()
    # SIGINT at its default in the child: a shell that started pytest in the background left it
    # ignored, and Python keeps an ignored SIGINT ignored
    child = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True, env=env,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert child.stdout.readline().strip() == "searching"
    # a calibration in this test: the child's start (interpreter, imports) is slow when the machine is
    startup = time.perf_counter() - begun
    time.sleep(1.0)
    sent = time.perf_counter()
    child.send_signal(signal.SIGINT)
    try:
        out, _ = child.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        child.kill()
        pytest.fail("the search did not stop on SIGINT")
    assert child.returncode == 3 and "interrupted" in out
    assert time.perf_counter() - sent < max(5.0, 3 * startup), f"started in {startup:.1f} s"
