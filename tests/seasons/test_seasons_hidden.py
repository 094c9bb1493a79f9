"""Secret card selection: later choosers never see earlier choices; resample_hidden redraws them."""
from collections import Counter

import numpy as np
import pytest

from engine_c import new_state

from seasons_helpers import blank, load, play, legal_strings, set_hand, invariant


def public_view(d, observer):
    """Everything the observer may rely on: the whole position except other seats' selections."""
    d = dict(d)
    d["seats"] = [dict(s) for s in d["seats"]]
    d.pop("rng")
    if d["phase"] == "select":
        for p, s in enumerate(d["seats"]):
            if p != observer:
                s["selected"] = len(s["selected"])
    return d


def test_later_chooser_sees_the_same_moves_whatever_the_earlier_secret_choice():
    a = load(blank(3))
    b = load(blank(3))
    play(a, "pick messenger")
    play(b, "pick trader")
    assert legal_strings(a) == legal_strings(b)
    assert public_view(a.to_dict(), 1) == public_view(b.to_dict(), 1)


def test_resample_redraws_opponent_choices_and_keeps_the_observers():
    s = load(blank(3))
    play(s, "pick bricklayer", "pick worker2")
    seen = Counter()
    for seed in range(60):
        r = s.resample_hidden(2, seed)
        d = r.to_dict()
        assert public_view(d, 2) == public_view(s.to_dict(), 2)
        seen[(d["seats"][0]["selected"][0], d["seats"][1]["selected"][0])] += 1
        assert "masterbuilder" not in d["seats"][0]["selected"]        # not with 8 cards in hand
        assert r.legal_actions() == s.legal_actions()
        invariant(r)
    assert len(seen) > 10
    # the observer's own choice is kept
    for seed in range(10):
        assert s.resample_hidden(1, seed).to_dict()["seats"][1]["selected"] == ["worker2"]


def test_resample_is_canonical():
    a = load(blank(3))
    b = load(blank(3))
    play(a, "pick messenger", "pick stonemason")
    play(b, "pick worker3", "pick stonemason")
    for seed in range(5):
        assert a.resample_hidden(2, seed) == b.resample_hidden(2, seed)


def test_resample_two_players_pairs_are_valid():
    s = new_state("seasons", 2, 0)
    play(s, "pick trader", "pick worker1")
    pairs = Counter()
    for seed in range(200):
        sel = s.resample_hidden(1, seed).to_dict()["seats"][0]["selected"]
        assert len(sel) == 2 and len(set(sel)) == 2 and "masterbuilder" not in sel
        pairs[tuple(sel)] += 1
    assert len(pairs) == 21         # every pair of the 7 cards but the master builder


def test_resample_two_players_half_made_pair():
    d = blank(2)
    set_hand(d, 0, ["messenger", "trader", "worker1", "worker2", "worker3", "masterbuilder"])
    s = load(d)
    play(s, "pick trader")                      # seat 0 is between his two picks
    assert s.current_player() == 0
    firsts = Counter()
    for seed in range(60):
        r = s.resample_hidden(1, seed)
        sel = r.to_dict()["seats"][0]["selected"]
        assert len(sel) == 1 and sel[0] != "masterbuilder"    # a higher card must remain
        firsts[sel[0]] += 1
        assert r.legal_actions()                               # seat 0 can complete his pair
    assert set(firsts) == {"messenger", "trader", "worker1", "worker2", "worker3"}


def test_nothing_is_hidden_after_the_reveal():
    s = load(blank(3))
    play(s, "pick stonemason", "pick worker1", "pick worker3")
    r = s.resample_hidden(0, 7)
    assert public_view(r.to_dict(), -1) == public_view(s.to_dict(), -1)
    assert r.to_dict()["seats"][1]["selected"] == ["worker1"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinizations_play_to_the_end(players):
    rng = np.random.default_rng(players)
    s = new_state("seasons", players, players)
    for step in range(120):
        if s.is_terminal():
            break
        if s.to_dict()["phase"] == "select":
            r = s.resample_hidden(s.current_player(), step)
            r.playout(step)
            assert r.is_terminal()
        legal = s.legal_actions()
        s.apply_action(legal[int(rng.integers(len(legal)))])


def test_rewind_secret_replays_the_selection_from_its_start():
    """rewind_secret (for the search's decoupled=2): once another seat has chosen, the selection
    goes back to its start; replaying the same picks gives the same position back."""
    s = new_state("seasons", 2, 0)
    play(s, "pick trader", "pick worker1", "pick messenger")       # seat 0's pair, seat 1's first card
    assert s.current_player() == 1
    r = s.clone()
    replay = r.rewind_secret(1)
    assert replay == [r.string_to_action("pick messenger")]        # seat 1's own pick, to replay
    assert r.current_player() == 0
    assert [seat["selected"] for seat in r.to_dict()["seats"]] == [[], []]
    play(r, "pick trader", "pick worker1", *replay)
    assert r == s
    # the same seat 1 choosing other cards later on: the rewound position replays to it as well
    r = s.clone()
    r.rewind_secret(1)
    play(r, "pick messenger", "pick worker3", "pick messenger")
    assert r.legal_actions() == s.legal_actions()


def test_rewind_secret_leaves_a_phase_nobody_else_has_chosen_in():
    s = load(blank(4))
    assert s.rewind_secret(0) is None                     # nobody has chosen
    play(s, "pick stonemason")
    before = s.clone()
    assert s.rewind_secret(0) is None                     # only the observer's own choice (seat 0's pick)
    assert s == before
    play(s, "pick worker1")
    assert s.rewind_secret(2) == []                       # seat 2 saw neither: back to seat 0
    assert s.current_player() == 0
    play(s, "pick stonemason", "pick worker1")
    assert s == play(before.clone(), "pick worker1")
    play(s, "pick worker3", "pick messenger")              # the reveal: nothing secret is left
    assert not s.secret_choice() and s.rewind_secret(0) is None
    assert new_state("burgundy", 2, 1).rewind_secret(0) is None
    with pytest.raises(ValueError, match="observer"):
        s.rewind_secret(4)
