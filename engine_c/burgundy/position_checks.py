"""The Castles of Burgundy JSON position format: parsing and validation.

``parse(text)`` returns the position as plain data after checking that it is well-formed and
possible (field names, types and ranges, tile colours, tile and goods conservation, connected
estates, the round's goods, a finished game that can be finished); any problem raises
``InvalidPositionError`` with one line naming the field, e.g.
``burgundy: seats[1].estate["20"]: unknown tile 'shipp' (...)``.  Every value the reader
(``BurgundyState._from_dict``) copies into C memory is checked here first: types, ranges and
list lengths.  The pending sub-decisions are checked against the loaded state by
``BurgundyState._check_pending``.  The format is documented in docs/burgundy.md.
"""
from collections import Counter

from engine_c.burgundy import data as D
from engine_c.game import parse_position
from engine_c.validate import Fields, at, shown

F = Fields("burgundy")

TILE_NAMES = D.tile_names()
TILE_CODE = {name: code for code, name in enumerate(TILE_NAMES) if name}
TILE_KINDS = ("castle, mine, ship, cow2..cow4, sheep2..sheep4, pig2..pig4, chicken2..chicken4, "
              + ", ".join(D.BUILDINGS) + ", k1..k26")
TASK_NAMES = ("main", "free", "hall", "slot", "space", "discard", "ship", "goods", "warehouse", "pick", "start")
# largest allowed (a, b) argument of each pending sub-decision kind; the others take (0, 0)
PENDING_ARGS = {"slot": (5, 0), "space": (2, 3), "ship": (1, 5), "goods": (5, 0), "pick": (63, 0)}
MAX_PENDING = 16                 # STACK in types.pxd
TOP_KEYS = ("game", "players", "scenario", "tiebreak", "phase", "round", "over", "rng", "setup_player",
            "turn", "depots", "black_depot", "depot_goods", "round_goods", "goods_pool",
            "supply_coloured", "supply_black", "out_of_game", "bonus_taken", "seats")
TURN_KEYS = ("order", "index", "white_die", "bought", "pending", "pending_tile")
SEAT_KEYS = ("board", "start_castle", "estate", "storage", "goods", "sold", "silverlings", "workers", "vp",
             "dice", "dice_used", "track", "bonus_large", "bonus_small", "black_purchases", "worker_actions")
SPACE_KEYS = {str(j): j for j in range(1, 38)}          # estate keys exactly as to_json writes them
GOODS_TOTAL = 6 * D.GOODS_PER_TYPE
# silverlings, workers, VP and the counters are int16 in C: this bound leaves room for a whole game more
COUNTER_MAX = 10000


def code(name, path="tile"):
    """Tile code of a tile name (None -> 0); a one-line error naming ``path`` otherwise."""
    if name is None:
        return 0
    if isinstance(name, str) and name in TILE_CODE:
        return TILE_CODE[name]
    F.fail(path, f"unknown tile {shown(name)} (tiles: {TILE_KINDS})")


def slot_colour(depot, slot, phase, players):
    """Colour letter of numbered depot ``depot`` (1..6) space ``slot`` (1..4) in phase 0..4."""
    swap = D.THREE_PLAYER_MINE_SWAP
    if players == 3 and depot == swap["depot"] and slot == swap["space"] and phase + 1 in swap["phases"]:
        return "M"
    return D.DEPOTS[depot - 1][slot - 1][0]


def parse(text):
    """Validated position data from JSON text."""
    return check(parse_position(text, "burgundy"))


def check(data):
    """``data`` (JSON already parsed) once it is a well-formed and possible position."""
    if not isinstance(data, dict):
        F.fail("", f"a position must be a JSON object, got {shown(data)}")
    F.object(data, "", TOP_KEYS)
    F.choice(data["game"], "game", ("burgundy",))
    n = F.int(data["players"], "players", 2, 4)
    F.choice(data["scenario"], "scenario", ("basic", "advanced", "random", "free"))
    F.choice(data["tiebreak"], "tiebreak", ("fewest", "most"))
    phase = F.index(data["phase"], "phase", ("A", "B", "C", "D", "E"))
    rnd = F.int(data["round"], "round", 1, 5)
    over = F.bool(data["over"], "over")
    F.int(data["rng"], "rng", 0, 2**64 - 1)
    seats = data["seats"]
    F.list(seats, "seats")
    if len(seats) != n:
        F.fail("seats", f"must list one seat per player ({n}, players), got {len(seats)} entries")
    setup = F.optional_int(data["setup_player"], "setup_player", 0, n - 1)
    if over and setup is not None:
        F.fail("setup_player", "a finished game cannot be in setup")

    pend_tile = _turn(data["turn"], n, setup)
    turn = data["turn"]
    depots, black, dgoods, rgoods, pool = _board(data, n, phase)
    supplies = _supplies(data)
    bonus = F.object(data["bonus_taken"], "bonus_taken", D.COLOUR_NAMES)
    for name in D.COLOUR_NAMES:
        F.int(bonus[name], at("bonus_taken", name), 0, 2)

    tiles = Counter()
    goods = Counter()
    for p, seat in enumerate(seats):
        _seat(seat, f"seats[{p}]", p, setup, tiles, goods)
    _bonus_tiles(seats, bonus)
    _track(seats, n)
    _stage(data, turn, seats, n, phase, rnd, over, setup, rgoods)

    # ---- conservation: every hex tile and goods tile is somewhere, exactly once
    for depot in depots:
        for cd in depot:
            tiles[cd] += 1
    for cd in black:
        tiles[cd] += 1
    tiles[pend_tile] += 1
    tiles[1] += sum(1 for s in seats if s["start_castle"] is None)   # starting castles in hand
    for table in supplies.values():
        for cd, c in table.items():
            tiles[cd] += c
    inv = D.inventory()
    for cd in range(1, len(TILE_NAMES)):
        if tiles[cd] != sum(inv[cd]):
            F.fail("", f"tile count of {TILE_NAMES[cd]!r} is {tiles[cd]}, expected {sum(inv[cd])} "
                       f"(supplies, depots, storages, estates and out of the game)")
    for d in range(6):
        for t in range(6):
            goods[t + 1] += dgoods[d][t]
    for g in rgoods:
        if g is not None:
            goods[g] += 1
    for t in range(1, 7):
        goods[t] += pool[t - 1]
        if goods[t] != D.GOODS_PER_TYPE:
            F.fail("", f"goods count of type {t} is {goods[t]}, expected {D.GOODS_PER_TYPE} "
                       f"(pool, round spaces, depots, storages and sold)")
    return data


def _turn(turn, n, setup):
    """The ``turn`` object: order, index, white die, pending sub-decisions (structure only)."""
    F.object(turn, "turn", TURN_KEYS)
    order = F.ints(turn["order"], "turn.order", 0, n - 1, length=n)
    if setup is None:
        F.permutation(order, "turn.order", n)
    F.int(turn["index"], "turn.index", 0, n - 1)
    F.int(turn["white_die"], "turn.white_die", 0 if setup is not None else 1, 6)
    F.bool(turn["bought"], "turn.bought")
    pending = F.list(turn["pending"], "turn.pending", max_length=MAX_PENDING)
    for i, item in enumerate(pending):
        where = f"turn.pending[{i}]"
        F.list(item, where, length=3)
        kind = F.choice(item[0], f"{where}[0]", TASK_NAMES)
        if kind in ("main", "start"):
            F.fail(where, f"{kind!r} cannot be a pending sub-decision (it is the turn's main decision / setup)")
        a_hi, b_hi = PENDING_ARGS.get(kind, (0, 0))
        F.int(item[1], f"{where}[1]", 0, a_hi)
        F.int(item[2], f"{where}[2]", 0, b_hi)
    if setup is not None and pending:
        F.fail("turn.pending", "no sub-decision can be pending while the starting castles are placed")
    pend = code(turn["pending_tile"], "turn.pending_tile")
    discards = [i for i, item in enumerate(pending) if item[0] == "discard"]
    if pend and not discards:
        F.fail("turn.pending_tile", "set but no 'discard' sub-decision is pending")
    if discards and not pend:
        F.fail(f"turn.pending[{discards[0]}]", "a 'discard' is pending but turn.pending_tile is null")
    return pend


def _board(data, n, phase):
    """Depots, black depot, goods on depots, round goods, goods pool."""
    inv = D.inventory()
    depots = []
    for d, depot in enumerate(F.list(data["depots"], "depots", length=6)):
        F.list(depot, f"depots[{d}]", length=4)
        codes = []
        for k, name in enumerate(depot):
            where = f"depots[{d}][{k}]"
            cd = code(name, where)
            if cd:
                if D.DEPOTS[d][k][1] > n:
                    F.fail(where, f"depot {d + 1} space {k + 1} is not used with {n} players but holds {name!r}")
                want = slot_colour(d + 1, k + 1, phase, n)
                if D.COLOURS[D.tile_colour(cd)] != want:
                    F.fail(where, f"tile {name!r} on depot {d + 1} space {k + 1} of colour "
                                  f"{D.COLOUR_NAMES[D.COLOURS.index(want)]}")
                if inv[cd][0] == 0:
                    F.fail(where, f"{name!r} has no coloured-back tile: it cannot be on a numbered depot")
            codes.append(cd)
        depots.append(codes)
    black = []
    for k, name in enumerate(F.list(data["black_depot"], "black_depot", length=D.BLACK_DEPOT_SPACES)):
        where = f"black_depot[{k}]"
        cd = code(name, where)
        if cd:
            if k >= D.BLACK_DEPOT_TILES[n]:
                F.fail(where, f"black depot space {k + 1} is not used with {n} players")
            if inv[cd][1] == 0:
                F.fail(where, f"{name!r} has no black-back tile: it cannot be on the black depot")
        black.append(cd)
    dgoods = F.list(data["depot_goods"], "depot_goods", length=6)
    for d in range(6):
        F.ints(dgoods[d], f"depot_goods[{d}]", 0, D.GOODS_PER_TYPE, length=6)
    rgoods = F.list(data["round_goods"], "round_goods", length=D.GOODS_PER_PHASE)
    for k, g in enumerate(rgoods):
        F.optional_int(g, f"round_goods[{k}]", 1, 6)
    pool = F.ints(data["goods_pool"], "goods_pool", 0, D.GOODS_PER_TYPE, length=6)
    return depots, black, dgoods, rgoods, pool


def _supplies(data):
    """supply_coloured, supply_black, out_of_game: tile name -> count; returned by code."""
    inv = D.inventory()
    out = {}
    for key, back in (("supply_coloured", 0), ("supply_black", 1), ("out_of_game", None)):
        table = F.object(data[key], key)
        counts = {}
        for name, c in table.items():
            where = at(key, name)
            cd = code(name, where)
            if cd == 0:
                F.fail(where, "unknown tile null")
            hi = sum(inv[cd]) if back is None else inv[cd][back]
            F.int(c, where, 0, hi)
            counts[cd] = c
        out[key] = counts
    return out


def _seat(seat, where, p, setup, tiles, goods):
    """One seat: board, castle, estate (colours, connectivity), storage, goods, counters."""
    F.object(seat, where, SEAT_KEYS)
    board = F.int(seat["board"], f"{where}.board", 1, 9)
    layout = D.BOARDS[board]
    castle = F.optional_int(seat["start_castle"], f"{where}.start_castle", 1, 37)
    if castle is None:
        if setup is None or p < setup:
            F.fail(f"{where}.start_castle", "the starting castle must be placed")
    else:
        if castle not in D.START_CASTLE_SPACES[board]:
            F.fail(f"{where}.start_castle", f"space {castle} is not a dark-green space of board {board} "
                                            f"(those are {', '.join(map(str, D.START_CASTLE_SPACES[board]))})")
        if setup is not None and p >= setup:
            F.fail(f"{where}.start_castle", f"placed but setup_player is {setup} (seats from {setup} on "
                                            f"have not chosen yet)")
    estate = F.object(seat["estate"], f"{where}.estate")
    filled = set()
    for key, name in estate.items():
        path = at(f"{where}.estate", key)
        if not isinstance(key, str) or key not in SPACE_KEYS:
            F.fail(path, "estate spaces are \"1\"..\"37\"")
        j = SPACE_KEYS[key]
        cd = code(name, path)
        if cd == 0:
            F.fail(path, "an estate space lists a tile (leave empty spaces out)")
        if D.COLOURS[D.tile_colour(cd)] != layout[j - 1]:
            colour = D.COLOUR_NAMES[D.COLOURS.index(layout[j - 1])]
            F.fail(path, f"tile {name!r} on space {j} of colour {colour} (board {board})")
        filled.add(j)
        tiles[cd] += 1
    if castle is not None and estate.get(str(castle)) != "castle":
        F.fail(f"{where}.estate", f"no castle on the starting castle space {castle}")
    if castle is None and estate:
        F.fail(f"{where}.estate", "estate tiles before the starting castle is placed")
    if castle is not None and not _connected(filled, castle):
        F.fail(f"{where}.estate", "estate tiles not connected to the starting castle")
    for k, name in enumerate(F.list(seat["storage"], f"{where}.storage", length=D.STORAGE_SPACES)):
        tiles[code(name, f"{where}.storage[{k}]")] += 1
    seen = set()
    for k, slot in enumerate(F.list(seat["goods"], f"{where}.goods", length=D.GOODS_STORAGE_SLOTS)):
        if slot is None:
            continue
        path = f"{where}.goods[{k}]"
        F.list(slot, path, length=2)
        t = F.int(slot[0], f"{path}[0]", 1, 6)
        F.int(slot[1], f"{path}[1]", 1, D.GOODS_PER_TYPE)
        if t in seen:
            F.fail(path, f"goods type {t} stored in two slots")
        seen.add(t)
        goods[t] += slot[1]
    for t, c in enumerate(F.ints(seat["sold"], f"{where}.sold", 0, D.GOODS_PER_TYPE, length=6), 1):
        goods[t] += c
    for key in ("silverlings", "workers", "vp", "black_purchases", "worker_actions"):
        F.int(seat[key], f"{where}.{key}", 0, COUNTER_MAX)
    F.ints(seat["dice"], f"{where}.dice", 0 if setup is not None else 1, 6, length=2)
    for k, v in enumerate(F.list(seat["dice_used"], f"{where}.dice_used", length=2)):
        F.bool(v, f"{where}.dice_used[{k}]")
    track = F.list(seat["track"], f"{where}.track", length=2)
    F.int(track[0], f"{where}.track[0]", 0, D.TRACK_SPACES - 1)
    F.int(track[1], f"{where}.track[1]", 0, 3)
    F.int(seat["bonus_large"], f"{where}.bonus_large", 0, 6)
    F.int(seat["bonus_small"], f"{where}.bonus_small", 0, 6)


def _bonus_tiles(seats, bonus):
    if sum(s["bonus_large"] for s in seats) != sum(1 for v in bonus.values() if v >= 1):
        F.fail("bonus_taken", "large bonus tiles held (seats[*].bonus_large) do not match bonus_taken")
    if sum(s["bonus_small"] for s in seats) != sum(1 for v in bonus.values() if v == 2):
        F.fail("bonus_taken", "small bonus tiles held (seats[*].bonus_small) do not match bonus_taken")


def _track(seats, n):
    positions = [tuple(s["track"]) for s in seats]
    for p in range(n):
        if positions[p] in positions[:p]:
            F.fail(f"seats[{p}].track", f"space and height {list(positions[p])} taken by "
                                        f"seat {positions.index(positions[p])} too")


def _stage(data, turn, seats, n, phase, rnd, over, setup, rgoods):
    """Where the game stands must be possible: setup, a round in progress, or a finished game."""
    placed = [g is None for g in rgoods]
    if setup is not None:
        if phase != 0 or rnd != 1:
            F.fail("setup_player", "the starting castles are placed before round 1 of phase A")
        if any(placed):
            F.fail(f"round_goods[{placed.index(True)}]", "all five goods of phase A are on the round "
                                                          "spaces until round 1 begins")
        for p, seat in enumerate(seats):
            if seat["dice"] != [0, 0] or seat["dice_used"] != [False, False]:
                F.fail(f"seats[{p}].dice", "no dice are rolled before round 1 (setup: dice [0, 0], unused)")
        return
    if over:
        if phase != 4:
            F.fail("phase", f"a finished game ends after phase E, got over in phase {data['phase']!r}")
        if rnd not in (1, 5):      # the engine writes round 1 (its round counter wraps after round 5)
            F.fail("round", f"a finished game ends after round 5 of phase E, got round {rnd}")
        if not all(placed):
            F.fail(f"round_goods[{placed.index(False)}]", "a finished game has placed all the round goods")
        if turn["pending"]:
            F.fail("turn.pending", "a finished game has no pending sub-decision")
        for p, seat in enumerate(seats):
            if seat["dice_used"] != [True, True]:
                F.fail(f"seats[{p}].dice_used", "in a finished game every player has used both dice "
                                                "in the last round")
        return
    # a round in progress: the goods of rounds 1..round are on the depots, the later ones still wait
    for k, is_placed in enumerate(placed):
        if is_placed != (k < rnd):
            F.fail(f"round_goods[{k}]", f"in round {rnd} the goods of rounds 1..{rnd} are placed (null) "
                                        f"and those of rounds {rnd + 1}..5 wait (1..6)"
                   if rnd < 5 else f"in round 5 every round's goods are placed (null)")
    order = turn["order"]
    index = turn["index"]
    for i, p in enumerate(order):
        used = seats[p]["dice_used"]
        if i < index and used != [True, True]:
            F.fail(f"seats[{p}].dice_used", f"seat {p} has had its turn this round (turn.order, turn.index): "
                                            f"both dice are used")
        if i > index and used != [False, False]:
            F.fail(f"seats[{p}].dice_used", f"seat {p} has not had its turn this round (turn.order, "
                                            f"turn.index): no die is used yet")


def _connected(filled, start):
    """All filled spaces reachable from ``start`` through filled neighbours."""
    neighbours = _neighbours()
    seen = {start}
    todo = [start]
    while todo:
        j = todo.pop()
        for k in neighbours[j]:
            if k in filled and k not in seen:
                seen.add(k)
                todo.append(k)
    return seen == filled


_NB = None


def _neighbours():
    global _NB
    if _NB is None:
        coords = []
        qstart = {-3: 0, -2: -1, -1: -2, 0: -3, 1: -3, 2: -3, 3: -3}
        for row, length in enumerate(D.ROW_LENGTHS):
            for pos in range(length):
                coords.append((qstart[row - 3] + pos, row - 3))
        index = {xy: k + 1 for k, xy in enumerate(coords)}
        _NB = {}
        for k, (q, r) in enumerate(coords):
            _NB[k + 1] = [index[(q + dq, r + dr)] for dq, dr in
                          ((1, 0), (-1, 0), (0, -1), (0, 1), (1, -1), (-1, 1)) if (q + dq, r + dr) in index]
    return _NB
