"""What a seat observes, as text and as a fixed-size vector, for the OpenSpiel and PettingZoo adapters.

Both forms start from the seat view (``solver.display.seat_views``): the position with everything
the seat cannot see covered, so neither can leak hidden information (the chance RNG is covered in
every game).

- ``view_string(view, seat)``: the seat view (``seat_view``) as deterministic JSON (sorted keys, no spaces),
  prefixed by the seat, so two seats never share a string.
- ``observation_vector(state, seat)``: ``OBSERVATION_SIZE`` float32 numbers. The first
  ``2 * MAX_SEATS`` are one-hot: the observing seat, then the seat to act (all zero once the game is
  over). The other ``HASH_BUCKETS`` are a hashed bag of the view's leaves: every leaf is named by its
  path (``seats.1.hand.tower``); a number (``true`` = 1) is added to the bucket of its path, a text
  or ``null`` leaf adds 1 to the bucket of ``path=value``. The bucket is a CRC-32 of that name, so
  the encoding is the same in every process and needs no list of keys: it follows whatever the
  position holds. Each bucket is then squashed to ``sign(x) * log(1 + |x|)`` and clipped to
  ``[-VALUE_BOUND, VALUE_BOUND]``. It is lossy (distinct leaves may share a bucket) and meant as a
  simple, game-agnostic input for learning agents, not as an exact encoding of the position.
"""
from __future__ import annotations

import json
import zlib

import numpy as np

from solver.display.seat_views import SEAT_VIEWS

MAX_SEATS = 4
HASH_BUCKETS = 2048
OBSERVATION_SIZE = 2 * MAX_SEATS + HASH_BUCKETS
VALUE_BOUND = 16.0

_BUCKETS: dict[str, int] = {}        # leaf name -> bucket (CRC-32 is stable; this only saves time)


def seat_view(data, seat, game):
    """The position ``data`` (``state.to_dict()``) of ``game`` as ``seat`` sees it: nothing hidden from the seat left in it."""
    return SEAT_VIEWS[game](data, seat)


def view_json(view):
    """Deterministic JSON text of a seat view (sorted keys, compact separators)."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def view_string(view, seat):
    """The observation string of ``seat`` from its seat view: the seat number and the view's JSON."""
    return f"seat {seat} sees {view_json(view)}"


def _bucket(name):
    """The hash bucket of a leaf name."""
    bucket = _BUCKETS.get(name)
    if bucket is None:
        bucket = zlib.crc32(name.encode("utf-8")) % HASH_BUCKETS
        _BUCKETS[name] = bucket
    return bucket


def _add_leaves(value, path, sums):
    """Add every leaf of ``value`` (a dict or list) below ``path`` to its bucket in ``sums``."""
    items = value.items() if type(value) is dict else enumerate(value)
    prefix = path + "." if path else ""
    for key, item in items:
        kind = type(item)
        name = prefix + str(key)
        if kind is dict or kind is list:
            _add_leaves(item, name, sums)
        elif kind is int or kind is float or kind is bool:      # true adds 1
            sums[_bucket(name)] += item
        else:
            sums[_bucket(f"{name}={item}")] += 1.0


def hashed_view(view):
    """The ``HASH_BUCKETS`` bucket sums of a seat view, before squashing (float64)."""
    sums = [0.0] * HASH_BUCKETS
    _add_leaves(view, "", sums)
    return np.array(sums, dtype=np.float64)


def vector_from_view(view, seat, to_act):
    """The fixed-size float32 observation of ``seat`` from its view; ``to_act``: the seat to act or None."""
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    out[seat] = 1.0
    if to_act is not None:
        out[MAX_SEATS + to_act] = 1.0
    sums = hashed_view(view)
    squashed = np.sign(sums) * np.log1p(np.abs(sums))
    out[2 * MAX_SEATS:] = np.clip(squashed, -VALUE_BOUND, VALUE_BOUND)
    return out


def observation_vector(state, seat):
    """The fixed-size float32 observation of ``seat`` in a boardlab state (layout in the module docstring)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.num_players:
        raise ValueError(f"seat must be in 0..{state.num_players - 1}, got {seat!r}")
    to_act = None if state.is_terminal() else state.current_player()
    return vector_from_view(seat_view(state.to_dict(), seat, state.game_name), seat, to_act)
