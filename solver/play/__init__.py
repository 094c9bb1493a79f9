"""A game against the AI in the terminal (``boardlab play``): the session (``session.py``) and the
words for moves the engine plays by itself (``forced.py``).
"""
