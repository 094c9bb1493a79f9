"""Game data files for the commands: ``boardlab data export`` and ``data check``, the note a
command prints when the data holds placeholders, and the guard that a state's data is installed.

The format, the hash and the Python API are engine_c/content.py's (docs/data.md).
"""
from __future__ import annotations

from pathlib import Path

from engine_c import content, state_class, use_data
from engine_c.errors import BoardlabError


def note(game):
    """The one line saying ``game``'s installed data holds placeholders, or None (also for a
    game without a data file)."""
    if not content.has_data(game):
        return None
    return content.placeholder_line(content.active(game))


def check_installed(state):
    """BoardlabError unless the data ``state`` was built from is the data installed now (the engine
    reads its tables from the installed data, process-wide)."""
    if state.data_hash is None:
        return
    now = content.active_hash(state.game_name)
    if now != state.data_hash:
        raise BoardlabError(f"{state.game_name}: the position was built with data {state.data_hash} but data "
                            f"{now} is installed; pass --data FILE with the position's data")


def _with_comments(game, data):
    """``data`` with the shipped file's comments where it has none (a user's file may lack them)."""
    shipped = content.load(game)
    if "about" not in data and "about" in shipped:
        data = {"about": shipped["about"], **data}
    tables = {}
    for name, table in data["tables"].items():
        about = shipped["tables"].get(name, {}).get("about")
        tables[name] = {"about": about, **table} if about is not None and "about" not in table else table
    return {**data, "tables": tables}


def export(game, out, data=None):
    """Write ``game``'s installed data (or ``data``, a file or dict, installed first) to ``out``
    with its comments and placeholders; returns the Active it wrote."""
    state_class(game)
    if not content.has_data(game):
        raise BoardlabError(f"{game} has no data file")
    info = use_data(game, data)
    text = content.export_text(_with_comments(game, content.active_data(game)))
    out = Path(out)
    if out.is_dir():
        raise BoardlabError(f"cannot write {out}: it is a folder; give a file name for --out")
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise BoardlabError(f"cannot write {out}: {exc.strerror or exc}") from None
    return info


def check(path):
    """Check a data file (its game from its ``game`` field) without installing it; returns
    (game, hash, placeholder paths)."""
    game = content.game_of(path)
    data = content.load(game, path)
    return game, content.data_hash(data), content.placeholders(data)
