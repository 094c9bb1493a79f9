"""What the games' `observe` rooms share on the Python side: the layout list behind describe(), the
information-state tensor (the observation and the seat's last own actions) and its key.

An `observe` room (engine_c/<game>/observe.pyx) provides ``SIZE``, ``describe()`` (the
(name, start, size) slices, in order, covering the tensor) and ``observation_into(state, seat, out)``
(writes the float32 observation of ``seat`` into ``out``); the base class (engine_c/game.pyx) builds the rest
with these functions (docs/agents.md, "Observation tensors").
"""
from __future__ import annotations

import numpy as np

SEAT_SLOTS = 4          # seat blocks in every tensor: slot 0 the observer, then the next seats in turn
OWN_RECALL = 8          # the information state's own last actions, most recent first


def layout(head, per_seat, tail=()):
    """(name, start, size) for ``head`` fields, ``SEAT_SLOTS`` seat blocks (``seat0.<name>`` ...), ``tail`` fields."""
    slices, start = [], 0
    fields = list(head) + [(f"seat{slot}.{name}", size) for slot in range(SEAT_SLOTS) for name, size in per_seat]
    for name, size in fields + list(tail):
        slices.append((name, start, size))
        start += size
    return slices


def total(slices):
    """The tensor size a layout covers."""
    name, start, size = slices[-1]
    return start + size


def recall_slices(observation_size, actions):
    """The information state's extra slices after the observation: one one-hot block per recalled own action."""
    return [(f"own_action{k}", observation_size + k * actions, actions) for k in range(OWN_RECALL)]


def information_state(observation, own_actions, actions):
    """The observation followed by the one-hot own last ``OWN_RECALL`` actions (most recent first)."""
    out = np.zeros(observation.shape[0] + OWN_RECALL * actions, dtype=np.float32)
    out[:observation.shape[0]] = observation
    recent = list(own_actions)[-OWN_RECALL:][::-1]
    for k, action in enumerate(recent):
        if not 0 <= action < actions:
            raise ValueError(f"own action {action!r} out of range 0..{actions - 1}")
        out[observation.shape[0] + k * actions + action] = 1.0
    return out


def key(seat, observation, own_actions):
    """A short text naming an information state: the seat and a 128-bit digest of what the
    information-state tensor holds (the observation's values and the recalled own actions), made
    without building that tensor (compiled: ``engine_c.infokey.observation_key``)."""
    from engine_c.infokey import observation_key     # here: engine_c.infokey imports this module
    return observation_key(seat, np.ascontiguousarray(observation, dtype=np.float32), own_actions)
