"""The API as docs/agents.md and the modules' docstrings write it is the API the code has."""
import inspect
import re
from pathlib import Path

import solver.search.agents as agents
from engine_c import new_state
from solver.adapters import observation
from solver.search.ismcts import Searcher

ROOT = Path(__file__).resolve().parents[2]


def test_root_stats_keys_are_the_documented_ones():
    text = (ROOT / "docs" / "agents.md").read_text()
    start = text.index("Searcher.root_stats() -> list[dict]")
    comment = " ".join(line.partition("#")[2] for line in text[start:].splitlines()[:2])
    documented = set(re.findall(r"[a-z_]+", comment.partition("(")[0]))
    searcher = Searcher(0.25, "margin")
    searcher.search(new_state("highcard", 2, 1), iterations=50, seed=1)
    assert set(searcher.root_stats()[0]) == documented


def test_agent_table_lists_every_parameter():
    table = agents.__doc__.split("=========  ")[1].partition("\n")[2]
    rows = re.split(r"\n(?=[a-z]+ +)", table)
    checked = []
    for row in rows:
        name = row.split()[0]
        if name in ("flat", "ismcts", "pimc"):
            listed = re.search(r"\(([^()]*)\)$", " ".join(row.split())).group(1)
            assert [p.strip() for p in listed.split(",")] == list(agents.KNOWN_PARAMS[name]), name
            checked.append(name)
    assert checked == ["flat", "ismcts", "pimc"]


def test_observation_docstring_names_the_real_parameters():
    for name, args in re.findall(r"``(\w+)\(([^)]*)\)``", observation.__doc__):
        assert [a.strip() for a in args.split(",")] == list(inspect.signature(getattr(observation, name)).parameters)
