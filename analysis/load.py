"""Reading simulation results (docs/results.md) into one pandas DataFrame.

A run is a Parquet dataset directory ``runs/x.parquet/`` (``part-NNNNNN.parquet`` files,
``_manifest.json`` and maybe ``_journal.jsonl``) or a single Parquet file. :func:`load_runs`
reads one or more runs, checks that they look like boardlab results, and adds a ``run`` column
naming where each row came from.
Bad input raises :class:`engine_c.errors.BoardlabError` with a one-line message that names the
file and the problem.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pandas as pd

from engine_c.errors import BoardlabError

# Columns every results file has (docs/results.md); f_* feature columns are optional.
REQUIRED_COLUMNS = (
    "game", "players", "game_index", "seat", "agent", "agent_index", "score", "rank", "win",
    "tiebreak_used", "turns", "lead_changes", "seed", "duration_s",
)
_INT_COLUMNS = ("players", "game_index", "seat", "agent_index", "score", "rank", "turns",
                "lead_changes", "seed")
_BOOL_COLUMNS = ("win", "tiebreak_used")
MANIFEST_NAMES = ("_manifest.json", "manifest.json")  # the runner writes the first
JOURNAL = "_journal.jsonl"


def _as_paths(paths) -> list[Path]:
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    out = [Path(p) for p in paths]
    if not out:
        raise BoardlabError("no results given: pass at least one Parquet file or dataset directory")
    return out


def _part_files(path: Path) -> list[Path]:
    """The Parquet files of a dataset directory, in name order (hidden/temp files skipped)."""
    return sorted(p for p in path.rglob("*.parquet")
                  if p.is_file() and not any(part.startswith((".", "_"))
                                             for part in p.relative_to(path).parts))


def run_label(path) -> str:
    """Short name of a run: the file or directory name without ``.parquet``."""
    name = Path(path).name
    return name[: -len(".parquet")] if name.endswith(".parquet") and len(name) > 8 else name


def _journal_rows(path: Path) -> list[dict]:
    """Finished games the runner has not yet moved into a part (``_journal.jsonl``: one JSON
    list of row dicts per line; a line cut short by a kill ends the journal)."""
    journal = path / JOURNAL
    rows: list[dict] = []
    if not journal.is_file():
        return rows
    with open(journal, encoding="utf-8") as handle:
        for line in handle:
            try:
                game_rows = json.loads(line)
            except json.JSONDecodeError:
                break
            if isinstance(game_rows, list):
                rows.extend(r for r in game_rows if isinstance(r, dict))
    return rows


def _read_one(path: Path) -> pd.DataFrame:
    if not path.exists():
        raise BoardlabError(f"{path}: no such file or directory")
    files = _part_files(path) if path.is_dir() else [path]
    journal = _journal_rows(path) if path.is_dir() else []
    if not files and not journal:
        raise BoardlabError(f"{path}: empty dataset (no .parquet part files in the directory)")
    frames = []
    for f in files:
        try:
            frames.append(pd.read_parquet(f))
        except Exception as exc:  # pyarrow raises several types for non-Parquet input
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise BoardlabError(f"{f}: not a readable Parquet file ({first})") from None
    sources = list(files)
    if journal:
        frames.append(pd.DataFrame(journal))
        sources.append(path / JOURNAL)
    for f, frame in zip(sources, frames):
        missing = [c for c in REQUIRED_COLUMNS if c not in frame.columns]
        if missing:
            raise BoardlabError(
                f"{f}: not a boardlab results file (missing columns: {', '.join(missing)})")
    df = pd.concat(frames, ignore_index=True) if len(frames) > 1 else frames[0]
    if len(df) == 0:
        raise BoardlabError(f"{path}: empty dataset (no game rows)")
    # a game stored twice (part and journal after a crash) counts once, as the runner does
    df = df.drop_duplicates(subset=["game_index", "seat"], keep="first")
    return df.sort_values(["game_index", "seat"], kind="stable").reset_index(drop=True)


def _normalise(df: pd.DataFrame, where: Path) -> pd.DataFrame:
    df = df.copy()
    for c in _INT_COLUMNS:
        if df[c].isna().any():
            raise BoardlabError(f"{where}: column {c!r} has missing values")
        try:
            df[c] = df[c].astype("int64")
        except (TypeError, ValueError):
            raise BoardlabError(f"{where}: column {c!r} is not integer") from None
    for c in _BOOL_COLUMNS:
        df[c] = df[c].astype(bool)
    for c in ("game", "agent"):
        df[c] = df[c].astype(str)
    df["duration_s"] = df["duration_s"].astype(float)
    for c in df.columns:
        if c.startswith("f_"):
            df[c] = pd.to_numeric(df[c], errors="coerce").fillna(0)
    return df


def load_runs(paths) -> pd.DataFrame:
    """Read one or more results files or dataset directories into one DataFrame.

    ``paths`` is a path or a list of paths. Rows are concatenated in the order given, with a
    ``run`` column (the file/directory name without ``.parquet``; the full path when two runs
    share a name) and a ``deal`` column (the game index, or for a paired run the index of the
    group of games that share one deal). Finished games still in the runner's
    ``_journal.jsonl`` are included; a game stored twice counts once. Feature columns missing
    from some runs are filled with 0.

    Raises BoardlabError for a missing path, an empty dataset, a file that is not Parquet, or
    a Parquet file without the required columns.
    """
    paths = _as_paths(paths)
    labels = [run_label(p) for p in paths]
    if len(set(labels)) < len(labels):
        labels = [str(p) for p in paths]
    if len(set(labels)) < len(labels):
        raise BoardlabError(f"the same run is given twice: {', '.join(map(str, paths))}")
    frames = []
    for path, label in zip(paths, labels):
        df = _normalise(_read_one(path), path)
        df.insert(0, "run", label)
        # games dealt alike (paired runs: ``players`` consecutive games share the deal) form one
        # ``deal``; intervals resample or cluster whole deals
        paired = path.is_dir() and _paired(read_manifest(path))
        df["deal"] = (df["game_index"] // df["players"]) if paired else df["game_index"]
        frames.append(df)
    out = pd.concat(frames, ignore_index=True, sort=False) if len(frames) > 1 else frames[0]
    fcols = [c for c in out.columns if c.startswith("f_")]
    if fcols:
        out[fcols] = out[fcols].fillna(0)
    return out


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
            return data if isinstance(data, dict) else {"manifest": data}
    return None


def _paired(manifest: dict | None) -> bool:
    if not manifest:
        return False
    settings = manifest.get("settings", manifest)
    return bool(isinstance(settings, dict) and settings.get("paired", False))


def game_keys(df: pd.DataFrame) -> pd.Series:
    """Integer id of each row's game (unique over ``run`` and ``game_index``)."""
    cols = ["run", "game_index"] if "run" in df.columns else ["game_index"]
    return df.groupby(cols, sort=True).ngroup().rename("game_id")
