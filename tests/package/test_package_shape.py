"""The package's shape: what users see of the games, and which way imports point."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINE_GAMES = ("burgundy", "sanjuan", "seasons", "tiletum")


def _user_env():
    """The environment of a user: without the test suite's BOARDLAB_TEST_GAMES."""
    env = dict(os.environ)
    env.pop("BOARDLAB_TEST_GAMES", None)
    return env


def test_test_games_are_hidden_from_users():
    games = subprocess.run([sys.executable, "-m", "solver.cli", "games"], capture_output=True, text=True,
                           env=_user_env(), cwd=ROOT)
    assert games.returncode == 0
    listed = [line.split()[0] for line in games.stdout.splitlines()]
    assert listed == sorted(ENGINE_GAMES)
    refused = subprocess.run([sys.executable, "-m", "solver.cli", "position", "--game", "highcard"],
                             capture_output=True, text=True, env=_user_env(), cwd=ROOT)
    assert refused.returncode == 2 and "unknown game 'highcard'" in refused.stderr


def _imports(path):
    """Dotted names a .py/.pyx/.pxd file imports or cimports (module level and inside functions)."""
    names = []
    for line in path.read_text().splitlines():
        words = line.replace(",", " ").split()
        if len(words) >= 2 and words[0] in ("import", "cimport"):
            names.extend(w for i, w in enumerate(words[1:], 1) if w != "as" and words[i - 1] != "as")
        elif len(words) >= 4 and words[0] == "from" and words[2] in ("import", "cimport"):
            names.append(words[1])
    return names


def _engine_files():
    return sorted(p for ext in ("*.py", "*.pyx", "*.pxd") for p in (ROOT / "engine_c").rglob(ext))


def _game_of(module):
    """The game a module of engine_c belongs to (by name), or None for the shared interface."""
    name = module.split(".")[1] if module.startswith("engine_c.") and module.count(".") >= 1 else module
    for game in ENGINE_GAMES:
        if name == game or name.startswith(game + "_"):
            return game
    return None


def test_imports_point_one_way():
    # engine_c imports nothing from solver or analysis; a game imports the interface, never another game
    assert _engine_files(), "engine_c has no source files?"
    problems = []
    for path in _engine_files():
        module = "engine_c." + path.relative_to(ROOT / "engine_c").with_suffix("").as_posix().replace("/", ".")
        own_game = _game_of(module)
        for name in _imports(path):
            top = name.split(".")[0]
            if top in ("solver", "analysis"):
                problems.append(f"{path.relative_to(ROOT)} imports {name}")
            other = _game_of(name) if name.startswith("engine_c.") else None
            if other is not None and other != own_game:
                problems.append(f"{path.relative_to(ROOT)} ({own_game or 'interface'}) imports {name}")
    assert problems == []


def test_the_import_check_sees_a_wrong_import(tmp_path):
    # the check itself: it must notice the imports it forbids
    bad = tmp_path / "bad.pyx"
    bad.write_text("from solver.search.agents import make_agent\nfrom engine_c.sanjuan.rules cimport *\n"
                   "import analysis.report\n")
    names = _imports(bad)
    assert "solver.search.agents" in names and "engine_c.sanjuan.rules" in names and "analysis.report" in names
    assert _game_of("engine_c.sanjuan.rules") == "sanjuan" and _game_of("engine_c.game") is None


ROOMS = ("state.pyx", "state.pxd", "types.pxd", "data.py", "tables.pxd", "rules.pyx", "rules.pxd",
         "moves.pyx", "moves.pxd", "policy.pyx", "policy.pxd", "view.pyx", "view.pxd", "notation.pyx",
         "names.py", "position.pyx", "position_short.py", "value.pyx", "value.pxd", "value_weights.py",
         "__init__.py")


def test_every_game_has_the_same_rooms():
    # knowing one game means knowing where everything is in the others (docs/interface.md)
    missing = [f"engine_c/{game}/{room}" for game in ENGINE_GAMES for room in ROOMS
               if not (ROOT / "engine_c" / game / room).is_file()]
    assert missing == []
    table = (ROOT / "docs" / "interface.md").read_text()
    for room in ("state", "types", "data", "tables", "rules", "moves", "policy", "view", "notation", "names", "position",
                 "value"):
        assert f"| `{room}` |" in table, f"docs/interface.md has no row for the {room} room"


def test_no_game_file_lies_outside_its_package():
    # the interface's own files only at the top of engine_c; games' files in their folders
    flat = sorted(p.name for p in (ROOT / "engine_c").iterdir()
                  if p.is_file() and p.suffix in (".py", ".pyx", ".pxd") and _game_of("engine_c." + p.stem))
    assert flat == []


# solver/'s rooms, from the bottom up: a room imports only rooms on lower floors (and itself); the
# top-level ``solver`` package (its version) is anyone's.  analysis/ reads results and never plays,
# so it imports nothing of solver/ (docs/interface.md, "Where things are").
SOLVER_FLOORS = {"games": 0, "search": 1, "display": 1, "runs": 2, "play": 3, "web": 3, "adapters": 3, "cli": 4}


def _solver_room(module):
    """The room (subpackage) of a dotted solver module name, or None for the package itself."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "solver" else None


def _upward_imports(root):
    """'file imports name' for every import in root/solver and root/analysis that breaks the floors."""
    problems = []
    for folder in ("solver", "analysis"):
        for path in sorted(p for ext in ("*.py", "*.pyx", "*.pxd") for p in (root / folder).rglob(ext)):
            module = path.relative_to(root).with_suffix("").as_posix().replace("/", ".")
            room = _solver_room(module)
            for name in _imports(path):
                if name.split(".")[0] != "solver" or _solver_room(name) is None:
                    continue
                target = _solver_room(name)
                if folder == "analysis":
                    problems.append(f"{path.relative_to(root)} imports {name} (analysis never plays)")
                elif room is None or target not in SOLVER_FLOORS or room not in SOLVER_FLOORS:
                    problems.append(f"{path.relative_to(root)}: {name} is not in a known room")
                elif target != room and SOLVER_FLOORS[target] >= SOLVER_FLOORS[room]:
                    problems.append(f"{path.relative_to(root)} ({room}) imports {name} ({target}): not a lower floor")
    return problems


def test_solver_rooms_import_only_downwards_and_analysis_never_plays():
    rooms = sorted(p.name for p in (ROOT / "solver").iterdir() if (p / "__init__.py").is_file())
    assert rooms == sorted(SOLVER_FLOORS)
    loose = sorted(p.name for p in (ROOT / "solver").iterdir()
                   if p.is_file() and p.suffix in (".py", ".pyx", ".pxd") and p.name != "__init__.py")
    assert loose == [], "every solver module lives in a room"
    assert _upward_imports(ROOT) == []


def test_the_floor_check_sees_an_upward_import(tmp_path):
    # the check itself: a search module reaching up to the runs, and analysis reaching into solver
    (tmp_path / "solver" / "search").mkdir(parents=True)
    (tmp_path / "analysis").mkdir()
    (tmp_path / "solver" / "search" / "agents.py").write_text("from solver.runs.runner import run\n")
    (tmp_path / "solver" / "runs").mkdir()
    (tmp_path / "solver" / "runs" / "runner.py").write_text("from solver.search.agents import make_agent\n")
    (tmp_path / "analysis" / "values.py").write_text("    from solver.runs.config import RunConfig\n")
    assert _upward_imports(tmp_path) == [
        "solver/search/agents.py (search) imports solver.runs.runner (runs): not a lower floor",
        "analysis/values.py imports solver.runs.config (analysis never plays)"]


def test_solver_files_past_500_lines_say_why():
    # the bound for solver/: a module over ~500 lines says at its top why it stays one file
    silent = [f"{p.relative_to(ROOT)}" for ext in ("*.py", "*.pyx", "*.pxd") for p in sorted((ROOT / "solver").rglob(ext))
              if len(p.read_text().splitlines()) > 520
              and not any("file is long" in line for line in p.read_text().splitlines()[:40])]
    assert silent == []


def test_long_files_say_why_at_the_top():
    # a source file past ~600 lines is usually two things; one that stays long says why at its top
    silent = []
    for folder in ("engine_c", "solver", "analysis", "scripts", "tests"):
        for path in sorted(p for ext in ("*.py", "*.pyx", "*.pxd") for p in (ROOT / folder).rglob(ext)):
            lines = path.read_text().splitlines()
            if len(lines) > 620 and not any("file is long" in line for line in lines[:40]):
                silent.append(f"{path.relative_to(ROOT)} ({len(lines)} lines)")
    assert silent == []
