"""Train a small softmax policy on a boardlab game through PettingZoo with numpy alone, then test it
against the random agent.

The policy is linear: logits = W . features(observation) + b over the game's actions, the illegal ones
masked out (the observation's ``action_mask``). features() squashes the compiled observation tensor
(sign(x) log(1 + |x|)) and adds a constant 1. Training is REINFORCE with a baseline: the learner plays
one seat of a 2-player game against the random agent (seats alternate by episode), and after every
batch of episodes each of its decisions moves the log-probability of the move made by (result -
baseline), the baseline being the mean result of the batch; Adam steps the weights. Everything is
seeded: the same seed gives the same weights and the same figures.

Usage: python scripts/learn_policy.py [--game seasons] [--episodes 10000] [--eval-games 400] [--seed 1]

It prints a line per logged batch, then one JSON line: the training time, episodes, and the trained
policy's results against the random agent over --eval-games fresh deals (seats alternated), with a
95% Wilson interval (a tie counts half), beside the untrained policy's (uniform over the legal moves,
so itself a random agent) on the same deals. docs/agents.md, "A learning example", has the figures.
"""
import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from analysis.stats import wilson_interval  # noqa: E402
from solver.adapters.pettingzoo import GAMES, env  # noqa: E402

PLAYERS = 2
TRAIN_MOVES, TRAIN_DEALS, EVAL_MOVES, EVAL_DEALS = range(4)      # the streams one seed gives


def features(observation):
    """The policy's input: the squashed observation and a constant 1."""
    squashed = np.sign(observation) * np.log1p(np.abs(observation))
    return np.append(squashed, np.float32(1.0)).astype(np.float32)


class LinearPolicy:
    """A masked softmax over the actions, logits linear in features(observation)."""

    def __init__(self, inputs, actions):
        self.weights = np.zeros((inputs, actions), dtype=np.float64)

    def probabilities(self, phi, mask):
        """The policy's move probabilities (zero on illegal moves)."""
        logits = phi @ self.weights
        logits = np.where(mask, logits, -np.inf)
        logits -= logits.max()
        odds = np.exp(logits)
        return odds / odds.sum()

    def choose(self, observation, rng):
        """A move drawn from the policy, with its features and probabilities (for the update)."""
        phi = features(observation["observation"])
        mask = observation["action_mask"].astype(bool)
        probabilities = self.probabilities(phi, mask)
        return int(rng.choice(probabilities.shape[0], p=probabilities)), phi, probabilities, mask


def surrogate(policy, batch):
    """The REINFORCE objective of a batch: the mean over decisions of advantage x log-probability of the move made."""
    phis, actions, masks, advantages = batch
    logits = phis @ policy.weights
    logits = np.where(masks, logits, -np.inf)
    top = logits.max(axis=1, keepdims=True)
    log_norm = top[:, 0] + np.log(np.exp(logits - top).sum(axis=1))
    chosen = logits[np.arange(len(actions)), actions] - log_norm
    return float(np.mean(advantages * chosen))


def gradient(policy, batch, probabilities):
    """The surrogate's gradient in the weights (probabilities: the policy's at each decision)."""
    phis, actions, masks, advantages = batch
    push = -probabilities
    push[np.arange(len(actions)), actions] += 1.0
    return phis.T @ (advantages[:, None] * push) / len(actions)


class Adam:
    """Adam's steps for one weight array (gradient ascent)."""

    def __init__(self, shape, rate, beta1=0.9, beta2=0.999, eps=1e-8):
        self.rate, self.beta1, self.beta2, self.eps = rate, beta1, beta2, eps
        self.first = np.zeros(shape)
        self.second = np.zeros(shape)
        self.steps = 0

    def step(self, weights, grad):
        """Moves ``weights`` up ``grad`` in place."""
        self.steps += 1
        self.first = self.beta1 * self.first + (1 - self.beta1) * grad
        self.second = self.beta2 * self.second + (1 - self.beta2) * grad * grad
        first = self.first / (1 - self.beta1 ** self.steps)
        second = self.second / (1 - self.beta2 ** self.steps)
        weights += self.rate * first / (np.sqrt(second) + self.eps)


def play(game_env, deal_seed, learner_seat, policy, rng, record):
    """One game of the policy (at ``learner_seat``) against the random agent; the learner's result
    (1 win, 0 loss, 0.5 tie). ``record`` (a list) gets (phi, action, probabilities, mask) per decision."""
    learner = f"player_{learner_seat}"
    game_env.reset(seed=deal_seed)
    result = None
    for agent in game_env.agent_iter():
        observation, reward, terminated, truncated, info = game_env.last()
        if terminated or truncated:
            if agent == learner:
                result = reward
            game_env.step(None)
            continue
        if agent == learner:
            action, phi, probabilities, mask = policy.choose(observation, rng)
            if record is not None:
                record.append((phi, action, probabilities, mask))
        else:
            legal = np.flatnonzero(observation["action_mask"])
            action = int(legal[rng.integers(len(legal))])
        game_env.step(action)
    return result


def stack(record, results):
    """A batch as arrays (features, actions, masks, advantages) and the probabilities at each decision."""
    phis = np.array([entry[0] for entry in record], dtype=np.float64)
    actions = np.array([entry[1] for entry in record])
    probabilities = np.array([entry[2] for entry in record])
    masks = np.array([entry[3] for entry in record])
    advantages = np.array(results, dtype=np.float64)
    return (phis, actions, masks, advantages), probabilities


def train(game, seed, minutes=None, episodes=None, batch=16, rate=0.01, log=None):
    """Trains a LinearPolicy for ``minutes`` of wall time or ``episodes`` episodes, whichever ends first;
    returns (policy, history) where history lists per batch (episodes, mean result, surrogate before
    and after the update)."""
    if minutes is None and episodes is None:
        raise ValueError("train needs minutes or episodes")
    game_env = env(game, PLAYERS)
    game_env.reset(seed=0)
    inputs = game_env.observation_space("player_0")["observation"].shape[0] + 1
    policy = LinearPolicy(inputs, game_env.action_space("player_0").n)
    optimiser = Adam(policy.weights.shape, rate)
    streams = np.random.SeedSequence(seed).spawn(4)
    rng = np.random.default_rng(streams[TRAIN_MOVES])
    deal_seeds = np.random.default_rng(streams[TRAIN_DEALS])
    history, done, start = [], 0, time.perf_counter()
    while True:
        if episodes is not None and done >= episodes:
            break
        if minutes is not None and time.perf_counter() - start >= 60 * minutes:
            break
        record, results, means = [], [], []
        for k in range(batch):
            before = len(record)
            result = play(game_env, int(deal_seeds.integers(2**31)), (done + k) % PLAYERS, policy, rng, record)
            results.extend([result] * (len(record) - before))
            means.append(result)
        done += batch
        baseline = float(np.mean(means))
        arrays, probabilities = stack(record, [r - baseline for r in results])
        before = surrogate(policy, arrays)
        optimiser.step(policy.weights, gradient(policy, arrays, probabilities))
        after = surrogate(policy, arrays)
        history.append((done, baseline, before, after))
        if log is not None and len(history) % 50 == 0:
            recent = np.mean([entry[1] for entry in history[-50:]])
            log(f"{done} episodes, {time.perf_counter() - start:.0f} s: mean result of the last 50 batches {recent:.3f}")
    return policy, history


def evaluate(game, policy, games, seed):
    """The policy against the random agent over ``games`` fresh deals, seats alternated: (points, games)
    with a win 1, a tie 0.5; the policy samples its moves."""
    game_env = env(game, PLAYERS)
    streams = np.random.SeedSequence(seed).spawn(4)
    rng = np.random.default_rng(streams[EVAL_MOVES])
    deals = np.random.default_rng(streams[EVAL_DEALS])
    points = 0.0
    for number in range(games):
        points += play(game_env, int(deals.integers(2**31)), number % PLAYERS, policy, rng, None)
    return points, games


def check_args(args):
    """What is wrong with the arguments, in one line, or None."""
    if args.game not in GAMES:
        return f"unknown game {args.game!r} (known: {', '.join(GAMES)})"
    for name in ("episodes", "eval_games", "batch", "rate", "minutes"):
        value = getattr(args, name)
        if value is not None and value <= 0:
            return f"--{name.replace('_', '-')} must be positive, got {value:g}"
    if args.seed < 0:
        return f"--seed must be non-negative, got {args.seed}"
    return None


def main(argv=None):
    """Train, evaluate, print the figures as one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="seasons", help=f"one of {', '.join(GAMES)} (default seasons)")
    parser.add_argument("--episodes", type=int, default=10000, help="training episodes (default 10,000)")
    parser.add_argument("--minutes", type=float,
                        help="stop training after this much wall time if the episodes are not done (then the "
                             "result depends on the machine's speed)")
    parser.add_argument("--eval-games", type=int, default=400, help="evaluation games (default 400)")
    parser.add_argument("--batch", type=int, default=16, help="episodes per update (default 16)")
    parser.add_argument("--rate", type=float, default=0.01, help="Adam's step size (default 0.01)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the moves (default 1)")
    args = parser.parse_args(argv)
    problem = check_args(args)
    if problem:
        # one line and exit 2, as the CLI refuses bad input (argparse's error() adds the usage lines)
        print(f"learn_policy.py: error: {problem}", file=sys.stderr)
        raise SystemExit(2)
    begin = time.perf_counter()
    policy, history = train(args.game, args.seed, minutes=args.minutes, episodes=args.episodes,
                            batch=args.batch, rate=args.rate, log=lambda line: print(line, flush=True))
    trained = time.perf_counter() - begin
    points, games = evaluate(args.game, policy, args.eval_games, args.seed)
    low, high = wilson_interval(points, games)
    # the zero-weight policy is uniform over the legal moves: a random agent, so it shows the evaluation's 0.5
    untrained = LinearPolicy(*policy.weights.shape)
    base_points, _ = evaluate(args.game, untrained, args.eval_games, args.seed)
    base_low, base_high = wilson_interval(base_points, games)
    print(json.dumps({
        "game": args.game, "seed": args.seed, "training_s": round(trained, 1), "episodes": history[-1][0],
        "first_batches_mean_result": round(float(np.mean([h[1] for h in history[:20]])), 3),
        "last_batches_mean_result": round(float(np.mean([h[1] for h in history[-20:]])), 3),
        "eval_games": games, "win_rate": round(points / games, 3),
        "interval_95": [round(float(low), 3), round(float(high), 3)],
        "untrained_win_rate": round(base_points / games, 3),
        "untrained_interval_95": [round(float(base_low), 3), round(float(base_high), 3)],
        "total_s": round(time.perf_counter() - begin, 1),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
