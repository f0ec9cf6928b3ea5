"""Hint rules TB-H1..H6 on the hand-checked map of tests/models/tobago/maps.py."""

from __future__ import annotations

import pytest

from models.errors import AtollError
from models.tobago.island.clues import Clue
from models.tobago.island.hints import Hints
from models.tobago.island.legality import (
    EXCLUDES_ALL,
    EXCLUDES_NONE,
    LEGAL,
    candidate_mask,
    fields_of_mask,
    fixed_field,
    lay_hint,
    legality_code,
    marked_fields,
    replay,
)
from models.tobago.island.options import ClueOptions
from tests.models.tobago.maps import semantics_island

ISLAND = semantics_island()
C = Clue.parse


def cands(hints: Hints, t: int = 1) -> tuple[tuple[int, int], ...]:
    return fields_of_mask(ISLAND, candidate_mask(ISLAND, hints, t))


def test_TB_H1_laid_hint_goes_behind_and_narrows() -> None:
    hints = lay_hint(ISLAND, Hints(), 1, C("in jungle"))
    hints = lay_hint(ISLAND, hints, 1, C("in the largest jungle"))
    assert [str(c) for c in hints.of(1)] == ["in jungle", "in the largest jungle"]
    assert hints.of(2) == ()
    assert cands(hints) == ((2, 1), (2, 2), (3, 1))


def test_TB_H2_a_clue_must_exclude_a_candidate() -> None:
    hints = Hints({1: (C("in the largest jungle"),)})
    # Every field of the largest jungle is a jungle field: nothing would be excluded.
    with pytest.raises(AtollError, match="TB-H2"):
        lay_hint(ISLAND, hints, 1, C("in jungle"))
    assert (
        legality_code(
            candidate_mask(ISLAND, hints, 1),
            candidate_mask(ISLAND, Hints({1: (C("in jungle"),)}), 1),
        )
        == EXCLUDES_NONE
    )


def test_TB_H3_a_clue_must_not_exclude_all() -> None:
    hints = Hints({1: (C("in jungle"),)})
    with pytest.raises(AtollError, match="TB-H3"):
        lay_hint(ISLAND, hints, 1, C("in lake"))


def test_TB_H4_contradicting_an_earlier_hint_is_illegal() -> None:
    hints = Hints({1: (C("next to sea"),)})
    with pytest.raises(AtollError, match="TB-H3"):
        lay_hint(ISLAND, hints, 1, C("not next to sea"))
    # ... while a clue that only overlaps is legal
    after = lay_hint(ISLAND, hints, 1, C("in jungle"))
    assert cands(after) == ((2, 1), (3, 1), (5, 1), (6, 2))


def test_TB_H4_hint_at_another_treasure_does_not_constrain() -> None:
    hints = Hints({1: (C("next to sea"),)})
    assert lay_hint(ISLAND, hints, 2, C("not next to sea")).of(2) == (C("not next to sea"),)


def test_TB_H5_stones_mark_candidates_below_the_threshold() -> None:
    assert len(ISLAND.island_fields) == 20
    assert marked_fields(ISLAND, Hints(), 1) is None  # 20 candidates: too many for stones
    hints = Hints({1: (C("next to sea"),)})
    assert len(marked_fields(ISLAND, hints, 1) or ()) == 15  # 15 < 17: marked
    assert marked_fields(ISLAND, hints, 1, ClueOptions(marker_threshold=15)) is None
    narrowed = lay_hint(ISLAND, hints, 1, C("in beach"))
    assert marked_fields(ISLAND, narrowed, 1) == ((1, 1), (1, 2), (1, 3), (2, 4), (3, 4), (4, 1))
    # A new hint takes the stones off the fields it excludes.
    again = lay_hint(ISLAND, narrowed, 1, C("in the largest beach"))
    assert marked_fields(ISLAND, again, 1) == ((1, 1), (1, 2), (1, 3), (2, 4), (3, 4))
    # The threshold is a rule option.
    low = ClueOptions(marker_threshold=3)
    assert marked_fields(ISLAND, again, 1, low) is None


def test_TB_H6_one_candidate_fixes_the_treasure() -> None:
    hints = Hints({1: (C("in mountain"),)})
    assert fixed_field(ISLAND, hints, 1) == (3, 2)
    assert fixed_field(ISLAND, Hints({1: (C("in lake"),)}), 1) is None
    assert fixed_field(ISLAND, Hints(), 1) is None


def test_legality_codes() -> None:
    assert legality_code(0b0110, 0b0010) == LEGAL
    assert legality_code(0b0110, 0b1110) == EXCLUDES_NONE
    assert legality_code(0b0110, 0b1001) == EXCLUDES_ALL


def test_TB_S2_four_treasures_are_searched() -> None:
    from models.tobago.island.hints import TREASURES

    assert TREASURES == (1, 2, 3, 4)
    assert set(Hints().by_treasure) == {1, 2, 3, 4}
    # clearing a raised treasure starts a new search of that colour, the others keep theirs
    hints = Hints({1: (C("in jungle"),), 2: (C("in lake"),)}).cleared(1)
    assert hints.of(1) == () and hints.of(2) == (C("in lake"),)
    with pytest.raises(AtollError):
        Hints({5: (C("in lake"),)})


def test_TB_H1_H4_replay_accepts_hints_laid_in_order() -> None:
    hints = Hints({1: (C("next to sea"), C("in beach"), C("in the largest beach"))})
    replay(ISLAND, hints)  # each one narrowed the candidates when it was laid


@pytest.mark.parametrize(
    ("laid", "index", "rule"),
    [
        (["in the largest jungle", "in jungle"], 1, "TB-H2: when it was laid it excluded no"),
        (["in jungle", "in lake"], 1, "TB-H3: when it was laid it excluded every candidate"),
        (["next to sea", "not next to sea"], 1, "TB-H3"),  # TB-H4: a contradiction
        (["in sight of sea"], 0, "TB-H2"),  # every field is within two of the sea
    ],
)
def test_TB_H2_H4_replay_names_treasure_and_clue(laid: list[str], index: int, rule: str) -> None:
    hints = Hints({3: tuple(C(t) for t in laid)})
    with pytest.raises(AtollError) as info:
        replay(ISLAND, hints, source="h.toml")
    error = info.value
    assert (error.source, error.entry, error.field) == ("h.toml", "treasure.3", f"hints[{index}]")
    assert str(error).startswith(f"h.toml: treasure.3: hints[{index}]: '{laid[index]}': {rule}")
    assert "Semantics" in str(error) and "\n" not in str(error)
