"""Island scoring with every tie rule (GI-I1..I6), table-driven, and end scoring (GI-F1..F5)
with the treasure partition checked against brute force."""

from __future__ import annotations

import functools
import itertools
from typing import Any

import pytest

from models.gloryislands import rounds
from models.gloryislands.options import GloryIslandsOptions
from models.gloryislands.scoring import island_fame, treasure_fame, treasure_sets
from tests.models.gloryislands.helpers import act, events, new, occupy

DEFAULT = GloryIslandsOptions()
T = (8, 4, 2)
FIVES = {0: 5, 1: 5, 2: 5, 3: 0}  # (8 + 4 + 2) / 3 up, and the 4th place

#: (pirates per player, table, trigger, options, fame per player, rule)
ISLANDS: list[
    tuple[dict[int, int], tuple[int, int, int], int, dict[str, Any], dict[int, int], str]
] = [
    # GI-I1: places by pirates; a 4th place scores nothing
    ({0: 3, 1: 2, 2: 1}, T, 0, {}, {0: 8, 1: 4, 2: 2}, "GI-I1"),
    ({1: 1, 2: 3}, T, 1, {}, {2: 8, 1: 4}, "GI-I1"),
    ({0: 4, 1: 3, 2: 2, 3: 1}, T, 3, {}, {0: 8, 1: 4, 2: 2, 3: 0}, "GI-I1"),
    ({0: 0, 1: 2}, T, 1, {}, {1: 8}, "GI-I1"),  # no pirate, no place
    # GI-I2: a tie for 1st shares 1st + 2nd, rounding up; a 3rd place scores normally
    ({0: 2, 1: 2, 2: 1}, T, 2, {}, {0: 6, 1: 6, 2: 2}, "GI-I2"),
    ({0: 2, 1: 2, 2: 1}, (7, 4, 1), 2, {}, {0: 6, 1: 6, 2: 1}, "GI-I2"),  # 11 / 2 -> 6
    ({0: 2, 1: 2}, (7, 4, 1), 0, {}, {0: 7, 1: 6}, "GI-I5"),  # everyone present: GI-I5
    ({0: 2, 1: 2, 2: 2, 3: 1}, T, 3, {}, {0: 4, 1: 4, 2: 4, 3: 2}, "GI-I2"),
    ({0: 2, 1: 2, 2: 2, 3: 1}, T, 3, {"first_tie": "places_covered"}, FIVES, "GI-I2"),
    ({0: 2, 1: 2, 2: 1, 3: 1}, T, 0, {}, {0: 6, 1: 6, 2: 1, 3: 1}, "GI-I2,GI-I4"),
    # GI-I3: a tie for 2nd shares 2nd + 3rd, no 3rd place
    ({0: 3, 1: 1, 2: 1}, T, 1, {}, {0: 8, 1: 3, 2: 3}, "GI-I3"),
    ({0: 3, 1: 1, 2: 1}, (8, 5, 2), 1, {}, {0: 8, 1: 4, 2: 4}, "GI-I3"),  # 7 / 2 -> 4
    ({0: 4, 1: 2, 2: 2, 3: 1}, T, 3, {}, {0: 8, 1: 3, 2: 3, 3: 0}, "GI-I3"),
    ({0: 3, 1: 1, 2: 1, 3: 1}, T, 1, {}, {0: 8, 1: 2, 2: 2, 3: 2}, "GI-I3"),
    # GI-I4: a tie for 3rd shares 3rd
    ({0: 3, 1: 2, 2: 1, 3: 1}, T, 0, {}, {0: 8, 1: 4, 2: 1, 3: 1}, "GI-I4"),
    ({0: 3, 1: 2, 2: 1, 3: 1}, (8, 4, 3), 0, {}, {0: 8, 1: 4, 2: 2, 3: 2}, "GI-I4"),  # 3/2 -> 2
    # GI-I5: all present tied: everything shared, rounding up, +1 for the trigger
    ({0: 1, 1: 1}, T, 1, {}, {0: 7, 1: 8}, "GI-I5"),
    ({0: 1, 1: 1, 2: 1}, T, 0, {}, {0: 6, 1: 5, 2: 5}, "GI-I5"),  # 14 / 3 -> 5
    ({0: 1, 1: 1, 2: 1, 3: 1}, T, 2, {}, {0: 4, 1: 4, 2: 5, 3: 4}, "GI-I5"),
    ({0: 1, 1: 1}, T, 1, {"all_tied_pool": "places_covered"}, {0: 6, 1: 7}, "GI-I5"),
    ({0: 2, 2: 2}, (4, 2, 0), 2, {}, {0: 3, 2: 4}, "GI-I5"),
    # one player alone: 1st place (option sole_owner)
    ({3: 4}, T, 3, {}, {3: 8}, "GI-I1"),
    ({3: 4}, T, 3, {"sole_owner": "all_tied"}, {3: 15}, "GI-I5"),
]


@pytest.mark.parametrize("pirates, table, trigger, options, fame, rule", ISLANDS)
def test_GI_I1_to_I5_island_fame_by_table(
    pirates: dict[int, int],
    table: tuple[int, int, int],
    trigger: int,
    options: dict[str, Any],
    fame: dict[int, int],
    rule: str,
) -> None:
    chosen = GloryIslandsOptions.from_mapping(options)
    assert island_fame(pirates, table, trigger=trigger, options=chosen) == (fame, rule)


def _fame(case: Any) -> dict[int, int]:
    pirates, table, trigger, options, *_ = case
    chosen = GloryIslandsOptions.from_mapping(options)
    return island_fame(pirates, table, trigger=trigger, options=chosen)[0]


@pytest.mark.parametrize("case", [c for c in ISLANDS if "GI-I2" in c[5]], ids=str)
def test_GI_I2_ties_for_first_share_1st_and_2nd(case: Any) -> None:
    assert _fame(case) == case[4]


@pytest.mark.parametrize("case", [c for c in ISLANDS if "GI-I3" in c[5]], ids=str)
def test_GI_I3_ties_for_second_share_2nd_and_3rd(case: Any) -> None:
    assert _fame(case) == case[4]


@pytest.mark.parametrize("case", [c for c in ISLANDS if "GI-I4" in c[5]], ids=str)
def test_GI_I4_ties_for_third_share_3rd(case: Any) -> None:
    assert _fame(case) == case[4]


def test_GI_I5_all_tied_share_everything_and_the_trigger_gets_1_more() -> None:
    fame, rule = island_fame({0: 1, 1: 1, 2: 1}, (8, 4, 2), trigger=2, options=DEFAULT)
    assert rule == "GI-I5" and fame == {0: 5, 1: 5, 2: 6}  # ceil(14 / 3) = 5


def test_GI_I1_a_full_island_is_scored_after_the_fillers_actions() -> None:
    state = new(2)
    occupy(state, {"b2": 1})  # Gull Rock is b2 and c2
    act(state, "p0 play red-3a", "p1 play blue-1", "p0 move 2", "p0 place c2")  # fills it
    act(state, "treasure coins", "treasure pearls", "p0 keep coins")
    assert not events(state, "island")  # not yet: his special action comes first
    act(state, "p0 extra pirate paying barrel", "p0 place c3")
    (island,) = events(state, "island")
    assert island["island"] == "Gull Rock" and island["trigger"] == 0
    assert island["pirates"] == {0: 1, 1: 1} and island["rule"] == "GI-I5"
    assert island["fame"] == {0: 4, 1: 3}  # (4 + 2 + 0) / 2 each, +1 for the trigger


def test_GI_I6_the_pirates_of_a_scored_island_go_home() -> None:
    state = new(2)
    occupy(state, {"b2": 1})
    act(state, "p0 play red-3a", "p1 play blue-1", "p0 move 2", "p0 place c2")
    act(state, "treasure coins", "treasure pearls", "p0 keep coins", "p0 pass")
    b2, c2 = state.board.route[0] + 8, 16
    assert state.occupant[b2] == state.occupant[c2] == -1
    assert state.supply == [5, 5] and state.filled[0] == 0
    assert events(state, "island")[0]["returned"] == {0: 1, 1: 1}


def test_GI_I1_an_island_emptied_before_the_turn_ends_is_not_scored() -> None:
    state = new(2)
    occupy(state, {"b2": 0, "c3": 0, "c4": 0, "c5": 0, "c6": 0})  # red's supply is empty
    act(state, "p0 play red-2", "p1 play blue-1", "p0 move 2", "p0 place c2 from b2")
    assert not events(state, "island")  # Gull Rock was full only while b2 stood


# -- end scoring ----------------------------------------------------------------------------------
def _finish(state: Any) -> dict[int, dict[str, Any]]:
    rounds.finish(state, "test")
    return {e.player: dict(e.data) for e in state.log if e.kind.value == "end-scoring"}


def test_GI_F1_one_fame_per_pirate_on_the_board() -> None:
    state = new(2)
    occupy(state, {"b2": 0, "c3": 0, "e4": 1})
    scored = _finish(state)
    assert scored[0]["pirates_on_board"] == 2 and scored[1]["pirates_on_board"] == 1


def test_GI_F2_fame_by_the_sail_track_field() -> None:
    state = new(2)
    state.sails = [0, 30]
    scored = _finish(state)
    assert scored[0]["sail_track"] == 24 and scored[1]["sail_track"] == -6


def test_GI_F3_treasure_sets_scored_by_the_best_partition() -> None:
    state = new(2)
    state.held = [[2, 2, 2, 1, 1], [3, 0, 0, 0, 0]]
    scored = _finish(state)
    assert scored[0]["treasures"] == 21 and scored[0]["sets"] == [5, 3]  # not 4 + 4 = 20
    assert scored[1]["treasures"] == 3 and scored[1]["sets"] == [1, 1, 1]


def test_GI_F4_one_fame_per_barrel() -> None:
    state = new(2)
    state.barrels, state.barrel_supply = [3, 0], 5
    scored = _finish(state)
    assert scored[0]["barrels"] == 3 and scored[1]["barrels"] == 0


def test_GI_F5_the_most_fame_wins_and_ties_are_ties() -> None:
    state = new(3)
    state.held = [[1, 0, 0, 0, 0], [0, 1, 0, 0, 0], [0, 0, 0, 0, 0]]
    _finish(state)
    assert state.returns() == (26.0, 26.0, 25.0)  # 24 sail track + 1 barrel + 1 treasure
    assert state.outcome().winners == (0, 1) and state.outcome().final
    assert events(state, "game-end")[0]["winners"] == [0, 1]


def test_GI_F5_a_sunk_ship_cannot_win() -> None:
    state = new(2)
    state.sunk = [True, False]
    state.held = [[1, 1, 1, 1, 1], [0, 0, 0, 0, 0]]
    _finish(state)
    assert state.returns()[0] > state.returns()[1] and state.outcome().winners == (1,)


# -- the treasure partition against brute force (GI-F3) --------------------------------------------
_BLOCKS = [tuple(j for j in range(5) if m >> j & 1) for m in range(1, 1 << 5)]


def _brute_force(counts: tuple[int, ...], fame: tuple[int, ...]) -> int:
    """The best split into sets of different kinds, trying every multiset of sets: sets are
    subsets of the kinds taken in one fixed order (identical tiles make every partition one of
    these). Each (tiles left, next subset) is tried once — an exhaustive search, remembered, and
    independent of the search in scoring.py (which grows the set of the most plentiful kind)."""
    return _go(tuple(counts), 0, fame)


@functools.cache
def _go(left: tuple[int, ...], start: int, fame: tuple[int, ...]) -> int:
    if not any(left):
        return 0
    best = -(10**9)
    for i in range(start, len(_BLOCKS)):
        kinds = _BLOCKS[i]
        if all(left[j] for j in kinds):
            rest = tuple(n - (j in kinds) for j, n in enumerate(left))
            best = max(best, fame[len(kinds) - 1] + _go(rest, i, fame))
    return best


def _set_partitions(items: list[int]) -> Any:
    """Every partition of a list of labelled tiles into blocks (restricted growth strings)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in _set_partitions(rest):
        for i in range(len(partition)):
            yield [*partition[:i], [first, *partition[i]], *partition[i + 1 :]]
        yield [[first], *partition]


@pytest.mark.parametrize("fame", [(1, 3, 6, 10, 15), (5, 6, 7, 8, 9), (1, 1, 10, 0, 2)])
def test_GI_F3_partition_equals_brute_force_for_every_multiset_up_to_10_tiles(
    fame: tuple[int, ...],
) -> None:
    for size in range(11):
        for combo in itertools.combinations_with_replacement(range(5), size):
            counts = tuple(combo.count(k) for k in range(5))
            assert treasure_fame(counts, fame) == _brute_force(counts, fame), counts


def test_GI_F3_partition_equals_every_set_partition_of_labelled_tiles() -> None:
    fame = (1, 3, 6, 10, 15)
    for size in range(8):
        for combo in itertools.combinations_with_replacement(range(5), size):
            best = max(
                sum(fame[len(b) - 1] for b in p) if all(len(set(b)) == len(b) for b in p) else -1
                for p in _set_partitions(list(combo))
            )
            counts = [combo.count(k) for k in range(5)]
            assert treasure_fame(counts, fame) == max(best, 0), combo


def test_GI_F3_sets_add_up_to_the_tiles() -> None:
    value, sets = treasure_sets((7, 7, 7, 7, 7), (1, 3, 6, 10, 15))
    assert value == 105 and sets == (5,) * 7
    assert treasure_sets((), (1, 3)) == (0, ())
