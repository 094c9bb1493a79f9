"""Benchmark boardlab's hot paths; prints one JSON line of figures.

Figures (one core unless stated):
- per game and player count: uniformly random full-game playouts per second,
  decisions per second (engine speed, all in C), and playouts per second
  with the engine's playout policy (what the search uses);
- ISMCTS iterations per second from the opening and from a mid-game position
  (2 players), and the peak memory of a long search;
- the game's default ISMCTS agent (its search_defaults: playout policy, prior,
  blended value, tree shape): CPU milliseconds per 2,000-iteration move, the
  mean over the same 20 positions of seeded random 2-player games;
- simulation throughput with --jobs 1 and --jobs 2 (games per second);
- the learning-agent adapters, per game at 2 players: observations per second of the compiled
  encoder (in C, and through ``state.observation_tensor``), and PettingZoo random masked steps per
  CPU second beside a trivial AEC env with the same spaces and wrapper (the framework's own cost);
- with --openspiel-keys, per game at 2 players: the share of one OpenSpiel IS-MCTS move (its Python
  ``ISMCTSBot``, 1,000 simulations, random rollouts, the 7th decision of a seeded deal) spent on
  information-state keys (``get_state_key``: the player to act and ``information_state_string``), and
  the share spent in the adapter's own state methods (moves, legal actions, clones, resampling,
  keys, returns); the rest is OpenSpiel's Python search and random rollouts.

Goals (from the issues): Castles of Burgundy 2p >= 20,000 playouts/s,
San Juan 2p >= 50,000 playouts/s, ISMCTS >= 10,000 iterations/s,
--jobs 2 >= 1.8x --jobs 1; the encoder >= 500,000 observations/s, PettingZoo steps >= 50% of
the trivial env's, the information-state keys <= 5% of an OpenSpiel IS-MCTS move (issue 53).  Speed goals live here, never in timed tests.

Usage: python scripts/bench.py [--quick] [--games burgundy,sanjuan] [--adapters-only] [--openspiel-keys]
       python scripts/bench.py --default-agent-only --tree ../other-checkout

--default-agent-only prints only the default agent's figure; --tree DIR times another built
checkout's engines and agents instead of this one (the same positions, if its rules agree), so a
speed goal "within N% of an earlier build" compares like with like.
"""
import argparse
import json
import platform
import resource
import sys
import tempfile
import time
from pathlib import Path

# run from a checkout, installed or not; --tree DIR (read before the imports below) times another one
_TREE = next((sys.argv[i + 1] for i, arg in enumerate(sys.argv[:-1]) if arg == "--tree"), None)
if _TREE and not (Path(_TREE) / "engine_c" / "__init__.py").is_file():
    sys.exit(f"bench.py: --tree {_TREE} is not a boardlab checkout (no engine_c/ package there)")
sys.path.insert(0, str(Path(_TREE).resolve()) if _TREE else str(Path(__file__).resolve().parent.parent))

from engine_c import game_names, new_state  # noqa: E402
from engine_c.game import benchmark_playouts  # noqa: E402


def engine_figures(game, players, seconds):
    """Playouts/s and decisions/s for ``game`` with ``players`` players."""
    start = new_state(game, players, 1)
    playouts = 50
    elapsed, _ = benchmark_playouts(start, playouts, 2)
    while elapsed < seconds / 4:                      # grow until the run is long enough to time
        playouts *= 4
        elapsed, decisions = benchmark_playouts(start, playouts, 2)
    elapsed, decisions = benchmark_playouts(start, playouts, 3)
    policy_elapsed, _ = benchmark_playouts(start, playouts, 3, policy=True)
    return {"playouts_per_s": round(playouts / elapsed), "decisions_per_game": round(decisions / playouts, 1),
            "decisions_per_s": round(decisions / elapsed),
            "policy_playouts_per_s": round(playouts / policy_elapsed)}     # the engine's playout policy


def ismcts_figures(game, iterations, quick):
    """ISMCTS iterations/s from the opening and a mid-game position, and peak memory."""
    try:
        from solver.search import ismcts
        from solver.search.agents import SEARCH_C
    except ImportError:
        return {"error": "solver.search.ismcts not built"}
    import numpy as np

    opening = new_state(game, 2, 5)
    rng = np.random.default_rng(5)
    line = [opening.clone()]                  # one random game, to take the position half-way
    while not line[-1].is_terminal():
        following = line[-1].clone()
        legal = following.legal_actions()
        following.apply_action(legal[int(rng.integers(len(legal)))])
        line.append(following)
    midgame = line[(len(line) - 1) // 2]
    figures = {}
    for label, state in (("opening", opening), ("midgame", midgame)):
        figures[f"iterations_per_s_{label}"] = round(
            ismcts.bench_iterations(state, iterations, 7, c=SEARCH_C, reward="margin"))    # the agent's defaults
    if not quick:
        long_search = ismcts.bench_search(opening, 1_000_000, 8, c=SEARCH_C, reward="margin")
        figures["search_memory_mb_1M_iterations"] = round(long_search["memory_bytes"] / 2**20, 1)
        figures["tree_nodes_1M_iterations"] = long_search["nodes"]
        # the process's peak so far (this game's search included; earlier games' may dominate)
        figures["process_peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return figures


def sample_positions(game, count, seed):
    """``count`` positions with a choice (more than one legal move) from seeded random 2-player games."""
    import numpy as np

    rng = np.random.default_rng(seed)
    positions = []
    deal = 0
    while len(positions) < count:
        state = new_state(game, 2, seed + deal)
        deal += 1
        choices = []
        while not state.is_terminal():
            legal = state.legal_actions()
            if len(legal) > 1:
                choices.append(state.clone())
            state.apply_action(legal[int(rng.integers(len(legal)))])
        picked = rng.choice(len(choices), size=min(5, len(choices)), replace=False)   # 5 per game, spread over it
        positions += [choices[i] for i in sorted(picked)]
    return positions[:count]


def default_agent_figures(game, iterations=2000, count=20):
    """CPU ms per move of the game's default ISMCTS agent at ``iterations``, over ``count`` fixed positions
    (and with ``value=linear`` and ``value=net`` where the game has a learned value for 2 players)."""
    from solver.search.agents import make_agent

    positions = sample_positions(game, count, 3)
    specs = {f"default_ms_per_move_{iterations}": f"ismcts:iterations={iterations}"}
    if getattr(positions[0], "has_learned_value", lambda: False)():       # older trees (--tree) lack it
        for value in ("linear", "net"):
            specs[f"value_{value}_ms_per_move_{iterations}"] = f"ismcts:iterations={iterations},value={value}"
    figures = {}
    for name, spec in specs.items():
        agent = make_agent(spec, seed=1)
        agent.choose(positions[0].clone())              # warm-up (node pool, tables)
        begin = time.process_time()
        for position in positions:
            agent.choose(position.clone())
        figures[name] = round((time.process_time() - begin) / count * 1000, 1)
    return figures


def jobs_figures(game, games):
    """Games per second of a short simulation with --jobs 1 and --jobs 2 (one-off pool start-up excluded)."""
    import joblib

    from solver.runs.config import RunConfig
    from solver.runs.runner import backend_context, run

    config = RunConfig(game=game, players=2, agents=("ismcts:iterations=300", "greedy"), games=games, seed=11)
    with backend_context("loky", 2, None):          # start the workers first, configured as run() will
        joblib.Parallel()(joblib.delayed(abs)(i) for i in range(4))
    figures = {}
    for jobs in (1, 2):
        with tempfile.TemporaryDirectory() as tmp:
            begin = time.perf_counter()
            run(config, f"{tmp}/bench.parquet", jobs=jobs)
            figures[f"games_per_s_jobs{jobs}"] = round(games / (time.perf_counter() - begin), 2)
    figures["jobs2_speedup"] = round(figures["games_per_s_jobs2"] / figures["games_per_s_jobs1"], 2)
    return figures


def _random_masked_steps(environment, seconds):
    """Random legal steps per CPU second through an AEC env's own loop (agent_iter, last, step)."""
    import numpy as np
    rng = np.random.default_rng(0)
    steps, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        environment.reset(seed=seed)
        seed += 1
        for agent in environment.agent_iter():
            observation, reward, terminated, truncated, info = environment.last()
            if terminated or truncated:
                action = None
            else:
                legal = np.flatnonzero(observation["action_mask"])
                action = int(legal[rng.integers(len(legal))])
            environment.step(action)
            steps += 1
    return steps / (time.process_time() - start)


def trivial_env(observation_size, actions, length=300, legal=8):
    """A trivial 2-agent AEC env with the given spaces: zero observations, ``legal`` legal actions,
    ``length`` alternating steps, a reward at the end; with PettingZoo's order-enforcing wrapper."""
    import gymnasium
    import numpy as np
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers

    class Trivial(AECEnv):
        """The framework's own cost: nothing to play."""

        metadata = {"render_modes": [], "name": "trivial_v0", "is_parallelizable": False}

        def __init__(self):
            super().__init__()
            self.possible_agents = ["player_0", "player_1"]
            self.spaces = {"observation": gymnasium.spaces.Box(-1.0, 1.0, (observation_size,), np.float32),
                           "action_mask": gymnasium.spaces.Box(0, 1, (actions,), np.int8)}
            self.space = gymnasium.spaces.Dict(self.spaces)
            self.actions = gymnasium.spaces.Discrete(actions)

        def observation_space(self, agent):
            """The same Dict space for both agents."""
            return self.space

        def action_space(self, agent):
            """The same Discrete space for both agents."""
            return self.actions

        def reset(self, seed=None, options=None):
            """A new episode of ``length`` steps."""
            self.agents = list(self.possible_agents)
            self.rewards = {agent: 0.0 for agent in self.agents}
            self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
            self.terminations = {agent: False for agent in self.agents}
            self.truncations = {agent: False for agent in self.agents}
            self.infos = {agent: {} for agent in self.agents}
            self.turn = 0
            self.agent_selection = self.agents[0]

        def observe(self, agent):
            """Zeros and the first ``legal`` actions allowed to the agent to act."""
            mask = np.zeros(actions, dtype=np.int8)
            if agent == self.agent_selection:
                mask[:legal] = 1
            return {"observation": np.zeros(observation_size, dtype=np.float32), "action_mask": mask}

        def step(self, action):
            """Next agent; the end after ``length`` steps."""
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            self._cumulative_rewards[agent] = 0.0
            self.turn += 1
            if self.turn >= length:
                for name in self.agents:
                    self.rewards[name] = 1.0 if name == agent else 0.0
                    self.terminations[name] = True
            else:
                self._clear_rewards()
            self.agent_selection = self.possible_agents[self.turn % 2]
            self._accumulate_rewards()

    return wrappers.OrderEnforcingWrapper(Trivial())


def adapter_figures(game, seconds):
    """The encoder's observations per second (C loop, Python call) and PettingZoo steps per CPU
    second at 2 players beside the trivial env with the same spaces."""
    from solver.adapters.pettingzoo import env
    state = new_state(game, 2, 1)
    for step in range(60):                       # a mid-game position
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[(step * 7919) % len(state.legal_actions())])
    room = state._observer()
    count = 100000
    begin = time.perf_counter()
    room.bench(state, 0, count)
    in_c = count / (time.perf_counter() - begin)
    begin = time.perf_counter()
    for _ in range(count // 4):
        state.observation_tensor(0)
    python_call = (count // 4) / (time.perf_counter() - begin)
    game_rate = _random_masked_steps(env(game, 2), seconds)
    size, actions = state.observation_shape()[0], type(state).num_distinct_actions
    trivial_rate = _random_masked_steps(trivial_env(size, actions), seconds)
    return {"observations_per_s_c": round(in_c), "observations_per_s_python": round(python_call),
            "pettingzoo_steps_per_cpu_s": round(game_rate), "trivial_env_steps_per_cpu_s": round(trivial_rate),
            "pettingzoo_vs_trivial": round(game_rate / trivial_rate, 2)}


def openspiel_key_figures(game, simulations=1000, decision=7, seed=1):
    """One OpenSpiel IS-MCTS move at 2 players: its wall and CPU seconds, the information-state keys'
    calls, their wall seconds and share of the move (timed with perf_counter, whose own cost, tens of
    nanoseconds a call, is what a finer clock would save)."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts
    from solver.adapters.openspiel import load_game
    deal = new_state(game, 2, np.random.SeedSequence(seed, spawn_key=(0,)))
    rng = np.random.default_rng(seed)
    for _ in range(decision - 1):
        legal = deal.legal_actions()
        deal.apply_action(legal[rng.integers(len(legal))])
    state = load_game(game, 2, seed).new_initial_state(deal.to_json())
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed + 1))
    bot = ismcts.ISMCTSBot(state.get_game(), evaluator, 2 ** 0.5, simulations,
                           random_state=np.random.RandomState(seed + 2),
                           final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    sampler = pyspiel.UniformProbabilitySampler(seed + 3, 0.0, 1.0)
    bot.set_resampler(lambda s, player: s.resample_from_infostate(player, sampler))
    spent, calls, key = [0.0], [0], bot.get_state_key

    def timed_key(s):
        """The bot's own key, timed."""
        begin = time.perf_counter()
        value = key(s)
        spent[0] += time.perf_counter() - begin
        calls[0] += 1
        return value

    bot.get_state_key = timed_key
    adapter_spent, undo = _time_the_adapter()
    try:
        wall, cpu = time.perf_counter(), time.process_time()
        bot.step(state)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    finally:
        undo()
    return {"move_s": round(wall, 3), "move_cpu_s": round(cpu, 3), "key_calls": calls[0],
            "key_us_each": round(1e6 * spent[0] / calls[0], 2), "key_share": round(spent[0] / wall, 4),
            "adapter_share": round(adapter_spent[0] / wall, 4)}


def _time_the_adapter():
    """Times every call OpenSpiel makes into the adapter's state (moves, legal actions, clones,
    resampling, keys, returns; outermost calls only, so a clone inside a resampling counts once);
    returns the running total (a one-item list) and a function that puts the methods back."""
    from solver.adapters import openspiel as adapter
    spent, depth, saved = [0.0], [0], []

    def timed(method):
        """``method``, its outermost calls timed into ``spent``."""
        def call(*args, **kwargs):
            if depth[0]:
                return method(*args, **kwargs)
            depth[0] += 1
            begin = time.perf_counter()
            try:
                return method(*args, **kwargs)
            finally:
                spent[0] += time.perf_counter() - begin
                depth[0] -= 1
        return call

    for owner, names in ((adapter.BoardlabState, ("current_player", "_legal_actions", "_apply_action", "is_terminal",
                                                  "returns", "resample_from_infostate", "information_state_string",
                                                  "_action_to_string")),
                         (adapter._Position, ("__deepcopy__",))):
        for name in names:
            saved.append((owner, name, owner.__dict__[name]))
            setattr(owner, name, timed(owner.__dict__[name]))

    def undo():
        """Puts the adapter's methods back."""
        for owner, name, method in saved:
            setattr(owner, name, method)
    return spent, undo


def main():
    """Run the benchmarks and print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter runs, no 1M-iteration search")
    real_games = ",".join(name for name in game_names() if name != "highcard")    # highcard is a test game
    parser.add_argument("--games", default=real_games, help="comma-separated games")
    parser.add_argument("--default-agent-only", action="store_true",
                        help="only the default ISMCTS agent's CPU ms per 2,000-iteration move")
    parser.add_argument("--tree", help="another built checkout of boardlab to time (its engines and agents)")
    parser.add_argument("--adapters-only", action="store_true",
                        help="only the observation encoder and PettingZoo figures (2 players)")
    parser.add_argument("--openspiel-keys", action="store_true",
                        help="only the information-state keys' share of an OpenSpiel IS-MCTS move (2 players)")
    args = parser.parse_args()
    unknown = [game for game in args.games.split(",") if game not in game_names()]
    if unknown:
        parser.exit(2, f"bench.py: unknown game {unknown[0]!r} (known: {', '.join(game_names())})\n")
    seconds = 1.0 if args.quick else 4.0
    report = {"python": platform.python_version(), "machine": platform.machine()}
    if args.tree:
        report["tree"] = str(Path(args.tree).resolve())
    if args.default_agent_only:
        for game in args.games.split(","):
            report[game] = default_agent_figures(game)
        print(json.dumps(report))
        return 0
    if args.openspiel_keys:
        for game in args.games.split(","):
            report[game] = {"openspiel_ismcts_keys_2p": openspiel_key_figures(game, 200 if args.quick else 1000)}
        print(json.dumps(report))
        return 0
    if args.adapters_only:
        for game in args.games.split(","):
            report[game] = {"adapters_2p": adapter_figures(game, seconds)}
        print(json.dumps(report))
        return 0
    for game in args.games.split(","):
        entry = {}
        for players in (2, 3, 4):
            entry[f"{players}p"] = engine_figures(game, players, seconds)
        entry["ismcts"] = ismcts_figures(game, 2000 if args.quick else 20000, args.quick)
        entry["ismcts"].update(default_agent_figures(game))
        entry["adapters_2p"] = adapter_figures(game, seconds)
        report[game] = entry
    report["parallel"] = jobs_figures(args.games.split(",")[0], 8 if args.quick else 24)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
