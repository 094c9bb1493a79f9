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
"""
from __future__ import annotations

import contextlib
import dataclasses
import datetime as _dt
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

from engine_c import new_state, state_class
from engine_c.errors import BoardlabError

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


def validate(config):
    """Raise BoardlabError naming the first bad setting of ``config``."""
    from solver.agents import make_agent

    cls = state_class(config.game)
    if not cls.min_players <= config.players <= cls.max_players:
        raise BoardlabError(
            f"--players must be {cls.min_players}-{cls.max_players} for {config.game}, got {config.players}")
    if config.games <= 0:
        raise BoardlabError(f"--games must be positive, got {config.games}")
    if not config.agents:
        raise BoardlabError("give at least one --agent")
    if len(config.agents) > config.players:
        raise BoardlabError(f"{len(config.agents)} agents for {config.players} seats: give at most one per seat")
    if config.seed < 0:
        raise BoardlabError(f"--seed must be non-negative, got {config.seed}")
    for spec in config.agents:
        make_agent(spec, 0)          # raises BoardlabError naming a bad spec
    new_state(config.game, config.players, 0, **dict(config.options))


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
    turns = 0
    lead_changes = 0
    leader = -1
    while not state.is_terminal():
        player = state.current_player()
        if save_positions and turns % save_positions == 0:
            positions.append((f"game{game_index:06d}-move{turns:04d}.json", state.to_json() + "\n"))
        state.apply_action(agents[player].choose(state))
        turns += 1
        scores = state.scores()
        top = max(scores)
        if scores.count(top) == 1:
            new_leader = scores.index(top)
            if leader >= 0 and new_leader != leader:
                lead_changes += 1
            leader = new_leader
    scores, ranks = state.scores(), state.ranks()
    best = max(scores)
    tiebreak_used = scores.count(best) > 1
    features = state.features()
    duration = time.perf_counter() - started
    rows = []
    for seat in range(config.players):
        row = {
            "game": config.game, "players": config.players, "game_index": game_index, "seat": seat,
            "agent": config.agents[seats[seat]], "agent_index": seats[seat],
            "score": int(scores[seat]), "rank": int(ranks[seat]), "win": ranks[seat] == 0,
            "tiebreak_used": tiebreak_used, "turns": turns, "lead_changes": lead_changes,
            "seed": config.seed, "duration_s": duration,
        }
        row.update({f"f_{key}": int(value) for key, value in sorted(features[seat].items())})
        rows.append(row)
    return rows


def play_chunk(config, game_indices, save_positions=0):
    """Play several games in one worker task; return (their rows, their saved positions).

    Positions travel back with the rows, so the driver writes them under the run's
    output even when the games ran on a remote Dask worker.
    """
    positions = []
    return [play_game(config, i, save_positions, positions) for i in game_indices], positions


# --------------------------------------------------------------------------- output

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
        """The manifest as a dict; BoardlabError if unreadable."""
        try:
            return json.loads(self.manifest_path.read_text())
        except (OSError, json.JSONDecodeError) as exc:
            raise BoardlabError(f"{self.manifest_path}: cannot read the run manifest ({exc})") from None

    def write_manifest(self, manifest):
        """Atomically replace the manifest."""
        _atomic_write_bytes(self.manifest_path, json.dumps(manifest, indent=2).encode())

    def finished_rows(self):
        """All rows already stored (parts, then journal), one game kept once."""
        import pandas as pd

        frames = []
        for part in sorted(self.path.glob("part-*.parquet")):
            frames.append(pd.read_parquet(part))
        journal_rows = self._journal_rows()
        if journal_rows:
            frames.append(pd.DataFrame(journal_rows))
        if not frames:
            return None
        table = pd.concat(frames, ignore_index=True)
        return table.drop_duplicates(subset=["game_index", "seat"], keep="first")

    def finished_games(self):
        """Set of game indices already stored."""
        rows = self.finished_rows()
        return set() if rows is None else set(int(i) for i in rows["game_index"].unique())

    def _journal_rows(self):
        journal = self.path / JOURNAL
        if not journal.exists():
            return []
        rows = []
        with open(journal) as handle:
            for line in handle:
                try:
                    rows.extend(json.loads(line))
                except json.JSONDecodeError:
                    break          # a line cut short by a kill: that game was not finished
        return rows

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

        rows = self._journal_rows()
        if not rows:
            (self.path / JOURNAL).unlink(missing_ok=True)
            return
        stored = set()
        for part in self.path.glob("part-*.parquet"):
            stored |= set(pd.read_parquet(part, columns=["game_index"])["game_index"].unique())
        frame = pd.DataFrame(rows)
        frame = frame[~frame["game_index"].isin(stored)].drop_duplicates(subset=["game_index", "seat"])
        if len(frame):
            frame = frame.sort_values(["game_index", "seat"]).reset_index(drop=True)
            number = len(list(self.path.glob("part-*.parquet")))
            target = self.path / f"part-{number:06d}.parquet"
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


def prepare_output(config, out, resume):
    """Create or reopen the output directory; return (store, games already done)."""
    from solver import __version__

    store = ResultStore(out)
    if store.exists():
        if not resume:
            raise BoardlabError(f"{out} already holds a run: pass --resume to continue it or choose another --out")
        manifest = store.read_manifest()
        stored = manifest.get("settings", {})
        if stored != config.settings():
            differing = [key for key, value in config.settings().items() if stored.get(key) != value]
            if differing == ["games"] and isinstance(stored.get("games"), int) and config.games > stored["games"]:
                # more games of the same run: game i's seeds and seats depend only on i, so the
                # extended run is exactly the run that would have been started with more games
                manifest["settings"] = config.settings()
                manifest["status"] = "running"
                manifest.setdefault("extended", []).append({"from_games": stored["games"], "at": _now()})
                store.write_manifest(manifest)
            elif differing == ["games"]:
                raise BoardlabError(f"cannot resume {out}: it holds a run of {stored.get('games')} games; "
                                    f"--games may only grow on resume, got {config.games}")
            else:
                raise BoardlabError(
                    f"cannot resume {out}: settings differ from the stored run ({', '.join(differing) or 'format'})")
        store.compact()
        return store, store.finished_games()
    if resume:
        raise BoardlabError(f"cannot resume {out}: no run there")
    try:
        store.path.mkdir(parents=True, exist_ok=True)
        probe = store.path / ".write-test"
        probe.write_text("")
        probe.unlink()
    except OSError as exc:
        raise BoardlabError(f"cannot write to {out}: {exc.strerror or exc}") from None
    store.write_manifest({
        "boardlab_version": __version__, "command": " ".join(sys.argv), "settings": config.settings(),
        # the game's recommended search settings, which agents use where their spec is silent
        "search_defaults": dict(state_class(config.game).search_defaults),
        "started": _now(), "finished": None, "status": "running",
    })
    return store, set()


def default_chunk_size(config, jobs):
    """Games per worker task: 1 for search agents (a game takes seconds), more for fast agents."""
    if any(spec.split(":")[0] in SEARCH_AGENTS for spec in config.agents):
        return 1
    return max(1, min(50, config.games // max(1, 4 * jobs)))


@contextlib.contextmanager
def backend_context(backend, jobs, address):
    """joblib parallel configuration for ``loky`` (local processes) or ``dask`` (a cluster)."""
    import joblib

    if backend == "loky":
        with joblib.parallel_config(backend="loky", n_jobs=jobs):
            yield
    elif backend == "dask":
        try:
            from dask.distributed import Client
        except ImportError:
            raise BoardlabError("--backend dask needs dask.distributed: pip install 'boardlab[dask]'") from None
        try:
            client = Client(address, timeout=10) if address else Client(
                n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None)
        except (OSError, TimeoutError) as exc:
            raise BoardlabError(f"cannot reach the dask scheduler at {address}: {exc}") from None
        with client, joblib.parallel_config(backend="dask"):
            yield
    else:
        raise BoardlabError(f"unknown backend {backend!r} (known: loky, dask)")


def run(config, out, jobs=1, resume=False, backend="loky", address=None, chunk_size=None,
        on_games_done=None, compact_every=200, save_positions=0):
    """Play the run's missing games, streaming rows to ``out``; return all rows as a DataFrame.

    ``on_games_done(count, resumed)`` is called as games finish (``resumed`` is True once, for
    the games a resumed run already had). ``save_positions`` = K > 0 also writes every K-th position of each game to
    ``out/_positions/`` (written here, by the driver, whatever the backend).
    """
    import joblib

    validate(config)
    if jobs <= 0:
        raise BoardlabError(f"--jobs must be positive, got {jobs}")
    if save_positions < 0:
        raise BoardlabError(f"--save-positions must be non-negative, got {save_positions}")
    store, done = prepare_output(config, out, resume)
    todo = [i for i in range(config.games) if i not in done]
    if on_games_done is not None and done:
        on_games_done(len(done), True)
    positions_dir = None
    if save_positions:
        positions_dir = str(Path(out) / POSITIONS)
        Path(positions_dir).mkdir(exist_ok=True)
    size = chunk_size or default_chunk_size(config, jobs)
    chunks = [todo[k:k + size] for k in range(0, len(todo), size)]
    since_compact = 0
    if chunks:
        with backend_context(backend, jobs, address):
            if jobs == 1 and backend == "loky":
                results = (play_chunk(config, chunk, save_positions) for chunk in chunks)
            else:
                results = joblib.Parallel(return_as="generator_unordered")(
                    joblib.delayed(play_chunk)(config, chunk, save_positions) for chunk in chunks)
            for games_rows, positions in results:
                for name, text in positions:          # before the rows: a journaled game has its files
                    (Path(positions_dir) / name).write_text(text)
                store.append(games_rows)
                since_compact += len(games_rows)
                if since_compact >= compact_every:
                    store.compact()
                    since_compact = 0
                if on_games_done is not None:
                    on_games_done(len(games_rows), False)
    store.compact()
    manifest = store.read_manifest()
    manifest.update(finished=_now(), status="complete")
    store.write_manifest(manifest)
    rows = store.finished_rows()
    return rows.sort_values(["game_index", "seat"]).reset_index(drop=True)
