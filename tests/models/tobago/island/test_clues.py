"""The clue language: TB-C1..C4 semantics on a hand-checked map, parsing and printing."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from models.errors import AtollError, AtollWarning
from models.tobago.island.clues import (
    REFERENTS,
    TERRAIN_WORDS,
    Clue,
    Relation,
    all_clues,
    clue_fields,
    clue_mask,
    holds_at,
)
from models.tobago.island.generator import random_island
from models.tobago.island.mapfile import parse_map
from models.tobago.island.options import NEXT_TO_READINGS, SIGHT_SOURCE_TEXT, ClueOptions
from tests.models.tobago.maps import TIED_LAKES, semantics_island

ISLAND = semantics_island()
LAND = frozenset(ISLAND.island_fields)


def fields(text: str, **options: object) -> frozenset[tuple[int, int]]:
    return clue_fields(ISLAND, Clue.parse(text), ClueOptions.from_mapping(options))


def test_TB_C1_in_terrain_is_the_fields_of_that_terrain() -> None:
    assert fields("in jungle") == {(2, 1), (3, 1), (2, 2), (5, 1), (6, 2)}
    assert fields("in lake") == {(4, 2), (4, 3)}


def test_TB_C1_treasure_may_lie_on_a_landmark_field() -> None:
    # The palm stands on the jungle field (2, 2); that field is still "in jungle".
    assert (2, 2) in fields("in jungle")


def test_TB_C1_next_to_is_distance_one() -> None:
    assert fields("next to mountain") == {(4, 2), (3, 1), (2, 1), (2, 2), (2, 3), (3, 3)}
    assert fields("next to statue") == fields("next to mountain")  # the statue is on (3, 2)


def test_TB_C1_next_to_sea_is_the_coast() -> None:
    inland = {(2, 2), (3, 2), (4, 2), (5, 2), (2, 3)}
    assert fields("next to sea") == LAND - inland


def test_TB_C1_in_sight_of_is_within_two_by_default() -> None:
    seen = fields("in sight of palm")  # palm on (2, 2)
    assert (2, 2) in seen  # distance 0: a treasure on the palm's field is in sight of it
    assert {(3, 2), (1, 1)} <= seen  # distance 1
    assert {(4, 2), (3, 1)} <= seen  # distance 2
    assert (5, 2) not in seen  # distance 3


def test_TB_C1_in_sight_of_a_terrain_type() -> None:
    lake = {(4, 2), (4, 3)}
    assert fields("in sight of lake") == {
        f for f in LAND if min(_d(f, (4, 2)), _d(f, (4, 3))) in (0, 1, 2)
    }
    assert lake <= fields("in sight of lake")


def test_TB_C4_in_lake_and_not_in_sight_of_lake_leave_nothing() -> None:
    # The example: with distance 0 in sight, no lake field is out of sight of the lake.
    assert not fields("in lake") & fields("not in sight of lake")
    assert fields("in lake") <= fields("not in sight of lake", sight=[1, 2])  # the old reading


def _d(a: tuple[int, int], b: tuple[int, int]) -> int:
    from models.tobago.island.hexgrid import hex_distance

    return hex_distance(a, b)


def test_TB_C2_negation_is_the_complement_on_the_island() -> None:
    for clue in all_clues():
        plain = clue_fields(ISLAND, clue)
        negated = clue_fields(ISLAND, clue.negation())
        assert plain | negated == LAND
        assert not plain & negated
    assert fields("not next to sea") == {(2, 2), (3, 2), (4, 2), (5, 2), (2, 3)}


def test_TB_C3_largest_area_only() -> None:
    assert fields("in the largest jungle") == {(2, 1), (3, 1), (2, 2)}
    assert fields("in the largest beach") == {(1, 1), (1, 2), (1, 3), (2, 4), (3, 4)}
    # (5, 2) touches only the small jungle area B; (4, 1) touches both areas.
    assert (5, 2) in fields("next to jungle")
    assert (5, 2) not in fields("next to the largest jungle")
    assert (4, 1) in fields("next to the largest jungle")


def test_TB_C3_tied_largest_means_all_tied_areas() -> None:
    with pytest.warns(AtollWarning, match="largest lake area is tied"):
        island = parse_map(TIED_LAKES)
    assert clue_fields(island, Clue.parse("in the largest lake")) == {(1, 1), (4, 1)}


def test_TB_C4_sight_option_source_text_reading() -> None:
    seen = fields("in sight of palm", sight=sorted(SIGHT_SOURCE_TEXT))
    assert (3, 2) not in seen  # distance 1: no field lies between
    assert (4, 2) in seen  # distance 2: one field between
    assert (5, 2) in seen  # distance 3: two fields between


def test_TB_C4_sight_takes_any_set_of_distances_from_0() -> None:
    assert fields("in sight of palm", sight=[0]) == {(2, 2)}
    assert fields("in sight of palm", sight=[0, 1]) == fields("next to palm", next_to="within")
    assert fields("in sight of palm", sight=[3]) == {f for f in LAND if _d(f, (2, 2)) == 3}


# "next to" on the map of maps.py: the palm (2, 2) and the mountain (3, 2) stand alone; the lake
# is two fields, (4, 2) and (4, 3), next to each other; the beach (4, 1) is a lone field.
PALM_RING = {(3, 2), (2, 1), (1, 1), (1, 2), (1, 3), (2, 3)}
LAKE = {(4, 2), (4, 3)}
LAKE_RING = {(5, 2), (4, 1), (3, 1), (3, 2), (3, 3), (5, 3), (5, 4)}


def test_TB_C4_next_to_outside_is_adjacent_and_not_inside() -> None:
    assert fields("next to palm") == PALM_RING
    assert fields("next to lake") == LAKE_RING
    assert fields("next to mountain", next_to="outside") == fields("next to mountain")


def test_TB_C4_next_to_neighbour_is_having_a_neighbour_in_x() -> None:
    assert fields("next to palm", next_to="neighbour") == PALM_RING  # the palm has no palm by it
    assert fields("next to lake", next_to="neighbour") == LAKE_RING | LAKE  # each lake field has
    beach = fields("next to beach", next_to="neighbour")
    assert (4, 1) not in beach and (1, 2) in beach  # a lone beach field is not next to beach


def test_TB_C4_next_to_within_is_inside_or_adjacent() -> None:
    assert fields("next to palm", next_to="within") == PALM_RING | {(2, 2)}
    assert fields("next to lake", next_to="within") == LAKE_RING | LAKE
    assert (4, 1) in fields("next to beach", next_to="within")


def test_TB_C4_options_are_recorded_and_validated() -> None:
    assert ClueOptions().to_dict() == {
        "sight": [0, 1, 2],
        "next_to": "outside",
        "marker_threshold": 17,
    }
    assert ClueOptions.from_mapping({"sight": [0, 3]}).sight == {0, 3}
    for bad in ([-1], [11], []):
        with pytest.raises(AtollError, match="sight"):
            ClueOptions.from_mapping({"sight": bad})
    with pytest.raises(AtollError, match="next_to: Input should be 'outside', 'neighbour' or"):
        ClueOptions.from_mapping({"next_to": "inside"})


@pytest.mark.parametrize(("old", "reading"), [(True, "within"), (False, "outside")])
def test_TB_C4_old_next_to_includes_inside_key_still_reads(old: bool, reading: str) -> None:
    with pytest.warns(AtollWarning, match=f'deprecated: write next_to = "{reading}" instead'):
        options = ClueOptions.from_mapping({"next_to_includes_inside": old}, source="o.toml")
    assert options.next_to == reading
    with pytest.raises(AtollError, match="give next_to only"):
        ClueOptions.from_mapping({"next_to_includes_inside": old, "next_to": "within"})


def test_island_touching_is_the_neighbour_ring() -> None:
    ring = {f for f, t in zip(ISLAND.island_fields, ISLAND.touching({(2, 2)}), strict=True) if t}
    assert ring == PALM_RING


def test_clue_mask_matches_field_sets() -> None:
    for clue in all_clues():
        mask = clue_mask(ISLAND, clue)
        expected = {f for i, f in enumerate(ISLAND.island_fields) if mask >> i & 1}
        assert expected == clue_fields(ISLAND, clue)


@settings(max_examples=300, deadline=None)
@given(
    clue=st.sampled_from(all_clues()),
    sight=st.sets(st.integers(0, 4), min_size=1),
    next_to=st.sampled_from(NEXT_TO_READINGS),
)
def test_compiled_semantics_equal_reference_semantics(
    clue: Clue, sight: set[int], next_to: str
) -> None:
    options = ClueOptions.from_mapping({"sight": sorted(sight), "next_to": next_to})
    compiled = clue_fields(ISLAND, clue, options)
    reference = {f for f in LAND if holds_at(ISLAND, clue, f, options)}
    assert compiled == reference


# -- parsing and printing -------------------------------------------------------------------


def test_every_clue_round_trips_through_text() -> None:
    clues = all_clues()
    assert len(clues) == len(set(clues)) == 88
    for clue in clues:
        assert Clue.parse(str(clue)) == clue


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("IN  Jungle", "in jungle"),
        ("next to the sea", "next to sea"),
        ("in sight of a palm", "in sight of palm"),
        ("not in the largest mountain", "not in the largest mountain"),
        ("next to largest lake", "next to the largest lake"),
    ],
)
def test_lenient_input_prints_canonically(text: str, canonical: str) -> None:
    assert str(Clue.parse(text)) == canonical


@pytest.mark.parametrize(
    "text, column, expected",
    [
        ("in sea", 4, "terrain type"),
        ("in palm", 4, "terrain type"),
        ("in the largest hut", 16, "terrain type"),
        ("next palm", 6, "'to'"),
        ("in sight palm", 10, "'of'"),
        ("beside palm", 1, "'in', 'next to'"),
        ("not", 4, "'in', 'next to'"),
        ("in jungle now", 11, "end of the clue"),
        ("next to palmm", 9, "referent"),
        ("", 1, "'in'"),
    ],
)
def test_parse_errors_say_where(text: str, column: int, expected: str) -> None:
    with pytest.raises(AtollError) as info:
        Clue.parse(text)
    message = str(info.value)
    assert f"at column {column}:" in message
    assert expected in message
    assert "\n" not in message


def test_grammar_restrictions_in_constructor() -> None:
    with pytest.raises(AtollError):
        Clue(Relation.IN, "sea")
    with pytest.raises(AtollError):
        Clue(Relation.NEXT_TO, "palm", largest=True)
    assert set(REFERENTS) >= set(TERRAIN_WORDS)


def test_error_keeps_the_clue_text_as_typed() -> None:
    with pytest.raises(AtollError) as info:
        Clue.parse("next to  plam")
    message = str(info.value)
    # the column counts in the text as shown, so double spaces must survive
    assert "'next to  plam': at column 10:" in message


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**32 - 1),
    sight=st.sets(st.integers(0, 3), min_size=1),
    next_to=st.sampled_from(NEXT_TO_READINGS),
)
def test_compiled_semantics_equal_reference_on_random_maps(
    seed: int, sight: set[int], next_to: str
) -> None:
    island = random_island(random.Random(seed))
    options = ClueOptions.from_mapping({"sight": sorted(sight), "next_to": next_to})
    for clue in all_clues():
        reference = {f for f in island.island_fields if holds_at(island, clue, f, options)}
        assert clue_fields(island, clue, options) == reference, str(clue)
