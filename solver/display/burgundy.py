"""The Castles of Burgundy in the terminal: depots, black depot, goods, and each estate as a hex map."""
from __future__ import annotations

from solver.display import game_data
from solver.display.style import seat_label

COLOUR_STYLE = {"C": ("green",), "S": ("blue",), "M": ("grey",), "P": ("bright_green",),
                "B": ("yellow",), "K": ("bright_yellow",)}
TILE_SHORT = {"castle": "CAST", "mine": "MINE", "ship": "SHIP", "warehouse": "WARE", "watchtower": "WTWR",
              "carpenter": "CARP", "church": "CHUR", "market": "MRKT", "boardinghouse": "BRDH", "bank": "BANK",
              "cityhall": "HALL", "cow": "COW", "sheep": "SHP", "pig": "PIG", "chicken": "HEN"}
CELL_STEP = 4            # half a hex cell: rows are shifted by this many characters per missing space
PENDING_TEXT = {
    "main": "main action", "free": "the castle's extra action", "hall": "the city hall's extra tile",
    "slot": "which space of depot {a1}", "space": "where to place storage tile {a1}",
    "discard": "which stored tile to discard", "ship": "which depot's goods the ship takes",
    "goods": "which goods to keep from depot {a1}", "warehouse": "which goods the warehouse sells",
    "pick": "which tile to pick (colour mask {a})", "start": "where to put the starting castle",
}


def hex_coordinates():
    """Axial (q, r) of estate spaces 1..37 in reading order (rows of 4, 5, 6, 7, 6, 5, 4)."""
    rows = game_data.burgundy().ROW_LENGTHS
    middle = len(rows) // 2
    coords = {}
    space = 1
    for row, length in enumerate(rows):
        r = row - middle
        first = -middle - min(r, 0)
        for position in range(length):
            coords[space] = (first + position, r)
            space += 1
    return coords


def neighbours():
    """Space id -> ids of the neighbouring estate spaces."""
    coords = hex_coordinates()
    by_coord = {xy: space for space, xy in coords.items()}
    steps = ((1, 0), (-1, 0), (0, -1), (0, 1), (1, -1), (-1, 1))
    return {space: [by_coord[(q + dq, r + dr)] for dq, dr in steps if (q + dq, r + dr) in by_coord]
            for space, (q, r) in coords.items()}


def regions(board):
    """The regions of a board: lists of space ids of one colour connected on the hex grid."""
    layout = game_data.burgundy().BOARDS[board]
    links = neighbours()
    seen, found = set(), []
    for start in range(1, len(layout) + 1):
        if start in seen:
            continue
        region, todo = [], [start]
        seen.add(start)
        while todo:
            space = todo.pop()
            region.append(space)
            for other in links[space]:
                if other not in seen and layout[other - 1] == layout[start - 1]:
                    seen.add(other)
                    todo.append(other)
        found.append(sorted(region))
    return found


def tile_short(name):
    """Four letters for a tile: ``SHIP``, ``COW3``, ``K12``, ``HALL``."""
    if name in TILE_SHORT:
        return TILE_SHORT[name]
    if name.startswith("k") and name[1:].isdigit():
        return name.upper()
    species = name.rstrip("0123456789")
    return TILE_SHORT.get(species, species[:3].upper()) + name[len(species):]


def tile_colour(name):
    """Colour letter (C S M P B K) of a tile name."""
    data = game_data.burgundy()
    return data.COLOURS[data.tile_colour(data.tile_names().index(name))]


def _tile(name, style, empty="."):
    """A tile name painted in its colour (``empty`` for no tile)."""
    if name is None:
        return empty
    return style.paint(name, *COLOUR_STYLE[tile_colour(name)])


def _goods(counts):
    """Goods per type as ``2x4 1x5`` (count x die number), ``-`` for none."""
    parts = [f"{n}x{kind}" for kind, n in enumerate(counts, 1) if n]
    return " ".join(parts) or "-"


def estate_map(seat_data, style):
    """The estate as rows of hex cells: ``id`` then colour letter and die (empty) or the tile (filled)."""
    data = game_data.burgundy()
    layout = data.BOARDS[seat_data["board"]]
    estate = {int(space): tile for space, tile in seat_data["estate"].items()}
    lines, space = [], 1
    widest = max(data.ROW_LENGTHS)
    for length in data.ROW_LENGTHS:
        cells = []
        for _ in range(length):
            letter = layout[space - 1]
            if space in estate:
                text, look = tile_short(estate[space]), (*COLOUR_STYLE[letter], "reverse")
            else:
                text, look = f"{letter.lower()}{data.DIE_TEMPLATE[space - 1]}", COLOUR_STYLE[letter]
            cells.append(f"{space:>2} " + style.paint(text, *look) + " " * (4 - len(text)))
            space += 1
        lines.append("    " + " " * (CELL_STEP * (widest - length)) + " ".join(cells).rstrip())
    return lines


def started_regions(seat_data):
    """Regions with some but not all spaces filled, as ``pasture 2/4 (5 6 11 12)``."""
    data = game_data.burgundy()
    layout = data.BOARDS[seat_data["board"]]
    filled = {int(space) for space in seat_data["estate"]}
    parts = []
    for region in regions(seat_data["board"]):
        done = sum(space in filled for space in region)
        if 0 < done < len(region):
            colour = data.COLOUR_NAMES[data.COLOURS.index(layout[region[0] - 1])]
            parts.append(f"{colour} {done}/{len(region)} ({' '.join(map(str, region))})")
    return parts


def _seat_lines(index, seat_data, viewer, style, to_act, score):
    """The lines of one seat: counters, storage and goods, the estate map and its started regions."""
    used = seat_data["dice_used"]
    dice = ", ".join(f"die{k} {value}{' (used)' if done else ''}"
                     for k, (value, done) in enumerate(zip(seat_data["dice"], used), 1))
    space, height = seat_data["track"]
    marker = "  <- to act" if to_act else ""
    lines = [f"{seat_label(index, viewer, style)}: {style.title(f'{score} VP')}, "
             f"silverlings {seat_data['silverlings']}, workers {seat_data['workers']}, {dice}, "
             f"track space {space} (height {height}){marker}"]
    storage = " ".join(_tile(tile, style, "-") for tile in seat_data["storage"])
    goods = " ".join(f"{count}x{kind}" for kind, count in (slot for slot in seat_data["goods"] if slot)) or "-"
    lines.append(f"  storage: {storage} | goods: {goods} | sold: {_goods(seat_data['sold'])} | "
                 f"bonus tiles: {seat_data['bonus_large']} large, {seat_data['bonus_small']} small")
    lines.append(f"  estate (board {seat_data['board']}):")
    lines += estate_map(seat_data, style)
    started = started_regions(seat_data)
    if started:
        lines.append("  started regions: " + ", ".join(started))
    return lines


def draw(view, viewer, style, scores):
    """The picture of a Castles of Burgundy position (``view``: position data, maybe a seat view)."""
    data = game_data.burgundy()
    players = view["players"]
    turn = view["turn"]
    if view["over"]:
        where = "game over"
    elif view["setup_player"] is not None:
        where = f"setup: {style.seat(view['setup_player'])} chooses a starting castle"
    else:
        where = f"{style.seat(turn['order'][turn['index']])} to act"
    lines = [style.title(f"The Castles of Burgundy, {players} players, phase {view['phase']}, round {view['round']} of 5")
             + f" - {where}"]
    if not view["over"]:
        pending = turn["pending"][-1] if turn["pending"] else ["main", 0, 0]
        kind, a = pending[0], pending[1]
        waiting = PENDING_TEXT.get(kind, kind).format(a=a, a1=a + 1)
        tile = f", tile waiting: {turn['pending_tile']}" if turn["pending_tile"] else ""
        lines.append(f"turn order {' '.join(map(str, turn['order']))}, white die {turn['white_die']}, "
                     f"bought this turn: {'yes' if turn['bought'] else 'no'}, deciding: {waiting}{tile}")
    lines.append(style.title("depots") + " (space colour:tile; goods as count x die number)")
    for number, (spaces, goods) in enumerate(zip(view["depots"], view["depot_goods"]), 1):
        cells = []
        for (letter, mark), tile in zip(data.DEPOTS[number - 1], spaces):
            if mark <= players:
                cells.append(f"{letter}:" + _tile(tile, style) + " " * (14 - len(tile or ".")))
        lines.append(f"  {number}  {''.join(cells).rstrip()}  goods {_goods(goods)}")
    black = " ".join(_tile(tile, style) for tile in view["black_depot"])
    lines.append(f"  black depot (2 silverlings each): {black}")
    round_goods = " ".join("-" if goods is None else str(goods) for goods in view["round_goods"])
    lines.append(f"round goods still to come: {round_goods} | unseen goods: {_goods(view['goods_pool'])}")
    coloured, black_left = sum(view["supply_coloured"].values()), sum(view["supply_black"].values())
    taken = ", ".join(f"{colour} {'-' if n == 0 else 'large' if n == 1 else 'both'}"
                      for colour, n in view["bonus_taken"].items())
    lines.append(f"supply: {coloured} coloured-back and {black_left} black-back tiles | bonus tiles taken: {taken}")
    lines.append("estate cells: space id, then colour letter and die number when empty "
                 "(c castle, s ship, m mine, p pasture, b building, k knowledge), the tile in capitals when filled")
    acting = None if view["over"] or view["setup_player"] is not None else turn["order"][turn["index"]]
    for index, seat_data in enumerate(view["seats"]):
        lines.append("")
        lines += _seat_lines(index, seat_data, viewer, style, index == acting, scores[index])
    return "\n".join(lines)


# ---- what the pieces do and where the points came from (the board's tooltips, legend and end panel) ----

# each tile's effect in words, phrased from the rules reference (docs/burgundy.md); animals by species
PIECE_TEXTS = {
    "castle": "castle: at once one more die action with a die number you choose (take, place, sell or workers)",
    "mine": "mine: 1 silverling at the end of every phase",
    "ship": "ship: take all goods of one depot and move up one space on the turn-order track",
    "animal": "animals: score the animals on it plus those of the same species already in this pasture",
    "warehouse": "warehouse: sell one kind of goods at once, without a die",
    "watchtower": "watchtower: 4 VP at once",
    "carpenter": "carpenter's workshop: take a building tile from a numbered depot into storage",
    "church": "church: take a mine, castle or knowledge tile from a numbered depot into storage",
    "market": "market: take a ship or animal tile from a numbered depot into storage",
    "boardinghouse": "boarding house: 4 workers at once",
    "bank": "bank: 2 silverlings at once",
    "cityhall": "city hall: place one more tile from storage at once (no die needed)",
    "k1": "knowledge 1: a city may hold the same building more than once",
    "k2": "knowledge 2: each mine also pays a worker at the end of a phase",
    "k3": "knowledge 3: a sale pays 2 silverlings instead of 1",
    "k4": "knowledge 4: a sale also pays 1 worker",
    "k5": "knowledge 5: a ship takes the goods of two neighbouring depots",
    "k6": "knowledge 6: the 2-silverling purchase may also come from a numbered depot",
    "k7": "knowledge 7: an animal score gets 1 VP more per animal tile counted",
    "k8": "knowledge 8: a worker changes a die by up to 2",
    "k9": "knowledge 9: placing a building, the die counts 1 more or less for free",
    "k10": "knowledge 10: placing a ship or animal, the die counts 1 more or less for free",
    "k11": "knowledge 11: placing a castle, mine or knowledge tile, the die counts 1 more or less for free",
    "k12": "knowledge 12: taking a tile from a depot, the die counts 1 more or less for free",
    "k13": "knowledge 13: taking workers also pays 1 silverling",
    "k14": "knowledge 14: taking workers gives 4 instead of 2",
    "k15": "knowledge 15: at the end, 3 VP per kind of goods sold",
    "k16": "knowledge 16: at the end, 4 VP per warehouse",
    "k17": "knowledge 17: at the end, 4 VP per watchtower",
    "k18": "knowledge 18: at the end, 4 VP per carpenter's workshop",
    "k19": "knowledge 19: at the end, 4 VP per church",
    "k20": "knowledge 20: at the end, 4 VP per market",
    "k21": "knowledge 21: at the end, 4 VP per boarding house",
    "k22": "knowledge 22: at the end, 4 VP per bank",
    "k23": "knowledge 23: at the end, 4 VP per city hall",
    "k24": "knowledge 24: at the end, 4 VP per animal species in the estate",
    "k25": "knowledge 25: at the end, 1 VP per goods tile sold",
    "k26": "knowledge 26: at the end, 2 VP per bonus tile",
}


PLURALS = {"church": "churches", "boardinghouse": "boarding houses", "cityhall": "city halls",
           "carpenter": "carpenter's workshops"}


def piece_text(name):
    """What the tile ``name`` (``watchtower``, ``cow3``, ``k11``) does, in words."""
    species = name.rstrip("0123456789")
    if species in game_data.burgundy().ANIMAL_SPECIES:
        return f"{name[len(species):]} {species}{'' if species == 'sheep' else 's'}: " + PIECE_TEXTS["animal"].split(": ", 1)[1]
    return PIECE_TEXTS[name]


def space_text(board, space):
    """An estate space in words for its tooltip: ``space 12 (building, die 3)``."""
    data = game_data.burgundy()
    colour = data.COLOUR_NAMES[data.COLOURS.index(data.BOARDS[board][space - 1])]
    return f"space {space} ({colour}, die {data.DIE_TEMPLATE[space - 1]})"


def _final_parts(seat):
    """The end-of-game conversion of one seat as (part, VP) pairs, as the engine adds it (rules.pyx final_bonus)."""
    data = game_data.burgundy()
    estate = list(seat["estate"].values())
    knowledge = {int(tile[1:]) for tile in estate if tile[0] == "k" and tile[1:].isdigit()}
    sold = seat["sold"]
    parts = [("unsold goods (1 each)", sum(slot[1] for slot in seat["goods"] if slot)),
             ("silverlings left (1 each)", seat["silverlings"]),
             ("workers left (1 per 2)", seat["workers"] // 2)]
    if 15 in knowledge:
        parts.append(("knowledge 15 (kinds of goods sold)", 3 * sum(1 for n in sold if n)))
    if 25 in knowledge:
        parts.append(("knowledge 25 (goods sold)", sum(sold)))
    for number, building in enumerate(data.BUILDINGS, 16):
        if number in knowledge:
            parts.append((f"knowledge {number} ({PLURALS.get(building, building + 's')})", 4 * estate.count(building)))
    if 24 in knowledge:
        species = {tile.rstrip("0123456789") for tile in estate} & set(data.ANIMAL_SPECIES)
        parts.append(("knowledge 24 (animal species)", 4 * len(species)))
    if 26 in knowledge:
        parts.append(("knowledge 26 (bonus tiles)", 2 * (seat["bonus_large"] + seat["bonus_small"])))
    return parts


def score_parts(view):
    """Where each seat's points came from, per seat a list of (part, VP) adding up to its score.

    Goods sold, bonus tiles, watchtowers and completed regions are read from the final position; the
    engine counts animals and phase bonuses as they score (``vp_parts``), and what is left is the
    starting points a variant gave the seat (``seat_vp``). A position loaded from a file without
    ``vp_parts`` (written before they were kept, or by hand) shows animals and phase bonuses as one
    part with anything else (their order of play is not in the position).
    """
    data = game_data.burgundy()
    players = view["players"]
    large, small = data.COLOUR_BONUS[players]
    result = []
    for seat in view["seats"]:
        final = _final_parts(seat) if view["over"] else []
        filled = {int(space) for space in seat["estate"]}
        completed = [region for region in regions(seat["board"]) if all(space in filled for space in region)
                     and region != [seat["start_castle"]]]        # the starting castle alone scored nothing
        parts = [("goods sold", data.SELL_VP_PER_TILE[players] * sum(seat["sold"])),
                 ("bonus tiles", large * seat["bonus_large"] + small * seat["bonus_small"]),
                 ("watchtowers", data.NUMBERS["watchtower_vp"] * list(seat["estate"].values()).count("watchtower")),
                 (f"completed regions by size ({len(completed)})", sum(data.REGION_VP[len(r)] for r in completed))]
        kept = seat.get("vp_parts")
        if kept is not None:
            parts += [("animals", kept["animals"]), ("phase bonuses of the regions", kept["phase_bonuses"])]
        rest = seat["vp"] - sum(vp for _, vp in parts + final)
        parts.append(("starting points" if kept is not None else "animals and phase bonuses of the regions", rest))
        result.append([part for part in parts + final if part[1]] or [("no points", 0)])
    return result
