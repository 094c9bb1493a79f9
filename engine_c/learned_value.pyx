# cython: language_level=3
"""What the engines' learned values share: a one-hidden-layer network per player count (``NetTable``),
its weights decoded from the data module a training script writes (``decode``).

A network maps a game's input vector x (standardised with the training data's mean and spread) to
relu(x W1 + b1) . w2 + b2, scaled back to points.  ``use`` folds the standardisation and the output
scale into the weights, so ``forward`` is two plain loops over C arrays.
"""
import base64
import sys
from array import array

from libc.stdlib cimport calloc, free

NET_KEYS = ("inputs", "hidden", "mean", "scale", "w1", "b1", "w2", "b2", "out_mean", "out_scale")


def encode_floats(values):
    """A list of numbers as base64 text of little-endian float32 (how the data modules store weights)."""
    packed = array("f", [float(v) for v in values])
    if sys.byteorder != "little":
        packed.byteswap()
    return base64.b64encode(packed.tobytes()).decode("ascii")


def decode_floats(text, count, name):
    """``count`` floats from ``encode_floats``' text; ValueError naming ``name`` when the size differs."""
    packed = array("f")
    packed.frombytes(base64.b64decode(text))
    if sys.byteorder != "little":
        packed.byteswap()
    if len(packed) != count:
        raise ValueError(f"the learned value's {name} holds {len(packed)} numbers, the network takes {count}")
    return list(packed)


def decode(net, inputs):
    """A network of the data module (a dict with NET_KEYS) as plain lists, checked against the game's
    ``inputs``; ValueError naming what does not fit."""
    missing = [key for key in NET_KEYS if key not in net]
    if missing:
        raise ValueError(f"the learned value lacks {', '.join(missing)}")
    if int(net["inputs"]) != inputs:
        raise ValueError(f"the learned value takes {net['inputs']} inputs, the game gives {inputs}")
    hidden = int(net["hidden"])
    if not 1 <= hidden <= MAX_NET_HIDDEN:
        raise ValueError(f"the learned value's hidden layer must have 1 to {MAX_NET_HIDDEN} units, got {hidden}")
    return {"inputs": inputs, "hidden": hidden,
            "mean": decode_floats(net["mean"], inputs, "mean"), "scale": decode_floats(net["scale"], inputs, "scale"),
            "w1": decode_floats(net["w1"], inputs * hidden, "w1"), "b1": decode_floats(net["b1"], hidden, "b1"),
            "w2": decode_floats(net["w2"], hidden, "w2"), "b2": float(net["b2"]),
            "out_mean": float(net["out_mean"]), "out_scale": float(net["out_scale"])}


cdef class NetTable:
    """A game's learned value: a network of ``inputs`` inputs per player count (2-4)."""

    def __cinit__(self, int inputs, int hidden):
        if not 1 <= inputs <= MAX_NET_INPUTS or not 1 <= hidden <= MAX_NET_HIDDEN:
            raise ValueError(f"a learned value takes 1-{MAX_NET_INPUTS} inputs and 1-{MAX_NET_HIDDEN} hidden units")
        self.inputs = inputs
        self.hidden = hidden
        self.w1 = <double*>calloc(5 * inputs * hidden, sizeof(double))
        self.b1 = <double*>calloc(5 * hidden, sizeof(double))
        self.w2 = <double*>calloc(5 * hidden, sizeof(double))
        if self.w1 == NULL or self.b1 == NULL or self.w2 == NULL:
            raise MemoryError("no memory for a learned value")

    def __dealloc__(self):
        free(self.w1)
        free(self.b1)
        free(self.w2)

    def use(self, int players, net):
        """Estimate ``players``-player positions with this network (a data module's dict, see ``decode``;
        its hidden layer at most the table's); None: no learned estimate for that player count."""
        cdef int i, j
        cdef double* w1
        if not 2 <= players <= 4:
            raise ValueError(f"players must be 2 to 4, got {players}")
        self.loaded[players] = False
        if net is None:
            return
        plain = decode(net, self.inputs)
        if plain["hidden"] > self.hidden:
            raise ValueError(f"the learned value has {plain['hidden']} hidden units, at most {self.hidden} fit")
        w1 = self.w1 + players * self.inputs * self.hidden
        for j in range(self.hidden):
            self.b1[players * self.hidden + j] = 0.0
            self.w2[players * self.hidden + j] = 0.0
        for i in range(self.inputs):
            for j in range(self.hidden):
                w1[i * self.hidden + j] = 0.0
        # x standardised is (x - mean) / scale: W1 / scale on the raw input, mean . W1 / scale off b1
        for j in range(plain["hidden"]):
            shift = 0.0
            for i in range(self.inputs):
                weight = plain["w1"][i * plain["hidden"] + j] / plain["scale"][i]
                w1[i * self.hidden + j] = weight
                shift += plain["mean"][i] * weight
            self.b1[players * self.hidden + j] = plain["b1"][j] - shift
            self.w2[players * self.hidden + j] = plain["w2"][j] * plain["out_scale"]
        self.b2[players] = plain["b2"] * plain["out_scale"] + plain["out_mean"]
        self.loaded[players] = True

    def loaded_for(self, int players):
        """A network is in use for ``players`` players."""
        return self.ready(players)

    def predict(self, int players, values):
        """The network's output for one input vector (a list of ``inputs`` numbers), or None."""
        cdef double x[MAX_NET_INPUTS]
        cdef int i
        if not self.ready(players):
            return None
        if len(values) != self.inputs:
            raise ValueError(f"the learned value takes {self.inputs} inputs, got {len(values)}")
        for i in range(self.inputs):
            x[i] = values[i]
        return self.forward(players, x)
