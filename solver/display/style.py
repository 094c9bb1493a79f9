"""Terminal styling for the pictures: ANSI colours when asked for, plain text otherwise."""
from __future__ import annotations

ANSI = {
    "bold": "1", "dim": "2", "reverse": "7",
    "red": "31", "green": "32", "yellow": "33", "blue": "34", "magenta": "35", "cyan": "36",
    "grey": "90", "bright_red": "91", "bright_green": "92", "bright_yellow": "93", "bright_blue": "94",
    "bright_magenta": "95", "bright_cyan": "96", "white": "97",
}
SEAT_COLOURS = ("bright_red", "bright_blue", "bright_yellow", "bright_magenta")


class Style:
    """Paints text with ANSI attributes, or leaves it alone when colour is off."""

    def __init__(self, color):
        self.color = bool(color)

    def paint(self, text, *names):
        """``text`` wrapped in the ANSI codes of ``names`` (e.g. "bold", "green"); unchanged without colour."""
        if not self.color or not names:
            return text
        codes = ";".join(ANSI[name] for name in names)
        return f"\x1b[{codes}m{text}\x1b[0m"

    def seat(self, seat, text=None):
        """``text`` (default ``seat N``) in the colour of seat ``seat``."""
        return self.paint(f"seat {seat}" if text is None else text, SEAT_COLOURS[seat % len(SEAT_COLOURS)], "bold")

    def title(self, text):
        """A heading."""
        return self.paint(text, "bold")


def seat_label(seat, viewer, style):
    """``seat N`` (coloured), marked ``(you)`` for the viewing seat."""
    you = " (you)" if viewer is not None and seat == viewer else ""
    return style.seat(seat) + you


def counts(multiset, empty="-"):
    """``{"sand": 2, "wood": 0, "clay": 1}`` -> ``sand 2 clay 1`` (zeros left out)."""
    parts = [f"{name} {count}" for name, count in multiset.items() if count]
    return " ".join(parts) if parts else empty


def wrap_items(items, width=96, indent="  ", separator=", "):
    """Items on lines of at most ``width`` characters, never splitting an item."""
    lines, line = [], ""
    for item in items:
        piece = item if not line else separator + item
        if line and len(indent) + len(line) + len(piece) > width:
            lines.append(indent + line + separator.rstrip())
            line = item
        else:
            line += piece
    if line:
        lines.append(indent + line)
    return lines
