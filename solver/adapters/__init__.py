"""boardlab's games in other frameworks: OpenSpiel (``solver.adapters.openspiel``) and PettingZoo
(``solver.adapters.pettingzoo``), optional extras (``pip install -e ".[openspiel]"``, ``".[pettingzoo]"``).

Both use only the public game interface (docs/interface.md) and the seat views of
``solver.display.seat_views``; ``solver.adapters.observation`` is the observation they share.
"""
