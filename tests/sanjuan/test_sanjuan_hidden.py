"""Determinization: resample_hidden keeps what the observer knows and redraws the rest."""
from collections import Counter

import numpy as np
import pytest

from engine_c import new_state

from sanjuan_helpers import make, card_total, play, invariant


def _public(d, observer):
    """Everything the observer may rely on after resampling."""
    seats = []
    for p, s in enumerate(d["seats"]):
        seats.append({
            "hand_size": sum(s["hand"].values()),
            "chapel_size": sum(s["chapel"].values()),
            "slots": [(b["card"], bool(b.get("good"))) if isinstance(b, dict) else (b, False) for b in s["buildings"]],
            "covered": s["covered"], "public_hand": s["public_hand"], "goods_sold": s["goods_sold"],
            "public_in_hand": {c: min(n, s["hand"].get(c, 0)) for c, n in s["public_hand"].items()},
        })
    me = d["seats"][observer]
    flow = {k: d[k] for k in ("governor", "phase", "actor", "chooser", "role", "roles_taken", "picks",
                              "acted", "turn", "tile_next", "tiles_seen", "rounds", "pending_public")}
    if d["actor"] != observer:     # the ordering floor of another player's secret card choices
        flow["turn"] = dict(flow["turn"], last=None)
    return dict(seats=seats, flow=flow, supply=len(d["supply"]), discard=sum(d["discard"].values()),
                pending=sum(d["pending"].values()), revealed=d["tiles"][:d["tiles_seen"]],
                my_hand=me["hand"], my_chapel=me["chapel"], my_known=me["known_discards"],
                my_known_in_pile={c: d["discard"].get(c, 0) >= n for c, n in me["known_discards"].items()})


def _midgame(players, seed, steps):
    s = new_state("sanjuan", players, seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply_action(legal[int(rng.integers(len(legal)))])
    return s


@pytest.mark.parametrize("players", [2, 3, 4])
def test_resample_keeps_observer_view_and_changes_opponents(players):
    changed_hands = changed_supply = 0
    checked = 0
    for seed in range(6):
        s = _midgame(players, seed, 60 + 10 * seed)
        if s.is_terminal():
            continue
        d = s.to_dict()
        for observer in range(players):
            view = _public(d, observer)
            for k in range(4):
                r = s.resample_hidden(observer, 1000 * seed + k)
                rd = r.to_dict()
                assert _public(rd, observer) == view
                assert card_total(rd) == card_total(d)
                invariant(r)
                checked += 1
                others = [p for p in range(players) if p != observer and sum(d["seats"][p]["hand"].values()) > 1]
                if any(rd["seats"][p]["hand"] != d["seats"][p]["hand"] for p in others):
                    changed_hands += 1
                if rd["supply"] != d["supply"]:
                    changed_supply += 1
                assert rd["rng"] != d["rng"]
    assert checked >= 40
    assert changed_hands > checked * 0.7 and changed_supply == checked


def test_resample_keeps_the_acting_players_choices():
    s = make(3, hands={0: ["well", "crane"], 1: ["hero", "statue", "palace"]}, buildings={0: ["indigo_plant"]})
    play(s, "councillor")
    d = s.to_dict()
    assert d["pending_owner"] == 0 and d["phase"] == "keep"
    r = s.resample_hidden(0, 3)
    assert r.to_dict()["pending"] == d["pending"] and r.legal_actions() == s.legal_actions()
    # another player does not know the councillor's cards
    differ = sum(s.resample_hidden(1, k).to_dict()["pending"] != d["pending"] for k in range(8))
    assert differ >= 6
    # p1 knows nothing of p0's hand, but keeps his own
    for k in range(5):
        rd = s.resample_hidden(1, k).to_dict()
        assert rd["seats"][1]["hand"] == d["seats"][1]["hand"]
        assert sum(rd["seats"][0]["hand"].values()) == 2


def test_goods_are_unknown_even_to_their_owner():
    s = make(2, buildings={0: [("indigo_plant", "well"), ("sugar_mill", "crane")]})
    seen = {tuple(b["good"] for b in s.resample_hidden(0, k).to_dict()["seats"][0]["buildings"]) for k in range(10)}
    assert len(seen) > 1


def test_public_gold_mine_card_and_known_discards_stay():
    top = ["well", "indigo_plant", "sugar_mill", "tobacco_storage", "hero"]
    s = make(2, hands={1: ["statue", "palace"]}, buildings={1: ["indigo_plant", "gold_mine"]}, supply_top=top)
    play(s, "prospector", "keep hero")
    d = s.to_dict()
    for k in range(10):
        rd = s.resample_hidden(0, k).to_dict()
        assert rd["seats"][1]["hand"].get("hero", 0) >= 1         # everyone saw it go there
        assert sum(rd["seats"][1]["hand"].values()) == 3
        for c in ("indigo_plant", "sugar_mill", "tobacco_storage"):
            assert rd["discard"].get(c, 0) >= 1                  # rejects were face up


def test_unrevealed_tiles_are_redrawn_revealed_kept():
    s = make(2, tiles=["T3", "T1", "T5", "T2", "T4"], tiles_seen=2, tile_next=2)
    orders = {tuple(s.resample_hidden(0, k).to_dict()["tiles"]) for k in range(20)}
    assert all(o[:2] == ("T3", "T1") for o in orders) and len(orders) > 1
    s = make(2, tiles=["T3", "T1", "T5", "T2", "T4"], tiles_seen=4, tile_next=4)
    assert {tuple(s.resample_hidden(1, k).to_dict()["tiles"]) for k in range(5)} == {("T3", "T1", "T5", "T2", "T4")}


def test_own_discards_stay_in_the_pile():
    s = make(2, supply_top=["well", "crane", "statue", "hero", "palace"])
    play(s, "councillor", "keep hero")
    for k in range(5):
        rd = s.resample_hidden(0, k).to_dict()
        assert all(rd["discard"].get(c, 0) >= 1 for c in ("well", "crane", "statue", "palace"))


def test_other_players_card_sequence_stays_playable():
    # p0 is half-way through discarding to the hand limit; p1's determinizations redraw p0's hand
    s = make(2, hands={0: ["palace"] * 2 + ["hero"] * 3 + ["statue"] * 3 + ["well"]},
             phase="hand_limit", rounds=2, governor=0, actor=0, chooser=0,
             turn={"count": 0, "limit": 2, "last": 0, "building": None, "income": 0})
    play(s, "discard hero")                                    # 9 -> 8, one more to go, floor = hero
    d = s.to_dict()
    assert d["phase"] == "hand_limit" and d["turn"]["limit"] == 1
    for k in range(20):
        r = s.resample_hidden(1, k)
        assert r.legal_actions(), "determinized actor has no legal discard"
        r.playout(k)
        assert r.is_terminal()
    # p0's own view keeps the floor
    assert s.resample_hidden(0, 1).legal_actions() == s.legal_actions() == [
        s.string_to_action("discard hero"), s.string_to_action("discard palace")]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_resample_is_canonical(players):
    """Positions the observer cannot tell apart give the same determinization for the same seed."""
    checked = 0
    for seed in range(5):
        s = _midgame(players, seed + 20, 40 + 17 * seed)
        if s.is_terminal():
            continue
        for observer in range(players):
            twin = s.resample_hidden(observer, 99)           # same view, other hidden cards
            for k in range(3):
                assert twin.resample_hidden(observer, k) == s.resample_hidden(observer, k)
                checked += 1
    assert checked >= 30


def test_public_gold_mine_rejects_stay_known_to_everyone():
    top = ["well", "indigo_plant", "smithy", "tobacco_storage", "hero"]   # equal costs: all discarded
    s = make(3, buildings={0: ["indigo_plant", "gold_mine"]}, supply_top=top,
             known_discards={1: ["statue"]}, discard=["statue"])
    play(s, "prospector")
    d = s.to_dict()
    assert d["public_discards"] == {"indigo_plant": 1, "smithy": 1, "tobacco_storage": 1, "hero": 1}
    rd = s.resample_hidden(2, 5).to_dict()
    # p1's private knowledge is unknown to p2 and dropped; the public rejects stay known to all
    assert rd["seats"][1]["known_discards"] == d["public_discards"]
    assert rd["seats"][2]["known_discards"] == d["public_discards"]
