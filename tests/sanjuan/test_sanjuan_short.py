"""Short positions (docs/sanjuan.md, "Short positions"): what may be left out, what it becomes, the
documented example, the renamed key, and every refusal of the short-form reader naming its field."""
import copy
import json
import re
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from engine_c import new_state
from engine_c.errors import InvalidPositionError
from engine_c.sanjuan import SanJuanState
from solver.search.best_move import analyse

from sanjuan_helpers import make

DOC = Path(__file__).resolve().parents[2] / "docs" / "sanjuan.md"
ROLE_OF_PHASE = {"build": "builder", "place": "builder", "pay": "builder", "produce": "producer",
                 "sell": "trader", "keep": "councillor", "council_discard": "councillor",
                 "gold_mine": "prospector"}


def load(d):
    """from_json of a position dict."""
    return SanJuanState.from_json(json.dumps(d))


def refused(d):
    """The one-line message from_json refuses ``d`` with."""
    with pytest.raises(InvalidPositionError) as info:
        load(d)
    text = str(info.value)
    assert "\n" not in text and text.startswith("sanjuan: ") and "malformed position" not in text
    return text


def real_positions(players, seed):
    """Every position of one game mixing policy and uniformly random moves, as dicts."""
    rng = np.random.default_rng(seed)
    state = new_state("sanjuan", players, seed)
    while True:
        yield state.to_dict()
        if state.is_terminal():
            return
        if rng.random() < 0.6:
            state.apply_action(state.playout_action(int(rng.integers(2**30))))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])


def shorten(d, variant):
    """``d`` with every key the short form derives left out, and every defaulted key whose value is
    the default; ``variant`` picks between the alternatives (actor or acted, tile_next or tile)."""
    s = copy.deepcopy(d)
    phase = d["phase"]
    in_role = phase in ROLE_OF_PHASE
    del s["players"], s["chooser"], s["picks"], s["pending_owner"], s["pending_public"]
    del s["acted" if variant % 2 else "actor"]
    if d["rounds"] == (2 if phase in ("chapel", "hand_limit") else 1):
        del s["rounds"]
    if phase == "role":
        del s["phase"]
    if in_role or d["role"] == "builder":
        del s["role"]
    if d["roles_taken"] == ([d["role"]] if in_role else []):
        del s["roles_taken"]
    if not d["library_used"]:
        del s["library_used"]
    exact_doubling = in_role and (d["role"] != "builder" or (phase in ("build", "place") and d["actor"] == d["chooser"]))
    if exact_doubling or (not in_role and not d["role_library"]):
        del s["role_library"]
    turn = s["turn"]
    for key in ("count", "last", "income"):
        if turn[key] == 0:
            del turn[key]
    if turn["building"] is None:
        del turn["building"]
    if phase not in ("pay", "council_discard", "keep"):
        del turn["limit"]
    if not turn:
        del s["turn"]
    seen = d["tiles_seen"]
    s["tiles"] = d["tiles"][:seen]
    del s["tiles_seen"]
    if seen < 5 or variant % 3:
        del s["tile_next"]
    if seen < 5 or not variant % 3:
        del s["tile"]
    del s["supply"]
    for key in ("public_discards", "pending"):
        if not d[key]:
            del s[key]
    for seat in s["seats"]:
        for key in ("covered", "chapel", "public_hand"):
            if not seat[key]:
                del seat[key]
        if seat["known_discards"] == d["public_discards"]:
            del seat["known_discards"]
        for key in ("goods_sold", "cards_drawn"):
            if not seat[key]:
                del seat[key]
    return s


# ---- (a) positions of real games, shortened ------------------------------------------------------

@pytest.mark.parametrize("players,seed", [(2, 1), (2, 8), (3, 2), (3, 5), (4, 3), (4, 6)])
def test_shortened_real_positions_load_into_the_same_state(players, seed):
    phases = Counter()
    for i, d in enumerate(real_positions(players, seed)):
        phases[d["phase"]] += 1
        short = load(shorten(d, i)).to_dict()
        # the hidden orders: the same cards, the revealed tiles in place
        assert Counter(short["supply"]) == Counter(d["supply"])
        assert short["tiles"][:d["tiles_seen"]] == d["tiles"][:d["tiles_seen"]]
        assert sorted(short["tiles"]) == sorted(d["tiles"])
        # everything else byte for byte (==)
        assert load(dict(d, supply=short["supply"], tiles=short["tiles"])) == load(short), (i, d["phase"])
    assert {"role", "build", "pay", "produce", "sell", "keep", "over"} <= set(phases)


@pytest.mark.parametrize("players,seed", [(2, 4), (3, 7), (4, 9)])
def test_a_derived_discard_pile_is_exact(players, seed):
    for i, d in enumerate(real_positions(players, seed)):
        if i % 3:
            continue
        s = copy.deepcopy(d)
        del s["discard"], s["players"], s["chooser"]
        del s["actor" if i % 2 else "acted"]
        del s["tile" if d["tiles_seen"] == 5 and i % 2 else "tile_next"]       # with 5 revealed one must stay
        if d["tiles_seen"] < 5:
            s.pop("tile", None)
        assert load(s) == load(d)


def test_the_order_of_what_is_left_out_comes_from_rng():
    d = make(3, hands={0: ["well", "crane"]}).to_dict()
    s = shorten(d, 0)
    s["tiles"] = []
    first, again = load(s).to_dict(), load(s).to_dict()
    assert first == again                                    # the same short position, the same state
    s["rng"] = 99
    other = load(s).to_dict()
    assert other["rng"] == 99                                # rng is kept as given
    assert Counter(other["supply"]) == Counter(first["supply"]) and other["supply"] != first["supply"]


def hide(d, seat):
    """``d`` as a person at ``seat`` could write it: the other hands and chapels as counts (with the
    cards taken face up named), every good ``true``, the discard pile a count, no supply."""
    s = copy.deepcopy(d)
    del s["supply"]
    s["discard"] = sum(d["discard"].values())
    for p, x in enumerate(s["seats"]):
        x["buildings"] = [dict(b, good=True) if isinstance(b, dict) else b for b in x["buildings"]]
        if p != seat:
            x["hand"] = sum(x["hand"].values())
            x["chapel"] = sum(x["chapel"].values())
    return s


@pytest.mark.parametrize("players,seed", [(2, 2), (3, 3), (4, 4)])
def test_hidden_cards_given_as_counts_are_dealt(players, seed):
    for i, d in enumerate(real_positions(players, seed)):
        if i % 4 or d["phase"] == "over":
            continue
        actor = d["actor"]
        state = load(hide(d, actor))
        got = state.to_dict()
        assert got["seats"][actor]["hand"] == d["seats"][actor]["hand"]
        assert sum(got["discard"].values()) == sum(d["discard"].values())
        assert len(got["supply"]) == len(d["supply"])
        for p, (a, b) in enumerate(zip(got["seats"], d["seats"])):
            assert sum(a["hand"].values()) == sum(b["hand"].values())
            assert sum(a["chapel"].values()) == sum(b["chapel"].values())
            assert all(a["hand"].get(card, 0) >= n for card, n in b["public_hand"].items())
            assert all(got["discard"].get(card, 0) >= n for card, n in b["known_discards"].items())
            assert [isinstance(x, dict) for x in a["buildings"]] == [isinstance(x, dict) for x in b["buildings"]]
        assert state.legal_actions() == load(d).legal_actions()      # the actor's decision is unchanged


# ---- (b) the documented example --------------------------------------------------------------------

def documented_example():
    """The JSON block of docs/sanjuan.md, section "Short positions"."""
    section = DOC.read_text().split("## Short positions", 1)[1].split("\n## ", 1)[0]
    return re.search(r"```json\n(.*?)```", section, re.S).group(1)


def test_the_documented_example_loads_as_the_game_it_was_taken_from():
    state = SanJuanState.from_json(documented_example())
    d = state.to_dict()
    assert (d["players"], d["governor"], d["actor"], d["chooser"], d["picks"]) == (3, 2, 0, 0, 1)
    assert (d["tiles"][:1], d["tiles_seen"], d["tile_next"], d["tile"]) == (["T3"], 1, 1, "T3")
    assert sum(d["discard"].values()) == 40 and len(d["supply"]) == 49
    assert [sum(x["hand"].values()) for x in d["seats"]] == [1, 2, 3]
    real = new_state("sanjuan", 3, 5)
    for k in range(55):                                      # the game it was taken from
        real.apply_action(real.playout_action(k))
    assert state.legal_actions() == real.legal_actions()
    r = real.to_dict()
    for key in ("rounds", "governor", "actor", "chooser", "roles_taken", "picks", "acted", "tiles_seen", "tile_next",
                "tile", "turn"):
        assert d[key] == r[key], key


def test_a_search_runs_on_the_documented_example():
    state = SanJuanState.from_json(documented_example())
    out = analyse(state, iterations=300, jobs=1, seed=2, pv_length=2)
    assert {c["action"] for c in out} == set(state.legal_actions())
    assert sum(c["visits"] for c in out) == 300


# ---- the renamed key -----------------------------------------------------------------------------

def test_num_players_is_still_read_and_players_written():
    d = make(2).to_dict()
    assert "num_players" not in d and d["players"] == 2
    old = dict(d)
    old["num_players"] = old.pop("players")
    assert load(old) == load(d)
    both = dict(d, num_players=2)
    assert load(both) == load(d)
    both["num_players"] = 3
    assert "sanjuan: num_players: 3 disagrees with players 2" in refused(both)


# ---- refusals: one row per error path, with the field it names ----------------------------------

def _position(**kw):
    kw.setdefault("hands", {0: ["well", "crane"]})
    return make(kw.pop("players", 2), **kw).to_dict()


def _short(**kw):
    """The short form of a position made by the helpers."""
    return shorten(_position(**kw), 1)


def _edit(d, **changes):
    for key, value in changes.items():
        node, path = d, key.split("__")
        for part in path[:-1]:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if value is DELETE:
            del node[path[-1]]
        elif callable(value):
            node[path[-1]] = value(node[path[-1]])
        else:
            node[int(path[-1]) if isinstance(node, list) else path[-1]] = value
    return d


DELETE = object()


def _producing():
    """A 2-player producer phase, seat 0 to produce on his indigo plant (full form)."""
    s = make(2, hands={0: ["well", "crane"]}, buildings={0: ["indigo_plant", "sugar_mill"]})
    s.apply_action("producer")
    return s.to_dict()


def _paying():
    s = make(2, hands={0: ["tobacco_storage", "well", "crane", "hero"]})
    s.apply_action("builder")
    s.apply_action("build tobacco_storage")
    return s.to_dict()


REFUSALS = [
    # (position, edit, expected message fragment)
    ("short", dict(num_players=3, players=2), "num_players: 3 disagrees with players 2"),
    ("short", dict(players=3), "seats: must be a list of 3 entries, got 2"),
    ("short", dict(seats=[{}]), "seats: must be a list of 2..4 entries, got 1"),
    ("short", dict(seats__1__hand=200), "seats[1].hand: must be an integer in 0..110, got 200"),
    ("short", dict(seats__1__hand=107), "seats[1].hand: 107 cards to deal, but only 106 of the 110 cards are not placed"),
    ("short", dict(seats__1__hand=True), "seats[1].hand: must be an object {card: count} or a list of cards, or a number"),
    ("short", dict(seats__1__hand=0, seats__1__public_hand={"hero": 1}),
     "seats[1].hand: 0 cards, fewer than the 1 named in public_hand"),
    ("short", dict(seats__1__chapel=-1), "seats[1].chapel: must be an integer in 0..110, got -1"),
    ("short", dict(seats__1__covered=2), "seats[1].covered: must be an object {card: count} or a list of cards, got 2"),
    ("short", dict(seats__1__hand={"well": 3}), "seats[1].hand: 4 well cards in the position, the deck has 3: "
                                               "1 in seats[0].hand, 3 in seats[1].hand"),
    ("short", dict(seats__1__hand={"wel": 1}), "seats[1].hand.wel: unknown card 'wel' (did you mean well? valid: "),
    ("short", dict(seats__1__buildings=["indigo_plant", {"card": "well", "good": True}]),
     "seats[1].buildings[1].good: a good lies on well, which is not a production building"),
    ("short", dict(seats__1__buildings=[{"card": "indigo_plant", "good": "hero", "x": 1}]),
     "seats[1].buildings[0].x: unknown field"),
    ("short", dict(discard=-3), "discard: must be an integer in 0..110, got -3"),
    ("short", dict(discard=0, seats__0__known_discards={"hero": 1}),
     "discard: 0 cards, fewer than the 1 the seats know are there"),
    ("short", dict(discard=107), "discard: 107 cards to deal, but only 106 of the 110"),
    ("short", dict(discard=DELETE, seats__1__known_discards={"well": 3}),
     "seats[1].known_discards: knows 3 well in the discard pile, but 1 of the 3 are elsewhere: 1 in seats[0].hand"),
    ("short", dict(discard=DELETE, public_discards={"hero": 1}, seats__0__known_discards={"crane": 3}),
     "seats[0].known_discards: knows 3 crane in the discard pile, but 1 of the 3 are elsewhere: 1 in seats[0].hand"),
    ("full", dict(discard=1, supply=lambda supply: supply[2:]),
     "discard: 1 cards, but 2 cards are neither in the supply nor elsewhere (leave out discard"),
    ("full", dict(supply=DELETE, discard={"hero": 1}, seats__0__known_discards={"hero": 2}),
     "seats[0].known_discards: knows 2 hero in a discard pile holding 1"),
    ("full", dict(discard={"hero": 1}), "discard: 4 hero cards in the position, the deck has 3: 3 in supply, 1 in discard"),
    ("full", dict(supply=lambda supply: [c for c in supply if c != "hero"] + ["hero"] * 2),
     "supply: 2 hero cards in the position, the deck has 3: 2 in supply; 1 card is missing in all"),
    ("full", dict(supply=lambda supply: [c for c in supply if c != "palace"]),
     "supply: 0 palace cards in the position, the deck has 2: none named; 2 cards are missing in all"),
    ("short", dict(tiles=["T2", "T2"]), "tiles: lists T2 twice"),
    ("short", dict(tiles=["T6"]), "tiles[0]: unknown tile 'T6' (valid: T1, T2, T3, T4, T5)"),
    ("short", dict(tiles=["T2"], tiles_seen=3), "tiles: lists 1 tiles but tiles_seen is 3: list every revealed tile"),
    ("short", dict(tiles=["T2", "T1", "T3", "T5", "T4"]),
     "tile_next: missing field: with all 5 tiles revealed it does not follow from the rest"),
    ("short", dict(tiles=["T2", "T1"], tile_next=1), "tile_next: 1, but with 2 tiles revealed the next tile is at position 2"),
    ("short", dict(tiles=["T2", "T1"], tile="T2"), "tile: T2, but the face-up tile is the last one revealed: T1 (tiles[1])"),
    ("short", dict(phase="rol"), "phase: unknown phase 'rol' (did you mean role? valid: role, build,"),
    ("short", dict(governor=DELETE), "governor: missing field"),
    ("short", dict(governor=2), "governor: must be an integer in 0..1, got 2"),
    ("short", dict(actor=5), "actor: must be an integer in 0..1, got 5"),
    ("short", dict(acted=-1), "acted: must be an integer in 0..2, got -1"),
    ("short", dict(picks=3), "picks: must be an integer in 0..2, got 3"),
    ("short", dict(roles_taken="builder"), "roles_taken: must be a list, got a string"),
    ("short", dict(turn=[]), "turn: must be an object, got a list"),
    ("short", dict(library_used="yes"), "library_used: must be true or false, got 'yes'"),
    ("full", dict(library_used=True), "library_used: true before any role was chosen this round"),
    ("full3", dict(library_used=True, picks=1, roles_taken=["trader"], chooser=1, actor=1),
     "library_used: true, but only the 2-player governor saves his library"),
    ("producing", dict(role_library=True), "role_library: true, but the producer chosen by seat 0 is not doubled"),
    ("producing", dict(tile_next=1), "tile_next: 1, but with 0 tiles revealed the next tile is at position 0"),
    ("producing", dict(pending_owner=1), "pending_owner: 1, but no card is pending"),
    ("producing", dict(pending_public=True), "pending_public: true, but no card is pending"),
    ("full", dict(turn__limit=2), "turn.limit: 2, but phase role has no limit"),
    ("full", dict(turn__count=1), "turn.count: 1, but phase role counts no goods"),
    ("paying_short", dict(turn__limit=DELETE), "turn.limit: missing field: in the pay step the cost still to pay does not follow"),
    ("council_short", dict(turn__limit=DELETE), "turn.limit: missing field: in the council_discard step the cards still to discard"),
]


def _council_short():
    s = make(2, hands={0: ["well", "crane"]}, buildings={0: ["indigo_plant", "archive"]})
    s.apply_action("councillor")
    d = s.to_dict()
    assert d["phase"] == "council_discard"
    return shorten(d, 1)


BASES = {
    "short": lambda: _short(),
    "full": lambda: _position(),
    "full3": lambda: _position(players=3),
    "producing": _producing,
    "paying_short": lambda: shorten(_paying(), 1),
    "council_short": _council_short,
}


@pytest.mark.parametrize("base,edit,message", REFUSALS, ids=[m[:40] for _, _, m in REFUSALS])
def test_refusals_name_their_field(base, edit, message):
    d = _edit(BASES[base](), **edit)
    assert f"sanjuan: {message}" in refused(d)


def test_short_bases_of_the_refusal_table_load():
    """Each position the refusals edit is valid before the edit (so the refusal is the edit's)."""
    for base in BASES.values():
        load(base())
