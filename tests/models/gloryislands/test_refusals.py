"""Refusals name the rule that forbids the action — also when the engine passed the step by
itself because it left no choice (no special action affordable, no free field to place on),
and when the player named in a scenario entry is not the one who decides."""

from __future__ import annotations

import pytest

from models.errors import IllegalActionError
from models.gloryislands import rounds
from models.gloryislands.actions import HUNT, parse_action
from models.gloryislands.state import GloryIslandsState
from tests.models.gloryislands.helpers import act, new, occupy


def _refused(state: GloryIslandsState, entry: str) -> IllegalActionError:
    """The refusal of a scenario entry (``p0 hunt``) or, without a player, of the action."""
    with pytest.raises(IllegalActionError) as info:
        if entry.startswith("p"):
            act(state, entry)
        else:
            state.apply(parse_action(entry))
    assert "\n" not in str(info.value)
    return info.value


def _two_card_without_barrel() -> GloryIslandsState:
    state = new(2)
    state.barrels[0] = 0
    act(state, "p0 play red-2", "p1 play blue-1", "p0 move 2", "p0 place c3")
    assert state.player == 1  # no barrel: the turn ended without asking for a special action
    return state


def test_GI_C2_a_hunt_without_a_barrel_names_GI_C2_not_the_turn_order() -> None:
    state = _two_card_without_barrel()
    error = _refused(state, "p0 hunt")
    assert error.rule == "GI-C2" and "no barrel" in error.message
    assert "player 1's decision" in error.message
    error = _refused(state, "hunt")  # the action alone, through the protocol
    assert error.rule == "GI-C2" and "no barrel" in error.message


def test_GI_C2_passing_the_special_action_that_passed_by_itself_names_GI_C2() -> None:
    error = _refused(_two_card_without_barrel(), "p0 pass")
    assert error.rule == "GI-C2" and "passed by itself" in error.message


def test_GI_C2_a_hunt_after_a_5_card_names_the_2_card() -> None:
    state = act(new(2), "p0 play red-5", "p1 play blue-1", "p0 move 5", "p0 place f4")
    error = _refused(state, "p0 hunt")
    assert error.rule == "GI-C2" and "comes with a 2-card" in error.message
    assert HUNT not in state.legal_actions()


def test_GI_C3_a_second_pirate_without_a_free_field_names_GI_C3() -> None:
    state = new(2)
    occupy(state, {"c2": 1, "c4": 1, "c5": 1, "c6": 1})  # with his pirate on c3: a full line
    act(state, "p0 play red-3a", "p1 play blue-1", "p0 move 2", "p0 place c3")
    assert state.player == 1
    error = _refused(state, "p0 extra pirate paying barrel")
    assert error.rule == "GI-C3" and "no free field" in error.message


def test_GI_A6_placing_on_a_full_line_names_GI_A6() -> None:
    state = new(2)
    occupy(state, {"c2": 1, "c3": 1, "c4": 1, "c5": 0, "c6": 0})
    act(state, "p0 play red-2", "p1 play blue-1", "p0 move 2")
    assert state.phase == "special"  # no pirate was placed: the 2-card's hunt is offered
    error = _refused(state, "p0 place c4")
    assert error.rule == "GI-A6" and "holds a pirate" in error.message
    assert _refused(state, "place c4").rule == "GI-A6"


def test_GI_A6_the_skipped_placement_is_forgotten_after_the_next_decision() -> None:
    state = new(2)
    occupy(state, {"c2": 1, "c3": 1, "c4": 1, "c5": 0, "c6": 0})
    act(state, "p0 play red-2", "p1 play blue-1", "p0 move 2", "p0 pass")
    assert state.player == 1 and state.phase == "move"
    assert _refused(state, "place c4").rule == "GI-A1"  # player 1 moves before he places


def test_GI_R2_an_entry_of_a_sunk_player_names_GI_R2() -> None:
    state = new(2)
    state.sunk[0] = True
    rounds.begin_round(state)  # the round begins afresh without him
    act(state, "p1 play blue-1")
    error = _refused(state, "p0 play red-2")
    assert error.rule == "GI-R2" and "sank" in error.message
