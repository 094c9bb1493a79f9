"""Agent ratings from finishing orders: Bradley-Terry (2 players) / Plackett-Luce (3-4 players).

Model: each agent ``i`` has a worth ``g_i > 0``; the winner of a game is drawn from the players
with probability proportional to worth, then second place from the rest, and so on
(Plackett-Luce; with two players this is Bradley-Terry). Worths are fitted by maximum likelihood
with Hunter's (2004) MM algorithm::

    g_i <- w_i / sum_{stages s with i in the choice set} mult_i(s) / sum_{j in set(s)} g_j

where ``w_i`` counts the stages at which ``i`` was chosen. Ties in ``rank`` are handled by
averaging over every order of the tied players (weight ``1/k!`` each). A weak prior keeps an
agent that never wins (or never loses) finite: each agent gets ``prior`` virtual two-player games
(default 1 in all), spread evenly over the other agents and split half won, half lost. Ratings
are reported on an Elo-like scale ``400 * log10(g)``, centred so the agents' mean is 0: a 400-point gap means 10:1 odds in a two-player game.
Intervals: percentile bootstrap over games (seeded); games of a paired run that share a deal
are resampled together.
"""
from __future__ import annotations

import itertools
import math

import numpy as np
import pandas as pd

from analysis.stats import with_win_credit
from engine_c.errors import BoardlabError

ELO_SCALE = 400.0


class _Stages:
    """Choice stages of many games: chosen item, padded choice set, weight, game index."""

    def __init__(self, chosen, members, weight, game, n_items, n_games):
        self.chosen = np.asarray(chosen, dtype=np.int64)
        self.members = np.asarray(members, dtype=np.int64)  # padded with n_items (worth 0)
        self.weight = np.asarray(weight, dtype=float)
        self.game = np.asarray(game, dtype=np.int64)
        self.n_items = n_items
        self.n_games = n_games


def _stages_from_orders(orders, n_items) -> _Stages:
    """``orders``: list (one per game) of lists of ``(item, rank)``; lower rank is better."""
    width = max((len(o) for o in orders), default=2)
    chosen, members, weight, game = [], [], [], []
    pad = n_items
    # fast path: untied games, grouped by size
    by_size: dict[int, list[int]] = {}
    tied = []
    for gi, o in enumerate(orders):
        ranks = [r for _, r in o]
        if len(set(ranks)) == len(ranks):
            by_size.setdefault(len(o), []).append(gi)
        else:
            tied.append(gi)
    for m, gis in by_size.items():
        if m < 2:
            continue
        arr = np.array([[it for it, _ in sorted(orders[gi], key=lambda x: x[1])] for gi in gis],
                       dtype=np.int64)
        gis_arr = np.asarray(gis, dtype=np.int64)
        for s in range(m - 1):
            mem = np.full((len(gis), width), pad, dtype=np.int64)
            mem[:, : m - s] = arr[:, s:]
            chosen.append(arr[:, s])
            members.append(mem)
            weight.append(np.ones(len(gis)))
            game.append(gis_arr)
    for gi in tied:
        o = sorted(orders[gi], key=lambda x: x[1])
        groups = [[it for it, r in o if r == rank] for rank in sorted({r for _, r in o})]
        perms = [list(itertools.permutations(gr)) for gr in groups]
        n_orders = math.prod(len(p) for p in perms)
        for combo in itertools.product(*perms):
            seq = [it for part in combo for it in part]
            for s in range(len(seq) - 1):
                mem = np.full((1, width), pad, dtype=np.int64)
                mem[0, : len(seq) - s] = seq[s:]
                chosen.append(np.array([seq[s]]))
                members.append(mem)
                weight.append(np.array([1.0 / n_orders]))
                game.append(np.array([gi]))
    if not chosen:
        return _Stages(np.zeros(0), np.zeros((0, width)), np.zeros(0), np.zeros(0), n_items,
                       len(orders))
    return _Stages(np.concatenate(chosen), np.concatenate(members), np.concatenate(weight),
                   np.concatenate(game), n_items, len(orders))


def _fit(st: _Stages, game_weights=None, prior: float = 1.0, start=None,
         max_iter: int = 10000, tol: float = 1e-10) -> np.ndarray:
    """MM iterations; returns worths normalised to geometric mean 1."""
    k = st.n_items
    w = st.weight if game_weights is None else st.weight * game_weights[st.game]
    numer = np.bincount(st.chosen, weights=w, minlength=k + 1)[:k]
    c = prior / (k - 1) if k > 1 else 0.0  # virtual games per pair, half won by each side
    numer = numer + c * (k - 1) / 2
    gamma = np.ones(k) if start is None else np.array(start, dtype=float)
    width = st.members.shape[1]
    flat = st.members.ravel()
    off_diag = ~np.eye(k, dtype=bool)
    for _ in range(max_iter):
        gpad = np.append(gamma, 0.0)
        set_sum = gpad[st.members].sum(axis=1)
        inv = np.divide(w, set_sum, out=np.zeros_like(w), where=set_sum > 0)
        denom = np.bincount(flat, weights=np.repeat(inv, width), minlength=k + 1)[:k]
        pair = gamma[:, None] + gamma[None, :]
        denom = denom + c * np.where(off_diag, 1.0 / pair, 0.0).sum(axis=1)
        new = numer / denom
        new = new / np.exp(np.mean(np.log(new)))
        if np.max(np.abs(np.log(new) - np.log(gamma))) < tol:
            return new
        gamma = new
    return gamma


def plackett_luce(orders, n_items: int, prior: float = 1.0, n_boot: int = 0, seed: int = 0,
                  level: float = 0.95, clusters=None):
    """Fit Plackett-Luce worths to finishing orders.

    ``orders``: one list per game of ``(item, rank)`` pairs, items ``0..n_items-1``, rank 0 best
    (ties allowed; an item may appear more than once in a game). Returns ``(elo, lo, hi)``
    arrays on the centred Elo-like scale; ``lo``/``hi`` are NaN unless ``n_boot > 0``.
    The bootstrap resamples games, or whole ``clusters`` (one label per game) when given.
    """
    st = _stages_from_orders(orders, n_items)
    gamma = _fit(st, prior=prior)
    elo = ELO_SCALE * np.log10(gamma)
    elo = elo - elo.mean()
    lo = np.full(n_items, np.nan)
    hi = np.full(n_items, np.nan)
    if n_boot > 0 and st.n_games > 0:
        rng = np.random.default_rng(seed)
        if clusters is None:
            codes = np.arange(st.n_games)
        else:
            codes = pd.factorize(pd.Series(np.asarray(clusters)), sort=True)[0]
        n_cl = int(codes.max()) + 1
        boots = np.empty((n_boot, n_items))
        for b in range(n_boot):
            counts = np.bincount(rng.integers(0, n_cl, n_cl), minlength=n_cl)[codes] \
                .astype(float)
            g = _fit(st, counts, prior=prior, start=gamma, tol=1e-7, max_iter=3000)
            e = ELO_SCALE * np.log10(g)
            boots[b] = e - e.mean()
        a = (1 - level) / 2
        lo, hi = np.quantile(boots, [a, 1 - a], axis=0)
    return elo, lo, hi


def _components(grp: pd.DataFrame, agent_col: str) -> list[list[str]]:
    """Groups of agents linked by games between different agents (union-find). Agents seen
    only in self-play are left out: nothing compares them with anyone."""
    parent: dict[str, str] = {}

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    for _, agents in grp.groupby("game_id", sort=True)[agent_col]:
        uniq = sorted(set(agents.astype(str)))
        if len(uniq) < 2:
            continue
        for a in uniq:
            parent.setdefault(a, a)
        root = find(uniq[0])
        for a in uniq[1:]:
            ra = find(a)
            if ra != root:
                parent[ra] = root
    comps: dict[str, list[str]] = {}
    for a in sorted(parent):
        comps.setdefault(find(a), []).append(a)
    return sorted(comps.values(), key=lambda c: c[0])


def ratings(df: pd.DataFrame, by=("game",), agent_col: str = "agent", n_boot: int = 200,
            seed: int = 0, prior: float = 1.0, level: float = 0.95) -> pd.DataFrame:
    """Elo-like Plackett-Luce ratings of the agents, per ``by`` group (default: per game,
    pooling player counts), with bootstrap-over-games intervals (``level``, default 95%).

    Only games between at least two different agents count. Agents that are not linked by such
    games (directly or through others) cannot be compared: each linked group (``pool``) is
    rated and centred on its own. Agents seen only in self-play are left out.
    Columns: the ``by`` keys, ``pool``, ``agent``, ``games`` (rated games played), ``seats``
    (player rows: an agent may hold several seats of a game), ``win_rate`` (win credit per
    seat), ``rating``, ``lo``, ``hi`` (NaN when every bootstrap resample gave the same rating: games
    too few or all alike), ``separated`` (the agent finished ahead of every other
    agent's players in all its games, or behind them in all: its rating is set by the prior and the interval
    is not meaningful); best first within a pool.
    """
    if df is None or len(df) == 0:
        raise BoardlabError("no results to rate (empty table)")
    d = with_win_credit(df)
    d[agent_col] = d[agent_col].astype(str)
    by = list(by)
    out = []
    for key, grp in d.groupby(by, sort=True):
        key = key if isinstance(key, tuple) else (key,)
        for pool, items in enumerate(_components(grp, agent_col)):
            index = {a: i for i, a in enumerate(items)}
            n_distinct = grp.groupby("game_id")[agent_col].transform("nunique")
            sub = grp[(n_distinct >= 2) & grp[agent_col].isin(items)]
            sub = sub.sort_values(["game_id", "rank", "seat"])
            codes = sub[agent_col].map(index).to_numpy()
            ranks = sub["rank"].to_numpy()
            gids = sub["game_id"].to_numpy()
            bounds = np.flatnonzero(np.r_[True, gids[1:] != gids[:-1], True])
            orders = [list(zip(codes[a:b].tolist(), ranks[a:b].tolist()))
                      for a, b in zip(bounds[:-1], bounds[1:])]
            game_clusters = sub["cluster_id"].to_numpy()[bounds[:-1]]
            elo, lo, hi = plackett_luce(orders, len(items), prior=prior, n_boot=n_boot,
                                        seed=seed, level=level, clusters=game_clusters)
            # games that all ended alike resample to the same games: a zero-width interval would
            # claim certainty from a handful of games, so there is none (NaN)
            flat = np.isclose(np.asarray(lo, float), np.asarray(hi, float), rtol=0.0, atol=1e-9)
            lo, hi = np.where(flat, np.nan, lo), np.where(flat, np.nan, hi)
            # an agent that beat (or lost to) every other agent it met has an infinite likelihood
            # estimate: the prior keeps it finite but the bootstrap cannot bound it (its own
            # second seat at a table does not count: finishing behind itself rates nothing)
            pairs = sub[["game_id", agent_col, "rank"]].merge(
                sub[["game_id", agent_col, "rank"]], on="game_id", suffixes=("", "_other"))
            pairs = pairs[pairs[agent_col] != pairs[agent_col + "_other"]]
            ever_behind = (pairs["rank"] > pairs["rank_other"]).groupby(pairs[agent_col]).any()
            ever_ahead = (pairs["rank"] < pairs["rank_other"]).groupby(pairs[agent_col]).any()
            stats = sub.groupby(agent_col).agg(games=("game_id", "nunique"),
                                               seats=("win_credit", "size"),
                                               credit=("win_credit", "sum"))
            for a, i in index.items():
                out.append(dict(zip(by, key), pool=pool, agent=a,
                                games=int(stats.loc[a, "games"]),
                                seats=int(stats.loc[a, "seats"]),
                                win_rate=float(stats.loc[a, "credit"] / stats.loc[a, "seats"]),
                                rating=float(elo[i]), lo=float(lo[i]), hi=float(hi[i]),
                                separated=not (bool(ever_behind[a]) and bool(ever_ahead[a]))))
    cols = by + ["pool", "agent", "games", "seats", "win_rate", "rating", "lo", "hi",
                 "separated"]
    res = pd.DataFrame(out, columns=cols)
    if res.empty:
        return res
    return res.sort_values(by + ["pool", "rating", "agent"],
                           ascending=[True] * (len(by) + 1) + [False, True]).reset_index(drop=True)
