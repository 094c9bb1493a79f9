"""Synthetic results in the exact schema of docs/results.md, with effects planted by hand.

Used by the tests (the estimators must recover what was planted) and handy for trying the report
before real runs exist. The model, per player of a game::

    score = base + strength[agent] + seat_bonus[seat] + sum_f effect[f] * feature_f + noise

with ``noise`` Gumbel(0, ``noise_scale``) rounded to integers. Features are drawn independently
of agent and seat. With Gumbel noise and no features, the finishing order is exactly
Plackett-Luce with worth ``exp(strength / noise_scale)``, so planted Elo-scale ratings are
``400 * log10(e) * strength / noise_scale`` (see :func:`planted_elo`).
"""
from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pandas as pd

from engine_c.errors import BoardlabError

BURGUNDY_BUILDINGS = ("warehouse", "carpenter", "church", "market", "boarding_house", "bank",
                      "city_hall", "watchtower")
SANJUAN_CARDS = ("indigo_plant", "sugar_mill", "tobacco_storage", "coffee_roaster",
                 "silver_smelter", "smithy", "gold_mine", "archive", "poor_house",
                 "black_market", "trading_post", "well", "crane", "chapel", "tower", "aqueduct",
                 "carpenter", "prefecture", "market_stand", "quarry", "library", "statue",
                 "victory_column", "hero", "guild_hall", "city_hall", "triumphal_arch",
                 "palace", "market_hall")
SEASONS_CARDS = ("messenger", "trader", "bricklayer", "stonemason", "worker1", "worker2",
                 "worker3", "masterbuilder")
SEASONS_BUILDINGS = ("palace", "keep", "tavern", "servants_house", "stable", "big_gate",
                     "small_gate", "tower", "house", "manor")
TILETUM_COUNTS = {"persons": 5.0, "contracts": 3.0, "crest_contracts": 1.0, "crests": 1.5,
                  "full_buildings": 1.5, "houses": 3.0, "pillars": 2.0, "cathedral_tiles": 1.0,
                  "king": 2.0, "resources": 6.0}


def planted_elo(strengths, noise_scale: float = 15.0) -> np.ndarray:
    """Elo-scale ratings (mean 0) implied by planted point strengths under Gumbel noise."""
    s = np.asarray(strengths, dtype=float)
    elo = 400 * math.log10(math.e) * s / noise_scale
    return elo - elo.mean()


def _features(game: str, n: int, rng) -> dict[str, np.ndarray]:
    f: dict[str, np.ndarray] = {}
    if game == "burgundy":
        for k in range(1, 27):
            f[f"f_knowledge_{k:02d}"] = (rng.random(n) < 0.3).astype(np.int64)
        for b in BURGUNDY_BUILDINGS:
            f[f"f_building_{b}"] = rng.poisson(0.6, n).astype(np.int64)
        f["f_animals"] = rng.poisson(4.0, n).astype(np.int64)
        f["f_placed_castle"] = rng.poisson(2.0, n).astype(np.int64)
        f["f_placed_ship"] = rng.poisson(3.0, n).astype(np.int64)
        f["f_placed_mine"] = rng.poisson(1.2, n).astype(np.int64)
        f["f_placed_pasture"] = rng.poisson(3.0, n).astype(np.int64)
        f["f_placed_building"] = sum(f[f"f_building_{b}"] for b in BURGUNDY_BUILDINGS)
        f["f_placed_knowledge"] = sum(f[f"f_knowledge_{k:02d}"] for k in range(1, 27))
        f["f_goods_sold"] = rng.poisson(5.0, n).astype(np.int64)
        f["f_black_purchases"] = rng.poisson(1.5, n).astype(np.int64)
        f["f_bonus_large"] = rng.poisson(0.8, n).astype(np.int64)
        f["f_bonus_small"] = rng.poisson(0.8, n).astype(np.int64)
        f["f_workers_taken"] = rng.poisson(4.0, n).astype(np.int64)
    elif game == "sanjuan":
        for c in SANJUAN_CARDS:
            f[f"f_built_{c}"] = (rng.random(n) < 0.25).astype(np.int64)
        f["f_goods_sold"] = rng.poisson(6.0, n).astype(np.int64)
        f["f_cards_drawn"] = rng.poisson(25.0, n).astype(np.int64)
    elif game == "seasons":
        for c in SEASONS_CARDS:               # played counts: independent, unlike real games
            f[f"f_played_{c}"] = rng.poisson(3.0, n).astype(np.int64)
        for b in SEASONS_BUILDINGS:
            f[f"f_built_{b}"] = rng.poisson(0.4, n).astype(np.int64)
        f["f_buildings"] = sum(f[f"f_built_{b}"] for b in SEASONS_BUILDINGS)
        f["f_talers"] = rng.poisson(8.0, n).astype(np.int64)
    elif game == "tiletum":
        for name, mean in TILETUM_COUNTS.items():
            f[f"f_{name}"] = rng.poisson(mean, n).astype(np.int64)
    else:
        raise ValueError(f"unknown game {game!r}")
    return f


def synthetic_results(game: str = "burgundy", players: int = 2, games: int = 500,
                      agents=("random",), strengths=None, seat_bonus=None,
                      effects=None, seed: int = 0, noise_scale: float = 15.0,
                      base: float | None = None, balanced: bool = True) -> pd.DataFrame:
    """A results table (one row per player per game) with planted effects.

    ``agents``: agent specs. With as many agents as seats they are rotated over seats
    (``balanced``) or kept in order; with more, each game draws ``players`` distinct agents.
    A single agent means self-play. ``strengths``: points added per agent. ``seat_bonus``:
    points added per seat. ``effects``: ``{feature column: points per unit}``.
    """
    rng = np.random.default_rng(seed)
    agents = list(agents)
    strengths = np.zeros(len(agents)) if strengths is None else np.asarray(strengths, float)
    seat_bonus = np.zeros(players) if seat_bonus is None else np.asarray(seat_bonus, float)
    effects = dict(effects or {})
    if base is None:
        base = {"burgundy": 150.0 + 10 * players, "sanjuan": 30.0, "seasons": 70.0,
                "tiletum": 75.0}.get(game, 50.0)
    n = games * players
    gi = np.repeat(np.arange(games), players)
    seat = np.tile(np.arange(players), games)
    if len(agents) == 1:
        aidx = np.zeros(n, dtype=np.int64)
    elif len(agents) == players:
        shift = gi % players if balanced else 0
        aidx = (seat + shift) % players
    elif len(agents) > players:
        aidx = np.concatenate([rng.choice(len(agents), players, replace=False)
                               for _ in range(games)])
    else:
        aidx = (seat + (gi % len(agents) if balanced else 0)) % len(agents)
    feats = _features(game, n, rng)
    score = base + strengths[aidx] + seat_bonus[seat] + rng.gumbel(0.0, noise_scale, n)
    for col, beta in effects.items():
        score = score + beta * feats[col]
    score = np.round(score).astype(np.int64)
    tb = rng.integers(0, 3, n)  # tie-break value (e.g. leftover goods): equal score and tb = tie
    key = score * 10 + tb
    rank = np.empty(n, dtype=np.int64)
    tiebreak = np.zeros(n, dtype=bool)
    for g in range(games):
        sl = slice(g * players, (g + 1) * players)
        k, s = key[sl], score[sl]
        rank[sl] = (k[None, :] > k[:, None]).sum(axis=1)
        top = s.max()
        tiebreak[sl] = (s == top).sum() > 1
    turns_g = rng.poisson(60 * players, games) + 20
    df = pd.DataFrame({
        "game": game,
        "players": np.int64(players),
        "game_index": gi.astype(np.int64),
        "seat": seat.astype(np.int64),
        "agent": np.asarray(agents, dtype=object)[aidx],
        "agent_index": aidx.astype(np.int64),
        "score": score,
        "rank": rank,
        "win": rank == 0,
        "tiebreak_used": tiebreak,
        "turns": np.repeat(turns_g, players).astype(np.int64),
        "lead_changes": np.repeat(rng.poisson(2.0, games), players).astype(np.int64),
        "seed": np.int64(seed),
        "duration_s": np.repeat(turns_g * 0.01, players).astype(float),
    })
    for col, v in feats.items():
        df[col] = v
    return df


def write_run(path, df: pd.DataFrame, chunk: int = 250, manifest: dict | None = None) -> Path:
    """Write ``df`` as a results dataset directory (part files + ``_manifest.json``) like the
    runner (solver/runs/runner.py)."""
    path = Path(path)
    path.mkdir(parents=True, exist_ok=True)
    games = sorted(df["game_index"].unique())
    for part, start in enumerate(range(0, len(games), chunk)):
        ids = set(games[start:start + chunk])
        df[df["game_index"].isin(ids)].to_parquet(path / f"part-{part:06d}.parquet", index=False)
    if manifest is None:
        agents = list(dict.fromkeys(df.sort_values("agent_index")["agent"]))
        manifest = {
            "boardlab_version": "synthetic",
            "command": "analysis.synthetic.write_run",
            "settings": {"game": str(df["game"].iloc[0]), "players": int(df["players"].iloc[0]),
                         "agents": agents, "games": len(games), "seed": int(df["seed"].iloc[0]),
                         "paired": False, "options": {}},
            "started": "2026-01-01T00:00:00+00:00", "finished": "2026-01-01T00:00:01+00:00",
            "status": "complete",
        }
    (path / "_manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True))
    return path


# --------------------------------------------------------------------------- a toy game

TOY_VALUES = {"A": 6.0, "B": 2.0, "C": 0.0, "D": -4.0}
TOY_TURNS = 6             # decisions per player
TOY_NOISE = 8             # end-of-game noise per tile held: uniform integer in -8..8
_MASK = (1 << 64) - 1


def _splitmix(x: int) -> tuple[int, int]:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return x, z ^ (z >> 31)


class ToyTiles:
    """A two-player game with planted tile values, for testing the interventional estimator.

    Each turn the player to act is offered one tile whose kind (A-D) chance draws, and takes it
    (``take A``) or passes. At the end every tile held scores ``TOY_VALUES[kind]`` plus noise
    uniform in ``-TOY_NOISE..TOY_NOISE``, drawn then. What a player does never changes what
    chance deals later, so taking a tile of kind X instead of passing is worth exactly
    ``TOY_VALUES[X]`` points in expectation. Same public methods as the engines' states.
    """

    game_name = "toytiles"
    min_players = max_players = num_players = 2

    def __init__(self, players=2, seed=0):
        self.rng = seed_state(seed)
        self.turn, self.held, self.offer, self.final = 0, [[], []], "", None
        self._deal()

    def _draw(self, n: int) -> int:
        self.rng, z = _splitmix(self.rng)
        return z % n

    def _deal(self):
        if self.turn < 2 * TOY_TURNS:
            self.offer = "ABCD"[self._draw(4)]
            return
        self.offer, self.final = "", []
        for tiles in self.held:
            self.final.append(sum(TOY_VALUES[k] + self._draw(2 * TOY_NOISE + 1) - TOY_NOISE
                                  for k in tiles))

    def current_player(self):
        """The player to act (the game has no other players' turns to wait for)."""
        return self.turn % 2

    def is_terminal(self):
        """True when every turn is played."""
        return self.final is not None

    def legal_actions(self):
        """0: pass, 1: take the tile on offer."""
        return [] if self.is_terminal() else [0, 1]

    def action_to_string(self, action):
        """``pass`` or ``take A``."""
        return "pass" if action == 0 else f"take {self.offer}"

    def apply_action(self, action):
        """Take or pass, then chance offers the next tile (or scores the game)."""
        if action == 1:
            self.held[self.current_player()].append(self.offer)
        self.turn += 1
        self._deal()

    def clone(self):
        """An independent copy."""
        return ToyTiles.from_json(self.to_json())

    def resample_hidden(self, observer, seed):
        """A copy whose future draws come from ``seed`` (the future is hidden from everyone)."""
        copy = self.clone()
        copy.rng = seed_state(seed)
        return copy

    def playout_action(self, seed, among=None):
        """The first of ``among`` (the toy has no playout policy to speak of)."""
        return (among or self.legal_actions())[0]

    def scores(self):
        """Planted values of the tiles held (with their noise once the game is over)."""
        if self.final is not None:
            return [int(round(s)) for s in self.final]
        return [int(sum(TOY_VALUES[k] for k in tiles)) for tiles in self.held]

    def ranks(self):
        """Places after the scores; equal scores share the place."""
        s = self.scores()
        return [sum(1 for other in s if other > mine) for mine in s]

    def features(self):
        """Tiles held per kind."""
        return [{f"tile_{k}": tiles.count(k) for k in sorted(TOY_VALUES)} for tiles in self.held]

    def to_json(self):
        """The whole state as JSON."""
        return json.dumps({"game": self.game_name, "rng": self.rng, "turn": self.turn,
                           "held": self.held, "offer": self.offer, "final": self.final})

    @classmethod
    def from_json(cls, text):
        """A state from :meth:`to_json` text."""
        d = json.loads(text)
        state = cls.__new__(cls)
        state.rng, state.turn, state.held = d["rng"], d["turn"], [list(h) for h in d["held"]]
        state.offer, state.final = d["offer"], d["final"]
        return state


def seed_state(seed) -> int:
    """One uint64 from an int or a SeedSequence."""
    seq = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(int(seed))
    return int(seq.generate_state(1, np.uint64)[0])


class ToyRandomAgent:
    """Takes or passes at random, from its own seeded stream."""

    def __init__(self, spec, seed):
        self.rng = np.random.default_rng(seed)

    def choose(self, state):
        """A uniformly random legal action."""
        legal = state.legal_actions()
        return legal[int(self.rng.integers(len(legal)))]


def toy_agent(spec, seed):
    """The toy's only agent, ``random``."""
    if spec != "random":
        raise BoardlabError(f"toytiles: unknown agent {spec!r} (known: random)")
    return ToyRandomAgent(spec, seed)


def toy_take_ways(state):
    """The toy's table of takes: ``take X`` takes a tile of kind X."""
    if state.is_terminal():
        return {}
    return {state.offer: [(1,)]}


def toy_stage(game, d):
    """First or second half of the toy game."""
    return "first half" if d["turn"] < TOY_TURNS else "second half"


def write_toy_run(path, games: int = 40, seed: int = 0, every: int = 1) -> Path:
    """Play ``games`` toy games between random agents into a run folder like the runner's:
    results part, ``_manifest.json`` and every ``every``-th position under ``_positions/``."""
    path = Path(path)
    (path / "_positions").mkdir(parents=True, exist_ok=True)
    rows = []
    for g in range(games):
        seq = np.random.SeedSequence(seed, spawn_key=(g,))
        chance, *agent_seeds = seq.spawn(3)
        state = ToyTiles(2, chance)
        agents = [ToyRandomAgent("random", s) for s in agent_seeds]
        turns = 0
        while not state.is_terminal():
            if turns % every == 0:
                (path / "_positions" / f"game{g:06d}-move{turns:04d}.json").write_text(state.to_json())
            state.apply_action(agents[state.current_player()].choose(state))
            turns += 1
        scores, ranks, feats = state.scores(), state.ranks(), state.features()
        for seat in range(2):
            rows.append({"game": "toytiles", "players": 2, "game_index": g, "seat": seat,
                         "agent": "random", "agent_index": 0, "score": scores[seat],
                         "rank": ranks[seat], "win": ranks[seat] == 0,
                         "tiebreak_used": scores[0] == scores[1], "turns": turns,
                         "lead_changes": 0, "seed": seed, "duration_s": 0.0,
                         **{f"f_{k}": v for k, v in feats[seat].items()}})
    return write_run(path, pd.DataFrame(rows))
