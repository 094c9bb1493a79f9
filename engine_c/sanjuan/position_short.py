"""San Juan short positions: every key a position may leave out, filled in before the reader's checks.

This file sits beside the position room (``position.pyx``), which calls :func:`complete` first
and then checks the completed position field by field, as it checks a full one. The keys that may
be left out and what they become are listed in docs/sanjuan.md, "Short positions". Nothing read
here is trusted: each value is checked with the shared vocabulary (``engine_c.validate``) before a
derivation uses it, so a refusal names the field the user wrote.

Hidden cards may be given as counts (another player's hand or chapel, the discard pile) and goods
as ``true``; those cards, and the supply when it is left out, are dealt from the cards not placed
elsewhere in an order drawn from a fixed function of ``rng`` (the position's chance RNG itself is
left as it is).
"""
from engine_c.sanjuan.data import (CARD_IDS, CARD_INDEX, COPIES, HAND_LIMIT, NUM_PRODUCTION, PHASES,
                                   ROLES, TILE_NAMES, TOWER_HAND_LIMIT)
from engine_c.short_form import DealOrder, counted_in, player_count
from engine_c.validate import Fields, UINT64_MAX, at, shown

F = Fields("sanjuan")
DECK = sum(COPIES)
ROLE_OF_PHASE = {"build": "builder", "place": "builder", "pay": "builder", "produce": "producer",
                 "sell": "trader", "keep": "councillor", "council_discard": "councillor",
                 "gold_mine": "prospector"}
START_STEPS = ("chapel", "hand_limit")
DEAL_SALT = 0x5EA5_0FCA_4D5D_EA15        # the deal's random stream: rng XOR this (rng itself untouched)


# ---- names -------------------------------------------------------------------------------------

def card_kind(value, path):
    """A card id -> its kind (0..28)."""
    if isinstance(value, str) and value in CARD_INDEX:
        return CARD_INDEX[value]
    return F.name(value, path, CARD_IDS, "card")


def name_index(value, path, table, noun):
    """A name of ``table`` (a list) -> its index."""
    return F.name(value, path, table, noun)


# ---- card collections -------------------------------------------------------------------------

def multiset(value, path, count_allowed=False):
    """``{card: count}`` or a list of card ids -> ``{card: count}``; with ``count_allowed`` a number
    of cards (an integer) is returned as it is, for the deal."""
    if count_allowed and isinstance(value, int) and not isinstance(value, bool):
        return F.int(value, path, 0, DECK)
    out = {}
    if isinstance(value, list):
        for i, name in enumerate(value):
            k = card_kind(name, at(path, i))
            if out.get(name, 0) >= COPIES[k]:
                F.fail(path, f"lists {out[name] + 1} {name}, the deck has {COPIES[k]}")
            out[name] = out.get(name, 0) + 1
        return out
    if not isinstance(value, dict):
        also = ", or a number of cards" if count_allowed else ""
        F.fail(path, f"must be an object {{card: count}} or a list of cards{also}, got {shown(value)}")
    for name, count in value.items():
        k = card_kind(name, at(path, name))
        if F.int(count, at(path, name), 0, COPIES[k]):
            out[name] = count
    return out


def _cards(n):
    """``1 card is`` / ``3 cards are``."""
    return f"{n} card is" if n == 1 else f"{n} cards are"


class Cards:
    """Where each card of the deck was named, and the cards still to deal at random."""

    def __init__(self):
        self.named = {name: [] for name in CARD_IDS}     # card -> [(path, count)]
        self.requests = []                              # (path, count, receive(card))

    def add(self, path, cards):
        """Count the named ``cards`` ({card: count}) at ``path``."""
        for name, n in cards.items():
            if n:
                places = self.named[name]
                if places and places[-1][0] == path:
                    places[-1] = (path, places[-1][1] + n)
                else:
                    places.append((path, n))
                total = sum(c for _, c in self.named[name])
                if total > COPIES[CARD_INDEX[name]]:
                    F.fail(path, f"{total} {name} cards in the position, the deck has {COPIES[CARD_INDEX[name]]}: "
                           f"{counted_in(self.named[name])}")

    def total(self, name):
        """Copies of ``name`` named so far."""
        return sum(n for _, n in self.named[name])


def _collection(seat, key, path, cards, count_allowed, public=None):
    """A seat's card collection, named or (``count_allowed``) a count dealt at random later."""
    value = multiset(seat.get(key, {}), path, count_allowed)
    if isinstance(value, dict):
        cards.add(path, value)
        return value
    known = dict(public or {})
    if value < sum(known.values()):
        F.fail(path, f"{value} cards, fewer than the {sum(known.values())} named in public_hand")
    cards.add(path, known)
    cards.requests.append((path, value - sum(known.values()), _receiver(known)))
    return known


def _receiver(target):
    """A function putting one dealt card into the multiset ``target``."""
    def receive(name):
        target[name] = target.get(name, 0) + 1
    return receive


def _buildings(seat, where, cards):
    """A seat's buildings (checked names; ``"good": true`` deals the good at random) and their names."""
    path = at(where, "buildings")
    listed = F.list(F.get(seat, "buildings", where), path, min_length=1, max_length=12)
    out, names = [], []
    for i, b in enumerate(listed):
        bpath = at(path, i)
        if isinstance(b, dict):
            F.object(b, bpath, keys=("card",), optional=("good",))
            card_kind(b["card"], at(bpath, "card"))
            building = dict(b)
            good = b.get("good")
            if good is not None and CARD_INDEX[b["card"]] >= NUM_PRODUCTION:
                F.fail(at(bpath, "good"), f"a good lies on {b['card']}, which is not a production building")
            if good is True:
                cards.requests.append((at(bpath, "good"), 1, _good_receiver(building)))
            elif good is not None:
                card_kind(good, at(bpath, "good"))
                cards.add(at(bpath, "good"), {good: 1})
            out.append(building)
            name = b["card"]
        else:
            card_kind(b, bpath)
            out.append(b)
            name = b
        cards.add(bpath, {name: 1})
        names.append(name)
    return out, names


def _good_receiver(building):
    def receive(name):
        building["good"] = name
    return receive


def _complete_cards(d, seats, phase, rng):
    """Name every card: hands and chapels given as counts, goods given as ``true``, the discard pile
    and the supply; returns each seat's building names."""
    cards = Cards()
    building_names = []
    for p, seat in enumerate(seats):
        where = at("seats", p)
        public = multiset(seat.get("public_hand", {}), at(where, "public_hand"))
        seat["public_hand"] = public
        seat["hand"] = _collection(seat, "hand", at(where, "hand"), cards, True, public)
        seat["chapel"] = _collection(seat, "chapel", at(where, "chapel"), cards, True)
        seat["covered"] = _collection(seat, "covered", at(where, "covered"), cards, False)
        seat["buildings"], names = _buildings(seat, where, cards)
        building_names.append(names)
    d["pending"] = multiset(d.get("pending", {}), "pending")
    cards.add("pending", d["pending"])
    turn = d["turn"]
    if phase == "place" and turn.get("building") is not None:
        card_kind(turn["building"], "turn.building")
        cards.add("turn.building", {turn["building"]: 1})     # shown, not yet placed
    if "supply" in d:
        supply = F.list(d["supply"], "supply", max_length=DECK)
        for i, name in enumerate(supply):
            card_kind(name, at("supply", i))
            cards.add("supply", {name: 1})
    # the discard pile holds at least what the seats saw go there
    public = multiset(d.get("public_discards", {}), "public_discards")
    d["public_discards"] = public
    known_least = {name: (n, "public_discards") for name, n in public.items()}     # card -> (count, who saw most)
    for p, seat in enumerate(seats):
        path = at(at("seats", p), "known_discards")
        known = multiset(seat["known_discards"], path) if "known_discards" in seat else dict(public)
        seat["known_discards"] = known
        for name, n in known.items():
            if n > known_least.get(name, (0, ""))[0]:
                known_least[name] = (n, path)
    discard = multiset(d["discard"], "discard", count_allowed=True) if "discard" in d else None
    if isinstance(discard, dict):
        cards.add("discard", discard)
        pile = discard
    else:
        for name, (n, path) in known_least.items():
            if cards.total(name) + n > COPIES[CARD_INDEX[name]]:
                F.fail(path, f"knows {n} {name} in the discard pile, but {cards.total(name)} of the "
                       f"{COPIES[CARD_INDEX[name]]} are elsewhere: {counted_in(cards.named[name])}")
        pile = {name: n for name, (n, _) in known_least.items()}
        cards.add("discard", pile)
        if isinstance(discard, int):
            if discard < sum(pile.values()):
                F.fail("discard", f"{discard} cards, fewer than the {sum(pile.values())} the seats know are there "
                       f"(known_discards)")
            cards.requests.append(("discard", discard - sum(pile.values()), _receiver(pile)))
    d["discard"] = pile
    # deal what was asked for at random, then the rest to the supply (or to the discard pile)
    left = [name for name in CARD_IDS for _ in range(COPIES[CARD_INDEX[name]] - cards.total(name))]
    deal = DealOrder(rng, DEAL_SALT)
    deal.shuffle(left)
    for path, n, receive in cards.requests:
        if n > len(left):
            F.fail(path, f"{n} cards to deal, but only {len(left)} of the {DECK} cards are not placed elsewhere")
        for _ in range(n):
            receive(left.pop())
    if "supply" not in d:
        d["supply"] = left
    elif discard is None:
        for name in left:
            pile[name] = pile.get(name, 0) + 1
    elif isinstance(discard, int) and left:
        F.fail("discard", f"{discard} cards, but {discard + len(left)} cards are neither in the supply nor "
               f"elsewhere (leave out discard to have it derived)")
    elif left:
        name = min(left, key=CARD_INDEX.get)
        F.fail("supply", f"{cards.total(name)} {name} cards in the position, the deck has "
               f"{COPIES[CARD_INDEX[name]]}: {counted_in(cards.named[name])}; {_cards(len(left))} missing in all "
               f"(leave out supply or discard to have them derived)")
    return building_names


# ---- the phase machine -----------------------------------------------------------------------

def chooser_of_pick(players, governor, pick):
    """The seat that chooses the ``pick``-th role of a round (2 players: governor, other, governor)."""
    if players == 2:
        return governor if pick != 1 else 1 - governor
    return (governor + pick) % players


def library_doubles(players, governor, chooser, picks, library_used, owns_library):
    """Whether the chooser's privilege is doubled by his library (docs/sanjuan.md, "Library")."""
    if players == 2 and chooser == governor:
        return library_used if picks == 0 else owns_library and not library_used
    return owns_library




def _turn_limit(d, phase, seats, names, hand_sizes):
    """``turn.limit`` where it follows from the rest: the goods the producer/trader may still make or
    sell, the cards to keep, the hand's excess; 0 where the phase does not use it."""
    actor = d["actor"]
    owns = set(names[actor])
    if phase in ("produce", "sell"):
        privilege = (2 if d["role_library"] else 1) if actor == d["chooser"] else 0
        bonus = "aqueduct" if phase == "produce" else "trading_post"
        return 1 + privilege + (bonus in owns)
    if phase == "keep":
        return 2 if "prefecture" in owns else 1
    if phase == "hand_limit":
        return max(hand_sizes[actor] - (TOWER_HAND_LIMIT if "tower" in owns else HAND_LIMIT), 0)
    if phase in ("pay", "council_discard"):
        what = "the cost still to pay" if phase == "pay" else "the cards still to discard"
        F.fail("turn.limit", f"missing field: in the {phase} step {what} does not follow from the rest")
    return 0


def _complete_tiles(d, phase, deal):
    """The trading-house tiles: the revealed ones as listed, the rest in a random order."""
    listed = F.list(d.get("tiles", []), "tiles", max_length=5)
    for i, tile in enumerate(listed):
        name_index(tile, at("tiles", i), TILE_NAMES, "tile")
        if tile in listed[:i]:
            F.fail("tiles", f"lists {tile} twice (the five tiles T1..T5 once each)")
    seen = F.int(d.setdefault("tiles_seen", len(listed)), "tiles_seen", 0, 5)
    if seen > len(listed):
        F.fail("tiles", f"lists {len(listed)} tiles but tiles_seen is {seen}: list every revealed tile, "
               f"in the order they came up")
    tiles = list(listed) + deal.shuffle([t for t in TILE_NAMES if t not in listed])
    d["tiles"] = tiles
    selling = phase == "sell"
    if "tile_next" not in d:
        if seen < 5:
            d["tile_next"] = max(seen - 1, 0) if selling else seen
        elif "tile" in d:
            face_up = name_index(d["tile"], "tile", TILE_NAMES, "tile")
            d["tile_next"] = (tiles.index(TILE_NAMES[face_up]) + (0 if selling else 1)) % 5
        else:
            F.fail("tile_next", "missing field: with all 5 tiles revealed it does not follow from the rest "
                   "(give tile_next, 0..4, or tile, the face-up tile)")
    tile_next = F.int(d["tile_next"], "tile_next", 0, 4)
    if "tile" not in d:
        d["tile"] = "T1" if not seen else tiles[tile_next] if selling else tiles[(tile_next - 1) % 5]


def complete(data):
    """The position ``data`` with every key it left out filled in (a new dict, in the full form)."""
    F.object(data, "")
    d = dict(data)
    players = player_count(F, d)
    seats = [dict(F.object(seat, at("seats", p))) for p, seat in enumerate(d["seats"])]
    d["seats"] = seats
    rng = F.int(d.setdefault("rng", 0), "rng", 0, UINT64_MAX)
    phase = PHASES[name_index(d.setdefault("phase", "role"), "phase", PHASES, "phase")]
    d.setdefault("rounds", 2 if phase in START_STEPS else 1)
    governor = F.int(F.get(d, "governor"), "governor", 0, players - 1)
    d["turn"] = dict(F.object(d.get("turn", {}), "turn"))
    names = _complete_cards(d, seats, phase, rng)
    hand_sizes = [sum(seat["hand"].values()) for seat in seats]
    # roles and who plays them
    in_role = phase in ROLE_OF_PHASE
    d.setdefault("role", ROLE_OF_PHASE.get(phase, "builder"))
    d.setdefault("roles_taken", [d["role"]] if in_role else [])
    taken = F.list(d["roles_taken"], "roles_taken", max_length=5)
    d.setdefault("picks", max(len(taken) - (1 if in_role or phase == "over" else 0), 0))
    picks = F.int(d["picks"], "picks", 0, (3 if players == 2 else players) - 1)
    if "chooser" not in d:
        if phase in START_STEPS or (phase == "over" and max(map(len, names)) < 12):
            # the last pick of the round before (the round cap ends a game before the governor passes)
            last_governor = governor if phase == "over" else (governor - 1) % players
            d["chooser"] = chooser_of_pick(players, last_governor, (3 if players == 2 else players) - 1)
        else:
            d["chooser"] = chooser_of_pick(players, governor, picks)
    chooser = F.int(d["chooser"], "chooser", 0, players - 1)
    library_used = F.bool(d.setdefault("library_used", False), "library_used")
    d.setdefault("role_library", in_role and library_doubles(players, governor, chooser, picks, library_used,
                                                             "library" in names[chooser]))
    F.bool(d["role_library"], "role_library")
    base = chooser if in_role else governor
    if "acted" not in d:
        if "actor" in d:
            actor = F.int(d["actor"], "actor", 0, players - 1)
            d["acted"] = 0 if phase == "role" else players if phase == "over" else (actor - base) % players
        else:
            d["acted"] = players if phase == "over" else 0
    acted = F.int(d["acted"], "acted", 0, players)
    d.setdefault("actor", chooser if phase == "role" else 0 if phase == "over" else (base + acted) % players)
    F.int(d["actor"], "actor", 0, players - 1)
    # the turn's counters
    turn = d["turn"]
    for key in ("count", "last", "income"):
        turn.setdefault(key, 0)
    turn.setdefault("building", None)
    if "limit" not in turn:
        turn["limit"] = _turn_limit(d, phase, seats, names, hand_sizes)
    _complete_tiles(d, phase, DealOrder(rng ^ 1, DEAL_SALT))
    d.setdefault("pending_owner", d["actor"] if phase in ("keep", "gold_mine") else 0)
    d.setdefault("pending_public", phase == "gold_mine")
    for seat in seats:
        seat.setdefault("goods_sold", 0)
        seat.setdefault("cards_drawn", 0)
    return d
