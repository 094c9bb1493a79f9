"""The Castles of Burgundy JSON position format: field-by-field validation.

``check(data)`` returns the position data (a full position: position_short.complete fills in what
a short one leaves out) after checking that it is well-formed and possible: field names, types and
ranges, tile colours, tile and goods conservation (the refusal lists where each was counted),
connected estates, the one-building-per-city rule, bonus tiles and track positions that follow
from the estates, the turn order read from the track, the round's goods, a finished game that can
be finished.  Any problem raises ``InvalidPositionError`` with one line naming the field, e.g.
``burgundy: seats[1].estate["20"]: unknown tile 'shipp' (...)``.  Every value the reader
(position.pyx) copies into C memory is checked here first: types, ranges and list lengths.  The
pending sub-decisions are checked against the loaded state in position.pyx.  The format is
documented in docs/burgundy.md.
"""
from collections import Counter

from engine_c.burgundy import data as D
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
SEAT_OPTIONAL = ("vp_parts",)   # animals' and phase bonuses' share of vp, kept when played from the start
SUPPLY_KEYS = ("supply_coloured", "supply_black", "out_of_game")
SPACE_KEYS = {str(j): j for j in range(1, 38)}          # estate keys exactly as to_json writes them
BOX = D.INVENTORY             # per tile code: (coloured-back, black-back) count; the installed data (in place)
LAST_TRACK_SPACE = D.TRACK_SPACES - 1
COUNTER_MAX = D.COUNTER_MAX    # silverlings, workers, VP, counters (data.py: the data bounds keep games inside)


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


def track_order(tracks):
    """Seats in turn order read from the track ([space, height] per seat): the rightmost space
    first, on one space the higher pawn first (rules.pyx compute_order)."""
    return sorted(range(len(tracks)), key=lambda p: (-tracks[p][0], -tracks[p][1]))


def ahead(a, b):
    """Track place ``a`` acts before track place ``b``."""
    return (a[0], a[1]) > (b[0], b[1])


def completed_colours(board, spaces):
    """Colour indices whose every space on ``board`` is among the filled space ids ``spaces``."""
    layout = D.BOARDS[board]
    return [c for c, letter in enumerate(D.COLOURS)
            if all(j + 1 in spaces for j in range(len(layout)) if layout[j] == letter)]


def filled_spaces(estate):
    """Space ids of an estate object's keys that are space ids."""
    return {SPACE_KEYS[key] for key in estate if isinstance(key, str) and key in SPACE_KEYS}


def check(data):
    """``data`` (a full position, JSON already parsed) once it is well-formed and possible."""
    F.position(data)
    F.object(data, "", TOP_KEYS)
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
        F.fail("setup_player", f"{setup}, but a finished game (over) cannot be in setup (null)")

    _turn(data["turn"], n, setup)
    turn = data["turn"]
    depot_tiles(data, n, phase)
    depot_goods(data)
    rgoods = round_goods(data)
    pool = F.ints(data["goods_pool"], "goods_pool", 0, D.GOODS_PER_TYPE, length=6)
    supply_tables(data)
    bonus = F.object(data["bonus_taken"], "bonus_taken", D.COLOUR_NAMES)
    for name in D.COLOUR_NAMES:
        F.int(bonus[name], at("bonus_taken", name), 0, 2)

    for p, seat in enumerate(seats):
        _seat(seat, f"seats[{p}]", p, setup)
    _bonus_tiles(seats, bonus)
    _track(seats, n)
    _stage(data, turn, seats, n, phase, rnd, over, setup, rgoods)

    places = tile_places(data)
    conserve_tiles(places, supply_tables(data), n)
    goods = goods_places(data)
    goods.append(("goods_pool", Counter({t: c for t, c in enumerate(pool, 1)})))
    conserve_goods(goods)
    return data


# ---- where the tiles and goods are, and the conservation checks ---------------------------------

def tile_places(data):
    """Every place of a position that holds tiles, as (label, Counter of tile codes), the supplies
    and out of the game excepted; each tile name is checked (the error names its path)."""
    depots = F.list(data["depots"], "depots", length=6)
    places = [("depots", Counter(code(t, f"depots[{d}][{k}]") for d, depot in enumerate(depots)
                                 for k, t in enumerate(F.list(depot, f"depots[{d}]", length=4)) if t)),
              ("black_depot", Counter(code(t, f"black_depot[{k}]") for k, t in enumerate(
                  F.list(data["black_depot"], "black_depot", length=D.BLACK_DEPOT_SPACES)) if t))]
    in_hand = 0
    for p, seat in enumerate(data["seats"]):
        where = f"seats[{p}]"
        estate = F.object(seat["estate"], f"{where}.estate")
        places.append((f"{where}.estate", Counter(code(t, at(f"{where}.estate", key)) for key, t in estate.items())))
        storage = F.list(seat["storage"], f"{where}.storage", length=D.STORAGE_SPACES)
        places.append((f"{where}.storage",
                       Counter(code(t, f"{where}.storage[{k}]") for k, t in enumerate(storage) if t)))
        in_hand += seat["start_castle"] is None
    pending = data["turn"]["pending_tile"]
    places.append(("turn.pending_tile", Counter([code(pending, "turn.pending_tile")] if pending else [])))
    places.append(("starting castles not yet placed", Counter({1: in_hand})))
    for _, table in places:
        table.pop(0, None)
    return places


def counted(key, places):
    """``N counted (place n, ...)`` of one tile code or goods type over ``places``."""
    where = ", ".join(f"{label} {table[key]}" for label, table in places if table[key])
    return f"{sum(table[key] for _, table in places)} counted ({where or 'nowhere'})"


def conserve_tiles(places, tables, n, left_out=()):
    """Every tile of the box exactly once over ``places`` and the supply ``tables`` (codes -> count);
    the coloured-back and black-back tiles each within the box's number (the ``n`` starting castles
    came from the coloured-back supply).  ``left_out``: the tables that were derived (named in the
    message)."""
    everywhere = places + [(key, Counter(tables[key])) for key in SUPPLY_KEYS]
    note = f" ({', '.join(left_out)} left out: derived from the rest)" if left_out else \
        " (leave the supplies out and they follow from the rest)"
    for cd in range(1, len(TILE_NAMES)):
        box = sum(BOX[cd])
        total = sum(table[cd] for _, table in everywhere)
        if total != box:
            F.fail("", f"tile {TILE_NAMES[cd]!r}: {counted(cd, everywhere)}, the box has {box} "
                       f"({BOX[cd][0]} coloured-back, {BOX[cd][1]} black-back){note}")
    by_label = dict(places)
    for cd in range(1, len(TILE_NAMES)):
        from_coloured = [("supply_coloured", Counter(tables["supply_coloured"])), ("depots", by_label["depots"]),
                         ("starting castles", Counter({1: n}))]
        if sum(table[cd] for _, table in from_coloured) > BOX[cd][0]:
            F.fail(at("supply_coloured", TILE_NAMES[cd]),
                   f"coloured-back {TILE_NAMES[cd]!r} tiles: {counted(cd, from_coloured)}, the box has "
                   f"{BOX[cd][0]} (the numbered depots and the starting castles are filled from the "
                   f"coloured-back supply){note}")
        from_black = [("supply_black", Counter(tables["supply_black"])), ("black_depot", by_label["black_depot"])]
        if sum(table[cd] for _, table in from_black) > BOX[cd][1]:
            F.fail(at("supply_black", TILE_NAMES[cd]),
                   f"black-back {TILE_NAMES[cd]!r} tiles: {counted(cd, from_black)}, the box has {BOX[cd][1]} "
                   f"(the black depot is filled from the black-back supply){note}")


def goods_places(data):
    """Every place of a position that holds goods tiles, as (label, Counter of types), the goods
    pool excepted; each count is checked (the error names its path)."""
    places = [("depot_goods", Counter()), ("round_goods", Counter(g for g in round_goods(data) if g))]
    for counts in depot_goods(data):
        for t, c in enumerate(counts, 1):
            places[0][1][t] += c
    for p, seat in enumerate(data["seats"]):
        held, sold = seat_goods(seat, f"seats[{p}]")
        places.append((f"seats[{p}].goods", held))
        places.append((f"seats[{p}].sold", sold))
    return places


def seat_goods(seat, where):
    """A seat's goods storage (3 slots: null or [type, count], one slot per type) and sold goods,
    checked; both as Counters of types."""
    held = Counter()
    for k, slot in enumerate(F.list(seat["goods"], f"{where}.goods", length=D.GOODS_STORAGE_SLOTS)):
        if slot is None:
            continue
        path = f"{where}.goods[{k}]"
        F.list(slot, path, length=2)
        t = F.int(slot[0], f"{path}[0]", 1, 6)
        F.int(slot[1], f"{path}[1]", 1, D.GOODS_PER_TYPE)
        if t in held:
            F.fail(path, f"goods type {t} stored in two slots")
        held[t] = slot[1]
    sold = F.ints(seat["sold"], f"{where}.sold", 0, D.GOODS_PER_TYPE, length=6)
    return held, Counter({t: c for t, c in enumerate(sold, 1)})


def conserve_goods(places, note=" (leave goods_pool out and it follows from the rest)"):
    """Every goods tile of the box (7 per type) exactly once over ``places``."""
    for t in range(1, 7):
        if sum(table[t] for _, table in places) != D.GOODS_PER_TYPE:
            F.fail("", f"goods type {t}: {counted(t, places)}, the box has {D.GOODS_PER_TYPE}{note}")


# ---- parts of the position -----------------------------------------------------------------------

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
        F.fail("turn.pending", f"{shown(pending)}, but no sub-decision can be pending while the starting "
                               f"castles are placed (setup_player): []")
    pend = code(turn["pending_tile"], "turn.pending_tile")
    discards = [i for i, item in enumerate(pending) if item[0] == "discard"]
    if pend and not discards:
        F.fail("turn.pending_tile", f"{turn['pending_tile']!r}, but no 'discard' sub-decision is pending "
                                    f"(the tile waits only while the player chooses what to discard)")
    if discards and not pend:
        F.fail(f"turn.pending[{discards[0]}]", "a 'discard' is pending but turn.pending_tile is null")


def depot_tiles(data, n, phase):
    """The numbered depots' and the black depot's tiles (codes), checked: colours, spaces in use, backs."""
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
                if BOX[cd][0] == 0:
                    F.fail(where, f"{name!r} has no coloured-back tile: it cannot be on a numbered depot")
            codes.append(cd)
        depots.append(codes)
    black = []
    for k, name in enumerate(F.list(data["black_depot"], "black_depot", length=D.BLACK_DEPOT_SPACES)):
        where = f"black_depot[{k}]"
        cd = code(name, where)
        if cd:
            if k >= D.BLACK_DEPOT_TILES[n]:
                F.fail(where, f"black depot space {k + 1} is not used with {n} players but holds {name!r} "
                              f"(spaces 1..{D.BLACK_DEPOT_TILES[n]} are)")
            if BOX[cd][1] == 0:
                F.fail(where, f"{name!r} has no black-back tile: it cannot be on the black depot")
        black.append(cd)
    return depots, black


def depot_goods(data):
    """Goods on each numbered depot, per type."""
    dgoods = F.list(data["depot_goods"], "depot_goods", length=6)
    for d in range(6):
        F.ints(dgoods[d], f"depot_goods[{d}]", 0, D.GOODS_PER_TYPE, length=6)
    return dgoods


def round_goods(data):
    """This phase's five round spaces: a goods type 1..6, or null once placed (or never filled)."""
    rgoods = F.list(data["round_goods"], "round_goods", length=D.ROUNDS_PER_PHASE)
    for k, g in enumerate(rgoods):
        F.optional_int(g, f"round_goods[{k}]", 1, 6)
    return rgoods


def supply_tables(data, keys=SUPPLY_KEYS):
    """supply_coloured, supply_black, out_of_game (those of ``keys``): tile name -> count; by code."""
    out = {}
    for key in keys:
        back = {"supply_coloured": 0, "supply_black": 1}.get(key)
        table = F.object(data[key], key)
        counts = {}
        for name, c in table.items():
            where = at(key, name)
            cd = code(name, where)
            if cd == 0:
                F.fail(where, "unknown tile null")
            hi = sum(BOX[cd]) if back is None else BOX[cd][back]
            F.int(c, where, 0, hi)
            counts[cd] = c
        out[key] = counts
    return out


def seat_board(seat, where):
    """A seat's board number."""
    return F.int(seat["board"], f"{where}.board", 1, 9)


def _seat(seat, where, p, setup):
    """One seat: board, castle, estate (colours, connectivity, cities), storage, goods, counters."""
    F.object(seat, where, SEAT_KEYS, optional=SEAT_OPTIONAL)
    board = seat_board(seat, where)
    layout = D.BOARDS[board]
    castle = F.optional_int(seat["start_castle"], f"{where}.start_castle", 1, 37)
    if castle is None:
        if setup is None or p < setup:
            F.fail(f"{where}.start_castle", "null, but the starting castle must be placed (outside setup, and "
                                            "in setup by the seats before setup_player)")
    else:
        if castle not in D.START_CASTLE_SPACES[board]:
            F.fail(f"{where}.start_castle", f"space {castle} is not a dark-green space of board {board} "
                                            f"(those are {', '.join(map(str, D.START_CASTLE_SPACES[board]))})")
        if setup is not None and p >= setup:
            F.fail(f"{where}.start_castle", f"placed but setup_player is {setup} (seats from {setup} on "
                                            f"have not chosen yet)")
    estate = F.object(seat["estate"], f"{where}.estate")
    filled = {}
    for key, name in estate.items():
        path = at(f"{where}.estate", key)
        if not isinstance(key, str) or key not in SPACE_KEYS:
            F.fail(path, "estate spaces are \"1\"..\"37\"")
        j = SPACE_KEYS[key]
        cd = code(name, path)
        if cd == 0:
            F.fail(path, "null, but an estate space lists a tile (leave empty spaces out)")
        if D.COLOURS[D.tile_colour(cd)] != layout[j - 1]:
            colour = D.COLOUR_NAMES[D.COLOURS.index(layout[j - 1])]
            F.fail(path, f"tile {name!r} on space {j} of colour {colour} (board {board})")
        filled[j] = name
    if castle is not None and estate.get(str(castle)) != "castle":
        F.fail(f"{where}.estate", f"no castle on the starting castle space {castle}")
    if castle is None and estate:
        F.fail(f"{where}.estate", "estate tiles before the starting castle is placed")
    if castle is not None and not _connected(set(filled), castle):
        F.fail(f"{where}.estate", "estate tiles not connected to the starting castle")
    _cities(filled, board, where)
    for k, name in enumerate(F.list(seat["storage"], f"{where}.storage", length=D.STORAGE_SPACES)):
        code(name, f"{where}.storage[{k}]")
    seat_goods(seat, where)
    for key in ("silverlings", "workers", "vp", "black_purchases", "worker_actions"):
        F.int(seat[key], f"{where}.{key}", 0, COUNTER_MAX)
    F.ints(seat["dice"], f"{where}.dice", 0 if setup is not None else 1, 6, length=2)
    for k, v in enumerate(F.list(seat["dice_used"], f"{where}.dice_used", length=2)):
        F.bool(v, f"{where}.dice_used[{k}]")
    track = F.list(seat["track"], f"{where}.track", length=2)
    F.int(track[0], f"{where}.track[0]", 0, LAST_TRACK_SPACE)
    F.int(track[1], f"{where}.track[1]", 0, 3)
    F.int(seat["bonus_large"], f"{where}.bonus_large", 0, 6)
    F.int(seat["bonus_small"], f"{where}.bonus_small", 0, 6)
    if "vp_parts" in seat:
        parts = F.object(seat["vp_parts"], f"{where}.vp_parts", ("animals", "phase_bonuses"))
        for key in ("animals", "phase_bonuses"):
            F.int(parts[key], f"{where}.vp_parts.{key}", 0, COUNTER_MAX)
        if parts["animals"] + parts["phase_bonuses"] > seat["vp"]:
            F.fail(f"{where}.vp_parts", f"animals and phase bonuses ({parts['animals']} + {parts['phase_bonuses']}) "
                                        f"exceed the seat's vp ({seat['vp']})")


def _cities(filled, board, where):
    """At most one building of each kind per city (a region of building spaces), unless the estate
    holds knowledge 1, which allows the same building more than once in a city."""
    if "k1" in filled.values():
        return
    for region in regions(board):
        built = {}
        for j in sorted(region):
            name = filled.get(j)
            if name in D.BUILDINGS:
                if name in built:
                    F.fail(at(f"{where}.estate", str(j)),
                           f"a second {name!r} in the city of space {built[name]} (the same building "
                           f"twice in one city needs knowledge 1, k1)")
                built[name] = j


def _bonus_tiles(seats, bonus):
    """The bonus tiles follow from the estates: the first and second seat to fill every space of a
    colour take its large and small tile, so each colour's count is the seats that filled it (at
    most 2), and a seat holds at most one tile per colour it filled."""
    done = {c: [] for c in range(len(D.COLOUR_NAMES))}
    for p, seat in enumerate(seats):
        colours = completed_colours(seat["board"], filled_spaces(seat["estate"]))
        for c in colours:
            done[c].append(p)
        held = seat["bonus_large"] + seat["bonus_small"]
        if held > len(colours):
            names = ", ".join(D.COLOUR_NAMES[c] for c in colours) or "none"
            path = f"seats[{p}].bonus_{'large' if seat['bonus_large'] else 'small'}"
            F.fail(path, f"seat {p} holds {seat['bonus_large']} large and "
                                              f"{seat['bonus_small']} small bonus tiles, but has filled every "
                                              f"space of only {len(colours)} colours ({names})")
    for c, name in enumerate(D.COLOUR_NAMES):
        want = min(2, len(done[c]))
        if bonus[name] != want:
            who = f"seats {', '.join(map(str, done[c]))} have" if len(done[c]) > 1 else \
                f"seat {done[c][0]} has" if done[c] else "no seat has"
            F.fail(at("bonus_taken", name), f"{bonus[name]}, but {who} filled every {name} space of the "
                                            f"estate, so {want} of its bonus tiles are taken")
    for size, least in (("large", 1), ("small", 2)):
        held = [s[f"bonus_{size}"] for s in seats]
        taken = sum(1 for v in bonus.values() if v >= least)
        if sum(held) != taken:
            F.fail("bonus_taken", f"{taken} {size} bonus tiles are taken, but the seats hold {sum(held)} "
                                  f"(seats[*].bonus_{size}: {held})")


def ship_space(estate):
    """The track space a seat's pawn stands on: one space per ship in the estate, at most the last."""
    return min(LAST_TRACK_SPACE, sum(1 for name in estate.values() if name == "ship"))


def _track(seats, n):
    """Two pawns never share a space and height; a pawn stands one space on per ship in the estate."""
    positions = [tuple(s["track"]) for s in seats]
    for p in range(n):
        if positions[p] in positions[:p]:
            F.fail(f"seats[{p}].track", f"space and height {list(positions[p])} taken by "
                                        f"seat {positions.index(positions[p])} too")
        ships = sum(1 for name in seats[p]["estate"].values() if name == "ship")
        if positions[p][0] != ship_space(seats[p]["estate"]):
            F.fail(f"seats[{p}].track[0]", f"space {positions[p][0]}, but seat {p} has {ships} ships in the "
                                           f"estate (the pawn moves one space per ship placed, up to space "
                                           f"{LAST_TRACK_SPACE}; left out, the track follows from the ships)")


def _stage(data, turn, seats, n, phase, rnd, over, setup, rgoods):
    """Where the game stands must be possible: setup, a round in progress, or a finished game."""
    placed = [g is None for g in rgoods]
    filled = D.GOODS_PER_PHASE          # round spaces 1..filled get goods each phase (the data)
    if setup is not None:
        if phase != 0 or rnd != 1:
            F.fail("setup_player", f"{setup} (setup), but the starting castles are placed before round 1 of "
                                   f"phase A, not in round {rnd} of phase {data['phase']}")
        if placed != [k >= filled for k in range(len(placed))]:
            k = next(k for k, p in enumerate(placed) if p != (k >= filled))
            spaces = "" if filled == D.ROUNDS_PER_PHASE else f" 1..{filled}"
            F.fail(f"round_goods[{k}]", f"all {'five' if filled == 5 else filled} goods of phase A are on "
                                        f"the round spaces{spaces} until round 1 begins")
        for p, seat in enumerate(seats):
            if seat["dice"] != [0, 0] or seat["dice_used"] != [False, False]:
                F.fail(f"seats[{p}].dice", "no dice are rolled before round 1 (setup: dice [0, 0], unused)")
        return
    if over:
        if phase != 4:
            F.fail("phase", f"a finished game ends after phase E, got over in phase {data['phase']!r}")
        if rnd not in (5, 1):      # 5 as written now; 1 as written before (the engine's counter wraps)
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
        if is_placed != (k < rnd or k >= filled):
            F.fail(f"round_goods[{k}]", f"in round {rnd} the goods of rounds 1..{rnd} are placed (null) "
                                        f"and those of rounds {rnd + 1}..{filled} wait (1..6), got {shown(rgoods)}"
                   if rnd < 5 else f"in round 5 every round's goods are placed (null), got {shown(rgoods)}")
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
    actor = seats[order[index]]
    if actor["dice_used"] == [True, True] and turn["bought"] and not turn["pending"]:
        F.fail("turn.bought", f"seat {order[index]}, to act, has used both dice and bought, and nothing is "
                              f"pending: the turn is over")
    # the order was read from the track at the round start; only a seat that has played since can
    # have moved (forward, onto the top of a stack), so every seat still to play is behind all before it
    tracks = [s["track"] for s in seats]
    for j in range(index + 1, n):
        for i in range(j):
            if not ahead(tracks[order[i]], tracks[order[j]]):
                F.fail("turn.order", f"seat {order[i]} comes before seat {order[j]}, which has not played this "
                                     f"round, but is behind it on the track ({tracks[order[i]]} against "
                                     f"{tracks[order[j]]}; the order is read from the track at the round start: "
                                     f"{track_order(tracks)} for seats that have not played)")


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
_REGIONS = {}


def _neighbours():
    """Space id -> the space ids next to it."""
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


def regions(board):
    """The building regions (cities) of a board: sets of space ids."""
    if board not in _REGIONS:
        layout = D.BOARDS[board]
        spaces = {j + 1 for j in range(len(layout)) if layout[j] == "B"}
        found = []
        while spaces:
            todo = [spaces.pop()]
            region = set(todo)
            while todo:
                for k in _neighbours()[todo.pop()]:
                    if k in spaces:
                        spaces.discard(k)
                        region.add(k)
                        todo.append(k)
            found.append(region)
        _REGIONS[board] = found
    return _REGIONS[board]
