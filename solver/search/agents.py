"""Agents: build them from a spec string, ask them for moves.

    agent = make_agent("ismcts:iterations=2000,c=0.7", seed=42)
    action = agent.choose(state)        # state is never modified

Spec grammar: ``name[:key=value[,key=value...]]``.  Agents and parameters
(details in docs/agents.md):

=========  ==============================================================
random     uniformly random legal move
greedy     best immediate score gain on one determinization; ties broken
           by the mean margin of ``playouts`` random playouts (default 4)
flat       flat Monte-Carlo: UCB1 over the root moves, every playout on a
           fresh determinization (iterations, time, c, reward, playout,
           widening, score_weight, worlds)
ismcts     SO-ISMCTS (iterations, time, c, reward, playout, widening, score_weight, worlds,
           reuse, trees, depth, expand, prior, halving, decoupled, cutoff, leaf_value, unseen,
           opponents, value)
pimc       determinized UCT: ``determinizations`` perfect-information
           trees sharing the ``iterations`` (or ``time``) budget, root visit
           counts summed (determinizations, iterations, time, c, reward, playout,
           widening, score_weight)
study      a preset (solver/search/presets.py): the spec its table names
           for the game being played; no parameters
=========  ==============================================================

Every agent draws its randomness from its own uint64 stream seeded by
``seed`` (an int or a ``numpy.random.SeedSequence``), never from the game's
RNG or a global one: the same seed and the same sequence of positions give
the same choices.  Agents pickle (the search's node pool is rebuilt lazily).
"""
from engine_c.errors import BoardlabError
from engine_c.game import VALUE_MODELS, GameState
from engine_c.validate import seed_to_state

from solver.search import baselines, ismcts, presets
from solver.search.halving import halving_choice, sequential_halving

DEFAULT_ITERATIONS = 1000
# Search defaults (flat, ismcts, pimc), chosen by Castles of Burgundy self-play at 10,000
# iterations and head-to-head matches (docs/agents.md): the margin reward, whose values spread
# little around 1/2, with a small exploration constant, and the engine's playout policy.
SEARCH_C = 0.25

_SEARCH_PARAMS = ("iterations", "time", "c", "reward", "playout", "widening", "score_weight")
_ISMCTS_PARAMS = _SEARCH_PARAMS + ("worlds", "reuse", "trees", "depth", "expand", "prior", "halving", "decoupled",
                                  "cutoff", "leaf_value", "unseen", "opponents", "value")
KNOWN_PARAMS = {
    "random": (),
    "greedy": ("playouts",),
    "flat": _SEARCH_PARAMS + ("worlds",),
    "ismcts": _ISMCTS_PARAMS,
    "pimc": ("determinizations",) + _SEARCH_PARAMS,
    **{name: () for name in presets.PRESETS},       # a preset takes no parameters: its table is its settings
}
# Own-score share of the reward; 0 (margin only) unless the game's ``search_defaults`` says
# otherwise (Castles of Burgundy: 0.7; San Juan plays much worse with 0.5): docs/agents.md.
SEARCH_SCORE_WEIGHT = 0.0


def tree_shape(game):
    """``(max_depth, expand_after)`` of a Searcher for ``game`` (a state or its class): the game's
    ``search_defaults`` for ``depth`` and ``expand``, else an unlimited tree grown at once."""
    defaults = getattr(game, "search_defaults", {})
    return int(defaults.get("depth", 0)), int(defaults.get("expand", 0))


def tree_c(game):
    """The exploration constant of a Searcher for ``game`` (its ``search_defaults``' ``c``, else SEARCH_C)."""
    return float(getattr(game, "search_defaults", {}).get("c", SEARCH_C))


def tree_prior(game):
    """The progressive-bias weight of a Searcher for ``game`` (its ``search_defaults``' ``prior``, else 0)."""
    return float(getattr(game, "search_defaults", {}).get("prior", 0.0))


def tree_cutoff(game):
    """Playout moves before a Searcher for ``game`` takes the game's fitted value (its ``search_defaults``'
    ``cutoff``; 0: playouts run to the end)."""
    return int(getattr(game, "search_defaults", {}).get("cutoff", 0))


def tree_leaf_value(game):
    """The fitted value's share of a playout's result in a Searcher for ``game`` (its ``search_defaults``'
    ``leaf_value``; 0: the final scores alone)."""
    return float(getattr(game, "search_defaults", {}).get("leaf_value", 0.0))


def tree_decoupled(game):
    """How a Searcher for ``game`` treats simultaneous secret choices (its ``search_defaults``' ``decoupled``: 0, 1, 2)."""
    return int(getattr(game, "search_defaults", {}).get("decoupled", 0))


def tree_unseen(game):
    """1 when a Searcher for ``game`` leaves the others' private choices out of its tree (its
    ``search_defaults``' ``unseen``), else 0."""
    return int(getattr(game, "search_defaults", {}).get("unseen", 0))


def tree_value(game):
    """Which estimate a Searcher for ``game`` blends into its playouts (its ``search_defaults``' ``value``:
    linear, the fitted value, unless it says net, the learned network)."""
    return str(getattr(game, "search_defaults", {}).get("value", "linear"))


def tree_opponents(game):
    """Where a Searcher for ``game`` draws the others' hidden choices from (its ``search_defaults``' ``opponents``)."""
    return str(getattr(game, "search_defaults", {}).get("opponents", "uniform"))


def game_searcher(game, c=None, reward="margin", score_weight=None, prior=None, leaf_value=None):
    """An ISMCTS Searcher with ``game``'s search defaults (its ``search_defaults``, else boardlab's) for
    every setting not given: what ``suggest`` and the web board search with."""
    defaults = getattr(game, "search_defaults", {})
    depth, expand = tree_shape(game)
    return ismcts.Searcher(
        tree_c(game) if c is None else float(c), reward, depth,
        score_weight=float(defaults.get("score_weight", SEARCH_SCORE_WEIGHT) if score_weight is None else score_weight),
        expand_after=expand, prior=tree_prior(game) if prior is None else float(prior),
        decoupled=tree_decoupled(game), cutoff=tree_cutoff(game), unseen=tree_unseen(game),
        opponents=tree_opponents(game), value=tree_value(game),
        leaf_value=tree_leaf_value(game) if leaf_value is None else float(leaf_value))


DEFAULTS = {
    "random": {},
    "greedy": {"playouts": 4},
    "flat": {"c": SEARCH_C, "reward": "margin", "playout": "policy", "score_weight": SEARCH_SCORE_WEIGHT},
    "ismcts": {"c": SEARCH_C, "reward": "margin", "playout": "policy", "score_weight": SEARCH_SCORE_WEIGHT},
    "pimc": {"determinizations": 10, "c": SEARCH_C, "reward": "margin", "playout": "policy",
             "score_weight": SEARCH_SCORE_WEIGHT},
    **{name: {} for name in presets.PRESETS},
}


# Upper bounds of the search parameters: far beyond any useful budget, and small enough for the
# search's C counters (iterations and node indices are 32-bit) and for a run to be plannable.
MAX_ITERATIONS = 10**9
MAX_SECONDS = 10**6          # about 11.6 days per move
INT_LIMITS = {"iterations": MAX_ITERATIONS, "determinizations": 10**4, "playouts": 10**6, "trees": 10**4,
              "worlds": 10**6, "depth": 10**4, "expand": 10**9, "cutoff": 10**6}


def _positive_int(agent, key, text, low=1):
    limit = INT_LIMITS[key]
    kind = "a positive integer" if low == 1 else "a non-negative integer"
    try:
        value = int(text)
    except (TypeError, ValueError):
        raise BoardlabError(f"{agent}: parameter {key} must be {kind} up to {limit}, got {text!r}") from None
    if not low <= value <= limit:
        raise BoardlabError(f"{agent}: parameter {key} must be {kind} up to {limit}, got {text!r}")
    return value


def _float(agent, key, text, positive, limit=1e9):
    try:
        value = float(text)
    except (TypeError, ValueError):
        value = float("nan")
    if not (0 <= value <= limit) or (positive and value == 0):     # also refuses nan and inf
        kind = "a positive number" if positive else "a non-negative number"
        raise BoardlabError(f"{agent}: parameter {key} must be {kind} up to {limit:g}, got {text!r}")
    return value


def _convert(agent, key, text):
    if isinstance(text, str) and not text.isascii():      # int() and float() take Arabic-Indic and other digits
        raise BoardlabError(f"{agent}: parameter {key} must be written with ASCII digits, got {text!r}")
    if key in ("iterations", "determinizations", "playouts", "trees"):
        return _positive_int(agent, key, text)
    if key in ("worlds", "depth", "expand", "cutoff"):
        return _positive_int(agent, key, text, low=0)
    if key in ("decoupled", "unseen"):
        if text not in ("0", "1", "2"):
            raise BoardlabError(f"{agent}: parameter {key} must be 0, 1 or 2, got {text!r}")
        return int(text)
    if key in ("reuse", "halving"):
        if text not in ("0", "1"):
            raise BoardlabError(f"{agent}: parameter {key} must be 0 or 1, got {text!r}")
        return int(text)
    if key == "time":
        return _float(agent, key, text, positive=True, limit=MAX_SECONDS)
    if key in ("c", "widening", "prior"):
        return _float(agent, key, text, positive=False)
    if key in ("score_weight", "leaf_value"):
        try:
            value = float(text)
        except (TypeError, ValueError):
            value = float("nan")
        if not 0 <= value <= 1:                 # also refuses nan
            raise BoardlabError(f"{agent}: parameter {key} must be between 0 and 1, got {text!r}")
        return value
    if key == "reward":
        if text not in ismcts.REWARDS:
            raise BoardlabError(f"{agent}: parameter reward must be rank or margin, got {text!r}")
        return text
    if key == "opponents":
        if text not in ismcts.OPPONENT_MODELS:
            raise BoardlabError(f"{agent}: parameter opponents must be uniform or policy, got {text!r}")
        return text
    if key == "value":
        if text not in VALUE_MODELS:
            raise BoardlabError(f"{agent}: parameter value must be linear or net, got {text!r}")
        return text
    if key == "playout":
        if text not in ismcts.PLAYOUTS:
            raise BoardlabError(f"{agent}: parameter playout must be policy or uniform, got {text!r}")
        return text
    raise AssertionError(key)


def parse_agent_spec(text):
    """``"ismcts:iterations=2000,c=0.7"`` -> ``("ismcts", {"iterations": 2000, "c": 0.7, "reward": "margin", ...})``.

    Parameters are converted and defaults filled in; any unknown agent or
    parameter, repeated parameter or bad value raises BoardlabError (one line).
    """
    name, params, _ = _parse_spec(text)
    return name, params


def _parse_spec(text):
    """(name, parameters with defaults, names of the parameters the spec gave)."""
    if not isinstance(text, str) or not text.strip():
        raise BoardlabError(f"agent spec must be a non-empty string, got {text!r}")
    name, sep, rest = text.strip().partition(":")
    name = name.strip()
    if name not in KNOWN_PARAMS:
        raise BoardlabError(f"unknown agent {name!r} (known: {', '.join(sorted(KNOWN_PARAMS))})")
    known = KNOWN_PARAMS[name]
    params = dict(DEFAULTS[name])
    given = set()
    if rest.strip():
        for item in rest.split(","):
            key, eq, value = item.partition("=")
            key, value = key.strip(), value.strip()
            if not eq or not key:
                raise BoardlabError(f"{name}: expected key=value in agent spec, got {item.strip()!r}")
            if name in presets.PRESETS:
                raise BoardlabError(f"{name} is a preset and takes no parameters, got {key!r} (its settings "
                                    f"per game: solver/search/presets.py; give the full spec to change them)")
            if key not in known:
                known_text = ", ".join(known) if known else "none"
                raise BoardlabError(f"unknown agent parameter {key!r} for {name} (known: {known_text})")
            if key in given:
                raise BoardlabError(f"{name}: parameter {key} given twice")
            given.add(key)
            params[key] = _convert(name, key, value)
    elif sep:
        raise BoardlabError(f"{name}: empty parameter list after ':' in {text!r}")
    if name in ("flat", "ismcts", "pimc") and "iterations" not in params and "time" not in params:
        params["iterations"] = DEFAULT_ITERATIONS
    if "trees" in params and "iterations" in params and params["iterations"] < params["trees"]:
        raise BoardlabError(f"{name}: iterations ({params['iterations']}) must be at least trees "
                            f"({params['trees']}): the budget is shared among the trees")
    if params.get("halving") == 1 and ("iterations" not in params or "time" in params or params.get("trees", 1) > 1):
        # sequential halving splits an iteration budget over rounds of one tree
        raise BoardlabError(f"{name}: halving=1 needs an iteration budget (not time) and one tree (trees=1)")
    if name == "pimc" and "iterations" in params and params["iterations"] < params["determinizations"]:
        raise BoardlabError(f"pimc: iterations ({params['iterations']}) must be at least determinizations "
                            f"({params['determinizations']}): the budget is shared among the trees")
    return name, params, frozenset(given)


class Agent:
    """Base of all agents: ``choose(state) -> int``; seeded, picklable, never mutates the state."""

    name = "agent"

    def __init__(self, spec, params, seed=0, given=frozenset()):
        self.spec = spec
        self.params = dict(params)
        self.given = frozenset(given)      # parameters the spec set (a game's search_defaults never override them)
        self._stream = seed_to_state(seed)

    def _next_seed(self):
        """The next uint64 of this agent's own stream (one per decision)."""
        self._stream, value = ismcts.split_rng(self._stream)
        return value

    def choose(self, state):
        """The action to play in ``state`` (for the player to act)."""
        if not isinstance(state, GameState):
            raise BoardlabError(f"{self.name}: choose needs a game state, got {type(state).__name__}")
        if state.is_terminal():
            raise BoardlabError(f"{self.name}: the game is over, there is no move to choose")
        return int(self._choose(state, self._next_seed()))

    def _choose(self, state, seed):
        raise NotImplementedError

    def __repr__(self):
        return f"make_agent({self.spec!r}, ...)"


class RandomAgent(Agent):
    name = "random"

    def _choose(self, state, seed):
        return baselines.random_action(state, seed)


class GreedyAgent(Agent):
    name = "greedy"

    def _choose(self, state, seed):
        return baselines.greedy_action(state, seed, self.params["playouts"], "margin")


class _SearchAgent(Agent):
    """Shared by flat / ismcts / pimc: keeps its Searchers (node pools) between moves."""

    max_depth = 0

    def __init__(self, spec, params, seed=0, given=frozenset()):
        super().__init__(spec, params, seed, given)
        self._searchers = []
        self._last = None          # (state searched, move chosen) for tree reuse
        self._game = None          # the state class the settings below are for
        self.settings = dict(self.params)

    def _use_game(self, game):
        """Settings for this game: the spec's parameters, then the game's ``search_defaults``
        for the parameters the spec left out, then boardlab's defaults."""
        if self._game is game:
            return
        self._game = game
        self.settings = dict(self.params)
        for key, value in getattr(game, "search_defaults", {}).items():
            if key in KNOWN_PARAMS[self.name] and key not in self.given:
                self.settings[key] = value
        self._searchers = []
        self._last = None

    def searcher(self, index=0):
        """The agent's ``index``-th Searcher (one per tree with ``trees``), made on first use."""
        settings = self.settings
        while len(self._searchers) <= index:
            self._searchers.append(ismcts.Searcher(settings["c"], settings["reward"],
                                                   settings.get("depth", self.max_depth),
                                                   playout=settings.get("playout", "policy"),
                                                   worlds=settings.get("worlds", 0),
                                                   widening=settings.get("widening", 0.0),
                                                   score_weight=settings.get("score_weight", 0.0),
                                                   expand_after=settings.get("expand", 0),
                                                   prior=settings.get("prior", 0.0),
                                                   decoupled=settings.get("decoupled", 0),
                                                   cutoff=settings.get("cutoff", 0),
                                                   leaf_value=settings.get("leaf_value", 0.0),
                                                   unseen=settings.get("unseen", 0),
                                                   opponents=settings.get("opponents", "uniform"),
                                                   value=settings.get("value", "linear")))
        return self._searchers[index]

    def stop(self):
        """End the searches of a move being chosen on another thread (each after its current iteration)."""
        for searcher in self._searchers:
            searcher.stop()

    def __getstate__(self):
        data = dict(self.__dict__)
        data["_searchers"] = []
        data["_last"] = None        # the trees are not pickled, so there is nothing to reuse
        data["_game"] = None
        data["settings"] = dict(self.params)
        return data

    def _vote(self, state, seed, trees, resample, keep_tree=False):
        """Most root visits summed over ``trees`` searches sharing the budget (ties: lower action).

        ISMCTS trees (``resample``) each keep their own Searcher, so they can be reused;
        PIMC's perfect-information trees are built one after the other in one Searcher.
        """
        total = self.settings.get("iterations")
        seconds = self.settings.get("time")
        visits = {}
        stream = seed
        for i in range(trees):
            stream, tree_seed = ismcts.split_rng(stream)
            its = None if total is None else total // trees + (1 if i < total % trees else 0)
            searcher = self.searcher(i if resample else 0)
            searcher.search(state, iterations=its, time=None if seconds is None else seconds / trees,
                            seed=tree_seed, resample=resample, keep_tree=keep_tree)
            for child in searcher.root_stats():
                visits[child["action"]] = visits.get(child["action"], 0) + child["visits"]
        return max(sorted(visits), key=lambda a: visits[a])

    def _choose(self, state, seed):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        self._use_game(type(state))
        trees = self.settings.get("trees", 1)
        reuse = self.settings.get("reuse", 0) == 1
        keep = reuse and self._follows_last_choice(state, trees)
        if trees > 1:
            action = self._vote(state, seed, trees, resample=True, keep_tree=keep)
        elif self.settings.get("halving", 0) == 1 and self.settings.get("iterations") is not None:
            action = self._halving(state, legal, seed, keep)
        else:
            searcher = self.searcher()
            searcher.search(state, iterations=self.settings.get("iterations"), time=self.settings.get("time"),
                            seed=seed, keep_tree=keep)
            action = searcher.best_action()
        if reuse:
            self._last = (state.clone(), action)
        return action

    def _halving(self, state, legal, seed, keep):
        """One tree searched by sequential halving at the root (solver.search.halving); its chosen move."""
        searcher = self.searcher()
        stream = [seed, keep]          # the seed stream; whether the next round grows the tree

        def run_round(tasks):
            out = []
            for _, _, share, survivors in tasks:
                stream[0], round_seed = ismcts.split_rng(stream[0])
                searcher.search(state, iterations=share, seed=round_seed, root_actions=survivors,
                                keep_tree=stream[1])
                stream[1] = True
                out.append(searcher.root_stats())
            return out

        per_tree, survived = sequential_halving([self.settings["iterations"]], legal, run_round)
        return halving_choice(per_tree[0], survived)

    def _follows_last_choice(self, state, trees):
        """True when ``state`` is what our last chosen move led to; the trees are then re-rooted there.

        Only our own consecutive decisions qualify (nobody else moved in between), so each
        kept subtree is the tree of this very information set (a tree without that move
        starts afresh).
        """
        if self._last is None:
            return False
        previous, action = self._last
        self._last = None
        following = previous.clone()
        following.apply_action(action)
        if following != state:
            return False
        for i in range(trees):
            self.searcher(i).advance(action)
        return True


class FlatAgent(_SearchAgent):
    name = "flat"
    max_depth = 1


class ISMCTSAgent(_SearchAgent):
    name = "ismcts"


class PIMCAgent(_SearchAgent):
    """Determinized UCT: D perfect-information trees, each on its own determinization,
    sharing the budget equally (iterations // D each, remainder to the first trees;
    or time / D each); root visit counts are summed by action, most visits wins
    (ties: lower action)."""
    name = "pimc"

    def _choose(self, state, seed):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        self._use_game(type(state))
        return self._vote(state, seed, self.settings["determinizations"], resample=False)


class PresetAgent(Agent):
    """A named preset: plays the agent its table (solver.search.presets) names for the game of the
    position, built from this agent's own seed (so ``study`` in San Juan chooses exactly as the
    spec it resolves to would with that seed)."""

    def __init__(self, spec, params, seed=0, given=frozenset()):
        super().__init__(spec, params, seed, given)
        self.name = spec.strip().partition(":")[0].strip()
        self._seed = seed
        self._inner = None
        self._inner_game = None

    def resolve(self, game):
        """The agent spec this preset plays in ``game`` (a short name)."""
        return presets.resolve(self.name, game)

    def agent_for(self, game):
        """The agent this preset plays in ``game`` (made on first use, kept while the game stays the same)."""
        if self._inner_game != game:
            self._inner = make_agent(self.resolve(game), self._seed)
            self._inner_game = game
        return self._inner

    def choose(self, state):
        """The action the preset's agent for this game plays in ``state``."""
        if not isinstance(state, GameState):
            raise BoardlabError(f"{self.name}: choose needs a game state, got {type(state).__name__}")
        return self.agent_for(state.game_name).choose(state)

    def stop(self):
        """End the search of a move being chosen on another thread, if the preset's agent searches."""
        if hasattr(self._inner, "stop"):
            self._inner.stop()


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "flat": FlatAgent, "ismcts": ISMCTSAgent,
          "pimc": PIMCAgent, **{name: PresetAgent for name in presets.PRESETS}}


def make_agent(spec, seed=0):
    """An agent from a spec such as ``ismcts:iterations=2000,c=0.7``; ``seed`` is an int or SeedSequence."""
    name, params, given = _parse_spec(spec)
    return AGENTS[name](spec, params, seed, given)
