"""Many PettingZoo environments of one boardlab game stepped together, with arrays in and out.

    from solver.adapters.vector import VectorEnv
    envs = VectorEnv("seasons", players=2, num_envs=64, seed=1)
    observations, masks, seats = envs.reset()
    while training:
        actions = pick(observations, masks, seats)            # one action per environment
        observations, masks, seats, rewards, done = envs.step(actions)

- Each of the ``num_envs`` environments is an ordinary ``raw_env(game, players)``; at every step each
  has exactly one agent to act (the game is sequential), so ``step`` takes one action per
  environment, for the seat in ``seats``.
- ``observations``: float32 ``(num_envs, observation size)``, each row what its acting seat sees
  (the compiled tensor, seats relative to that seat); ``masks``: int8 ``(num_envs, actions)``, that
  seat's legal actions; ``seats``: int ``(num_envs,)``, the seat to act.
- ``rewards``: float32 ``(num_envs, players)``, zero except in a row whose game has just ended, which
  holds that game's returns (1 first, 0 last, linear between, ties share: each such row sums to
  players / 2); ``done``: bool ``(num_envs,)``, those rows. A finished environment is reset at once
  (its next deal), so its row of ``observations`` is already the new game's first position.
- Seeds: environment i deals ``SeedSequence(seed, spawn_key=(i,))``'s integer, then its own next
  deals from it (the module docstring of ``solver.adapters.pettingzoo``), so a seed fixes every deal.
  The environments run one after another in this process; for more cores, run one ``VectorEnv``
  per process.
"""
from __future__ import annotations

import numpy as np

from solver.adapters.pettingzoo import raw_env


class VectorEnv:
    """``num_envs`` environments of one game and player count, stepped in lockstep, reset when done."""

    def __init__(self, game, players=2, num_envs=8, seed=None):
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, got {num_envs!r}")
        self.envs = [raw_env(game, players) for _ in range(int(num_envs))]
        self.game, self.players, self.num_envs = game, players, int(num_envs)
        first = self.envs[0]
        self.observation_size = first.observation_space("player_0")["observation"].shape[0]
        self.num_actions = first.action_space("player_0").n
        self.seed = seed
        self._reset_done = False

    def _seat(self, env):
        """The seat to act in ``env``."""
        return env.agent_seat[env.agent_selection]

    def _gather(self):
        """The stacked observations, masks and seats to act."""
        observations = np.empty((self.num_envs, self.observation_size), dtype=np.float32)
        masks = np.empty((self.num_envs, self.num_actions), dtype=np.int8)
        seats = np.empty(self.num_envs, dtype=np.int64)
        for row, env in enumerate(self.envs):
            seen = env.observe(env.agent_selection)
            observations[row] = seen["observation"]
            masks[row] = seen["action_mask"]
            seats[row] = self._seat(env)
        return observations, masks, seats

    def reset(self, seed=None):
        """Deals every environment afresh; returns (observations, masks, seats)."""
        if seed is not None:
            self.seed = seed
        if self.seed is not None and (isinstance(self.seed, bool) or not isinstance(self.seed, (int, np.integer))
                                      or self.seed < 0):
            raise ValueError(f"seed must be None or a non-negative integer, got {self.seed!r}")
        for row, env in enumerate(self.envs):
            if self.seed is None:
                env.reset()
            else:
                # an integer per environment, so each env's own reset sequence continues from it
                env.reset(seed=int(np.random.SeedSequence(int(self.seed), spawn_key=(row,)).generate_state(1)[0]))
        self._reset_done = True
        return self._gather()

    def step(self, actions):
        """Plays one action per environment; returns (observations, masks, seats, rewards, done)."""
        if not self._reset_done:
            raise ValueError("call reset() before step()")
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,) or not np.issubdtype(actions.dtype, np.integer):
            raise ValueError(f"actions must be {self.num_envs} integers (one per environment), "
                             f"got shape {actions.shape} of {actions.dtype}")
        for row, (env, action) in enumerate(zip(self.envs, actions)):
            # checked before any is played, so a refused step leaves every environment as it was
            if not env.game_state.is_legal(int(action)):
                raise ValueError(f"environment {row}: action {int(action)} is not legal here (see its mask)")
        rewards = np.zeros((self.num_envs, self.players), dtype=np.float32)
        done = np.zeros(self.num_envs, dtype=bool)
        for row, (env, action) in enumerate(zip(self.envs, actions)):
            env.step(int(action))
            if env.game_state.is_terminal():
                rewards[row] = env.game_state.returns()
                done[row] = True
                env.reset()                       # the next deal of this environment's seed
        return (*self._gather(), rewards, done)
