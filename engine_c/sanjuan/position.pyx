# cython: language_level=3
"""San Juan positions as JSON (format documented in docs/sanjuan.md), with validation."""
from libc.string cimport memset
from libc.stdint cimport uint64_t

from engine_c.sanjuan.state cimport SanJuanState
from engine_c.sanjuan.types cimport *
from engine_c.sanjuan.tables cimport *
from engine_c.sanjuan.rules cimport *
from engine_c.sanjuan.moves cimport sj_legal

from engine_c.sanjuan.data import CARD_IDS, CARD_INDEX, COPIES, PHASES, ROLES, TILE_NAMES
from engine_c.sanjuan.position_short import card_kind, complete, library_doubles, name_index
from engine_c.validate import SEAT_VP_MAX, Fields, UINT64_MAX, at, shown

PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}
ROLE_PHASES = (PH_BUILD, PH_PLACE, PH_PAY, PH_PRODUCE, PH_SELL, PH_KEEP, PH_CDISCARD, PH_GOLD)
PHASE_ROLE = {PH_BUILD: R_BUILDER, PH_PLACE: R_BUILDER, PH_PAY: R_BUILDER, PH_PRODUCE: R_PRODUCER,
              PH_SELL: R_TRADER, PH_KEEP: R_COUNCILLOR, PH_CDISCARD: R_COUNCILLOR, PH_GOLD: R_PROSPECTOR}


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
        seat = {
            "hand": _counts(s.hand[p]),
            "buildings": blds,
            "covered": _counts(s.covered[p]),
            "chapel": _counts(s.chapel[p]),
            "known_discards": _counts(s.known_disc[p]),
            "public_hand": _counts(s.public_hand[p]),
            "goods_sold": int(s.goods_sold[p]),
            "cards_drawn": int(s.cards_drawn[p]),
        }
        if s.seat_vp[p]:                # the seat_vp option's starting points; written only when given
            seat["seat_vp"] = int(s.seat_vp[p])
        seats.append(seat)
    return {
        "game": "sanjuan",
        "players": np,
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


# ---- reading ------------------------------------------------------------------------------
# Every value is checked with the shared vocabulary (engine_c.validate.Fields) before it is
# written to the struct, so no reader path relies on Cython's boundscheck: errors are one line
# naming the field, e.g. ``sanjuan: seats[0].hand["spy"]: unknown card 'spy' (valid: ...)``.

F = Fields("sanjuan")
TOP_KEYS = ("game", "players", "rng", "rounds", "governor", "phase", "actor", "chooser", "role",
            "roles_taken", "picks", "role_library", "library_used", "acted", "turn", "tiles", "tile_next",
            "tiles_seen", "tile", "supply", "discard", "pending", "pending_owner", "pending_public", "seats")
TOP_OPTIONAL = ("public_discards",)               # older positions lack it: none
TURN_KEYS = ("count", "limit", "last", "income")
TURN_OPTIONAL = ("building",)                     # null or absent: no building being built
SEAT_KEYS = ("hand", "buildings", "covered", "chapel", "known_discards", "public_hand", "goods_sold",
             "cards_drawn")
SEAT_OPTIONAL = ("seat_vp",)          # the seat_vp option's starting points; absent: 0
_card = card_kind
_name = name_index


cdef int _fill_counts(unsigned char* a, obj, path) except -1:
    """A {card: count} object (or a list of card ids) into a per-kind array; returns the total.
    No kind may exceed its copies in the deck."""
    cdef int total = 0, k
    memset(a, 0, NK)
    if isinstance(obj, list):
        for i, name in enumerate(obj):
            k = _card(name, at(path, i))
            if a[k] >= COPIES[k]:
                F.fail(path, f"lists {a[k] + 1} {CARD_IDS[k]}, the deck has {COPIES[k]}")
            a[k] += 1
            total += 1
        return total
    F.object(obj, path)
    for name, c in obj.items():
        k = _card(name, at(path, name))
        a[k] = F.int(c, at(path, name), 0, COPIES[k])
        total += a[k]
    return total


def position_from_dict(SanJuanState state, data):
    """Fill state from position data; InvalidPositionError (one line, naming the field) if it is
    malformed or impossible."""
    cdef SJ* s = &state.st
    cdef int p, i, k, np, n, a, r
    cdef int total[NK]
    cdef int buf[128]
    memset(s, 0, sizeof(SJ))
    F.position(data)
    data = complete(data)               # the keys a short position leaves out (position_short.py)
    F.object(data, "", keys=TOP_KEYS, optional=TOP_OPTIONAL)
    np = F.int(data["players"], "players", 2, 4)
    s.np = np
    state.num_players = np
    s.rng = F.int(data["rng"], "rng", 0, UINT64_MAX)
    s.rounds = F.int(data["rounds"], "rounds", 1, MAX_ROUNDS)
    s.governor = F.int(data["governor"], "governor", 0, np - 1)
    s.phase = _name(data["phase"], "phase", PHASES, "phase")
    s.actor = F.int(data["actor"], "actor", 0, np - 1)
    s.chooser = F.int(data["chooser"], "chooser", 0, np - 1)
    s.role = _name(data["role"], "role", ROLES, "role")
    roles = F.list(data["roles_taken"], "roles_taken", max_length=5)
    for i, name in enumerate(roles):
        r = _name(name, at("roles_taken", i), ROLES, "role")
        if s.roles_taken & (1 << r):
            F.fail("roles_taken", f"lists {name} twice")
        s.roles_taken |= 1 << r
    picks_per_round = 3 if np == 2 else np
    s.picks = F.int(data["picks"], "picks", 0, picks_per_round - 1)
    s.role_lib = F.bool(data["role_library"], "role_library")
    s.lib_used = F.bool(data["library_used"], "library_used")
    s.acted = F.int(data["acted"], "acted", 0, np)
    turn = F.object(data["turn"], "turn", keys=TURN_KEYS, optional=TURN_OPTIONAL)
    s.cnt = F.int(turn["count"], "turn.count", 0, 12)
    s.limit = F.int(turn["limit"], "turn.limit", 0, NCARDS)
    s.last = F.int(turn["last"], "turn.last", 0, NPROD + NK - 1)
    if turn.get("building") is not None:
        s.build_kind = _card(turn["building"], "turn.building") + 1
    s.income = F.int(turn["income"], "turn.income", 0, 255)
    tiles = F.list(data["tiles"], "tiles", length=5)
    for i in range(5):
        s.tiles[i] = _name(tiles[i], at("tiles", i), TILE_NAMES, "tile")
    if sorted(tiles) != TILE_NAMES:
        F.fail("tiles", f"must be a permutation of T1..T5, got {shown(tiles)}")
    s.tile_next = F.int(data["tile_next"], "tile_next", 0, 4)
    s.tiles_seen = F.int(data["tiles_seen"], "tiles_seen", 0, 5)
    s.tile = _name(data["tile"], "tile", TILE_NAMES, "tile")
    supply = F.list(data["supply"], "supply", max_length=NCARDS)
    s.supply_n = len(supply)
    for i, name in enumerate(supply):
        s.supply[s.supply_n - 1 - i] = _card(name, at("supply", i))
    s.discard_n = _fill_counts(s.discard, data["discard"], "discard")
    _fill_counts(s.public_disc, data.get("public_discards", {}), "public_discards")
    s.pending_n = _fill_counts(s.pending, data["pending"], "pending")
    s.pending_owner = F.int(data["pending_owner"], "pending_owner", 0, np - 1)
    s.pending_public = F.bool(data["pending_public"], "pending_public")
    seats = F.list(data["seats"], "seats", length=np)
    for p in range(np):
        where = at("seats", p)
        seat = F.object(seats[p], where, keys=SEAT_KEYS, optional=SEAT_OPTIONAL)
        s.seat_vp[p] = F.int(seat.get("seat_vp", 0), at(where, "seat_vp"), 0, SEAT_VP_MAX)
        s.hand_n[p] = _fill_counts(s.hand[p], seat["hand"], at(where, "hand"))
        s.chapel_n[p] = _fill_counts(s.chapel[p], seat["chapel"], at(where, "chapel"))
        _fill_counts(s.covered[p], seat["covered"], at(where, "covered"))
        _fill_counts(s.known_disc[p], seat["known_discards"], at(where, "known_discards"))
        _fill_counts(s.public_hand[p], seat["public_hand"], at(where, "public_hand"))
        s.goods_sold[p] = F.int(seat["goods_sold"], at(where, "goods_sold"), 0, 65535)
        s.cards_drawn[p] = F.int(seat["cards_drawn"], at(where, "cards_drawn"), 0, 65535)
        blds = F.list(seat["buildings"], at(where, "buildings"), min_length=1, max_length=MAXB)
        s.nbld[p] = len(blds)
        for i, b in enumerate(blds):
            path = at(at(where, "buildings"), i)
            if isinstance(b, dict):
                F.object(b, path, keys=("card",), optional=("good",))
                k = _card(b["card"], at(path, "card"))
                if b.get("good") is not None:
                    if k >= NPROD:
                        F.fail(at(path, "good"), f"a good lies on {CARD_IDS[k]}, which is not a production building")
                    s.good[p][i] = _card(b["good"], at(path, "good")) + 1
            else:
                k = _card(b, path)
            s.bld[p][i] = k
            s.owned[p][k] += 1
            if k >= NPROD and s.owned[p][k] > 1:
                F.fail(path, f"a second {CARD_IDS[k]} (violet buildings are unique)")
        for k in range(NK):
            if s.known_disc[p][k] > s.discard[k]:
                F.fail(at(where, "known_discards"),
                       f"knows {s.known_disc[p][k]} {CARD_IDS[k]} in a discard pile holding {s.discard[k]}")
            if s.public_disc[k] > s.known_disc[p][k]:
                F.fail(at(where, "known_discards"), f"must include the public discards ({CARD_IDS[k]})")
            if s.public_hand[p][k] > s.hand[p][k]:
                F.fail(at(where, "public_hand"), f"{CARD_IDS[k]} is not in the hand")
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
            F.fail("", f"{total[k]} {CARD_IDS[k]} cards in the position, the deck has {COPIES[k]}")
    _check_flow(s, np)
    _check_agreement(s, np)
    if s.phase != PH_OVER and sj_legal(s, buf) == 0:
        F.fail("phase", f"seat {s.actor} has no legal action in phase {PHASES[s.phase]}: the position is impossible")


cdef int _check_flow(SJ* s, int np) except -1:
    """The phase machine's fields must describe a reachable moment of a game."""
    cdef int p, a = s.actor, most = 0
    cdef int ph = s.phase
    for p in range(np):
        if s.nbld[p] > most:
            most = s.nbld[p]
    if ph == PH_OVER:
        # the game ends after the builder phase in which someone reached 12 buildings, or at the
        # safeguard (the end of round 100)
        if most < MAXB and s.rounds < MAX_ROUNDS:
            F.fail("phase", f"the game is over in round {s.rounds} but nobody has 12 buildings")
        return 0
    in_role = ph in ROLE_PHASES
    for p in range(np):
        if s.nbld[p] >= MAXB and not (in_role and s.role == R_BUILDER):
            F.fail(at(at("seats", p), "buildings"), "12 buildings outside a builder phase (the game would be over)")
    if bin(s.roles_taken).count("1") != s.picks + (1 if in_role else 0):
        F.fail("roles_taken", f"{shown([ROLES[r] for r in range(5) if s.roles_taken & (1 << r)])} does not match "
               f"picks {s.picks}" + (f" plus the {ROLES[s.role]} being played" if in_role else ""))
    if in_role and not s.roles_taken & (1 << s.role):
        F.fail("roles_taken", f"must include the role being played ({ROLES[s.role]})")
    if s.build_kind and ph not in (PH_PLACE, PH_PAY):
        F.fail("turn.building", f"must be null outside the place and pay steps (phase {PHASES[ph]})")
    if s.income and ph != PH_SELL:
        F.fail("turn.income", f"must be 0 outside a sell decision (phase {PHASES[ph]})")
    if s.pending_n and ph not in (PH_KEEP, PH_GOLD):
        F.fail("pending", f"cards pending outside a councillor keep or gold-mine decision (phase {PHASES[ph]})")
    if ph == PH_ROLE:
        expected = chooser_of_pick(s, s.picks)
        if s.chooser != expected or s.actor != s.chooser:
            F.fail("actor", f"pick {s.picks} of this round belongs to seat {expected}")
        if s.acted:
            F.fail("acted", "must be 0 while a role is chosen")
        if s.picks == 0 and s.rounds >= 2:
            for p in range(np):                 # the round's hand-limit step just ran
                if s.hand_n[p] > hand_limit(s, p):
                    F.fail(at(at("seats", p), "hand"), f"{s.hand_n[p]} cards at the first role choice of a round, "
                           f"above his hand limit of {hand_limit(s, p)}")
    elif in_role:
        if PHASE_ROLE[ph] != s.role:
            F.fail("phase", f"{PHASES[ph]} does not belong to the {ROLES[s.role]}")
        if s.chooser != chooser_of_pick(s, s.picks):
            F.fail("chooser", f"pick {s.picks} of this round belongs to seat {chooser_of_pick(s, s.picks)}")
        if s.acted >= np or a != (s.chooser + s.acted) % np:
            F.fail("actor", f"in a role phase the actor must be seat (chooser + acted) mod {np}")
    else:                                                           # chapel, hand_limit
        if s.picks:
            F.fail("picks", f"{PHASES[ph]} is a start-of-round step, before any role is chosen")
        if s.rounds < 2:
            F.fail("phase", f"{PHASES[ph]}: the first round has no start-of-round steps")
        if s.acted >= np or a != (s.governor + s.acted) % np:
            F.fail("actor", f"at the round start the actor must be seat (governor + acted) mod {np}")
    if ph in (PH_KEEP, PH_CDISCARD, PH_LIMIT) and s.last >= NK:
        F.fail("turn.last", f"{PHASES[ph]}: must be a card kind 0..{NK - 1}")
    if ph in (PH_PRODUCE, PH_SELL) and s.last >= NPROD:
        F.fail("turn.last", f"{PHASES[ph]}: must be a good 0..{NPROD - 1}")
    if ph in (PH_PLACE, PH_PAY):
        if not s.build_kind:
            F.fail("turn.building", f"{PHASES[ph]}: no building is being built")
        k = s.build_kind - 1
        if ph == PH_PLACE:
            if not s.owned[a][CRANE]:
                F.fail("phase", f"place: seat {a} chooses where to build but has no crane")
            if k >= NPROD and s.owned[a][k]:
                F.fail("turn.building", f"seat {a} already owns a {CARD_IDS[k]} (violet buildings are unique)")
        else:
            if not s.owned[a][k]:
                F.fail("turn.building", f"pay: {CARD_IDS[k]} is not among seat {a}'s buildings")
            if not 1 <= s.limit <= SJ_COST[k]:
                F.fail("turn.limit", f"pay: the cost left must be 1..{SJ_COST[k]} for {CARD_IDS[k]}, got {s.limit}")
            if s.cnt > 2:
                F.fail("turn.count", "pay: at most 2 goods pay (black market)")
    if ph in (PH_PRODUCE, PH_SELL):
        bonus = AQUEDUCT if ph == PH_PRODUCE else TRADING_POST
        most = 1 + privilege(s, a) + (1 if s.owned[a][bonus] else 0)
        if not s.cnt < s.limit <= most:
            F.fail("turn.limit", f"{PHASES[ph]}: turn.count {s.cnt} must be below turn.limit {s.limit}, "
                   f"at most {most} for seat {a}")
        if ph == PH_SELL and (s.tiles_seen <= s.tile_next or s.tile != s.tiles[s.tile_next]):
            F.fail("tile", f"sell: the trader's tile must be the revealed tile at position {s.tile_next}")
    if ph == PH_KEEP:
        if not s.pending_n or s.pending_owner != a or s.pending_public:
            F.fail("pending", "keep: needs the player to act's face-down councillor cards")
        keep = 2 if s.owned[a][PREFECTURE] else 1
        if not 1 <= s.limit <= keep or s.limit >= s.pending_n:
            F.fail("turn.limit", f"keep: cards still to keep must be 1..{keep} and fewer than the {s.pending_n} pending")
    if ph == PH_GOLD:
        if not s.owned[a][GOLD_MINE]:
            F.fail("phase", f"gold_mine: seat {a} has no gold mine")
        if s.pending_n != 4 or s.pending_owner != a or not s.pending_public:
            F.fail("pending", "gold_mine: needs the 4 face-up cards of the player to act")
        if len({SJ_COST[k] for k in range(NK) for _ in range(s.pending[k])}) != 4:
            F.fail("pending", "gold_mine: the 4 revealed cards must have 4 different costs")
    if ph == PH_CDISCARD:
        if not s.owned[a][ARCHIVE]:
            F.fail("phase", f"council_discard: seat {a} has no archive")
        if not 1 <= s.limit <= s.hand_n[a]:
            F.fail("turn.limit", f"council_discard: cards to discard must be 1..{s.hand_n[a]} (his hand)")
    if ph == PH_TUCK and not (s.owned[a][CHAPEL] and s.hand_n[a] > 0):
        F.fail("phase", f"chapel: seat {a} has no chapel or no card to tuck")
    if ph == PH_LIMIT:
        if s.hand_n[a] <= hand_limit(s, a):
            F.fail("phase", f"hand_limit: seat {a} holds {s.hand_n[a]} cards, not above his limit of "
                   f"{hand_limit(s, a)}")
        if s.limit != s.hand_n[a] - hand_limit(s, a):
            F.fail("turn.limit", f"hand_limit: must be the {s.hand_n[a] - hand_limit(s, a)} cards above the limit")
        for i in range(s.acted):                # the players before him are down to their limit
            p = (s.governor + i) % np
            if s.hand_n[p] > hand_limit(s, p):
                F.fail(at(at("seats", p), "hand"), f"{s.hand_n[p]} cards, above his hand limit of "
                       f"{hand_limit(s, p)}, though his hand_limit step is done")
    return 0


cdef int _check_agreement(SJ* s, int np) except -1:
    """Fields that follow from others must agree with them: the library doubling, the tiles' cursor
    and face-up tile, the pending cards' owner, the turn's counters where the phase does not use them."""
    cdef int ph = s.phase, a = s.actor, c = s.chooser, shown_at
    in_role = ph in ROLE_PHASES
    if s.lib_used and np > 2:
        F.fail("library_used", f"true, but only the 2-player governor saves his library for a pick "
               f"(with {np} players it stays false)")
    if s.lib_used and s.picks == 0 and not in_role and ph != PH_OVER:
        F.fail("library_used", f"true before any role was chosen this round (phase {PHASES[ph]}, picks 0)")
    # the doubling is fixed when the role is chosen; a builder phase changes the chooser's library
    # only in his own turn, after which the doubling no longer matters
    if in_role and (s.role != R_BUILDER or (ph in (PH_BUILD, PH_PLACE) and a == c)):
        doubled = library_doubles(np, s.governor, c, s.picks, bool(s.lib_used), s.owned[c][LIBRARY] > 0)
        if bool(s.role_lib) != doubled:
            why = (f"seat {c} owns a library" if s.owned[c][LIBRARY] else f"seat {c} has no library")
            if np == 2 and c == s.governor:
                why += f", the governor's {'first' if s.picks == 0 else 'last'} pick, library_used " \
                       f"{'true' if s.lib_used else 'false'}"
            F.fail("role_library", f"{'true' if s.role_lib else 'false'}, but the {ROLES[s.role]} chosen by seat {c} "
                   f"is {'doubled' if doubled else 'not doubled'} ({why}): it must be {'true' if doubled else 'false'}")
    if s.tiles_seen < 5:
        expected = s.tiles_seen - 1 if ph == PH_SELL else s.tiles_seen      # (a sale without a tile: _check_flow)
        if s.tile_next != expected:
            F.fail("tile_next", f"{s.tile_next}, but with {s.tiles_seen} tiles revealed"
                   f"{' (the last one being sold at)' if ph == PH_SELL else ''} the next tile is at position "
                   f"{expected}")
    if s.tiles_seen and ph != PH_SELL:
        shown_at = (s.tile_next + 4) % 5
        if s.tile != s.tiles[shown_at]:
            F.fail("tile", f"{TILE_NAMES[s.tile]}, but the face-up tile is the last one revealed: "
                   f"{TILE_NAMES[s.tiles[shown_at]]} (tiles[{shown_at}])")
    if not s.pending_n and s.pending_owner:
        F.fail("pending_owner", f"{s.pending_owner}, but no card is pending (it must be 0)")
    if not s.pending_n and s.pending_public:
        F.fail("pending_public", "true, but no card is pending (it must be false)")
    if ph in (PH_ROLE, PH_BUILD, PH_PLACE, PH_GOLD, PH_TUCK, PH_OVER):
        if s.cnt:
            F.fail("turn.count", f"{s.cnt}, but phase {PHASES[ph]} counts no goods (it must be 0)")
        if s.limit:
            F.fail("turn.limit", f"{s.limit}, but phase {PHASES[ph]} has no limit (it must be 0)")
    return 0
