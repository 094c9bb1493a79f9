"""Play many games in parallel and stream one result row per player per game.

Flow: ``boardlab simulate`` (solver/cli/) -> :func:`run` -> joblib workers
-> :func:`play_game` -> agents (solver/search/agents.py) -> engine (engine_c).

Reproducibility: game ``i`` is a pure function of ``(seed, i)``. Its chance
stream and each seat's agent stream are children of
``SeedSequence(seed, spawn_key=(i,))``, and its seating is ``i``'s rotation, so
results do not depend on ``--jobs``, the backend or the order games finish.

A run's settings and their checks are in solver/runs/config.py; its folder (manifest, journal of
finished games, Parquet parts, resuming) in solver/runs/store.py. This module seats, seeds and
plays the games on a backend and hands each finished game to the store.
"""
from __future__ import annotations

import contextlib
import dataclasses
import itertools
import logging
import os
import re
import signal
import threading
import time
import warnings
from concurrent.futures import BrokenExecutor     # loky's TerminatedWorkerError is one

import numpy as np

from engine_c import new_state
from engine_c.errors import BoardlabError
from solver.runs import data as rundata
from solver.runs.config import validate, validate_options
from solver.runs.store import POSITIONS, check_output, check_save_positions, open_output, timestamp

SEARCH_AGENTS = ("ismcts", "pimc", "flat")


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
    from solver.search.agents import make_agent

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
    (``RunData.payload()``), installed first (solver/runs/data.py).
    """
    rundata.install(data)
    positions = []
    return [play_game(config, i, save_positions, positions) for i in game_indices], positions


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


def _check_scheduler_listens(address):
    """Refuse at once a scheduler address where nothing listens (dask's Client would retry for its
    whole timeout first); an address this cannot parse is left to dask."""
    import socket
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(address if "://" in address else f"tcp://{address}")
        host, port = parts.hostname, parts.port
    except ValueError:
        return
    if parts.scheme not in ("tcp", "tls") or not host or port is None:
        return
    try:
        socket.create_connection((host, port), timeout=10).close()
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise BoardlabError(f"cannot reach the dask scheduler at {address}: {reason.strip().lower()}") from None


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
        if address:
            _check_scheduler_listens(address)
        try:
            client = Client(address, timeout=10) if address else Client(
                n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None,
                silence_logs=logging.CRITICAL)  # a stopped run's cancelled tasks are no warning to the user;
                                                # a failure reaches the run as an exception, told in one line
        except (OSError, TimeoutError, ValueError) as exc:
            raise BoardlabError(f"cannot reach the dask scheduler at {address}: "
                                f"{str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__}") from None
        with client, joblib.parallel_config(backend="dask"):
            yield
    else:
        raise BoardlabError(f"unknown backend {backend!r} (known: loky, dask)")


class RunInterrupted(KeyboardInterrupt):
    """Ctrl-C during a run, after its folder was opened: ``hint`` says where the finished games are."""

    def __init__(self, hint):
        super().__init__(hint)
        self.hint = hint


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
        check_save_positions(plan, save_positions)
    stop = _StopSignals()
    store = None
    try:
        with stop, backend_context(backend, jobs, address):
            with stop.write():
                store = open_output(config, plan, data=run_data, save_positions=save_positions)
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
            if store is None:
                raise
            raise RunInterrupted(f"the finished games are kept in {store.path}; continue with --resume") from None
        name = signal.Signals(exc.signum).name
        if store is None:
            raise BoardlabError(f"stopped by {name} before the run started; nothing was written") from None
        raise BoardlabError(f"stopped by {name}: the finished games are kept in {store.path}; "
                            "continue with --resume") from None
    except Exception as exc:                   # a worker died: the OOM killer, a segfault, a kill -9
        if store is None or not worker_died(exc):
            raise
        with contextlib.suppress(BoardlabError, OSError):
            manifest = store.read_manifest()
            manifest.update(status="interrupted")
            store.write_manifest(manifest)
        if isinstance(exc, BrokenExecutor):
            died = f"a worker process died ({exit_codes(str(exc)) or 'killed'}: out of memory, or a crash)"
        else:                                  # Dask restarts a dead worker and retries; this is after the last try
            died = "Dask workers died running the same games, each time it retried them (out of memory, or a crash)"
        raise BoardlabError(f"{died}: the finished games are kept in {store.path}; continue with --resume") from None
    manifest = store.read_manifest()
    manifest.update(finished=timestamp(), status="complete")
    store.write_manifest(manifest)
    rows = store.finished_rows(manifest)
    return rows.sort_values(["game_index", "seat"]).reset_index(drop=True)


def worker_died(exc):
    """Whether ``exc`` says a worker process died: loky's broken executor, or Dask's KilledWorker (a task
    whose workers died on every try; a single dead Dask worker is restarted and its games run again)."""
    return isinstance(exc, BrokenExecutor) or (type(exc).__name__ == "KilledWorker"
                                               and type(exc).__module__.startswith("distributed"))


def exit_codes(message):
    """The exit codes in loky's message about dead workers ('... The exit codes of the workers are
    {SIGKILL(-9)}', maybe with a sentence after it), or '' when it names none."""
    found = re.search(r"exit codes of the workers are \{([^}]*)\}", message)
    return found.group(1).strip() if found else ""


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
