"""San Juan in the terminal: roles, the trading house, and each player's buildings, goods and hand."""
from __future__ import annotations

from solver.display import game_data
from solver.display.seat_views import is_backs
from solver.display.style import seat_label, wrap_items

GOOD_STYLE = {"indigo": ("blue",), "sugar": ("white",), "tobacco": ("yellow",), "coffee": ("red",),
              "silver": ("grey",)}
STEP_TEXT = {
    "role": "choosing a role",
    "build": "may build (or pass)",
    "place": "crane: build on a new spot or over an own building",
    "pay": "paying for {building}: {limit} still to pay",
    "produce": "producing: up to {limit} more goods",
    "sell": "selling: up to {limit} more goods",
    "keep": "keeping {limit} of the drawn cards",
    "council_discard": "discarding {limit} cards (archive)",
    "gold_mine": "gold mine: may keep one of the four cards shown",
    "chapel": "may tuck a card under the chapel",
    "hand_limit": "discarding {limit} cards down to the hand limit",
}


def cards_text(multiset, empty="-"):
    """``{"well": 1, "hero": 2}`` -> ``well, hero x2``; covered cards -> ``3 face down`` (with the known ones)."""
    if is_backs(multiset):
        known = cards_text(multiset.get("known", {}), empty="")
        hidden = f"{multiset['backs']} face down" if multiset["backs"] else ""
        return ", ".join(part for part in (known, hidden) if part) or empty
    parts = [name if count == 1 else f"{name} x{count}" for name, count in multiset.items() if count]
    return ", ".join(parts) or empty


def card_count(multiset):
    """Cards in a multiset or a covered collection."""
    if is_backs(multiset):
        return multiset["backs"] + sum(multiset.get("known", {}).values())
    return sum(multiset.values())


def good_of(card):
    """The good a production building makes (``sugar_mill`` -> ``sugar``), else None."""
    data = game_data.sanjuan()
    kind = data.CARD_INDEX.get(card)
    return data.GOODS[kind] if kind is not None and kind < data.NUM_PRODUCTION else None


def building_text(building, style):
    """A building, with its good when one lies on it: ``sugar_mill[sugar]`` (plus the card when it is shown)."""
    if isinstance(building, str):
        return building
    card, good = building["card"], building["good"]
    name = good_of(card) or "good"
    under = "" if is_backs(good) else f": {good}"
    return f"{card}[" + style.paint(name, *GOOD_STYLE.get(name, ())) + f"{under}]"


def tile_text(tile):
    """A trading-house tile with its prices: ``T2 (indigo 1, sugar 1, tobacco 2, coffee 2, silver 2)``."""
    data = game_data.sanjuan()
    prices = data.TILES[int(tile[1:]) - 1]
    return f"{tile} (" + ", ".join(f"{good} {price}" for good, price in zip(data.GOODS, prices)) + ")"


def _step(view):
    """What the player to act is deciding, in words."""
    turn = view["turn"]
    text = STEP_TEXT.get(view["phase"], view["phase"])
    return text.format(building=turn["building"], limit="?" if turn["limit"] is None else turn["limit"])


def _seat_lines(index, seat_data, viewer, style, score, acting):
    """The lines of one seat: score and hand, buildings with goods, chapel and covered cards."""
    hand = seat_data["hand"]
    if is_backs(hand) and not hand.get("known"):
        hand_text = f"hand {card_count(hand)} cards, face down"
    else:
        hand_text = f"hand {card_count(hand)}: {cards_text(hand)}"
    marker = "  <- to act" if acting else ""
    bonus = seat_data.get("seat_vp", 0)       # the seat_vp option: counted in the score, shown apart
    points = f"{score} VP" + (f" (seat bonus {bonus} included)" if bonus else "")
    lines = [f"{seat_label(index, viewer, style)}: {style.title(points)}, {hand_text}{marker}"]
    buildings = seat_data["buildings"]
    lines.append(f"  buildings {len(buildings)}/12: " + ", ".join(building_text(b, style) for b in buildings))
    lines.append(f"  chapel: {cards_text(seat_data['chapel'])} | covered by the crane: "
                 f"{cards_text(seat_data['covered'])} | goods sold {seat_data['goods_sold']}, "
                 f"cards drawn {seat_data['cards_drawn']}")
    return lines


def draw(view, viewer, style, scores):
    """The picture of a San Juan position (``view``: position data, maybe a seat view)."""
    players = view["players"]
    over = view["phase"] == "over"
    where = "game over" if over else f"{style.seat(view['actor'])} to act: {_step(view)}"
    lines = [style.title(f"San Juan, {players} players, round {view['rounds']}") + f" - {where}"]
    roles = ", ".join(view["roles_taken"]) or "-"
    current = "" if over or view["phase"] in ("role", "chapel", "hand_limit") else \
        f" | now: {view['role']} (chosen by seat {view['chooser']})"
    lines.append(f"governor: {style.seat(view['governor'])} | roles taken this round: {roles}{current}")
    seen = view["tiles_seen"]
    shown = " ".join(tile if tile else "?" for tile in view["tiles"])
    house = f"trading house: {tile_text(view['tile'])}" if seen else "trading house: no tile revealed yet"
    lines.append(f"{house} | tile order: {shown} ({seen} revealed)")
    supply, discard = view["supply"], view["discard"]
    supply_count = supply["backs"] if is_backs(supply) else len(supply)
    lines.append(f"supply {supply_count} cards | discard pile {card_count(discard)} cards, "
                 f"face up among them (gold mine): {cards_text(view['public_discards'])}")
    if is_backs(discard) and discard.get("known"):
        lines.append("  you saw these go to the discard pile:")
        lines += wrap_items(cards_text(discard["known"]).split(", "), indent="    ")
    if card_count(view["pending"]):
        owner = style.seat(view["pending_owner"])
        lines.append(f"cards drawn, waiting with {owner}: {cards_text(view['pending'])}")
    for index, seat_data in enumerate(view["seats"]):
        lines.append("")
        lines += _seat_lines(index, seat_data, viewer, style, scores[index], not over and index == view["actor"])
    return "\n".join(lines)


# ---- what the cards do and where the points came from (the board's tooltips, legend and end panel) ----

# each building's effect in words, phrased from the rules reference (docs/sanjuan.md); VP and cost are
# read from the data tables
PIECE_TEXTS = {
    "indigo_plant": "production: makes indigo", "sugar_mill": "production: makes sugar",
    "tobacco_storage": "production: makes tobacco", "coffee_roaster": "production: makes coffee",
    "silver_smelter": "production: makes silver",
    "smithy": "builder: a production building costs 1 card less",
    "gold_mine": "prospector: turn up 4 cards; if all their costs differ, keep one",
    "archive": "councillor: discard from the whole hand, new cards included",
    "poor_house": "builder: after building, draw 1 card if the hand holds at most 1",
    "black_market": "builder: pay up to 2 cards of the cost with goods",
    "trading_post": "trader: sell 1 more good",
    "well": "producer: produce 2 or more goods, draw 1 card",
    "market_stand": "trader: sell 2 or more goods, draw 1 card",
    "crane": "builder: build over one of your buildings, paying only the difference",
    "chapel": "each round: may tuck 1 hand card under it, 1 VP each at the end",
    "tower": "hand limit 12 instead of 7",
    "aqueduct": "producer: produce 1 more good",
    "carpenter": "builder: after building a violet building, draw 1 card",
    "prefecture": "councillor: keep 2 cards instead of 1",
    "statue": "monument: VP only", "victory_column": "monument: VP only", "hero": "monument: VP only",
    "market_hall": "trader: selling, draw 1 card more",
    "quarry": "builder: a violet building costs 1 card less",
    "library": "doubles the privilege of the role its owner chooses",
    "guild_hall": "end: 2 VP per production building",
    "city_hall": "end: 1 VP per violet building (itself included)",
    "triumphal_arch": "end: 4, 6 or 8 VP for 1, 2 or 3 monuments",
    "palace": "end: a quarter of the other VP more (rounded down)",
}


def piece_text(name):
    """What the card ``name`` does, with its cost and VP: ``smithy (cost 1, 1 VP): builder: ...``."""
    data = game_data.sanjuan()
    _, cost, vp, _ = data.CARDS[data.CARD_INDEX[name]]
    return f"{name.replace('_', ' ')} (cost {cost}, {vp if vp else '?'} VP): {PIECE_TEXTS[name]}"


def score_parts(view):
    """Where each seat's points came from, per seat a list of (part, VP) adding up to its score (view.pyx sj_scores)."""
    data = game_data.sanjuan()
    result = []
    for seat in view["seats"]:
        built = [b if isinstance(b, str) else b["card"] for b in seat["buildings"]]
        chapel = seat["chapel"]
        chapel_n = chapel["backs"] + sum(chapel.get("known", {}).values()) if "backs" in chapel else sum(chapel.values())
        production = sum(data.CARD_INDEX[name] < data.NUM_PRODUCTION for name in built)
        violet = len(built) - production
        monuments = sum(name in data.MONUMENTS for name in built)
        parts = [("buildings (their VP)", sum(data.VP[data.CARD_INDEX[name]] for name in built)),
                 ("chapel cards", chapel_n)]
        if "guild_hall" in built:
            parts.append(("guild hall (production buildings)", 2 * production))
        if "city_hall" in built:
            parts.append(("city hall (violet buildings)", violet))
        if "triumphal_arch" in built:
            parts.append(("triumphal arch (monuments)", (0, 4, 6, 8)[monuments]))
        if "palace" in built:
            parts.append(("palace (a quarter)", sum(vp for _, vp in parts) // 4))
        parts.append(("seat bonus", seat.get("seat_vp", 0)))
        result.append([part for part in parts if part[1]] or [("no points", 0)])
    return result
