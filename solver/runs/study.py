"""A study: several runs in one folder, played (or continued) one after another.

``boardlab seats`` (self-play at a ladder of skill levels), ``boardlab compensation`` (self-play at
several starting bonuses) and ``boardlab compare`` (two variants on the same deals) are studies.
Each run of a study is an ordinary run (``solver.runs.runner.run``) in ``OUT/runs/NAME.parquet``:
seeded per game, journaled as it goes, so a stopped study continues where it stopped when the same
command is given again (a run whose manifest exists is resumed, and refused if its settings differ).
Every run is checked before the first game is played.
"""
from __future__ import annotations

import dataclasses
import re
import sys
from pathlib import Path

from engine_c import content
from engine_c.errors import BoardlabError
from solver.runs.config import RunConfig, validate, validate_options
from solver.runs.runner import run

RUNS = "runs"


@dataclasses.dataclass(frozen=True)
class StudyRun:
    """One run of a study: its name (its folder under ``OUT/runs/``), settings and game data file."""

    name: str
    config: RunConfig
    data: object = None          # a data file's path (or None: the shipped data)
    save_positions: int = 0      # every K-th position of each game saved (compare --causal values them)


def slug(text):
    """``text`` as a folder name: letters, digits and '-' (an agent spec, an option list)."""
    return re.sub(r"[^A-Za-z0-9]+", "-", str(text)).strip("-") or "run"


def run_path(out, study_run):
    """Where a study's run keeps its games."""
    return Path(out) / RUNS / f"{study_run.name}.parquet"


def check_study(study_runs, jobs=1, backend="loky", address=None):
    """BoardlabError (one line) naming the first bad run or option, before anything is played."""
    names = [r.name for r in study_runs]
    if len(set(names)) != len(names):
        raise BoardlabError(f"two runs of the study share a name: {sorted(n for n in names if names.count(n) > 1)[0]}")
    validate_options(jobs, backend, address)
    for study_run in study_runs:
        validate(study_run.config)
        if study_run.data is not None:       # read and checked, not installed: each run installs its own
            content.load(study_run.config.game, study_run.data)


def play_study(study_runs, out, jobs=1, backend="loky", address=None, echo=None, on_games_done=None):
    """Play every run of the study into ``OUT/runs/`` (continuing those begun); return their paths.

    ``echo(text)`` is told each run as it starts; ``on_games_done(name, count)`` as games finish.
    """
    check_study(study_runs, jobs, backend, address)
    echo = echo or (lambda text: print(text, file=sys.stderr, flush=True))
    paths = []
    for study_run in study_runs:
        path = run_path(out, study_run)
        resume = (path / "_manifest.json").is_file()
        config = study_run.config
        echo(f"{study_run.name}: {config.games} games{' (continued)' if resume else ''}")
        done = None if on_games_done is None else (
            lambda count, resumed, name=study_run.name: on_games_done(name, count))
        if study_run.data is None and content.has_data(config.game):
            content.use(config.game)         # the shipped data, whatever an earlier run of the study installed
        run(config, path, jobs=jobs, resume=resume, backend=backend, address=address,
            on_games_done=done, data=study_run.data, save_positions=study_run.save_positions)
        paths.append(path)
    return paths
