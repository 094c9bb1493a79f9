"""Runs: playing many games in parallel (``runner.py``), a run's settings (``config.py``), its
folder and journal on disk (``store.py``), its game data (``data.py``), progress and summary lines,
and the forced-take games behind ``boardlab values`` (``forced_takes.py``).

Imports ``solver.search`` and ``solver.games`` below it, and ``analysis`` to estimate.
"""
