"""The search: ISMCTS (``ismcts.pyx`` over ``tree.pyx``), the baselines, agents built from spec
strings (``agents.py``) and the best-move analysis behind ``suggest`` (``best_move.py``).

Imports ``engine_c`` and ``solver.games`` only; knows no particular game.
"""
