"""Every rule option of the Tobago game changes what happens (models/tobago/options.py
gives each one's source and default)."""

from __future__ import annotations

import dataclasses

import pytest

from models.errors import AtollError
from models.tobago.actions import EXCHANGE, RAISE
from models.tobago.options import TobagoOptions
from tests.models.tobago.test_game_end import last_treasure
from tests.models.tobago.test_game_setup import (
    act,
    at,
    chance,
    draw_gold,
    fix,
    new_state,
    ready,
    refusal,
    restart_turn,
)
from tests.models.tobago.test_game_sharing import raising


def test_every_option_has_a_documented_default_and_source() -> None:
    doc = TobagoOptions.__doc__ or ""
    names = [f.name for f in dataclasses.fields(TobagoOptions)]
    names = [n for n in names if n not in ("sight", "next_to", "marker_threshold")]  # clue
    starts = [doc.index(f"        {name}: ") for name in names]
    for name, start, end in zip(names, starts, [*starts[1:], len(doc)], strict=True):
        entry = doc[start:end]
        assert "TB-" in entry, name  # the rule it belongs to, with its source
        assert "default" in entry.lower(), name


def test_options_are_checked_in_one_line() -> None:
    with pytest.raises(AtollError) as caught:
        TobagoOptions.from_mapping({"refusal": "never"})
    assert "\n" not in str(caught.value) and "refusal" in str(caught.value)


def test_start_claims() -> None:
    distinct = chance(new_state(2))
    act(distinct, "vehicle at 1,1", "vehicle at 1,1", "claim T3")
    assert "claim T3" not in [str(a) for a in distinct.legal_actions()]
    shared = chance(new_state(2, start_claims="shared"))
    act(shared, "vehicle at 1,1", "vehicle at 1,1", "claim T3", "claim T3")
    assert shared.queues[2] == [0, 1]


def test_exchange_hand() -> None:
    state = ready(2, vehicles=[(1, 1), (1, 1)])
    assert EXCHANGE in state.legal_actions()
    discards = len(state.discards)
    act(state, "exchange the hand")
    assert len(state.discards) == discards + 6 and state.hands[0] == []
    chance(state)
    assert len(state.hands[0]) == 6 and state.player == 1
    without = ready(2, vehicles=[(1, 1), (1, 1)], exchange_hand=False)
    assert EXCHANGE not in without.legal_actions()
    error = refusal(without, "exchange the hand")
    assert error.rule == "TB-T1" and "exchange_hand = false" in str(error)


@pytest.mark.parametrize(("refusal_option", "second"), [("once_per_card", 1), ("per_rose", 0)])
def test_refusal(refusal_option: str, second: int) -> None:
    state = raising([0, 1], raiser=0, refusal=refusal_option)  # roses P0 P1 P0
    draw_gold(state, 2, 3, 4, 5)
    act(state, "reveal 2", "refuse")  # P0 refuses at his back rose
    act(state, "refuse")  # P1 refuses
    # once per card: P0 is not asked again at his front rose; per rose he is
    if refusal_option == "per_rose":
        assert state.phase == "offer" and state.current_player() == second
    else:
        assert state.unwanted == [2] and state.phase == "reveal"


def test_nobody_takes() -> None:
    state = raising([1], raiser=0, nobody_takes="front_takes")  # roses P1 P0
    draw_gold(state, 2, 3, 4)
    act(state, "reveal 2", "refuse", "refuse")
    assert state.gold[1] == [2] and state.unwanted == []  # the front rose must take it
    default = raising([1], raiser=0)
    draw_gold(default, 2, 3, 4)
    act(default, "reveal 2", "refuse", "refuse")
    assert default.gold[1] == [] and default.unwanted == [2]


@pytest.mark.parametrize(("option", "amulets"), [("nothing", 1), ("amulet", 0)])
def test_curse_without_gold(option: str, amulets: int) -> None:
    state = raising([1], raiser=0, deep=True, curse_without_gold=option)
    state.gold, state.amulets = [[], []], [0, 1]
    draw_gold(state, 0, 2, 2)
    act(state, "reveal curse")
    assert state.amulets[1] == amulets


@pytest.mark.parametrize(
    ("when", "at_start", "after_share"),
    [("start_and_raise", 1, 2), ("raise", 0, 1), ("start", 1, 1), ("never", 0, 0)],
)
def test_amulets_when(when: str, at_start: int, after_share: int) -> None:
    state = ready(2, vehicles=[(3, 4), (3, 4)], amulets_when=when)
    assert sum(state.amulets_on.values()) == at_start
    fix(state, 1, (3, 4), queue=[1])
    restart_turn(state, 0)
    act(state, "raise")
    draw_gold(state, 4, 5, 6)
    act(state, "reveal 4", "take", "reveal 5", "take")
    assert sum(state.amulets_on.values()) == after_share


def test_amulets_per_statue() -> None:
    state = ready(2, vehicles=[(1, 1), (1, 1)], amulets_per_statue=3)
    assert state.amulets_on == {at(state, (6, 2)): 3}
    assert state.amulet_supply == 17


def test_amulet_field() -> None:
    gaze = ready(2, vehicles=[(1, 1), (1, 1)], amulet_field="gaze")
    assert gaze.amulets_on == {at(gaze, (4, 2)): 1}  # the field the statue faces
    beach = ready(2, vehicles=[(1, 1), (1, 1)])
    assert beach.amulets_on == {at(beach, (6, 2)): 1}  # no beach on the line: its shore end


@pytest.mark.parametrize(("extra", "phase"), [(True, "extra"), (False, "turn")])
def test_amulet_extra_action(extra: bool, phase: str) -> None:
    state = ready(2, vehicles=[(1, 1), (1, 1)], amulets_when="never", amulet_extra_action=extra)
    state.amulets[0] = 1
    act(state, "leg to 2,4", "stop")
    assert state.phase == phase


@pytest.mark.parametrize(("against", "gold"), [(True, [[], [5]]), (False, [[], []])])
def test_amulet_against_curse(against: bool, gold: list[list[int]]) -> None:
    state = raising([1], raiser=0, deep=True, amulet_against_curse=against)
    state.gold, state.amulets = [[], [5]], [0, 1]
    draw_gold(state, 0, 2, 2)
    act(state, "reveal curse")
    if against:
        act(state, "pay the curse with an amulet")
    assert state.gold == gold


def test_raise_in_place() -> None:
    state = ready(2, vehicles=[(3, 4), (3, 4)], raise_in_place=False)
    fix(state, 1, (3, 4), queue=[1])
    restart_turn(state, 0)
    assert RAISE not in state.legal_actions()
    error = refusal(state, "raise")
    assert error.rule == "TB-D2" and "raise_in_place = false" in str(error)
    act(state, "leg to 2,4", "leg to 3,4")  # driving away and back raises it
    assert state.phase == "gold"


def test_ties() -> None:
    for ties, winners in (("shared", (0, 1)), ("amulets", (0,))):
        state = last_treasure(3, ties=ties)
        state.gold, state.amulets = [[4], [4]], [2, 1]
        draw_gold(state, 4, 4, 4)
        act(state, "reveal 4", "take", "reveal 4", "take")
        assert state.outcome().winners == winners


@pytest.mark.parametrize(
    ("option", "phase", "player"), [("raiser", "new", 0), ("nobody", "turn", 1)]
)
def test_first_hint_without_receiver(option: str, phase: str, player: int) -> None:
    state = raising([1], raiser=0, deep=True, first_hint_without_receiver=option)
    draw_gold(state, 0, 2, 2)
    act(state, "reveal curse")  # the first card is a curse: nobody received one
    assert (state.phase, state.current_player()) == (phase, player)
    if option == "nobody":
        assert state.hints[0] == [] and any(
            str(a).startswith("hint T1") for a in state.legal_actions()
        )
