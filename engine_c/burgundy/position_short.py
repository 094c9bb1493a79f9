"""Castles of Burgundy short positions: the keys a position may leave out, filled in from the rest.

The position room holds three files: position.pyx (the struct to data and back),
position_checks.py (a full position checked field by field) and this one beside them, which turns
a short position into a full one first (``complete``), so that every check of position_checks
still applies to what it derives.  The keys that may be left out and what each becomes are listed
in docs/burgundy.md, "Short positions".  Whatever a derivation reads is checked first with the
same field checks, so a refusal names the same field path as for a full position.
"""
import random
from collections import Counter

from engine_c.burgundy import data as D
from engine_c.burgundy import position_checks as C
from engine_c.validate import shown

F = C.F
PHASES = ("A", "B", "C", "D", "E")
OLD_KEYS = {"num_players": "players"}          # old spellings still read (this release only)


def complete(data):
    """A copy of position ``data`` with every key the short form left out filled in (the full form)."""
    # another game's position: say so before its fields look unknown (the short form may leave out "game")
    F.position(data, game_optional=True)
    F.object(data, "", (), optional=C.TOP_KEYS + tuple(OLD_KEYS))
    d = dict(data)
    n = _players(d)
    d.setdefault("tiebreak", "fewest")
    d.setdefault("over", False)
    d.setdefault("rng", 0)
    d.setdefault("setup_player", None)
    over = F.bool(d["over"], "over")
    setup = F.optional_int(d["setup_player"], "setup_player", 0, n - 1)
    phase = F.index(F.get(d, "phase"), "phase", PHASES)
    rnd = F.int(F.get(d, "round"), "round", 1, 5)
    seats = d["seats"] = [_seat(seat, p, setup) for p, seat in enumerate(d["seats"])]
    turn = d["turn"] = dict(F.object(d.get("turn", {}), "turn", (), optional=C.TURN_KEYS))
    given_order = None if setup is not None or "order" not in turn else F.permutation(turn["order"], "turn.order", n)
    _tracks(seats, n, given_order)
    _bonus(d, seats)
    _turn(d, seats, n, setup, over)
    _board(d, phase, n)
    _goods(d, setup, over, rnd)
    _tiles(d, n)
    if "scenario" not in d:
        basic = setup is None and all(s["board"] == 1 and s["start_castle"] == D.BASIC_START_SPACE for s in seats)
        d["scenario"] = "basic" if basic else "free"
    return d


def _players(d):
    """The player count: ``players`` (old spelling ``num_players``), else the number of seats."""
    for old, new in OLD_KEYS.items():
        if old in d:
            if new in d:
                F.fail(old, f"the old spelling of {new}, given together with {new}: give only {new}")
            d[new] = d.pop(old)
    seats = F.list(F.get(d, "seats"), "seats", min_length=2, max_length=4)
    d.setdefault("players", len(seats))
    n = F.int(d["players"], "players", 2, 4)
    if len(seats) != n:
        F.fail("seats", f"must list one seat per player ({n}, players), got {len(seats)} entries")
    for p, seat in enumerate(seats):
        F.object(seat, f"seats[{p}]", (), optional=C.SEAT_KEYS + C.SEAT_OPTIONAL)
    return n


def _padded(value, length):
    """A list shorter than ``length`` filled up with nulls (anything else as it is)."""
    if isinstance(value, list) and len(value) < length:
        return value + [None] * (length - len(value))
    return value


def _seat(seat, p, setup):
    """One seat with its board, starting castle, estate, storage, goods and counters filled in."""
    where = f"seats[{p}]"
    s = dict(seat)
    choosing = setup is not None and p >= setup          # has not placed a starting castle yet
    s.setdefault("board", 1)
    board = C.seat_board(s, where)
    if "estate" not in s:
        if choosing:
            s["estate"] = {}
        else:
            castle = s["start_castle"] if "start_castle" in s else _castle_of_board(board, where)
            s["estate"] = {str(castle): "castle"}
    estate = F.object(s["estate"], f"{where}.estate")
    if "start_castle" not in s:
        s["start_castle"] = None if choosing else _start_castle(estate, board, where)
    s["storage"] = _padded(s.get("storage", []), D.STORAGE_SPACES)
    s["goods"] = _padded(s.get("goods", []), D.GOODS_STORAGE_SLOTS)
    s.setdefault("sold", [0] * 6)
    s.setdefault("black_purchases", 0)
    s.setdefault("worker_actions", 0)
    if setup is not None:
        s.setdefault("dice", [0, 0])
    return s


def _castle_of_board(board, where):
    """The starting castle space when neither it nor the estate is given: the centre, 19."""
    spaces = D.START_CASTLE_SPACES[board]
    if D.BASIC_START_SPACE not in spaces:
        F.fail(f"{where}.start_castle", f"left out with the estate, and board {board} has no castle space "
                                        f"{D.BASIC_START_SPACE}: give start_castle (one of "
                                        f"{', '.join(map(str, spaces))})")
    return D.BASIC_START_SPACE


def _start_castle(estate, board, where):
    """The starting castle: the castle on a dark-green starting space of the board (19 if several)."""
    spaces = D.START_CASTLE_SPACES[board]
    castles = [j for j in spaces if estate.get(str(j)) == "castle"]
    if len(castles) == 1:
        return castles[0]
    if D.BASIC_START_SPACE in castles:
        return D.BASIC_START_SPACE
    listed = ", ".join(map(str, spaces))
    if not castles:
        F.fail(f"{where}.start_castle", f"left out, and no castle stands on a starting space of board {board} "
                                        f"({listed}): give start_castle and its castle in the estate")
    F.fail(f"{where}.start_castle", f"left out, but castles stand on starting spaces "
                                    f"{', '.join(map(str, castles))} of board {board}: give start_castle")


def _tracks(seats, n, order):
    """Track pawns: left out or a bare space number, the pawn is stacked by the rule below; the space
    left out is one per ship in the estate (up to 6).  On the start space the pawns keep their
    starting stack (seat 0 on top); on any other space, seats sharing it are stacked in turn
    ``order`` (earlier on top; without an order, in seat order), in the heights no pawn given with
    its height takes."""
    spaces = {}
    for p, s in enumerate(seats):
        where = f"seats[{p}].track"
        if "track" not in s:
            spaces[p] = C.ship_space(s["estate"])
        elif not isinstance(s["track"], list):
            if isinstance(s["track"], bool) or not isinstance(s["track"], int) or \
                    not 0 <= s["track"] <= C.LAST_TRACK_SPACE:
                F.fail(where, f"must be a track space 0..{C.LAST_TRACK_SPACE} or [space, height], "
                              f"got {shown(s['track'])}")
            spaces[p] = s["track"]
        elif len(s["track"]) == 2:      # a given [space, height]: checked here, its height is stacked around
            F.int(s["track"][0], f"{where}[0]", 0, C.LAST_TRACK_SPACE)
            F.int(s["track"][1], f"{where}[1]", 0, 3)
    for space in set(spaces.values()):
        stacked = [p for p in spaces if spaces[p] == space]
        if space == 0:
            for p in stacked:
                seats[p]["track"] = [0, n - 1 - p]
            continue
        taken = {s["track"][1] for s in seats if s.get("track") and isinstance(s["track"], list)
                 and len(s["track"]) == 2 and s["track"][0] == space}
        heights = [h for h in range(4) if h not in taken]
        for p, h in zip(sorted(stacked, key=lambda p: order.index(p) if order else p, reverse=True), heights):
            seats[p]["track"] = [space, h]


def _bonus(d, seats):
    """Colour bonus tiles from the estates: the seats that filled every space of a colour took its
    large tile, then its small one; among several, lower seat numbers first."""
    done = {c: [] for c in range(len(D.COLOUR_NAMES))}
    for p, s in enumerate(seats):
        for c in C.completed_colours(s["board"], C.filled_spaces(s["estate"])):
            done[c].append(p)
    derived = {name: min(2, len(done[c])) for c, name in enumerate(D.COLOUR_NAMES)}
    if "bonus_taken" not in d:
        d["bonus_taken"] = derived
    elif isinstance(d["bonus_taken"], dict):
        F.object(d["bonus_taken"], "bonus_taken", (), optional=D.COLOUR_NAMES)
        d["bonus_taken"] = dict(derived, **d["bonus_taken"])
    for p, s in enumerate(seats):
        s.setdefault("bonus_large", sum(1 for c in done if done[c][:1] == [p]))
        s.setdefault("bonus_small", sum(1 for c in done if done[c][1:2] == [p]))


def _turn(d, seats, n, setup, over):
    """The turn: whose it is (turn order and index, the dice used), white die, nothing pending."""
    turn = d["turn"]
    turn.setdefault("bought", False)
    turn.setdefault("pending", [])
    turn.setdefault("pending_tile", None)
    turn.setdefault("white_die", 0 if setup is not None else 1)
    if setup is not None:                      # the round has not begun: no order yet, no dice
        turn.setdefault("order", [0] * n)
        turn.setdefault("index", 0)
        for s in seats:
            s.setdefault("dice_used", [False, False])
        return
    used = []
    for p, s in enumerate(seats):
        if "dice_used" in s:
            flags = F.list(s["dice_used"], f"seats[{p}].dice_used", length=2)
            used.append(sum(1 for k, v in enumerate(flags) if F.bool(v, f"seats[{p}].dice_used[{k}]")))
        else:
            used.append(None)
    tracks = []
    for p, s in enumerate(seats):
        track = F.list(F.get(s, "track", f"seats[{p}]"), f"seats[{p}].track", length=2)
        tracks.append([F.int(track[0], f"seats[{p}].track[0]", 0, C.LAST_TRACK_SPACE),
                       F.int(track[1], f"seats[{p}].track[1]", 0, 3)])
    derived_order = "order" not in turn
    if derived_order:
        group = {2: 0, 1: 1, 0: 2, None: 2}    # played, playing, not yet played; each in track order
        turn["order"] = sorted(C.track_order(tracks), key=lambda p: 0 if over else group[used[p]])
    order = F.permutation(turn["order"], "turn.order", n)
    if "index" not in turn:
        turn["index"] = 0 if over else _index(order, used, turn, n)
    index = F.int(turn["index"], "turn.index", 0, n - 1)
    played = [p for p in order if used[p] == 2]
    if derived_order and not over and len(played) > 1 and index < len(played):
        F.fail("turn.order", f"left out, but seats {', '.join(map(str, sorted(played)))} have used both dice and "
                             f"one of them is to act (turn.index {index}): their order this round cannot be told "
                             f"from the track: give turn.order")
    for i, p in enumerate(order):
        seats[p].setdefault("dice_used", [True, True] if over or i < index else [False, False])


def _index(order, used, turn, n):
    """The place in ``order`` of the seat to act, from the dice used: the seat that has used one die;
    else, when a sub-decision is pending or every seat has used both dice, the last seat that has
    used both; else the first seat that has used none."""
    for i, p in enumerate(order):
        if used[p] == 1:
            return i
    played = sum(1 for p in order if used[p] == 2)
    if played and (turn["pending"] or played == n):
        return played - 1
    return played


def _board(d, phase, n):
    """Depots: short lists filled up with empty spaces; no goods on the depots unless given."""
    depots = F.list(F.get(d, "depots"), "depots", length=6)
    d["depots"] = [_padded(depot, 4) for depot in depots]
    d["black_depot"] = _padded(F.get(d, "black_depot"), D.BLACK_DEPOT_SPACES)
    d.setdefault("depot_goods", [[0] * 6 for _ in range(6)])
    C.depot_tiles(d, n, phase)


def _goods(d, setup, over, rnd):
    """Round goods and the goods pool: the round spaces still to fill, and whatever goods are
    nowhere else.  round_goods may list only the goods still waiting; left out, they are drawn at
    random (seeded by ``rng``) from the goods that are nowhere else."""
    first = 0 if setup is not None else rnd          # round spaces first.. GOODS_PER_PHASE-1 wait
    waiting = 0 if over else max(0, D.GOODS_PER_PHASE - first)
    rounds = D.ROUNDS_PER_PHASE

    def laid_out(goods):
        """The five round spaces with ``goods`` on the waiting ones."""
        return [None] * first + list(goods) + [None] * (rounds - first - len(goods))

    given = d.get("round_goods")
    if isinstance(given, list) and len(given) == waiting and waiting < rounds:
        d["round_goods"] = laid_out(given)
    if "round_goods" in d and "goods_pool" in d:
        return
    places = C.goods_places(dict(d, round_goods=d.get("round_goods", [None] * rounds)))
    left_out = [key for key in ("round_goods", "goods_pool") if key not in d]
    if "goods_pool" in d:
        pool = F.ints(d["goods_pool"], "goods_pool", 0, D.GOODS_PER_TYPE, length=6)
        places.append(("goods_pool", Counter({t: c for t, c in enumerate(pool, 1)})))
    free = Counter({t: D.GOODS_PER_TYPE - sum(table[t] for _, table in places) for t in range(1, 7)})
    note = f" ({', '.join(left_out)} left out: derived from the rest)"
    if any(c < 0 for c in free.values()):
        C.conserve_goods(places, note)
    if "round_goods" not in d:
        tiles = sorted(free.elements())
        if "goods_pool" in d and len(tiles) != waiting or len(tiles) < waiting:
            F.fail("round_goods", f"left out, but {len(tiles)} goods tiles are nowhere else and round {rnd} "
                                  f"leaves {waiting} round spaces to fill{note}")
        drawn = random.Random(F.int(d["rng"], "rng", 0, 2**64 - 1)).sample(tiles, waiting)
        d["round_goods"] = laid_out(drawn)
        free.subtract(drawn)
    if "goods_pool" not in d:
        d["goods_pool"] = [free[t] for t in range(1, 7)]


def _tiles(d, n):
    """The supplies and out of the game: every tile that is nowhere else.  Left out, out_of_game is
    empty (when a supply is left out too); one table left out is what the others leave; both
    supplies left out share the rest: the tiles on the numbered depots and the starting castles
    came from the coloured-back supply, those on the black depot from the black-back one, every
    other tile (estates, storages, out of the game) from the coloured-back supply while it has
    that tile, then from the black-back one."""
    missing = [key for key in C.SUPPLY_KEYS if key not in d]
    if not missing:
        return
    if "out_of_game" in missing and len(missing) > 1:
        d["out_of_game"] = {}
    tables = C.supply_tables(d, [key for key in C.SUPPLY_KEYS if key in d])
    places = C.tile_places(d)
    by_label = dict(places)
    derived = {key: {} for key in missing if key not in tables}
    for cd in range(1, len(C.TILE_NAMES)):
        in_play = sum(table[cd] for _, table in places)
        if len(derived) == 1:
            key = next(iter(derived))
            derived[key][cd] = max(0, sum(C.BOX[cd]) - in_play - sum(t.get(cd, 0) for t in tables.values()))
            continue
        starts = n if cd == 1 else 0
        coloured = C.BOX[cd][0] - by_label["depots"][cd] - starts
        black = C.BOX[cd][1] - by_label["black_depot"][cd]
        others = max(0, in_play - by_label["depots"][cd] - by_label["black_depot"][cd] - starts) + \
            tables["out_of_game"].get(cd, 0)
        from_coloured = max(0, min(others, coloured))
        derived["supply_coloured"][cd] = max(0, coloured - from_coloured)
        derived["supply_black"][cd] = max(0, black - (others - from_coloured))
    tables.update(derived)
    C.conserve_tiles(places, tables, n, left_out=missing)
    for key, table in derived.items():
        d[key] = {C.TILE_NAMES[cd]: c for cd, c in table.items() if c}
