"""A Castle for All Seasons moves in words: the notation (``tower stone``, ``helper tavern12``) with the
card, spot, building, place and pieces it concerns, read from the position before the move
(``state.action_name``; docs/interface.md)."""
from engine_c.seasons import data as tables

CARD_WORDS = {"worker1": "worker 1", "worker2": "worker 2", "worker3": "worker 3", "masterbuilder": "master builder"}
PASS_WORDS = {"buy": "pass (buy nothing)", "build": "pass (build no more)", "helper": "pass (place no more helpers)"}


def card_word(card):
    """A character card in words: ``masterbuilder`` -> ``master builder``."""
    return CARD_WORDS.get(card, card)


def building_word(building):
    """A building id in words: ``servants_house`` -> ``servants' house``, ``big_gate`` -> ``big gate``."""
    return building.replace("servants_house", "servants' house").replace("_", " ")


def _holder(seat):
    """Who holds a spot or place: `` (held by seat 1)``; nothing when it is free."""
    return "" if seat is None else f" (held by seat {seat})"


def _name(data, text):
    """The words of one move given in notation ``text`` in the position ``data``."""
    words = text.split()
    verb, args = words[0], words[1:]
    if text == "pass":
        return PASS_WORDS.get(data.get("phase"), "pass")
    if verb == "pick":
        return f"choose the {card_word(args[0])} card"
    if verb == "load":
        first, second = args[0].split("+")
        return f"worker 2: take {first} and {second}" if first != second else f"worker 2: take 2 {first}"
    if verb == "trader":
        return f"trader: occupy the {args[0]} spot{_holder(data['spots'].get(args[0]))}"
    if verb == "tower":
        return f"bricklayer: take {data['tower'][args[0]]} {args[0]} from the tower"
    if verb == "buy":
        return f"stonemason: buy 1 {args[1]} from seat {args[0][1:]}'s worker card"
    if verb == "build":
        return f"build a {building_word(args[0])}"
    if verb == "pay":
        building = data.get("turn", {}).get("building")
        towards = f" towards the {building_word(building)}" if building else ""
        return f"pay {args[1]} {args[0]}{towards}"
    if verb == "helper":
        place = args[0]
        index = tables.PLACE_IDS.index(place)
        building, fee = tables.PLACES[index][1], tables.PLACES[index][2]
        return f"place a helper in the {building_word(building)} (place {place}, fee {fee}){_holder(data['places'].get(place))}"
    if verb == "from":
        return "the helper comes from the stock" if args[0] == "stock" else f"the helper comes from the {args[0]} spot"
    if verb == "winter":
        return "accept the winter card's offer" if args[0] == "accept" else "decline the winter card's offer"
    return text


def action_names(state, actions):
    """The words of ``actions`` in ``state`` (before they are played), in order."""
    data = state.to_dict()
    return [_name(data, state.action_to_string(a)) for a in actions]
