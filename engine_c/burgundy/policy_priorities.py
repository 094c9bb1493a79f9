"""The Castles of Burgundy playout policy's priorities (docs/burgundy.md, "Playout policy").

Each number is one term of ``action_priority`` in policy.pyx; only their order inside one
decision matters. ``PRIORITY_NAMES`` fixes the order the engine reads them in; the values are
loaded into every seat at import (``engine_c.burgundy.policy.set_priorities``).
"""

PRIORITY_NAMES = (
    "place",                # place a stored tile (main decision)
    "place_kb",             # ... more for a knowledge tile or a building
    "take",                 # take a tile from a depot: this + the best tile's value
    "full_storage",         # less for a take, buy or pick with the storage full
    "worker",               # less per worker a die change costs (take, sell, where a tile goes)
    "sell",                 # sell goods: this + per tile of the stack
    "sell_per_goods",
    "workers_short",        # take workers with fewer than 2
    "workers",              # take workers otherwise
    "buy",                  # buy a tile: this + its value
    "value_unfit",          # a tile's value when no empty space of its colour touches the estate
    "value_castle",
    "value_knowledge",
    "value_building",
    "value_pasture",
    "value_ship",
    "value_mine",
    "region_done",          # where a tile goes: completes its region, this + per space of it
    "region_done_per_space",
    "region_open",          # ... otherwise this - per space still empty in the region
    "region_open_per_empty",
    "colour_done",          # ... completes the colour
    "animal_same",          # ... per animal of the same species in the region
    "noise",                # uniform noise added to every priority, in [0, noise)
    "uniform",              # out of 1024: the chance of a uniformly random move
)

PRIORITIES = {
    "place": 90, "place_kb": 10, "take": 20, "full_storage": 25, "worker": 10,
    "sell": 25, "sell_per_goods": 15, "workers_short": 30, "workers": 4, "buy": 15,
    "value_unfit": 2, "value_castle": 30, "value_knowledge": 36, "value_building": 30,
    "value_pasture": 32, "value_ship": 8, "value_mine": 28,
    "region_done": 60, "region_done_per_space": 5, "region_open": 20, "region_open_per_empty": 4,
    "colour_done": 30, "animal_same": 8, "noise": 6, "uniform": 16,
}
