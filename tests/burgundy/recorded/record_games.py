"""Record seeded Castles of Burgundy games (run once, before the content moved to content.json).

Random games: actions chosen by random.Random(seed * 1000 + players) among legal_actions(); the
file keeps each game's final scores, its length and the SHA-256 of its action list. Policy
playouts and a midgame position complete the record. Usage: python tests/burgundy/recorded/record_games.py
"""
import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from engine_c import new_state  # noqa: E402


def actions_hash(actions):
    """The SHA-256 (first 16 hex digits) of an action list written as comma-separated ids."""
    return hashlib.sha256(",".join(map(str, actions)).encode()).hexdigest()[:16]


def play(players, seed, board):
    """One seeded random game: (actions, final scores)."""
    state = new_state("burgundy", players, seed, board=board)
    chooser = random.Random(seed * 1000 + players)
    actions = []
    while not state.is_terminal():
        legal = state.legal_actions()
        actions.append(legal[chooser.randrange(len(legal))])
        state.apply_action(actions[-1])
    return actions, list(state.scores())


def main():
    """Write before_data_file.json beside this script."""
    games = []
    for players in (2, 3, 4):
        for seed in range(1, 21):
            board = "basic" if seed <= 15 else "random"
            actions, scores = play(players, seed, board)
            games.append({"players": players, "seed": seed, "board": board, "length": len(actions),
                          "actions_sha256": actions_hash(actions), "scores": scores})
    playouts = []
    for players in (2, 3, 4):
        for policy in (False, True):
            state = new_state("burgundy", players, 5)
            state.playout(11, policy=policy)
            playouts.append({"players": players, "seed": 5, "playout_seed": 11, "policy": policy,
                             "scores": list(state.scores())})
    state = new_state("burgundy", 3, 2)
    chooser = random.Random(2 * 1000 + 3)
    for _ in range(200):
        legal = state.legal_actions()
        state.apply_action(legal[chooser.randrange(len(legal))])
    record = {"about": "Seeded Castles of Burgundy games recorded from the engine before the content moved to "
                       "content.json (tests/burgundy/recorded/record_games.py): random games choose with "
                       "random.Random(seed*1000+players) among legal_actions(); seeds 1-15 on the basic board, "
                       "16-20 in the random scenario. midgame_position: 3 players, seed 2, 200 such actions.",
              "games": games, "playouts": playouts, "midgame_position": state.to_dict()}
    out = Path(__file__).parent / "before_data_file.json"
    out.write_text(json.dumps(record, indent=1) + "\n")
    print(f"wrote {out}: {len(games)} games, {len(playouts)} playouts")


if __name__ == "__main__":
    main()
