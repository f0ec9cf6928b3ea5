"""Who raises a fixed treasure (TB-D2) when two are fixed on one field, or when a treasure
becomes fixed under a vehicle; the curse's amulet (TB-G5); refusals naming their rules.

On the SEMANTICS map (see test_game_setup.py). The beach area is 1,1 1,2 1,3 2,4 3,4, so a
vehicle anywhere on it reaches 3,4 in one leg.

Source text (TB-D2): "Wer nun mit seinem Geländewagen zuerst dieses Feld erreicht, legt eine
weitere eigene Windrose hinter die entsprechende Hinweiskartenreihe und darf den Schatz nun
heben." Each fixed treasure goes to whoever reaches its field first — also one that vehicle
raised another treasure with.
"""

from __future__ import annotations

from typing import Any

import pytest

from models.core import make_rng
from models.errors import AtollError
from models.tobago.actions import RAISE, Hint
from models.tobago.events import TobagoEvent as EV
from models.tobago.options import TobagoOptions
from models.tobago.state import TobagoState
from tests.models.tobago.test_game_setup import (
    act,
    at,
    chance,
    draw_gold,
    fix,
    names_first,
    ready,
    refusal,
    restart_turn,
    second_action,
    set_hand,
)
from tests.models.tobago.test_game_sharing import raising


def _raises(state: TobagoState) -> list[tuple[int | None, int, str]]:
    """(raiser, treasure, how) of every raise so far."""
    return [(e.player, e.data["treasure"], e.data["by"]) for e in state.log if e.kind is EV.RAISE]


def _share_queues(state: TobagoState) -> list[list[int]]:
    return [e.data["queue"] for e in state.log if e.kind is EV.RAISE]


def _take_all(state: TobagoState, *values: int) -> None:
    """The share in progress: gold cards ``values`` drawn (back to front, then the unseen one)
    and turned up in that order, each taken by the first rose offered it; then the last
    receiver's first hint for the new treasure and his refill."""
    draw_gold(state, *values)
    while state.phase in ("reveal", "offer"):
        if state.phase == "reveal":
            assert state.share is not None
            value = next(v for v in values if state.share.pile[v])
            act(state, f"reveal {value}")
        else:
            act(state, "take")
    if state.phase == "new":
        state.apply(state.legal_actions()[0])
    rng = make_rng(0)
    while state.phase == "refill":  # only the refill: a next raise's gold is the test's
        state.apply(state.sample_chance(rng))


def _two_on_one_field(**options: Any) -> TobagoState:
    """Treasures 1 and 3 fixed on 3,4 with player 1's rose each; player 0's vehicle on the
    beach one leg away, player 1's at 1,1; player 0 to move."""
    options.setdefault("amulets_when", "never")
    state = ready(2, vehicles=[(1, 2), (1, 1)], **options)
    fix(state, 1, (3, 4), queue=[1])
    fix(state, 3, (3, 4), queue=[1])
    restart_turn(state, 0)
    return state


# -- two treasures on one field ---------------------------------------------------------------


def test_TB_D2_the_first_vehicle_raises_both_treasures_on_its_field_in_one_turn() -> None:
    state = _two_on_one_field()
    act(state, "leg to 3,4")
    assert _raises(state) == [(0, 1, "arrival")]
    _take_all(state, 4, 5, 6)  # P0 (the raiser, at the back) takes 4, P1 takes 5
    assert state.player == 0 and _raises(state) == [(0, 1, "arrival"), (0, 3, "same_field")]
    assert _share_queues(state) == [[1, 0], [1, 0]]  # his rose behind each treasure's hints
    _take_all(state, 6, 3, 2)  # treasure 3: P0 takes 6, P1 takes 3
    assert sorted(state.gold[0]) == [4, 6] and sorted(state.gold[1]) == [3, 5]
    assert (state.phase, state.player) == ("turn", 1)  # raising ended his turn after the last
    assert [e.data["treasure"] for e in state.log if e.kind is EV.SHARE_END] == [1, 3]


def test_TB_D2_next_turn_the_second_treasure_is_his_at_his_next_turn() -> None:
    state = _two_on_one_field(same_field="next_turn")
    act(state, "leg to 3,4")
    _take_all(state, 4, 5, 6)
    assert (state.phase, state.player) == ("turn", 1)  # one raise per turn
    assert state.owed[2] == 0
    act(state, "leg to 3,4")  # P1 arrives second: treasure 3 is not his to raise
    assert _raises(state) == [(0, 1, "arrival")]
    assert state.phase == "legs" and RAISE not in state.legal_actions()
    act(state, "stop")
    assert _raises(state) == [(0, 1, "arrival"), (0, 3, "owed")]  # P0's turn is its raising
    assert _share_queues(state)[-1] == [1, 0]
    _take_all(state, 6, 3, 2)
    assert 6 in state.gold[0] and 3 in state.gold[1]
    assert state.owed == [-1] * 4 and (state.phase, state.player) == ("turn", 1)


def test_TB_D2_a_treasure_owed_to_another_vehicle_is_refused_naming_him() -> None:
    state = _two_on_one_field(same_field="next_turn")
    act(state, "leg to 3,4")
    _take_all(state, 4, 5, 6)
    state.vehicles[1] = at(state, (3, 4))  # P1 stands there too
    restart_turn(state, 1)
    assert RAISE not in state.legal_actions()
    error = refusal(state, "raise")
    assert error.rule == "TB-D2" and "owed to player 0" in str(error)


def test_TB_D2_an_owed_treasure_lapses_when_its_vehicle_drives_away() -> None:
    state = _two_on_one_field(same_field="next_turn")
    act(state, "leg to 3,4")
    _take_all(state, 4, 5, 6)
    state.vehicles[0] = at(state, (1, 1))  # as if he had driven off
    act(state, "leg to 3,4")  # P1 now reaches treasure 3 first
    assert _raises(state)[-1] == (1, 3, "arrival")


# -- a treasure fixed under a standing vehicle ---------------------------------------------------


def _fixed_under(standing: tuple[int, int], **options: Any) -> TobagoState:
    """Three players: treasure 1's candidates 3,4 and 2,2; player 0 lays "in beach", which
    fixes it on 3,4, where the vehicle at ``standing`` (a seat's field) stands; player 1's
    vehicle is on the beach one leg away."""
    options.setdefault("amulets_when", "never")
    fields = [(1, 2), (1, 1), (5, 3)]
    fields[standing[0]] = (3, 4)
    state = ready(3, vehicles=fields, **options)
    state.cand[0] = (1 << at(state, (3, 4))) | (1 << at(state, (2, 2)))
    set_hand(state, 0, "in beach")
    restart_turn(state, 0)
    act(state, "hint T1 'in beach'")
    chance(state)
    assert [e.kind for e in state.log if e.kind is EV.FIXED]
    return state


def test_TB_D2_turn_order_a_vehicle_driving_there_first_raises_before_the_standing_one() -> None:
    state = _fixed_under((2, 0))  # P2 stands on 3,4; P1 moves before him
    assert state.player == 1 and state.owed[0] == -1
    act(state, "leg to 3,4")
    assert _raises(state) == [(1, 1, "arrival")]


def test_TB_D2_turn_order_the_standing_vehicle_raises_in_place_on_its_turn() -> None:
    state = _fixed_under((1, 0))  # P1 stands on 3,4 and moves next
    assert state.player == 1 and RAISE in state.legal_actions()
    act(state, "raise")
    assert _raises(state) == [(1, 1, "in_place")]


def test_TB_D2_standing_the_vehicle_already_there_reached_it_first() -> None:
    state = _fixed_under((2, 0), fixed_under_vehicle="standing")
    assert state.owed[0] == 2
    act(state, "leg to 3,4")  # P1 arrives, but P2 was there first
    assert _raises(state) == [] and state.phase == "legs"
    act(state, "stop")
    chance(state)
    assert _raises(state) == [(2, 1, "owed")]  # P2's turn begins with the raise
    assert _share_queues(state) == [[0, 0, 2]]  # P0's claim and hint, then the raiser's rose


def test_TB_D2_standing_needs_raising_in_place() -> None:
    with pytest.raises(AtollError) as caught:
        TobagoOptions.from_mapping(
            {"fixed_under_vehicle": "standing", "raise_in_place": False}, source="o.toml"
        )
    assert str(caught.value).startswith("o.toml: fixed_under_vehicle")
    assert "raise_in_place = true" in str(caught.value) and "\n" not in str(caught.value)


# -- TB-G5: the curse takes an amulet from a holder without gold ----------------------------------


def test_TB_G5_a_holder_with_an_amulet_and_no_gold_gives_up_the_amulet_by_default() -> None:
    assert TobagoOptions().curse_without_gold == "amulet"
    state = raising([1], raiser=0, deep=True)  # roses P1 P0
    state.gold, state.amulets = [[], []], [0, 1]
    draw_gold(state, 0, 2, 2)
    act(state, "reveal curse")
    assert state.amulets[1] == 0
    losses = [(e.player, e.data["lost"]) for e in state.log if e.kind is EV.CURSE_LOSS]
    assert losses == [(0, "nothing"), (1, "amulet")]


def test_TB_G5_nothing_keeps_the_amulet_of_a_holder_without_gold() -> None:
    state = raising([1], raiser=0, deep=True, curse_without_gold="nothing")
    state.gold, state.amulets = [[], []], [0, 1]
    draw_gold(state, 0, 2, 2)
    act(state, "reveal curse")
    assert state.amulets[1] == 1


def test_TB_G5_a_payment_without_a_choice_is_refused_saying_why() -> None:
    state = raising([1], raiser=0, deep=True)
    state.gold, state.amulets = [[], [5]], [0, 0]
    draw_gold(state, 0, 2, 2)
    act(state, "reveal curse")  # P1 holds gold only: it is taken without asking
    error = refusal(state, "pay the curse with gold")
    assert error.rule == "TB-G5" and "had no choice" in str(error)


# -- refusals name the rule, not the option --------------------------------------------------------


def test_TB_T1_exchanging_the_hand_switched_off_is_refused_naming_TB_T1() -> None:
    state = ready(2, vehicles=[(1, 1), (1, 1)], exchange_hand=False)
    error = refusal(state, "exchange the hand")
    assert error.rule == "TB-T1" and "exchange_hand = false" in str(error)


def test_TB_D2_raising_in_place_switched_off_is_refused_naming_TB_D2() -> None:
    state = ready(2, vehicles=[(3, 4), (3, 4)], raise_in_place=False)
    fix(state, 1, (3, 4), queue=[1])
    restart_turn(state, 0)
    error = refusal(state, "raise")
    assert error.rule == "TB-D2" and "raise_in_place = false" in str(error)


def test_TB_A2_an_extra_action_without_an_amulet_is_refused_saying_the_turn_ended() -> None:
    state = ready(2, vehicles=[(1, 1), (1, 1)], amulets_when="never")
    hint = next(a for a in state.legal_actions() if isinstance(a, Hint))
    state.apply(hint)
    chance(state)  # he draws back up; with no amulet his turn ends by itself
    assert state.player == 1
    error = refusal(state, "end turn")
    assert error.rule == "TB-A2" and "holds no amulet" in str(error)
    error = second_action(state, str(hint))  # a second hint: one action a turn, then TB-A2
    assert names_first(error, "TB-T1", "TB-A2") and "player 1's decision" in str(error)
