"""boardlab's games as OpenSpiel (pyspiel) Python games: ``boardlab_burgundy``, ``boardlab_sanjuan``,
``boardlab_seasons``, ``boardlab_tiletum``.

Importing this module registers them::

    import pyspiel
    import solver.adapters.openspiel  # noqa: F401  (registers the games)
    game = pyspiel.load_game("boardlab_sanjuan", {"players": 3, "seed": 7})

Parameters: ``players`` (2-4, default 2) and ``seed`` (0..2^31-1, as OpenSpiel's int parameters
are C++ ints; default 0). Each ``new_initial_state()`` takes the lowest deal number n that no
other state of this game object holds and deals ``numpy.random.SeedSequence(seed, spawn_key=(n,))``
when first used; a state dropped before any
action was applied to it gives its number back. So the n-th game played from a game object is deal
n, whatever states OpenSpiel makes by itself (to clone, deserialize or size a tensor).
``game.new_initial_state(position_json)`` starts from a boardlab position instead (``boardlab
position`` writes them).

How the games look to OpenSpiel:

- sequential, **sampled stochastic**: chance (dice, draws) happens inside ``apply_action`` from the
  state's own RNG; there are no chance nodes.
- **imperfect information** in all four games: besides each game's secrets (docs/interface.md,
  "What a seat sees") the RNG that decides future dice and draws is hidden from every seat. A clone
  carries that RNG, so an algorithm that searches on clones as if it saw everything would know the
  dice to come; information-set algorithms redraw it with ``resample_from_infostate``.
- constant-sum (``utility_sum`` n/2), terminal rewards: ``returns()`` is 0 for every player until the
  end, then boardlab's ``returns()`` (1 for first, 0 for last, linear between, ties share), so
  utilities lie in 0..1 and add up to n/2. ``max_game_length``: the rules' bound on decisions
  (``solver.adapters.game_length.max_decisions``).
- ``observation_tensor(p)``: the engine's compiled tensor (``state.observation_tensor``: seats
  relative to ``p``, nothing ``p`` cannot see); ``information_state_tensor(p)``: it and ``p``'s last
  8 own actions; ``information_state_string(p)``: a digest of that, kept with the state;
  ``observation_string(p)``: the seat view as JSON (``solver.adapters.observation``). Public-only and
  private-only observers give strings (``SeatObserver``).
- ``resample_from_infostate(p, sampler)``: boardlab's ``resample_hidden(p, seed)`` with the seed
  drawn from ``sampler``: a state ``p`` cannot tell apart from this one, hidden cards and the RNG
  redrawn. Only the Python ISMCTSBot (``open_spiel.python.algorithms.ismcts``) can call it: OpenSpiel
  does not let C++ algorithms reach a Python game's resampling.
- ``str(state)``, ``state.serialize()`` / ``game.deserialize_state()`` and pickling: the full
  boardlab position JSON (hidden parts included); a pickled game comes back dealing from number 0.
  ``pyspiel.serialize_game_and_state`` fails: for a sampled-stochastic game OpenSpiel also saves the
  game's own RNG, which it gives Python games no way to provide (here the RNG is in the state).
"""
from __future__ import annotations

import json

import numpy as np
import pyspiel

import engine_c
from engine_c.infokey import observation_key
from engine_c.observing import OWN_RECALL
from solver.adapters.game_length import max_decisions
from solver.adapters.observation import seat_view, view_json, view_string
from solver.display.seat_views import private_view, public_view

GAMES = ("burgundy", "sanjuan", "seasons", "tiletum")
PREFIX = "boardlab_"
MAX_PARAMETER = 2**31 - 1      # OpenSpiel keeps an int game parameter in a C++ int
LONG_NAMES = {
    "burgundy": "The Castles of Burgundy (boardlab)",
    "sanjuan": "San Juan (boardlab)",
    "seasons": "A Castle for All Seasons (boardlab)",
    "tiletum": "Tiletum (boardlab)",
}


def game_type(game):
    """The pyspiel.GameType of a boardlab game (short name such as ``burgundy``)."""
    cls = engine_c.state_class(game)
    return pyspiel.GameType(
        short_name=PREFIX + game,
        long_name=LONG_NAMES[game],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": cls.min_players, "seed": 0},
        default_loadable=True,
    )


def _from_json(game, text, recent=None):
    """A holder for the boardlab position in ``text`` (how a pickled holder comes back)."""
    return _Position(engine_c.state_class(game).from_json(text), recent=recent)


def _load_state(game, players, seed, text):
    """An OpenSpiel state from ``state.serialize()`` text (how a pickled state comes back)."""
    return load_game(game, players, seed).deserialize_state(text)


class _Ticket:
    """Deal number ``number`` of ``game``, held by the states playing that deal; given back to the
    game when the last of them is gone without an action applied (a clone's fresh state, a state
    OpenSpiel made only to measure a tensor)."""

    def __init__(self, game, number):
        self.game = game
        self.number = number
        self.played = False

    def __del__(self):
        if not self.played:
            self.game.give_back(self.number)


class _Position:
    """The boardlab state behind an OpenSpiel state, with what was computed from it (``cache``).

    OpenSpiel clones a Python state by deep-copying its attributes and serializes it by pickling
    them: this holder makes the first a boardlab ``clone()`` and the second the position JSON.
    A holder with a ticket and no engine deals the ticket's deal on first use.
    """

    __slots__ = ("_engine", "ticket", "cache", "recent")

    def __init__(self, engine=None, ticket=None, recent=None):
        self._engine = engine
        self.ticket = ticket
        self.cache = {}
        self.recent = recent or {}      # seat -> its last OWN_RECALL actions, oldest first (the information state)

    def played(self, seat, action):
        """Remembers ``seat``'s action for its information state (a new dict: clones share the old one)."""
        recent = dict(self.recent)
        recent[seat] = (recent.get(seat, ()) + (action,))[-OWN_RECALL:]
        self.recent = recent

    @property
    def engine(self):
        """The boardlab state (dealt now if it was not yet)."""
        if self._engine is None:
            game, number = self.ticket.game, self.ticket.number
            self._engine = game.deal(number)
            self.cache = game.openings.setdefault(number, {})
        return self._engine

    def changed(self):
        """After an action: the deal is in play, the cached views are stale."""
        if self.ticket is not None and not self.ticket.played:
            self.ticket.played = True
            self.ticket.game.openings.pop(self.ticket.number, None)
        self.cache = {}

    def cached(self, key, make):
        """``cache[key]``, computed by ``make()`` the first time."""
        value = self.cache.get(key)
        if value is None:
            value = self.cache[key] = make()
        return value

    def to_json(self):
        """The full position JSON (cached)."""
        return self.cached("json", lambda: self.engine.to_json())

    def data(self):
        """The position as plain data (cached; never modify it)."""
        return self.cached("data", lambda: json.loads(self.to_json()))

    def view(self, seat):
        """The seat view of ``seat`` (cached; never modify it)."""
        return self.cached(("view", seat), lambda: seat_view(self.data(), seat, self.engine.game_name))

    def __deepcopy__(self, memo):
        engine = self.engine
        return _Position(engine.clone(), ticket=self.ticket, recent=self.recent)

    def __reduce__(self):
        return (_from_json, (self.engine.game_name, self.to_json(), self.recent))


class BoardlabGame(pyspiel.Game):
    """A boardlab game as an OpenSpiel game; parameters ``players`` and ``seed``."""

    game = None          # short name, set by the subclass of each game

    def __init__(self, params=None):
        params = dict(params or {})
        cls = engine_c.state_class(self.game)
        players = int(params.get("players", cls.min_players))
        seed = int(params.get("seed", 0))
        if not cls.min_players <= players <= cls.max_players:
            raise ValueError(f"{PREFIX}{self.game}: players must be {cls.min_players}-{cls.max_players}, got {players}")
        if seed < 0:
            raise ValueError(f"{PREFIX}{self.game}: seed must be a non-negative integer, got {seed}")
        info = pyspiel.GameInfo(
            num_distinct_actions=cls.num_distinct_actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=players / 2,        # 1 .. 0 linear by place, ties sharing: always n/2 at the end
            max_game_length=max_decisions(self.game, players),
        )
        super().__init__(GAME_TYPES[self.game], info, {"players": players, "seed": seed})
        self.engine_class = cls
        self.players = players
        self.seed = seed
        self.next_deal = 0          # deal numbers below this were handed out ...
        self.free = []              # ... except these, given back (ascending)
        self.openings = {}          # deal number -> cache of its opening position (shared by fresh states)

    def take(self):
        """The lowest free deal number, as a ticket."""
        if self.free:
            return _Ticket(self, self.free.pop(0))
        self.next_deal += 1
        return _Ticket(self, self.next_deal - 1)

    def give_back(self, number):
        """Deal ``number`` was never played: the next state may have it."""
        self.free.append(number)
        self.free.sort()

    def deal(self, number):
        """The boardlab state of deal ``number``: ``SeedSequence(seed, spawn_key=(number,))``."""
        return self.engine_class(self.players, np.random.SeedSequence(self.seed, spawn_key=(number,)))

    def new_initial_state(self, position=None):
        """A new game (the next deal number, dealt when first used), or the boardlab position ``position`` (JSON text or dict)."""
        if position is None:
            return BoardlabState(self, _Position(ticket=self.take()))
        text = position if isinstance(position, str) else json.dumps(position)
        engine = self.engine_class.from_json(text)
        if engine.num_players != self.players:
            raise ValueError(f"the position is for {engine.num_players} players, this game for {self.players}")
        return BoardlabState(self, _Position(engine))

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observer OpenSpiel asks for: the information state, a seat's observation, the public or
        the private part of it, or the whole position (``SeatObserver``)."""
        if params:
            raise ValueError(f"observer parameters are not supported, got {params}")
        if iig_obs_type is None:
            return SeatObserver("observation", self)
        private = iig_obs_type.private_info
        if iig_obs_type.perfect_recall:
            if not iig_obs_type.public_info or private != pyspiel.PrivateInfoType.SINGLE_PLAYER:
                raise ValueError("perfect recall is offered for a seat's information state only "
                                 "(public and private information of one player)")
            return SeatObserver("information state", self)
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return SeatObserver("everything", self)
        if private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            return SeatObserver("observation" if iig_obs_type.public_info else "private", self)
        return SeatObserver("public" if iig_obs_type.public_info else "nothing", self)

    def __reduce__(self):
        return (load_game, (self.game, self.players, self.seed))


class BoardlabState(pyspiel.State):
    """One position of a boardlab game, seen through OpenSpiel's State interface."""

    def __init__(self, game, position):
        super().__init__(game)
        self._position = position

    @property
    def engine(self):
        """The boardlab state behind this one (read it; apply actions to this state instead)."""
        return self._position.engine

    def current_player(self):
        """The player to act, or pyspiel.PlayerId.TERMINAL once the game is over."""
        player = self._position.engine.current_player()      # boardlab's TERMINAL is negative
        return player if player >= 0 else pyspiel.PlayerId.TERMINAL

    def _legal_actions(self, player):
        """The legal actions of the player to act, ascending."""
        return self._position.engine.legal_actions()

    def _apply_action(self, action):
        """Plays ``action`` (chance resolves inside, from the state's RNG)."""
        position = self._position
        seat = position.engine.current_player()
        position.engine.apply_action(int(action))
        position.changed()
        position.played(seat, int(action))

    def _action_to_string(self, player, action):
        """boardlab's notation of ``action``."""
        return self._position.engine.action_to_string(int(action))

    def is_terminal(self):
        """True once the game is over."""
        return self._position.engine.is_terminal()

    def returns(self):
        """0 for everyone until the end, then 1 for first, 0 for last, linear between (ties share)."""
        engine = self._position.engine
        if not engine.is_terminal():
            return [0.0] * engine.num_players
        return [float(value) for value in engine.returns()]

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state ``player_id`` cannot tell from this one, hidden parts drawn with ``probability_sampler``."""
        high, low = probability_sampler(), probability_sampler()
        # a sampler's values lie in [0, 1]; 1.0 itself must not carry into the next 32 bits
        seed = (_bits32(high) << 32) | _bits32(low)
        state = self.clone()
        state._position = _Position(self._position.engine.resample_hidden(int(player_id), seed),
                                    recent=self._position.recent)
        return state

    def seat_string(self, player, kind):
        """What ``player`` observes (or knows) as text; ``kind`` as ``SeatObserver`` names it."""
        position = self._position
        if kind == "observation":
            return position.cached(("observation", player), lambda: view_string(position.view(player), player))
        if kind == "information state":      # a key: the digest of the information-state tensor
            return position.cached(("key", player), lambda: self._key(player))
        if kind == "public":
            return position.cached("public", lambda: "public " + view_json(public_view(position.data())))
        if kind == "private":
            return f"seat {player} alone sees " + view_json(private_view(position.data(), player))
        if kind == "everything":
            return position.to_json()
        return ""

    def information_state_string(self, player=None):
        """``player``'s information-state key (default: the player to act), as OpenSpiel's own call
        gives it, answered here without the round trip through C++ and the observer: OpenSpiel's
        Python IS-MCTS asks for one after every move it simulates."""
        if player is None:
            player = self.current_player()
        position = self._position
        engine = position.engine                # first: dealing a fresh state replaces its cache
        if type(player) is not int or not 0 <= player < engine.num_players:
            return super().information_state_string(player)       # OpenSpiel's own error
        key = position.cache.get(("key", player))
        if key is None:
            key = position.cache[("key", player)] = self._key(player)
        return key

    def _key(self, player):
        """``player``'s information-state key: from the observation if it is already cached, else
        written and hashed in one compiled call (IS-MCTS asks only for keys: no array to keep)."""
        position = self._position
        recent = position.recent.get(player, ())
        tensor = position.cache.get(("tensor", player))
        if tensor is not None:
            return observation_key(player, tensor, recent)
        return position.engine.information_state_key(player, recent)

    def seat_tensor(self, player, kind):
        """The observation or information-state tensor of ``player`` (cached; never modify it)."""
        position = self._position
        if kind == "observation":
            return position.cached(("tensor", player), lambda: position.engine.observation_tensor(player))
        return position.cached(("info tensor", player), lambda: position.engine.information_state_tensor(
            player, position.recent.get(player, ())))

    def __str__(self):
        return self._position.to_json()

    def __reduce__(self):
        game = self.get_game()
        return (_load_state, (game.game, game.players, game.seed, self.serialize()))


def _bits32(probability):
    """32 bits from a probability in [0, 1] (1.0 gives the largest, as 0.99999... does)."""
    return min(max(int(probability * 2**32), 0), 2**32 - 1)


class SeatObserver:
    """OpenSpiel's Python observer protocol (``tensor``, ``dict``, ``set_from``, ``string_from``).

    ``kind``: "observation" (a seat's observation: the compiled tensor and the seat view as JSON),
    "information state" (the information-state tensor; the string is its key), "public" and
    "private" (what every seat sees, what only the seat sees: strings only), "everything" (the whole
    position: a string) or "nothing".
    """

    def __init__(self, kind, game):
        self.kind = kind
        probe = game.engine_class(game.players, 0)
        if kind == "observation":
            self.tensor = np.zeros(probe.observation_shape(), dtype=np.float32)
            self.dict = {"observation": self.tensor}
        elif kind == "information state":
            self.tensor = np.zeros(probe.information_state_shape(), dtype=np.float32)
            self.dict = {"info_state": self.tensor}
        else:
            self.tensor = None
            self.dict = {}

    def set_from(self, state, player):
        """Fills ``tensor`` with what ``player`` observes (or knows) in ``state``."""
        if self.tensor is None:
            raise ValueError(f"the {self.kind} observer has no tensor (strings only)")
        self.tensor[:] = state.seat_tensor(player, self.kind)

    def string_from(self, state, player):
        """What ``player`` observes in ``state`` (the kind's text)."""
        return state.seat_string(player, self.kind)


def _game_class(game):
    """The BoardlabGame subclass of one game."""
    return type(f"Boardlab{game.capitalize()}Game", (BoardlabGame,),
                {"game": game, "__doc__": f"{LONG_NAMES[game]} as an OpenSpiel game."})


GAME_TYPES = {game: game_type(game) for game in GAMES}
GAME_CLASSES = {game: _game_class(game) for game in GAMES}
for _game in GAMES:
    pyspiel.register_game(GAME_TYPES[_game], GAME_CLASSES[_game])


def load_game(game, players=2, seed=0):
    """The OpenSpiel game object of a boardlab game (``burgundy`` ...), ``players`` seats, deals from ``seed``."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r} (known: {', '.join(GAMES)})")
    for name, value in (("players", players), ("seed", seed)):
        # OpenSpiel's game parameters are C++ ints: anything else fails inside pybind11 without a name
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 0 <= value <= MAX_PARAMETER:
            raise ValueError(f"{PREFIX}{game}: {name} must be an integer 0..{MAX_PARAMETER} "
                             f"(an OpenSpiel game parameter), got {value!r}")
    return pyspiel.load_game(PREFIX + game, {"players": int(players), "seed": int(seed)})
