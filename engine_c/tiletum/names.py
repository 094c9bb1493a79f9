"""Tiletum moves in words: the notation (``person 2``, ``use 1``, ``build 0``) with the die, tile,
person, contract, city and building it concerns, read from the position before the move
(``state.action_name``; docs/interface.md). Also the words of a tile's effect, which the pictures and
the board use too (solver/display/tiletum.py)."""
from engine_c.tiletum import data

PIECE_BUILDS = {"merchant": "house", "architect": "pillar"}


def effect_text(effect):
    """A tile or person effect ``(kind, arg, amount)`` in words: ``2 iron``, ``+2 AP for king``."""
    kind, arg, amount = effect
    words = {
        data.E_RES: f"{amount} {data.RESOURCES[arg]}", data.E_VP: f"{amount} VP", data.E_KING: f"king +{amount}",
        data.E_ANY: f"{amount} any resource", data.E_MOVE: f"{amount} free move", data.E_AP: f"+{amount} AP",
        data.E_APACT: f"+{amount} AP for {data.ACTIONS[arg]}", data.E_COLOUR: "convert the die's colour",
        data.E_RETRIG: "retrigger a building", data.E_SWAP: f"{amount} free exchanges", data.E_CREST: "crest",
    }
    return words.get(kind, data.EFFECT_NAMES[kind])


def bonus_text(tile):
    """A bonus tile: ``b12 (2 iron)``; ``-`` for none."""
    if tile is None:
        return "-"
    return f"b{tile} ({effect_text(data.BONUS_TILES[tile])})"


def person_text(person):
    """A person tile: ``p3 trader (2 gold)``; ``-`` for none."""
    if person is None:
        return "-"
    kind, effect = data.PERSONS[person]
    return f"p{person} {data.PERSON_TYPES[kind]} ({effect_text(effect)})"


def contract_text(contract):
    """A contract: ``c7 2W 1I -> 4 VP`` (``+crest`` for crest contracts); ``-`` for none."""
    if contract is None:
        return "-"
    cost, vp, crest = data.CONTRACTS[contract]
    price = " ".join(f"{n}{short}" for n, short in zip(cost, data.RES_SHORT) if n)
    return f"c{contract} {price} -> {vp} VP" + (" +crest" if crest else "")


def storage_text(item):
    """A storage entry (``b12``, ``p3``, ``c7``, ``crest``) with what it does."""
    if item is None:
        return "-"
    if item.startswith("b") and item[1:].isdigit():
        return bonus_text(int(item[1:]))
    if item.startswith("p") and item[1:].isdigit():
        return person_text(int(item[1:]))
    if item.startswith("c") and item[1:].isdigit():
        return contract_text(int(item[1:]))
    return item


def _resource(short):
    """A resource letter (``W``) in words (``wool``)."""
    return data.RESOURCES[data.RES_SHORT.index(short.upper())]


def _city(view, name):
    """The map entry of the city ``name`` (any case) and its index."""
    for index, city in enumerate(view["map"]):
        if city["city"].lower() == name.lower():
            return index, city
    raise KeyError(name)


def _piece(view):
    """The piece the current action moves: the architect for the architect action, else the merchant."""
    return "architect" if view["current"]["action"] == "architect" else "merchant"


def _slot(storage, index):
    """A storage space's entry in words, with its number: ``b12 (2 iron) from storage 1``."""
    item = storage[index] if index < len(storage) else None
    return f"{storage_text(item)} from storage {index}"


def _take(view, die):
    """``take W3>5`` in words: the die, the value it is turned to and the wheel action it gives."""
    colour, _, target = die.partition(">")
    value = int(colour[1:])
    turned = int(target) if target else value
    action = view["wheel"][turned - 1]
    change = f", turned to {turned}" if turned != value else ""
    return f"take the {_resource(colour[0])} die {value}{change}: {action} action"


def _name(view, seat, text):
    """The words of one move given in notation ``text``, played by ``seat`` in the position ``view``."""
    words = text.split()
    verb, args = words[0], words[1:]
    me = view["seats"][seat]
    storage = me["storage"]
    current = view["current"]
    fixed = {
        "bonus": lambda: f"take the wheel bonus tile {bonus_text(view['wheel_bonus'].get(current['segment']))}",
        "nobonus": lambda: "leave the wheel bonus tile",
        "refresh": lambda: "refresh the person display",
        "king": lambda: f"king: advance {current['ap']} on the king track",
        "end": lambda: "end the turn",
        "kingbonus": lambda: f"take the king bonus tile {bonus_text(view['king_bonus'][min(view['round'], 3) - 1])}",
        "nokingbonus": lambda: "leave the king bonus tile",
    }
    if not args and verb in fixed:
        return fixed[verb]()
    arg = args[0] if args else ""
    if verb == "take":
        return _take(view, arg)
    if verb == "jester":
        return f"the jester copies the {arg} action"
    if verb == "move":
        return f"move the {_piece(view)} to {arg}"
    if verb == "freemove":
        return f"free move: the {arg} to {args[1]}"
    if verb in ("mapbonus", "build"):
        piece = _piece(view)
        index, city = _city(view, me[piece])
        k = int(arg)
        if verb == "mapbonus":
            tiles = city["bonus"]
            return f"take bonus tile {bonus_text(tiles[k] if k < len(tiles) else None)} in {city['city']} (space {k})"
        built = PIECE_BUILDS[piece]
        extra = ""
        if built == "house":
            printed = data.HOUSE_BONUS_NAMES[data.HOUSE_SPACES[index][k][1]] if k < len(data.HOUSE_SPACES[index]) else "none"
            extra = {"gold": ", printed gold", "vp": ", printed VP"}.get(printed, "")
        return f"build a {built} in {city['city']} (space {k}{extra})"
    if verb == "person":
        k = int(arg)
        return f"take person {person_text(view['person_display'][k])} from display slot {k}"
    if verb == "contract":
        k = int(arg)
        return (f"take contract {contract_text(view['contract_display'][k])} from display slot {k} "
                f"({data.CONTRACT_SLOT_COST[k]} AP)")
    if verb == "place":
        slot, _, building = arg.partition(">")
        return f"place {_slot(storage, int(slot))} on building {building.upper()}"
    if verb == "trade":
        given, _, got = arg.partition(">")
        return f"exchange 1 {_resource(given)} for 1 {_resource(got)}"
    if verb == "buy":
        return f"buy 1 {_resource(arg)} for {data.BUY_GOLD} gold"
    if verb == "crest":
        return f"put a crest on building {arg.upper()}"
    if verb == "fulfil":
        return f"fulfil contract {_slot(storage, int(arg))}"
    if verb == "use":
        return f"use bonus tile {_slot(storage, int(arg))}"
    if verb == "discard":
        return f"discard {_slot(storage, int(arg))}"
    if verb == "cathedral":
        cost = next((c["cost"] for c in view["cathedrals"] if c["city"].lower() == arg.lower()), None)
        return f"contribute to the cathedral of {arg}" + (f" ({cost} stone)" if cost is not None else "")
    if verb == "choose":
        if arg.upper().startswith("B") and arg[1:].isdigit():
            return f"retrigger building {arg.upper()}"
        return f"choose {_resource(arg)}"
    return text


def action_names(state, actions):
    """The words of ``actions`` in ``state`` (before they are played), in order."""
    if state.is_terminal():              # nobody moves: nothing to name a move after
        return [state.action_to_string(a) for a in actions]
    view = state.to_dict()
    return [_name(view, view["actor"], state.action_to_string(a)) for a in actions]
