# cython: language_level=3
"""San Juan positions as JSON (format documented in docs/sanjuan.md), with validation."""
from libc.string cimport memset
from libc.stdint cimport uint64_t

from engine_c.sanjuan cimport SanJuanState
from engine_c.sanjuan_rules cimport *
from engine_c.sanjuan_moves cimport sj_legal

from engine_c.errors import position_int, InvalidPositionError
from engine_c.sanjuan_data import CARD_IDS, CARD_INDEX, COPIES, ROLES, ROLE_INDEX

PHASES = ["role", "build", "place", "pay", "produce", "sell", "keep", "council_discard",
          "gold_mine", "chapel", "hand_limit", "over"]
PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}
TILE_NAMES = ["T1", "T2", "T3", "T4", "T5"]
ROLE_PHASES = (PH_BUILD, PH_PLACE, PH_PAY, PH_PRODUCE, PH_SELL, PH_KEEP, PH_CDISCARD, PH_GOLD)
PHASE_ROLE = {PH_BUILD: R_BUILDER, PH_PLACE: R_BUILDER, PH_PAY: R_BUILDER, PH_PRODUCE: R_PRODUCER,
              PH_SELL: R_TRADER, PH_KEEP: R_COUNCILLOR, PH_CDISCARD: R_COUNCILLOR, PH_GOLD: R_PROSPECTOR}


def _bad(msg):
    raise InvalidPositionError("sanjuan: " + msg)


cdef dict _counts(unsigned char* a):
    return {CARD_IDS[k]: int(a[k]) for k in range(NK) if a[k]}


def position_to_dict(SanJuanState state):
    cdef SJ* s = &state.st
    cdef int p, i, np = s.np
    seats = []
    for p in range(np):
        blds = []
        for i in range(s.nbld[p]):
            name = CARD_IDS[s.bld[p][i]]
            blds.append({"card": name, "good": CARD_IDS[s.good[p][i] - 1]} if s.good[p][i] else name)
        seats.append({
            "hand": _counts(s.hand[p]),
            "buildings": blds,
            "covered": _counts(s.covered[p]),
            "chapel": _counts(s.chapel[p]),
            "known_discards": _counts(s.known_disc[p]),
            "public_hand": _counts(s.public_hand[p]),
            "goods_sold": int(s.goods_sold[p]),
            "cards_drawn": int(s.cards_drawn[p]),
        })
    return {
        "game": "sanjuan",
        "num_players": np,
        "rng": int(s.rng),
        "rounds": int(s.rounds),
        "governor": int(s.governor),
        "phase": PHASES[s.phase],
        "actor": int(s.actor),
        "chooser": int(s.chooser),
        "role": ROLES[s.role],
        "roles_taken": [ROLES[r] for r in range(5) if s.roles_taken & (1 << r)],
        "picks": int(s.picks),
        "role_library": bool(s.role_lib),
        "library_used": bool(s.lib_used),
        "acted": int(s.acted),
        "turn": {"count": int(s.cnt), "limit": int(s.limit), "last": int(s.last),
                 "building": CARD_IDS[s.build_kind - 1] if s.build_kind else None,
                 "income": int(s.income)},
        "tiles": [TILE_NAMES[s.tiles[i]] for i in range(5)],
        "tile_next": int(s.tile_next),
        "tiles_seen": int(s.tiles_seen),
        "tile": TILE_NAMES[s.tile],
        "supply": [CARD_IDS[s.supply[s.supply_n - 1 - i]] for i in range(s.supply_n)],
        "discard": _counts(s.discard),
        "public_discards": _counts(s.public_disc),
        "pending": _counts(s.pending),
        "pending_owner": int(s.pending_owner),
        "pending_public": bool(s.pending_public),
        "seats": seats,
    }


def _int(data, key, lo, hi, default=None):
    """data[key] (or ``default`` when absent and given), checked to be an int in lo..hi."""
    if default is not None and key not in data:
        data = {key: default}
    return position_int("sanjuan", data, key, lo, hi)


def _kind(name, where):
    if not isinstance(name, str) or name not in CARD_INDEX:
        _bad(f"unknown card {name!r} in {where}")
    return CARD_INDEX[name]


cdef int _fill_counts(unsigned char* a, obj, where) except -1:
    """A {card: count} object (or a list of card names) into a per-kind array; returns the total."""
    cdef int total = 0
    memset(a, 0, NK)
    if isinstance(obj, list):
        for name in obj:
            a[_kind(name, where)] += 1
            total += 1
        return total
    if not isinstance(obj, dict):
        _bad(f"{where} must be an object of card counts")
    for name, c in obj.items():
        k = _kind(name, where)
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= COPIES[k]:
            _bad(f"bad count {c!r} of {name} in {where}")
        a[k] = c
        total += c
    return total


def position_from_dict(SanJuanState state, data):
    cdef SJ* s = &state.st
    cdef int p, i, k, np, n
    cdef int total[NK]
    memset(s, 0, sizeof(SJ))
    if not isinstance(data, dict):
        _bad("position must be a JSON object")
    if data.get("game") != "sanjuan":
        _bad(f"not a sanjuan position (game {data.get('game')!r})")
    np = _int(data, "num_players", 2, 4)
    s.np = np
    state.num_players = np
    s.rng = _int(data, "rng", 0, 2**64 - 1)
    s.rounds = _int(data, "rounds", 1, 65535)
    s.governor = _int(data, "governor", 0, np - 1)
    if data["phase"] not in PHASE_INDEX:
        _bad(f"unknown phase {data['phase']!r}")
    s.phase = PHASE_INDEX[data["phase"]]
    s.actor = _int(data, "actor", 0, np - 1)
    s.chooser = _int(data, "chooser", 0, np - 1)
    if data["role"] not in ROLE_INDEX:
        _bad(f"unknown role {data['role']!r}")
    s.role = ROLE_INDEX[data["role"]]
    for r in data["roles_taken"]:
        if r not in ROLE_INDEX:
            _bad(f"unknown role {r!r} in roles_taken")
        if s.roles_taken & (1 << ROLE_INDEX[r]):
            _bad(f"role {r} taken twice")
        s.roles_taken |= 1 << ROLE_INDEX[r]
    picks_per_round = 3 if np == 2 else np
    s.picks = _int(data, "picks", 0, picks_per_round - 1)
    s.role_lib = bool(data["role_library"])
    s.lib_used = bool(data["library_used"])
    s.acted = _int(data, "acted", 0, np)
    turn = data["turn"]
    s.cnt = _int(turn, "count", 0, 12)
    s.limit = _int(turn, "limit", 0, 110)
    s.last = _int(turn, "last", 0, NK + NPROD)
    if turn.get("building") is not None:
        s.build_kind = _kind(turn["building"], "turn.building") + 1
    s.income = _int(turn, "income", 0, 255)
    tiles = data["tiles"]
    if not isinstance(tiles, list) or sorted(tiles) != TILE_NAMES:
        _bad("tiles must be a permutation of T1..T5")
    for i in range(5):
        s.tiles[i] = TILE_NAMES.index(tiles[i])
    s.tile_next = _int(data, "tile_next", 0, 4)
    s.tiles_seen = _int(data, "tiles_seen", 0, 5)
    if data["tile"] not in TILE_NAMES:
        _bad(f"unknown tile {data['tile']!r}")
    s.tile = TILE_NAMES.index(data["tile"])
    supply = data["supply"]
    if not isinstance(supply, list) or len(supply) > NCARDS:
        _bad("supply must be a list of at most 110 card names")
    s.supply_n = len(supply)
    for i, name in enumerate(supply):
        s.supply[s.supply_n - 1 - i] = _kind(name, "supply")
    s.discard_n = _fill_counts(s.discard, data["discard"], "discard")
    _fill_counts(s.public_disc, data.get("public_discards", {}), "public_discards")
    s.pending_n = _fill_counts(s.pending, data["pending"], "pending")
    s.pending_owner = _int(data, "pending_owner", 0, np - 1)
    s.pending_public = bool(data["pending_public"])
    seats = data["seats"]
    if not isinstance(seats, list) or len(seats) != np:
        _bad(f"seats must list {np} players")
    for p in range(np):
        seat = seats[p]
        where = f"seat {p}"
        s.hand_n[p] = _fill_counts(s.hand[p], seat["hand"], where + " hand")
        s.chapel_n[p] = _fill_counts(s.chapel[p], seat["chapel"], where + " chapel")
        _fill_counts(s.covered[p], seat["covered"], where + " covered")
        _fill_counts(s.known_disc[p], seat["known_discards"], where + " known_discards")
        _fill_counts(s.public_hand[p], seat["public_hand"], where + " public_hand")
        s.goods_sold[p] = _int(seat, "goods_sold", 0, 65535)
        s.cards_drawn[p] = _int(seat, "cards_drawn", 0, 65535)
        blds = seat["buildings"]
        if not isinstance(blds, list) or not 1 <= len(blds) <= MAXB:
            _bad(f"{where} must have 1..12 buildings")
        s.nbld[p] = len(blds)
        for i, b in enumerate(blds):
            if isinstance(b, dict):
                k = _kind(b["card"], where + " buildings")
                if b.get("good") is not None:
                    if k >= NPROD:
                        _bad(f"{where}: a good lies on {CARD_IDS[k]}, which is not a production building")
                    s.good[p][i] = _kind(b["good"], where + " goods") + 1
            else:
                k = _kind(b, where + " buildings")
            s.bld[p][i] = k
            s.owned[p][k] += 1
            if k >= NPROD and s.owned[p][k] > 1:
                _bad(f"{where} owns two {CARD_IDS[k]} (violet buildings are unique)")
        for k in range(NK):
            if s.known_disc[p][k] > s.discard[k]:
                _bad(f"{where} knows {s.known_disc[p][k]} {CARD_IDS[k]} in a discard pile holding {s.discard[k]}")
            if s.public_disc[k] > s.known_disc[p][k]:
                _bad(f"{where} must know the public discards ({CARD_IDS[k]})")
            if s.public_hand[p][k] > s.hand[p][k]:
                _bad(f"{where}: public hand card {CARD_IDS[k]} is not in the hand")
    # every card exactly once
    for k in range(NK):
        total[k] = s.discard[k] + s.pending[k]
    for i in range(s.supply_n):
        total[s.supply[i]] += 1
    if s.phase == PH_PLACE and s.build_kind:
        total[s.build_kind - 1] += 1      # shown, not yet placed
    for p in range(np):
        for k in range(NK):
            total[k] += s.hand[p][k] + s.chapel[p][k] + s.covered[p][k] + s.owned[p][k]
        for i in range(s.nbld[p]):
            if s.good[p][i]:
                total[s.good[p][i] - 1] += 1
    for k in range(NK):
        if total[k] != COPIES[k]:
            _bad(f"{total[k]} {CARD_IDS[k]} cards in the position, the deck has {COPIES[k]}")
    # the flow must be a reachable one
    if s.phase == PH_OVER:
        if s.rounds < MAX_ROUNDS and not any(s.nbld[p] >= MAXB for p in range(np)):
            _bad("the game is over but nobody has 12 buildings")
        return
    in_role = s.phase in ROLE_PHASES
    for p in range(np):
        if s.nbld[p] >= MAXB and not (in_role and s.role == R_BUILDER):
            _bad(f"seat {p} has 12 buildings outside a builder phase")
    if bin(s.roles_taken).count("1") != s.picks + (1 if in_role else 0):
        _bad("roles_taken does not match picks")
    if s.phase in (PH_TUCK, PH_LIMIT) and s.picks:
        _bad("start-of-round steps after a role was chosen")
    if s.phase == PH_ROLE:
        expected = s.governor if np == 2 and s.picks != 1 else (1 - s.governor if np == 2 else (s.governor + s.picks) % np)
        if s.chooser != expected or s.actor != s.chooser:
            _bad(f"pick {s.picks} of this round belongs to seat {expected}")
        if s.acted:
            _bad("acted must be 0 while a role is chosen")
    elif in_role:
        if PHASE_ROLE[s.phase] != s.role:
            _bad(f"phase {PHASES[s.phase]} does not belong to the {ROLES[s.role]}")
        if s.acted >= np or s.actor != (s.chooser + s.acted) % np:
            _bad(f"in a role phase the actor must be seat (chooser + acted) mod {np}")
    elif s.phase in (PH_TUCK, PH_LIMIT):
        if s.acted >= np or s.actor != (s.governor + s.acted) % np:
            _bad(f"at the round start the actor must be seat (governor + acted) mod {np}")
        if s.rounds < 2:
            _bad("the first round has no start-of-round steps")
    if s.pending_n and s.phase not in (PH_KEEP, PH_GOLD):
        _bad("pending cards outside a councillor keep or gold-mine decision")
    if s.phase in (PH_KEEP, PH_GOLD) and (not s.pending_n or s.pending_owner != s.actor):
        _bad("a keep decision needs pending cards of the player to act")
    if s.phase in (PH_PLACE, PH_PAY) and not s.build_kind:
        _bad("paying for no building")
    a = s.actor
    hand_limit = 12 if s.owned[a][TOWER] else 7
    if s.phase == PH_LIMIT and s.limit != s.hand_n[a] - hand_limit:
        _bad(f"hand_limit: turn.limit must be the {s.hand_n[a] - hand_limit} cards above the limit")
    if s.phase in (PH_PAY, PH_KEEP, PH_CDISCARD) and s.limit == 0:
        _bad(f"{PHASES[s.phase]}: turn.limit must be positive")
    if s.phase == PH_CDISCARD and s.limit > s.hand_n[a]:
        _bad("council_discard: more cards to discard than in hand")
    if s.phase == PH_KEEP and s.limit >= s.pending_n:
        _bad("keep: fewer pending cards than cards to keep")
    if s.phase in (PH_PRODUCE, PH_SELL) and s.cnt >= s.limit:
        _bad(f"{PHASES[s.phase]}: turn.count must be below turn.limit")
    cdef int buf[128]
    if sj_legal(s, buf) == 0:
        _bad(f"no legal action in phase {PHASES[s.phase]}")
