"""scripts/duel.py: paired deals, win credit from A's side, the same numbers whatever --jobs."""
from script_loader import load_script


def _load():
    return load_script("duel")


def test_a_stronger_agent_wins_and_jobs_do_not_matter():
    duel = _load()
    one = duel.duel("sanjuan", "greedy", "random", deals=3, seed=5, jobs=1)
    two = duel.duel("sanjuan", "greedy", "random", deals=3, seed=5, jobs=2)
    assert one == two
    wins, games, mean_a, mean_b = one
    assert games == 6 and wins >= 5 and mean_a > mean_b


def test_the_same_spec_on_both_sides_splits_each_deal():
    duel = _load()
    wins, games, mean_a, mean_b = duel.duel("seasons", "random", "random", deals=4, seed=1)
    # identical agents: each deal's two games are mirror images, so A wins exactly one of them
    assert (wins, games) == (4.0, 8) and mean_a == mean_b


def test_b_from_another_checkout_chooses_as_it_would_here():
    """--b-tree: B played by a checkout's build in its own process; this checkout's own build
    gives exactly the games of the in-process duel."""
    from pathlib import Path

    duel = _load()
    here = Path(duel.__file__).resolve().parent.parent
    inside = duel.duel("sanjuan", "ismcts:iterations=60", "flat:iterations=40", deals=2, seed=3)
    other = duel.duel("sanjuan", "ismcts:iterations=60", "flat:iterations=40", deals=2, seed=3, b_tree=here)
    assert other == inside and inside[1] == 4
