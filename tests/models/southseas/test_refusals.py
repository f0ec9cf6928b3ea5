"""Every refusal names the rule it breaks, and says which condition failed.

Boards use the test tiles (scenario_tiles.toml); see test_rules_features.py for the start tile.
"""

from __future__ import annotations

import pytest

from models.errors import IllegalActionError
from models.southseas.actions import PASS, Deliver, Draw, Place, PlaceIslander, Recall, Reveal
from models.southseas.state import SouthSeasState
from tests.models.southseas.helpers import draw, play, small_game, step
from tests.models.southseas.test_rules_features import FOUR_OUT


def refused(state: SouthSeasState, action: object) -> IllegalActionError:
    before = state.history()
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)  # type: ignore[arg-type]
    assert state.history() == before, "a refused action changes nothing"
    assert info.value.action == action and "\n" not in str(info.value)
    return info.value


def at_islander_step(moves: list[dict[str, object]], **options: object) -> SouthSeasState:
    """After ``moves``, the next player draws a sea tile and lays it at (-1, 1) or (0, 2)."""
    state = play(moves, options=options) if options else play(moves)
    draw(state, "sea")
    free = next(
        p for p in (Place(0, 1, 0), Place(-1, 1, 0), Place(0, 2, 0)) if p in state.legal_actions()
    )
    state.apply(free)
    return state


def test_SS_T1_recall_is_refused_under_recall_never() -> None:
    state = at_islander_step(FOUR_OUT[:4], recall="never")  # player 0's turn, 2 out
    error = refused(state, Recall(0, -1, 0))
    assert error.rule == "SS-T1" and "recall = never" in str(error)


def test_SS_T1_recall_is_refused_under_when_empty_with_islanders_in_supply() -> None:
    state = at_islander_step(FOUR_OUT[:4], recall="when_empty")
    error = refused(state, Recall(0, -1, 0))
    assert error.rule == "SS-T1" and "recall = when_empty" in str(error)
    assert "you have 2" in str(error)


def test_SS_T1_recalling_another_players_islander_is_refused() -> None:
    state = at_islander_step(FOUR_OUT[:3])  # player 1 to decide; player 0's islanders are out
    assert state.current_player() == 1
    error = refused(state, Recall(0, -1, 0))
    assert error.rule == "SS-T1" and "player 0's stands there" in str(error)
    error = refused(state, Recall(0, 0, 3))
    assert "no islander of yours stands on (0,0) piece 3" in str(error)


def test_SS_I2_a_piece_not_on_the_tile_is_refused() -> None:
    state = at_islander_step([])
    error = refused(state, PlaceIslander(7))
    assert error.rule == "SS-I2" and "pieces 0 to 0" in str(error)


def test_SS_I4_placing_with_an_empty_supply_is_refused() -> None:
    state = at_islander_step(FOUR_OUT)  # player 0, all four out; recall any_turn keeps a choice
    assert state.phase == "islander" and state.ledger.islanders[0] == 0
    assert refused(state, PlaceIslander(0)).rule == "SS-I4"


def test_SS_T1_an_action_of_the_wrong_step_is_refused() -> None:
    state = play([])
    error = refused(state, Place(0, 1, 0))  # chance draws first
    assert error.rule == "SS-T1" and "chance draws a tile" in str(error)
    assert refused(state, Draw("no-such-tile")).rule == "SS-P1"
    assert refused(state, Reveal("A5")).rule == "SS-T1"
    draw(state, "sea")
    assert refused(state, PASS).rule == "SS-T1"
    state.apply(Place(0, 1, 0))
    assert refused(state, Place(1, 1, 0)).rule == "SS-T1"


def test_SS_P3_a_rotation_out_of_range_is_refused() -> None:
    state = play([])
    draw(state, "sea")
    assert refused(state, Place(0, 1, 4)).rule == "SS-P3"


def test_SS_S1_SS_S2_deliveries_that_do_not_fit_are_refused() -> None:
    state = play(
        [{"tile": "band", "at": [0, -1], "islander": 0}, {"tile": "sea", "at": [0, 1]}],
        ships=["A5", "B5", "C3", "D2"],
    )
    draw(state, "cap")
    state.apply(Place(0, -2, 2))  # closes the island: 4 bananas for player 0
    state.apply(PASS)
    assert state.phase == "deliver"
    assert refused(state, Deliver("E4", (0, 2, 0))).rule == "SS-S1"  # not face up
    assert refused(state, Deliver("D2", (0, 2, 0))).rule == "SS-S2"  # D2 wants 1 banana
    error = refused(state, Deliver("A5", (2, 2, 0)))  # fits A5, but no shells held
    assert error.rule == "SS-S1" and "you hold only 0 shells, 4 bananas, 0 fish" in str(error)


def test_SS_T2_nothing_is_legal_after_the_end() -> None:
    state = small_game({"sea": 1})
    step(state, {"tile": "sea", "at": [0, 1]})
    assert state.is_terminal()
    assert refused(state, Draw("sea")).rule == "SS-T2"


def test_SS_I4_an_islander_after_the_step_passed_by_itself_names_SS_I4() -> None:
    state = at_islander_step(FOUR_OUT, recall="never")  # all four out, none taken back
    assert state.phase != "islander"  # no choice was left: the step passed by itself
    error = refused(state, PlaceIslander(0))
    assert error.rule == "SS-I4" and "supply is empty" in str(error)
    assert "passed by itself" in str(error)


def test_SS_S1_a_delivery_after_the_step_passed_by_itself_names_SS_S1() -> None:
    state = at_islander_step([])
    state.apply(PASS)  # no islander; he holds no wares, so no delivery is asked
    assert state.phase != "deliver"
    error = refused(state, Deliver("A5", (1, 0, 0)))
    assert error.rule == "SS-S1" and "holds no wares" in str(error)
