"""The playout policy's fitted card choice per player count (written by scripts/fit_card_model.py).

Each entry: ``worth``, the weight on the policy's worth of a card (per VP), and ``bias``, 15 rows
(rounds left after this one, 0 .. 14) of 8 weights (cards in engine_c/seasons/data.py CARDS order);
the policy draws a card with probability proportional to exp(worth x VP + bias) (engine_c/seasons/
policy.pyx, ``model_card``).  A player count not here keeps the hand-written choice.
"""
# Empty: the 2-player model fitted to the default search's choices (scripts/fit_card_model.py
# --players 2 --games 1500 --seed 7) was measured no stronger in the playouts or as the others'
# secret choices (docs/strength.md, "Opponent models"), so the hand-written choice stays; refitted to
# the second-generation default's games it was even with that default (0.477 of 200 paired games,
# docs/seasons.md "Fitted card choice").
FITS = {
}

MODELS = {
}
