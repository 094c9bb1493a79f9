# cython: language_level=3
"""A Castle for All Seasons positions as JSON (format documented in docs/seasons.md), with validation."""
from libc.string cimport memset

from engine_c.seasons.state cimport SeasonsState
from engine_c.seasons.types cimport *
from engine_c.seasons.tables cimport *
from engine_c.seasons.rules cimport *
from engine_c.seasons.moves cimport cs_legal
from engine_c.seasons.winter cimport winter_mods, winter_offer_ok

from engine_c.seasons import data as D
from engine_c.seasons.data import BUILDING_IDS, CARDS, HELPER_BUILDINGS, PHASES, PLACE_IDS, RESOURCES, SPOTS
from engine_c.seasons.position_short import complete, name_index
from engine_c.validate import SEAT_VP_MAX, Fields, UINT64_MAX, at, shown

PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}
CARD_INDEX = {name: i for i, name in enumerate(CARDS)}
BUILDING_INDEX = {name: i for i, name in enumerate(BUILDING_IDS)}
PLACE_INDEX = {name: i for i, name in enumerate(PLACE_IDS)}
HB_INDEX = {name: i for i, name in enumerate(HELPER_BUILDINGS)}


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
            "vp_winter": int(s.vp_winter[p]),
        })
        if s.vp_seat[p]:                # the seat_vp option's starting points; written only when given
            seats[p]["seat_vp"] = int(s.vp_seat[p])
    queue = []
    for k in range(s.qn):
        e = s.queue[k]
        queue.append("payout" if e == Q_PAYOUT else [e >> 3, CARDS[e & 7]])
    return {
        "game": "seasons",
        "players": int(s.np),
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
        "winter": bool(s.winter),
        "winter_cards": [D.WINTER_CARD_IDS[s.w_drawn[k]] for k in range(s.w_n)],
        "winter_asked": int(s.w_asked),
        "seats": seats,
    }


# ---- reading ------------------------------------------------------------------------------
# Every value is checked with the shared vocabulary (engine_c.validate.Fields) before it is
# written to the struct, so no reader path relies on Cython's boundscheck: errors are one line
# naming the field, e.g. ``seasons: seats[0].hand[2]: unknown card 'spy' (valid: ...)``.

F = Fields("seasons")
TOP_KEYS = ("game", "players", "rng", "round", "rounds", "start", "track", "last_round", "bank", "phase",
            "actor", "stock", "tower", "forge", "tiles", "spots", "spot_rounds", "places", "picks", "queue",
            "queue_pos", "equip_pos", "traders", "turn", "winter", "winter_cards", "winter_asked", "seats")
TURN_KEYS = ("builds", "helpers", "building", "pay_step", "pay_left", "paid", "place")
SEAT_KEYS = ("vp", "talers", "resources", "helpers", "hand", "selected", "workers", "built_round",
             "helped_round", "played", "built", "vp_buildings", "vp_master", "vp_final", "converted_talers",
             "converted", "vp_winter")
SEAT_OPTIONAL = ("seat_vp",)          # the seat_vp option's starting points; absent: 0
WORKERS = CARDS[C_WORKER1:C_WORKER1 + 3]
MAX_VP = 30000


_name = name_index


def _owner(value, path, int np):
    """null (nobody) or a seat."""
    return NOBODY if value is None else F.int(value, path, 0, np - 1)


cdef int _fill_res(unsigned char* a, obj, path) except -1:
    """A {resource: count} object (kinds left out count 0); no count above the box."""
    F.object(obj, path, keys=(), optional=RESOURCES)
    memset(a, 0, NRES)
    for k in range(NRES):
        if RESOURCES[k] in obj:
            a[k] = F.int(obj[RESOURCES[k]], at(path, RESOURCES[k]), 0, CS_BOX[k])
    return 0


def _mask(names, path):
    """A list of distinct card names -> bitmask."""
    F.list(names, path, max_length=NCARD)
    m = 0
    for i, name in enumerate(names):
        c = _name(name, at(path, i), CARDS, "card")
        if m & (1 << c):
            F.fail(path, f"lists {name} twice")
        m |= 1 << c
    return m


def position_from_dict(SeasonsState state, data):
    """Fill state from position data; InvalidPositionError (one line, naming the field) if it is
    malformed or impossible."""
    cdef CS* s = &state.st
    cdef int p, k, w, t, np, r
    cdef int buf[64]
    memset(s, 0, sizeof(CS))
    F.position(data)
    data = complete(data)               # the keys a short position leaves out (position_short.py)
    F.object(data, "", keys=TOP_KEYS)
    np = F.int(data["players"], "players", 2, 4)
    s.np = np
    state.num_players = np
    s.rng = F.int(data["rng"], "rng", 0, UINT64_MAX)
    s.rounds = F.int(data["rounds"], "rounds", CS_ROUNDS[np], CS_ROUNDS[np])
    s.round = F.int(data["round"], "round", 1, s.rounds)
    s.start = F.int(data["start"], "start", 0, np - 1)
    s.track = F.int(data["track"], "track", 0, s.rounds)
    if s.track != s.rounds - s.round:
        F.fail("track", f"round {s.round} of {s.rounds} leaves {s.rounds - s.round} talers on the round track, "
               f"not {s.track}")
    s.last_round = F.bool(data["last_round"], "last_round")
    s.bank = F.int(data["bank"], "bank", 0, CS_K[K_TOTAL_TALERS])
    s.phase = _name(data["phase"], "phase", PHASES, "phase")
    s.actor = F.int(data["actor"], "actor", 0, np - 1)
    _fill_res(s.stock, data["stock"], "stock")
    _fill_res(s.tower, data["tower"], "tower")
    s.forge = F.int(data["forge"], "forge", 0, CS_BOX[SILVER])
    tiles = F.object(data["tiles"], "tiles", keys=BUILDING_IDS)
    for t in range(NB):
        s.tiles[t] = F.int(tiles[BUILDING_IDS[t]], at("tiles", BUILDING_IDS[t]), 0, CS_TILES[t])
    spots = F.object(data["spots"], "spots", keys=SPOTS)
    rounds = F.ints(data["spot_rounds"], "spot_rounds", 0, s.round, length=NSPOT)
    for k in range(NSPOT):
        s.spot_owner[k] = _owner(spots[SPOTS[k]], at("spots", SPOTS[k]), np)
        s.spot_round[k] = rounds[k]
        if s.spot_owner[k] == NOBODY and rounds[k]:
            F.fail(at("spot_rounds", k), f"the {SPOTS[k]} spot is free, so its round must be 0")
    places = F.object(data["places"], "places", keys=PLACE_IDS)
    for k in range(NPLACE):
        s.place_owner[k] = _owner(places[PLACE_IDS[k]], at("places", PLACE_IDS[k]), np)
    s.picks = F.int(data["picks"], "picks", 0, np * picks_per_player(s))
    queue = F.list(data["queue"], "queue", max_length=MAXQ)
    s.qn = len(queue)
    for k, e in enumerate(queue):
        if e == "payout":
            s.queue[k] = Q_PAYOUT
            continue
        if not isinstance(e, list) or len(e) != 2:
            F.fail(at("queue", k), f"must be [seat, card] or \"payout\", got {shown(e)}")
        p = F.int(e[0], at(at("queue", k), 0), 0, np - 1)
        s.queue[k] = p * 8 + _name(e[1], at(at("queue", k), 1), CARDS, "card")
    s.qi = F.int(data["queue_pos"], "queue_pos", 0, MAXQ)
    s.eq_i = F.int(data["equip_pos"], "equip_pos", 0, 3 * np)
    s.traders = F.int(data["traders"], "traders", 0, np)
    turn = F.object(data["turn"], "turn", keys=TURN_KEYS)
    s.builds = F.int(turn["builds"], "turn.builds", 0, CS_K[K_MAX_BUILDS])
    s.placed = F.int(turn["helpers"], "turn.helpers", 0, CS_K[K_MAX_HELPERS])
    s.bld = _name(turn["building"], "turn.building", BUILDING_IDS, "building")
    s.pay_k = F.int(turn["pay_step"], "turn.pay_step", 0, 2)
    s.pay_rem = F.int(turn["pay_left"], "turn.pay_left", 0, max(CS_VALUE[t] for t in range(NB)))
    paid = F.ints(turn["paid"], "turn.paid", 0, 15, length=4)
    for k in range(4):
        s.pay_y[k] = paid[k]
    s.place = _name(turn["place"], "turn.place", PLACE_IDS, "place")
    _read_winter(s, data, np)
    seats = F.list(data["seats"], "seats", length=np)
    for p in range(np):
        where = at("seats", p)
        seat = F.object(seats[p], where, keys=SEAT_KEYS, optional=SEAT_OPTIONAL)
        s.vp[p] = F.int(seat["vp"], at(where, "vp"), 0, MAX_VP)
        s.talers[p] = F.int(seat["talers"], at(where, "talers"), 0, CS_K[K_TOTAL_TALERS])
        _fill_res(s.res[p], seat["resources"], at(where, "resources"))
        s.helpers[p] = F.int(seat["helpers"], at(where, "helpers"), 0, CS_HELPERS[np])
        s.hand[p] = _mask(seat["hand"], at(where, "hand"))
        s.sel[p] = _mask(seat["selected"], at(where, "selected"))
        workers = F.object(seat["workers"], at(where, "workers"), keys=WORKERS)
        for w in range(3):
            _fill_res(s.wcard[p][w], workers[WORKERS[w]], at(at(where, "workers"), WORKERS[w]))
        # two cards a round, each erecting up to the data's max_builds (2 x 2 with the shipped data)
        s.built_round[p] = F.int(seat["built_round"], at(where, "built_round"), 0, 2 * CS_K[K_MAX_BUILDS])
        helped = F.list(seat["helped_round"], at(where, "helped_round"), max_length=NHB)
        for i, name in enumerate(helped):
            r = _name(name, at(at(where, "helped_round"), i), HELPER_BUILDINGS, "helper building")
            if s.hb_round[p] & (1 << r):
                F.fail(at(where, "helped_round"), f"lists {name} twice")
            s.hb_round[p] |= 1 << r
        played = F.object(seat["played"], at(where, "played"), keys=CARDS)
        for c in range(NCARD):
            s.played[p][c] = F.int(played[CARDS[c]], at(at(where, "played"), CARDS[c]), 0, 60)
        built = F.object(seat["built"], at(where, "built"), keys=BUILDING_IDS)
        for t in range(NB):
            s.built[p][t] = F.int(built[BUILDING_IDS[t]], at(at(where, "built"), BUILDING_IDS[t]), 0, CS_TILES[t])
        s.vp_build[p] = F.int(seat["vp_buildings"], at(where, "vp_buildings"), 0, MAX_VP)
        s.vp_master[p] = F.int(seat["vp_master"], at(where, "vp_master"), 0, MAX_VP)
        s.vp_final[p] = F.int(seat["vp_final"], at(where, "vp_final"), 0, MAX_VP)
        s.conv_talers[p] = F.int(seat["converted_talers"], at(where, "converted_talers"), 0, CS_K[K_TOTAL_TALERS])
        _fill_res(s.conv_res[p], seat["converted"], at(where, "converted"))
        s.vp_winter[p] = F.int(seat["vp_winter"], at(where, "vp_winter"), 0, MAX_VP)
        if s.vp_winter[p] and not s.winter:
            F.fail(at(where, "vp_winter"), "VP from winter cards in a game without the winter variant")
        s.vp_seat[p] = F.int(seat.get("seat_vp", 0), at(where, "seat_vp"), 0, SEAT_VP_MAX)
        total = s.vp_build[p] + s.vp_master[p] + s.vp_final[p] + s.vp_winter[p] + s.vp_seat[p]
        if s.vp[p] != total:
            F.fail(at(where, "vp"), f"must be vp_buildings + vp_master + vp_final + vp_winter"
                   f"{' + seat_vp' if s.vp_seat[p] else ''} = {total}, got {s.vp[p]}")
    _check_pieces(s, np)
    _check_winter(s, np)
    _check_flow(s, np)
    _check_agreement(s, np)
    if s.phase != PH_OVER and cs_legal(s, buf) == 0:
        F.fail("phase", f"seat {s.actor} has no legal action in phase {PHASES[s.phase]}: the position is impossible")


cdef int _check_pieces(CS* s, int np) except -1:
    """Conservation of pieces, talers, helpers and tiles; helpers only where they can be."""
    cdef int p, k, w, t, n, pl
    for pl in range(NPLACE):
        if s.place_owner[pl] == NOBODY:
            continue
        if not hb_erected(s, CS_PLACE_HB[pl]):
            F.fail(at("places", PLACE_IDS[pl]), "a helper on a building not erected")
        if CS_TWIN[pl] >= 0 and s.place_owner[CS_TWIN[pl]] == NOBODY:
            F.fail(at("places", PLACE_IDS[pl]), f"occupied while {PLACE_IDS[CS_TWIN[pl]]} is free "
                   f"(the first place is taken first)")
    for k in range(NRES):
        n = s.stock[k] + s.tower[k] + (s.forge if k == SILVER else 0)
        for p in range(np):
            n += s.res[p][k] + s.conv_res[p][k]
            for w in range(3):
                n += s.wcard[p][w][k]
        if n != CS_BOX[k]:
            F.fail("stock", f"{n} {RESOURCES[k]} pieces in the position, the box has {CS_BOX[k]}")
    n = s.bank + s.track
    for p in range(np):
        n += s.talers[p] + s.conv_talers[p]
    if n != CS_K[K_TOTAL_TALERS]:
        F.fail("bank", f"{n} talers in the position (bank, players, round track, converted), the game has "
               f"{CS_K[K_TOTAL_TALERS]}")
    for p in range(np):
        n = s.helpers[p]
        for k in range(NSPOT):
            n += s.spot_owner[k] == p
        for k in range(NPLACE):
            n += s.place_owner[k] == p
        if n != CS_HELPERS[np]:
            F.fail(at(at("seats", p), "helpers"), f"seat {p} has {n} helpers in all, not {CS_HELPERS[np]}")
    for t in range(NB):
        n = s.tiles[t]
        for p in range(np):
            n += s.built[p][t]
        if n != CS_TILES[t]:
            F.fail(at("tiles", BUILDING_IDS[t]), f"tiles left plus built make {n}, not {CS_TILES[t]}")
    if bool(s.last_round) != (tiles_left(s) == 0):
        F.fail("last_round", "must be true exactly when every tile is built")
    for p in range(np):
        for k in range(NHB):
            if s.hb_round[p] & (1 << k) and not any(s.place_owner[pl] == p and CS_PLACE_HB[pl] == k
                                                      for pl in range(NPLACE)):
                F.fail(at(at("seats", p), "helped_round"), f"{HELPER_BUILDINGS[k]}: none of seat {p}'s helpers is there")
    return 0


cdef list _revealed_queue(CS* s, int np):
    """The resolution order reveal() builds from the selections (seat*8+card, Q_PAYOUT)."""
    cdef int g, i, p, c
    queue = []
    for g in range(6):
        for i in range(np):
            p = (s.start + i) % np
            for c in range(NCARD):
                if CS_GROUP[c] == g and s.sel[p] & (1 << c):
                    queue.append(p * 8 + c)
        if g == 1 and s.traders:
            queue.append(Q_PAYOUT)
    return queue


def _queue_text(queue):
    return "[" + ", ".join('"payout"' if e == Q_PAYOUT else f"[{e >> 3}, \"{CARDS[e & 7]}\"]" for e in queue) + "]"


cdef int _check_flow(CS* s, int np) except -1:
    """Hands, selections, the resolution queue and the turn counters must describe a reachable moment."""
    cdef int p, k, w, n, c, e, i, a = s.actor
    cdef int ph = s.phase
    cdef int ppp = picks_per_player(s)
    cdef int all_picks = np * ppp
    cdef int master = 1 << C_MASTER
    for p in range(np):
        where = at("seats", p)
        if ph != PH_OVER and (s.vp_final[p] or s.conv_talers[p] or any(s.conv_res[p][k] for k in range(NRES))):
            F.fail(where, "final scoring (vp_final, converted) before the game is over")
    if ph == PH_PAY:
        if not s.tiles[s.bld]:
            F.fail("turn.building", f"no {BUILDING_IDS[s.bld]} tile is left to build")
        n = CS_VALUE[s.bld]
        for k in range(s.pay_k):
            n -= s.pay_y[k] * CS_BP[CS_PAY_KIND[k]]
        if n != s.pay_rem or any(s.pay_y[k] for k in range(s.pay_k, 4)):
            F.fail("turn.pay_left", f"the {BUILDING_IDS[s.bld]} costs {CS_VALUE[s.bld]}: pay_left must be what "
                   f"the steps paid so far leave ({n}), later steps 0")
    elif s.pay_k or s.pay_rem or any(s.pay_y[k] for k in range(4)):
        F.fail("turn", "pay_step, pay_left and paid are 0 outside a payment")
    if ph == PH_OVER:
        # the game ends after the last round, or after the round in which the last tile is built
        if s.round < s.rounds and tiles_left(s) > 0:
            F.fail("phase", f"the game is over in round {s.round} of {s.rounds} with {tiles_left(s)} tiles "
                   f"left to build")
        for k in range(NSPOT):
            if s.spot_owner[k] != NOBODY:
                F.fail(at("spots", SPOTS[k]), "the game is over, so the trader's helpers went home")
        if s.picks != all_picks:
            F.fail("picks", f"the game is over after every card of the round was chosen ({all_picks})")
        return 0
    if ph == PH_WINTER:
        if s.picks or any(s.sel[p] for p in range(np)) or s.qn or s.qi or s.eq_i or s.traders:
            F.fail("phase", "a winter offer is answered before the selection (no picks, no queue)")
        for p in range(np):
            if s.built_round[p] or s.hb_round[p] or any(s.wcard[p][w][k] for w in range(3) for k in range(NRES)):
                F.fail(at("seats", p), "built_round, helped_round and worker cards are empty before the selection")
        return 0
    if ph == PH_SELECT:
        if s.picks >= all_picks:
            F.fail("picks", "every card is chosen but the phase is still select")
        if a != selector(s, s.picks):
            F.fail("actor", f"selection {s.picks} belongs to seat {selector(s, s.picks)}")
        if s.qn or s.qi or s.eq_i or s.traders:
            F.fail("queue", "the cards are revealed and queued only after the selection "
                   "(queue, queue_pos, equip_pos and traders must be empty)")
        for p in range(np):
            where = at("seats", p)
            made = sum(1 for i in range(s.picks) if selector(s, i) == p)
            n = __builtin_popcount(s.sel[p])
            if n != made:
                F.fail(at(where, "selected"), f"seat {p} made {made} of the {s.picks} selections, not {n}")
            if not s.hand[p] & master:
                F.fail(at(where, "hand"), "the masterbuilder is in every hand until it is played")
            if np == 2 and __builtin_popcount(s.hand[p]) % 2:
                F.fail(at(where, "hand"), "with 2 players hands hold an even number of cards (2 are played a round)")
            if s.sel[p] & ~valid_cards(s, p):
                F.fail(at(where, "selected"), "a card he may not choose (not in hand, or the masterbuilder "
                       "while holding all 8)")
            if np == 2 and n == 1 and not s.sel[p] & ~(1 << high_bit(valid_cards(s, p))):
                F.fail(at(where, "selected"), "the first card of a pair must leave a higher card for the second")
            if s.built_round[p] or s.hb_round[p]:
                F.fail(where, "built_round and helped_round count this round only and start at 0")
            for w in range(3):
                if any(s.wcard[p][w][k] for k in range(NRES)):
                    F.fail(at(at(where, "workers"), WORKERS[w]), "worker cards are loaded only at the reveal")
        return 0
    # the cards are revealed: the queue is the selections in resolution order
    if s.picks != all_picks:
        F.fail("picks", f"resolving cards before every card was chosen ({s.picks} of {all_picks})")
    n = sum(1 for p in range(np) if s.sel[p] & (1 << C_TRADER))
    if s.traders != n:
        F.fail("traders", f"{n} trader cards were revealed, not {s.traders}")
    for p in range(np):
        if __builtin_popcount(s.sel[p]) != ppp:
            F.fail(at(at("seats", p), "selected"), f"every seat reveals {ppp} card(s) a round")
    expected = _revealed_queue(s, np)
    if [s.queue[k] for k in range(s.qn)] != expected:
        F.fail("queue", f"must be the revealed cards in resolution order: {_queue_text(expected)}")
    resolved = set([s.queue[k] for k in range(s.qi if ph != PH_LOAD else 0)])
    for p in range(np):
        where = at("seats", p)
        if s.sel[p] & master and p * 8 + C_MASTER in resolved:
            if s.hand[p] != ALL_CARDS:
                F.fail(at(where, "hand"), "the masterbuilder resolved: every card is back in hand")
        else:
            if s.hand[p] & s.sel[p]:
                F.fail(at(where, "hand"), "revealed cards leave the hand")
            if not (s.hand[p] | s.sel[p]) & master:
                F.fail(at(where, "hand"), "the masterbuilder is in every hand until it is played")
            if np == 2 and __builtin_popcount(s.hand[p] | s.sel[p]) % 2:
                F.fail(at(where, "hand"), "with 2 players hands hold an even number of cards (2 are played a round)")
            if s.hand[p] | s.sel[p] == ALL_CARDS and s.sel[p] & master:
                F.fail(at(where, "selected"), "the masterbuilder cannot be chosen while holding all 8 cards")
    if ph == PH_LOAD:
        if s.qi:
            F.fail("queue_pos", "worker cards are loaded before any card resolves")
        p = (s.start + s.eq_i // 3) % np
        if s.eq_i >= 3 * np or s.eq_i % 3 != 1 or not s.sel[p] & (1 << C_WORKER2) or a != p:
            F.fail("equip_pos", "a load decision is worker2's, of the seat being loaded (the actor)")
    else:
        if s.eq_i != 3 * np:
            F.fail("equip_pos", f"cards resolve after every worker card is loaded ({3 * np})")
        if s.qi >= s.qn:
            F.fail("queue_pos", "resolution past the end of the queue")
        e = s.queue[s.qi]
        if e == Q_PAYOUT or (e >> 3) != a:
            F.fail("queue_pos", f"the entry being resolved does not belong to seat {a}")
        c = e & 7
        if ph == PH_TRADER:
            ok = c == C_TRADER
        elif ph == PH_TOWER:
            ok = c == C_BRICKLAYER
        elif ph == PH_BUY:
            ok = c == C_STONEMASON
        elif ph in (PH_BUILD, PH_PAY):
            ok = c in (C_BRICKLAYER, C_STONEMASON, C_WORKER1, C_WORKER1 + 1, C_WORKER1 + 2)
        else:
            ok = c in (C_BRICKLAYER, C_STONEMASON)
        if not ok:
            F.fail("phase", f"{PHASES[ph]} is no decision of the {CARDS[c]} being resolved")
        if ph in (PH_TRADER, PH_TOWER, PH_BUY) and (s.builds or s.placed):
            F.fail("turn", f"{PHASES[ph]}: nothing is built or placed before it (builds and helpers 0)")
        # the data's max_builds and max_helpers, not the shipped 2: other data must read back too
        if ph in (PH_BUILD, PH_PAY) and (s.builds >= CS_K[K_MAX_BUILDS] or s.placed):
            F.fail("turn", f"{PHASES[ph]}: a card erects at most {CS_K[K_MAX_BUILDS]} buildings, before any helper")
        if ph in (PH_HELPER, PH_SOURCE) and (not s.builds or s.placed >= CS_K[K_MAX_HELPERS]):
            F.fail("turn", f"{PHASES[ph]}: helpers follow a building, at most {CS_K[K_MAX_HELPERS]}")
    for p in range(np):
        where = at("seats", p)
        for w in range(3):
            if not any(s.wcard[p][w][k] for k in range(NRES)):
                continue
            c = C_WORKER1 + w
            loading = ph == PH_LOAD and 3 * ((p - s.start) % np) + w <= s.eq_i
            if not s.sel[p] & (1 << c) or (ph == PH_LOAD and not loading) or \
                    (ph != PH_LOAD and (p * 8 + c in resolved or s.queue[s.qi] == p * 8 + c)):
                F.fail(at(at(where, "workers"), WORKERS[w]), "pieces on a worker card that is not played, not "
                       "loaded yet or already resolved")
    if ph == PH_SOURCE and not place_ok(s, a, s.place):
        F.fail("turn.place", f"seat {a} cannot put a helper on {PLACE_IDS[s.place]}")
    return 0


cdef int _check_agreement(CS* s, int np) except -1:
    """Counters that follow from others must agree with them: a trader's helper was placed in some
    round, the card being resolved erected and placed no more than its seat did this round."""
    cdef int k, a = s.actor
    for k in range(NSPOT):
        if s.spot_owner[k] != NOBODY and s.spot_round[k] == 0:
            F.fail(at("spot_rounds", k), f"0, but seat {s.spot_owner[k]}'s helper holds the {SPOTS[k]} spot: "
                   f"the round it was placed, 1..{s.round}")
    if s.phase in (PH_BUILD, PH_PAY, PH_HELPER, PH_SOURCE):
        if s.builds > s.built_round[a]:
            F.fail("turn.builds", f"{s.builds}, but seat {a} erected {s.built_round[a]} buildings this round "
                   f"(seats[{a}].built_round)")
        if s.placed > __builtin_popcount(s.hb_round[a]):
            F.fail("turn.helpers", f"{s.placed}, but seat {a} placed {__builtin_popcount(s.hb_round[a])} castle helpers "
                   f"this round (seats[{a}].helped_round)")
    return 0


cdef int _read_winter(CS* s, data, int np) except -1:
    """The winter fields: the option, the cards drawn (as many as marked rounds so far), an offer."""
    cdef int k, c, marked
    s.winter = F.bool(data["winter"], "winter")
    drawn = F.list(data["winter_cards"], "winter_cards", max_length=NWCARD)
    seen = set()
    for k, name in enumerate(drawn):
        c = _name(name, at("winter_cards", k), D.WINTER_CARD_IDS, "winter card")
        if c in seen:
            F.fail("winter_cards", f"lists {name} twice (each card is drawn once)")
        seen.add(c)
        s.w_drawn[k] = c
    s.w_n = len(drawn)
    marked = min(NWCARD, sum(1 for r in D.WINTER_ROUNDS if r <= s.round)) if s.winter else 0
    if s.w_n != marked:
        F.fail("winter_cards", f"{marked} winter cards are drawn by round {s.round} "
               f"({'marked rounds ' + ', '.join(map(str, D.WINTER_ROUNDS)) if s.winter else 'no winter variant'}), "
               f"got {s.w_n}")
    s.w_asked = F.int(data["winter_asked"], "winter_asked", 0, np - 1)
    winter_mods(s)
    return 0


cdef int _check_winter(CS* s, int np) except -1:
    """A winter offer being answered: this round's card is an offer, asked seat by seat."""
    if s.phase == PH_WINTER:
        if not s.w_n or CS_WKIND[s.w_drawn[s.w_n - 1]] != W_OFFER or s.round not in D.WINTER_ROUNDS:
            F.fail("phase", "winter: only when this round's winter card is an offer")
        if s.actor != (s.start + s.w_asked) % np:
            F.fail("actor", f"the offer is asked seat by seat from the start player: seat {(s.start + s.w_asked) % np}")
        if not winter_offer_ok(s, s.actor):
            F.fail("actor", f"seat {s.actor} cannot pay the offer, so he is not asked")
    elif s.w_asked:
        F.fail("winter_asked", "0 outside a winter offer")
    return 0
