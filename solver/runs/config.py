"""What a run is asked to do: :class:`RunConfig` (everything that determines its results) and the
checks of its settings and options, all made before anything is written (docs/results.md)."""
from __future__ import annotations

import dataclasses

import numpy as np

from engine_c import state_class
from engine_c.errors import BoardlabError


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


MAX_SEED = 2**64 - 1          # SeedSequence entropy of one uint64; stored as uint64 in Parquet
MAX_GAMES = 10**9
MAX_JOBS = 1024
MAX_SAVE_POSITIONS = 10**9


def check_int(name, value, low, high, high_text=None):
    """``value`` if it is an integer in ``low..high``; else a one-line BoardlabError naming the setting."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise BoardlabError(f"{name} must be an integer, got {_shown(repr(value))}")
    if value < low:
        least = {0: "non-negative", 1: "positive"}.get(low, f"at least {low}")
        raise BoardlabError(f"{name} must be {least}, got {_shown(str(value))}")
    if value > high:
        raise BoardlabError(f"{name} must be at most {high_text or high}, got {_shown(str(value))}")
    return value


def _shown(text):
    """A value as a message shows it: a number of thousands of digits is cut to its start and length."""
    return text if len(text) <= 40 else f"{text[:20]}... ({len(text)} characters)"


def validate(config):
    """Raise BoardlabError naming the first bad setting of ``config``."""
    from solver.search.agents import make_agent
    from solver.games.options import new_game

    cls = state_class(config.game)
    if isinstance(config.players, bool) or not isinstance(config.players, int) \
            or not cls.min_players <= config.players <= cls.max_players:
        raise BoardlabError(
            f"--players must be {cls.min_players}-{cls.max_players} for {config.game}, got {config.players}")
    check_int("--games", config.games, 1, MAX_GAMES, "1000000000 (10**9)")
    check_int("--seed", config.seed, 0, MAX_SEED, "18446744073709551615 (2**64 - 1)")
    if not config.agents:
        raise BoardlabError("give at least one --agent")
    if len(config.agents) > config.players:
        raise BoardlabError(f"{len(config.agents)} agents for {config.players} seats: give at most one per seat")
    if config.paired and config.games % config.players:
        # a last deal played in fewer than every seating would not be paired
        raise BoardlabError(f"--paired plays each deal once per seating: --games must be a multiple of "
                            f"--players ({config.players}), got {config.games}")
    for spec in config.agents:
        make_agent(spec, 0)          # BoardlabError naming a bad spec or a budget out of bounds
    new_game(config.game, config.players, 0, config.options)    # BoardlabError naming a bad game option


def validate_options(jobs=1, backend="loky", address=None, chunk_size=None, compact_every=200, save_positions=0):
    """Raise BoardlabError naming the first bad run option (all checked before anything is written)."""
    check_int("--jobs", jobs, 1, MAX_JOBS)
    if backend not in ("loky", "dask"):
        raise BoardlabError(f"unknown backend {backend!r} (known: loky, dask)")
    if address is not None and backend != "dask":
        raise BoardlabError("--address names a Dask scheduler: it needs --backend dask")
    if address is not None and not str(address).strip():
        raise BoardlabError("--address must not be empty")
    check_int("--save-positions", save_positions, 0, MAX_SAVE_POSITIONS)
    if chunk_size is not None:
        check_int("chunk_size", chunk_size, 1, MAX_GAMES)
    check_int("compact_every", compact_every, 1, MAX_GAMES)
