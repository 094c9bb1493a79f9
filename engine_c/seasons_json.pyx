# cython: language_level=3
"""A Castle for All Seasons positions as JSON (format documented in docs/seasons.md), with validation."""
from libc.string cimport memset

from engine_c.seasons cimport SeasonsState
from engine_c.seasons_rules cimport *
from engine_c.seasons_moves cimport cs_legal

from engine_c.errors import position_int, InvalidPositionError
from engine_c.seasons_data import (BUILDING_IDS, CARDS, HELPER_BUILDINGS, HELPERS, PLACE_IDS,
                                   RESOURCES, ROUNDS, SPOTS)

PHASES = ["select", "load", "trader", "tower", "buy", "build", "pay", "helper", "source", "over"]
PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}
CARD_INDEX = {name: i for i, name in enumerate(CARDS)}
BUILDING_INDEX = {name: i for i, name in enumerate(BUILDING_IDS)}
PLACE_INDEX = {name: i for i, name in enumerate(PLACE_IDS)}
HB_INDEX = {name: i for i, name in enumerate(HELPER_BUILDINGS)}


def _bad(msg):
    raise InvalidPositionError("seasons: " + msg)


cdef dict _res_dict(unsigned char* a):
    return {RESOURCES[k]: int(a[k]) for k in range(NRES)}


def _cards(int mask):
    return [CARDS[c] for c in range(NCARD) if mask & (1 << c)]


def position_to_dict(SeasonsState state):
    """Every field of the struct as plain data (from_json(to_json()) is byte-identical)."""
    cdef CS* s = &state.st
    cdef int p, k, w
    seats = []
    for p in range(s.np):
        seats.append({
            "vp": int(s.vp[p]),
            "talers": int(s.talers[p]),
            "resources": _res_dict(s.res[p]),
            "helpers": int(s.helpers[p]),
            "hand": _cards(s.hand[p]),
            "selected": _cards(s.sel[p]),
            "workers": {CARDS[C_WORKER1 + w]: _res_dict(s.wcard[p][w]) for w in range(3)},
            "built_round": int(s.built_round[p]),
            "helped_round": [HELPER_BUILDINGS[h] for h in range(NHB) if s.hb_round[p] & (1 << h)],
            "played": {CARDS[c]: int(s.played[p][c]) for c in range(NCARD)},
            "built": {BUILDING_IDS[t]: int(s.built[p][t]) for t in range(NB)},
            "vp_buildings": int(s.vp_build[p]),
            "vp_master": int(s.vp_master[p]),
            "vp_final": int(s.vp_final[p]),
            "converted_talers": int(s.conv_talers[p]),
            "converted": _res_dict(s.conv_res[p]),
        })
    queue = []
    for k in range(s.qn):
        e = s.queue[k]
        queue.append("payout" if e == Q_PAYOUT else [e >> 3, CARDS[e & 7]])
    return {
        "game": "seasons",
        "num_players": int(s.np),
        "rng": int(s.rng),
        "round": int(s.round),
        "rounds": int(s.rounds),
        "start": int(s.start),
        "track": int(s.track),
        "last_round": bool(s.last_round),
        "bank": int(s.bank),
        "phase": PHASES[s.phase],
        "actor": int(s.actor),
        "stock": _res_dict(s.stock),
        "tower": _res_dict(s.tower),
        "forge": int(s.forge),
        "tiles": {BUILDING_IDS[t]: int(s.tiles[t]) for t in range(NB)},
        "spots": {SPOTS[k]: (None if s.spot_owner[k] == NOBODY else int(s.spot_owner[k])) for k in range(NSPOT)},
        "spot_rounds": [int(s.spot_round[k]) for k in range(NSPOT)],
        "places": {PLACE_IDS[k]: (None if s.place_owner[k] == NOBODY else int(s.place_owner[k])) for k in range(NPLACE)},
        "picks": int(s.picks),
        "queue": queue,
        "queue_pos": int(s.qi),
        "equip_pos": int(s.eq_i),
        "traders": int(s.traders),
        "turn": {"builds": int(s.builds), "helpers": int(s.placed), "building": BUILDING_IDS[s.bld],
                 "pay_step": int(s.pay_k), "pay_left": int(s.pay_rem),
                 "paid": [int(s.pay_y[j]) for j in range(4)], "place": PLACE_IDS[s.place]},
        "seats": seats,
    }


def _int(data, key, lo, hi):
    """data[key], checked to be an int in lo..hi."""
    return position_int("seasons", data, key, lo, hi)


def _name(table, name, where):
    if not isinstance(name, str) or name not in table:
        _bad(f"unknown name {name!r} in {where}")
    return table[name]


cdef int _fill_res(unsigned char* a, obj, where) except -1:
    if not isinstance(obj, dict):
        _bad(f"{where} must be an object of resource counts")
    memset(a, 0, NRES)
    for name, n in obj.items():
        k = _name({r: i for i, r in enumerate(RESOURCES)}, name, where)
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= CS_BOX[k]:
            _bad(f"bad count {n!r} of {name} in {where}")
        a[k] = n
    return 0


def _mask(names, where):
    if not isinstance(names, list):
        _bad(f"{where} must be a list of card names")
    m = 0
    for name in names:
        c = _name(CARD_INDEX, name, where)
        if m & (1 << c):
            _bad(f"{name} twice in {where}")
        m |= 1 << c
    return m


def position_from_dict(SeasonsState state, data):
    """Fill state from position data; InvalidPositionError (one line) if malformed or impossible."""
    cdef CS* s = &state.st
    cdef int p, k, w, t, np, total
    cdef int buf[64]
    memset(s, 0, sizeof(CS))
    if not isinstance(data, dict):
        _bad("position must be a JSON object")
    if data.get("game") != "seasons":
        _bad(f"not a seasons position (game {data.get('game')!r})")
    np = _int(data, "num_players", 2, 4)
    s.np = np
    state.num_players = np
    s.rng = _int(data, "rng", 0, 2**64 - 1)
    s.rounds = _int(data, "rounds", ROUNDS[np], ROUNDS[np])
    s.round = _int(data, "round", 1, s.rounds)
    s.start = _int(data, "start", 0, np - 1)
    s.track = _int(data, "track", 0, s.rounds)
    if s.track != s.rounds - s.round:
        _bad(f"round {s.round} of {s.rounds} leaves {s.rounds - s.round} talers on the round track, not {s.track}")
    s.last_round = bool(data["last_round"])
    s.bank = _int(data, "bank", 0, TOTAL_TALERS)
    s.phase = _name(PHASE_INDEX, data["phase"], "phase")
    s.actor = _int(data, "actor", 0, np - 1)
    _fill_res(s.stock, data["stock"], "stock")
    _fill_res(s.tower, data["tower"], "tower")
    s.forge = _int(data, "forge", 0, CS_BOX[SILVER])
    tiles = data["tiles"]
    for t in range(NB):
        s.tiles[t] = _int(tiles, BUILDING_IDS[t], 0, CS_TILES[t])
    spots = data["spots"]
    rounds = data["spot_rounds"]
    if not isinstance(rounds, list) or len(rounds) != NSPOT:
        _bad("spot_rounds must list 5 rounds")
    for k in range(NSPOT):
        o = spots[SPOTS[k]]
        s.spot_owner[k] = NOBODY if o is None else _int(spots, SPOTS[k], 0, np - 1)
        r = rounds[k]
        if isinstance(r, bool) or not isinstance(r, int) or not 0 <= r <= s.round:
            _bad(f"bad spot round {r!r}")
        s.spot_round[k] = r
    places = data["places"]
    for k in range(NPLACE):
        o = places[PLACE_IDS[k]]
        s.place_owner[k] = NOBODY if o is None else _int(places, PLACE_IDS[k], 0, np - 1)
        if o is not None and not hb_erected(s, CS_PLACE_HB[k]):
            _bad(f"a helper on {PLACE_IDS[k]} of a building not erected")
    s.picks = _int(data, "picks", 0, 2 * np)
    queue = data["queue"]
    if not isinstance(queue, list) or len(queue) > MAXQ:
        _bad("queue must be a list of at most 16 entries")
    s.qn = len(queue)
    for k, e in enumerate(queue):
        if e == "payout":
            s.queue[k] = Q_PAYOUT
        else:
            if not isinstance(e, list) or len(e) != 2:
                _bad("queue entries are [seat, card] or 'payout'")
            p = e[0]
            if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < np:
                _bad(f"bad seat {p!r} in queue")
            s.queue[k] = p * 8 + _name(CARD_INDEX, e[1], "queue")
    s.qi = _int(data, "queue_pos", 0, MAXQ)
    s.eq_i = _int(data, "equip_pos", 0, 3 * np)
    s.traders = _int(data, "traders", 0, np)
    turn = data["turn"]
    s.builds = _int(turn, "builds", 0, 2)
    s.placed = _int(turn, "helpers", 0, 2)
    s.bld = _name(BUILDING_INDEX, turn["building"], "turn.building")
    s.pay_k = _int(turn, "pay_step", 0, 3)
    s.pay_rem = _int(turn, "pay_left", 0, 30)
    paid = turn["paid"]
    if not isinstance(paid, list) or len(paid) != 4:
        _bad("turn.paid must list 4 counts")
    for k in range(4):
        if isinstance(paid[k], bool) or not isinstance(paid[k], int) or not 0 <= paid[k] <= 30:
            _bad(f"bad count {paid[k]!r} in turn.paid")
        s.pay_y[k] = paid[k]
    s.place = _name(PLACE_INDEX, turn["place"], "turn.place")
    seats = data["seats"]
    if not isinstance(seats, list) or len(seats) != np:
        _bad(f"seats must list {np} players")
    for p in range(np):
        seat = seats[p]
        where = f"seat {p}"
        s.vp[p] = _int(seat, "vp", 0, 30000)
        s.talers[p] = _int(seat, "talers", 0, TOTAL_TALERS)
        _fill_res(s.res[p], seat["resources"], where + " resources")
        s.helpers[p] = _int(seat, "helpers", 0, HELPERS[np])
        s.hand[p] = _mask(seat["hand"], where + " hand")
        s.sel[p] = _mask(seat["selected"], where + " selected")
        workers = seat["workers"]
        for w in range(3):
            _fill_res(s.wcard[p][w], workers[CARDS[C_WORKER1 + w]], where + " workers")
        s.built_round[p] = _int(seat, "built_round", 0, 2 * NCARD)
        for name in seat["helped_round"]:
            s.hb_round[p] |= 1 << _name(HB_INDEX, name, where + " helped_round")
        played = seat["played"]
        for c in range(NCARD):
            s.played[p][c] = _int(played, CARDS[c], 0, 60)
        built = seat["built"]
        for t in range(NB):
            s.built[p][t] = _int(built, BUILDING_IDS[t], 0, CS_TILES[t])
        s.vp_build[p] = _int(seat, "vp_buildings", 0, 30000)
        s.vp_master[p] = _int(seat, "vp_master", 0, 30000)
        s.vp_final[p] = _int(seat, "vp_final", 0, 30000)
        s.conv_talers[p] = _int(seat, "converted_talers", 0, TOTAL_TALERS)
        _fill_res(s.conv_res[p], seat["converted"], where + " converted")
    _check(s, np)
    if s.phase != PH_OVER and cs_legal(s, buf) == 0:
        _bad(f"no legal action in phase {PHASES[s.phase]}")


cdef int _check(CS* s, int np) except -1:
    """Conservation of pieces, talers, helpers and tiles, and a consistent round flow."""
    cdef int p, k, w, t, n
    for k in range(NRES):
        n = s.stock[k] + s.tower[k] + (s.forge if k == SILVER else 0)
        for p in range(np):
            n += s.res[p][k] + s.conv_res[p][k]
            for w in range(3):
                n += s.wcard[p][w][k]
        if n != CS_BOX[k]:
            _bad(f"{n} {RESOURCES[k]} pieces in the position, the box has {CS_BOX[k]}")
    n = s.bank + s.track
    for p in range(np):
        n += s.talers[p] + s.conv_talers[p]
    if n != TOTAL_TALERS:
        _bad(f"{n} talers in the position (bank, players, round track, converted), the game has {TOTAL_TALERS}")
    for p in range(np):
        n = s.helpers[p]
        for k in range(NSPOT):
            n += s.spot_owner[k] == p
        for k in range(NPLACE):
            n += s.place_owner[k] == p
        if n != HELPERS[np]:
            _bad(f"seat {p} has {n} helpers, not {HELPERS[np]}")
    for t in range(NB):
        n = s.tiles[t]
        for p in range(np):
            n += s.built[p][t]
        if n != CS_TILES[t]:
            _bad(f"{BUILDING_IDS[t]}: tiles left plus built make {n}, not {CS_TILES[t]}")
    if s.phase == PH_SELECT:
        if s.picks >= np * picks_per_player(s):
            _bad("every card is chosen but the phase is still select")
        if s.actor != selector(s, s.picks):
            _bad(f"selection {s.picks} belongs to seat {selector(s, s.picks)}")
        for p in range(np):
            if s.sel[p] & ~s.hand[p]:
                _bad(f"seat {p} selected a card not in hand")
        n = 0
        for p in range(np):
            n += __builtin_popcount(s.sel[p])
        if n != s.picks:
            _bad(f"{n} cards selected but picks is {s.picks}")
    elif s.phase != PH_OVER:
        if s.picks != np * picks_per_player(s):
            _bad("resolving cards before every card was chosen")
        if s.phase == PH_LOAD:
            if s.eq_i >= 3 * np or s.eq_i % 3 != 1:
                _bad("load decision outside worker2's loading")
        elif s.qi >= s.qn:
            _bad("resolution past the end of the queue")
        elif s.queue[s.qi] == Q_PAYOUT or (s.queue[s.qi] >> 3) != s.actor:
            _bad(f"the entry being resolved does not belong to seat {s.actor}")
        if s.phase == PH_PAY and s.pay_k >= 3:
            _bad("pay step must be 0..2")
    return 0
