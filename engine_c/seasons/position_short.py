"""A Castle for All Seasons short positions: every key a position may leave out, filled in before
the reader's checks.

This file sits beside the position room (``position.pyx``), whose reader calls :func:`complete`
first and then checks the completed position field by field, as it checks a full one. The keys that
may be left out and what they become are listed in docs/seasons.md, "Short positions". Every value
read here is checked with the shared vocabulary (``engine_c.validate``) before a derivation uses it,
and the counts that must add up (pieces, talers, helpers, tiles) are checked here, where it is known
which places were counted.
"""
from engine_c.seasons import data as D
from engine_c.seasons.data import (BUILDING_IDS, CARDS, HELPER_BUILDINGS, PAY_ORDER, PHASES, PICKS, PLACE_IDS,
                                   RESOLUTION_GROUPS, RESOURCES, SPOTS)
from engine_c.short_form import DealOrder, counted_in, player_count
from engine_c.validate import SEAT_VP_MAX, Fields, UINT64_MAX, at, shown

F = Fields("seasons")
WORKERS = ("worker1", "worker2", "worker3")
BUILDERS = ("bricklayer", "stonemason") + WORKERS          # cards that may erect buildings
HELPER_CARDS = ("bricklayer", "stonemason")                 # cards that may place castle helpers
PHASE_CARDS = {"trader": ("trader",), "tower": ("bricklayer",), "buy": ("stonemason",), "build": BUILDERS,
               "pay": BUILDERS, "helper": HELPER_CARDS, "source": HELPER_CARDS}
FREE_KINDS = ("sand", "wood", "clay")                       # worker2's free pieces
DEAL_SALT = 0x5EA5_0CA5_71E0_A115                           # the drawn selections' stream: rng XOR this


# ---- names and values ------------------------------------------------------------------------

def name_index(value, path, table, noun):
    """A name of ``table`` -> its index; the message lists the valid names, the closest first."""
    return F.name(value, path, table, noun)


def resources(value, path):
    """A ``{kind: count}`` object over the five kinds (kinds left out count 0) -> all five kinds."""
    F.object(value, path, keys=(), optional=RESOURCES)
    return {kind: F.int(value.get(kind, 0), at(path, kind), 0, D.BOX[k]) for k, kind in enumerate(RESOURCES)}


def counts(value, path, names, most):
    """A ``{name: count}`` object over ``names`` (names left out count 0) -> every name."""
    F.object(value, path, keys=(), optional=names)
    return {name: F.int(value.get(name, 0), at(path, name), 0, most) for name in names}


def owners(value, path, names, players):
    """A ``{spot or place: seat or null}`` object (names left out are free) -> every name."""
    F.object(value, path, keys=(), optional=names)
    for name in names:
        if value.get(name) is not None:
            F.int(value[name], at(path, name), 0, players - 1)
    return {name: value.get(name) for name in names}


def card_list(value, path):
    """A list of distinct card names."""
    F.list(value, path, max_length=len(CARDS))
    for i, name in enumerate(value):
        name_index(name, at(path, i), CARDS, "card")
        if name in value[:i]:
            F.fail(path, f"lists {name} twice")
    return list(value)


# ---- the round's machinery ---------------------------------------------------------------------

def revealed_queue(selected, start, players):
    """The resolution order of the revealed cards: ``[seat, card]`` entries and ``"payout"``."""
    queue = []
    for group_index, group in enumerate(RESOLUTION_GROUPS):
        for i in range(players):
            seat = (start + i) % players
            queue += [[seat, card] for card in CARDS if card in group and card in selected[seat]]
        if group_index == 1 and any("trader" in cards for cards in selected):
            queue.append("payout")
    return queue


def selector(players, start, pick):
    """The seat making selection ``pick`` of the round (seat order from the start player; 2 each with 2 players)."""
    return (start + (pick // 2 if players == 2 else pick)) % players


def _valid_choices(hand):
    """The cards a seat may choose, in card order: his hand, without the master builder while he holds all 8."""
    return [card for card in CARDS if card in hand and (card != "masterbuilder" or len(hand) < len(CARDS))]


def _drawn_selection(count, hand, players, draw, path):
    """``count`` cards a seat chose in secret, drawn uniformly among the choices the rules allow."""
    count = F.int(count, path, 0, PICKS[players])
    valid = _valid_choices(hand)
    if players == 2 and count == 1:
        options = [[card] for card in valid[:-1]]          # the first of a pair leaves a higher card
    elif players == 2 and count == 2:
        options = [[a, b] for i, a in enumerate(valid) for b in valid[i + 1:]]
    else:
        options = [[card] for card in valid] if count else [[]]
    if not options:
        F.fail(path, f"{count} cards, but the hand {shown(hand)} leaves nothing to choose")
    return options[draw.below(len(options))]




def _complete_seat(seat, where, players, draw):
    """A seat's keys that may be left out; returns nothing (``seat`` is completed in place)."""
    seat["hand"] = card_list(F.get(seat, "hand", where), at(where, "hand"))
    selected = seat.get("selected", [])
    if isinstance(selected, int) and not isinstance(selected, bool):
        selected = _drawn_selection(selected, seat["hand"], players, draw, at(where, "selected"))
    seat["selected"] = card_list(selected, at(where, "selected"))
    seat["resources"] = resources(F.get(seat, "resources", where), at(where, "resources"))
    seat["converted"] = resources(seat.get("converted", {}), at(where, "converted"))
    workers = F.object(seat.get("workers", {}), at(where, "workers"), keys=(), optional=WORKERS)
    seat["workers"] = {w: resources(workers.get(w, {}), at(at(where, "workers"), w)) for w in WORKERS}
    seat["built"] = counts(seat.get("built", {}), at(where, "built"), BUILDING_IDS, max(D.TILES))
    seat["played"] = counts(seat.get("played", {}), at(where, "played"), CARDS, 60)
    seat.setdefault("built_round", 0)
    seat.setdefault("helped_round", [])
    seat.setdefault("converted_talers", 0)
    for key in ("vp_master", "vp_final", "vp_winter"):
        seat.setdefault(key, 0)
    parts = [F.int(seat[key], at(where, key), 0, 30000) for key in ("vp_master", "vp_final", "vp_winter")]
    # the seat_vp option's starting points are a part of vp too (absent: 0, and left out)
    parts.append(F.int(seat.get("seat_vp", 0), at(where, "seat_vp"), 0, SEAT_VP_MAX))
    if "vp_buildings" not in seat:
        vp = F.int(seat.get("vp", sum(parts)), at(where, "vp"), 0, 30000)
        if vp < sum(parts):
            F.fail(at(where, "vp"), f"{vp}, less than vp_master + vp_final + vp_winter"
                   f"{' + seat_vp' if parts[-1] else ''} = {sum(parts)}")
        seat["vp_buildings"] = vp - sum(parts)
    vp_buildings = F.int(seat["vp_buildings"], at(where, "vp_buildings"), 0, 30000)
    seat.setdefault("vp", vp_buildings + sum(parts))


def _complete_pieces(d, seats):
    """The general stock or the tower as the rest of the box; every piece counted once."""
    forge = F.int(d.setdefault("forge", 0), "forge", 0, D.BOX[RESOURCES.index("silver")])
    for key in ("stock", "tower"):
        if key in d:
            d[key] = resources(d[key], key)
    if "stock" not in d and "tower" not in d:
        F.fail("tower", "missing field: the general stock and the tower cannot both be left out "
               "(the rest of the box goes to one of them)")
    rest = "stock" if "stock" not in d else "tower" if "tower" not in d else None
    given = [key for key in ("stock", "tower") if key != rest]
    if rest:
        d[rest] = {}
    for kind in RESOURCES:
        places = [("forge", forge if kind == "silver" else 0)] + [(key, d[key][kind]) for key in given]
        for p, seat in enumerate(seats):
            where = at("seats", p)
            places.append((at(where, "resources"), seat["resources"][kind]))
            places += [(at(at(where, "workers"), w), seat["workers"][w][kind]) for w in WORKERS]
            places.append((at(where, "converted"), seat["converted"][kind]))
        named = sum(n for _, n in places)
        box = D.BOX[RESOURCES.index(kind)]
        if rest and named > box:
            F.fail(rest, f"cannot hold the rest of the {kind}: {named} {kind} pieces are elsewhere, the box has "
                   f"{box}: {counted_in(places)}")
        if rest:
            d[rest][kind] = box - named
        elif named != box:
            F.fail("stock", f"{named} {kind} pieces in the position, the box has {box}: {counted_in(places)} "
                   f"(leave out stock to have it derived)")


def _complete_talers(d, seats, track):
    """The bank as the talers not elsewhere; every taler counted once."""
    places = [("track", track)]
    for p, seat in enumerate(seats):
        where = at("seats", p)
        places.append((at(where, "talers"), F.int(F.get(seat, "talers", where), at(where, "talers"), 0, D.TOTAL_TALERS)))
        places.append((at(where, "converted_talers"),
                       F.int(seat["converted_talers"], at(where, "converted_talers"), 0, D.TOTAL_TALERS)))
    held = sum(n for _, n in places)
    if "bank" not in d:
        if held > D.TOTAL_TALERS:
            F.fail("bank", f"cannot hold the rest: {held} talers are elsewhere, the game has {D.TOTAL_TALERS}: "
                   f"{counted_in(places)}")
        d["bank"] = D.TOTAL_TALERS - held
    bank = F.int(d["bank"], "bank", 0, D.TOTAL_TALERS)
    if bank + held != D.TOTAL_TALERS:
        F.fail("bank", f"{bank + held} talers in the position, the game has {D.TOTAL_TALERS}: {bank} in bank, "
               f"{counted_in(places)} (leave out bank to have it derived)")


def _complete_helpers(d, seats, players):
    """Each seat's helpers in his own stock: the rest of his helpers."""
    for p, seat in enumerate(seats):
        where = at("seats", p)
        spots = [name for name in SPOTS if d["spots"][name] == p]
        places = [name for name in PLACE_IDS if d["places"][name] == p]
        out = len(spots) + len(places)
        where_out = f"{len(spots)} on spots {shown(spots)}, {len(places)} on places {shown(places)}"
        if "helpers" not in seat:
            if out > D.HELPERS[players]:
                F.fail(at(where, "helpers"), f"seat {p} has {D.HELPERS[players]} helpers, but {where_out}")
            seat["helpers"] = D.HELPERS[players] - out
        stock = F.int(seat["helpers"], at(where, "helpers"), 0, D.HELPERS[players])
        if stock + out != D.HELPERS[players]:
            F.fail(at(where, "helpers"), f"seat {p} has {stock + out} helpers in all, not {D.HELPERS[players]}: "
                   f"{stock} in his stock, {where_out} (leave out helpers to have it derived)")


def _complete_tiles(d, seats):
    """The tiles left on the board: the tiles not built."""
    given = counts(d["tiles"], "tiles", BUILDING_IDS, max(D.TILES)) if "tiles" in d else None
    d["tiles"] = {}
    for t, name in enumerate(BUILDING_IDS):
        built = [(at(at(at("seats", p), "built"), name), seat["built"][name]) for p, seat in enumerate(seats)]
        n = sum(c for _, c in built)
        if given is None:
            if n > D.TILES[t]:
                last = [path for path, c in built if c][-1]
                F.fail(last, f"{n} {name} built in all, the board has {D.TILES[t]}: {counted_in(built)}")
            d["tiles"][name] = D.TILES[t] - n
        elif given[name] + n != D.TILES[t]:
            F.fail(at("tiles", name), f"{given[name]} left plus {n} built make {given[name] + n}, not {D.TILES[t]} "
                   f"(built: {counted_in(built)}; leave out tiles to have them derived)")
        else:
            d["tiles"][name] = given[name]


def _resolving_entry(d, queue, phase, players):
    """``queue_pos`` in a resolution phase: the only queue entry of the actor (if given) whose card
    makes this phase's decision."""
    actor = F.int(d["actor"], "actor", 0, players - 1) if "actor" in d else None
    fits = [k for k, e in enumerate(queue) if e != "payout" and e[1] in PHASE_CARDS[phase]
            and (actor is None or e[0] == actor)]
    if len(fits) != 1:
        listed = ", ".join(f"{k}: {e}" for k, e in enumerate(queue))
        F.fail("queue_pos", f"missing field: {len(fits)} entries of the queue could be resolving the {phase} "
               f"decision{'' if actor is None else f' of seat {actor}'}; give the position of the card being "
               f"resolved ({listed})")
    return fits[0]


def _earlier_card(queue, entry, cards):
    """The card of ``cards`` the seat of queue entry ``entry`` resolved before it this round, or None."""
    seat = queue[entry][0]
    return next((e[1] for e in queue[:entry] if e != "payout" and e[0] == seat and e[1] in cards), None)


def _complete_turn(d, phase, seats, queue):
    """The turn's counters: buildings and helpers of the card being resolved, the payment."""
    turn = d["turn"] = dict(F.object(d.get("turn", {}), "turn"))
    for key, needed in (("building", "pay"), ("place", "source")):
        if key not in turn and phase == needed:
            F.fail(at("turn", key), f"missing field: the {phase} decision needs it")
    turn.setdefault("building", BUILDING_IDS[0])
    turn.setdefault("place", PLACE_IDS[0])
    turn.setdefault("pay_step", 0)
    turn.setdefault("paid", [0, 0, 0, 0])
    if "pay_left" not in turn:
        turn["pay_left"] = 0
        if phase == "pay":
            building = name_index(turn["building"], "turn.building", BUILDING_IDS, "building")
            step = F.int(turn["pay_step"], "turn.pay_step", 0, 2)
            paid = F.ints(turn["paid"], "turn.paid", 0, 15, length=4)
            turn["pay_left"] = D.BUILDING_VALUE[building] - sum(
                paid[j] * D.BUILDING_POINTS[RESOURCES.index(PAY_ORDER[j])] for j in range(step))
    resolving = phase in ("build", "pay", "helper", "source") and queue
    entry = F.int(d["queue_pos"], "queue_pos", 0, len(queue) - 1) if resolving else None
    for key, cards, phases in (("builds", BUILDERS, ("build", "pay", "helper", "source")),
                               ("helpers", HELPER_CARDS, ("helper", "source"))):
        if key in turn:
            continue
        turn[key] = 0
        if resolving and phase in phases:
            earlier = _earlier_card(queue, entry, cards)
            if earlier:
                F.fail(at("turn", key), f"missing field: seat {queue[entry][0]}'s {earlier} acted this round too, "
                       f"so not all his {key} this round need be this card's")
            seat, where = seats[queue[entry][0]], at("seats", queue[entry][0])
            if key == "builds":
                turn[key] = F.int(seat["built_round"], at(where, "built_round"), 0, 4)
            else:
                turn[key] = len(F.list(seat["helped_round"], at(where, "helped_round"), max_length=len(HELPER_BUILDINGS)))


def complete(data):
    """The position ``data`` with every key it left out filled in (a new dict, in the full form)."""
    F.object(data, "")
    d = dict(data)
    players = player_count(F, d)
    seats = d["seats"] = [dict(F.object(seat, at("seats", p))) for p, seat in enumerate(d["seats"])]
    rng = F.int(d.setdefault("rng", 0), "rng", 0, UINT64_MAX)
    phase = PHASES[name_index(d.setdefault("phase", "select"), "phase", PHASES, "phase")]
    rounds = F.int(d.setdefault("rounds", D.ROUNDS[players]), "rounds", D.ROUNDS[players], D.ROUNDS[players])
    round_now = F.int(F.get(d, "round"), "round", 1, rounds)
    track = F.int(d.setdefault("track", rounds - round_now), "track", 0, rounds)
    if track != rounds - round_now:
        F.fail("track", f"round {round_now} of {rounds} leaves {rounds - round_now} talers on the round track, "
               f"not {track}")
    start = F.int(d.setdefault("start", (round_now - 1) % players), "start", 0, players - 1)
    d.setdefault("winter", False)
    d.setdefault("winter_cards", [])
    asked = F.int(d.setdefault("winter_asked", 0), "winter_asked", 0, players - 1)
    draw = DealOrder(rng, DEAL_SALT)
    for p, seat in enumerate(seats):
        _complete_seat(seat, at("seats", p), players, draw)
    d["spots"] = owners(d.get("spots", {}), "spots", SPOTS, players)
    d["places"] = owners(d.get("places", {}), "places", PLACE_IDS, players)
    d.setdefault("spot_rounds", [0 if d["spots"][name] is None else max(round_now - 1, 1) for name in SPOTS])
    _complete_pieces(d, seats)
    _complete_talers(d, seats, track)
    _complete_helpers(d, seats, players)
    _complete_tiles(d, seats)
    d.setdefault("last_round", sum(d["tiles"].values()) == 0)
    # the round's machinery
    selecting = phase in ("select", "winter")      # a winter offer comes before the selection
    selected = [seat["selected"] for seat in seats]
    d.setdefault("picks", sum(map(len, selected)) if selecting else players * PICKS[players])
    queue = [] if selecting else revealed_queue(selected, start, players)
    d.setdefault("queue", queue)
    d.setdefault("traders", 0 if selecting else sum("trader" in cards for cards in selected))
    if "queue_pos" not in d:
        d["queue_pos"] = (len(queue) if phase == "over" else _resolving_entry(d, queue, phase, players)
                          if phase in PHASE_CARDS else 0)
    if phase == "load" and "equip_pos" not in d:
        if "actor" in d:
            loader = F.int(d["actor"], "actor", 0, players - 1)
        else:                       # the first seat from the start whose worker2 still lacks its free pieces
            waiting = [(start + i) % players for i in range(players) if "worker2" in selected[(start + i) % players]
                       and not any(seats[(start + i) % players]["workers"]["worker2"][k] for k in FREE_KINDS)]
            loader = waiting[0] if waiting else start
        d["equip_pos"] = 3 * ((loader - start) % players) + 1
    d.setdefault("equip_pos", 0 if selecting else 3 * players)
    if "actor" not in d:
        if phase == "winter":
            d["actor"] = (start + asked) % players
        elif selecting:
            d["actor"] = selector(players, start, F.int(d["picks"], "picks", 0, players * PICKS[players]))
        elif phase == "load":
            d["actor"] = (start + F.int(d["equip_pos"], "equip_pos", 0, 3 * players) // 3) % players
        elif phase in PHASE_CARDS and queue:
            entry = queue[F.int(d["queue_pos"], "queue_pos", 0, len(queue) - 1)]
            d["actor"] = entry[0] if entry != "payout" else 0
        else:
            d["actor"] = 0
    F.int(d["actor"], "actor", 0, players - 1)
    _complete_turn(d, phase, seats, queue)
    return d
