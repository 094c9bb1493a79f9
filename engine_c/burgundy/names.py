"""Castles of Burgundy moves in words: the notation (``die1:take5``) with the tile, depot, space and
goods it concerns, read from the position before the move (``state.action_name``; docs/interface.md)."""
from engine_c.burgundy.data import BOARDS, COLOUR_NAMES, COLOURS, DIE_TEMPLATE, GOODS_NAMES

SOURCE_WORDS = {"die1": "die1", "die2": "die2", "castle": "castle die", "hall": "city hall"}
TILE_WORDS = {"boardinghouse": "boarding house", "cityhall": "city hall"}
PASS_WORDS = {"main": "pass (end the turn)", "free": "pass (no castle action)",
              "hall": "pass (no city-hall tile)", "warehouse": "pass (sell nothing)",
              "pick": "pass (take no tile)", "ship": "pass (no second ship)"}


def tile_word(name):
    """A tile in words: ``mine``, ``3 cows``, ``knowledge 12``, ``city hall``; ``empty`` for none."""
    if name is None:
        return "empty"
    if name[0] == "k" and name[1:].isdigit():
        return f"knowledge {name[1:]}"
    species = name.rstrip("0123456789")
    if species != name:
        return f"{name[len(species):]} {'sheep' if species == 'sheep' else species + 's'}"
    return TILE_WORDS.get(name, name)


def _tiles_word(tiles):
    """The distinct tiles of a depot in words: ``mine``, ``mine, ship or bank``; ``nothing`` when empty."""
    names = list(dict.fromkeys(tile_word(t) for t in tiles if t is not None))
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _goods_word(goods_type, count=None):
    """Goods of type 1..6 (the die number the pictures show) in words: ``2 goods of type 2 (violet)``."""
    return (f"{count} " if count is not None else "") + f"goods of type {goods_type} ({GOODS_NAMES[goods_type - 1]})"


def _space_word(data, seat, space):
    """An estate space with its colour and die number: ``space 19 (castle, die 6)``."""
    board = data["seats"][seat]["board"]
    colour = COLOUR_NAMES[COLOURS.index(BOARDS[board][space - 1])]
    return f"space {space} ({colour}, die {DIE_TEMPLATE[space - 1]})"


def _top(data):
    """The pending sub-decision on top: (kind, a, b); ``main`` when none is pending."""
    pending = data["turn"]["pending"]
    return tuple(pending[-1]) if pending else ("main", 0, 0)


def _name(data, seat, text):
    """The words of one move given in notation ``text``, played by ``seat`` in the position ``data``."""
    me = data["seats"][seat]
    kind, a, _ = _top(data)
    head, _, rest = text.partition(":")
    number = int("".join(ch for ch in text if ch.isdigit()) or 0)
    if text == "pass":
        return PASS_WORDS.get(kind, "pass")
    if head in SOURCE_WORDS and rest:
        source = SOURCE_WORDS[head]
        n = int(rest.lstrip("abcdefghijklmnopqrstuvwxyz") or 0)
        if rest.startswith("take"):
            return f"{source}: take {_tiles_word(data['depots'][n - 1])} from depot {n}"
        if rest.startswith("place"):
            return f"{source}: place {tile_word(me['storage'][n - 1])} from storage {n}"
        if rest.startswith("sell"):
            count = sum(c for slot in me["goods"] if slot for t, c in [slot] if t == n)
            return f"{source}: sell {_goods_word(n, count)}"
        if rest == "workers":
            return f"{source}: take workers"
    if text.startswith("buy:black"):
        return f"buy {tile_word(data['black_depot'][number - 1])} from black depot space {number} (2 silverlings)"
    if text.startswith(("buy:d", "pick:d")):
        depot, space = int(text.split(":d")[1].split("s")[0]), int(text.rsplit("s", 1)[1])
        tile = tile_word(data["depots"][depot - 1][space - 1])
        how = "buy" if head == "buy" else "take"
        return f"{how} {tile} from depot {depot} space {space}" + (" (knowledge 6)" if head == "buy" else "")
    if text.startswith("slot"):
        if kind != "slot":               # asked outside its sub-decision: no depot chosen yet
            return f"take the tile in space {number} of the chosen depot"
        return f"take {tile_word(data['depots'][a][number - 1])} from depot {a + 1} space {number}"
    if text.startswith("space"):
        tile = data["turn"]["pending_tile"] if kind != "space" else me["storage"][a]
        return f"put {tile_word(tile)} on {_space_word(data, seat, number)}"
    if text.startswith("discard"):
        return f"discard {tile_word(me['storage'][number - 1])} from storage {number}"
    if text.startswith("ship"):
        goods = data["depot_goods"][number - 1]
        held = ", ".join(f"{c} of type {t + 1}" for t, c in enumerate(goods) if c) or "no goods"
        return f"ship: take the goods of depot {number} ({held})"
    if text.startswith("goods"):
        return f"keep {_goods_word(number)}"
    if text.startswith("warehouse:sell"):
        count = sum(c for slot in me["goods"] if slot for t, c in [slot] if t == number)
        return f"warehouse: sell {_goods_word(number, count)}"
    if text.startswith("castle@"):
        return f"starting castle on {_space_word(data, seat, number)}"
    return text


def action_names(state, actions):
    """The words of ``actions`` in ``state`` (before they are played), in order."""
    if state.is_terminal():              # nobody moves: nothing to name a move after
        return [state.action_to_string(a) for a in actions]
    data, seat = state.to_dict(), state.current_player()
    return [_name(data, seat, state.action_to_string(a)) for a in actions]
