"""San Juan moves in words: the notation (``cover 2``, ``pay smithy``) with the card, building and
good it concerns, read from the position before the move (``state.action_name``; docs/interface.md)."""
from engine_c.sanjuan.data import CARD_INDEX, COST, VP

ROLE_WORDS = {"builder": "build", "producer": "produce", "trader": "sell goods",
              "councillor": "draw cards, keep one", "prospector": "draw a card"}
PASS_WORDS = {"build": "pass (build nothing)", "place": "pass (build nothing)", "produce": "pass (produce no more)",
              "sell": "pass (sell no more)", "tuck": "pass (tuck no card)"}
VERB_WORDS = {"pay": "pay with", "keep": "keep", "discard": "discard", "tuck": "tuck", "card": "choose"}


def card_word(card_id):
    """A card id in words: ``indigo_plant`` -> ``indigo plant``."""
    return card_id.replace("_", " ")


def _a(word):
    """``word`` with its indefinite article: ``an indigo``, ``a sugar``."""
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _building_card(entry):
    """The card of a building entry of a position (a card id, or ``{"card": ..., "good": ...}``)."""
    return entry["card"] if isinstance(entry, dict) else entry


def _name(data, seat, text):
    """The words of one move given in notation ``text``, played by ``seat`` in the position ``data``."""
    verb, _, arg = text.partition(" ")
    role = verb.split("+")[0]
    if text == "pass":
        return PASS_WORDS.get(data.get("phase"), "pass")
    if not arg and role in ROLE_WORDS:
        doubled = " (the library doubles the privilege)" if verb.endswith("+library") else ""
        return f"take the {role} role: {ROLE_WORDS[role]}{doubled}"
    if verb == "build":
        kind = CARD_INDEX[arg]
        return f"build {card_word(arg)} (cost {COST[kind]}, {VP[kind]} VP)"
    if text == "place new":
        return "build on a new spot (not over a building)"
    if verb == "cover":
        slot = int(arg)
        buildings = data["seats"][seat]["buildings"]
        over = card_word(_building_card(buildings[slot])) if slot < len(buildings) else f"building {slot}"
        return f"build over the {over} (slot {slot})"
    if verb in VERB_WORDS:
        where = " under the chapel" if verb == "tuck" else ""
        return f"{VERB_WORDS[verb]} the {card_word(arg)} card{where}"
    if verb == "produce":
        return f"produce {arg} on an empty {arg} building"
    if verb == "sell":
        return f"sell {_a(arg)} good"
    if verb in ("pay-good", "good"):
        return f"pay with {_a(arg)} good (black market)"
    return text


def action_names(state, actions):
    """The words of ``actions`` in ``state`` (before they are played), in order."""
    if state.is_terminal():              # nobody moves: nothing to name a move after
        return [state.action_to_string(a) for a in actions]
    data, seat = state.to_dict(), state.current_player()
    return [_name(data, seat, state.action_to_string(a)) for a in actions]
