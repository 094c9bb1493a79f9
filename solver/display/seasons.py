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
