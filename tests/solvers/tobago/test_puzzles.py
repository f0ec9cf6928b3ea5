"""Setting and explaining puzzles: known answers on a hand-drawn map, and every puzzle the
generator sets checked by an independent backend (python-constraint over the plain reference
semantics)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from models.errors import AtollError
from models.tobago.island.clues import Clue, all_clues, holds_at
from models.tobago.island.deck import load_deck
from models.tobago.island.generator import random_island
from models.tobago.island.hints import Hints
from models.tobago.island.mapfile import load_bundled_map, parse_map
from models.tobago.island.options import ClueOptions
from solvers.limits import Deadline, SolverUnknown
from solvers.tobago import backend_cover as hints_cover
from solvers.tobago.hints import candidates
from solvers.tobago.puzzles import (
    min_clue_counts,
    minimal_clue_sets,
    random_puzzle,
    rank,
    smallest_conflict,
    unfindable_fields,
    why,
)

# The map (odd rows sit half a field to the right), a palm on the mountain (2,2):
#
#   col   0 1 2 3 4 5
#   row 0 ~ ~ ~ ~ ~ ~
#   row 1  ~ B J J ~ ~        (1,1) beach  (2,1) jungle  (3,1) jungle
#   row 2 ~ B M J R ~         (1,2) beach  (2,2) mountain + palm  (3,2) jungle  (4,2) river
#   row 3  ~ ~ ~ ~ ~ ~
#
# Where the deck's clues hold, worked out by hand:
#   in jungle         (2,1) (3,1) (3,2)
#   in beach          (1,1) (1,2)
#   next to river     (3,1) (3,2)
#   next to palm      (1,1) (1,2) (2,1) (3,2)
#   not next to palm  (2,2) (3,1) (4,2)
#   in mountain       (2,2)
#   next to beach     (2,1) (2,2)
REEF = parse_map(
    'name = "Reef"\nterrain = """\n~ ~ ~ ~ ~ ~\n ~ B J J ~ ~\n~ B M J R ~\n ~ ~ ~ ~ ~ ~\n"""\n'
    '[[landmark]]\nkind = "palm"\nat = [2, 2]\n'
)
DECK = [
    Clue.parse(t)
    for t in (
        "in jungle",
        "in beach",
        "next to river",
        "next to palm",
        "not next to palm",
        "in mountain",
        "next to beach",
    )
]


def names(sets: tuple[tuple[Clue, ...], ...]) -> list[list[str]]:
    return [[str(c) for c in s] for s in sets]


@pytest.mark.parametrize(
    ("target", "sets"),
    [
        ((2, 2), [["in mountain"], ["not next to palm", "next to beach"]]),
        ((3, 1), [["in jungle", "not next to palm"], ["next to river", "not next to palm"]]),
        ((2, 1), [["in jungle", "next to beach"], ["next to palm", "next to beach"]]),
        ((3, 2), [["next to river", "next to palm"]]),  # with "in jungle" too is redundant
        ((1, 1), []),  # beach and next to palm: both beach fields
        ((4, 2), []),  # only "not next to palm" holds there: three fields
    ],
)
def test_minimal_clue_sets_known_answers(target, sets) -> None:
    answer = minimal_clue_sets(REEF, target, DECK)
    assert (answer.findable, names(answer.minimal_sets)) == (bool(sets), sets)
    assert answer.to_json() == {
        "target": list(target),
        "findable": bool(sets),
        "minimal_sets": sets,
    }


def test_max_sets_keeps_the_smallest() -> None:
    assert names(minimal_clue_sets(REEF, (2, 2), DECK, max_sets=1).minimal_sets) == [
        ["in mountain"]
    ]


def test_unfindable_fields_and_min_clue_counts_known_answers() -> None:
    assert unfindable_fields(REEF, DECK) == ((1, 1), (1, 2), (4, 2))
    assert min_clue_counts(REEF, DECK) == {
        (1, 1): None,
        (2, 1): 2,
        (3, 1): 2,
        (1, 2): None,
        (2, 2): 1,
        (3, 2): 2,
        (4, 2): None,
    }


def test_TB_C4_options_change_the_puzzle() -> None:
    # With next_to = "within", "next to palm" holds on (2,2) too and "next to beach" on the
    # beach fields too: "next to palm" + "next to beach" leave (1,1) (1,2) (2,1) (2,2), so only
    # one of the two default sets for (2,1) is left.
    within = ClueOptions(next_to="within")
    assert names(minimal_clue_sets(REEF, (2, 1), DECK, options=within).minimal_sets) == [
        ["in jungle", "next to beach"]
    ]


def test_a_target_must_be_an_island_field() -> None:
    with pytest.raises(AtollError, match=r"target: \[0, 0\] is a sea field"):
        minimal_clue_sets(REEF, (0, 0), DECK)
    with pytest.raises(AtollError, match=r"target: \[9, 1\] is off the map \(6x4\)"):
        minimal_clue_sets(REEF, (9, 1), DECK)


@pytest.mark.parametrize("clues", [1, 2])
@pytest.mark.parametrize("seed", range(4))
def test_random_puzzle_on_the_hand_drawn_map(clues: int, seed: int) -> None:
    puzzle = random_puzzle(REEF, DECK, clues=clues, seed=seed)
    assert len(puzzle.clues) == clues
    assert_unique_and_irredundant(REEF, puzzle.target, puzzle.clues)
    assert puzzle == random_puzzle(REEF, DECK, clues=clues, seed=seed)  # the seed decides


def test_random_puzzle_that_cannot_exist_is_one_error_line() -> None:
    # every 3-set holds "in mountain" or a redundant clue; the fewest any field needs is 1
    with pytest.raises(AtollError) as info:
        random_puzzle(REEF, DECK, clues=3, seed=1)
    assert str(info.value) == (
        "clues: no field of Reef can be pinned by exactly 3 of these clues with none redundant "
        "(the fewest any field needs is 1)"
    )


def assert_unique_and_irredundant(island, target, clues) -> None:  # type: ignore[no-untyped-def]
    """The csp backend (python-constraint, reference semantics) confirms: the clues leave only
    the target, and without any one of them another field would remain."""
    hints = Hints({1: tuple(clues)})
    assert candidates(island, hints, backend="csp")[1] == (target,)
    for left_out in range(len(clues)):
        fewer = Hints({1: tuple(c for i, c in enumerate(clues) if i != left_out)})
        assert len(candidates(island, fewer, backend="csp")[1]) > 1


@pytest.mark.parametrize(("stem", "clues"), [("reef", 3), ("reef", 4), ("lagoon", 3)])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_puzzles_on_bundled_maps_are_checked_by_csp(stem: str, clues: int, seed: int):
    island = load_bundled_map(stem)
    puzzle = random_puzzle(island, load_deck().cards, clues=clues, seed=seed)
    assert len(puzzle.clues) == clues
    assert_unique_and_irredundant(island, puzzle.target, puzzle.clues)


# -- independent cross-checks on random maps ------------------------------------------------


def brute_force_min(island, deck, field):  # type: ignore[no-untyped-def]
    """The fewest deck clues pinning ``field``, by trying every subset with the plain reference
    semantics (``holds_at``): small decks only."""
    holding = {c: {f for f in island.island_fields if holds_at(island, c, f)} for c in deck}
    true = [c for c in deck if field in holding[c]]
    for k in range(len(true) + 1):
        for group in combinations(true, k):
            left = set(island.island_fields)
            for c in group:
                left &= holding[c]
            if left == {field}:
                return k
    return None


@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), picks=st.integers(0, 2**32 - 1))
def test_min_clue_counts_equal_brute_force_on_random_maps(seed: int, picks: int) -> None:
    island = random_island(random.Random(seed), max_width=7, max_height=7)
    deck = random.Random(picks).sample(all_clues(), 10)
    counts = min_clue_counts(island, deck)
    for field in island.island_fields:
        assert counts[field] == brute_force_min(island, deck, field), field
        answer = minimal_clue_sets(island, field, deck, max_sets=1)
        assert answer.findable == (counts[field] is not None)
        if answer.findable:
            assert len(answer.minimal_sets[0]) == counts[field]


# -- answers for a solver --------------------------------------------------------------------


def test_why_names_the_first_clue_that_excluded_the_field() -> None:
    hints = Hints({2: tuple(Clue.parse(t) for t in ("next to palm", "in jungle", "in beach"))})
    answer = why(REEF, hints, 2, (1, 1))  # beach: kept by "next to palm", out by "in jungle"
    assert answer.first == (1, Clue.parse("in jungle"))
    assert answer.excluded_by == ((1, Clue.parse("in jungle")),)
    assert why(REEF, hints, 2, (2, 2)).first == (0, Clue.parse("next to palm"))
    assert why(REEF, hints, 1, (2, 2)).candidate  # treasure 1 has no hints


def test_rank_known_answer_best_first() -> None:
    hints = Hints({1: (Clue.parse("in jungle"),)})  # candidates (2,1) (3,1) (3,2)
    ranked = rank(REEF, hints, DECK, treasures=[1])
    rows = [(str(r.clue), r.remaining, r.pins, r.expected) for r in ranked]
    assert rows == [
        ("not next to palm", 1, True, 1.0),  # leaves (3,1)
        ("next to beach", 1, True, 1.0),  # leaves (2,1)
        ("next to river", 2, False, 1.0),  # (3,1) (3,2): "next to palm" or "not ..." splits it
        ("next to palm", 2, False, 1.0),  # (2,1) (3,2)
    ]


def test_smallest_conflict_known_answer() -> None:
    clues = [Clue.parse(t) for t in ("next to palm", "in jungle", "in beach", "in mountain")]
    assert smallest_conflict(REEF, clues) == (Clue.parse("in jungle"), Clue.parse("in beach"))
    assert smallest_conflict(REEF, clues[:1]) == ()


def test_min_clue_counts_by_cpsat_alone_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    island = load_bundled_map("reef")
    deck = load_deck().cards
    fast = min_clue_counts(island, deck)
    monkeypatch.setattr(hints_cover, "BRUTE_FORCE_SETS", 0)  # every size by CP-SAT
    assert min_clue_counts(island, deck) == fast


def test_every_puzzle_solve_honours_its_time_limit() -> None:
    deadline = Deadline(1.0)
    deadline.spent = 1.0
    with pytest.raises(SolverUnknown):
        hints_cover.smallest_covers(0b11, [0b01, 0b10], limit=1, deadline=deadline)
    with pytest.raises(SolverUnknown):
        minimal_clue_sets(load_bundled_map("caldera"), (6, 2), load_deck().cards, time_limit=1e-9)
