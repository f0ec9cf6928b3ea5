"""Luck held fixed (models/luck.py): keyed piles and races draw exactly the chance node's
distribution, each seat keeps its own order, and a changed set keeps what both sets share."""

from __future__ import annotations

import dataclasses
import json
import math
from collections import Counter
from collections.abc import Hashable

import pytest
from scipy.stats import chisquare

from analyses.studies.study import StudyConfig
from models.luck import Luck


class _Pile:
    """A chance node over a pile of lettered copies, drawn for the seat ``drawer``."""

    def __init__(self, counts: dict[str, int], drawer: int = -1, stream: str = "cards") -> None:
        self.counts, self.drawer, self.stream = dict(counts), drawer, stream

    def chance_stream(self) -> str:
        return self.stream

    def chance_for(self) -> int:
        return self.drawer

    def chance_pile(self) -> tuple[tuple[Hashable, int], ...]:
        return tuple(self.counts.items())

    def chance_outcomes(self) -> tuple[tuple[Hashable, float], ...]:
        total = sum(self.counts.values())
        return tuple((k, c / total) for k, c in self.counts.items() if c)

    def take(self, luck: Luck) -> str:
        drawn = luck.draw(self)  # type: ignore[arg-type]
        self.counts[drawn] -= 1
        return str(drawn)


class _Race(_Pile):
    def chance_pile(self) -> None:  # type: ignore[override]
        return None


def _deal(counts: dict[str, int], seed: int, drawers: tuple[int, ...] = (-1,)) -> str:
    pile, luck, out = _Pile(counts), Luck(seed), []
    for i in range(sum(counts.values())):
        pile.drawer = drawers[i % len(drawers)]
        out.append(pile.take(luck))
    return "".join(out)


def _uniform(counts: Counter[str], kinds: int) -> float:
    observed = [counts.get(k, 0) for k in sorted(counts)]
    assert len(observed) == kinds, counts
    return float(chisquare(observed).pvalue)


@pytest.mark.parametrize("drawers", [(-1,), (0, 1), (0, 1, 0, 2)])
def test_a_keyed_pile_is_a_uniform_shuffle_whoever_draws(drawers: tuple[int, ...]) -> None:
    """Every order of a pile of 4 distinct copies equally likely (chi-square over 24 orders),
    drawn for one seat or for seats in turn (each seat its own keys)."""
    deals = Counter(_deal({"a": 1, "b": 1, "c": 1, "d": 1}, seed, drawers) for seed in range(4800))
    assert _uniform(deals, math.factorial(4)) > 1e-3


def test_a_pile_with_copies_draws_without_putting_back() -> None:
    """{a: 2, b: 1}: aab, aba, baa each a third."""
    deals = Counter(_deal({"a": 2, "b": 1}, seed) for seed in range(3000))
    assert set(deals) == {"aab", "aba", "baa"}
    assert _uniform(deals, 3) > 1e-3


def test_a_pile_put_back_is_shuffled_anew() -> None:
    """Copies put back (the pile no longer what is left of the set) are drawn afresh: the
    second draw is independent of the first."""
    pairs = Counter()
    for seed in range(4000):
        pile, luck = _Pile({"a": 1, "b": 1}), Luck(seed)
        first = pile.take(luck)
        pile.counts[first] += 1  # put back
        pairs[first + pile.take(luck)] += 1
    assert _uniform(pairs, 4) > 1e-3


def test_one_copy_more_keeps_the_order_of_the_copies_both_sets_share() -> None:
    """The stack with one more copy of a kind draws every other copy in the same order: the
    longer deal less one c is the shorter deal (the tile stack of a changed tile set)."""
    for seed in range(200):
        short = _deal({"a": 3, "b": 3, "c": 3}, seed)
        long = _deal({"a": 3, "b": 3, "c": 4}, seed)
        assert any(long[:i] + long[i + 1 :] == short for i in range(len(long)) if long[i] == "c")


def test_a_larger_hand_deals_each_seat_its_smaller_hand_and_more() -> None:
    """Dealt by seat (each seat its own keys), hands of 4 and of 5 from the same pile and seed:
    most seats' 5 cards hold their 4 (a card the other seat took first is the exception)."""
    kept = 0
    for seed in range(300):
        hands = []
        for size in (4, 5):
            pile, luck = _Pile({c: 1 for c in "abcdefghijklmnopqrstuvwxyz"}), Luck(seed)
            dealt = {0: "", 1: ""}
            for seat in (0, 1):
                pile.drawer = seat
                for _ in range(size):
                    dealt[seat] += pile.take(luck)
            hands.append(dealt)
        kept += sum(set(hands[0][s]) <= set(hands[1][s]) for s in (0, 1))
    assert kept / 600 > 0.8


def test_a_race_follows_the_probabilities_and_a_small_change_keeps_most_draws() -> None:
    draws = Counter(str(Luck(s).draw(_Race({"a": 1, "b": 2, "c": 1}))) for s in range(4000))  # type: ignore[arg-type]
    assert chisquare([draws["a"], draws["b"], draws["c"]], [1000, 2000, 1000]).pvalue > 1e-3
    same = sum(
        Luck(s).draw(_Race({"a": 10, "b": 10})) == Luck(s).draw(_Race({"a": 11, "b": 10}))  # type: ignore[arg-type]
        for s in range(1000)
    )
    assert same / 1000 > 0.9  # sequential draws agree only where the cut moved by nothing


def test_streams_are_separate() -> None:
    """Drawing from one stream does not move another (a ship drawn more leaves the tiles)."""
    for seed in range(50):
        luck, other = Luck(seed), Luck(seed)
        ships = _Pile({"x": 5, "y": 5}, stream="ships")
        ships.take(other)
        ships.take(other)
        assert _deal_with(luck) == _deal_with(other)


def _deal_with(luck: Luck) -> str:
    pile = _Pile({"a": 2, "b": 2, "c": 2}, stream="tiles")
    return "".join(pile.take(luck) for _ in range(6))


def test_a_study_json_from_before_streams_resumes_as_it_was_played() -> None:
    """A config naming no chance is sequential (its digest as before); new ones are streams."""
    old = {"game": "tobago", "players": 2, "agents": ["random"], "games": 4, "seed": 1}
    config = StudyConfig.from_dict(old)
    assert config.chance == "sequential" and "chance" not in config.to_dict()
    assert StudyConfig("tobago", 2).chance == "streams"
    assert StudyConfig("tobago", 2).to_dict()["chance"] == "streams"


def test_a_study_stored_before_streams_resumes_from_the_command_line_as_it_was_played(
    tmp_path,  # type: ignore[no-untyped-def]
) -> None:
    """Half of a study played with one generator (as before streams: its study.json names no
    chance) is continued by ``--resume`` the same way: the whole equals a straight run."""
    import pandas as pd

    from analyses.cli.main import main
    from analyses.studies.store import StudyStore
    from analyses.studies.study import run_study

    old = StudyConfig("tobago", 2, ("random",), games=6, seed=3, chance="sequential")
    half = StudyStore.create(tmp_path / "s", dataclasses.replace(old, games=6))
    run_study(dataclasses.replace(old, games=3), store=half, collect=False)  # 3 of its 6 games
    assert "chance" not in json.loads((tmp_path / "s" / "study.json").read_text())["config"]
    args = ["tobago", "study", "--players", "2", "--games", "6", "--seed", "3", "--workers", "1"]
    assert main([*args, "--out", str(tmp_path / "s"), "--resume"]) == 0
    resumed = StudyStore.open(tmp_path / "s").frames().games.sort_values("game")
    straight = run_study(old).games.sort_values("game")
    columns = ["game", "seed", "winners", "moves", "turns"]
    pd.testing.assert_frame_equal(
        resumed[columns].reset_index(drop=True), straight[columns].reset_index(drop=True)
    )
