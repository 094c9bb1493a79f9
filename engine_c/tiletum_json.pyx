# cython: language_level=3
"""Tiletum positions as JSON (format documented in docs/tiletum.md), with validation."""
from libc.string cimport memset

from engine_c.tiletum cimport TiletumState
from engine_c.tiletum_rules cimport *
from engine_c.tiletum_moves cimport tt_legal
from engine_c.game cimport MAX_LEGAL

from engine_c.errors import position_int, InvalidPositionError
from engine_c.tiletum_data import (ACTIONS, CITIES, RESOURCES, RES_SHORT, FAIRS, HOUSE_SPACES,
                                   PILLAR_SPACES, BONUS_SPACES, CATHEDRAL_CITIES)
from engine_c.tiletum_data import PERSONS as PERSON_TABLE

PHASES = ["die", "wheel_bonus", "jester", "action", "choose", "king_bonus", "over"]
CHOOSE_MODES = ["any", "colour", "retrigger"]
FAIR_NAMES = [f for f, _ in FAIRS]
_CITY = {c: i for i, c in enumerate(CITIES)}


def _bad(msg):
    """Raise a one-line InvalidPositionError."""
    raise InvalidPositionError("tiletum: " + msg)


def _int(data, key, lo, hi):
    """data[key], checked to be an int in lo..hi."""
    return position_int("tiletum", data, key, lo, hi)


def _opt(v, hi, where):
    """None or an id 0..hi-1 -> stored id+1."""
    if v is None:
        return 0
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < hi:
        _bad(f"bad id {v!r} in {where}")
    return v + 1


def _city(name, where):
    """City index of a name."""
    if name not in _CITY:
        _bad(f"unknown city {name!r} in {where}")
    return _CITY[name]


def _ids(lst, hi, where):
    """A list of distinct ids 0..hi-1, sorted."""
    if not isinstance(lst, list):
        _bad(f"{where} must be a list")
    for v in lst:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < hi:
            _bad(f"bad id {v!r} in {where}")
    if len(set(lst)) != len(lst):
        _bad(f"{where} lists an id twice")
    return sorted(lst)


def _tile_name(int code):
    """Storage tile code -> 'b12' / 'p3' / 'c7' / 'crest'."""
    if code < T_PERSON:
        return f"b{code - T_BONUS}"
    if code < T_CONTRACT:
        return f"p{code - T_PERSON}"
    if code < T_CREST:
        return f"c{code - T_CONTRACT}"
    return "crest"


def _tile_code(name, where):
    """Storage tile name -> code."""
    if name == "crest":
        return T_CREST
    if isinstance(name, str) and len(name) >= 2 and name[0] in "bpc" and name[1:].isdigit():
        i = int(name[1:])
        base, hi = {"b": (T_BONUS, NB_TILES), "p": (T_PERSON, NP_TILES), "c": (T_CONTRACT, NC_TILES)}[name[0]]
        if i < hi:
            return base + i
    _bad(f"bad tile {name!r} in {where}")


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
    """Fill state from plain data; InvalidPositionError when malformed or impossible."""
    cdef TT* s = &state.st
    cdef TTPlayer* pl
    cdef int p, c, k, b, np, i, n
    cdef int buf[MAX_LEGAL]
    cdef int korder[MAXP]
    memset(s, 0, sizeof(TT))
    if not isinstance(data, dict):
        _bad("position must be a JSON object")
    if data.get("game") != "tiletum":
        _bad(f"not a tiletum position (game {data.get('game')!r})")
    np = _int(data, "num_players", 2, 4)
    s.np = np
    state.num_players = np
    s.rng = _int(data, "rng", 0, 2**64 - 1)
    s.round = _int(data, "round", 1, ROUNDS) - 1
    s.pass_ = _int(data, "pass", 1, PASSES + 1) - 1    # 4: the round is over (king phase)
    s.turn = _int(data, "turn", 0, np - 1)
    if data["phase"] not in PHASES:
        _bad(f"unknown phase {data['phase']!r}")
    s.phase = PHASES.index(data["phase"])
    s.actor = _int(data, "actor", 0, np - 1)
    order = data["order"]
    if not isinstance(order, list) or sorted(order) != list(range(np)):
        _bad("order must be a permutation of the players")
    for i in range(np):
        s.order[i] = order[i]
    if s.phase in (PH_DIE, PH_WBONUS, PH_JESTER, PH_ACT, PH_CHOOSE) and s.order[s.turn] != s.actor:
        _bad("actor is not the player whose turn it is")
    s.rot = _int(data, "wheel_rotation", 0, 5)
    order6 = data.get("wheel_order", ACTIONS)
    if not isinstance(order6, list) or sorted(order6) != sorted(ACTIONS):
        _bad("wheel_order must list the six actions once each")
    for i in range(NACT):
        s.wheel_order[i] = ACTIONS.index(order6[i])
    if "wheel" in data and data["wheel"] != [ACTIONS[wheel_action(s, v)] for v in range(1, 7)]:
        _bad("wheel does not match wheel_rotation and round")
    for name in data["segments_used"]:
        s.seg_used |= 1 << ACTIONS.index(name)
    s.kcounter = _int(data, "king_counter", 0, 255)
    for i in data["corruption_left"]:
        if not isinstance(i, int) or not 0 <= i < 6:
            _bad("bad corruption token index")
        s.corr_left |= 1 << i
    s.corr_last = _opt(data["corruption_revealed"], 6, "corruption_revealed")
    cur = data["current"]
    s.act = ACTIONS.index(cur["action"])
    if s.act > KING:
        _bad("the current action cannot be the jester itself")
    s.jester = bool(cur["jester"])
    s.ap = _int(cur, "ap", 0, 60)
    if cur["die"] is not None:
        d = cur["die"]
        if not (isinstance(d, str) and len(d) == 2 and d[0] in RES_SHORT and d[1] in "123456"):
            _bad(f"bad die {d!r}")
        s.die_col = RES_SHORT.index(d[0])
        s.die_val = int(d[1])
    elif s.phase in (PH_WBONUS, PH_JESTER, PH_ACT, PH_CHOOSE):
        _bad("a die must have been taken in this phase")
    s.free_moves = _int(cur, "free_moves", 0, 60)
    s.any_res = _int(cur, "any_resources", 0, 60)
    s.swaps = _int(cur, "swaps", 0, 60)
    s.choose_mode = CHOOSE_MODES.index(cur["choose"])
    s.seg = ACTIONS.index(cur["segment"])
    ndice = 0
    for key, cnt in data["dice"].items():
        if not (isinstance(key, str) and len(key) == 2 and key[0] in RES_SHORT and key[1] in "123456"):
            _bad(f"bad die {key!r}")
        if isinstance(cnt, bool) or not isinstance(cnt, int) or not 0 <= cnt <= np:
            _bad(f"bad count of die {key}")
        s.dice[RES_SHORT.index(key[0])][int(key[1]) - 1] = cnt
        ndice += cnt
    if ndice > 3 * np + 2:
        _bad("more dice on the wheel than are rolled")
    seen_b, seen_p, seen_c = [], [], []
    for name, v in data["wheel_bonus"].items():
        s.wheel_bonus[ACTIONS.index(name)] = _opt(v, NB_TILES, "wheel_bonus")
        if v is not None:
            seen_b.append(v)
    for i in range(3):
        v = data["king_bonus"][i]
        s.king_bonus[i] = _opt(v, NB_TILES, "king_bonus")
        if v is not None:
            seen_b.append(v)
    cmap = data["map"]
    if not isinstance(cmap, list) or len(cmap) != NCITY:
        _bad("map must list the 20 cities")
    houses = [0] * np
    pillars = [0] * np
    for c in range(NCITY):
        entry = cmap[c]
        if entry["city"] != CITIES[c]:
            _bad(f"map entry {c} must be {CITIES[c]}")
        for key, width, minp, arr in (("houses", TT_NHOUSE[c], [m for m, _ in HOUSE_SPACES[c]], 0),
                                      ("pillars", TT_NPILLAR[c], PILLAR_SPACES[c], 1)):
            lst = entry[key]
            if not isinstance(lst, list) or len(lst) != width:
                _bad(f"{CITIES[c]}: {key} must list {width} spaces")
            owners = [o for o in lst if o is not None]
            if len(owners) != len(set(owners)):
                _bad(f"{CITIES[c]}: a player has two {key} there")
            for k in range(width):
                o = _opt(lst[k], np, f"{CITIES[c]} {key}")
                if o and minp[k] > np:
                    _bad(f"{CITIES[c]}: {key} space {k} is not in play with {np} players")
                if arr == 0:
                    s.house_owner[c][k] = o
                    if o:
                        houses[o - 1] += 1
                else:
                    s.pillar_owner[c][k] = o
                    if o:
                        pillars[o - 1] += 1
        lst = entry["bonus"]
        if not isinstance(lst, list) or len(lst) != TT_NBSPACE[c]:
            _bad(f"{CITIES[c]}: bonus must list {TT_NBSPACE[c]} spaces")
        for k in range(TT_NBSPACE[c]):
            s.map_bonus[c][k] = _opt(lst[k], NB_TILES, f"{CITIES[c]} bonus")
            if lst[k] is not None:
                if BONUS_SPACES[c][k] > np:
                    _bad(f"{CITIES[c]}: bonus space {k} is not in play with {np} players")
                seen_b.append(lst[k])
    cath = data["cathedrals"]
    if not isinstance(cath, list) or len(cath) != NCATH:
        _bad("cathedrals must list 10 cathedrals")
    for c in range(NCATH):
        if cath[c]["city"] != CITIES[TT_CATH_CITY[c]]:
            _bad(f"cathedral {c} must be in {CITIES[TT_CATH_CITY[c]]}")
        s.cath_cost[c] = _int(cath[c], "cost", 0, 9)
        s.cath_taken[c] = _int(cath[c], "taken", 0, 3 if TT_CATH_GREAT[c] else 2)
    fairs = data["fairs"]
    if not isinstance(fairs, list) or len(fairs) != ROUNDS:
        _bad("fairs must list 4 fairs")
    for i in range(ROUNDS):
        if fairs[i]["tile"] not in FAIR_NAMES:
            _bad(f"unknown fair tile {fairs[i]['tile']!r}")
        s.fair_tile[i] = FAIR_NAMES.index(fairs[i]["tile"])
        s.fair_city[i] = _city(fairs[i]["city"], "fairs")
    for i in range(NDISP):
        v = data["person_display"][i]
        s.person_disp[i] = _opt(v, NP_TILES, "person_display")
        if v is not None:
            seen_p.append(v)
        v = data["contract_display"][i]
        s.contract_disp[i] = _opt(v, NC_TILES, "contract_display")
        if v is not None:
            seen_c.append(v)
    for key, hi, seen in (("bonus_stack", NB_TILES, seen_b), ("person_stack", NP_TILES, seen_p),
                          ("person_discard", NP_TILES, seen_p), ("contract_stack", NC_TILES, seen_c)):
        lst = _ids(data[key], hi, key)
        seen.extend(lst)
        for i, v in enumerate(lst):
            if key == "bonus_stack":
                s.bonus_pool[i] = v
            elif key == "person_stack":
                s.person_pool[i] = v
            elif key == "person_discard":
                s.person_discard[i] = v
            else:
                s.contract_pool[i] = v
        if key == "bonus_stack":
            s.n_bonus_pool = len(lst)
        elif key == "person_stack":
            s.n_person_pool = len(lst)
        elif key == "person_discard":
            s.n_person_discard = len(lst)
        else:
            s.n_contract_pool = len(lst)
    for v in _ids(data["bonus_out"], NB_TILES, "bonus_out"):
        s.bonus_used |= (<unsigned long long>1) << v
        seen_b.append(v)
    for v in _ids(data["contracts_out"], NC_TILES, "contracts_out"):
        s.contracts_gone |= (<unsigned int>1) << v
        seen_c.append(v)
    pls = data["players"]
    if not isinstance(pls, list) or len(pls) != np:
        _bad(f"players must list {np} players")
    kseqs = []
    for p in range(np):
        d = pls[p]
        where = f"player {p}"
        pl = &s.pl[p]
        pl.vp = _int(d, "vp", -999, 9999)
        pl.final_vp = _int(d, "final_vp", 0, 9999)
        for r in range(NRES):
            pl.res[r] = _int(d["resources"], RESOURCES[r], 0, 9999)
        pl.king = _int(d, "king", KING_MIN, KING_MAX)
        pl.kseq = _int(d, "king_stack", 1, 255)
        kseqs.append(pl.kseq)
        pl.merchant = _city(d["merchant"], where)
        pl.architect = _city(d["architect"], where)
        pl.houses_avail = _int(d, "houses_available", 0, 7)
        pl.pillars_avail = _int(d, "pillars_available", 0, 7)
        pl.houses_built = houses[p]
        pl.pillars_built = pillars[p]
        if pl.houses_built + 1 + pl.houses_avail > 8:
            _bad(f"{where} has more than 8 houses")
        if pl.pillars_built + pl.pillars_avail > 7:
            _bad(f"{where} has more than 7 pillars")
        store = d["storage"]
        if not isinstance(store, list) or len(store) > NSTORE:
            _bad(f"{where}: storage holds at most 4 tiles")
        pl.nstore = len(store)
        for k, name in enumerate(store):
            code = _tile_code(name, where + " storage")
            pl.store[k] = code
            if code < T_PERSON:
                seen_b.append(code - T_BONUS)
            elif code < T_CONTRACT:
                seen_p.append(code - T_PERSON)
            elif code < T_CREST:
                seen_c.append(code - T_CONTRACT)
        blds = d["buildings"]
        if not isinstance(blds, list) or len(blds) != NBLD:
            _bad(f"{where}: buildings must list 6 buildings")
        types = []
        for b in range(NBLD):
            persons = blds[b]["persons"]
            if not isinstance(persons, list) or len(persons) > TT_FLOORS[b]:
                _bad(f"{where}: building B{b + 1} has {TT_FLOORS[b]} floors")
            for k, v in enumerate(persons):
                pl.bld_person[b][k] = _opt(v, NP_TILES, where + " buildings")
                seen_p.append(v)
            pl.bld_n[b] = len(persons)
            ts = {PERSON_TABLE[v][0] for v in persons}
            if len(ts) > 1:
                _bad(f"{where}: building B{b + 1} holds two kinds of person")
            if ts:
                pl.bld_type[b] = ts.pop() + 1
                types.append(pl.bld_type[b])
            pl.crested[b] = bool(blds[b]["crest"])
            if pl.crested[b] and len(persons) != TT_FLOORS[b]:
                _bad(f"{where}: building B{b + 1} has a crest but is not full")
        if len(types) != len(set(types)):
            _bad(f"{where}: one kind of person in two buildings")
        for name, v in d["bonus_ap"].items():
            pl.bonus_ap[ACTIONS.index(name)] = _int(d["bonus_ap"], name, 0, 60)
        for v in _ids(d["contracts"], NC_TILES, where + " contracts"):
            pl.contracts_mask |= (<unsigned int>1) << v
            pl.contracts_done += 1
            seen_c.append(v)
        pl.crest_contracts = _int(d, "crest_contracts", 0, pl.contracts_done)
        for name in d["cathedrals"]:
            c = CATHEDRAL_CITIES.index(_city(name, where + " cathedrals"))
            if (pl.cath_mask >> c) & 1:
                _bad(f"{where}: two tiles of one cathedral")
            pl.cath_mask |= 1 << c
            pl.cath_tiles += 1
    if len(set(kseqs)) != np:
        _bad("two king markers share a stack position")
    for name, seen, total in (("bonus tile", seen_b, NB_TILES), ("person", seen_p, NP_TILES),
                              ("contract", seen_c, NC_TILES)):
        if sorted(seen) != list(range(total)):
            _bad(f"every {name} must be in exactly one place")
    for c in range(NCATH):
        n = sum(1 for p in range(np) if (s.pl[p].cath_mask >> c) & 1)
        if n != s.cath_taken[c]:
            _bad(f"cathedral {CITIES[TT_CATH_CITY[c]]}: tiles taken do not match the players' tiles")
    if s.phase == PH_KBONUS:
        tt_king_order(s, korder)
        if s.round > 2 or not s.king_bonus[s.round] or s.actor != korder[0] or s.pass_ != PASSES:
            _bad("king_bonus phase needs the round's king bonus tile, the king leader to act and pass 4")
    if s.phase == PH_WBONUS and (not s.wheel_bonus[s.seg] or s.pl[s.actor].nstore >= NSTORE):
        _bad("wheel_bonus phase needs the segment's bonus tile and a free storage space")
    if s.phase == PH_KBONUS and s.pl[s.actor].nstore >= NSTORE:
        _bad("king_bonus phase needs a free storage space")
    if s.phase != PH_OVER and tt_legal(s, buf) == 0:
        _bad("the player to act has no legal action in this position")
