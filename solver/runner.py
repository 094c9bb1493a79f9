"""Play many games in parallel and stream one result row per player per game.

Flow: ``boardlab simulate`` (solver/cli.py) -> :func:`run` -> joblib workers
-> :func:`play_game` -> agents (solver/agents.py) -> engine (engine_c).

Reproducibility: game ``i`` is a pure function of ``(seed, i)``. Its chance
stream and each seat's agent stream are children of
``SeedSequence(seed, spawn_key=(i,))``, and its seating is ``i``'s rotation, so
results do not depend on ``--jobs``, the backend or the order games finish.

Crash safety: every finished game is appended (and flushed) to
``_journal.jsonl`` in the output directory; rows are moved into Parquet part
files every few hundred games and at the end. ``--resume`` reads both and plays
only the missing games. The layout is documented in docs/results.md.

The file is long because a run's life is one story told in order: check the request, seat and
seed the games, play them on a backend, journal and compact the rows, and resume or refuse a
damaged run; the pieces share the run's directory layout and are read top to bottom.
"""
from __future__ import annotations

import contextlib
import dataclasses
import datetime as _dt
import itertools
import json
import os
import signal
import sys
import threading
import time
import warnings
from pathlib import Path

import numpy as np

from engine_c import new_state, state_class
from engine_c.errors import BoardlabError
from solver import rundata

# Names starting with "_" are skipped by pandas/pyarrow when reading the directory as a dataset.
MANIFEST = "_manifest.json"
JOURNAL = "_journal.jsonl"
POSITIONS = "_positions"
SEARCH_AGENTS = ("ismcts", "pimc", "flat")


@dataclasses.dataclass(frozen=True)
class RunConfig:
    """Everything that determines a run's results (compared on --resume)."""

    game: str
    players: int
    agents: tuple
    games: int
    seed: int
    paired: bool = False
    options: tuple = ()          # engine options as sorted (key, value) pairs

    def settings(self):
        """The settings as JSON-ready data."""
        data = dataclasses.asdict(self)
        data["agents"] = list(self.agents)
        data["options"] = dict(self.options)
        return data


MAX_SEED = 2**64 - 1          # SeedSequence entropy of one uint64; stored as uint64 in Parquet
MAX_GAMES = 10**9
MAX_JOBS = 1024
MAX_SAVE_POSITIONS = 10**9


def _check_int(name, value, low, high, high_text=None):
    """BoardlabError unless ``value`` is an int in ``low..high``."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise BoardlabError(f"{name} must be an integer, got {value!r}")
    if value < low:
        raise BoardlabError(f"{name} must be {'positive' if low == 1 else 'non-negative'}, got {value}")
    if value > high:
        raise BoardlabError(f"{name} must be at most {high_text or high}, got {value}")


def validate(config):
    """Raise BoardlabError naming the first bad setting of ``config``."""
    from solver.agents import make_agent
    from solver.gameoptions import new_game

    cls = state_class(config.game)
    if isinstance(config.players, bool) or not isinstance(config.players, int) \
            or not cls.min_players <= config.players <= cls.max_players:
        raise BoardlabError(
            f"--players must be {cls.min_players}-{cls.max_players} for {config.game}, got {config.players}")
    _check_int("--games", config.games, 1, MAX_GAMES, "1000000000 (10**9)")
    _check_int("--seed", config.seed, 0, MAX_SEED, "18446744073709551615 (2**64 - 1)")
    if not config.agents:
        raise BoardlabError("give at least one --agent")
    if len(config.agents) > config.players:
        raise BoardlabError(f"{len(config.agents)} agents for {config.players} seats: give at most one per seat")
    for spec in config.agents:
        make_agent(spec, 0)          # BoardlabError naming a bad spec or a budget out of bounds
    new_game(config.game, config.players, 0, config.options)    # BoardlabError naming a bad game option


def validate_options(jobs=1, backend="loky", address=None, chunk_size=None, compact_every=200, save_positions=0):
    """Raise BoardlabError naming the first bad run option (all checked before anything is written)."""
    _check_int("--jobs", jobs, 1, MAX_JOBS)
    if backend not in ("loky", "dask"):
        raise BoardlabError(f"unknown backend {backend!r} (known: loky, dask)")
    if address is not None and backend != "dask":
        raise BoardlabError("--address names a Dask scheduler: it needs --backend dask")
    if address is not None and not str(address).strip():
        raise BoardlabError("--address must not be empty")
    _check_int("--save-positions", save_positions, 0, MAX_SAVE_POSITIONS)
    if chunk_size is not None:
        _check_int("chunk_size", chunk_size, 1, MAX_GAMES)
    _check_int("compact_every", compact_every, 1, MAX_GAMES)


def seating(config, game_index):
    """Agent index for each seat: the line-up rotates so each agent sits in each seat equally often.

    The base line-up repeats the agents over the seats (2 agents, 3 seats: A B A); game ``i``
    rotates it by ``i % players``, so over every ``players`` games each seat sees the same mix.
    """
    k = len(config.agents)
    rotation = game_index % config.players
    return [((seat + rotation) % config.players) % k for seat in range(config.players)]


def game_seeds(config, game_index):
    """(chance seed, [agent seed per seat]) for one game, pure in (seed, game_index).

    With ``paired``, the ``players`` consecutive games of a group share the
    deal and dice (common random numbers) and differ only in the seating.
    """
    game_seq = np.random.SeedSequence(config.seed, spawn_key=(game_index,))
    children = game_seq.spawn(1 + config.players)
    chance = children[0]
    if config.paired:
        group = game_index // config.players
        chance = np.random.SeedSequence(config.seed, spawn_key=(group,)).spawn(1)[0]
    return chance, children[1:]


@dataclasses.dataclass
class PlayedGame:
    """One game played to the end by :func:`play_to_end`: the final state and what the loop counted."""

    state: object
    turns: int                  # moves applied, forced ones included
    lead_changes: int           # times the sole leader changed
    decisions: list             # per seat: decisions with more than one legal move
    think_s: list               # per seat: CPU time (of the playing thread) spent choosing


def play_to_end(state, agents, save_positions=0, positions=None, game_index=0):
    """Play ``state`` to the end, ``agents[p]`` choosing for seat p; returns a PlayedGame.

    With ``save_positions`` = K > 0, the position before every K-th move is appended to the
    list ``positions`` as ``(file name, JSON text)`` (the name carries ``game_index``).
    """
    players = len(agents)
    decisions, think = [0] * players, [0.0] * players
    turns = lead_changes = 0
    leader = -1
    while not state.is_terminal():
        player = state.current_player()
        if save_positions and turns % save_positions == 0:
            positions.append((f"game{game_index:06d}-move{turns:04d}.json", state.to_json() + "\n"))
        if len(state.legal_actions()) > 1:
            decisions[player] += 1
        clock = time.thread_time()
        action = agents[player].choose(state)
        think[player] += time.thread_time() - clock
        state.apply_action(action)
        turns += 1
        scores = state.scores()
        top = max(scores)
        if scores.count(top) == 1:
            new_leader = scores.index(top)
            if leader >= 0 and new_leader != leader:
                lead_changes += 1
            leader = new_leader
    return PlayedGame(state, turns, lead_changes, decisions, think)


def result_rows(played, game, game_index, agent_specs, agent_indices, seed, duration):
    """The result rows of a played game, one dict per seat (docs/results.md's columns)."""
    state = played.state
    scores, ranks, features = state.scores(), state.ranks(), state.features()
    tiebreak_used = scores.count(max(scores)) > 1
    rows = []
    for seat in range(state.num_players):
        row = {
            "game": game, "players": state.num_players, "game_index": game_index, "seat": seat,
            "agent": agent_specs[seat], "agent_index": agent_indices[seat],
            "score": int(scores[seat]), "rank": int(ranks[seat]), "win": ranks[seat] == 0,
            "tiebreak_used": tiebreak_used, "turns": played.turns, "lead_changes": played.lead_changes,
            "seed": seed, "duration_s": duration,
        }
        row.update({f"f_{key}": int(value) for key, value in sorted(features[seat].items())})
        rows.append(row)
    return rows


def play_game(config, game_index, save_positions=0, positions=None):
    """Play one game; return its rows (one dict per seat).

    With ``save_positions`` = K > 0, the position before every K-th decision is
    appended to the list ``positions`` as ``(file name, JSON text)`` (for
    ``boardlab suggest``); the caller writes them.
    """
    from solver.agents import make_agent

    started = time.perf_counter()
    chance_seed, agent_seeds = game_seeds(config, game_index)
    seats = seating(config, game_index)
    agents = [make_agent(config.agents[seats[s]], agent_seeds[s]) for s in range(config.players)]
    state = new_state(config.game, config.players, chance_seed, **dict(config.options))
    played = play_to_end(state, agents, save_positions, positions, game_index)
    return result_rows(played, config.game, game_index, [config.agents[s] for s in seats], seats,
                       config.seed, time.perf_counter() - started)


def play_chunk(config, game_indices, save_positions=0, data=None):
    """Play several games in one worker task; return (their rows, their saved positions).

    Positions travel back with the rows, so the driver writes them under the run's
    output even when the games ran on a remote Dask worker. ``data``: the run's game data
    (``RunData.payload()``), installed first (solver/rundata.py).
    """
    rundata.install(data)
    positions = []
    return [play_game(config, i, save_positions, positions) for i in game_indices], positions


# --------------------------------------------------------------------------- output

MANIFEST_KEYS = ("settings", "status", "started")


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


def _now():
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
            raise BoardlabError(rundata.settings_differ(out, stored, config.settings(), differing))
    try:
        rows = store.finished_rows(manifest)
    except BoardlabError as exc:
        raise BoardlabError(f"cannot resume {out}: {exc}; {advice}") from None
    done = set(int(i) for i in rows["game_index"].unique()) if len(rows) else set()
    return _OutputPlan(store, True, manifest, done, extend_from)


def open_output(config, plan, command=None, data=None):
    """Create the output directory or bring a resumed one up to date (the first writes of a run);
    ``data``: the run's RunData, recorded in the manifest with a copy of the file."""
    from solver import __version__

    store = plan.store
    if plan.resume:
        manifest = plan.manifest
        if plan.extend_from is not None:
            manifest["settings"] = config.settings()
            manifest["extended"] = list(manifest.get("extended", [])) + [
                {"from_games": plan.extend_from, "at": _now()}]
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
        "started": _now(), "finished": None, "status": "running",
        **({"data": data.manifest_entry()} if data is not None else {}),
    })
    rundata.write_copy(store.path, data)
    return store


def prepare_output(config, out, resume):
    """Create or reopen the output directory; return (store, games already done)."""
    plan = check_output(config, out, resume)
    return open_output(config, plan), plan.done


def default_chunk_size(config, jobs):
    """Games per worker task: 1 for search agents (a game takes seconds), more for fast agents."""
    if any(spec.split(":")[0] in SEARCH_AGENTS for spec in config.agents):
        return 1
    return max(1, min(50, config.games // max(1, 4 * jobs)))


def _chunks(todo, size):
    """Lists of ``size`` consecutive items of the iterator ``todo``, made as they are asked for."""
    todo = iter(todo)
    while True:
        chunk = list(itertools.islice(todo, size))
        if not chunk:
            return
        yield chunk


# --------------------------------------------------------------------------- processes

WATCH_INTERVAL = 0.5


def watch_driver(driver_pid):
    """Worker initializer: exit at once when the driver process is gone.

    A loky worker is a child of the driver. If the driver is killed (SIGKILL cannot be caught,
    so joblib never stops its workers), the worker is re-parented and this daemon thread sees
    ``os.getppid()`` change within ``WATCH_INTERVAL`` seconds and ends the process; loky's
    resource trackers exit once the last worker holding their pipe is gone. The search loops
    release the GIL, so the thread runs even in the middle of a long search.
    """
    if os.getppid() != driver_pid:
        os._exit(1)

    def watch():
        while True:
            time.sleep(WATCH_INTERVAL)
            if os.getppid() != driver_pid:
                os._exit(1)

    threading.Thread(target=watch, name="boardlab-watch-driver", daemon=True).start()


@contextlib.contextmanager
def backend_context(backend, jobs, address):
    """joblib parallel configuration for ``loky`` (local processes) or ``dask`` (a cluster)."""
    import joblib

    if backend == "loky":
        with joblib.parallel_config(backend="loky", n_jobs=jobs, initializer=watch_driver,
                                    initargs=(os.getpid(),)):
            yield
    elif backend == "dask":
        try:
            from dask.distributed import Client
        except ImportError:
            raise BoardlabError("--backend dask needs dask.distributed: pip install 'boardlab[dask]'") from None
        try:
            client = Client(address, timeout=10) if address else Client(
                n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None)
        except (OSError, TimeoutError, ValueError) as exc:
            raise BoardlabError(f"cannot reach the dask scheduler at {address}: "
                                f"{str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__}") from None
        with client, joblib.parallel_config(backend="dask"):
            yield
    else:
        raise BoardlabError(f"unknown backend {backend!r} (known: loky, dask)")


class RunStopped(KeyboardInterrupt):
    """Raised in the driver by SIGTERM (or SIGHUP) during a run: it stops like Ctrl-C, so joblib
    terminates its workers, and the run stays resumable."""

    def __init__(self, signum):
        super().__init__(signum)
        self.signum = signum


class _StopSignals:
    """SIGTERM/SIGHUP handlers raising :class:`RunStopped`, held back while a file is written."""

    SIGNALS = ("SIGTERM", "SIGHUP")

    def __init__(self):
        self.writing = 0
        self.pending = None
        self.previous = {}

    def _handler(self, signum, frame):
        if self.writing:
            self.pending = signum
            return
        raise RunStopped(signum)

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            for name in self.SIGNALS:
                signum = getattr(signal, name, None)
                if signum is not None and signal.getsignal(signum) is not signal.SIG_IGN:
                    self.previous[signum] = signal.signal(signum, self._handler)
        return self

    def __exit__(self, *exc):
        for signum, handler in self.previous.items():
            signal.signal(signum, handler)
        self.previous = {}
        return False

    @contextlib.contextmanager
    def write(self):
        """No stop while the body writes; a signal that came meanwhile stops the run after it."""
        self.writing += 1
        try:
            yield
        finally:
            self.writing -= 1
        if not self.writing and self.pending is not None:
            signum, self.pending = self.pending, None
            raise RunStopped(signum)


# --------------------------------------------------------------------------- run

def run(config, out, jobs=1, resume=False, backend="loky", address=None, chunk_size=None,
        on_games_done=None, compact_every=200, save_positions=0, data=None):
    """Play the run's missing games, streaming rows to ``out``; return all rows as a DataFrame.

    Every argument, the output folder (for ``resume``, the whole stored run) and the Dask
    cluster are checked before anything is written; bad ones raise BoardlabError and leave
    the disk as it was. ``on_games_done(count, resumed)`` is called with ``(0, False)`` once the
    run has started, then as games finish (``resumed`` is True once, for the games a resumed run
    already had). ``save_positions`` = K > 0 also writes every K-th position of each game to
    ``out/_positions/`` (written here, by the driver, whatever the backend). SIGTERM (or SIGHUP)
    stops the run like Ctrl-C (workers terminated, finished games kept, manifest status
    ``stopped``, resumable) and raises BoardlabError. ``data``: the game data file (path or
    dict) to play with, installed first (None: the data installed now, usually the shipped one).
    """
    run_data = rundata.prepare(config.game, data)
    validate(config)
    validate_options(jobs, backend, address, chunk_size, compact_every, save_positions)
    plan = check_output(config, out, resume)
    if plan.resume:
        rundata.check_resume(out, plan.manifest, run_data)
    stop = _StopSignals()
    store = None
    try:
        with stop, backend_context(backend, jobs, address):
            with stop.write():
                store = open_output(config, plan, data=run_data)
                if save_positions:
                    (store.path / POSITIONS).mkdir(exist_ok=True)
            _play(config, store, plan.done, jobs, backend, chunk_size, on_games_done, compact_every,
                  save_positions, stop, run_data.payload() if run_data is not None else None)
    except KeyboardInterrupt as exc:           # Ctrl-C, or SIGTERM/SIGHUP (RunStopped)
        if store is not None:
            with contextlib.suppress(BoardlabError, OSError):
                manifest = store.read_manifest()
                manifest.update(status="stopped")
                store.write_manifest(manifest)
        if not isinstance(exc, RunStopped):
            raise
        name = signal.Signals(exc.signum).name
        if store is None:
            raise BoardlabError(f"stopped by {name} before the run started; nothing was written") from None
        raise BoardlabError(f"stopped by {name}: the finished games are kept in {store.path}; "
                            "continue with --resume") from None
    manifest = store.read_manifest()
    manifest.update(finished=_now(), status="complete")
    store.write_manifest(manifest)
    rows = store.finished_rows(manifest)
    return rows.sort_values(["game_index", "seat"]).reset_index(drop=True)


def _play(config, store, done, jobs, backend, chunk_size, on_games_done, compact_every, save_positions, stop,
          data=None):
    """Play the games not in ``done``, journaling each chunk as it comes back."""
    import joblib

    if on_games_done is not None:
        on_games_done(0, False)                      # the run has started
        if done:
            on_games_done(len(done), True)
    todo = (i for i in range(config.games) if i not in done)      # lazily: --games may be huge
    size = chunk_size or default_chunk_size(config, jobs)
    if len(done) >= config.games:
        store.compact()
        return
    if jobs == 1 and backend == "loky":
        results = (play_chunk(config, chunk, save_positions, data) for chunk in _chunks(todo, size))
    else:
        results = joblib.Parallel(return_as="generator_unordered")(
            joblib.delayed(play_chunk)(config, chunk, save_positions, data) for chunk in _chunks(todo, size))
    since_compact = 0
    try:
        for games_rows, positions in results:
            with stop.write():
                for name, text in positions:          # before the rows: a journaled game has its files
                    (store.path / POSITIONS / name).write_text(text)
                store.append(games_rows)
                since_compact += len(games_rows)
                if since_compact >= compact_every:
                    store.compact()
                    since_compact = 0
            if on_games_done is not None:
                on_games_done(len(games_rows), False)
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            # a stopped run: joblib aborts and terminates its workers now (without its warning
            # about tasks computed but not used: they are played again on --resume)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                close()
    with stop.write():
        store.compact()
