"""scripts/play_stats.py: what it counts in self-play games, and that its games are reproducible."""
from script_loader import load_script


def _load():
    return load_script("play_stats")


def test_choice_names():
    stats = _load()
    assert stats.choice_name("sanjuan", "prospector+library") == "prospector"
    assert stats.choice_name("sanjuan", "build palace") is None
    assert stats.choice_name("seasons", "pick masterbuilder") == "masterbuilder"
    assert stats.choice_name("seasons", "trader clay") is None


def test_sanjuan_counts_roles_and_rounds(capsys):
    stats = _load()
    games = stats.main(["--game", "sanjuan", "--agent", "random", "--games", "2"])
    out = capsys.readouterr().out
    assert "rounds: median" in out and "choices: " in out
    listed = next(line for line in out.splitlines() if line.startswith("rounds per game: "))
    assert [int(r) for r in listed.split(": ")[1].split()] == [game["rounds"] for game in games]
    for game in games:
        assert game["rounds"] >= 1
        assert set(game["choices"]) <= set(stats.SANJUAN_ROLES)
        # with 2 players every round has 3 role choices (governor, other, governor), the last one
        # possibly cut short by the game's end
        assert 3 * (game["rounds"] - 1) < sum(game["choices"].values()) <= 3 * game["rounds"]


def test_seasons_counts_cards_and_master_rounds():
    stats = _load()
    games = stats.main(["--game", "seasons", "--players", "3", "--agent", "random", "--games", "2", "--seed", "4"])
    again = stats.main(["--game", "seasons", "--players", "3", "--agent", "random", "--games", "2", "--seed", "4",
                        "--jobs", "2"])
    assert games == again
    for game in games:
        # 3 players play one card each per round; a card that is the only one left in hand is
        # played without a decision (the engine applies forced moves), so it is not counted
        assert 2 * game["rounds_played"] < sum(game["choices"].values()) <= 3 * game["rounds_played"]
        assert 0 <= game["all_master"] <= game["rounds_played"]
        assert len(game["vp_master"]) == 3


def test_start_player_credit_splits_a_shared_win():
    stats = _load()
    assert stats.start_player_credit({"ranks": [0, 1]}) == 1.0
    assert stats.start_player_credit({"ranks": [1, 0]}) == 0.0
    assert stats.start_player_credit({"ranks": [0, 0]}) == 0.5
    assert stats.start_player_credit({"ranks": [0, 2, 0, 0]}) == 1 / 3


def test_study_prints_its_spec_and_the_outcome_lines(capsys):
    from solver.search import presets
    stats = _load()
    games = stats.main(["--game", "sanjuan", "--agent", "study", "--games", "2", "--seed", "3"])
    out = capsys.readouterr().out
    assert f"preset: study = {presets.PRESETS['study']['sanjuan']} (sanjuan)\n" in out
    winner = sum(max(g["scores"]) for g in games) / 2
    loser = sum(min(g["scores"]) for g in games) / 2
    assert f"winner's score: mean {winner:.1f}" in out and f"loser's score: mean {loser:.1f}" in out
    credit = sum(stats.start_player_credit(g) for g in games)
    assert f"start player (seat 0) wins: {credit / 2:.3f} (95% interval" in out
    decisions = sum(g["decisions"] for g in games)
    assert decisions > 0 and f"{decisions / 2:.1f} decisions per game" in out
