"""``python -m solver.cli``: the ``boardlab`` command without the installed script."""
from solver.cli import main

main()
