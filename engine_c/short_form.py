"""Helpers shared by the games' short-position completers (``<game>/position_short.py``).

A short position leaves out what follows from the rest (docs/interface.md, "Conventions every
position file follows"). Where what is left out is an order nobody wrote down (a draw pile, cards
given only as a count), the completer deals it from a fixed function of the position's ``rng``, so
the same file always loads to the same state; the position's chance RNG itself is left as it is.
"""

from engine_c.validate import shown

MASK64 = 2**64 - 1


class DealOrder:
    """A splitmix64 stream seeded from ``rng ^ salt``: the order of the things nobody named."""

    def __init__(self, rng, salt):
        self.state = (rng ^ salt) & MASK64

    def below(self, n):
        """A number in 0..n-1."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return ((z ^ (z >> 31)) >> 32) * n >> 32

    def shuffle(self, items):
        """Shuffle a list in place (Fisher-Yates) and return it."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


def counted_in(places):
    """``[(path, n), ...]`` -> ``2 in seats[0].hand, 1 in supply``: where items were counted."""
    return ", ".join(f"{n} in {path}" for path, n in places if n) or "none named"


def player_count(fields, data):
    """The player count of position ``data`` (a dict, completed in place): ``players``, else the
    number of ``seats``; ``num_players``, the old name of ``players``, is still read (this release
    only) and must agree with ``players`` when both are given.  ``fields`` is the game's Fields."""
    if "num_players" in data:
        old = fields.int(data.pop("num_players"), "num_players", 2, 4)
        if "players" in data and data["players"] != old:
            fields.fail("num_players", f"{old} disagrees with players {shown(data['players'])} "
                        f"(num_players is the old name of players: give one)")
        data["players"] = old
    seats = fields.list(fields.get(data, "seats"), "seats", min_length=2, max_length=4)
    players = fields.int(data.setdefault("players", len(seats)), "players", 2, 4)
    fields.list(seats, "seats", length=players)
    return players
