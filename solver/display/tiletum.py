"""Tiletum in the terminal: the dice wheel, displays, king track, map, and each player's board."""
from __future__ import annotations

from solver.display import game_data
from solver.display.game_data import tiletum_names
from solver.display.seat_views import is_backs
from solver.display.style import counts, seat_label, wrap_items

# the words of tiles and effects live with the game's move names (engine_c/tiletum/names.py)
effect_text, bonus_text = tiletum_names().effect_text, tiletum_names().bonus_text
person_text, contract_text = tiletum_names().person_text, tiletum_names().contract_text
storage_text = tiletum_names().storage_text

DIE_STYLE = {"G": ("yellow",), "F": ("magenta",), "I": ("blue",), "S": ("grey",), "W": ("white",)}
STEP_TEXT = {
    "die": "taking a die",
    "wheel_bonus": "taking the wheel segment's bonus tile or not",
    "jester": "choosing the action the jester copies",
    "action": "{action} action with {ap} AP left (die {die})",
    "choose": "choosing ({choose})",
    "king_bonus": "taking the king bonus tile or not",
}


def _room_note(view):
    """Why free actions are offered before the die or in the king phase: a full storage and a bonus
    tile that needs room (docs/tiletum.md, "Free actions")."""
    if view["phase"] not in ("die", "king_bonus") or len(view["seats"][view["actor"]]["storage"]) < 4:
        return ""
    waits = view["phase"] == "king_bonus" or any(
        tile is not None and action not in view["segments_used"] for action, tile in view["wheel_bonus"].items())
    return " (storage full: free actions may make room for the bonus tile first)" if waits else ""


# what each fair tile counts (data.FAIR_KINDS); {m} is the tile's VP multiplier
FAIR_WORDS = {
    "houses": "{m} VP per own house on the map",
    "pillars": "{m} VP per own pillar on the map",
    "contracts": "{m} VP per fulfilled contract",
    "persons": "{m} VP per person on the player's buildings",
    "crests": "{m} VP per crested building",
    "cathedrals": "{m} VP per cathedral tile taken",
    "full_buildings": "{m} VP per building with all floors filled",
    "resources_half_max10": "{m} VP per 2 resources held (at most 10 times)",
    "house_and_pillar_cities": "{m} VP per city holding both an own house and an own pillar",
    "king_position": "{m} VP per king-track space above 0",
    "sets": "{m} VP per set of a house, a pillar, a fulfilled contract and a cathedral tile",
}


def fair_text(kind):
    """What the fair tile ``kind`` (``houses``, ``sets``, ...) scores: ``2 VP per own house on the map``."""
    multiplier = dict(game_data.tiletum().FAIRS)[kind]
    return FAIR_WORDS[kind].format(m=multiplier)


def _die(text, style):
    """A die such as ``W3`` in its colour."""
    return style.paint(text, *DIE_STYLE.get(text[:1], ()))


def _wheel_lines(view, style):
    """One line per wheel value: its action, the dice on it, its bonus tile, whether it was used."""
    lines = []
    for value, action in enumerate(view["wheel"], 1):
        dice = [(die, n) for die, n in view["dice"].items() if n and int(die[1:]) == value]
        plain = " ".join(die + (f" x{n}" if n > 1 else "") for die, n in dice) or "-"
        painted = " ".join(_die(die, style) + (f" x{n}" if n > 1 else "") for die, n in dice) or "-"
        used = " (used this round)" if action in view["segments_used"] else ""
        lines.append(f"  {value} {action:9s} dice: {painted}{' ' * (12 - len(plain))} bonus: "
                     f"{bonus_text(view['wheel_bonus'][action])}{used}")
    return lines


def _city_line(city, index, view, style):
    """A city of the map: house and pillar spaces (owner, x when not in use), bonus tiles, pieces there."""
    data = game_data.tiletum()
    players = view["players"]
    name = city["city"]

    def spaces(owners, minimum):
        return " ".join("x" if minimum[k] > players else "-" if owner is None else style.seat(owner, str(owner))
                        for k, owner in enumerate(owners))
    parts = [f"{name:10s}"]
    if city["houses"]:
        parts.append("houses " + spaces(city["houses"], [m for m, _ in data.HOUSE_SPACES[index]]))
    if city["pillars"]:
        parts.append("pillars " + spaces(city["pillars"], data.PILLAR_SPACES[index]))
    tiles = [bonus_text(tile) for tile, minimum in zip(city["bonus"], data.BONUS_SPACES[index])
             if tile is not None and minimum <= players]
    if tiles:
        parts.append("bonus " + ", ".join(tiles))
    for cathedral in view["cathedrals"]:
        if cathedral["city"] == name and cathedral["cost"]:
            parts.append(f"cathedral: {cathedral['cost']} stone, {cathedral['taken']} taken")
    pieces = [f"{style.seat(seat, 'S' + str(seat))} {piece}" for seat, player in enumerate(view["seats"])
              for piece in ("merchant", "architect") if player[piece] == name]
    if pieces:
        parts.append("here: " + ", ".join(pieces))
    return ("  " + " | ".join(parts)).rstrip()


def _player_lines(index, player, viewer, style, score, acting):
    """The lines of one player: score, king, resources, supply, storage, the six buildings."""
    data = game_data.tiletum()
    marker = "  <- to act" if acting else ""
    lines = [f"{seat_label(index, viewer, style)}: {style.title(f'{score} VP')}, king {player['king']}, "
             f"resources {counts(player['resources'])}{marker}",
             f"  merchant in {player['merchant']}, architect in {player['architect']}; left to build: "
             f"{player['houses_available']} houses, {player['pillars_available']} pillars"]
    storage = [f"{k}: {storage_text(item)}" for k, item in enumerate(player["storage"])]
    lines.append(f"  storage: {' | '.join(storage) or '-'}")
    buildings = []
    for number, building in enumerate(player["buildings"], 1):
        persons = ", ".join(data.PERSON_TYPES[data.PERSONS[p][0]] for p in building["persons"]) or "empty"
        crest = " crested" if building["crest"] else ""
        buildings.append(f"B{number} {len(building['persons'])}/{data.BUILDING_FLOORS[number - 1]} {persons}{crest}")
    lines += wrap_items(buildings, separator=" | ")
    extra = [f"bonus AP {counts(player['bonus_ap'])}" if player["bonus_ap"] else "",
             f"contracts fulfilled {len(player['contracts'])}" if player["contracts"] else "",
             f"cathedrals: {', '.join(player['cathedrals'])}" if player["cathedrals"] else ""]
    if any(extra):
        lines.append("  " + ", ".join(part for part in extra if part))
    return lines


def _pile(value):
    """Tiles in a face-down stack: its count (a seat view) or the length of the listed stack."""
    return value["backs"] if is_backs(value) else len(value)


def draw(view, viewer, style, scores):
    """The picture of a Tiletum position (``view``: position data, maybe a seat view)."""
    data = game_data.tiletum()
    players = view["players"]
    over = view["phase"] == "over"
    step = STEP_TEXT.get(view["phase"], view["phase"]).format(**view["current"]) + _room_note(view)
    where = "game over" if over else f"{style.seat(view['actor'])} to act: {step}"
    lines = [style.title(f"Tiletum, {players} players, round {view['round']} of 4, pass {min(view['pass'], 3)} of 3")
             + f" - {where}"]
    left = " ".join(str(data.CORRUPTION[t]) for t in view["corruption_left"])
    lines.append(f"turn order: {' '.join(map(str, view['order']))} | corruption token revealed: "
                 f"{data.CORRUPTION[view['corruption_revealed']]}, tokens left: {left or '-'}")
    lines.append("wheel (die value, action, dice, bonus tile):")
    lines += _wheel_lines(view, style)
    lines.append("persons shown: " + " | ".join(person_text(p) for p in view["person_display"]))
    lines.append("contracts shown (AP 1 1 2 2 3): " + " | ".join(contract_text(c) for c in view["contract_display"]))
    lines.append(f"stacks: {_pile(view['bonus_stack'])} bonus tiles, {_pile(view['person_stack'])} persons "
                 f"(+{len(view['person_discard'])} discarded), {_pile(view['contract_stack'])} contracts | "
                 f"king bonus (rounds 1-3): {', '.join(bonus_text(t) for t in view['king_bonus'])}")
    fairs = ", ".join(f"round {r} {fair['city']} ({fair['tile']})" for r, fair in enumerate(view["fairs"], 1))
    lines.append(f"fairs: {fairs}")
    lines.append("map (house / pillar spaces: owner seat, - free, x not in use at this player count):")
    lines += [_city_line(city, index, view, style) for index, city in enumerate(view["map"])]
    for index, player in enumerate(view["seats"]):
        lines.append("")
        lines += _player_lines(index, player, viewer, style, scores[index], not over and index == view["actor"])
    return "\n".join(lines)


# ---- what the pieces do and where the points came from (the board's tooltips, legend and end panel) ----

def piece_text(name):
    """What a Tiletum piece does, in words: a person ``p3``, bonus tile ``b12``, contract ``c7``, building
    ``B2`` or fair tile (``houses``); the words of the effects are the move names' (engine_c/tiletum/names.py)."""
    data = game_data.tiletum()
    if name in data.FAIR_KINDS:
        return f"fair tile {name}: {fair_text(name)}"
    kind, number = name[:1], name[1:]
    if kind == "p":
        return f"person {person_text(int(number))}: placed on a building when taken"
    if kind == "b":
        return f"bonus tile {bonus_text(int(number))}"
    if kind == "c":
        return f"contract {contract_text(int(number))}"
    b = int(number) - 1
    house = ", frees a house when full" if data.BUILDING_HOUSE[b] else ""
    return (f"building {name}: {data.BUILDING_FLOORS[b]} floors for persons{house}; a crest costs "
            f"{data.CREST_FOOD[b]} food, scores {data.CREST_VP[b]} VP and gives +{data.CREST_AP[b]} AP "
            "to the action of the persons inside")


def piece_names():
    """The names ``piece_text`` knows, in the order of the legend."""
    data = game_data.tiletum()
    return ([f"B{b + 1}" for b in range(data.N_BUILDINGS)] + list(data.FAIR_KINDS)
            + [f"p{k}" for k in range(len(data.PERSONS))] + [f"c{k}" for k in range(len(data.CONTRACTS))]
            + [f"b{k}" for k in range(len(data.BONUS_TILES))])


def score_parts(view):
    """Where each seat's points came from, per seat a list of (part, VP) adding up to its score; the final
    scoring's parts as rules.pyx tt_final_scoring adds them (``final_vp``)."""
    data = game_data.tiletum()
    result = []
    for p, seat in enumerate(view["seats"]):
        final = []
        if view["phase"] == "over":
            houses = 1 + sum(city["houses"].count(p) for city in view["map"])    # + the start house in Tiletum
            pillars = sum(city["pillars"].count(p) for city in view["map"])
            crested = sum(bool(b["crest"]) for b in seat["buildings"])
            final = [(f"resources left (1 per {data.RES_PER_VP})", sum(seat["resources"].values()) // data.RES_PER_VP),
                     (f"crested buildings ({crested})", data.CREST_FINAL_VP[crested]),
                     (f"houses x pillars ({houses} x {pillars})", houses * pillars)]
        during = seat["vp"] - sum(vp for _, vp in final)
        parts = [("during the game (contracts, crests, persons, fairs, king, cathedrals, corruption)", during)] + final
        result.append([part for part in parts if part[1]] or [("no points", 0)])
    return result
