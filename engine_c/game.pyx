# cython: language_level=3
"""The shared game-state base class: C hooks plus the Python-facing interface.

This file is long because it is the one game interface every engine shares (the C methods the
search calls and the Python methods of docs/interface.md, each a few lines): split, a reader would
have to look in two places for what a game state can do.
"""
from libc.string cimport memcpy, memcmp
from libc.stdint cimport uint64_t

from engine_c._rng cimport rng_below

import importlib
import json
import numbers

import numpy as np

from engine_c.errors import BoardlabError, IllegalActionError, InvalidActionError, InvalidPositionError
from engine_c.validate import (MAX_NESTING, shown, too_deep, seed_to_state, seat_vp_option, parse_position,
                               split_data_hash)
from engine_c import observing
from engine_c.infokey import observation_key

# the estimates a search may blend into its playouts (``evaluate``, Searcher(value=...)): the game's
# fitted linear value, or its learned network (True: the evaluate_learned hook)
VALUE_MODELS = {"linear": False, "net": True}
_OBSERVERS = {}          # state class -> its game's observe room
_SCRATCH = {}            # tensor size -> a float32 buffer information_state_key writes into (no allocation)


def _restore(cls, bytes data, int num_players, data_hash=None):
    """Rebuild a pickled state from its raw struct bytes (the hash of its game data comes as the
    pickle's state, or here)."""
    cdef GameState state = cls.__new__(cls)
    if len(data) != state._size:
        raise BoardlabError(f"{cls.__name__}: pickled state has {len(data)} bytes, expected {state._size}")
    memcpy(state._data, <char*>data, state._size)
    state.num_players = num_players
    state.data_hash = data_hash
    return state


cdef enum:
    PLAY_ENDED = 0
    PLAY_STUCK = 1            # a non-final position without a legal move
    PLAY_ENDLESS = 2          # still going after the game's max_game_length decisions
    PLAYABLE_TRIES = 4        # random games played from a loaded position to check it ends


cdef int _bounded_random_play(GameState s, uint64_t* rng, long limit, long* moves) noexcept nogil:
    """Uniformly random moves until the end, at most ``limit`` of them; returns a PLAY_* outcome."""
    cdef int buf[MAX_LEGAL]
    cdef int n
    moves[0] = 0
    while not s.c_is_terminal():
        if moves[0] >= limit:
            return PLAY_ENDLESS
        n = s.c_legal_actions(buf)
        if n == 0:
            return PLAY_STUCK
        s.c_apply(buf[rng_below(rng, n)])
        moves[0] += 1
    return PLAY_ENDED


cdef class GameState:
    """Base of every engine's state; subclasses implement the ``c_*`` hooks.

    Python methods follow OpenSpiel's names: ``current_player``,
    ``legal_actions``, ``apply_action``, ``is_terminal``, ``returns``,
    ``scores``, ``clone``; plus ``resample_hidden`` for determinization,
    ``action_to_string`` / ``string_to_action`` and ``to_json`` / ``from_json``.
    """

    # Class-level facts each game overrides (plain Python attributes).
    game_name = "abstract"
    min_players = 2
    max_players = 4
    num_distinct_actions = 0
    # An upper bound on the decisions of any game (random play included); a loaded position
    # whose random play runs past it is refused as impossible (an endless loop).
    max_game_length = 100000
    # Search settings measured best for this game (agent parameters such as score_weight);
    # agents use them where their spec is silent (docs/agents.md, "Per-game search defaults").
    search_defaults = {}

    def __cinit__(self, *args, **kwargs):
        self._nlegal = -1

    cdef void bind(self, void* data, Py_ssize_t size, const GameHooks* hooks) noexcept:
        """Attach the game's struct and rule table (called by every game's ``__cinit__``)."""
        self._data = <char*>data
        self._size = size
        self.hooks = hooks

    # ---- C hooks: through the game's GameHooks table ------------------------
    cdef int c_current_player(self) noexcept nogil:
        return self.hooks.current_player(self._data)

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        if self._nlegal < 0:
            self._nlegal = self.hooks.legal_actions(self._data, self._legal)
        memcpy(out, self._legal, self._nlegal * sizeof(int))
        return self._nlegal

    cdef bint c_is_legal(self, int action) noexcept nogil:
        cdef int i
        if self._nlegal < 0:
            self._nlegal = self.hooks.legal_actions(self._data, self._legal)
        for i in range(self._nlegal):
            if self._legal[i] == action:
                return True
        return False

    cdef void c_apply(self, int action) noexcept nogil:
        if self.hooks.apply_then_legal != NULL:
            self._nlegal = self.hooks.apply_then_legal(self._data, action, self._legal)
        else:
            self.hooks.apply(self._data, action)
            self._nlegal = -1

    cdef bint c_is_terminal(self) noexcept nogil:
        return self.c_current_player() == TERMINAL

    cdef void c_scores(self, int* out) noexcept nogil:
        self.hooks.scores(self._data, out)

    cdef void c_ranks(self, int* out) noexcept nogil:
        # Default: rank by score only; games with tie-breaks give a ranks function.
        cdef int scores[MAX_PLAYERS]
        cdef int p, q
        if self.hooks.ranks != NULL:
            self.hooks.ranks(self._data, out)
            return
        self.c_scores(scores)
        for p in range(self.num_players):
            out[p] = 0
            for q in range(self.num_players):
                if scores[q] > scores[p]:
                    out[p] += 1

    cdef void c_returns(self, double* out) noexcept nogil:
        # Linear in rank: first 1, last 0; tied players share the mean of the
        # places they occupy, so returns always sum to num_players / 2.
        cdef int ranks[MAX_PLAYERS]
        cdef int p, q, tied
        cdef int n = self.num_players
        self.c_ranks(ranks)
        for p in range(n):
            tied = 0
            for q in range(n):
                if ranks[q] == ranks[p]:
                    tied += 1
            # places ranks[p] .. ranks[p]+tied-1, mean place = ranks[p] + (tied-1)/2
            out[p] = 1.0 - (ranks[p] + (tied - 1) / 2.0) / (n - 1)

    cdef void c_resample_hidden(self, int observer, uint64_t* rng) noexcept nogil:
        if self.hooks.resample_hidden != NULL:
            self.hooks.resample_hidden(self._data, observer, rng)
            self._nlegal = -1

    cdef void c_playout(self, uint64_t* rng) noexcept nogil:
        # The engine's playout policy: c_playout_action at each decision, or the game's own
        # loop that picks the same moves faster.
        cdef int buf[MAX_LEGAL]
        cdef int n
        if self.hooks.policy_playout != NULL:
            self.hooks.policy_playout(self._data, rng)
            self._nlegal = -1
            return
        while not self.c_is_terminal():
            n = self.c_legal_actions(buf)
            if n == 0:               # a stuck position (readers refuse them): stop, never loop or divide by 0
                return
            self.c_apply(self.c_playout_action(buf, n, rng))

    cdef int c_playout_action(self, int* legal, int n, uint64_t* rng) noexcept nogil:
        # Default policy: uniform over the n legal actions (n > 0).
        if self.hooks.policy_action != NULL:
            return self.hooks.policy_action(self._data, legal, n, rng)
        return legal[rng_below(rng, n)]

    cdef bint c_secret_choice(self) noexcept nogil:
        # Simultaneous secret choices (A Castle for All Seasons' card selection): the engines take
        # them one player after the other, but no player may see the others' choices of the phase.
        if self.hooks.secret_choice != NULL:
            return self.hooks.secret_choice(self._data) != 0
        return False

    cdef bint c_evaluate(self, bint learned, double* out) noexcept nogil:
        # A fitted estimate of every player's final score (out[p]), for playouts cut short; False
        # (out untouched) where the game has none: not a quiet point, no fit for this player count.
        # learned: the game's learned network instead of its fitted linear value.
        cdef evaluate_fn hook = self.hooks.evaluate_learned if learned else self.hooks.evaluate
        if hook != NULL and not self.c_is_terminal():
            return hook(self._data, out) != 0
        return False

    cdef int c_rewind_secret(self, int observer, int* replay) noexcept nogil:
        # Back to the start of a simultaneous secret phase when other players' choices of it (which
        # observer cannot see) were made already; observer's own choices of the phase, in the order
        # made, go to replay (the phase replayed gives them back).  -1 and no change otherwise.
        cdef int n
        if self.hooks.rewind_secret == NULL or self.c_is_terminal():
            return -1
        n = self.hooks.rewind_secret(self._data, observer, replay)
        if n >= 0:
            self._nlegal = -1
        return n

    cdef bint c_private_choice(self) noexcept nogil:
        # A choice only its maker sees (San Juan's payments, kept and discarded cards): the others
        # learn at most that it was made, so their searches need not tell its moves apart.
        if self.hooks.private_choice != NULL:
            return self.hooks.private_choice(self._data) != 0
        return False

    cdef void c_random_playout(self, uint64_t* rng) noexcept nogil:
        # Uniformly random legal moves to the end, whatever the engine's policy.
        cdef int buf[MAX_LEGAL]
        cdef int n
        if self.hooks.random_playout != NULL:
            self.hooks.random_playout(self._data, rng)
            self._nlegal = -1
            return
        while not self.c_is_terminal():
            n = self.c_legal_actions(buf)
            if n == 0:
                return
            self.c_apply(buf[rng_below(rng, n)])

    cdef void c_copy_from(self, GameState other) noexcept nogil:
        memcpy(self._data, other._data, self._size)
        self._nlegal = -1

    cdef GameState c_clone(self):
        cdef GameState copy = type(self).__new__(type(self))
        memcpy(copy._data, self._data, self._size)
        copy.num_players = self.num_players
        copy.data_hash = self.data_hash
        return copy

    # ---- Python interface ---------------------------------------------------
    def current_player(self):
        """Player to act (0-based), or TERMINAL (-4) once the game is over."""
        return self.c_current_player()

    def secret_choice(self):
        """True while the player to act chooses in secret at the same time as the others (no
        player sees the others' choices of the phase until they are revealed together)."""
        return not self.c_is_terminal() and self.c_secret_choice()

    def private_choice(self):
        """True while the player to act makes a choice the other players never see (which card
        he pays with, keeps, discards or tucks); they see at most that it was made."""
        return not self.c_is_terminal() and self.c_private_choice()

    def rewind_secret(self, observer):
        """Undo the secret choices of the phase so far if another player's is among them; return
        ``observer``'s own choices of the phase (to replay, in the order made), or None if unchanged."""
        cdef int buf[MAX_LEGAL]
        cdef int n
        self._check_seat(observer)
        n = self.c_rewind_secret(int(observer), buf)
        if n < 0:
            return None
        return [buf[i] for i in range(n)]

    def has_learned_value(self):
        """Whether the game has a learned network for this player count (``evaluate(value="net")``)."""
        return False

    def evaluate(self, value="linear"):
        """Every player's expected final score by the game's fitted value (``value="net"``: its learned
        network), or None where it has none here."""
        cdef double buf[MAX_PLAYERS]
        if value not in VALUE_MODELS:
            raise BoardlabError(f"unknown value {value!r} (known: {', '.join(VALUE_MODELS)})")
        if not self.c_evaluate(VALUE_MODELS[value], buf):
            return None
        return [buf[p] for p in range(self.num_players)]

    def legal_actions(self):
        """Legal actions of the player to act, ascending."""
        cdef int buf[MAX_LEGAL]
        cdef int n = self.c_legal_actions(buf)
        return sorted(buf[i] for i in range(n))

    def is_legal(self, action):
        """True if ``action`` (an action number or its text) may be applied now."""
        if isinstance(action, str):
            try:
                action = self.string_to_action(action)
            except BoardlabError:
                return False
        return self._in_range(action) and not self.c_is_terminal() and self.c_is_legal(action)

    def _checked_action(self, action):
        """The action number of a legal ``action`` (int or its string); IllegalActionError (or
        InvalidActionError for text outside the notation) otherwise, listing the legal moves."""
        if self.c_is_terminal():
            raise IllegalActionError(f"{self.game_name}: the game is over, no action is legal")
        if isinstance(action, str):
            text = action
            try:
                action = self.string_to_action(text)
            except InvalidActionError:
                raise InvalidActionError(f"{self.game_name}: {shown(text)} is not a move in the notation; "
                                         f"legal here: {self.legal_moves_text()}") from None
            if not self.c_is_legal(action):
                raise IllegalActionError(f"{self.game_name}: {shown(text)} is not legal here; "
                                         f"legal here: {self.legal_moves_text()}")
        if not self._in_range(action) or not self.c_is_legal(action):
            raise IllegalActionError(f"{self.game_name}: action {shown(action)} is not legal here; "
                                     f"legal here: {self.legal_moves_text()}")
        return action

    def apply_action(self, action):
        """Apply a legal action (int or its string); raise IllegalActionError otherwise.

        A refused move is echoed and the legal moves are listed in the notation, so a person
        typing moves sees at once what would be accepted."""
        self.c_apply(self._checked_action(action))

    def apply_action_steps(self, action):
        """apply_action, returning the steps the engine then played by itself (each a decision with a
        single legal move, which San Juan and A Castle for All Seasons do not ask for) as
        ``(player, action, text, private)`` tuples in order; ``private``: a choice the other players
        never see (a card paid, kept or chosen face down).  The state ends as apply_action leaves it."""
        cdef int buf[MAX_LEGAL]
        cdef int n, step, player
        action = self._checked_action(action)
        if self.hooks.apply_step == NULL:
            self.c_apply(action)
            return []
        self.hooks.apply_step(self._data, action)
        self._nlegal = -1
        steps = []
        while not self.c_is_terminal():
            n = self.hooks.legal_actions(self._data, buf)
            if n != 1:
                break
            step, player = buf[0], self.c_current_player()
            private = ((self.hooks.private_choice != NULL and self.hooks.private_choice(self._data))
                       or (self.hooks.secret_choice != NULL and self.hooks.secret_choice(self._data)))
            steps.append((player, step, self.action_to_string(step), bool(private)))
            self.hooks.apply_step(self._data, step)
            self._nlegal = -1
        return steps

    def _in_range(self, action):
        """True for an int action number of this game (0..num_distinct_actions-1), so a C int holds it."""
        return (isinstance(action, numbers.Integral) and not isinstance(action, bool)
                and 0 <= action < type(self).num_distinct_actions)

    def legal_moves_text(self, int limit=20):
        """The legal moves in the notation, comma-separated, the first ``limit`` of them."""
        moves = [self.action_to_string(a) for a in self.legal_actions()]
        shown_moves = ", ".join(moves[:limit])
        return shown_moves + (f" (and {len(moves) - limit} more)" if len(moves) > limit else "")

    def is_terminal(self):
        """True once the game is over."""
        return self.c_is_terminal()

    def scores(self):
        """Victory points per player (final scores once terminal)."""
        cdef int buf[MAX_PLAYERS]
        self.c_scores(buf)
        return [buf[i] for i in range(self.num_players)]

    def ranks(self):
        """Place per player (0 = first) after tie-breaks; ties share a place."""
        cdef int buf[MAX_PLAYERS]
        self.c_ranks(buf)
        return [buf[i] for i in range(self.num_players)]

    def returns(self):
        """Utility per player in [0, 1]: 1 for first place, 0 for last, ties shared."""
        cdef double buf[MAX_PLAYERS]
        self.c_returns(buf)
        return [buf[i] for i in range(self.num_players)]

    def clone(self):
        """An independent copy of this state (same RNG, same future)."""
        return self.c_clone()

    def _check_seat(self, observer):
        """BoardlabError unless ``observer`` is a seat of this game (the engines index their seats
        with it: a seat outside the game would read past them)."""
        if isinstance(observer, bool) or not isinstance(observer, numbers.Integral) \
                or not 0 <= observer < self.num_players:
            raise BoardlabError(f"observer must be a seat 0..{self.num_players - 1}, got {shown(observer, 40)}")

    def resample_hidden(self, observer, seed):
        """A copy where all ``observer`` (a seat) cannot know is redrawn from ``seed``."""
        cdef GameState copy
        cdef uint64_t rng
        self._check_seat(observer)
        rng = seed_to_state(seed)
        copy = self.c_clone()
        copy.c_resample_hidden(int(observer), &rng)
        return copy

    def playout(self, seed, bint policy=False):
        """Play to the end, in place: uniformly random moves drawn from ``seed``, or with
        ``policy=True`` the engine's playout policy (the one the search uses)."""
        cdef uint64_t rng = seed_to_state(seed)
        with nogil:
            if policy:
                self.c_playout(&rng)
            else:
                self.c_random_playout(&rng)

    def playout_action(self, seed, among=None):
        """The move the engine's playout policy picks here (randomness from ``seed``).

        ``among``: choose only among these legal actions (the search asks the policy which
        untried move to expand first); default all legal actions.
        """
        cdef int buf[MAX_LEGAL]
        cdef int n = self.c_legal_actions(buf)
        cdef uint64_t rng = seed_to_state(seed)
        cdef int i
        if n == 0:
            raise IllegalActionError(f"{self.game_name}: the game is over, no action is legal")
        if among is not None:
            legal = set(buf[i] for i in range(n))
            if (isinstance(among, (str, bytes)) or not hasattr(among, "__iter__")
                    or not all(self._in_range(a) for a in among)):
                raise IllegalActionError(f"{self.game_name}: among must be a non-empty list of legal actions")
            among = list(dict.fromkeys(int(a) for a in among))     # each move once
            if not among or len(among) > n or not set(among) <= legal:
                raise IllegalActionError(f"{self.game_name}: among must be a non-empty list of legal actions")
            n = len(among)
            for i in range(n):
                buf[i] = among[i]
        return self.c_playout_action(buf, n, &rng)

    def __init__(self, players, seed, **options):
        """A new game of ``players`` seats, chance seeded by ``seed`` (games with options override this)."""
        cdef uint64_t rng = self._begin(players, seed, options)
        if self.hooks == NULL or self.hooks.new_game == NULL:
            raise NotImplementedError(f"{type(self).__name__} must define __init__")
        self.hooks.new_game(self._data, players, rng)

    def _begin(self, players, seed, options):
        """Checks every new game makes: the player count and no unknown option; sets
        ``num_players`` and returns the chance RNG state for ``seed``."""
        if options:
            raise BoardlabError(f"{self.game_name}: unknown option(s) {', '.join(sorted(options))}")
        if (not isinstance(players, numbers.Integral) or isinstance(players, bool)
                or not self.min_players <= players <= self.max_players):
            raise BoardlabError(f"{self.game_name}: player count must be "
                                f"{self.min_players}-{self.max_players}, got {players!r}")
        self.num_players = int(players)
        from engine_c import content
        self.data_hash = content.active_hash(self.game_name)
        return seed_to_state(seed)

    def _seat_vp(self, value):
        """The ``seat_vp`` option (after ``_begin``) as one int per seat; zeros when not given."""
        return seat_vp_option(self.game_name, self.num_players, value)

    def _room(self, str name):
        """The module ``name`` of this state's game package (the rooms: docs/interface.md)."""
        return importlib.import_module(type(self).__module__.rpartition(".")[0] + "." + name)

    def action_to_string(self, action):
        """Readable notation of an action (the game's ``notation`` room)."""
        if not self._in_range(action):
            raise InvalidActionError(f"{self.game_name}: action {shown(action)} out of range "
                                     f"0..{type(self).num_distinct_actions - 1}")
        return self._room("notation").action_to_string(self, action)

    def action_name(self, action):
        """The move in words, naming what it concerns (the game's ``names`` room): ``die1: take mine from depot 5``."""
        return self.action_names([action])[0]

    def action_names(self, actions=None):
        """The words of several moves (default: the legal ones), read from this position once."""
        actions = self.legal_actions() if actions is None else list(actions)
        for action in actions:
            if not self._in_range(action):
                raise InvalidActionError(f"{self.game_name}: action {shown(action)} out of range "
                                         f"0..{type(self).num_distinct_actions - 1}")
        try:
            room = self._room("names")
        except ModuleNotFoundError as exc:    # a game without a names room (the test games): the notation
            if not str(exc.name).endswith(".names"):
                raise
            return [self.action_to_string(a) for a in actions]
        return room.action_names(self, actions)

    def _observer(self):
        """The game's ``observe`` room (cached per class: the tensors are asked for on hot paths)."""
        room = _OBSERVERS.get(type(self))
        if room is None:
            room = _OBSERVERS[type(self)] = self._room("observe")
        return room

    def observation_shape(self):
        """The shape of ``observation_tensor`` (fixed per game, whatever the player count)."""
        return (self._observer().SIZE,)

    def observation_describe(self):
        """The observation tensor's slices as (name, start, size), in order, covering it (docs/agents.md)."""
        return list(self._observer().describe())

    def observation_tensor(self, seat):
        """What ``seat`` sees, as a float32 vector (seats relative to it; hidden parts as counts only)."""
        self._check_seat(seat)
        room = self._observer()
        out = np.zeros(room.SIZE, dtype=np.float32)
        room.observation_into(self, seat, out)
        return out

    def information_state_shape(self):
        """The shape of ``information_state_tensor``: the observation and the recalled own actions."""
        return (self._observer().SIZE + observing.OWN_RECALL * type(self).num_distinct_actions,)

    def information_state_describe(self):
        """The information-state tensor's slices: the observation's, then one block per recalled own action."""
        room = self._observer()
        return list(room.describe()) + observing.recall_slices(room.SIZE, type(self).num_distinct_actions)

    def information_state_tensor(self, seat, own_actions=()):
        """What ``seat`` knows: its observation and its last own actions (``own_actions``, oldest first)."""
        return observing.information_state(self.observation_tensor(seat), own_actions,
                                           type(self).num_distinct_actions)

    def information_state_key(self, seat, own_actions=()):
        """A short text naming ``seat``'s information state (a digest of its tensor; callers cache it)."""
        if type(seat) is not int or not 0 <= seat < self.num_players:     # the full check costs a microsecond
            self._check_seat(seat)
        room = self._observer()
        out = _SCRATCH.get(room.SIZE)
        if out is None:
            out = _SCRATCH[room.SIZE] = np.zeros(room.SIZE, dtype=np.float32)
        else:
            out.fill(0.0)               # the encoders write into a zeroed tensor
        # written and hashed without giving up the GIL between, so no other thread shares the buffer
        room.observation_into(self, seat, out)
        return observation_key(seat, out, own_actions)

    def string_to_action(self, text):
        """Parse an action written in the game's notation (its ``notation`` room)."""
        if not isinstance(text, str):        # the rooms read it as a C string
            raise InvalidActionError(f"{self.game_name}: a move is written as text, got {shown(text)}")
        return self._room("notation").string_to_action(self, text)

    def to_json(self):
        """The position as a JSON string (the game's ``position`` room; format in docs/<game>.md);
        ``data`` names the game data's hash when it is not the shipped default."""
        position = self._room("position").position_to_dict(self)
        if self.data_hash is not None:
            from engine_c import content
            if self.data_hash != content.default_hash(self.game_name):
                position["data"] = self.data_hash
        return json.dumps(position, separators=(",", ":"))

    @classmethod
    def from_json(cls, text):
        """Load a position written by :meth:`to_json`; InvalidPositionError if it is malformed,
        impossible, or a position from which play cannot go on to the end."""
        data = parse_position(text, cls.game_name)
        deep = too_deep(data)              # before any reader recurses into it (RecursionError otherwise)
        if deep is not None:
            raise InvalidPositionError(f"{cls.game_name}: {deep if len(deep) <= 40 else deep[:37] + '...'}: nested "
                                       f"more than {MAX_NESTING} levels deep, far deeper than any position field")
        data, digest = split_data_hash(cls.game_name, data)
        cdef GameState state = cls.__new__(cls)
        state.data_hash = digest
        try:
            state._load(data)
        except BoardlabError:
            raise
        except KeyError as exc:           # a reader indexing a field the data does not have
            raise InvalidPositionError(f"{cls.game_name}: missing field {shown(exc.args[0])}") from None
        except (TypeError, ValueError, AttributeError, IndexError, OverflowError, RecursionError) as exc:
            raise InvalidPositionError(
                f"{cls.game_name}: malformed position ({type(exc).__name__}: {shown(str(exc), 100)})") from None
        state._nlegal = -1
        state.check_playable()
        return state

    def _load(self, data):
        """Fill this state from position data (the game's ``position`` room); InvalidPositionError."""
        self._room("position").position_from_dict(self, data)

    def check_playable(self):
        """InvalidPositionError unless the game is over, or the player to act has a legal move
        and random play from here reaches the end (no dead end, no endless loop)."""
        cdef int buf[MAX_LEGAL]
        cdef GameState scratch
        cdef uint64_t rng
        cdef long limit = self.max_game_length, moves
        cdef int k, outcome
        if self.c_is_terminal():
            return
        if self.c_legal_actions(buf) == 0:
            raise InvalidPositionError(
                f"{self.game_name}: player {self.c_current_player()} is to act but has no legal move")
        scratch = self.c_clone()
        for k in range(PLAYABLE_TRIES):
            scratch.c_copy_from(self)
            rng = (<uint64_t>0x9E3779B97F4A7C15) * <uint64_t>(k + 1)     # fixed seeds: the check is reproducible
            with nogil:
                outcome = _bounded_random_play(scratch, &rng, limit, &moves)
            if outcome == PLAY_STUCK:
                raise InvalidPositionError(
                    f"{self.game_name}: play from this position reaches a dead end after {moves} moves "
                    f"(player {scratch.c_current_player()} to act, no legal move): the position is impossible")
            if outcome == PLAY_ENDLESS:
                raise InvalidPositionError(
                    f"{self.game_name}: random play from this position does not end within {limit} moves: "
                    f"the position is impossible")

    def to_dict(self):
        """The position as plain Python data (what ``to_json`` writes)."""
        return json.loads(self.to_json())

    def features(self):
        """Game-specific per-player statistics for analysis: list of dicts."""
        return [{} for _ in range(self.num_players)]

    def to_bytes(self):
        """The raw C struct (exact, compact; used for pickling)."""
        return (<char*>self._data)[:self._size]

    def __reduce__(self):
        # the data hash travels as the pickle's state (games without a data file have none)
        if self.data_hash is None:
            return (_restore, (type(self), self.to_bytes(), self.num_players))
        return (_restore, (type(self), self.to_bytes(), self.num_players), self.data_hash)

    def __setstate__(self, data_hash):
        """Restore the data hash of an unpickled state (see ``__reduce__``)."""
        self.data_hash = data_hash

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        cdef GameState o = <GameState>other
        return o.num_players == self.num_players and memcmp(o._data, self._data, self._size) == 0

    def __hash__(self):
        return hash(self.to_bytes())

    def __repr__(self):
        return f"<{type(self).__name__} {self.game_name} {self.num_players}p player={self.current_player()}>"


def benchmark_playouts(GameState start, int playouts, seed, bint policy=False):
    """Time ``playouts`` random games from ``start`` in C; return (seconds, decisions).

    ``policy=True`` times the engine's playout policy (``c_playout``) instead of
    uniformly random moves (``c_random_playout``); decisions are then not counted (0).

    Each playout starts from a copy of ``start`` whose hidden information and
    chance are redrawn, so every game differs. Decisions are counted by a
    second, generic loop over the same games (not timed together).
    """
    import time as _time
    cdef uint64_t rng = seed_to_state(seed)
    cdef GameState scratch = start.c_clone()
    cdef int buf[MAX_LEGAL]
    cdef int i, n, player
    cdef long long decisions = 0
    begin = _time.perf_counter()
    with nogil:
        for i in range(playouts):
            scratch.c_copy_from(start)
            scratch.c_resample_hidden(0, &rng)
            if policy:
                scratch.c_playout(&rng)
            else:
                scratch.c_random_playout(&rng)
    seconds = _time.perf_counter() - begin
    if policy:
        return seconds, 0
    rng = seed_to_state(seed)
    with nogil:
        for i in range(playouts):
            scratch.c_copy_from(start)
            scratch.c_resample_hidden(0, &rng)
            while not scratch.c_is_terminal():
                n = scratch.c_legal_actions(buf)
                if n == 0:
                    break
                scratch.c_apply(buf[rng_below(&rng, n)])
                decisions += 1
    return seconds, decisions
