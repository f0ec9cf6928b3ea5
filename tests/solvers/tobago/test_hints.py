"""Hint solving: known answers, the distinct option, legality, and three backends that agree."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from models.tobago.island.clues import Clue, all_clues
from models.tobago.island.deck import load_deck
from models.tobago.island.generator import random_island
from models.tobago.island.hints import TREASURES, Hints
from models.tobago.island.mapfile import bundled_maps, load_map
from models.tobago.island.options import NEXT_TO_READINGS, ClueOptions
from solvers.tobago.hints import (
    BACKENDS,
    Conflict,
    candidates,
    check,
    legality_matrix,
    solve_candidates,
    treasure_status,
)
from tests.models.tobago.maps import semantics_island

ISLAND = semantics_island()
LAND = set(ISLAND.island_fields)
C = Clue.parse


def hints_of(**by_treasure: list[str]) -> Hints:
    return Hints({int(k[1:]): tuple(C(s) for s in v) for k, v in by_treasure.items()})


@pytest.mark.parametrize("backend", BACKENDS)
def test_candidates_known_answer(backend: str) -> None:
    hints = hints_of(
        t1=["in jungle", "not next to sea"],
        t2=["in sight of palm", "in beach"],
        t3=["in lake", "in mountain"],
    )
    found = candidates(ISLAND, hints, backend=backend)  # type: ignore[arg-type]
    assert found[1] == ((2, 2),)
    assert found[2] == ((1, 1), (1, 2), (1, 3), (2, 4), (3, 4))  # (4, 1) is 3 away
    assert found[3] == ()  # contradictory hints
    assert found[4] == tuple(sorted(LAND))  # no hints: every island field


@pytest.mark.parametrize("backend", BACKENDS)
def test_distinct_treasures_exclude_each_others_forced_fields(backend: str) -> None:
    hints = hints_of(t1=["in lake"], t2=["in lake", "next to mountain"])
    alone = candidates(ISLAND, hints, backend=backend)  # type: ignore[arg-type]
    assert alone[1] == ((4, 2), (4, 3))
    joint = candidates(ISLAND, hints, backend=backend, distinct=True)  # type: ignore[arg-type]
    assert joint[1] == ((4, 3),)
    assert joint[2] == ((4, 2),)
    assert set(joint[3]) == LAND - {(4, 2), (4, 3)}


@pytest.mark.parametrize("backend", BACKENDS)
def test_distinct_conflict_names_the_treasures_and_keeps_the_others(backend: str) -> None:
    # Treasures 1 and 2 both "in mountain": the one mountain field (3, 2) cannot hold both.
    hints = hints_of(t1=["in mountain"], t2=["in mountain"], t3=["in lake"])
    assert candidates(ISLAND, hints, backend=backend)[1] == ((3, 2),)  # type: ignore[arg-type]
    answer = solve_candidates(ISLAND, hints, backend=backend, distinct=True)  # type: ignore[arg-type]
    assert answer.conflicts == (Conflict((1, 2), ((3, 2),)),)
    assert answer.fields[1] == answer.fields[2] == ()
    assert answer.fields[3] == ((4, 2), (4, 3))  # kept: solved with treasure 4 alone
    assert set(answer.fields[4]) == LAND  # treasure 3 has two fields, so 4 may take either


@pytest.mark.parametrize("backend", BACKENDS)
def test_distinct_with_one_contradictory_treasure_keeps_the_others(backend: str) -> None:
    hints = hints_of(t1=["in lake", "in jungle"], t2=["in lake"], t3=["in lake"])
    answer = solve_candidates(ISLAND, hints, backend=backend, distinct=True)  # type: ignore[arg-type]
    assert answer.conflicts == (Conflict((1,), ()),)
    assert answer.fields[1] == ()
    assert answer.fields[2] == answer.fields[3] == ((4, 2), (4, 3))
    assert set(answer.fields[4]) == LAND - {(4, 2), (4, 3)}


def test_distinct_conflicts_are_the_smallest_groups() -> None:
    # 1, 2 and 3 all in the lake (two fields): every pair fits, the three do not.
    hints = hints_of(t1=["in lake"], t2=["in lake"], t3=["in lake"], t4=["in mountain"])
    answer = solve_candidates(ISLAND, hints, distinct=True)
    assert answer.conflicts == (Conflict((1, 2, 3), ((4, 2), (4, 3))),)
    assert answer.fields[4] == ((3, 2),)


def test_TB_H5_H6_status_of_each_treasure() -> None:
    assert [treasure_status(n) for n in (0, 1, 2, 16, 17, 80)] == [
        "contradictory",
        "pinned",
        "marked",
        "marked",
        "open",
        "open",
    ]
    assert treasure_status(5, ClueOptions(marker_threshold=5)) == "open"


@pytest.mark.parametrize("backend", BACKENDS)
def test_check_reasons_and_counts(backend: str) -> None:
    hints = hints_of(t1=["in jungle"])
    b = {"backend": backend}
    legal = check(ISLAND, hints, 1, C("not next to sea"), **b)  # type: ignore[arg-type]
    assert (legal.legal, legal.reason, legal.excluded, legal.remaining) == (True, "legal", 4, 1)
    none = check(ISLAND, hints, 1, C("in sight of sea"), **b)  # type: ignore[arg-type]
    assert (none.reason, none.excluded, none.remaining) == ("excludes-none", 0, 5)
    everything = check(ISLAND, hints, 1, C("in beach"), **b)  # type: ignore[arg-type]
    assert (everything.legal, everything.reason, everything.remaining) == (False, "excludes-all", 0)


@pytest.mark.parametrize("backend", BACKENDS)
def test_TB_H4_contradiction_is_excludes_all_in_every_backend(backend: str) -> None:
    hints = hints_of(t2=["next to palm"])
    result = check(ISLAND, hints, 2, C("not next to palm"), backend=backend)  # type: ignore[arg-type]
    assert result.reason == "excludes-all"
    assert result.excluded == 6


@pytest.mark.parametrize("stem", sorted(bundled_maps()))
def test_backends_agree_on_bundled_maps_with_the_deck(stem: str) -> None:
    island = load_map(bundled_maps()[stem])
    deck = load_deck().distinct()
    rng = random.Random(stem)
    hints = Hints({t: tuple(rng.sample(deck, 2)) for t in TREASURES})
    answers = [candidates(island, hints, backend=b) for b in BACKENDS]
    assert answers[0] == answers[1] == answers[2]
    frames = [
        legality_matrix(island, hints, deck, backend=b).to_frame("remaining") for b in BACKENDS
    ]
    assert frames[0].equals(frames[1]) and frames[0].equals(frames[2])


def test_matrix_frame_shape_and_hand() -> None:
    hand = [C("in jungle"), C("next to sea"), C("in jungle")]  # a duplicate card counts once
    matrix = legality_matrix(ISLAND, hints_of(t1=["in jungle"]), hand)
    frame = matrix.to_frame()
    assert list(frame.index) == ["in jungle", "next to sea"]
    assert list(frame.columns) == [1, 2, 3, 4]
    assert frame.loc["in jungle", 1] == "excludes-none"
    assert frame.loc["in jungle", 2] == "legal"


# -- property tests: the three backends agree --------------------------------------------------

CLUES = all_clues()
hint_lists = st.lists(st.sampled_from(CLUES), max_size=3)


@settings(
    max_examples=1000, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    seed=st.integers(0, 2**32 - 1),
    h1=hint_lists,
    h2=hint_lists,
    h3=hint_lists,
    h4=hint_lists,
    probe=st.lists(st.sampled_from(CLUES), min_size=1, max_size=6),
    sight=st.sampled_from([[0, 1, 2], [1, 2], [2, 3], [0], [1, 2, 3]]),
    next_to=st.sampled_from(NEXT_TO_READINGS),
)
def test_property_backends_agree(
    seed: int,
    h1: list[Clue],
    h2: list[Clue],
    h3: list[Clue],
    h4: list[Clue],
    probe: list[Clue],
    sight: list[int],
    next_to: str,
) -> None:
    island = random_island(random.Random(seed))
    hints = Hints({1: tuple(h1), 2: tuple(h2), 3: tuple(h3), 4: tuple(h4)})
    options = ClueOptions.from_mapping({"sight": sight, "next_to": next_to})
    answers = [candidates(island, hints, backend=b, options=options) for b in BACKENDS]
    assert answers[0] == answers[1] == answers[2]
    cells = [
        legality_matrix(island, hints, probe, backend=b, options=options).cells for b in BACKENDS
    ]
    assert cells[0] == cells[1] == cells[2]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), h1=hint_lists, h2=hint_lists, h3=hint_lists, h4=hint_lists)
def test_property_backends_agree_distinct(
    seed: int, h1: list[Clue], h2: list[Clue], h3: list[Clue], h4: list[Clue]
) -> None:
    island = random_island(random.Random(seed), max_width=7, max_height=7)
    hints = Hints({1: tuple(h1), 2: tuple(h2), 3: tuple(h3), 4: tuple(h4)})
    solved = [solve_candidates(island, hints, backend=b, distinct=True) for b in BACKENDS]
    assert solved[0] == solved[1] == solved[2]
    alone = candidates(island, hints, backend="bitset")
    stuck = {t for c in solved[0].conflicts for t in c.treasures}
    assert {t for t in TREASURES if not solved[0].fields[t]} == stuck  # the others keep fields
    answers = [s.fields for s in solved]
    assert all(set(answers[0][t]) <= set(alone[t]) for t in TREASURES)
