"""The game data of a run (docs/data.md): chosen once in the driver, recorded in the manifest with
a copy of the file, installed in every worker before it plays, checked again on ``--resume``.

A run of a game with a data file has a manifest entry ``"data": {"hash", "file", "source",
"placeholders", "default"}`` and a copy of the data as ``_data.json`` in the run folder (a name
starting with ``_``: Parquet readers skip it). Runs written before data files existed have no
entry and count as the shipped default.
"""
from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from engine_c import content, use_data
from engine_c.errors import BoardlabError

DATA_COPY = "_data.json"


@dataclasses.dataclass(frozen=True)
class RunData:
    """The data a run plays with: what the manifest records and what the workers install."""

    game: str
    hash: str
    data: dict
    source: str | None          # the file the user gave (None: the data installed, usually the default)
    placeholders: int
    is_default: bool

    def payload(self):
        """What a worker needs to install this data: (game, hash, data), no file path."""
        return (self.game, self.hash, self.data)

    def manifest_entry(self):
        """The manifest's ``data`` entry."""
        return {"hash": self.hash, "file": DATA_COPY, "source": self.source,
                "placeholders": self.placeholders, "default": self.is_default}


def prepare(game, data=None):
    """Install ``data`` (a path or a dict; None: keep what is installed) for ``game`` and return
    the run's RunData, or None for a game without a data file (``data`` then is an error)."""
    info = use_data(game, data)
    if info is None:
        return None
    source = os.fspath(data) if isinstance(data, (str, os.PathLike)) else info.path
    return RunData(game, info.hash, content.active_data(game), source, info.placeholders, info.is_default)


def install(payload):
    """Worker side: install the run's data unless it is installed already."""
    if payload is None:
        return
    game, digest, data = payload
    if content.active_hash(game) != digest:
        content.use(game, data)


def write_copy(folder, run_data):
    """Write the run's data as ``_data.json`` in the run folder (None: nothing to write)."""
    if run_data is None:
        return
    try:
        (Path(folder) / DATA_COPY).write_text(content.export_text(run_data.data), encoding="utf-8")
    except OSError as exc:
        raise BoardlabError(f"cannot write {Path(folder) / DATA_COPY}: {exc.strerror or exc}") from None


def stored_hash(game, manifest):
    """The data hash a run's manifest records: its ``data`` entry, else the shipped default's
    (None for a game without a data file)."""
    entry = (manifest or {}).get("data")
    if isinstance(entry, dict) and isinstance(entry.get("hash"), str):
        return entry["hash"]
    return content.default_hash(game) if content.has_data(game) else None


def check_resume(out, manifest, run_data):
    """BoardlabError unless a resumed run goes on with the data it was started with."""
    if run_data is None:
        return
    stored = stored_hash(run_data.game, manifest)
    if stored != run_data.hash:
        copy = Path(out) / DATA_COPY
        where = f"pass --data {copy}" if copy.is_file() else "pass --data with that file"
        raise BoardlabError(f"cannot resume {out}: the run was played with {run_data.game} data {stored}, "
                            f"not {run_data.hash}; {where}")


def settings_differ(out, stored, settings, differing):
    """The one-line refusal of a resume whose settings differ from the stored run's, naming the
    game options of both when they are among the differences."""
    from solver.games.options import describe

    text = f"cannot resume {out}: settings differ from the stored run ({', '.join(differing) or 'format'})"
    if "options" in differing:
        before = stored.get("options")
        before = describe(before) if isinstance(before, dict) else repr(before)
        text += (f"; it was played with options {before or '(none)'}, "
                 f"not {describe(settings['options']) or '(none)'}")
    return text
