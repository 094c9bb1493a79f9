"""A Castle for All Seasons in the terminal: tower, stock, trader spots, the castle, and each player."""
from __future__ import annotations

from solver.display import game_data
from solver.display.seat_views import is_backs
from solver.display.style import counts, seat_label, wrap_items

RESOURCE_STYLE = {"sand": ("yellow",), "wood": ("red",), "clay": ("bright_red",), "stone": ("grey",),
                  "silver": ("white",)}
PRE_BUILT = ("market", "forge")          # helper buildings erected from the start
STEP_TEXT = {
    "select": "choosing a card in secret",
    "load": "worker2: choosing its two free pieces",
    "trader": "trader: choosing a spot",
    "tower": "bricklayer: taking one kind of piece from the tower",
    "buy": "stonemason: may buy a piece",
    "build": "may build (buildings so far with this card: {builds})",
    "pay": "paying for {building}: {pay_left} building points left",
    "helper": "may place a helper in the castle",
    "source": "choosing where the helper for {place} comes from",
}


def _resources(multiset, style):
    """Resources as ``sand 2 wood 1``, each kind in its colour; ``-`` for none."""
    parts = [style.paint(f"{name} {count}", *RESOURCE_STYLE.get(name, ())) for name, count in multiset.items() if count]
    return " ".join(parts) or "-"


def _owner(seat, style):
    """``seat N`` in its colour, or ``free``."""
    return "free" if seat is None else style.seat(seat)


def _castle_lines(view, style):
    """The helper places of the castle, one line per erected building (fee and holder of each place)."""
    data = game_data.seasons()
    lines, waiting = [], []
    for building in data.HELPER_BUILDINGS:
        if building in PRE_BUILT or view["tiles"].get(building) == 0:
            held = ", ".join(f"{place} (fee {fee}): {_owner(view['places'][place], style)}"
                             for place, owner_building, fee in data.PLACES if owner_building == building)
            lines.append(f"  {building}: {held}")
        else:
            waiting.append(building)
    if waiting:
        lines.append(f"  not built yet: {', '.join(waiting)}")
    return lines


def _queue_text(view, style):
    """The round's resolution order, the entry being resolved marked with ``>``."""
    if view["phase"] in ("select", "over") or not view["queue"]:
        return "-"
    parts = []
    for position, entry in enumerate(view["queue"]):
        text = "payout" if entry == "payout" else f"{style.seat(entry[0])} {entry[1]}"
        parts.append(("> " if position == view["queue_pos"] else "") + text)
    return ", ".join(parts)


def _seat_lines(index, seat_data, viewer, style, score, acting):
    """The lines of one seat: score, talers, helpers, pieces; hand, chosen and built cards."""
    marker = "  <- to act" if acting else ""
    lines = [f"{seat_label(index, viewer, style)}: {style.title(f'{score} VP')}, talers {seat_data['talers']}, "
             f"helpers in stock {seat_data['helpers']}, pieces {_resources(seat_data['resources'], style)}{marker}"]
    selected = seat_data["selected"]
    if is_backs(selected):
        chosen = f"{selected['backs']} card(s) face down" if selected["backs"] else "none yet"
    else:
        chosen = ", ".join(selected) or "none yet"
    lines.append(f"  hand: {', '.join(seat_data['hand']) or '-'} | chosen this round: {chosen}")
    built = counts(seat_data["built"])
    loaded = [f"{card}: {_resources(pieces, style)}" for card, pieces in seat_data["workers"].items()
              if any(pieces.values())]
    lines.append(f"  built: {built} | worker cards loaded: {', '.join(loaded) or '-'}")
    return lines


def draw(view, viewer, style, scores):
    """The picture of an A Castle for All Seasons position (``view``: position data, maybe a seat view)."""
    data = game_data.seasons()
    players = view["players"]
    over = view["phase"] == "over"
    turn = view["turn"]
    step = STEP_TEXT.get(view["phase"], view["phase"]).format(**turn)
    where = "game over" if over else f"{style.seat(view['actor'])} to act: {step}"
    lines = [style.title(f"A Castle for All Seasons, {players} players, round {view['round']} of {view['rounds']}")
             + f" - {where}"]
    lines.append(f"start player: {style.seat(view['start'])} | round track: {view['track']} talers | "
                 f"bank: {view['bank']} talers | last round: {'yes' if view['last_round'] else 'no'}")
    lines.append(f"tower: {_resources(view['tower'], style)} | general stock: {_resources(view['stock'], style)} | "
                 f"forge: {view['forge']} silver")
    left = [f"{name} {count} ({value} BP/{vp} VP)" for (name, _, value, vp), count
            in zip(data.BUILDINGS, (view["tiles"][b] for b in data.BUILDING_IDS)) if count]
    lines.append("buildings left (tiles, building points / VP):")
    lines += wrap_items(left)
    spots = ", ".join(f"{spot}: {_owner(owner, style)}" + (f" (since round {placed})" if owner is not None else "")
                      for (spot, owner), placed in zip(view["spots"].items(), view["spot_rounds"]))
    lines.append(f"trader spots: {spots}")
    lines.append("castle helper places:")
    lines += _castle_lines(view, style)
    lines.append(f"this round's cards in order: {_queue_text(view, style)}")
    if view.get("winter"):
        # the winter variant: the cards drawn so far are public (docs/seasons.md, "Winter variant")
        lines.append(f"winter cards in play: {', '.join(view['winter_cards']) or 'none yet'}")
    for index, seat_data in enumerate(view["seats"]):
        lines.append("")
        lines += _seat_lines(index, seat_data, viewer, style, scores[index], not over and index == view["actor"])
    return "\n".join(lines)


# ---- what the pieces do and where the points came from (the board's tooltips, legend and end panel) ----

# the character cards in words, phrased from the rules reference (docs/seasons.md); {name}: a constant
# or the worker's load from the installed data
CARD_WORDS = {
    "messenger": "take {messenger_talers} talers from the bank",
    "trader": "put a helper at a cart or the rider; then every trader's helper is paid out",
    "bricklayer": "take all pieces of one kind from the tower; build up to {max_builds} (no VP, "
                  "{bricklayer_talers_per_piece} taler per piece spent); then up to {max_helpers} helpers",
    "stonemason": "buy a piece from a played worker card for {stonemason_price} taler; build up to "
                  "{max_builds} for their full VP; then up to {max_helpers} helpers",
    "worker": "take the pieces on the card ({load}); build up to {max_builds} for VP / {worker_vp_divisor}",
    "masterbuilder": "all played cards back to hand; {master_vp_per_building} VP per building others built this round",
}
# what a castle helper at a place of each building scores at the end (vp VP per `per` of what it counts)
HELPER_WORDS = {
    "market": "talers into VP ({vp} VP per {per} talers)", "forge": "{vp} VP per {per} silver in the forge",
    "servants_house": "{vp} VP per {per} building tiles not built", "keep": "{vp} VP per {per} free helper places",
    "tavern": "{vp} VP per {per} helpers in the castle", "big_gate": "{vp} VP per {per} towers built",
    "small_gate": "{vp} VP per {per} towers built", "stable": "{vp} VP per {per} houses built",
    "palace": "up to {per} pieces converted, {vp} VP per building point",
}


def piece_text(name):
    """What the character card or building ``name`` does, in words, with the installed data's numbers."""
    data = game_data.seasons()
    if name in data.CARDS:
        values = dict(data.CONSTANT_VALUES)
        key = "worker" if name in data.WORKERS else name
        if key == "worker":
            load = ", ".join(f"{n} {kind}" for kind, n in data.WORKER_PIECES[name].items() if n)
            values["load"] = load + (" and 2 free pieces" if name == "worker2" else "")
        return f"{name}: " + CARD_WORDS[key].format(**values)
    words = [name.replace("_", " ") + ":"]
    for building, _, value, vp in data.BUILDINGS:
        if building == name:
            words.append(f"costs {value} building points, {vp} VP;")
    helpers = [f"{fee} talers: " + HELPER_WORDS[name].format(vp=data.PLACE_VP[k], per=data.PLACE_PER[k])
               for k, (_, building, fee) in enumerate(data.PLACES) if building == name]
    if helpers:
        words.append("castle helpers (fee) " + "; ".join(helpers))
    return " ".join(words).rstrip(";")


def piece_names():
    """The names ``piece_text`` knows: the character cards, then the buildings and helper buildings."""
    data = game_data.seasons()
    return list(data.CARDS) + list(dict.fromkeys([b[0] for b in data.BUILDINGS] + list(data.HELPER_BUILDINGS)))


def score_parts(view):
    """Where each seat's points came from, per seat a list of (part, VP) adding up to its score."""
    result = []
    for seat in view["seats"]:
        parts = [("buildings erected", seat["vp_buildings"]), ("master builder", seat["vp_master"]),
                 ("castle helpers (final scoring)", seat["vp_final"]), ("winter cards", seat.get("vp_winter", 0))]
        rest = seat["vp"] - sum(vp for _, vp in parts)
        parts.append(("other", rest))          # nothing today; kept so the parts always add up
        result.append([part for part in parts if part[1]] or [("no points", 0)])
    return result
