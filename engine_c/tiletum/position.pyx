# cython: language_level=3
"""Tiletum positions as JSON (format documented in docs/tiletum.md), with validation.

The reader checks every field's type, length and range with engine_c.validate before anything is
written into the C struct (boundscheck is off in release builds), then the position's consistency:
every tile in exactly one place, the round, pass, turn and phase, the dice left on the wheel, the
corruption tokens, the turn in progress and the pending decision.  Every error is one line naming
the field, e.g. ``tiletum: players[1].storage[0]: unknown tile 'x9'``.
"""
from collections import Counter

from libc.string cimport memset

from engine_c.tiletum.state cimport TiletumState
from engine_c.tiletum.types cimport *
from engine_c.tiletum.tables cimport *
from engine_c.tiletum.rules cimport *
from engine_c.tiletum.moves cimport tt_legal
from engine_c.game cimport MAX_LEGAL

from engine_c.validate import Fields, at, shown, UINT64_MAX
from engine_c.tiletum.data import (ACTIONS, CITIES, RESOURCES, RES_SHORT, FAIRS, HOUSE_SPACES,
                                   PILLAR_SPACES, BONUS_SPACES, CATHEDRAL_CITIES)
from engine_c.tiletum.data import PERSONS as PERSON_TABLE, CONTRACTS as CONTRACT_TABLE

PHASES = ["die", "wheel_bonus", "jester", "action", "choose", "king_bonus", "over"]
CHOOSE_MODES = ["any", "colour", "retrigger"]
FAIR_NAMES = [f for f, _ in FAIRS]
CATHEDRAL_NAMES = [CITIES[c] for c in CATHEDRAL_CITIES]
DIE_NAMES = [f"{c}{v}" for c in RES_SHORT for v in range(1, 7)]     # index: colour * 6 + value - 1
TILE_CODES = dict([("crest", T_CREST)] + [(f"b{i}", T_BONUS + i) for i in range(NB_TILES)]
                  + [(f"p{i}", T_PERSON + i) for i in range(NP_TILES)]
                  + [(f"c{i}", T_CONTRACT + i) for i in range(NC_TILES)])

TOP_FIELDS = ("game", "num_players", "rng", "round", "pass", "turn", "phase", "actor", "order",
              "wheel_rotation", "segments_used", "king_counter", "corruption_left", "corruption_revealed",
              "current", "dice", "wheel_bonus", "king_bonus", "map", "cathedrals", "fairs",
              "person_display", "contract_display", "bonus_stack", "person_stack", "person_discard",
              "contract_stack", "bonus_out", "contracts_out", "players")
TOP_OPTIONAL = ("wheel_order", "wheel")        # wheel_order: the base order if absent; wheel: informational
CURRENT_FIELDS = ("action", "jester", "ap", "die", "free_moves", "any_resources", "swaps", "choose", "segment")
CITY_FIELDS = ("city", "houses", "pillars", "bonus")
PLAYER_FIELDS = ("vp", "final_vp", "resources", "king", "king_stack", "merchant", "architect",
                 "houses_available", "pillars_available", "storage", "buildings", "bonus_ap", "contracts",
                 "crest_contracts", "cathedrals")

MAX_COUNT = 60          # AP, free moves, pending choices, swaps, bonus AP: far above anything reachable
MAX_RES = 9999          # resources (uint16 in the struct, with room to grow in play)
MAX_KCOUNTER = 250      # king stack numbers are renumbered 1..P before the counter passes 250
TURN_PHASES = (PH_DIE, PH_WBONUS, PH_JESTER, PH_ACT, PH_CHOOSE)
DIE_TAKEN_PHASES = (PH_WBONUS, PH_JESTER, PH_ACT, PH_CHOOSE)

F = Fields("tiletum")


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
        F.fail(path, f"lists a value twice: {shown(value)}")
    return out


def _tile(name, path):
    """Storage tile name ('b12', 'p3', 'c7', 'crest') -> code."""
    if not isinstance(name, str) or name not in TILE_CODES:
        F.fail(path, f"unknown tile {shown(name)} (valid: b0..b{NB_TILES - 1}, p0..p{NP_TILES - 1}, "
                     f"c0..c{NC_TILES - 1}, crest)")
    return TILE_CODES[name]


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
    """The position as plain data."""
    cdef TT* s = &state.st
    cdef TTPlayer* pl
    cdef int p, c, k, b
    players = []
    for p in range(s.np):
        pl = &s.pl[p]
        players.append({
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
        "num_players": int(s.np),
        "rng": int(s.rng),
        "round": int(s.round) + 1,
        "pass": int(s.pass_) + 1,
        "turn": int(s.turn),
        "phase": PHASES[s.phase],
        "actor": int(s.actor),
        "order": [int(s.order[i]) for i in range(s.np)],
        "wheel_rotation": int(s.rot),
        "wheel_order": [ACTIONS[s.wheel_order[i]] for i in range(NACT)],
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
        "players": players,
    }


def position_from_dict(TiletumState state, data):
    """Fill ``state`` from position data; InvalidPositionError (one line, naming the field) when the
    data is malformed or the position impossible.  Every value is checked before it is stored."""
    cdef TT* s = &state.st
    cdef TTPlayer* pl
    cdef int p, c, k, b, np, i, n, a
    cdef int buf[MAX_LEGAL]
    cdef int korder[MAXP]
    memset(s, 0, sizeof(TT))
    F.object(data, "position")
    if data.get("game") != "tiletum":
        F.fail("game", f"not a tiletum position (game {shown(data.get('game'))})")
    F.object(data, "", keys=TOP_FIELDS, optional=TOP_OPTIONAL)

    # ---- round, pass, turn, phase -----------------------------------------------------------
    np = F.int(data["num_players"], "num_players", 2, MAXP)
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
        F.fail("wheel_order", f"must list the six actions once each, got {shown(wheel_order)}")
    for i in range(NACT):
        s.wheel_order[i] = idx[i]
    if "wheel" in data and data["wheel"] != [ACTIONS[wheel_action(s, v)] for v in range(1, 7)]:
        F.fail("wheel", "does not match wheel_rotation, wheel_order and round")
    for a in _names(data["segments_used"], "segments_used", ACTIONS, NACT):
        s.seg_used |= 1 << a
    s.kcounter = F.int(data["king_counter"], "king_counter", np, MAX_KCOUNTER)
    corr_left = F.ints(data["corruption_left"], "corruption_left", 0, 5, max_length=6, distinct=True)
    for i in corr_left:
        s.corr_left |= 1 << i
    s.corr_last = _id(data["corruption_revealed"], "corruption_revealed", 6)

    # ---- the turn in progress -----------------------------------------------------------------
    cur = F.object(data["current"], "current", keys=CURRENT_FIELDS)
    s.act = F.index(cur["action"], "current.action", ACTIONS)
    if s.act == JESTER:
        F.fail("current.action", "cannot be the jester itself (it is the action the jester copies)")
    s.jester = F.bool(cur["jester"], "current.jester")
    s.ap = F.int(cur["ap"], "current.ap", 0, MAX_COUNT)
    if cur["die"] is not None:
        k = F.index(cur["die"], "current.die", DIE_NAMES)
        s.die_col = k // 6
        s.die_val = k % 6 + 1
    s.free_moves = F.int(cur["free_moves"], "current.free_moves", 0, MAX_COUNT)
    s.any_res = F.int(cur["any_resources"], "current.any_resources", 0, MAX_COUNT)
    s.swaps = F.int(cur["swaps"], "current.swaps", 0, MAX_COUNT)
    s.choose_mode = F.index(cur["choose"], "current.choose", CHOOSE_MODES)
    s.seg = F.index(cur["segment"], "current.segment", ACTIONS)

    # ---- dice, tiles on the boards --------------------------------------------------------------
    F.object(data["dice"], "dice")
    colours = [0] * NRES
    for key, cnt in data["dice"].items():
        k = F.index(key, at("dice", key), DIE_NAMES)
        cnt = F.int(cnt, at("dice", key), 0, np)
        s.dice[k // 6][k % 6] = cnt
        colours[k // 6] += cnt
    seen_b, seen_p, seen_c = [], [], []
    F.object(data["wheel_bonus"], "wheel_bonus", keys=ACTIONS)
    for a in range(NACT):
        s.wheel_bonus[a] = _id(data["wheel_bonus"][ACTIONS[a]], at("wheel_bonus", ACTIONS[a]), NB_TILES)
        if s.wheel_bonus[a]:
            seen_b.append(s.wheel_bonus[a] - 1)
    F.list(data["king_bonus"], "king_bonus", length=3)
    for i in range(3):
        s.king_bonus[i] = _id(data["king_bonus"][i], at("king_bonus", i), NB_TILES)
        if s.king_bonus[i]:
            seen_b.append(s.king_bonus[i] - 1)
    F.list(data["map"], "map", length=NCITY)
    houses = [0] * np
    pillars = [0] * np
    for c in range(NCITY):
        where = at("map", c)
        entry = F.object(data["map"][c], where, keys=CITY_FIELDS)
        if entry["city"] != CITIES[c]:
            F.fail(at(where, "city"), f"must be {CITIES[c]!r} (the cities in map order), got {shown(entry['city'])}")
        for key, width, minp in (("houses", TT_NHOUSE[c], [m for m, _ in HOUSE_SPACES[c]]),
                                 ("pillars", TT_NPILLAR[c], PILLAR_SPACES[c])):
            lst = F.list(entry[key], at(where, key), length=width)
            owners = [_id(lst[k], at(at(where, key), k), np) for k in range(width)]
            taken = [o for o in owners if o]
            if len(taken) != len(set(taken)):
                F.fail(at(where, key), f"player {max(taken, key=taken.count) - 1} has two {key} in {CITIES[c]} "
                                       f"(one per player and city)")
            for k in range(width):
                if owners[k] and minp[k] > np:
                    F.fail(at(at(where, key), k), f"space {k} of {CITIES[c]} is not in play with {np} players")
                if key == "houses":
                    s.house_owner[c][k] = owners[k]
                    if owners[k]:
                        houses[owners[k] - 1] += 1
                else:
                    s.pillar_owner[c][k] = owners[k]
                    if owners[k]:
                        pillars[owners[k] - 1] += 1
        lst = F.list(entry["bonus"], at(where, "bonus"), length=TT_NBSPACE[c])
        for k in range(TT_NBSPACE[c]):
            s.map_bonus[c][k] = _id(lst[k], at(at(where, "bonus"), k), NB_TILES)
            if s.map_bonus[c][k]:
                if BONUS_SPACES[c][k] > np:
                    F.fail(at(at(where, "bonus"), k), f"bonus space {k} of {CITIES[c]} is not in play with {np} players")
                seen_b.append(s.map_bonus[c][k] - 1)
    F.list(data["cathedrals"], "cathedrals", length=NCATH)
    for c in range(NCATH):
        where = at("cathedrals", c)
        cath = F.object(data["cathedrals"][c], where, keys=("city", "cost", "taken"))
        if cath["city"] != CATHEDRAL_NAMES[c]:
            F.fail(at(where, "city"), f"must be {CATHEDRAL_NAMES[c]!r} (the cathedrals in map order), "
                                      f"got {shown(cath['city'])}")
        s.cath_cost[c] = F.int(cath["cost"], at(where, "cost"), 0, 9)
        s.cath_taken[c] = F.int(cath["taken"], at(where, "taken"), 0, 3 if TT_CATH_GREAT[c] else 2)
    F.list(data["fairs"], "fairs", length=ROUNDS)
    for i in range(ROUNDS):
        fair = F.object(data["fairs"][i], at("fairs", i), keys=("tile", "city"))
        s.fair_tile[i] = F.index(fair["tile"], at(at("fairs", i), "tile"), FAIR_NAMES)
        s.fair_city[i] = F.index(fair["city"], at(at("fairs", i), "city"), CITIES)
    F.list(data["person_display"], "person_display", length=NDISP)
    F.list(data["contract_display"], "contract_display", length=NDISP)
    for i in range(NDISP):
        s.person_disp[i] = _id(data["person_display"][i], at("person_display", i), NP_TILES)
        if s.person_disp[i]:
            seen_p.append(s.person_disp[i] - 1)
        s.contract_disp[i] = _id(data["contract_display"][i], at("contract_display", i), NC_TILES)
        if s.contract_disp[i]:
            seen_c.append(s.contract_disp[i] - 1)
    lst = _id_set(data["bonus_stack"], "bonus_stack", NB_TILES)
    for i, v in enumerate(lst):
        s.bonus_pool[i] = v
    s.n_bonus_pool = len(lst)
    seen_b.extend(lst)
    lst = _id_set(data["person_stack"], "person_stack", NP_TILES)
    for i, v in enumerate(lst):
        s.person_pool[i] = v
    s.n_person_pool = len(lst)
    seen_p.extend(lst)
    lst = _id_set(data["person_discard"], "person_discard", NP_TILES)
    for i, v in enumerate(lst):
        s.person_discard[i] = v
    s.n_person_discard = len(lst)
    seen_p.extend(lst)
    lst = _id_set(data["contract_stack"], "contract_stack", NC_TILES)
    for i, v in enumerate(lst):
        s.contract_pool[i] = v
    s.n_contract_pool = len(lst)
    seen_c.extend(lst)
    for v in _id_set(data["bonus_out"], "bonus_out", NB_TILES):
        s.bonus_used |= (<unsigned long long>1) << v
        seen_b.append(v)
    for v in _id_set(data["contracts_out"], "contracts_out", NC_TILES):
        s.contracts_gone |= (<unsigned int>1) << v
        seen_c.append(v)

    # ---- players ----------------------------------------------------------------------------------
    F.list(data["players"], "players", length=np)
    for p in range(np):
        where = at("players", p)
        d = F.object(data["players"][p], where, keys=PLAYER_FIELDS)
        pl = &s.pl[p]
        pl.vp = F.int(d["vp"], at(where, "vp"), -999, 9999)
        pl.final_vp = F.int(d["final_vp"], at(where, "final_vp"), 0, 9999)
        F.object(d["resources"], at(where, "resources"), keys=RESOURCES)
        for k in range(NRES):
            pl.res[k] = F.int(d["resources"][RESOURCES[k]], at(at(where, "resources"), RESOURCES[k]), 0, MAX_RES)
        pl.king = F.int(d["king"], at(where, "king"), KING_MIN, KING_MAX)
        pl.kseq = F.int(d["king_stack"], at(where, "king_stack"), 1, MAX_KCOUNTER)
        if pl.kseq > s.kcounter:
            F.fail(at(where, "king_stack"), f"{pl.kseq} is above king_counter {s.kcounter} "
                                            f"(the last stack number handed out)")
        for q in range(p):
            if s.pl[q].kseq == pl.kseq:
                F.fail(at(where, "king_stack"), f"players {q} and {p} share king stack position {pl.kseq}")
        pl.merchant = F.index(d["merchant"], at(where, "merchant"), CITIES)
        pl.architect = F.index(d["architect"], at(where, "architect"), CITIES)
        pl.houses_avail = F.int(d["houses_available"], at(where, "houses_available"), 0, 7)
        pl.pillars_avail = F.int(d["pillars_available"], at(where, "pillars_available"), 0, 7)
        pl.houses_built = houses[p]
        pl.pillars_built = pillars[p]
        if pl.houses_built + 1 + pl.houses_avail > 8:
            F.fail(at(where, "houses_available"), f"player {p} has more than 8 houses "
                                                  f"({pl.houses_built} on the map + the start house + {pl.houses_avail})")
        if pl.pillars_built + pl.pillars_avail > 7:
            F.fail(at(where, "pillars_available"), f"player {p} has more than 7 pillars "
                                                   f"({pl.pillars_built} on the map + {pl.pillars_avail})")
        store = F.list(d["storage"], at(where, "storage"), max_length=NSTORE)
        for k in range(len(store)):
            code = _tile(store[k], at(at(where, "storage"), k))
            pl.store[k] = code
            if code < T_PERSON:
                seen_b.append(code - T_BONUS)
            elif code < T_CONTRACT:
                seen_p.append(code - T_PERSON)
            elif code < T_CREST:
                seen_c.append(code - T_CONTRACT)
        pl.nstore = len(store)
        F.list(d["buildings"], at(where, "buildings"), length=NBLD)
        types = []
        for b in range(NBLD):
            bpath = at(at(where, "buildings"), b)
            bld = F.object(d["buildings"][b], bpath, keys=("persons", "crest"))
            persons = F.ints(bld["persons"], at(bpath, "persons"), 0, NP_TILES - 1, max_length=TT_FLOORS[b])
            for k in range(len(persons)):
                pl.bld_person[b][k] = persons[k] + 1
                seen_p.append(persons[k])
            pl.bld_n[b] = len(persons)
            kinds = {PERSON_TABLE[v][0] for v in persons}
            if len(kinds) > 1:
                F.fail(at(bpath, "persons"), f"building B{b + 1} holds two kinds of person")
            if kinds:
                pl.bld_type[b] = kinds.pop() + 1
                types.append(pl.bld_type[b])
            pl.crested[b] = F.bool(bld["crest"], at(bpath, "crest"))
            if pl.crested[b] and len(persons) != TT_FLOORS[b]:
                F.fail(at(bpath, "crest"), f"building B{b + 1} has a crest but is not full")
        if len(types) != len(set(types)):
            F.fail(at(where, "buildings"), "one kind of person in two buildings")
        F.object(d["bonus_ap"], at(where, "bonus_ap"))
        for name, v in d["bonus_ap"].items():
            a = F.index(name, at(at(where, "bonus_ap"), name), ACTIONS)
            pl.bonus_ap[a] = F.int(v, at(at(where, "bonus_ap"), name), 0, MAX_COUNT)
        contracts = _id_set(d["contracts"], at(where, "contracts"), NC_TILES)
        for v in contracts:
            pl.contracts_mask |= (<unsigned int>1) << v
            seen_c.append(v)
        pl.contracts_done = len(contracts)
        crests = sum(CONTRACT_TABLE[v][2] for v in contracts)
        pl.crest_contracts = F.int(d["crest_contracts"], at(where, "crest_contracts"), 0, NC_TILES)
        if pl.crest_contracts != crests:
            F.fail(at(where, "crest_contracts"), f"must be {crests} (the fulfilled contracts with a crest), "
                                                 f"got {pl.crest_contracts}")
        for c in _names(d["cathedrals"], at(where, "cathedrals"), CATHEDRAL_NAMES, NCATH):
            pl.cath_mask |= 1 << c
            pl.cath_tiles += 1

    # ---- consistency ------------------------------------------------------------------------------
    for name, seen, total in (("bonus tile", seen_b, NB_TILES), ("person", seen_p, NP_TILES),
                              ("contract", seen_c, NC_TILES)):
        counts = Counter(seen)
        for v in range(total):
            if counts[v] != 1:
                F.fail("", f"{name} {v} is in {counts[v]} places: every {name} must be in exactly one place")
    for c in range(NCATH):
        n = sum(1 for p in range(np) if (s.pl[p].cath_mask >> c) & 1)
        if n != s.cath_taken[c]:
            F.fail(at(at("cathedrals", c), "taken"),
                   f"cathedral {CATHEDRAL_NAMES[c]}: tiles taken ({s.cath_taken[c]}) do not match the players' tiles ({n})")
    _check_round(s, data)
    _check_turn(s, colours)
    if s.phase == PH_KBONUS:
        tt_king_order(s, korder)
        if s.round > 2:
            F.fail("phase", "king_bonus phase needs round 1-3 (round 4's king leader scores 4 VP instead)")
        if not s.king_bonus[s.round]:
            F.fail(at("king_bonus", s.round), f"king_bonus phase needs the round's king bonus tile")
        if s.actor != korder[0]:
            F.fail("actor", f"king_bonus phase needs the king leader (player {korder[0]}) to act")
        if s.pl[s.actor].nstore >= NSTORE:
            F.fail(at(at("players", s.actor), "storage"), "king_bonus phase needs a free storage space")
    if s.phase == PH_WBONUS:
        if not s.wheel_bonus[s.seg]:
            F.fail(at("wheel_bonus", ACTIONS[s.seg]), "wheel_bonus phase needs the segment's bonus tile")
        if s.pl[s.actor].nstore >= NSTORE:
            F.fail(at(at("players", s.actor), "storage"), "wheel_bonus phase needs a free storage space")
    if s.phase != PH_OVER and tt_legal(s, buf) == 0:
        F.fail("", f"player {s.actor} is to act but has no legal action in this position")


cdef _check_round(TT* s, data):
    """Round, pass, turn and phase agree; the corruption tokens and final scores fit the pass."""
    cdef int p, np = s.np, expected
    cdef TTPlayer* pl
    phase = PHASES[s.phase]
    if s.phase == PH_OVER and s.round != ROUNDS - 1:
        F.fail("phase", f"the game cannot be over in round {s.round + 1}: it ends after round {ROUNDS}")
    if s.phase in TURN_PHASES:
        if s.pass_ >= PASSES:
            F.fail("pass", f"must be 1-3 in the {phase} phase (pass 4 is the king phase at the round's end)")
        if s.order[s.turn] != s.actor:
            F.fail("actor", f"actor is not the player whose turn it is (order[{s.turn}] = {s.order[s.turn]})")
    else:
        if s.pass_ != PASSES:
            F.fail("pass", f"must be 4 in the {phase} phase (after the round's three passes), got {s.pass_ + 1}")
        if s.turn != 0:
            F.fail("turn", f"must be 0 in the {phase} phase, got {s.turn}")
    if s.phase == PH_OVER:
        for i in range(3):
            if s.king_bonus[i]:
                F.fail(at("king_bonus", i), "must be null once the game is over (every king bonus tile was decided)")
    for p in range(np):
        pl = &s.pl[p]
        if s.phase == PH_OVER:
            expected = (total_res(s, p) // 4 + TT_CREST_FINAL[n_crested(s, p)]
                        + houses_on_map(s, p) * pl.pillars_built)
            if pl.final_vp != expected:
                F.fail(at(at("players", p), "final_vp"), f"must be {expected} (resources / 4 + crests + houses x "
                                                         f"pillars of the final scoring), got {pl.final_vp}")
        elif pl.final_vp != 0:
            F.fail(at(at("players", p), "final_vp"), f"must be 0 before the game is over, got {pl.final_vp}")
    # one token is revealed at the start of each pass: 5, 4, 3 left, still 3 in the king phase
    expected = 6 - (s.pass_ + 1 if s.pass_ < PASSES else PASSES)
    n = len(data["corruption_left"])
    if n != expected:
        F.fail("corruption_left", f"must list {expected} tokens in pass {s.pass_ + 1} (one is revealed at the "
                                  f"start of each pass), got {n}")
    if not s.corr_last:
        F.fail("corruption_revealed", "must be the token revealed at the start of this pass, got null")
    if (s.corr_left >> (s.corr_last - 1)) & 1:
        F.fail("corruption_revealed", f"token {s.corr_last - 1} is also in corruption_left")


cdef _check_turn(TT* s, colours):
    """The dice left on the wheel fit the round so far; the turn in progress fits the phase."""
    cdef int np = s.np, c, taken, left, used = 0
    cdef bint die_taken = s.phase in DIE_TAKEN_PHASES
    phase = PHASES[s.phase]
    # 3P+2 dice are rolled at the start of a round (P of each colour in the bag), one taken per turn
    taken = s.pass_ * np + s.turn + (1 if die_taken else 0)
    left = 3 * np + 2 - taken
    if sum(colours) != left:
        F.fail("dice", f"{sum(colours)} dice on the wheel, but round {s.round + 1} pass {s.pass_ + 1} turn {s.turn} "
                       f"({phase} phase) leaves {left}: {3 * np + 2} are rolled and {taken} taken")
    for c in range(NRES):
        if colours[c] + (1 if die_taken and s.die_col == c else 0) > np:
            F.fail("dice", f"too many {RESOURCES[c]} dice: the bag holds {np} of each colour")
    for c in range(NACT):
        used += (s.seg_used >> c) & 1
    if used > taken:
        F.fail("segments_used", f"lists {used} segments but only {taken} dice were taken this round")
    if s.phase == PH_DIE:
        if s.die_val:
            F.fail("current.die", "must be null in the die phase (the die is not taken yet)")
        if s.ap or s.free_moves or s.any_res or s.swaps or s.jester:
            F.fail("current", "the turn has not begun in the die phase: ap, free_moves, any_resources and "
                              "swaps must be 0 and jester false")
    if not die_taken:
        return
    if not s.die_val:
        F.fail("current.die", f"a die must have been taken in the {phase} phase")
    if s.seg != wheel_action(s, s.die_val):
        F.fail("current.segment", f"must be {ACTIONS[wheel_action(s, s.die_val)]} (the wheel segment of a "
                                  f"{s.die_val} in round {s.round + 1}), got {ACTIONS[s.seg]}")
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
        F.fail("current.any_resources", "must be 0 in the action phase (pending resource choices come first)")
    if s.phase == PH_CHOOSE and s.choose_mode == CH_ANY and not s.any_res:
        F.fail("current.any_resources", "must be at least 1 while a resource of one's choice is pending")
