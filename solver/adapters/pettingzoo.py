"""boardlab's games as PettingZoo AEC environments.

    from solver.adapters.pettingzoo import env
    game = env("burgundy", players=3, render_mode="ansi")
    game.reset(seed=1)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, info = game.last()
        action = None if terminated or truncated else pick(observation)   # your agent
        game.step(action)

- Agents ``player_0`` .. ``player_{n-1}`` are the seats. The agent to act is the seat to act, so one
  agent may act several times in a row (boardlab splits a turn into small decisions).
- Actions: ``Discrete(num_distinct_actions)``, boardlab's action numbers
  (``env.unwrapped.action_to_string(a)`` gives their notation).
- Observation: ``{"observation": float32 vector, "action_mask": int8 vector}``. The vector is the
  engine's compiled observation ``state.observation_tensor(seat)`` (seats relative to the agent,
  nothing it cannot see; its slices: ``state.observation_describe()``, docs/agents.md); the mask
  marks the legal actions, and is all zero for an agent that is not to act.
- ``info`` after a move: ``{"action": notation, "action_name": the move in words}`` of the last move
  (the words are worked out when first read: they cost more than a step). A move the other agents
  do not see (a card paid or kept face down, a secret selection) reaches them as
  ``{"action": None, "action_name": None, "hidden": True}``.
- Rewards: 0 on every step, and at the end boardlab's ``returns()``: 1 for first, 0 for last,
  linear between, ties share. Games end by the rules (every engine's games end within its
  ``max_game_length``), so nothing is truncated.
- ``reset(seed=s)`` deals ``SeedSequence(s, spawn_key=(k,))`` for the k-th reset since that seed
  (k = 0 first), so a seed fixes the whole sequence of deals; without any seed the deals come from
  fresh operating-system entropy, as Gymnasium does.
- ``env.unwrapped.game_state`` is the boardlab state being played (read it, e.g. to let a boardlab
  agent choose; change it only through ``step``).
- ``render_mode="ansi"``: ``render()`` returns the terminal picture of ``boardlab show`` (no colour),
  of the whole position or, with ``render_seat=S``, of what seat S sees; ``render_mode="human"``
  prints that picture and returns None.
- Many environments at once, with arrays in and out: ``solver.adapters.vector.VectorEnv``.
"""
from __future__ import annotations

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import engine_c
from solver.adapters.observation import MAX_SEATS
from solver.display import render

GAMES = ("burgundy", "sanjuan", "seasons", "tiletum")
VALUE_LOW, VALUE_HIGH = -32768.0, 65535.0      # the engines' struct fields are 16-bit at most
HIDDEN_MOVE = {"action": None, "action_name": None, "hidden": True}


class MoveInfo(dict):
    """The ``info`` of the last move: ``action`` (notation) at once, ``action_name`` (words, read in
    the position before the move) worked out when the info is first read."""

    __slots__ = ("_before", "_action")

    def __init__(self, notation, before, action):
        super().__init__(action=notation)
        self._before = before
        self._action = action

    def _named(self):
        """Fills ``action_name`` the first time anything is read."""
        if self._before is not None:
            dict.__setitem__(self, "action_name", self._before.action_name(self._action))
            self._before = None
        return self

    def __getitem__(self, key):
        return dict.__getitem__(self._named(), key)

    def get(self, key, default=None):
        """``info.get(key)``, the words included."""
        return dict.get(self._named(), key, default)

    def __contains__(self, key):
        return dict.__contains__(self._named(), key)

    def __iter__(self):
        return dict.__iter__(self._named())

    def __len__(self):
        return dict.__len__(self._named())

    def keys(self):
        """The keys, the words included."""
        return dict.keys(self._named())

    def items(self):
        """The items, the words included."""
        return dict.items(self._named())

    def values(self):
        """The values, the words included."""
        return dict.values(self._named())

    def __eq__(self, other):
        return dict.__eq__(self._named(), other)

    __hash__ = None

    def __repr__(self):
        return dict.__repr__(self._named())

    def copy(self):
        """A plain dict copy."""
        return dict(self.items())

    def __reduce__(self):
        return (dict, (dict(self.items()),))


class BoardlabEnv(AECEnv):
    """One boardlab game (``burgundy``, ``sanjuan``, ``seasons``, ``tiletum``) as an AEC environment."""

    metadata = {"render_modes": ["human", "ansi"], "name": "boardlab_v0", "is_parallelizable": False}

    def __init__(self, game, players=2, render_mode=None, render_seat=None):
        super().__init__()
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r} (known: {', '.join(GAMES)})")
        cls = engine_c.state_class(game)
        if isinstance(players, bool) or not isinstance(players, int) or not cls.min_players <= players <= min(cls.max_players, MAX_SEATS):
            raise ValueError(f"{game}: players must be {cls.min_players}-{cls.max_players}, got {players!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None or one of {self.metadata['render_modes']}, got {render_mode!r}")
        if render_seat is not None and (isinstance(render_seat, bool) or render_seat not in range(players)):
            raise ValueError(f"render_seat must be None or a seat 0..{players - 1}, got {render_seat!r}")
        self.game = game
        self.players = players
        self.render_mode = render_mode
        self.render_seat = render_seat
        self.metadata = dict(self.metadata, name=f"boardlab_{game}_v0")
        self.engine_class = cls
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agent_seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        actions = cls.num_distinct_actions
        self._action_spaces = {agent: gymnasium.spaces.Discrete(actions) for agent in self.possible_agents}
        self._observation_spaces = {
            agent: gymnasium.spaces.Dict({
                "observation": gymnasium.spaces.Box(VALUE_LOW, VALUE_HIGH, cls(players, 0).observation_shape(), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (actions,), np.int8),
            })
            for agent in self.possible_agents
        }
        self._entropy = None
        self._resets = 0
        self.game_state = None

    def action_space(self, agent):
        """The action space of ``agent`` (the same object every time)."""
        return self._action_spaces[agent]

    def observation_space(self, agent):
        """The observation space of ``agent`` (the same object every time)."""
        return self._observation_spaces[agent]

    def reset(self, seed=None, options=None):
        """Deals a new game: the next deal of ``seed`` (see the module docstring)."""
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
                raise ValueError(f"seed must be None or a non-negative integer, got {seed!r}")
            self._entropy = int(seed)
            self._resets = 0
        elif self._entropy is None:
            self._entropy = np.random.SeedSequence().entropy
        sequence = np.random.SeedSequence(self._entropy, spawn_key=(self._resets,))
        self._resets += 1
        self.game_state = self.engine_class(self.players, sequence)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.game_state.current_player()]

    def observe(self, agent):
        """``{"observation": ..., "action_mask": ...}`` for ``agent`` (module docstring)."""
        seat = self.agent_seat[agent]
        mask = np.zeros(self.engine_class.num_distinct_actions, dtype=np.int8)
        if not self.game_state.is_terminal() and self.game_state.current_player() == seat:
            mask[self.game_state.legal_actions()] = 1
        return {"observation": self.game_state.observation_tensor(seat), "action_mask": mask}

    def step(self, action):
        """Plays ``action`` for the agent to act (``None`` once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()              # a 0-d array, as some policies return
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            # int(1.7) would play action 1
            raise ValueError(f"{agent}: an action is an integer 0..{self.engine_class.num_distinct_actions - 1}, "
                             f"got {action!r}")
        action = int(action)
        if not self.game_state.is_legal(action):
            raise ValueError(f"{agent}: action {action} is not legal here (see the action mask)")
        self._cumulative_rewards[agent] = 0.0
        state = self.game_state
        seen = MoveInfo(state.action_to_string(action), state.clone(), action)
        hidden = state.private_choice() or state.secret_choice()
        actor = self.agent_seat[agent]
        state.apply_action(action)
        self.infos = {name: seen if not hidden or seat == actor else dict(HIDDEN_MOVE)
                      for seat, name in enumerate(self.possible_agents)}
        if self.game_state.is_terminal():
            for agent_name, value in zip(self.possible_agents, self.game_state.returns()):
                self.rewards[agent_name] = float(value)
                self.terminations[agent_name] = True
            self.agent_selection = self.possible_agents[0]
        else:
            self._clear_rewards()
            self.agent_selection = self.possible_agents[self.game_state.current_player()]
        self._accumulate_rewards()

    def action_to_string(self, action):
        """boardlab's notation of ``action`` in the current position."""
        return self.game_state.action_to_string(int(action))

    def render(self):
        """The terminal picture: returned (``render_mode="ansi"``) or printed (``"human"``); None and a
        warning without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (use render_mode='ansi' or 'human')")
            return None
        picture = render(self.game_state, seat=self.render_seat, color=False)
        if self.render_mode == "human":
            print(picture)
            return None
        return picture

    def close(self):
        """Nothing to release."""
        self.game_state = None


def raw_env(game, players=2, render_mode=None, render_seat=None):
    """The unwrapped AEC environment of a boardlab game."""
    return BoardlabEnv(game, players, render_mode=render_mode, render_seat=render_seat)


def env(game, players=2, render_mode=None, render_seat=None):
    """The AEC environment of a boardlab game, with PettingZoo's order-enforcing wrapper."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, players, render_mode, render_seat))
