"""Interventional tile and card values: force a take, play both branches on, compare.

From the positions a run saved (``boardlab simulate --save-positions K`` writes them to
``RUN/_positions/``), for each kind X the player to act can take (:mod:`analysis.kinds`):

1. draw a world the player cannot tell from the real one (``resample_hidden``);
2. *take* branch: play a way of taking X (when there are several, the engine's playout policy
   picks one), then let the agents play to the end;
3. *own* branch: from the same world, the agents play to the end, the player to act choosing
   freely (its turn is read with the same table: did it take X anyway?);
4. both branches use the same world and the same agent seeds (common random numbers), so their
   difference in final score and win credit is the effect of the forced take, not of luck.

Continuation ``j`` of the position saved as ``game G, move M`` is seeded by
``SeedSequence(seed, spawn_key=(G, M, j))`` whatever the number of worker processes. Finished
continuations are appended to ``OUT/_journal.csv`` at once; an interrupted run continues with
``resume=True``. At the end ``OUT/pairs.parquet`` holds every pair (sorted), and
:mod:`analysis.causal` writes the estimates and the figure. Layout: docs/values.md.
"""
from __future__ import annotations

import csv
import dataclasses
import datetime as _dt
import io
import json
import os
import re
from pathlib import Path

import numpy as np
import pandas as pd

from analysis import kinds as kinds_table
from analysis.load import VALUES_MANIFEST, read_manifest
from engine_c.errors import BoardlabError
from solver.runs.config import MAX_JOBS, MAX_SEED, RunConfig, check_int
from solver.runs.data import DATA_COPY, install, prepare, stored_hash
from solver.runs.runner import seating
from solver.search.agents import make_agent

JOURNAL = "_journal.csv"
PLAN = "_plan.parquet"
PAIRS = "pairs.parquet"
POSITIONS = "_positions"
COLUMNS = ("position", "game_index", "move", "stage", "player", "kind", "continuation",
           "own_takes", "own_move", "forced_move", "score_take", "score_own", "win_take",
           "win_own")
_NAME = re.compile(r"game(\d+)-move(\d+)\.json")
MAX_CONTINUATIONS = 10**6


def _load_real(text):
    from engine_c import state_from_json
    return state_from_json(text)


def _agent_real(spec, seed):
    return make_agent(spec, seed)


@dataclasses.dataclass(frozen=True)
class Hooks:
    """How positions are read, agents made and takes named: the real engines by default (tests
    give a toy game's). Module-level functions, so they travel to worker processes."""

    load_state: object = _load_real
    make_agent: object = _agent_real
    take_ways: object = kinds_table.take_ways
    stage: object = kinds_table.stage


@dataclasses.dataclass(frozen=True)
class ValuesConfig:
    """Everything that determines the pairs (compared on resume)."""

    run: str
    game: str
    players: int
    agents: tuple
    kinds: tuple
    continuations: int
    positions_per_kind: int
    seed: int

    def settings(self):
        """The settings as JSON-ready data."""
        data = dataclasses.asdict(self)
        data["agents"], data["kinds"] = list(self.agents), list(self.kinds)
        return data


@dataclasses.dataclass(frozen=True)
class _Position:
    name: str
    game_index: int
    move: int
    player: int
    stage: str
    kinds: tuple


# --------------------------------------------------------------------------- one pair

def _outcome(state, player):
    """Final score and win credit (1/k for k players sharing first place) of ``player``."""
    ranks = state.ranks()
    first = sum(1 for r in ranks if r == 0)
    return int(state.scores()[player]), (1.0 / first if ranks[player] == 0 else 0.0)


OPENING = 16              # at most this many of the player's own consecutive decisions are read


def _play_out(state, specs, seeds, hooks, forced=()):
    """Play ``forced`` then the agents to the end, in place. Without ``forced``, returns the
    opening: the positions and moves of the player to act while it stays to act (its turn; at
    most ``OPENING``)."""
    player = state.current_player()
    agents = [hooks.make_agent(spec, seed) for spec, seed in zip(specs, seeds)]
    opening, reading = [], not forced
    for action in forced:
        # the agent still draws its decision (and throws it away), so that its random stream
        # stays in step with the own branch: common random numbers for every later decision
        agents[player].choose(state)
        state.apply_action(action)
    while not state.is_terminal():
        to_act = state.current_player()
        action = agents[to_act].choose(state)
        reading = reading and to_act == player and len(opening) < OPENING
        if reading:
            opening.append((state.clone(), action))
        state.apply_action(action)
    return opening


def _kinds_taken(opening, hooks):
    """The kinds the player took in its opening: a way (one move, or a take and its completing
    choice) read at the position where it started."""
    moves = tuple(action for _, action in opening)
    taken = set()
    for i, (position, _) in enumerate(opening):
        for kind, options in hooks.take_ways(position).items():
            if any(moves[i:i + len(w)] == tuple(w) for w in options):
                taken.add(kind)
    return taken


def _pick_way(world, ways, seed):
    """One of the ``ways`` to take a kind: the engine's playout policy chooses the first move
    among the ways' first moves, then the second among those that complete it."""
    first_seed, second_seed = seed.spawn(2)
    firsts = sorted({w[0] for w in ways})
    a = firsts[0] if len(firsts) == 1 else world.playout_action(first_seed, among=firsts)
    seconds = sorted({w[1] for w in ways if w[0] == a and len(w) > 1})
    if not seconds:
        return (a,)
    if len(seconds) == 1:
        return (a, seconds[0])
    nxt = world.clone()
    nxt.apply_action(a)
    return (a, nxt.playout_action(second_seed, among=seconds))


def pair_rows(text, position: _Position, j: int, specs, seed: int, hooks: Hooks = Hooks()):
    """The rows of continuation ``j`` at one position: the own branch once, a take branch for each
    of the position's kinds, all from the same world with the same agent seeds."""
    state = hooks.load_state(text)
    seq = np.random.SeedSequence(seed, spawn_key=(position.game_index, position.move, j))
    world_seq, way_seq, *agent_seqs = seq.spawn(2 + len(specs))
    world = state.resample_hidden(position.player, world_seq)
    ways = hooks.take_ways(world)
    own = world.clone()
    opening = _play_out(own, specs, agent_seqs, hooks)
    own_kinds = _kinds_taken(opening, hooks)
    own_move = " ".join(at.action_to_string(a) for at, a in opening[:2])
    score_own, win_own = _outcome(own, position.player)
    rows = []
    for kind, kind_seq in zip(position.kinds, way_seq.spawn(len(position.kinds))):
        options = ways.get(kind)
        if not options:
            raise BoardlabError(f"{position.name}: {kind} cannot be taken in a determinization "
                                "of the position (the kind table reads hidden information)")
        way = _pick_way(world, options, kind_seq)
        take = world.clone()
        _play_out(take, specs, agent_seqs, hooks, forced=way)
        score_take, win_take = _outcome(take, position.player)
        rows.append({
            "position": position.name, "game_index": position.game_index, "move": position.move,
            "stage": position.stage, "player": position.player, "kind": kind, "continuation": j,
            "own_takes": kind in own_kinds,
            "own_move": own_move,
            "forced_move": " ".join(world.action_to_string(a) for a in way),
            "score_take": score_take, "score_own": score_own,
            "win_take": win_take, "win_own": win_own})
    return rows


def _task(batch, seed, hooks, data=None):
    """Rows of a batch of (position text, position, continuation, agent specs)."""
    _install(data)
    return [row for text, position, j, specs in batch
            for row in pair_rows(text, position, j, specs, seed, hooks)]


# --------------------------------------------------------------------------- plan

def _scan(items, hooks, game, data=None):
    """Player, stage and takeable kinds of each (name, text)."""
    _install(data)
    out = []
    for name, text in items:
        try:
            state = hooks.load_state(text)
        except BoardlabError as exc:
            raise BoardlabError(f"{POSITIONS}/{name}: {exc}") from None
        if state.is_terminal():
            continue
        kinds = tuple(sorted(hooks.take_ways(state)))
        if kinds:
            out.append((name, state.current_player(),
                        hooks.stage(game, json.loads(state.to_json())), kinds))
    return out


def _install(data):
    """Worker side: install the run's game data (a rundata payload; None: nothing to do)."""
    if data is not None:
        install(data)


def _run_data(run: Path, game, manifest):
    """Install the game data the run was played with (its manifest's entry; the copy in the run
    folder when not the shipped default) and return the payload workers install, None for a game
    without a data file. BoardlabError (one line) if the copy is missing or is other data."""
    from engine_c import content
    if not content.has_data(game):
        return None
    wanted = stored_hash(game, manifest)
    if wanted == content.default_hash(game):
        content.use(game)                    # the shipped default, whatever was installed before
        return prepare(game).payload()
    copy = run / DATA_COPY
    if not copy.is_file():
        raise BoardlabError(f"{run}: the run was played with {game} data {wanted}, "
                            f"but its copy {DATA_COPY} is missing")
    run_data = prepare(game, copy)
    if run_data.hash != wanted:
        raise BoardlabError(f"{copy}: holds {game} data {run_data.hash}, not the run's {wanted}")
    return run_data.payload()


def _positions(run: Path):
    folder = run / POSITIONS
    if not folder.is_dir():
        raise BoardlabError(f"{run}: no saved positions (run simulate with --save-positions K)")
    names = sorted(p.name for p in folder.iterdir() if _NAME.fullmatch(p.name))
    if not names:
        raise BoardlabError(f"{folder}: no position files (gameNNNNNN-moveNNNN.json)")
    return folder, names


def _select(found, requested, game, per_kind, seed):
    """Positions and the kinds valued at each: every requested kind (or group) at up to
    ``per_kind`` positions (0: all), chosen by one seeded random key per position."""
    present = sorted({k for *_, kinds in found for k in kinds},
                     key=lambda k: kinds_table.kind_order(game, k))
    groups = {kinds_table.kind_group(game, k) for k in present}
    wanted = set(present)
    if requested:
        known = set(present) | set(kinds_table.known_kinds(game)) | groups
        unknown = [r for r in requested if r not in known]
        if unknown:
            raise BoardlabError(f"unknown kind(s) {', '.join(unknown)} for {game} (seen in these "
                                f"positions: {', '.join(present)}; groups: {', '.join(sorted(groups))})")
        wanted = {k for k in present if k in requested or kinds_table.kind_group(game, k) in requested}
        absent = [r for r in requested if r not in present and r not in groups]
        if absent or not wanted:
            raise BoardlabError(f"no saved position where {', '.join(absent or requested)} can be "
                                "taken: save more positions (--save-positions) or play more games")
    keys = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(2**32,))).random(len(found))
    chosen: dict[str, set] = {}
    for kind in wanted:
        candidates = [i for i, (*_, kinds) in enumerate(found) if kind in kinds]
        candidates.sort(key=lambda i: keys[i])
        for i in candidates[:per_kind or None]:
            chosen.setdefault(found[i][0], set()).add(kind)
    plan = []
    for name, player, stage, kinds in found:
        if name in chosen:
            game_index, move = (int(x) for x in _NAME.fullmatch(name).groups())
            plan.append(_Position(name, game_index, move, player, stage,
                                  tuple(sorted(chosen[name], key=lambda k: kinds_table.kind_order(game, k)))))
    return plan


# --------------------------------------------------------------------------- output

def _now():
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def _write_json(path: Path, data):
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=2, sort_keys=True))
    os.replace(tmp, path)


def _check_out(out: Path, resume: bool):
    """The output folder: new or empty, or (with ``resume``) one holding a values run."""
    if out.exists() and not out.is_dir():
        raise BoardlabError(f"{out}: exists and is not a folder")
    has = out.is_dir() and (out / VALUES_MANIFEST).is_file()
    if resume and not has:
        raise BoardlabError(f"{out}: nothing to resume (no {VALUES_MANIFEST})")
    if not resume and has:
        raise BoardlabError(f"{out}: already holds a values run; add --resume to continue it "
                            "or choose another --out")
    if not resume and out.is_dir() and any(out.iterdir()):
        raise BoardlabError(f"{out}: folder is not empty; choose a new or empty --out")


def read_journal(out: Path) -> pd.DataFrame:
    """The pairs finished so far; a last line cut short by a kill is dropped."""
    path = Path(out) / JOURNAL
    if not path.is_file():
        return pd.DataFrame(columns=list(COLUMNS))
    data = path.read_bytes()
    data = data[: data.rfind(b"\n") + 1]
    frame = pd.read_csv(io.BytesIO(data)) if data.strip() else pd.DataFrame(columns=list(COLUMNS))
    if list(frame.columns) != list(COLUMNS):
        raise BoardlabError(f"{path}: not a values journal (columns {', '.join(map(str, frame.columns))})")
    return frame


def _append(out: Path, rows):
    path = out / JOURNAL
    with open(path, "a", newline="") as handle:
        if handle.tell() == 0:
            handle.write(",".join(COLUMNS) + "\n")
        csv.DictWriter(handle, fieldnames=COLUMNS, lineterminator="\n").writerows(rows)
        handle.flush()
        os.fsync(handle.fileno())


def _truncate_cut_line(out: Path):
    """Drop a last journal line cut short by a kill, so appended rows start on a new line."""
    path = out / JOURNAL
    if path.is_file():
        data = path.read_bytes()
        if data and not data.endswith(b"\n"):
            path.write_bytes(data[: data.rfind(b"\n") + 1])


def sorted_pairs(frame: pd.DataFrame) -> pd.DataFrame:
    """Pairs in a fixed order (position, continuation, kind) with plain dtypes."""
    frame = frame.drop_duplicates(["position", "continuation", "kind"])
    frame = frame.sort_values(["position", "continuation", "kind"], kind="stable").reset_index(drop=True)
    return frame.astype({"game_index": "int64", "move": "int64", "player": "int64",
                         "continuation": "int64", "own_takes": bool, "score_take": "int64",
                         "score_own": "int64", "win_take": float, "win_own": float})


# --------------------------------------------------------------------------- driver

def plan_values(run, kinds=(), continuations=8, positions_per_kind=0, agents=None, seed=0,
                jobs=1, hooks: Hooks = Hooks()):
    """Check the settings and scan the run's positions: ``(config, plan)``; BoardlabError (one
    line) for bad settings, a run without positions, or kinds that cannot be taken there."""
    check_int("--continuations", continuations, 1, MAX_CONTINUATIONS)
    check_int("--positions-per-kind", positions_per_kind, 0, 10**9)
    check_int("--seed", seed, 0, MAX_SEED)
    check_int("--jobs", jobs, 1, MAX_JOBS)
    run = Path(run)
    if not run.is_dir():
        raise BoardlabError(f"{run}: no such run folder")
    manifest = read_manifest(run)
    settings = (manifest or {}).get("settings")
    if not isinstance(settings, dict) or not {"game", "players", "agents"} <= set(settings):
        raise BoardlabError(f"{run}: not a run folder (no _manifest.json with its settings)")
    game, players = str(settings["game"]), int(settings["players"])
    specs = tuple(agents) if agents else tuple(map(str, settings["agents"]))
    if len(specs) > players:
        raise BoardlabError(f"{len(specs)} agents for {players} seats: give at most one per seat")
    for spec in specs:
        hooks.make_agent(spec, 0)                    # BoardlabError naming a bad spec
    data = _run_data(run, game, manifest)
    folder, names = _positions(run)
    requested = tuple(dict.fromkeys(k.strip() for k in kinds if k.strip()))
    chunks = [names[i:i + 64] for i in range(0, len(names), 64)]
    scans = _parallel(jobs, [([(n, (folder / n).read_text()) for n in c], hooks, game, data)
                             for c in chunks], _scan, ordered=True)
    found = [row for part in scans for row in part]
    if not found:
        raise BoardlabError(f"{folder}: no saved position where a tile or card can be taken")
    plan = _select(found, requested, game, positions_per_kind, seed)
    config = ValuesConfig(str(run.resolve()), game, players, specs, requested, continuations,
                          positions_per_kind, seed)
    return config, plan


def _parallel(jobs, arg_list, func, ordered):
    if jobs == 1 or len(arg_list) <= 1:
        return (func(*args) for args in arg_list)
    import joblib
    return joblib.Parallel(n_jobs=jobs, return_as="generator" if ordered else "generator_unordered")(
        joblib.delayed(func)(*args) for args in arg_list)


def _seat_specs(config, game_index):
    """The agent of each seat in that game: the run's rotation (solver.runs.runner.seating)."""
    rc = RunConfig(game=config.game, players=config.players, agents=config.agents, games=1,
                   seed=0)
    return tuple(config.agents[i] for i in seating(rc, game_index))


def run_values(run, out, kinds=(), continuations=8, positions_per_kind=0, agents=None, jobs=1,
               seed=0, resume=False, hooks: Hooks = Hooks(), on_progress=None):
    """Play the pairs of a run's positions into ``out`` and write the estimates; returns the
    pairs (DataFrame). ``on_progress(done, total)`` is called as pairs finish."""
    out = Path(out)
    _check_out(out, resume)
    config, plan = plan_values(run, kinds, continuations, positions_per_kind, agents, seed, jobs, hooks)
    if resume:
        _check_resume(out, config)
    out.mkdir(parents=True, exist_ok=True)
    manifest = {"command": "boardlab values", "settings": config.settings(), "status": "running",
                "started": _now(), "finished": None, "positions": len(plan),
                "pairs": sum(len(p.kinds) for p in plan) * continuations}
    if resume:
        old = json.loads((out / VALUES_MANIFEST).read_text())
        manifest["started"] = old.get("started", manifest["started"])
    _write_json(out / VALUES_MANIFEST, manifest)
    pd.DataFrame([dataclasses.asdict(p) | {"kinds": " ".join(p.kinds)} for p in plan]).to_parquet(
        out / PLAN, index=False)
    _truncate_cut_line(out)
    done = read_journal(out)
    # a pair is finished when all its kinds are in (a kill can cut a batch's rows short)
    planned = {p.name: len(p.kinds) for p in plan}
    counts = done.groupby(["position", "continuation"])["kind"].nunique()
    finished = {key for key, n in counts.items() if n == planned.get(key[0])}
    folder = Path(config.run) / POSITIONS
    todo = [(p, j) for p in plan for j in range(continuations) if (p.name, j) not in finished]
    total, count = len(plan) * continuations, len(plan) * continuations - len(todo)
    batches = [todo[i:i + 4] for i in range(0, len(todo), 4)]
    data = _run_data(Path(config.run), config.game, read_manifest(config.run))
    args = [([((folder / p.name).read_text(), p, j, _seat_specs(config, p.game_index)) for p, j in b],
             config.seed, hooks, data) for b in batches]
    try:
        for rows in _parallel(jobs, args, _task, ordered=False):
            _append(out, rows)
            count += len({(r["position"], r["continuation"]) for r in rows})
            if on_progress:
                on_progress(count, total)
    except BaseException:
        manifest["status"] = "stopped"
        _write_json(out / VALUES_MANIFEST, manifest)
        raise
    pairs = sorted_pairs(read_journal(out))
    tmp = out / (PAIRS + ".tmp")
    pairs.to_parquet(tmp, index=False)
    os.replace(tmp, out / PAIRS)
    from analysis.causal import write_estimates
    write_estimates(out, pairs, config)
    manifest.update(status="complete", finished=_now())
    _write_json(out / VALUES_MANIFEST, manifest)
    return pairs


def _check_resume(out: Path, config: ValuesConfig):
    try:
        stored = json.loads((out / VALUES_MANIFEST).read_text())["settings"]
    except (OSError, ValueError, KeyError, TypeError):
        raise BoardlabError(f"{out / VALUES_MANIFEST}: not a values manifest; start a new --out") from None
    now = config.settings()
    changed = [k for k in now if k != "continuations" and stored.get(k) != now[k]]
    if changed:
        raise BoardlabError(f"{out}: --resume with other settings ({', '.join(changed)}); "
                            "only a larger --continuations may change")
    if now["continuations"] < stored.get("continuations", 0):
        raise BoardlabError(f"{out}: --continuations {now['continuations']} is below the "
                            f"{stored['continuations']} already planned")
