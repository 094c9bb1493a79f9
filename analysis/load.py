"""Reading simulation results (docs/results.md) into one pandas DataFrame.

A run is a Parquet dataset directory ``runs/x.parquet/`` (``part-NNNNNN.parquet`` files,
``_manifest.json`` and maybe ``_journal.jsonl``) or a single Parquet file. A folder holding
several run folders (each with its manifest) gives every one of them as its own run.
:func:`load_runs` reads one or more runs, checks that they look like boardlab results, and adds
a ``run`` column naming where each row came from.

Every row must belong to its run (same game, players and seed as the run's manifest) and every
game must be whole (one row per seat, places and wins consistent); anything else raises
:class:`engine_c.errors.BoardlabError` with a one-line message that names the file and the
problem, rather than being dropped or counted silently.
"""
from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import numpy as np
import pandas as pd

from analysis.names import JOURNAL, MANIFEST_NAMES, VALUES_MANIFEST  # noqa: F401 (re-exported)
from engine_c.errors import BoardlabError

# Columns every results file has (docs/results.md); f_* feature columns are optional.
REQUIRED_COLUMNS = (
    "game", "players", "game_index", "seat", "agent", "agent_index", "score", "rank", "win",
    "tiebreak_used", "turns", "lead_changes", "seed", "duration_s",
)
_INT_COLUMNS = ("players", "game_index", "seat", "agent_index", "score", "rank", "turns",
                "lead_changes")
_BOOL_COLUMNS = ("win", "tiebreak_used")


@dataclasses.dataclass
class RunSource:
    """One run to read: a run folder (its Parquet files and journal) or a single Parquet file."""

    path: Path
    files: list
    journal: bool = False          # also read ``path/_journal.jsonl``
    manifest: dict | None = None
    label: str = ""


def _as_paths(paths) -> list[Path]:
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    out = [Path(p) for p in paths]
    if not out:
        raise BoardlabError("no results given: pass at least one Parquet file or dataset directory")
    return out


def _is_run_dir(folder: Path) -> bool:
    return any((folder / name).is_file() for name in MANIFEST_NAMES)


def is_values_dir(folder) -> bool:
    """True for a folder written by ``boardlab values`` (it holds ``_values.json``)."""
    return (Path(folder) / VALUES_MANIFEST).is_file()


def find_values(paths) -> list[Path]:
    """The ``boardlab values`` folders at or under ``paths``, sorted."""
    found = set()
    for path in _as_paths(paths):
        for root, dirs, _ in os.walk(path):
            dirs[:] = sorted(d for d in dirs if not d.startswith((".", "_")))
            if is_values_dir(root):
                found.add(Path(root))
                dirs[:] = []
    return sorted(found)


def _walk(path: Path):
    """(run folders, Parquet files) under ``path``; ``.``- and ``_``-prefixed entries skipped."""
    run_dirs, files = [], []
    for root, dirs, names in os.walk(path):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "_")))
        root = Path(root)
        if is_values_dir(root):              # boardlab values output: read by analysis.causal
            dirs[:] = []
            continue
        if _is_run_dir(root):
            run_dirs.append(root)
        files.extend(root / n for n in sorted(names)
                     if n.endswith(".parquet") and not n.startswith((".", "_")) and (root / n).is_file())
    return run_dirs, sorted(files)


def _owner(file: Path, run_dirs) -> Path | None:
    """The innermost run folder holding ``file``, or None."""
    owners = [d for d in run_dirs if d in file.parents]
    return max(owners, key=lambda d: len(d.parts)) if owners else None


def run_files(folder) -> list[Path]:
    """The Parquet files of the run folder ``folder`` (not those of run folders nested in it)."""
    folder = Path(folder)
    run_dirs, files = _walk(folder)
    run_dirs = [d for d in run_dirs if d != folder] + [folder]
    return [f for f in files if _owner(f, run_dirs) == folder]


def _sources_at(path: Path) -> list[RunSource]:
    if not path.exists():
        raise BoardlabError(f"{path}: no such file or directory")
    if not path.is_dir():
        return [RunSource(path, [path], False, read_manifest(path))]
    run_dirs, files = _walk(path)
    if not run_dirs:                               # a plain Parquet dataset without a manifest
        return [RunSource(path, files, True, None)]
    sources = [RunSource(d, [f for f in files if _owner(f, run_dirs) == d], True, read_manifest(d))
               for d in run_dirs]
    # Parquet files outside every run folder: each is a results file of its own
    sources += [RunSource(f, [f], False, None) for f in files if _owner(f, run_dirs) is None]
    return sources


def find_runs(paths) -> list[RunSource]:
    """The runs at ``paths`` (files, run folders, or folders holding run folders), labelled.

    Labels are the file/folder names without ``.parquet``, or the full paths when two runs
    share a name; BoardlabError if one run is given twice.
    """
    if isinstance(paths, RunSource) or (isinstance(paths, list) and paths
                                        and all(isinstance(p, RunSource) for p in paths)):
        return [paths] if isinstance(paths, RunSource) else list(paths)
    sources = [s for p in _as_paths(paths) for s in _sources_at(p)]
    labels = [run_label(s.path) for s in sources]
    if len(set(labels)) < len(labels):
        labels = [str(s.path) for s in sources]
    if len(set(labels)) < len(labels):
        twice = sorted({lab for lab in labels if labels.count(lab) > 1})
        raise BoardlabError(f"the same run is given twice: {', '.join(twice)}")
    for s, label in zip(sources, labels):
        s.label = label
    _check_distinct_games(sources)
    return sources


def _check_distinct_games(sources):
    """BoardlabError when two runs hold the same games: game i of a run depends only on its settings
    (all but the number of games), search defaults, data and version, so two runs alike in those share
    their first games, and counting both would count those games twice (a copied run folder)."""
    seen = {}
    for source in sources:
        manifest = source.manifest
        if not isinstance(manifest, dict) or not isinstance(manifest.get("settings"), dict):
            continue
        settings = {k: v for k, v in manifest["settings"].items() if k != "games"}
        data = manifest.get("data")
        key = json.dumps([settings, manifest.get("search_defaults"), manifest.get("boardlab_version"),
                          data.get("hash") if isinstance(data, dict) else None], sort_keys=True, default=str)
        if key in seen:
            first = seen[key]
            shared = min(first.manifest["settings"].get("games"), manifest["settings"].get("games"),
                         key=lambda g: g if isinstance(g, int) else float("inf"))
            raise BoardlabError(f"{first.label} and {source.label} hold the same games (the same settings, seed "
                                f"and data; their first {shared} games are one and the same): give one of them")
        seen[key] = source


def run_label(path) -> str:
    """Short name of a run: the file or directory name without ``.parquet``."""
    name = Path(path).name
    return name[: -len(".parquet")] if name.endswith(".parquet") and len(name) > 8 else name


def journal_rows(folder) -> list[dict]:
    """Finished games the runner has not yet moved into a part (``_journal.jsonl``: one JSON
    list of row dicts per line). The last line may be cut short by a kill (that game was not
    finished) and is skipped; a bad line before the last is damage: BoardlabError."""
    journal = Path(folder) / JOURNAL
    if not journal.is_file():
        return []
    try:
        with open(journal, "rb") as handle:
            lines = handle.read().split(b"\n")
    except OSError as exc:
        raise BoardlabError(f"{journal}: cannot read ({exc.strerror})") from None
    if lines and not lines[-1].strip():
        lines.pop()
    rows: list[dict] = []
    for number, line in enumerate(lines, 1):
        try:
            game_rows = json.loads(line)
            ok = isinstance(game_rows, list) and game_rows and all(isinstance(r, dict) for r in game_rows)
        except (ValueError, UnicodeDecodeError):
            ok = False
        if not ok:
            if number == len(lines):
                break                  # a line cut short by a kill: that game was not finished
            raise BoardlabError(f"{journal}: line {number} of {len(lines)} is not a finished game "
                                "(damaged journal)")
        rows.extend(game_rows)
    return rows


def _read_parquet(f: Path) -> pd.DataFrame:
    try:
        return pd.read_parquet(f)
    except Exception as exc:  # pyarrow raises several types for non-Parquet input
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise BoardlabError(f"{f}: not a readable Parquet file ({first})") from None


def seeds_as_uint64(values, where) -> pd.Series:
    """The ``seed`` column as uint64 (seeds are 0..2**64-1); BoardlabError for other values."""
    s = pd.Series(values)
    if s.isna().any():
        raise BoardlabError(f"{where}: column 'seed' has missing values")
    kind = s.dtype.kind
    if kind == "u":
        return s.astype("uint64")
    if kind == "i":
        if len(s) and s.min() < 0:
            raise BoardlabError(f"{where}: column 'seed' has a negative seed ({s.min()})")
        return s.astype("uint64")
    if kind == "b":
        raise BoardlabError(f"{where}: column 'seed' is not integer")
    try:
        ints = [int(v) if float(v) == int(v) else None for v in s]
    except (TypeError, ValueError, OverflowError):
        ints = [None]
    if any(v is None or not 0 <= v <= 2**64 - 1 for v in ints):
        raise BoardlabError(f"{where}: column 'seed' must hold integers 0..2**64-1")
    return pd.Series(np.array(ints, dtype="uint64"), index=s.index)


def _normalise(df: pd.DataFrame, where) -> pd.DataFrame:
    df = df.copy()
    for c in _INT_COLUMNS:
        col = df[c]
        if col.isna().any():
            raise BoardlabError(f"{where}: column {c!r} has missing values")
        if col.dtype.kind == "f" and not (col == col.round()).all():
            raise BoardlabError(f"{where}: column {c!r} is not integer")
        if col.dtype.kind not in "iuf":
            try:
                col = pd.to_numeric(col)
            except (TypeError, ValueError):
                raise BoardlabError(f"{where}: column {c!r} is not integer") from None
            if col.dtype.kind not in "iu":
                raise BoardlabError(f"{where}: column {c!r} is not integer")
        try:
            df[c] = col.astype("int64")
        except (TypeError, ValueError, OverflowError):
            raise BoardlabError(f"{where}: column {c!r} is not integer") from None
    df["seed"] = seeds_as_uint64(df["seed"], where)
    for c in _BOOL_COLUMNS:
        col = df[c]
        if col.dtype.kind != "b":
            if col.dtype.kind not in "iu" or not col.isin([0, 1]).all():
                raise BoardlabError(f"{where}: column {c!r} is not boolean")
        df[c] = col.astype(bool)
    for c in ("game", "agent"):
        df[c] = df[c].astype(str)
    try:
        df["duration_s"] = df["duration_s"].astype(float)
    except (TypeError, ValueError):
        raise BoardlabError(f"{where}: column 'duration_s' is not a number") from None
    for c in df.columns:
        if c.startswith("f_"):
            df[c] = pd.to_numeric(df[c], errors="coerce").fillna(0)
    return df


def _settings(manifest) -> dict:
    if not manifest:
        return {}
    settings = manifest.get("settings", manifest)
    return settings if isinstance(settings, dict) else {}


def _values(df, column) -> str:
    return ", ".join(map(str, sorted(df[column].unique().tolist())))


def _check_belongs(df: pd.DataFrame, where, source: RunSource):
    """The rows of one file must be of its run: the game, players and seed of the manifest, and
    each agent at its index of the manifest's agents."""
    settings = _settings(source.manifest)
    for column in ("game", "players", "seed"):
        expected = settings.get(column)
        if expected is None or (df[column] == expected).all():
            continue
        raise BoardlabError(
            f"{where}: rows do not belong to the run in {source.path} ({column} {_values(df, column)}; "
            f"its manifest says {column} {expected}): move the file out of the run folder")
    agents = settings.get("agents")
    if isinstance(agents, list) and len(df):
        known = df["agent_index"].between(0, len(agents) - 1)
        expected = np.asarray([str(a) for a in agents], dtype=object)[df["agent_index"].where(known, 0).to_numpy()]
        if not (known & (df["agent"] == expected)).all():
            raise BoardlabError(
                f"{where}: rows do not belong to the run in {source.path} (agents {_values(df, 'agent')}; "
                f"its manifest says {', '.join(map(str, agents))}): move the file out of the run folder")


def _check_games(df: pd.DataFrame, wheres):
    """Every game whole and consistent: one row per seat 0..players-1, places 0..players-1 with
    somebody first, ``win`` exactly for first place."""
    def fail(mask, text):
        if mask.any():
            row = df[mask].iloc[0]
            raise BoardlabError(f"{wheres[int(row['_source'])]}: game {row['game_index']} {text(row)}")

    players = df.groupby("game_index")["players"]
    fail(players.transform("nunique") > 1, lambda r: "has rows with different player counts")
    rows = df.groupby("game_index")["seat"].transform("size")
    fail(rows != df["players"], lambda r: f"has {rows[r.name]} rows for {r['players']} players")
    fail(~df["seat"].between(0, df["players"] - 1), lambda r: f"has seat {r['seat']} with {r['players']} players")
    fail(df.duplicated(["game_index", "seat"], keep=False), lambda r: f"has seat {r['seat']} twice")
    fail(~df["rank"].between(0, df["players"] - 1), lambda r: f"has rank {r['rank']} with {r['players']} players")
    best = df.groupby("game_index")["rank"].transform("min")
    fail(best != 0, lambda r: "has nobody ranked first (rank 0)")
    fail(df["win"] != (df["rank"] == 0), lambda r: f"seat {r['seat']}: win is {bool(r['win'])} with rank {r['rank']}")


def read_run(source: RunSource, allow_empty: bool = False) -> pd.DataFrame:
    """All rows of one run, checked (BoardlabError naming the file otherwise), one copy of each
    game: a game stored twice (in a part and in the journal after a crash) is taken from the
    first file holding it."""
    frames = [(f, _read_parquet(f)) for f in source.files]
    if source.journal:
        rows = journal_rows(source.path)
        if rows:
            frames.append((Path(source.path) / JOURNAL, pd.DataFrame(rows)))
    if not frames and not allow_empty:
        raise BoardlabError(f"{source.path}: empty dataset (no .parquet part files in the directory)")
    checked = []
    for k, (where, frame) in enumerate(frames):
        missing = [c for c in REQUIRED_COLUMNS if c not in frame.columns]
        if missing:
            raise BoardlabError(
                f"{where}: not a boardlab results file (missing columns: {', '.join(missing)})")
        frame = _normalise(frame, where)
        _check_belongs(frame, where, source)
        frame["_source"] = k
        checked.append(frame)
    if not checked:
        return pd.DataFrame(columns=list(REQUIRED_COLUMNS))
    df = pd.concat(checked, ignore_index=True) if len(checked) > 1 else checked[0]
    if len(df) == 0:
        if allow_empty:
            return df.drop(columns="_source")
        raise BoardlabError(f"{source.path}: empty dataset (no game rows)")
    if not source.manifest:
        mixed = df.drop_duplicates(["game", "players", "seed"])
        if len(mixed) > 1:
            raise BoardlabError(
                f"{source.path}: rows of {len(mixed)} different runs (game/players/seed) without a manifest "
                "to tell them apart: give each run's folder or file separately")
    first = df.groupby("game_index")["_source"].transform("min")
    df = df[df["_source"] == first]
    _check_games(df, [where for where, _ in frames])
    df = df.drop(columns="_source")
    return df.sort_values(["game_index", "seat"], kind="stable").reset_index(drop=True)


def load_runs(paths) -> pd.DataFrame:
    """Read one or more results files or dataset directories into one DataFrame.

    ``paths`` is a path or a list of paths (or the runs :func:`find_runs` returned); a folder
    holding several run folders gives each of them as a run. Rows are concatenated in the
    order given, with a ``run`` column (the file/directory name without ``.parquet``; the full
    path when two runs share a name) and a ``deal`` column (the game index, or for a paired run
    the index of the group of games that share one deal). Finished games still in the runner's
    ``_journal.jsonl`` are included; a game stored twice in a run counts once. A game is
    identified by its run and ``game_index``. Feature columns missing from some runs are filled
    with 0. ``seed`` is uint64.

    Raises BoardlabError for a missing path, an empty dataset, a file that is not Parquet, a
    Parquet file without the required columns, rows that do not belong to their run, and
    games that cannot be right (rows per game other than ``players``, a seat missing or twice,
    ranks outside 0..players-1 or nobody first, ``win`` other than ``rank == 0``).
    """
    frames, data = [], {}
    for source in find_runs(paths):
        df = read_run(source)
        for game in sorted(df["game"].unique()):
            info = data_info(str(game), source.manifest)
            if info is not None:
                data.setdefault(info.game, []).append((source.label, info.hash))
        df.insert(0, "run", source.label)
        # games dealt alike (paired runs: ``players`` consecutive games share the deal) form one
        # ``deal``; intervals resample or cluster whole deals
        paired = _paired(source.manifest)
        df["deal"] = (df["game_index"] // df["players"]) if paired else df["game_index"]
        frames.append(df)
    _check_same_data(data)
    out = pd.concat(frames, ignore_index=True, sort=False) if len(frames) > 1 else frames[0]
    fcols = [c for c in out.columns if c.startswith("f_")]
    if fcols:
        out[fcols] = out[fcols].fillna(0)
    return out


def data_info(game: str, manifest: dict | None):
    """The game data a run of ``game`` was played with, as engine_c.content.Active (hash, file it
    came from, placeholders), from its manifest's ``data`` entry; a run without one (written before
    data files, or a single Parquet file) counts as the shipped default. None for a game without
    a data file."""
    from engine_c import content

    if not content.has_data(game):
        return None
    entry = (manifest or {}).get("data")
    default = content.default_hash(game)
    if isinstance(entry, dict) and isinstance(entry.get("hash"), str):
        holes = entry.get("placeholders")
        holes = holes if isinstance(holes, int) and not isinstance(holes, bool) else 0
        source = entry.get("source") if isinstance(entry.get("source"), str) else None
        return content.Active(game, entry["hash"], source, holes, entry["hash"] == default)
    return content.Active(game, default, None, len(content.placeholders(content.load(game))), True)


def _check_same_data(data: dict):
    """BoardlabError (one line naming both) when runs of one game were played with different data."""
    for game, runs in sorted(data.items()):
        first_label, first = runs[0]
        for label, digest in runs[1:]:
            if digest != first:
                raise BoardlabError(
                    f"cannot mix runs played with different {game} data: {first_label} (data {first}) and "
                    f"{label} (data {digest}); report them separately")


def read_manifest(path) -> dict | None:
    """The run manifest (``_manifest.json``, or ``manifest.json``) of a dataset directory, or
    of the directory holding a single part file; None if there is none."""
    path = Path(path)
    folder = path if path.is_dir() else path.parent
    for name in MANIFEST_NAMES:
        c = folder / name
        if c.is_file():
            try:
                data = json.loads(c.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise BoardlabError(f"{c}: unreadable manifest ({exc})") from None
            if not isinstance(data, dict):
                raise BoardlabError(f"{c}: not a run manifest (a JSON {type(data).__name__}, "
                                    "expected an object)")
            return data
    return None


def _paired(manifest: dict | None) -> bool:
    return bool(_settings(manifest).get("paired", False))


def game_keys(df: pd.DataFrame) -> pd.Series:
    """Integer id of each row's game (unique over ``run`` and ``game_index``)."""
    cols = ["run", "game_index"] if "run" in df.columns else ["game_index"]
    return df.groupby(cols, sort=True).ngroup().rename("game_id")
