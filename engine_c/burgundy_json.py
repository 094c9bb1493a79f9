"""The Castles of Burgundy JSON position format: parsing and validation.

``parse(text)`` returns the position as plain data after checking that it is well-formed and
possible (field names, ranges, tile colours, tile and goods conservation); any problem raises
``InvalidPositionError`` with a one-line message.  The format is documented in docs/burgundy.md.
"""
from collections import Counter

from engine_c import burgundy_data as D
from engine_c.game import parse_position
from engine_c.errors import InvalidPositionError

TILE_NAMES = D.tile_names()
TILE_CODE = {name: code for code, name in enumerate(TILE_NAMES) if name}
TASK_NAMES = ("main", "free", "hall", "slot", "space", "discard", "ship", "goods", "warehouse", "pick", "start")
# largest allowed (a, b) argument of each pending sub-decision kind; the others take (0, 0)
PENDING_ARGS = {"slot": (5, 0), "space": (2, 3), "ship": (1, 5), "goods": (5, 0), "pick": (63, 0)}
TOP_KEYS = ("game", "players", "scenario", "tiebreak", "phase", "round", "over", "rng", "setup_player",
            "turn", "depots", "black_depot", "depot_goods", "round_goods", "goods_pool",
            "supply_coloured", "supply_black", "out_of_game", "bonus_taken", "seats")
TURN_KEYS = ("order", "index", "white_die", "bought", "pending", "pending_tile")
SEAT_KEYS = ("board", "start_castle", "estate", "storage", "goods", "sold", "silverlings", "workers", "vp",
             "dice", "dice_used", "track", "bonus_large", "bonus_small", "black_purchases", "worker_actions")


def fail(message):
    raise InvalidPositionError(f"burgundy: {message}")


def code(name):
    """Tile code of a tile name (None -> 0)."""
    if name is None:
        return 0
    if name not in TILE_CODE:
        fail(f"unknown tile {name!r}")
    return TILE_CODE[name]


def _keys(obj, keys, where):
    if not isinstance(obj, dict):
        fail(f"{where} must be an object")
    for k in obj:
        if k not in keys:
            fail(f"unknown field {k!r} in {where}")
    for k in keys:
        if k not in obj:
            fail(f"missing field {k!r} in {where}")


def _int(value, lo, hi, where):
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        fail(f"{where} must be an integer {lo}..{hi}, got {value!r}")
    return value


def _bool(value, where):
    if not isinstance(value, bool):
        fail(f"{where} must be true or false, got {value!r}")
    return value


def _list(value, length, where):
    if not isinstance(value, list) or len(value) != length:
        fail(f"{where} must be a list of {length} entries")
    return value


def slot_colour(depot, slot, phase, players):
    """Colour letter of numbered depot ``depot`` (1..6) space ``slot`` (1..4) in phase 0..4."""
    swap = D.THREE_PLAYER_MINE_SWAP
    if players == 3 and depot == swap["depot"] and slot == swap["space"] and phase + 1 in swap["phases"]:
        return "M"
    return D.DEPOTS[depot - 1][slot - 1][0]


def parse(text):
    """Validated position data from JSON text (or an already-loaded dict)."""
    data = parse_position(text, "burgundy")
    _keys(data, TOP_KEYS, "the position")
    if data["game"] != "burgundy":
        fail(f"game must be 'burgundy', got {data['game']!r}")
    n = _int(data["players"], 2, 4, "player count")
    if data["scenario"] not in ("basic", "advanced", "random", "free"):
        fail(f"unknown scenario {data['scenario']!r}")
    if data["tiebreak"] not in ("fewest", "most"):
        fail(f"tiebreak must be 'fewest' or 'most', got {data['tiebreak']!r}")
    if data["phase"] not in ("A", "B", "C", "D", "E"):
        fail(f"phase must be A..E, got {data['phase']!r}")
    phase = "ABCDE".index(data["phase"])
    _int(data["round"], 1, 5, "round")
    over = _bool(data["over"], "over")
    _int(data["rng"], 0, 2**64 - 1, "rng")
    seats = data["seats"]
    if not isinstance(seats, list) or len(seats) != n:
        fail(f"seats must list {n} players (player count {n}), got {len(seats) if isinstance(seats, list) else seats!r}")
    setup = data["setup_player"]
    if setup is not None:
        _int(setup, 0, n - 1, "setup_player")

    # ---- turn
    turn = data["turn"]
    _keys(turn, TURN_KEYS, "turn")
    order = _list(turn["order"], n, "turn order")
    if setup is None and sorted(order) != list(range(n)):
        fail(f"turn order must be a permutation of the seats, got {order!r}")
    _int(turn["index"], 0, n - 1, "turn index")
    _int(turn["white_die"], 0, 6, "white die")
    _bool(turn["bought"], "bought")
    pending = turn["pending"]
    if not isinstance(pending, list) or len(pending) > 16:
        fail("pending must be a list of at most 16 sub-decisions")
    for item in pending:
        if not isinstance(item, list) or len(item) != 3 or item[0] not in TASK_NAMES:
            fail(f"bad pending sub-decision {item!r}")
        kind = item[0]
        a_hi, b_hi = PENDING_ARGS.get(kind, (0, 0))
        if kind in ("main", "start"):
            fail(f"{kind!r} cannot be a pending sub-decision")
        _int(item[1], 0, a_hi, f"first argument of pending {kind!r}")
        _int(item[2], 0, b_hi, f"second argument of pending {kind!r}")
    pend_tile = code(turn["pending_tile"])
    if (pend_tile != 0) != bool(pending and pending[-1][0] == "discard"):
        fail("pending_tile must be set exactly when a discard is pending")

    # ---- main board
    depots = _list(data["depots"], 6, "depots")
    for d in range(6):
        _list(depots[d], 4, f"depot {d + 1}")
        for k in range(4):
            name = depots[d][k]
            if name is None:
                continue
            if D.DEPOTS[d][k][1] > n:
                fail(f"depot {d + 1} space {k + 1} is not used with {n} players but holds {name!r}")
            want = slot_colour(d + 1, k + 1, phase, n)
            got = D.COLOURS[D.tile_colour(code(name))]
            if got != want:
                fail(f"tile {name!r} on depot {d + 1} space {k + 1} of colour "
                     f"{D.COLOUR_NAMES[D.COLOURS.index(want)]}")
    black = _list(data["black_depot"], 8, "black_depot")
    for k, name in enumerate(black):
        code(name)
        if name is not None and k >= D.BLACK_DEPOT_TILES[n]:
            fail(f"black depot space {k + 1} is not used with {n} players")
    dgoods = _list(data["depot_goods"], 6, "depot_goods")
    for d in range(6):
        for c in _list(dgoods[d], 6, f"depot_goods of depot {d + 1}"):
            _int(c, 0, 42, "depot goods count")
    rgoods = _list(data["round_goods"], 5, "round_goods")
    for g in rgoods:
        if g is not None:
            _int(g, 1, 6, "round goods type")
    for c in _list(data["goods_pool"], 6, "goods_pool"):
        _int(c, 0, 42, "goods_pool count")
    inv = D.inventory()
    supplies = {}
    for key, limit in (("supply_coloured", 0), ("supply_black", 1), ("out_of_game", None)):
        table = data[key]
        if not isinstance(table, dict):
            fail(f"{key} must be an object of tile counts")
        for name, c in table.items():
            cd = code(name)
            hi = sum(inv[cd]) if limit is None else inv[cd][limit]
            _int(c, 0, hi, f"{key} count of {name!r}")
        supplies[key] = table
    bonus = data["bonus_taken"]
    _keys(bonus, D.COLOUR_NAMES, "bonus_taken")
    for name in D.COLOUR_NAMES:
        _int(bonus[name], 0, 2, f"bonus_taken of {name}")

    # ---- seats
    tiles = Counter()
    goods = Counter()
    for p, seat in enumerate(seats):
        where = f"seat {p}"
        _keys(seat, SEAT_KEYS, where)
        board = seat["board"]
        if board not in D.BOARDS:
            fail(f"{where}: board must be 1..9, got {board!r}")
        layout = D.BOARDS[board]
        castle = seat["start_castle"]
        if castle is None:
            if setup is None or p < setup:
                fail(f"{where}: the starting castle must be placed")
        else:
            if castle not in D.START_CASTLE_SPACES[board]:
                fail(f"{where}: starting castle on space {castle!r}, not a dark-green space of board {board}")
            if setup is not None and p >= setup:
                fail(f"{where}: starting castle placed but setup_player is {setup}")
        estate = seat["estate"]
        if not isinstance(estate, dict):
            fail(f"{where}: estate must be an object space -> tile")
        filled = set()
        for key, name in estate.items():
            if not (isinstance(key, str) and key.isdigit() and 1 <= int(key) <= 37):
                fail(f"{where}: estate space {key!r} is not 1..37")
            j = int(key)
            cd = code(name)
            if D.COLOURS[D.tile_colour(cd)] != layout[j - 1]:
                colour = D.COLOUR_NAMES[D.COLOURS.index(layout[j - 1])]
                fail(f"{where}: tile {name!r} on space {j} of colour {colour}")
            filled.add(j)
            tiles[cd] += 1
        if castle is not None and estate.get(str(castle)) != "castle":
            fail(f"{where}: no castle on the starting castle space {castle}")
        if castle is None and estate:
            fail(f"{where}: estate tiles before the starting castle is placed")
        if castle is not None and not _connected(filled, castle):
            fail(f"{where}: estate tiles not connected to the starting castle")
        for name in _list(seat["storage"], 3, f"{where} storage"):
            if name is not None:
                tiles[code(name)] += 1
        seen = set()
        for slot in _list(seat["goods"], 3, f"{where} goods"):
            if slot is None:
                continue
            if not isinstance(slot, list) or len(slot) != 2:
                fail(f"{where}: goods slot must be [type, count] or null")
            t = _int(slot[0], 1, 6, f"{where} goods type")
            _int(slot[1], 1, 42, f"{where} goods count")
            if t in seen:
                fail(f"{where}: goods type {t} stored in two slots")
            seen.add(t)
            goods[t] += slot[1]
        for t, c in enumerate(_list(seat["sold"], 6, f"{where} sold"), 1):
            goods[t] += _int(c, 0, 42, f"{where} sold count")
        for key in ("silverlings", "workers", "black_purchases", "worker_actions"):
            _int(seat[key], 0, 32000, f"{where} {key}")
        _int(seat["vp"], 0, 32000, f"{where} vp")
        for v in _list(seat["dice"], 2, f"{where} dice"):
            _int(v, 0 if setup is not None else 1, 6, f"{where} die")
        for v in _list(seat["dice_used"], 2, f"{where} dice_used"):
            _bool(v, f"{where} dice_used")
        track = _list(seat["track"], 2, f"{where} track")
        _int(track[0], 0, D.TRACK_SPACES - 1, f"{where} track space")
        _int(track[1], 0, 3, f"{where} track height")
        _int(seat["bonus_large"], 0, 6, f"{where} bonus_large")
        _int(seat["bonus_small"], 0, 6, f"{where} bonus_small")
    if sum(s["bonus_large"] for s in seats) != sum(1 for v in bonus.values() if v >= 1):
        fail("large bonus tiles held do not match bonus_taken")
    if sum(s["bonus_small"] for s in seats) != sum(1 for v in bonus.values() if v == 2):
        fail("small bonus tiles held do not match bonus_taken")
    positions = [tuple(s["track"]) for s in seats]
    if len(set(positions)) != n:
        fail("two players share a turn-order track space and height")

    # ---- conservation
    for d in range(6):
        for name in depots[d]:
            tiles[code(name)] += 1
        for t in range(6):
            goods[t + 1] += dgoods[d][t]
    for name in black:
        tiles[code(name)] += 1
    tiles[pend_tile] += 1
    tiles[1] += sum(1 for s in seats if s["start_castle"] is None)   # starting castles in hand
    for key, table in supplies.items():
        for name, c in table.items():
            tiles[code(name)] += c
    for cd in range(1, len(TILE_NAMES)):
        if tiles[cd] != sum(inv[cd]):
            fail(f"tile count of {TILE_NAMES[cd]!r} is {tiles[cd]}, expected {sum(inv[cd])}")
    for g in rgoods:
        if g is not None:
            goods[g] += 1
    for t in range(1, 7):
        goods[t] += data["goods_pool"][t - 1]
        if goods[t] != D.GOODS_PER_TYPE:
            fail(f"goods count of type {t} is {goods[t]}, expected {D.GOODS_PER_TYPE}")
    if over and setup is not None:
        fail("a finished game cannot be in setup")
    return data


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
