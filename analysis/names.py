"""File names of a run folder, and quick checks that need neither pandas nor a full read: the CLI
refuses a folder that holds no results before the analysis libraries load (seconds)."""
import os
from pathlib import Path

MANIFEST_NAMES = ("_manifest.json", "manifest.json")  # the runner writes the first
VALUES_MANIFEST = "_values.json"  # a folder of interventional values (boardlab values), not a run
JOURNAL = "_journal.jsonl"


def holds_results(folder) -> bool:
    """True when ``folder`` or a folder in it has a Parquet file or a run journal (what a report reads)."""
    for _, _, files in os.walk(folder):
        if any(name.endswith(".parquet") or name == JOURNAL for name in files):
            return True
    return False


def has_manifest(folder) -> bool:
    """True when ``folder`` has a run manifest file (what ``values`` needs first)."""
    return any((Path(folder) / name).is_file() for name in MANIFEST_NAMES)
