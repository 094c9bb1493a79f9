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
    runner (solver/runner.py)."""
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
