"""What one seat sees of a position: the position data with everything it cannot see covered.

``seat_view(data, seat)`` takes a position as ``state.to_dict()`` gives it and returns a new dict
of the same shape in which whatever ``seat`` cannot see is replaced:

- the chance RNG (``rng``) is removed in every game: it decides future dice and draws;
- a collection of cards the seat cannot see becomes ``{"backs": N}`` (N face-down cards), or
  ``{"backs": N, "known": {...}}`` when the seat knows some of its cards (``known`` is not
  counted in ``N``);
- a single unseen value (a trading-house tile not revealed yet) becomes ``None``.

The choices follow each engine's ``resample_hidden`` (docs/interface.md, "What a seat sees"):
two positions that differ only in what ``seat`` cannot know have the same view.
``move_seen_by`` does the same for a move: how a seat sees a move another player makes.
"""
from __future__ import annotations

import copy

from engine_c.errors import BoardlabError

SANJUAN_SECRET_PHASES = ("pay", "keep", "council_discard", "chapel", "hand_limit")   # cards change hands face down
SANJUAN_GOOD_FLOOR = 5      # San Juan's canonical-order floor: 0..4 goods, 5 + kind once a card was paid


def backs(count, known=None):
    """The view of ``count`` face-down cards, with the multiset ``known`` the seat can name."""
    return {"backs": count} if known is None else {"backs": count, "known": known}


def is_backs(value):
    """True if ``value`` is a covered collection as :func:`backs` writes it."""
    return isinstance(value, dict) and "backs" in value


def _count(multiset):
    """Cards in a ``{card: count}`` multiset."""
    return sum(multiset.values())


def _check_seat(data, seat, seats_key):
    """``seat`` if it is a seat of the position; ValueError otherwise."""
    players = len(data[seats_key])
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise BoardlabError(f"seat must be an integer in 0..{players - 1}, got {seat!r}")
    return seat


def burgundy_view(data, seat):
    """Castles of Burgundy: only the RNG (future dice, tiles and goods) is hidden; supplies are public counts."""
    _check_seat(data, seat, "seats")
    view = copy.deepcopy(data)
    view.pop("rng", None)
    return view


def sanjuan_view(data, seat):
    """San Juan: the others' hands (except cards taken face up) and chapels, every good, the supply,
    the discard pile (but the cards this seat saw go there), another player's councillor draw,
    unrevealed trading-house tiles and what the others privately know."""
    _check_seat(data, seat, "seats")
    view = copy.deepcopy(data)
    view.pop("rng", None)
    view["supply"] = backs(len(data["supply"]))
    own_known = data["seats"][seat]["known_discards"]
    view["discard"] = backs(_count(data["discard"]) - _count(own_known), dict(own_known))
    secret_pending = data["pending"] and not data["pending_public"] and data["pending_owner"] != seat
    if secret_pending:
        view["pending"] = backs(_count(data["pending"]))
    if data["tiles_seen"] < 4:          # after four reveals the fifth tile is known
        view["tiles"] = data["tiles"][:data["tiles_seen"]] + [None] * (len(data["tiles"]) - data["tiles_seen"])
    for index, seat_data in enumerate(view["seats"]):
        for building in seat_data["buildings"]:
            if isinstance(building, dict) and "good" in building:
                building["good"] = backs(1)          # goods are placed face down: nobody sees them
        if index == seat:
            continue
        public = seat_data["public_hand"]
        seat_data["hand"] = backs(_count(seat_data["hand"]) - _count(public), dict(public))
        seat_data["chapel"] = backs(_count(seat_data["chapel"]))
        del seat_data["known_discards"]
    if data["actor"] != seat:           # the floor of another player's secret card sequence
        phase, turn = data["phase"], view["turn"]
        if phase in ("hand_limit", "council_discard") or (phase == "keep" and secret_pending):
            turn["last"] = None
        elif phase == "pay":
            turn["last"] = min(turn["last"], SANJUAN_GOOD_FLOOR)
    return view


def seasons_view(data, seat):
    """A Castle for All Seasons: the others' card choices of this round until they are revealed."""
    _check_seat(data, seat, "seats")
    view = copy.deepcopy(data)
    view.pop("rng", None)
    if data["phase"] == "select":
        for index, seat_data in enumerate(view["seats"]):
            if index != seat:
                seat_data["selected"] = backs(len(seat_data["selected"]))
    return view


TILETUM_STACKS = ("bonus_stack", "person_stack", "contract_stack")


def tiletum_view(data, seat):
    """Tiletum: nothing private; the RNG (dice, draws, corruption tokens to come) is removed and
    the face-down stacks are shown as counts."""
    _check_seat(data, seat, "seats")
    view = copy.deepcopy(data)
    view.pop("rng", None)
    for key in TILETUM_STACKS:
        view[key] = backs(len(data[key]))
    return view


def _sanjuan_public(data):
    """San Juan as every seat sees it: each hand, chapel and secret draw covered, the discard pile
    known only as far as all saw it, another player's secret floor unknown."""
    view = sanjuan_view(data, 0)
    public = data["public_discards"]
    view["discard"] = backs(_count(data["discard"]) - _count(public), dict(public))
    if data["pending"] and not data["pending_public"]:
        view["pending"] = backs(_count(data["pending"]))
    own = view["seats"][0]
    own["hand"] = backs(_count(data["seats"][0]["hand"]) - _count(own["public_hand"]), dict(own["public_hand"]))
    own["chapel"] = backs(_count(data["seats"][0]["chapel"]))
    del own["known_discards"]
    phase, turn = data["phase"], view["turn"]
    if phase in ("hand_limit", "council_discard") or (phase == "keep" and data["pending"] and not data["pending_public"]):
        turn["last"] = None
    elif phase == "pay":
        turn["last"] = min(data["turn"]["last"], SANJUAN_GOOD_FLOOR)
    return view


def public_view(data):
    """What every seat sees of the position ``data``: a seat view with every seat's secrets covered."""
    game = data.get("game")
    if game == "sanjuan":
        return _sanjuan_public(data)
    view = SEAT_VIEWS[game](data, 0)
    if game == "seasons" and data["phase"] == "select":
        own = view["seats"][0]
        own["selected"] = backs(len(own["selected"]))
    return view


def private_view(data, seat):
    """What only ``seat`` sees of the position ``data`` (what its seat view adds to the public one)."""
    game = data.get("game")
    _check_seat(data, seat, "seats")
    own = data["seats"][seat]
    if game == "sanjuan":
        secret = {"hand": own["hand"], "chapel": own["chapel"], "known_discards": own["known_discards"]}
        if data["pending"] and not data["pending_public"] and data["pending_owner"] == seat:
            secret["pending"] = data["pending"]
        if data["actor"] == seat:
            secret["last"] = data["turn"]["last"]
        return secret
    if game == "seasons" and data["phase"] == "select":
        return {"selected": own["selected"]}
    return {}


SEAT_VIEWS = {
    "burgundy": burgundy_view,
    "sanjuan": sanjuan_view,
    "seasons": seasons_view,
    "tiletum": tiletum_view,
}


def seat_view(data, seat):
    """The position ``data`` (``state.to_dict()``) as ``seat`` sees it."""
    game = data.get("game")
    if game not in SEAT_VIEWS:
        raise BoardlabError(f"no seat view for game {game!r}")
    return SEAT_VIEWS[game](data, seat)


def move_seen_by(game, before, move, actor, seat, now=None):
    """The text ``seat`` sees when ``actor`` plays ``move`` in the position ``before`` (a dict).

    A seat sees its own moves and every public move as written; a card given away face down
    (San Juan payments, keeps, discards, chapel tucks) or a card chosen in secret (Seasons'
    selection) is shown without naming the card. ``now``: the position the game has reached since
    (a dict); a Seasons card chosen in secret is named once its round's selection is over (the
    cards are then revealed), as a move history read later shows it.
    """
    if actor == seat or seat is None:
        return move
    verb = move.split()[0] if move.split() else move
    if game == "sanjuan" and before.get("phase") in SANJUAN_SECRET_PHASES and verb in ("pay", "keep", "discard", "tuck"):
        return f"{verb} a card (face down)"
    if game == "seasons" and before.get("phase") == "select" and verb == "pick":
        revealed = now is not None and (now.get("round"), now.get("phase")) != (before.get("round"), "select")
        return move if revealed else "pick a card (face down)"
    return move


def name_seen_by(game, before, move, name, actor, seat, now=None):
    """The words ``seat`` sees when ``actor`` plays ``move`` (notation), named ``name`` (``action_name``
    in the position ``before``): the name when the seat sees the move as written, else what
    ``move_seen_by`` shows of it (a card given away face down is not named)."""
    seen = move_seen_by(game, before, move, actor, seat, now)
    return name if seen == move else seen


# What a seat's redrawn copy of a position changes (each engine's resample_hidden): the note a
# play-mode download carries at its top ("redrawn"), so the file says which parts are invented.
REDRAWN = {
    "burgundy": ["rng: future dice, tiles and goods are drawn anew"],
    "sanjuan": ["rng: future draws", "supply: the deck order",
                "discard: the cards you did not see go there",
                "the other seats' hands (but cards taken face up) and chapels",
                "every good on a production building (goods lie face down)",
                "another seat's councillor draw", "tiles: the trading-house tiles not revealed yet"],
    "seasons": ["rng: future draws", "the other seats' card choices of this round (not revealed yet)"],
    "tiletum": ["rng: future dice, stack draws and corruption tokens"],
}


def redrawn_position(state, seat, seed):
    """The position ``seat`` may keep: ``state.resample_hidden(seat, seed)`` as a dict, with a
    top-level ``"redrawn"`` list naming what was drawn anew (the position readers skip it)."""
    data = state.resample_hidden(seat, seed).to_dict()
    notes = REDRAWN.get(state.game_name, ["rng"])
    return {"redrawn": [f"seat {seat}'s view: everything it cannot see was drawn anew"] + notes, **data}
