"""Tournaments (analyses.strategies.field, .tournament): the field read and checked once, the
line-ups (fewer entrants than seats too), whole deals per line-up, the same deals in every
line-up, and a stored tournament resumed only as itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyses.strategies.field import as_spec, read_field
from analyses.strategies.tournament import (
    Tournament,
    check_record,
    lineups_of,
    play_tournament,
    read_tournament,
)
from models.errors import AtollError
from tests.analyses.strategies.planted import BEST, GAME, WORST, register

register()  # the template game, for this module's tests (collected after the reports')

PLAN = """name = "Bold"
game = "template"
about = "Dives with a card of at least `least`."
fallback = "random"
[params]
least = { value = 3, low = 1, high = 6 }
[[rules]]
kind = "dive"
when = ["card >= least"]
"""


def test_the_lineups_cover_the_field() -> None:
    assert lineups_of(3, 2) == [(0, 1), (0, 2), (1, 2)]
    assert len(lineups_of(6, 4)) == 15
    # fewer entrants than seats: every entrant plays, each holds the extra seats as often
    fills = lineups_of(3, 4)
    assert fills == [(0, 0, 1, 2), (0, 1, 1, 2), (0, 1, 2, 2)]
    assert all(sum(lu.count(e) for lu in fills) == 4 for e in range(3))


def test_games_become_whole_deals_per_lineup_and_the_note_says_so() -> None:
    field = read_field(GAME, ["random", BEST, WORST])
    t = Tournament.plan(GAME, field, players=2, games=20, seed=1)
    assert (t.deals, t.games) == (4, 24)
    note = t.rounding(20)
    assert note is not None and "--games 20 became 24" in note and "3 line-ups" in note
    assert "\n" not in note and t.rounding(24) is None
    three = Tournament.plan(GAME, field, players=4, games=1, seed=1)
    assert (three.deals, len(three.lineups()), three.games) == (1, 3, 12)
    assert three.config(0).agents == ("random", "random", BEST, WORST)
    with pytest.raises(AtollError, match=r"players: .* 2 to 4 players, not 5"):
        Tournament.plan(GAME, field, players=5, games=10, seed=1)


def test_an_entry_is_a_bundled_name_a_file_or_an_agent(tmp_path: Path) -> None:
    plan = tmp_path / "bold.toml"
    plan.write_text(PLAN)
    assert as_spec("high-card-diver", GAME) == "strategy:high-card-diver"
    field = read_field(GAME, f"high-card-diver,{plan},ismcts:iterations=5,depth=2")
    assert [e.spec for e in field] == [
        "strategy:high-card-diver",
        f"strategy:{plan}",
        "ismcts:iterations=5,depth=2",
    ]
    assert field[1].name == "Bold" and field[1].source == str(plan) and len(field[1].sha256) == 64
    assert field[0].source == "bundled" and not field[2].is_strategy


@pytest.mark.parametrize(
    ("entries", "words"),
    [
        ("no-such-plan,random", "'no-such-plan' is no agent (random, greedy, ismcts), no bundled"),
        ("random", "at least 2 entrants, got 1 (random)"),
        ("random,strategy:random", "strategy: no bundled strategy 'random'"),
        ("high-card-diver,strategy:high-card-diver", "name the same entrant"),
        ("random,missing.toml", "missing.toml"),
        ("random,strategy:high-card-diver,least=9", "least: 9 is outside its range 1..6"),
    ],
)
def test_a_bad_field_is_one_line(entries: str, words: str) -> None:
    with pytest.raises(AtollError) as caught:
        read_field(GAME, entries)
    assert words in caught.value.one_line() and "\n" not in caught.value.one_line()


def test_a_bad_strategy_file_names_file_rule_and_field(tmp_path: Path) -> None:
    plan = tmp_path / "bad.toml"
    plan.write_text(PLAN.replace("card >= least", "pearls >= least"))
    with pytest.raises(AtollError) as caught:
        read_field(GAME, ["random", str(plan)])
    line = caught.value.one_line()
    assert "bad.toml" in line and "pearls" in line and "\n" not in line


def test_every_lineup_plays_the_same_deals(tmp_path: Path) -> None:
    field = read_field(GAME, ["random", BEST, WORST])
    t = Tournament.plan(GAME, field, players=2, games=18, seed=5)
    frames = read_tournament(play_tournament(t, tmp_path))
    seeds = frames.games.groupby("lineup").apply(lambda g: list(g.sort_values("game")["seed"]))
    assert seeds.map(tuple).nunique() == 1 and len(seeds) == 3  # common random numbers
    assert set(frames.players["entrant"]) == {"random", BEST, WORST}
    assert (frames.choices["entrant"].notna()).all() and not frames.choices.empty


def test_a_stored_tournament_resumes_only_as_itself(tmp_path: Path) -> None:
    plan = tmp_path / "bold.toml"
    plan.write_text(PLAN)
    field = read_field(GAME, ["random", str(plan)])
    t = Tournament.plan(GAME, field, players=2, games=4, seed=0)
    root = tmp_path / "t"
    play_tournament(t, root)
    with pytest.raises(AtollError, match="holds a tournament already: continue it with --resume"):
        check_record(root, t, resume=False)
    check_record(root, t, resume=True)  # the same: fine
    more = Tournament.plan(GAME, field, players=2, games=40, seed=0)
    with pytest.raises(AtollError, match="deals 2 there, 20 here"):
        check_record(root, more, resume=True)
    other = Tournament.plan(GAME, read_field(GAME, ["random", BEST]), players=2, games=4, seed=0)
    with pytest.raises(AtollError, match="another field"):
        check_record(root, other, resume=True)
    plan.write_text(PLAN.replace("value = 3", "value = 2"))
    changed = Tournament.plan(GAME, read_field(GAME, ["random", str(plan)]), players=2, games=4,
                              seed=0)  # fmt: skip
    with pytest.raises(AtollError, match=r"strategy file of .* changed since the tournament began"):
        check_record(root, changed, resume=True)
