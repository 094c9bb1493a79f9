"""Best-move analysis: root-parallel SO-ISMCTS with merged root statistics.

``analyse(state, iterations=20000, jobs=2, seed=0)`` runs ``searches``
independent ISMCTS searches of the position (each with its own seed and its
own tree), on ``jobs`` threads (the search loop releases the GIL), and merges
their root statistics by action.

Reproducibility: with an iteration budget the number of searches (default
``DEFAULT_SEARCHES`` = 2, fewer if there are fewer iterations), the iterations
of search ``i`` (``iterations // searches``, plus one for the first
``iterations % searches``) and its seed (``SeedSequence(seed, spawn_key=(i,))``)
depend only on ``seed``, ``iterations`` and ``searches``, never on ``jobs``:
the same call gives the same output whatever ``jobs`` is; ``jobs`` only
changes the wall time.  With a time budget, ``searches`` defaults to ``jobs``
and every search runs for ``time`` seconds divided by the number of waves
(``ceil(searches / jobs)``), so the call lasts about ``time`` seconds; results
then vary with machine load, as any timed search does.
"""
import math
import numbers

import numpy as np

from engine_c.errors import BoardlabError
from engine_c.game import GameState
from engine_c.validate import seed_to_state
from solver.games.datafiles import check_installed

from solver.search import ismcts
from solver.search.halving import sequential_halving
from solver.search.agents import game_searcher   # the ismcts agent's search settings

DEFAULT_ITERATIONS = 20000
# two deep trees rather than many shallow ones: at 20,000 iterations the best move agrees across
# two seeds on more positions (docs/suggest-stability.md: 8 trees 75-91%, 2 trees 82-95%)
DEFAULT_SEARCHES = 2
# sequential halving at the root with an iteration budget (docs/suggest-stability.md)
DEFAULT_HALVING = False
RENDER_TRIES = 16          # determinizations tried to write a principal variation
TURN_LINE = 16             # moves of each root move's line read from the tree, to know the rest of its turn
# A move "ties" the first when their values differ by at most this many standard errors
# (95%): which of them comes first is then the seed's choice, not the search's finding.
TIE_Z = 1.96
# Two moves "make no difference" when paired playouts after each (the same hidden cards, the same
# dice and the same playout choices) end in the same scores this many times out of this many.
SAME_OUTCOME_PLAYOUTS = 32


def _spawn(seed, *key):
    """The SeedSequence ``key`` below ``seed`` (an int 0..2^64-1 or a SeedSequence):
    ``SeedSequence(seed, spawn_key=key)`` for an int, the same key under a SeedSequence's own."""
    if isinstance(seed, np.random.SeedSequence):
        return np.random.SeedSequence(seed.entropy, spawn_key=tuple(seed.spawn_key) + key, pool_size=seed.pool_size)
    return np.random.SeedSequence(int(seed), spawn_key=key)


def _check_seed(seed):
    """``seed`` if it is an int 0..2^64-1 or a SeedSequence, as everywhere in boardlab; BoardlabError otherwise."""
    if not isinstance(seed, np.random.SeedSequence):
        try:
            seed_to_state(seed)
        except BoardlabError as exc:
            raise BoardlabError(f"analyse: {exc}") from None
    return seed


def _search_one(searcher, state, iterations, seconds, seed, pv_length):
    """One independent search: (per-action stats, per-action principal variation as actions)."""
    searcher.search(state, iterations=iterations, time=seconds, seed=seed)
    return _read_tree(searcher, pv_length)


def _read_tree(searcher, pv_length):
    """A searched tree's (per-action stats, per-action principal variation, iterations, nodes)."""
    stats = searcher.root_stats()
    lines = {s["action"]: searcher.principal_variation(s["action"], max(pv_length, TURN_LINE)) for s in stats}
    return stats, lines, searcher.iterations_done, searcher.node_count


def _halving_round(searcher, state, iterations, seed, survivors, keep_tree):
    """One round of sequential halving in one tree: its root stats."""
    searcher.search(state, iterations=iterations, seed=seed, keep_tree=keep_tree, root_actions=survivors)
    return searcher.root_stats()


def _played_line(state, line, seed, own_turn=False, named=False):
    """The longest prefix of an action line that plays on determinizations of ``state`` (after
    chance the tree's line may not apply), as (action, move string) pairs; with ``own_turn``, only
    the moves the player to act makes before anyone else acts; with ``named``, as (action, move
    string, ``seat N: move in words``) triples, named in the determinization that played them."""
    player = state.current_player()
    best, best_k = [], 0
    for k in range(RENDER_TRIES):
        world = state.resample_hidden(player, _spawn(seed, 1 << 20, k))
        moves = []
        for action in line:
            if own_turn and (world.is_terminal() or world.current_player() != player):
                return moves                        # the turn is over: the line held all of it
            if world.is_terminal() or not world.is_legal(action):
                break                               # chance made the line end here: another world
            moves.append((action, world.action_to_string(action)))
            world.apply_action(action)
        if len(moves) > len(best):
            best, best_k = moves, k
        if len(best) == len(line):
            break
    if not named:
        return best
    # naming reads the whole position (a fraction of a millisecond): only the line kept is named
    world = state.resample_hidden(player, _spawn(seed, 1 << 20, best_k))
    triples = []
    for action, text in best:
        triples.append((action, text, f"seat {world.current_player()}: {world.action_name(action)}"))
        world.apply_action(action)
    return triples


def render_line(state, line, seed):
    """Move strings of an action line, played on determinizations of ``state`` until the
    first move that is not legal (after chance the tree's line may not apply); the longest
    rendering over a few determinizations wins."""
    return [text for _, text in _played_line(state, line, seed)]


def render_named_line(state, line, seed):
    """As ``render_line``, both ways: (move strings, ``seat N: move in words`` per move)."""
    triples = _played_line(state, line, seed, named=True)
    return [text for _, text, _ in triples], [name for _, _, name in triples]


def turn_moves(state, line, seed):
    """The actions of ``line`` that the player to act makes before anyone else acts: the rest of
    his turn, as far as the line goes (played on determinizations of ``state`` as ``render_line``)."""
    return tuple(action for action, _ in _played_line(state, line, seed, own_turn=True))


def same_turn(state, first_line, line, seed):
    """True when two root moves' lines each hold the other's move before the turn passes: the same
    moves this turn in another order (die 2 then die 1, or die 1 then die 2), as far as the lines go."""
    if not first_line or not line:
        return False
    if first_line[0] == line[0]:
        return True
    if first_line[0] not in line or line[0] not in first_line:
        return False                      # the quick answer for most moves
    return first_line[0] in turn_moves(state, line, seed) and line[0] in turn_moves(state, first_line, seed)


def same_outcome(state, first, action, seed, playouts=SAME_OUTCOME_PLAYOUTS):
    """True when ``action`` ends every one of ``playouts`` paired playouts with the same scores as
    ``first``: each pair starts from one determinization of ``state`` and plays the engine's playout
    policy from one seed after each move, so any difference the two moves make to how the game
    goes on shows (which resource to take when none is of use any more, which of two worthless
    tiles to drop).  A test of the playouts, not a proof: moves it calls alike may differ to a
    player who plans further than the playout policy."""
    if first == action:
        return True
    player = state.current_player()
    for k in range(playouts):
        world = state.resample_hidden(player, _spawn(seed, 1 << 21, k))
        ends = []
        for move in (first, action):
            game = world.clone()
            game.apply_action(move)
            game.playout(_spawn(seed, 1 << 21, k, 1), policy=True)
            ends.append(tuple(game.scores()))
        if ends[0] != ends[1]:
            return False
    return True


def mark(move, first=False):
    """How a ranked move stands to the first, as suggest, play's hint and the web board mark it:
    "~" the same moves this turn in another order, "*" the same outcome (``same_outcome``), "="
    a tie at this budget, "" none (always "" for the first itself)."""
    if first:
        return ""
    if move.get("same_turn"):
        return "~"
    if move.get("same_outcome"):
        return "*"
    return "=" if move.get("tied") else ""


def _check(name, value, kind, limit):
    """``value`` as a positive int or float up to ``limit`` (None stays None); BoardlabError otherwise."""
    if value is None:
        return None
    try:
        number = kind(value)
    except (TypeError, ValueError, OverflowError):
        number = None
    if (number is None or isinstance(value, bool) or not 0 < number <= limit      # also refuses nan and inf
            or (kind is int and number != value)):
        kind_name = "integer" if kind is int else "number"
        raise BoardlabError(f"analyse: {name} must be a positive {kind_name} up to {limit}, got {value!r}")
    return number


def _real_in(value, low, high):
    """True for a real number (numpy's included, not a bool) in ``low..high`` (nan is not)."""
    return (isinstance(value, numbers.Real) and not isinstance(value, bool)
            and low <= float(value) <= high)


def _run_searches(tasks, jobs, work=_search_one):
    """Run ``work(*task)`` for the tasks on ``jobs`` threads (the search loop releases the GIL);
    results in task order.

    Ctrl-C (KeyboardInterrupt in the main thread) stops every running search at once."""
    if jobs == 1 or len(tasks) == 1:
        return [work(*task) for task in tasks]
    from concurrent.futures import ThreadPoolExecutor, wait

    pool = ThreadPoolExecutor(max_workers=min(jobs, len(tasks)))
    futures = [pool.submit(work, *task) for task in tasks]
    try:
        while wait(futures, timeout=0.1).not_done:       # short waits: Ctrl-C is seen at once
            pass
    except BaseException:
        for future in futures:
            future.cancel()
        for task in tasks:
            task[0].stop()                 # the searchers end at their next iteration
        pool.shutdown(wait=True)
        raise
    pool.shutdown(wait=True)
    return [future.result() for future in futures]


def analyse(state, iterations=None, time=None, jobs=1, seed=0, c=None, reward="margin", pv_length=6,
            searches=None, score_weight=None, prior=None, halving=None, leaf_value=None):
    """Rank the moves of the player to act in ``state`` (never modified) by root-parallel ISMCTS.

    Returns one dict per root move, most visited first (ties: lower action; with ``halving``, see below):
    ``action`` (int), ``move`` (its notation), ``name`` (the move in words: ``state.action_name``), ``visits``, ``win_prob`` (mean
    rank reward of the player to act after that move: 1 first .. 0 last, so
    the win probability with 2 players), ``expected_score`` (mean final score
    of the player to act), ``expected_scores`` (every player's), ``mean_reward``
    (mean of the search reward: ``rank`` or ``margin``, blended with the own score by
    ``score_weight``, by default the game's ``search_defaults`` as for the agents; ``prior``, the
    progressive-bias weight, ``c``, the exploration constant, and ``leaf_value``, the fitted value's share
    of a playout's result, likewise), ``reward_se``
    (its standard error, from the spread of the playouts' values; None below 2), ``tied`` (True
    for the first move and for every move ``ties_best`` cannot tell from it at this budget) and
    ``pv``: the
    most-visited line starting with this move, as move strings (at most
    ``pv_length``; it may stop early where chance makes the tree's line illegal), ``pv_names`` (the
    same line in words, each move with the seat that plays it: ``seat 1: take mine from depot 5``), and
    ``same_turn`` (True for the first move and for every move whose line plays the first move
    later in the same turn while the first's line plays it: the same moves in another order) and
    ``same_outcome`` (True for the first move and for every move after which paired playouts end
    exactly as after the first: ``same_outcome``, the choice makes no difference).
    Budget: ``iterations`` in all (default 20000) or ``time`` seconds.
    ``seed``: an int 0..2^64-1 or a ``numpy.random.SeedSequence`` (as everywhere in boardlab).
    ``halving=True`` (default ``DEFAULT_HALVING``, off; an iteration budget only) runs sequential
    halving at the root of each tree (solver/search/halving.py) and ranks the moves by the round they
    reached, then by value, instead of by visits.
    """
    if not isinstance(state, GameState):
        raise BoardlabError(f"analyse: state must be a game state, got {type(state).__name__}")
    check_installed(state)               # the engine reads the installed data's tables
    if state.is_terminal():
        raise BoardlabError("analyse: the game is over, there is no move to analyse")
    if not state.legal_actions():
        raise BoardlabError(f"analyse: player {state.current_player()} is to act but has no legal move")
    iterations = _check("iterations", iterations, int, ismcts.MAX_ITERATIONS)
    time = _check("time", time, float, ismcts.MAX_SECONDS)
    jobs = _check("jobs", jobs, int, 1024)
    searches = _check("searches", searches, int, 1024)
    seed = _check_seed(seed)
    if not isinstance(reward, str) or reward not in ismcts.REWARDS:
        raise BoardlabError(f"analyse: reward must be rank or margin, got {reward!r}")
    if c is not None and not _real_in(c, 0, 1e9):
        raise BoardlabError(f"analyse: c must be a non-negative number, got {c!r}")
    if isinstance(pv_length, bool) or not isinstance(pv_length, int) or pv_length < 0:
        raise BoardlabError(f"analyse: pv_length must be a non-negative integer, got {pv_length!r}")
    if iterations is None and time is None:
        iterations = DEFAULT_ITERATIONS
    if searches is None:
        searches = DEFAULT_SEARCHES if iterations is not None else jobs
    if iterations is not None:
        searches = min(searches, iterations)
    budgets = [None if iterations is None else iterations // searches + (1 if i < iterations % searches else 0)
               for i in range(searches)]
    seconds = None if time is None else time / math.ceil(searches / jobs)
    seeds = [seed_to_state(_spawn(seed, i)) for i in range(searches)]
    if score_weight is not None and not _real_in(score_weight, 0, 1):
        raise BoardlabError(f"analyse: score_weight must be between 0 and 1, got {score_weight!r}")
    if prior is not None and not _real_in(prior, 0, 1e9):
        raise BoardlabError(f"analyse: prior must be a non-negative number, got {prior!r}")
    if leaf_value is not None and not _real_in(leaf_value, 0, 1):
        raise BoardlabError(f"analyse: leaf_value must be between 0 and 1, got {leaf_value!r}")
    # what is not given comes from the game's search_defaults, as for the agents
    searchers = [game_searcher(state, c, reward, score_weight, prior, leaf_value) for _ in range(searches)]
    legal = state.legal_actions()
    if halving is None:
        halving = DEFAULT_HALVING
    rounds_survived = {}
    if halving and iterations is not None and len(legal) > 1:
        started = set()

        def run_round(round_tasks):
            work = []
            for i, r, share, survivors in round_tasks:
                round_seed = seeds[i] if r == 0 else seed_to_state(_spawn(seed, i, r))
                work.append((searchers[i], state, share, round_seed, survivors, i in started))
                started.add(i)
            return _run_searches(work, jobs, _halving_round)

        per_tree, rounds_survived = sequential_halving(budgets, legal, run_round)
        results = [(stats, *_read_tree(searchers[i], pv_length)[1:]) for i, stats in enumerate(per_tree)
                   if stats is not None]
    else:
        results = _run_searches([(searchers[i], state, budgets[i], seconds, seeds[i], pv_length)
                                 for i in range(searches)], jobs)
    merged = _merge(results, state.num_players)
    player = state.current_player()
    if rounds_survived:
        # the moves that went furthest in the halving first, then by value (the last round's
        # survivors had equal shares, so their values are the fairest comparison)
        def rank_key(a):
            v = merged[a]["visits"]
            return (-rounds_survived.get(a, 0), -(merged[a]["reward"] / v if v else -math.inf), a)
    else:
        def rank_key(a):
            return (-merged[a]["visits"], a)
    out = []
    names = dict(zip(merged, state.action_names(list(merged))))
    for action in sorted(merged, key=rank_key):
        entry = merged[action]
        v = entry["visits"]
        out.append({
            "action": int(action),
            "move": state.action_to_string(action),
            "name": names[action],
            "visits": int(v),
            "win_prob": entry["rank"] / v if v else 0.0,
            "expected_score": entry["scores"][player] / v if v else 0.0,
            "expected_scores": [x / v if v else 0.0 for x in entry["scores"]],
            "mean_reward": entry["reward"] / v if v else 0.0,
            "reward_se": standard_error(entry["n"], entry["sum"], entry["sq"]),
        })
        out[-1]["pv"], out[-1]["pv_names"] = (render_named_line(state, entry["line"][:pv_length], seed)
                                              if pv_length else ([], []))
    first_line = merged[out[0]["action"]]["line"] if out else None
    for candidate in out:
        candidate["tied"] = candidate is out[0] or ties_best(out[0], candidate)
        candidate["same_turn"] = same_turn(state, first_line, merged[candidate["action"]]["line"], seed)
        # every move, tied or not: an equal move can miss the tie by its playouts' luck, and a move
        # that changes the game mostly shows it in the first pair (two playouts)
        candidate["same_outcome"] = same_outcome(state, out[0]["action"], candidate["action"], seed)
    return out


def _merge(results, num_players):
    """Root statistics of independent searches summed by action (in search order: reproducible sums)."""
    merged = {}
    for stats, lines, _, _ in results:
        for s in stats:
            entry = merged.setdefault(s["action"], {"visits": 0, "rank": 0.0, "reward": 0.0,
                                                    "scores": [0.0] * num_players,
                                                    "line": None, "line_visits": -1,
                                                    "n": 0, "sum": 0.0, "sq": 0.0})
            entry["visits"] += s["visits"]
            entry["n"] += s["value_n"]
            entry["sum"] += s["value_sum"]
            entry["sq"] += s["value_sq_sum"]
            entry["rank"] += s["rank_sum"]
            entry["reward"] += s["reward_sum"]
            entry["scores"] = [a + b for a, b in zip(entry["scores"], s["score_sums"])]
            if s["visits"] > entry["line_visits"]:
                entry["line"], entry["line_visits"] = lines[s["action"]], s["visits"]
    return merged


def standard_error(n, total, squares):
    """Standard error of a mean from its sample count, sum and sum of squares (None below 2 samples)."""
    if n < 2:
        return None
    variance = max(squares / n - (total / n) ** 2, 0.0) * n / (n - 1)
    return math.sqrt(variance / n)


def ties_best(best, other, z=TIE_Z):
    """True when the search cannot tell ``other`` from ``best`` (two ``analyse`` entries): their
    mean rewards differ by at most ``z`` standard errors of the difference (a move with too few
    samples for an error, ``reward_se`` None, cannot be told from anything)."""
    if best["reward_se"] is None or other["reward_se"] is None:
        return True
    spread = math.hypot(best["reward_se"], other["reward_se"])
    return best["mean_reward"] - other["mean_reward"] <= z * spread
