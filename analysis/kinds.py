"""Which tile or card kind a move takes, read from the public notation of each game.

One table per game (``TAKES``) lists the moves that take something: a regular expression over
``action_to_string`` and a function of the position (``json.loads(state.to_json())``) and the
match that names the kinds taken. A take that continues with a choice of the same player (Castles
of Burgundy: ``die1:take3`` and then ``slot2``) is marked ``FOLLOW``; :func:`take_ways` then reads
the kinds at that next decision. ``KINDS`` gives each kind's group, label, the results column that
counts it (for the associational estimate beside the causal one) and ``STAGE`` the part of the game
a position is in.

Tiletum's person tiles are named by number only in the public position (their kinds live in the
engine's data tables), so its persons count as one kind.
"""
from __future__ import annotations

import json
import re

from engine_c.errors import BoardlabError
from engine_c.seasons.data import BUILDING_IDS

FOLLOW = "follow"          # the move starts a take whose tile is chosen at the next decision

SEASONS_BUILDINGS = tuple(BUILDING_IDS)     # A Castle for All Seasons' buildings; its other kinds are cards
_ANIMALS = re.compile(r"(cow|sheep|pig|chicken)\d")
_BURGUNDY_BUILDINGS = ("warehouse", "watchtower", "carpenter", "church", "market", "boardinghouse",
                       "bank", "cityhall")


def _burgundy_tile(name):
    """The kind of a Burgundy tile name (``k7``, ``ship``, ``cow2``, ``bank``)."""
    if name is None:
        return None
    return "animals" if _ANIMALS.fullmatch(name) else name


def _depot(d, depot, space):
    return _burgundy_tile(d["depots"][depot - 1][space - 1])


def _pending_slot(d, m):
    """The tile in space ``m[1]`` of the depot a pending ``slot`` decision is about."""
    depots = [p[1] for p in d["turn"]["pending"] if p and p[0] == "slot"]
    return {_burgundy_tile(d["depots"][depots[-1]][int(m[1]) - 1])} if depots else set()


# (pattern over action_to_string, kinds taken given (position dict, match))
TAKES = {
    "burgundy": (
        (r"(?:die1|die2|castle):take\d", lambda d, m: FOLLOW),
        (r"slot(\d)", _pending_slot),
        (r"buy:black(\d)", lambda d, m: {_burgundy_tile(d["black_depot"][int(m[1]) - 1]),
                                         "black-depot buy"}),
        (r"buy:d(\d)s(\d)", lambda d, m: {_depot(d, int(m[1]), int(m[2]))}),
        (r"pick:d(\d)s(\d)", lambda d, m: {_depot(d, int(m[1]), int(m[2]))}),
    ),
    "sanjuan": ((r"build (\w+)", lambda d, m: {m[1]}),),
    "seasons": ((r"pick (\w+)", lambda d, m: {m[1]}),      # a character card chosen for the round
                (r"build (\w+)", lambda d, m: {m[1]})),    # a building built
    "tiletum": (
        (r"person \d", lambda d, m: {"person"}),
        (r"contract \d", lambda d, m: {"contract"}),
        (r"bonus", lambda d, m: {"wheel bonus tile"}),
        (r"mapbonus \d", lambda d, m: {"map bonus tile"}),
        (r"kingbonus", lambda d, m: {"king bonus tile"}),
    ),
}

# Results column counting each kind (None: not counted there); group of each kind.
_KNOWLEDGE = {f"k{i}": f"f_knowledge_{i:02d}" for i in range(1, 27)}
FEATURE = {
    "burgundy": {**_KNOWLEDGE, **{b: f"f_building_{b}" for b in _BURGUNDY_BUILDINGS},
                 "animals": "f_animals", "ship": "f_placed_ship", "mine": "f_placed_mine",
                 "castle": "f_placed_castle", "black-depot buy": "f_black_purchases"},
    "tiletum": {"person": "f_persons", "contract": "f_contracts"},
}


def feature_of(game: str, kind: str):
    """The results column that counts ``kind`` in ``game`` (``f_built_palace``), or None."""
    if game == "sanjuan":
        return f"f_built_{kind}"
    if game == "seasons":
        return f"f_built_{kind}" if kind in SEASONS_BUILDINGS else f"f_played_{kind}"
    return FEATURE.get(game, {}).get(kind)


def kind_group(game: str, kind: str) -> str:
    """The group of a kind: knowledge, building, animals, ship, mine, castle, black (burgundy);
    building (sanjuan); card or building (seasons); tile (tiletum)."""
    if game == "burgundy":
        if re.fullmatch(r"k\d+", kind):
            return "knowledge"
        if kind in _BURGUNDY_BUILDINGS:
            return "building"
        return "black" if kind == "black-depot buy" else kind
    if game == "seasons":
        return "building" if kind in SEASONS_BUILDINGS else "card"
    return {"sanjuan": "building"}.get(game, "tile")


def kind_label(game: str, kind: str) -> str:
    """Readable name of a kind (``knowledge tile 7``, ``triumphal arch``)."""
    if game == "burgundy" and re.fullmatch(r"k\d+", kind):
        return f"knowledge tile {kind[1:]}"
    return kind.replace("_", " ")


def kind_order(game: str, kind: str):
    """Sort key: knowledge tiles by number, then by group and name."""
    group = kind_group(game, kind)
    number = int(kind[1:]) if group == "knowledge" else 0
    return (group != "knowledge", group, number, kind)


def stage(game: str, d: dict) -> str:
    """The part of the game a position (dict) is in: Burgundy's phase, Tiletum's round, rounds in
    blocks of four for San Juan and Seasons."""
    if game == "burgundy":
        return f"phase {d['phase']}"
    if game == "tiletum":
        return f"round {d['round']}"
    r = d.get("rounds" if game == "sanjuan" else "round")
    if not isinstance(r, int):
        return "?"
    block = (r - 1) // 4
    return f"rounds {4 * block + 1}-{4 * block + 4}"


def _kinds(game, d, text):
    for pattern, taken in TAKES[game]:
        m = re.fullmatch(pattern, text)
        if m:
            got = taken(d, m)
            return got if got == FOLLOW else {k for k in got if k}
    return set()


def take_ways(state, game: str | None = None) -> dict[str, list[tuple[int, ...]]]:
    """Every kind the player to act can take now, with the ways to take it: tuples of one move,
    or of two (a take and the choice that completes it, by the same player), in legal order."""
    game = game or state.game_name
    if game not in TAKES:
        raise BoardlabError(f"no table of tile or card kinds for game {game!r} "
                            f"(known: {', '.join(sorted(TAKES))})")
    ways: dict[str, list[tuple[int, ...]]] = {}
    if state.is_terminal():
        return ways
    d = json.loads(state.to_json())
    player = state.current_player()
    for a in state.legal_actions():
        got = _kinds(game, d, state.action_to_string(a))
        if got == FOLLOW:
            nxt = state.clone()
            nxt.apply_action(a)
            if nxt.is_terminal() or nxt.current_player() != player:
                continue
            nd = json.loads(nxt.to_json())
            for b in nxt.legal_actions():
                second = _kinds(game, nd, nxt.action_to_string(b))
                for kind in (() if second == FOLLOW else second):
                    ways.setdefault(kind, []).append((a, b))
            continue
        for kind in got:
            ways.setdefault(kind, []).append((a,))
    return ways


def known_kinds(game: str) -> list[str]:
    """Every kind a game's table can name: Burgundy's and Tiletum's from the table, San Juan's
    buildings and A Castle for All Seasons' cards and buildings from the game data."""
    if game == "burgundy":
        return sorted(FEATURE["burgundy"], key=lambda k: kind_order(game, k))
    if game == "tiletum":
        return ["person", "contract", "wheel bonus tile", "map bonus tile", "king bonus tile"]
    if game == "sanjuan":
        from engine_c.sanjuan.data import CARD_IDS
        return list(CARD_IDS)
    if game == "seasons":
        from engine_c.seasons.data import CARDS
        return list(CARDS) + list(SEASONS_BUILDINGS)
    return []


def kind_groups(game: str) -> set[str]:
    """The group names ``--kinds`` takes for a game besides its kinds."""
    return {kind_group(game, kind) for kind in known_kinds(game)}