"""Where a game comes from: a new game with its options, a position file, a game data file.

The lowest room of ``solver``: it imports only ``engine_c``.
"""
