# cython: language_level=3
"""Tiletum positions as JSON (format documented in docs/tiletum.md), with validation.

``position_from_dict`` first completes a short position (position_short.py, beside this room),
then checks every field's type, length and range with engine_c.validate before anything is
written into the C struct (boundscheck is off in release builds), then the position's
consistency: every tile in exactly one place (position_checks.py), the round, pass, turn and
phase, the dice left on the wheel, the corruption tokens, the counts that follow from the board,
the turn in progress and the pending decision (``from_json`` then checks that play can go on).
Every error is one line naming the field, e.g. ``tiletum: seats[1].storage[0]: unknown tile 'x9'
(valid: ...)``.
"""
from libc.string cimport memset

from engine_c.tiletum.state cimport TiletumState
from engine_c.tiletum.types cimport *
from engine_c.tiletum.tables cimport *
from engine_c.tiletum.rules cimport *

from engine_c.validate import at, shown, UINT64_MAX
from engine_c.tiletum.data import (ACTIONS, CITIES, RESOURCES, RES_SHORT, HOUSE_SPACES, PILLAR_SPACES,
                                   BONUS_SPACES, PERSON_TYPES)
from engine_c.tiletum.data import PERSONS as PERSON_TABLE, CONTRACTS as CONTRACT_TABLE
from engine_c.tiletum.data import CATHEDRAL_COST_MAX, HOUSES_AVAIL_MAX, PILLARS_AVAIL_MAX   # the data's bounds
from engine_c.tiletum.position_checks import (
    F, listed, PHASES, CHOOSE_MODES, CURRENT_FIELDS, CATHEDRAL_NAMES, FAIR_NAMES, MAX_KING_STACK, die_index,
    storage_tile, check_tiles_conserved, check_displays, check_fairs, check_cathedral_costs, crest_bonus_ap)
from engine_c.tiletum.position_short import complete_position

TOP_FIELDS = ("game", "players", "rng", "round", "pass", "turn", "phase", "actor", "order",
              "wheel_rotation", "segments_used", "king_counter", "corruption_left", "corruption_revealed",
              "current", "dice", "wheel_bonus", "king_bonus", "map", "cathedrals", "fairs",
              "person_display", "contract_display", "bonus_stack", "person_stack", "person_discard",
              "contract_stack", "bonus_out", "contracts_out", "seats")
# wheel_order: the base order if absent; wheel: informational; die_wrap: the option, true if absent
TOP_OPTIONAL = ("wheel_order", "wheel", "die_wrap")
CITY_FIELDS = ("city", "houses", "pillars", "bonus")
SEAT_FIELDS = ("vp", "final_vp", "resources", "king", "king_stack", "merchant", "architect",
               "houses_available", "pillars_available", "storage", "buildings", "bonus_ap", "contracts",
               "crest_contracts", "cathedrals")

MAX_COUNT = 60          # AP, free moves, pending choices, swaps, bonus AP: far above anything reachable
MAX_RES = 9999          # resources (uint16 in the struct, with room to grow in play)
TURN_PHASES = (PH_DIE, PH_WBONUS, PH_JESTER, PH_ACT, PH_CHOOSE)
DIE_TAKEN_PHASES = (PH_WBONUS, PH_JESTER, PH_ACT, PH_CHOOSE)
TILE_BASE = {"b": T_BONUS, "p": T_PERSON, "c": T_CONTRACT}


def _id(value, path, n):
    """null -> 0, else an id 0..n-1 -> id + 1 (the struct's encoding of an optional id)."""
    return 0 if value is None else F.int(value, path, 0, n - 1) + 1


def _id_set(value, path, n):
    """A list of distinct ids 0..n-1, sorted (the struct's stacks are sorted sets)."""
    return sorted(F.ints(value, path, 0, n - 1, max_length=n, distinct=True))


def _names(value, path, choices, max_length):
    """A list of distinct names from ``choices``, as their indices."""
    F.list(value, path, max_length=max_length)
    out = [F.index(v, at(path, i), choices) for i, v in enumerate(value)]
    if len(set(out)) != len(out):
        F.fail(path, f"lists a value twice: {listed(value)}")
    return out


def _tile_name(int code):
    """Storage tile code -> 'b12' / 'p3' / 'c7' / 'crest'."""
    if code < T_PERSON:
        return f"b{code - T_BONUS}"
    if code < T_CONTRACT:
        return f"p{code - T_PERSON}"
    if code < T_CREST:
        return f"c{code - T_CONTRACT}"
    return "crest"


def _opt_out(int v):
    """Stored id+1 (0 = none) -> id or None."""
    return None if v == 0 else v - 1


def _mask_list(unsigned long long m, int n):
    """Set bits of a mask as a list."""
    return [i for i in range(n) if (m >> i) & 1]


def position_to_dict(TiletumState state):
    """The position as plain data (the full form)."""
    cdef TT* s = &state.st
    cdef TTPlayer* pl
    cdef int p, c, k, b
    seats = []
    for p in range(s.np):
        pl = &s.pl[p]
        seats.append({
            "vp": int(pl.vp), "final_vp": int(pl.final_vp),
            "resources": {RESOURCES[r]: int(pl.res[r]) for r in range(NRES)},
            "king": int(pl.king), "king_stack": int(pl.kseq),
            "merchant": CITIES[pl.merchant], "architect": CITIES[pl.architect],
            "houses_available": int(pl.houses_avail), "pillars_available": int(pl.pillars_avail),
            "storage": [_tile_name(pl.store[k]) for k in range(pl.nstore)],
            "buildings": [{"persons": [int(pl.bld_person[b][k]) - 1 for k in range(pl.bld_n[b])],
                           "crest": bool(pl.crested[b])} for b in range(NBLD)],
            "bonus_ap": {ACTIONS[a]: int(pl.bonus_ap[a]) for a in range(NACT) if pl.bonus_ap[a]},
            "contracts": _mask_list(pl.contracts_mask, NC_TILES),
            "crest_contracts": int(pl.crest_contracts),
            "cathedrals": [CITIES[TT_CATH_CITY[c]] for c in range(NCATH) if (pl.cath_mask >> c) & 1],
        })
    cities = []
    for c in range(NCITY):
        cities.append({
            "city": CITIES[c],
            "houses": [_opt_out(s.house_owner[c][k]) for k in range(TT_NHOUSE[c])],
            "pillars": [_opt_out(s.pillar_owner[c][k]) for k in range(TT_NPILLAR[c])],
            "bonus": [_opt_out(s.map_bonus[c][k]) for k in range(TT_NBSPACE[c])],
        })
    return {
        "game": "tiletum",
        "players": int(s.np),
        "rng": int(s.rng),
        "round": int(s.round) + 1,
        "pass": int(s.pass_) + 1,
        "turn": int(s.turn),
        "phase": PHASES[s.phase],
        "actor": int(s.actor),
        "order": [int(s.order[i]) for i in range(s.np)],
        "wheel_rotation": int(s.rot),
        "wheel_order": [ACTIONS[s.wheel_order[i]] for i in range(NACT)],
        "die_wrap": bool(s.die_wrap),
        "wheel": [ACTIONS[wheel_action(s, v)] for v in range(1, 7)],
        "segments_used": [ACTIONS[a] for a in range(NACT) if (s.seg_used >> a) & 1],
        "king_counter": int(s.kcounter),
        "corruption_left": _mask_list(s.corr_left, 6),
        "corruption_revealed": _opt_out(s.corr_last),
        "current": {"action": ACTIONS[s.act], "jester": bool(s.jester), "ap": int(s.ap),
                    "die": f"{RES_SHORT[s.die_col]}{s.die_val}" if s.die_val else None,
                    "free_moves": int(s.free_moves), "any_resources": int(s.any_res),
                    "swaps": int(s.swaps), "choose": CHOOSE_MODES[s.choose_mode],
                    "segment": ACTIONS[s.seg]},
        "dice": {f"{RES_SHORT[c]}{v + 1}": int(s.dice[c][v]) for c in range(NRES) for v in range(6) if s.dice[c][v]},
        "wheel_bonus": {ACTIONS[a]: _opt_out(s.wheel_bonus[a]) for a in range(NACT)},
        "king_bonus": [_opt_out(s.king_bonus[i]) for i in range(3)],
        "map": cities,
        "cathedrals": [{"city": CITIES[TT_CATH_CITY[c]], "cost": int(s.cath_cost[c]), "taken": int(s.cath_taken[c])}
                       for c in range(NCATH)],
        "fairs": [{"tile": FAIR_NAMES[s.fair_tile[i]], "city": CITIES[s.fair_city[i]]} for i in range(ROUNDS)],
        "person_display": [_opt_out(s.person_disp[i]) for i in range(NDISP)],
        "contract_display": [_opt_out(s.contract_disp[i]) for i in range(NDISP)],
        "bonus_stack": [int(s.bonus_pool[i]) for i in range(s.n_bonus_pool)],
        "person_stack": [int(s.person_pool[i]) for i in range(s.n_person_pool)],
        "person_discard": [int(s.person_discard[i]) for i in range(s.n_person_discard)],
        "contract_stack": [int(s.contract_pool[i]) for i in range(s.n_contract_pool)],
        "bonus_out": _mask_list(s.bonus_used, NB_TILES),
        "contracts_out": _mask_list(s.contracts_gone, NC_TILES),
        "seats": seats,
    }




def position_from_dict(TiletumState state, data):
    """Fill ``state`` from position data, full or short; InvalidPositionError if it is wrong.

    The error is one line naming the field, for malformed data or an impossible position.  Every
    value is checked before it is stored."""
    cdef TT* s = &state.st
    cdef int np, i, k, a
    memset(s, 0, sizeof(TT))
    F.position(data)
    data = complete_position(data)
    F.object(data, "", keys=TOP_FIELDS, optional=TOP_OPTIONAL)

    # ---- round, pass, turn, phase -----------------------------------------------------------
    np = F.int(data["players"], "players", 2, MAXP)
    s.np = np
    state.num_players = np
    s.rng = F.int(data["rng"], "rng", 0, UINT64_MAX)
    s.round = F.int(data["round"], "round", 1, ROUNDS) - 1
    s.pass_ = F.int(data["pass"], "pass", 1, PASSES + 1) - 1    # 4: the round is over (king phase)
    s.turn = F.int(data["turn"], "turn", 0, np - 1)
    s.phase = F.index(data["phase"], "phase", PHASES)
    s.actor = F.int(data["actor"], "actor", 0, np - 1)
    order = F.permutation(data["order"], "order", np)
    for i in range(np):
        s.order[i] = order[i]
    s.rot = F.int(data["wheel_rotation"], "wheel_rotation", 0, 5)
    wheel_order = data.get("wheel_order", ACTIONS)
    F.list(wheel_order, "wheel_order", length=NACT)
    idx = [F.index(v, at("wheel_order", i), ACTIONS) for i, v in enumerate(wheel_order)]
    if sorted(idx) != list(range(NACT)):
        F.fail("wheel_order", f"must list the six actions once each ({', '.join(ACTIONS)}), got {listed(wheel_order)}")
    for i in range(NACT):
        s.wheel_order[i] = idx[i]
    s.die_wrap = F.bool(data.get("die_wrap", True), "die_wrap")
    expected = [ACTIONS[wheel_action(s, v)] for v in range(1, 7)]
    if "wheel" in data and data["wheel"] != expected:
        F.fail("wheel", f"{listed(data['wheel'])} does not match wheel_rotation {s.rot}, wheel_order and round "
                        f"{s.round + 1}, which give {listed(expected)} (or leave wheel_rotation out)")
    for a in _names(data["segments_used"], "segments_used", ACTIONS, NACT):
        s.seg_used |= 1 << a
    s.kcounter = F.int(data["king_counter"], "king_counter", np, MAX_KING_STACK)
    corr_left = F.ints(data["corruption_left"], "corruption_left", 0, 5, max_length=6, distinct=True)
    for i in corr_left:
        s.corr_left |= 1 << i
    s.corr_last = _id(data["corruption_revealed"], "corruption_revealed", 6)

    # ---- the turn in progress -----------------------------------------------------------------
    cur = F.object(data["current"], "current", keys=CURRENT_FIELDS)
    s.act = F.index(cur["action"], "current.action", ACTIONS)
    if s.act == JESTER:
        F.fail("current.action", f"'jester' cannot be the action itself: it is the action the jester copies "
                                 f"({', '.join(ACTIONS[:JESTER])})")
    s.jester = F.bool(cur["jester"], "current.jester")
    s.ap = F.int(cur["ap"], "current.ap", 0, MAX_COUNT)
    if cur["die"] is not None:
        k = die_index(cur["die"], "current.die")
        s.die_col = k // 6
        s.die_val = k % 6 + 1
    s.free_moves = F.int(cur["free_moves"], "current.free_moves", 0, MAX_COUNT)
    s.any_res = F.int(cur["any_resources"], "current.any_resources", 0, MAX_COUNT)
    s.swaps = F.int(cur["swaps"], "current.swaps", 0, MAX_COUNT)
    s.choose_mode = F.index(cur["choose"], "current.choose", CHOOSE_MODES)
    s.seg = F.index(cur["segment"], "current.segment", ACTIONS)

    # ---- dice, tiles on the boards --------------------------------------------------------------
    colours = _read_board(s, data)
    for p in range(np):
        _read_seat(s, data, p)
    stacks = [s.pl[p].kseq for p in range(np)]
    if s.kcounter != max(stacks):
        F.fail("king_counter", f"must be {max(stacks)} (the last king stack number handed out: seat "
                               f"{stacks.index(max(stacks))}'s king_stack, the highest; or leave it out), "
                               f"got {s.kcounter}")

    # ---- consistency ------------------------------------------------------------------------------
    check_tiles_conserved(data)
    check_displays(data)
    check_fairs([s.fair_tile[i] for i in range(ROUNDS)], [s.fair_city[i] for i in range(ROUNDS)])
    check_cathedral_costs([s.cath_cost[c] for c in range(NCATH)], [s.cath_taken[c] for c in range(NCATH)])
    for c in range(NCATH):
        n = sum(1 for p in range(np) if (s.pl[p].cath_mask >> c) & 1)
        if n != s.cath_taken[c]:
            F.fail(at(at("cathedrals", c), "taken"),
                   f"{s.cath_taken[c]} tiles taken from {CATHEDRAL_NAMES[c]}, but {n} seats list it under cathedrals "
                   f"(one tile per seat; or leave taken out)")
    _check_round(s, data)
    _check_turn(s, colours)
    _check_pending(s)          # the base class then checks that the seat to act has a legal move


cdef _read_board(TT* s, data):
    """Dice, bonus tiles, map, cathedrals, fairs, displays, stacks and out lists; the dice per colour."""
    cdef int np = s.np, c, k, i
    F.object(data["dice"], "dice")
    colours = [0] * NRES
    for key, cnt in data["dice"].items():
        k = die_index(key, at("dice", key))
        cnt = F.int(cnt, at("dice", key), 0, np)
        s.dice[k // 6][k % 6] = cnt
        colours[k // 6] += cnt
    F.object(data["wheel_bonus"], "wheel_bonus", keys=ACTIONS)
    for a in range(NACT):
        s.wheel_bonus[a] = _id(data["wheel_bonus"][ACTIONS[a]], at("wheel_bonus", ACTIONS[a]), NB_TILES)
    F.list(data["king_bonus"], "king_bonus", length=3)
    for i in range(3):
        s.king_bonus[i] = _id(data["king_bonus"][i], at("king_bonus", i), NB_TILES)
    F.list(data["map"], "map", length=NCITY)
    for c in range(NCITY):
        _read_city(s, data["map"][c], c)
    F.list(data["cathedrals"], "cathedrals", length=NCATH)
    for c in range(NCATH):
        where = at("cathedrals", c)
        cath = F.object(data["cathedrals"][c], where, keys=("city", "cost", "taken"))
        if cath["city"] != CATHEDRAL_NAMES[c]:
            F.fail(at(where, "city"), f"must be {CATHEDRAL_NAMES[c]!r} (the cathedrals in map order: "
                                      f"{', '.join(CATHEDRAL_NAMES)}), got {shown(cath['city'])}")
        s.cath_cost[c] = F.int(cath["cost"], at(where, "cost"), 0, CATHEDRAL_COST_MAX)
        s.cath_taken[c] = F.int(cath["taken"], at(where, "taken"), 0, TT_CATH_NTILES[c])
    F.list(data["fairs"], "fairs", length=ROUNDS)
    for i in range(ROUNDS):
        fair = F.object(data["fairs"][i], at("fairs", i), keys=("tile", "city"))
        s.fair_tile[i] = F.index(fair["tile"], at(at("fairs", i), "tile"), FAIR_NAMES)
        s.fair_city[i] = F.index(fair["city"], at(at("fairs", i), "city"), CITIES)
    F.list(data["person_display"], "person_display", length=NDISP)
    F.list(data["contract_display"], "contract_display", length=NDISP)
    for i in range(NDISP):
        s.person_disp[i] = _id(data["person_display"][i], at("person_display", i), NP_TILES)
        s.contract_disp[i] = _id(data["contract_display"][i], at("contract_display", i), NC_TILES)
    for i, v in enumerate(_id_set(data["bonus_stack"], "bonus_stack", NB_TILES)):
        s.bonus_pool[i] = v
        s.n_bonus_pool += 1
    for i, v in enumerate(_id_set(data["person_stack"], "person_stack", NP_TILES)):
        s.person_pool[i] = v
        s.n_person_pool += 1
    for i, v in enumerate(_id_set(data["person_discard"], "person_discard", NP_TILES)):
        s.person_discard[i] = v
        s.n_person_discard += 1
    for i, v in enumerate(_id_set(data["contract_stack"], "contract_stack", NC_TILES)):
        s.contract_pool[i] = v
        s.n_contract_pool += 1
    for v in _id_set(data["bonus_out"], "bonus_out", NB_TILES):
        s.bonus_used |= (<unsigned long long>1) << v
    for v in _id_set(data["contracts_out"], "contracts_out", NC_TILES):
        s.contracts_gone |= (<unsigned int>1) << v
    return colours


cdef _read_city(TT* s, entry, int c):
    """One city of the map: owners of its house and pillar spaces, the bonus tiles on it."""
    cdef int np = s.np, k, width
    where = at("map", c)
    F.object(entry, where, keys=CITY_FIELDS)
    if entry["city"] != CITIES[c]:
        F.fail(at(where, "city"), f"must be {CITIES[c]!r} (the cities in map order), got {shown(entry['city'])}")
    for key, width, minp in (("houses", TT_NHOUSE[c], [m for m, _ in HOUSE_SPACES[c]]),
                             ("pillars", TT_NPILLAR[c], PILLAR_SPACES[c])):
        lst = F.list(entry[key], at(where, key), length=width)
        owners = [_id(lst[k], at(at(where, key), k), np) for k in range(width)]
        taken = [o - 1 for o in owners if o]
        for k in range(width):
            if owners[k] and taken.count(owners[k] - 1) > 1:
                F.fail(at(at(where, key), k), f"seat {owners[k] - 1} has two {key} in {CITIES[c]} {listed(lst)} "
                                              f"(one per seat and city)")
            if owners[k] and minp[k] > np:
                F.fail(at(at(where, key), k), f"space {k} of {CITIES[c]} is not in play with {np} players "
                                              f"(from {minp[k]}), got seat {owners[k] - 1}")
            if key == "houses":
                s.house_owner[c][k] = owners[k]
                if owners[k]:
                    s.pl[owners[k] - 1].houses_built += 1
            else:
                s.pillar_owner[c][k] = owners[k]
                if owners[k]:
                    s.pl[owners[k] - 1].pillars_built += 1
    lst = F.list(entry["bonus"], at(where, "bonus"), length=TT_NBSPACE[c])
    for k in range(TT_NBSPACE[c]):
        s.map_bonus[c][k] = _id(lst[k], at(at(where, "bonus"), k), NB_TILES)
        if s.map_bonus[c][k] and BONUS_SPACES[c][k] > np:
            F.fail(at(at(where, "bonus"), k), f"bonus space {k} of {CITIES[c]} is not in play with {np} players "
                                              f"(from {BONUS_SPACES[c][k]}), got tile {s.map_bonus[c][k] - 1}")


cdef _read_seat(TT* s, data, int p):
    """One seat: counters, pieces, storage, buildings, contracts, cathedrals, and the derived counts."""
    cdef TTPlayer* pl = &s.pl[p]
    cdef int k, b, q, a, expected
    where = at("seats", p)
    F.list(data["seats"], "seats", length=s.np)
    d = F.object(data["seats"][p], where, keys=SEAT_FIELDS)
    pl.vp = F.int(d["vp"], at(where, "vp"), -999, 9999)
    pl.final_vp = F.int(d["final_vp"], at(where, "final_vp"), 0, 9999)
    F.object(d["resources"], at(where, "resources"), keys=RESOURCES)
    for k in range(NRES):
        pl.res[k] = F.int(d["resources"][RESOURCES[k]], at(at(where, "resources"), RESOURCES[k]), 0, MAX_RES)
    pl.king = F.int(d["king"], at(where, "king"), KING_MIN, KING_MAX)
    pl.kseq = F.int(d["king_stack"], at(where, "king_stack"), 1, MAX_KING_STACK)
    if pl.kseq > s.kcounter:
        F.fail(at(where, "king_stack"), f"{pl.kseq} is above king_counter {s.kcounter} "
                                        f"(the last stack number handed out)")
    for q in range(p):
        if s.pl[q].kseq == pl.kseq:
            F.fail(at(where, "king_stack"), f"{pl.kseq} is seat {q}'s king_stack too: stack numbers differ")
    pl.merchant = F.index(d["merchant"], at(where, "merchant"), CITIES)
    pl.architect = F.index(d["architect"], at(where, "architect"), CITIES)
    pl.houses_avail = F.int(d["houses_available"], at(where, "houses_available"), 0, HOUSES_AVAIL_MAX)
    pl.pillars_avail = F.int(d["pillars_available"], at(where, "pillars_available"), 0, PILLARS_AVAIL_MAX)
    store = F.list(d["storage"], at(where, "storage"), max_length=NSTORE)
    for k in range(len(store)):
        letter, v = storage_tile(store[k], at(at(where, "storage"), k))
        pl.store[k] = T_CREST if letter == "crest" else TILE_BASE[letter] + v
    pl.nstore = len(store)
    F.list(d["buildings"], at(where, "buildings"), length=NBLD)
    kinds_at = {}
    for b in range(NBLD):
        bpath = at(at(where, "buildings"), b)
        bld = F.object(d["buildings"][b], bpath, keys=("persons", "crest"))
        persons = F.ints(bld["persons"], at(bpath, "persons"), 0, NP_TILES - 1, max_length=TT_FLOORS[b])
        for k in range(len(persons)):
            pl.bld_person[b][k] = persons[k] + 1
        pl.bld_n[b] = len(persons)
        kinds = sorted({PERSON_TABLE[v][0] for v in persons})
        if len(kinds) > 1:
            F.fail(at(bpath, "persons"), f"building B{b + 1} holds {' and '.join(PERSON_TYPES[t] for t in kinds)} "
                                         f"{listed(persons)}: one kind of person per building")
        if kinds:
            if kinds[0] in kinds_at:
                F.fail(at(bpath, "persons"), f"{PERSON_TYPES[kinds[0]]}s are in B{kinds_at[kinds[0]] + 1} "
                                             f"and B{b + 1}: a kind of person lives in one building")
            kinds_at[kinds[0]] = b
            pl.bld_type[b] = kinds[0] + 1
        pl.crested[b] = F.bool(bld["crest"], at(bpath, "crest"))
        if pl.crested[b] and len(persons) != TT_FLOORS[b]:
            F.fail(at(bpath, "crest"), f"building B{b + 1} has a crest but only {len(persons)} of its "
                                       f"{TT_FLOORS[b]} floors are filled (a crest needs a full building)")
    F.object(d["bonus_ap"], at(where, "bonus_ap"))
    for name, v in d["bonus_ap"].items():
        a = F.index(name, at(at(where, "bonus_ap"), name), ACTIONS)
        pl.bonus_ap[a] = F.int(v, at(at(where, "bonus_ap"), name), 0, MAX_COUNT)
    crest_ap = crest_bonus_ap(d["buildings"])
    if {name: v for name, v in d["bonus_ap"].items() if v} != crest_ap:
        F.fail(at(where, "bonus_ap"), f"must be {crest_ap} (the bonus AP of the crested buildings), got "
                                      f"{shown(d['bonus_ap'])}")
    contracts = _id_set(d["contracts"], at(where, "contracts"), NC_TILES)
    for v in contracts:
        pl.contracts_mask |= (<unsigned int>1) << v
    pl.contracts_done = len(contracts)
    crests = sum(CONTRACT_TABLE[v][2] for v in contracts)
    pl.crest_contracts = F.int(d["crest_contracts"], at(where, "crest_contracts"), 0, NC_TILES)
    if pl.crest_contracts != crests:
        F.fail(at(where, "crest_contracts"), f"must be {crests} (the fulfilled contracts with a crest), "
                                             f"got {pl.crest_contracts}")
    for c in _names(d["cathedrals"], at(where, "cathedrals"), CATHEDRAL_NAMES, NCATH):
        pl.cath_mask |= 1 << c
        pl.cath_tiles += 1
    freed = sum(1 for b in range(NBLD) if TT_BHOUSE[b] and pl.bld_n[b] == TT_FLOORS[b])
    expected = TT_START_HOUSES + freed - pl.houses_built
    if expected < 0:
        F.fail(at(where, "houses_available"), f"seat {p} has {pl.houses_built} houses on the map but had only "
                                              f"{TT_START_HOUSES + freed} to build ({TT_START_HOUSES} at the "
                                              f"start + {freed} freed by full buildings B1-B5)")
    if pl.houses_avail != expected:
        F.fail(at(where, "houses_available"), f"must be {expected}: {TT_START_HOUSES} at the start + {freed} "
                                              f"freed by full buildings (B1-B5) - {pl.houses_built} built on the map, "
                                              f"got {pl.houses_avail}")
    freed = min(pl.contracts_done, 5)
    expected = TT_START_PILLARS + freed - pl.pillars_built
    if expected < 0:
        F.fail(at(where, "pillars_available"), f"seat {p} has {pl.pillars_built} pillars on the map but had only "
                                               f"{TT_START_PILLARS + freed} to build ({TT_START_PILLARS} at the "
                                               f"start + {freed} freed by fulfilled contracts)")
    if pl.pillars_avail != expected:
        F.fail(at(where, "pillars_available"), f"must be {expected}: {TT_START_PILLARS} at the start + {freed} "
                                               f"freed by fulfilled contracts (row spaces 1-5) - {pl.pillars_built} "
                                               f"built on the map, got {pl.pillars_avail}")


cdef _check_round(TT* s, data):
    """Round, pass, turn and phase agree; the corruption tokens, king bonus tiles and final scores fit."""
    cdef int p, i, np = s.np, expected
    cdef TTPlayer* pl
    phase = PHASES[s.phase]
    if s.phase == PH_OVER and s.round != ROUNDS - 1:
        F.fail("phase", f"the game cannot be over in round {s.round + 1}: it ends after round {ROUNDS}")
    if s.phase in TURN_PHASES:
        if s.pass_ >= PASSES:
            F.fail("pass", f"must be 1-3 in the {phase} phase (pass 4 is the king phase at the round's end), "
                           f"got {s.pass_ + 1}")
        if s.order[s.turn] != s.actor:
            F.fail("actor", f"{s.actor} is not the seat whose turn it is: order[{s.turn}] = {s.order[s.turn]} "
                            f"(or leave actor out)")
    else:
        if s.pass_ != PASSES:
            F.fail("pass", f"must be 4 in the {phase} phase (after the round's three passes), got {s.pass_ + 1}")
        if s.turn != 0:
            F.fail("turn", f"must be 0 in the {phase} phase, got {s.turn}")
    if s.phase == PH_OVER and s.actor != s.order[0]:
        F.fail("actor", f"must be {s.order[0]} in a finished game (the first in the final turn order), got {s.actor}")
    for i in range(3):
        decided = i < s.round or (i == s.round and s.phase == PH_OVER)
        if decided and s.king_bonus[i]:
            F.fail(at("king_bonus", i), f"round {i + 1}'s king bonus tile was decided at the end of round {i + 1}: "
                                        f"must be null in round {s.round + 1} ({phase} phase), "
                                        f"got {s.king_bonus[i] - 1}")
    for p in range(np):
        pl = &s.pl[p]
        if s.phase == PH_OVER:
            expected = (total_res(s, p) // TT_RES_PER_VP + TT_CREST_FINAL[n_crested(s, p)]
                        + houses_on_map(s, p) * pl.pillars_built)
            if pl.final_vp != expected:
                F.fail(at(at("seats", p), "final_vp"), f"must be {expected} (resources / 4 + crests + houses x "
                                                       f"pillars of the final scoring), got {pl.final_vp}")
        elif pl.final_vp != 0:
            F.fail(at(at("seats", p), "final_vp"), f"must be 0 before the game is over, got {pl.final_vp}")
    # one token is revealed at the start of each pass: 5, 4, 3 left, still 3 in the king phase
    expected = 6 - (s.pass_ + 1 if s.pass_ < PASSES else PASSES)
    n = len(data["corruption_left"])
    if n != expected:
        F.fail("corruption_left", f"must list {expected} tokens in pass {s.pass_ + 1} (one is revealed at the "
                                  f"start of each pass), got {n}: {listed(data['corruption_left'])}")
    if not s.corr_last:
        F.fail("corruption_revealed", "must be the token revealed at the start of this pass (0-5), got null")
    if (s.corr_left >> (s.corr_last - 1)) & 1:
        F.fail("corruption_revealed", f"token {s.corr_last - 1} is also in corruption_left "
                                      f"{listed(data['corruption_left'])}: a revealed token is not left")


cdef _check_turn(TT* s, colours):
    """The dice left on the wheel fit the round so far; the turn in progress fits the phase."""
    cdef int np = s.np, c, taken, left, used = 0
    cdef bint die_taken = s.phase in DIE_TAKEN_PHASES
    phase = PHASES[s.phase]
    # TT_DICE_DRAWN[P] (3P+2) dice are rolled at the start of a round (P of each colour in the bag), one
    # taken per turn
    if die_taken and not s.die_val:
        F.fail("current.die", f"a die must have been taken in the {phase} phase, got null")
    taken = s.pass_ * np + s.turn + (1 if die_taken else 0)
    left = TT_DICE_DRAWN[np] - taken
    if sum(colours) != left:
        F.fail("dice", f"{sum(colours)} dice on the wheel, but round {s.round + 1} pass {s.pass_ + 1} turn {s.turn} "
                       f"({phase} phase) leaves {left}: {TT_DICE_DRAWN[np]} are rolled and {taken} taken")
    for c in range(NRES):
        if colours[c] + (1 if die_taken and s.die_col == c else 0) > np:
            F.fail("dice", f"too many {RESOURCES[c]} dice: {colours[c]} on the wheel"
                           f"{' + the die of this turn' if die_taken and s.die_col == c else ''}, but the bag "
                           f"holds {np} of each colour")
    for c in range(NACT):
        used += (s.seg_used >> c) & 1
    if used > taken:
        F.fail("segments_used", f"lists {used} segments but only {taken} dice were taken this round")
    if s.phase in (PH_DIE, PH_WBONUS, PH_JESTER) or not die_taken:
        if s.ap or s.free_moves or s.any_res or s.swaps or s.jester:
            F.fail("current", f"the action part has not begun in the {phase} phase: ap, free_moves, any_resources "
                              f"and swaps must be 0 and jester false, got {s.ap}, {s.free_moves}, {s.any_res}, "
                              f"{s.swaps} and {bool(s.jester)}")
    if s.phase == PH_DIE and s.die_val:
        F.fail("current.die", f"must be null in the die phase (the die is not taken yet), "
                              f"got '{RES_SHORT[s.die_col]}{s.die_val}'")
    if not die_taken:
        return
    if s.seg != wheel_action(s, s.die_val):
        F.fail("current.segment", f"must be {ACTIONS[wheel_action(s, s.die_val)]} (the wheel segment of a "
                                  f"{s.die_val} in round {s.round + 1}; or leave it out), got {ACTIONS[s.seg]}")
    if not (s.seg_used >> s.seg) & 1:
        F.fail("segments_used", f"must include {ACTIONS[s.seg]} (the segment of this turn's die)")
    if s.phase == PH_JESTER and s.seg != JESTER:
        F.fail("phase", f"jester phase needs a die from the jester segment, not {ACTIONS[s.seg]}")
    if s.phase == PH_ACT or s.phase == PH_CHOOSE:
        if s.jester and s.seg != JESTER:
            F.fail("current.jester", f"true, but the die's segment is {ACTIONS[s.seg]}, not the jester")
        if not s.jester and s.act != s.seg:
            F.fail("current.action", f"must be {ACTIONS[s.seg]} (the die's segment; jester false), "
                                     f"got {ACTIONS[s.act]}")
    if s.phase == PH_ACT and s.any_res:
        F.fail("current.any_resources", f"must be 0 in the action phase (pending resource choices come first), "
                                        f"got {s.any_res}")


cdef _check_pending(TT* s):
    """The decision the position waits for has something to decide."""
    cdef int korder[MAXP]
    cdef int b
    cdef TTPlayer* pl = &s.pl[s.actor]
    if s.phase == PH_KBONUS:
        tt_king_order(s, korder)
        if s.round > 2:
            F.fail("phase", f"king_bonus phase needs round 1-3 (round 4's king leader scores 4 VP instead), "
                            f"got round {s.round + 1}")
        if not s.king_bonus[s.round]:
            F.fail(at("king_bonus", s.round), f"king_bonus phase needs round {s.round + 1}'s king bonus tile, got null")
        if s.actor != korder[0]:
            F.fail("actor", f"king_bonus phase needs the king leader (seat {korder[0]}) to act, got {s.actor} "
                            f"(or leave actor out)")
    if s.phase == PH_WBONUS:
        if not s.wheel_bonus[s.seg]:
            F.fail(at("wheel_bonus", ACTIONS[s.seg]), "wheel_bonus phase needs the segment's bonus tile, got null")
        if pl.nstore >= NSTORE:
            F.fail(at(at("seats", s.actor), "storage"), "wheel_bonus phase needs a free storage space, all 4 are full")
    if s.phase != PH_CHOOSE:
        return
    if s.choose_mode == CH_ANY and not s.any_res:
        F.fail("current.any_resources", "must be at least 1 while a resource of one's choice is pending, got 0")
    if s.choose_mode == CH_COLOUR and not pl.res[s.die_col]:
        F.fail("current.choose", f"colour: seat {s.actor} has no {RESOURCES[s.die_col]} (the die's colour) to "
                                 f"convert")
    if s.choose_mode == CH_RETRIG and not any(pl.bld_n[b] for b in range(NBLD)):
        F.fail("current.choose", f"retrigger: seat {s.actor} has no person on a building to retrigger")


def _tables_address():
    """Address of this module's copy of the content tables (engine_c.tiletum.tables fills it)."""
    return <size_t>&TT_TAB
