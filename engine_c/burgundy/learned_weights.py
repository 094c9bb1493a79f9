"""The learned value's networks per player count (written by scripts/fit_learned_value.py).

Each network: engine_c/learned_value.pyx NET_KEYS, its arrays as base64 float32; inputs in
engine_c/burgundy/learned.pyx order.
"""
FITS = {
}

NETS = {
}
