"""scripts/strength.py ladder: the schedule's balance, its seeds, and a tiny run on the test game."""
import itertools
from collections import Counter

import pytest

from analysis.load import load_runs
from script_loader import load_script


def _load():
    return load_script("strength")


strength = _load()


def _ladder(players, design, pool_size=8, deals=3, seed=0):
    pool = [f"a{i}" for i in range(pool_size)]
    tables = strength.table_count(pool_size, players, design)
    return {"game": "highcard", "players": players, "pool": pool, "design": design, "seed": seed,
            "deals": deals, "tables": tables, "games": deals * tables * players}


def test_default_pool_has_every_family_at_every_budget():
    pool = strength.ladder_pool(budgets=(500, 2000))
    assert pool == ["random", "greedy", "flat:iterations=500", "flat:iterations=2000", "pimc:iterations=500",
                    "pimc:iterations=2000", "ismcts:iterations=500", "ismcts:iterations=2000"]


def test_two_players_every_pair_plays_every_deal_in_both_seats():
    lad = _ladder(2, "all")
    plans = [strength.game_plan(lad, g) for g in range(lad["games"])]
    for deal in range(3):
        seatings = [tuple(seats) for d, _, seats in plans if d == deal]
        assert sorted(seatings) == sorted(itertools.permutations(range(8), 2))   # 56 ordered pairs
    # the two games of a block are one table on one deal, seats swapped
    for g in range(0, lad["games"], 2):
        (d0, t0, s0), (d1, t1, s1) = plans[g], plans[g + 1]
        assert (d0, t0) == (d1, t1) and s1 == s0[::-1]


@pytest.mark.parametrize("players", [3, 4])
def test_cyclic_design_seats_each_agent_equally(players):
    lad = _ladder(players, "cyclic", deals=4)
    plans = [strength.game_plan(lad, g) for g in range(lad["games"])]
    for deal in range(4):
        seat_count = Counter((a, s) for d, _, seats in plans if d == deal for s, a in enumerate(seats))
        # each agent sits at `players` tables, once in every seat per table
        assert set(seat_count.values()) == {players} and len(seat_count) == 8 * players
    # the permutations differ between deals and are a function of the seed
    first = [strength.deal_tables(8, players, "cyclic", 0, d) for d in range(4)]
    assert len({tuple(t) for t in first}) > 1
    assert first == [strength.deal_tables(8, players, "cyclic", 0, d) for d in range(4)]
    assert first != [strength.deal_tables(8, players, "cyclic", 1, d) for d in range(4)]


def test_all_design_with_three_players_uses_every_subset():
    lad = _ladder(3, "all", pool_size=5, deals=1)
    tables = {frozenset(seats) for _, _, seats in (strength.game_plan(lad, g) for g in range(lad["games"]))}
    assert tables == {frozenset(c) for c in itertools.combinations(range(5), 3)}


def test_seeds_share_the_deal_and_differ_by_game():
    chance_a, agents_a = strength.ladder_seeds(7, 2, 3, 100)
    chance_b, agents_b = strength.ladder_seeds(7, 2, 3, 101)
    assert chance_a.generate_state(2).tolist() == chance_b.generate_state(2).tolist()
    assert agents_a[0].generate_state(2).tolist() != agents_b[0].generate_state(2).tolist()
    assert chance_a.generate_state(2).tolist() != strength.ladder_seeds(8, 2, 3, 100)[0].generate_state(2).tolist()


def _run(tmp_path, name, jobs, deals=2):
    args = ["--game", "highcard", "--players", "2", "--agents", "random,greedy,ismcts", "--budgets", "20",
            "--deals", str(deals), "--jobs", str(jobs), "--boot", "20", "--out", str(tmp_path / name)]
    return strength.main(args), load_runs(tmp_path / name)


def test_tiny_ladder_is_the_same_whatever_jobs_and_resumes(tmp_path, capsys):
    table1, rows1 = _run(tmp_path, "one", 1)
    table2, rows2 = _run(tmp_path, "two", 2)
    cols = ["game_index", "seat", "agent", "score", "rank", "ladder_deal", "table", "decisions"]
    assert rows1[cols].equals(rows2[cols])
    assert len(rows1) == 2 * 3 * 2 * 2                    # 2 deals x 3 pairs x 2 seatings x 2 seats
    assert table1[["rating", "lo", "hi", "win_rate"]].equals(table2[["rating", "lo", "hi", "win_rate"]])
    assert "| agent | rating |" in capsys.readouterr().out
    # a larger --deals extends the run: the first games are kept, the new ones are those of 3 deals
    with pytest.raises(SystemExit, match="already holds a run"):
        _run(tmp_path, "one", 1, deals=3)
    args = ["--game", "highcard", "--players", "2", "--agents", "random,greedy,ismcts", "--budgets", "20",
            "--deals", "3", "--boot", "20", "--out", str(tmp_path / "one"), "--resume"]
    strength.main(args)
    _, rows3 = _run(tmp_path, "three", 1, deals=3)
    extended = load_runs(tmp_path / "one")
    assert extended[cols].equals(rows3[cols])


def test_resume_refuses_other_settings(tmp_path):
    _run(tmp_path, "one", 1, deals=1)
    args = ["--game", "highcard", "--players", "2", "--agents", "random,greedy", "--deals", "1",
            "--out", str(tmp_path / "one"), "--resume"]
    with pytest.raises(SystemExit, match="other settings"):
        strength.main(args)


def test_the_matches_refuse_a_data_file():
    with pytest.raises(SystemExit, match="--data is for the ladder"):
        strength.main(["--games", "2", "--data", "x.json"])


def test_match_options_still_choose_the_matches():
    args = strength.parse_args(["--games", "4"])
    assert args.mode == "matches" and args.iterations == 2000
    assert strength.parse_args(["--game", "sanjuan", "--players", "3"]).mode == "ladder"


def test_a_ladder_plays_with_the_data_file_it_is_given(tmp_path):
    import json

    from engine_c import content

    edited = content.load("tiletum")
    edited["tables"]["start_gold"]["values"] = [2, 4, 6, 7]
    path = tmp_path / "gold.json"
    path.write_text(content.export_text(edited))

    def ladder(name, jobs, *extra):
        args = ["--game", "tiletum", "--players", "2", "--agents", "random,greedy", "--deals", "1",
                "--jobs", str(jobs), "--boot", "20", "--out", str(tmp_path / name), *extra]
        strength.main(args)
        content.use("tiletum")                       # the shipped data again, as in a new process
        return load_runs(tmp_path / name).sort_values(["game_index", "seat"]).reset_index(drop=True)

    cols = ["game_index", "seat", "agent", "score", "rank", "decisions"]
    try:
        one = ladder("one", 1, "--data", str(path))
        two = ladder("two", 2, "--data", str(path))      # loky workers install the data too
        shipped = ladder("shipped", 1)
        assert one[cols].equals(two[cols])
        assert not one[cols].equals(shipped[cols])       # other starting gold, other games
        entry = json.loads((tmp_path / "one" / "_manifest.json").read_text())["data"]
        assert entry["hash"] == content.data_hash(edited) and not entry["default"]
        assert content.data_hash(json.loads((tmp_path / "one" / "_data.json").read_text())) == entry["hash"]
        assert json.loads((tmp_path / "shipped" / "_manifest.json").read_text())["data"]["default"]
        with pytest.raises(SystemExit, match="cannot resume .* the run was played with tiletum data"):
            strength.main(["--game", "tiletum", "--players", "2", "--agents", "random,greedy", "--deals", "2",
                           "--out", str(tmp_path / "one"), "--resume"])
    finally:
        content.use("tiletum")
