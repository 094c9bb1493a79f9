"""A run's folder on disk: the manifest, the journal of finished games and the Parquet parts
(docs/results.md); checking a folder before a run starts and reopening one on ``--resume``.

Every finished game is appended (and flushed) to ``_journal.jsonl``; rows move into Parquet part
files every few hundred games and at the end (:meth:`ResultStore.compact`), so a killed run loses
no finished game and ``--resume`` plays only the missing ones.
"""
from __future__ import annotations

import contextlib
import dataclasses
import datetime as _dt
import json
import os
import sys
from pathlib import Path

from engine_c import state_class
from engine_c.errors import BoardlabError
from solver.runs import data as rundata
from solver.runs.config import RunConfig
from solver.search import presets

# Names starting with "_" are skipped by pandas/pyarrow when reading the directory as a dataset.
MANIFEST = "_manifest.json"
JOURNAL = "_journal.jsonl"
POSITIONS = "_positions"
MANIFEST_KEYS = ("settings", "status", "started")


def _preset_entry(config):
    """``{"presets": {"study": "ismcts:..."}}``: the spec each preset agent of the run plays in its game, else ``{}``."""
    names = sorted({spec.strip() for spec in config.agents if spec.strip() in presets.PRESETS})
    return {"presets": {name: presets.resolve(name, config.game) for name in names}} if names else {}


class ResultStore:
    """The output directory: manifest, journal of finished games, Parquet parts."""

    def __init__(self, path):
        self.path = Path(path)

    @property
    def manifest_path(self):
        return self.path / MANIFEST

    def exists(self):
        """True if a run was started here."""
        return self.manifest_path.exists()

    def read_manifest(self):
        """The manifest as a dict with the runner's keys; BoardlabError naming the file if not."""
        try:
            manifest = json.loads(self.manifest_path.read_text())
        except (OSError, ValueError) as exc:
            raise BoardlabError(f"{self.manifest_path}: cannot read the run manifest ({exc})") from None
        if not isinstance(manifest, dict):
            raise BoardlabError(f"{self.manifest_path}: not a run manifest (a JSON {type(manifest).__name__}, "
                                "expected an object)")
        missing = [key for key in MANIFEST_KEYS if key not in manifest]
        settings = manifest.get("settings")
        if not missing and isinstance(settings, dict):
            missing = [f"settings.{field.name}" for field in dataclasses.fields(RunConfig)
                       if field.name not in settings]
        elif not missing:
            missing = ["settings (an object)"]
        if missing:
            raise BoardlabError(f"{self.manifest_path}: not a complete run manifest (missing {', '.join(missing)})")
        return manifest

    def write_manifest(self, manifest):
        """Atomically replace the manifest."""
        _atomic_write_bytes(self.manifest_path, json.dumps(manifest, indent=2).encode())

    def source(self, manifest=None):
        """This run for analysis.load (its Parquet files and journal)."""
        from analysis.load import RunSource, run_files

        return RunSource(self.path, run_files(self.path), True, manifest, self.path.name)

    def finished_rows(self, manifest=None):
        """All rows already stored (parts, then journal), checked, each game once."""
        from analysis.load import read_run

        return read_run(self.source(manifest), allow_empty=True)

    def append(self, games_rows):
        """Append finished games to the journal, flushed to disk at once."""
        with open(self.path / JOURNAL, "a") as handle:
            for rows in games_rows:
                handle.write(json.dumps(rows) + "\n")
            handle.flush()
            os.fsync(handle.fileno())

    def compact(self):
        """Move journal rows into a new Parquet part (atomic), then empty the journal."""
        import pandas as pd

        from analysis.load import journal_rows, seeds_as_uint64

        rows = journal_rows(self.path)
        if not rows:
            (self.path / JOURNAL).unlink(missing_ok=True)
            return
        parts = sorted(self.path.glob("part-*.parquet"))
        stored = set()
        for part in parts:
            stored |= set(pd.read_parquet(part, columns=["game_index"])["game_index"].unique())
        frame = pd.DataFrame(rows)
        frame = frame[~frame["game_index"].isin(stored)].drop_duplicates(subset=["game_index", "seat"])
        if len(frame):
            frame = frame.sort_values(["game_index", "seat"]).reset_index(drop=True)
            frame["seed"] = seeds_as_uint64(frame["seed"], self.path / JOURNAL)     # 0..2**64-1
            numbers = [int(p.stem.split("-")[1]) for p in parts if p.stem.split("-")[1].isdigit()]
            target = self.path / f"part-{max(numbers, default=-1) + 1:06d}.parquet"
            tmp = target.with_suffix(".tmp")
            frame.to_parquet(tmp, index=False)
            os.replace(tmp, target)
        (self.path / JOURNAL).unlink(missing_ok=True)


def _atomic_write_bytes(path, data):
    tmp = Path(str(path) + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def timestamp():
    """The time now, UTC, as the manifest records it (ISO 8601, whole seconds)."""
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


@dataclasses.dataclass
class _OutputPlan:
    """What :func:`check_output` found, for :func:`open_output` to act on."""

    store: ResultStore
    resume: bool
    manifest: dict = None
    done: set = dataclasses.field(default_factory=set)
    extend_from: int = None        # a resumed run grows from this many games


def check_output(config, out, resume):
    """Check the output directory without changing anything; BoardlabError if it cannot be used.

    A new run needs a folder that does not exist yet or is empty (never a folder of other
    files). ``resume`` needs a whole run: a manifest with its settings, every part file
    readable and of this run, every journal line but a last one cut short by a kill readable.
    """
    from analysis.load import MANIFEST_NAMES

    store = ResultStore(out)
    path = store.path
    if path.exists() and not path.is_dir():
        raise BoardlabError(f"cannot write to {out}: it exists and is not a directory")
    if store.exists():
        if not resume:
            raise BoardlabError(f"{out} already holds a run: pass --resume to continue it or choose another --out")
        return _check_resume(config, store)
    if resume:
        if path.is_dir() and any(path.glob("*.parquet")):
            raise BoardlabError(f"cannot resume {out}: it holds result parts but no {store.manifest_path.name} "
                                "(the run's settings); restore it or start a new run with another --out")
        raise BoardlabError(f"cannot resume {out}: no run there")
    if path.is_dir():
        entries = sorted(p.name for p in path.iterdir())
        if any(name in MANIFEST_NAMES for name in entries):
            raise BoardlabError(f"{out} holds results of another kind: choose another --out")
        if entries:
            more = f" and {len(entries) - 1} more" if len(entries) > 1 else ""
            raise BoardlabError(f"{out} is a folder that is not empty and holds no run (it has {entries[0]!r}{more}): "
                                "choose a new or empty folder for --out")
    else:
        ancestor = path.absolute()
        while not ancestor.exists():
            ancestor = ancestor.parent
        if not ancestor.is_dir() or not os.access(ancestor, os.W_OK | os.X_OK):
            raise BoardlabError(f"cannot write to {out}: {ancestor} is not a writable folder")
    return _OutputPlan(store, False)


def _check_resume(config, store):
    out = store.path
    advice = ("the run is left as it was: move that file out of the run folder (its games are played "
              "again) and resume, or start a new run with another --out")
    try:
        manifest = store.read_manifest()
    except BoardlabError as exc:
        raise BoardlabError(f"cannot resume {out}: {exc}; restore the manifest or start a new run "
                            "with another --out") from None
    stored = manifest["settings"]
    extend_from = None
    if stored != config.settings():
        differing = [key for key, value in config.settings().items() if stored.get(key) != value]
        if differing == ["games"] and isinstance(stored.get("games"), int) and config.games > stored["games"]:
            # more games of the same run: game i's seeds and seats depend only on i, so the
            # extended run is exactly the run that would have been started with more games
            extend_from = stored["games"]
        elif differing == ["games"]:
            raise BoardlabError(f"cannot resume {out}: it holds a run of {stored.get('games')} games; "
                                f"--games may only grow on resume, got {config.games}")
        else:
            if isinstance(stored.get("games"), int) and config.games > stored["games"]:
                differing.remove("games")        # growing --games is allowed: name only what is not
            raise BoardlabError(rundata.settings_differ(out, stored, config.settings(), differing))
    try:
        rows = store.finished_rows(manifest)
    except BoardlabError as exc:
        raise BoardlabError(f"cannot resume {out}: {exc}; {advice}") from None
    done = set(int(i) for i in rows["game_index"].unique()) if len(rows) else set()
    return _OutputPlan(store, True, manifest, done, extend_from)


def check_save_positions(plan, save_positions):
    """BoardlabError when a resumed run was started saving positions at another interval: its
    positions would mix two intervals (a manifest written before the interval was recorded passes)."""
    stored = plan.manifest.get("save_positions") if plan.resume else None
    if isinstance(stored, int) and not isinstance(stored, bool) and stored != save_positions:
        kept = f"a position every {stored} moves" if stored else "no positions"
        raise BoardlabError(f"cannot resume {plan.store.path}: the run saves {kept} "
                            f"(--save-positions {stored}), not --save-positions {save_positions}")


def open_output(config, plan, command=None, data=None, save_positions=0):
    """Create the output directory or bring a resumed one up to date (the first writes of a run);
    ``data``: the run's RunData, recorded in the manifest with a copy of the file;
    ``save_positions``: the interval of saved positions, recorded for ``--resume``."""
    from solver import __version__

    store = plan.store
    if plan.resume:
        manifest = plan.manifest
        if plan.extend_from is not None:
            manifest["settings"] = config.settings()
            manifest["extended"] = list(manifest.get("extended", [])) + [
                {"from_games": plan.extend_from, "at": timestamp()}]
        manifest["status"] = "running"
        store.write_manifest(manifest)
        store.compact()
        return store
    created = []
    try:
        missing = store.path.absolute()
        while not missing.exists():
            created.append(missing)
            missing = missing.parent
        store.path.mkdir(parents=True, exist_ok=True)
        probe = store.path / ".write-test"
        probe.write_text("")
        probe.unlink()
    except OSError as exc:
        for folder in created:             # leave no empty folders behind
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise BoardlabError(f"cannot write to {store.path}: {exc.strerror or exc}") from None
    store.write_manifest({
        "boardlab_version": __version__, "command": command if command is not None else " ".join(sys.argv),
        "settings": config.settings(),
        # the game's recommended search settings, which agents use where their spec is silent
        "search_defaults": dict(state_class(config.game).search_defaults),
        **_preset_entry(config),
        "started": timestamp(), "finished": None, "status": "running", "save_positions": save_positions,
        **({"data": data.manifest_entry()} if data is not None else {}),
    })
    rundata.write_copy(store.path, data)
    return store
