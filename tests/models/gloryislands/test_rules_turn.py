"""A Glory Islands turn: sailing, placing pirates, rewards and special actions (GI-A, GI-W, GI-C).

The board (see test_rules_round.py for the drawing): a ship on c1 faces the column c2..c6
(``Ac C- Cp Dc F-``: chest, blank, pirate field, chest, blank), on d1 the column d2..d6
(``Bb Cc D- Dp Fp``), on e1 e2..e6 (``Bp Bp Dp Db Dc``), on f1 f2..f6 (``Bc Eb Ep Ec Ep``), on the
corner g1 the diagonal f2 e3 d4 c5 b6, on g7 the diagonal f6 e5 d4 c3 b2. Route fields: a1 0,
b1 1, c1 2, d1 3, e1 4, f1 5, g1 6 ... g7 12.
"""

from __future__ import annotations

import pytest

from models.errors import IllegalActionError
from models.gloryislands.actions import Keep, Treasure, parse_action
from tests.models.gloryislands.helpers import act, cells, events, new, occupy, options_text, sail_to


def refused(state, text: str, rule: str, why: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalActionError, match=why) as error:
        state.apply(parse_action(text))
    assert error.value.rule == rule and "\n" not in str(error.value)


def test_GI_A1_a_ship_moves_1_to_card_value_fields_clockwise() -> None:
    state = act(new(2), "p0 play red-3a", "p1 play blue-1")
    assert options_text(state) == ["move 1", "move 2", "move 3"]
    refused(state, "move 4", "GI-A1", "GI-A1: a 3-card moves the ship 1 to 3 fields, not 4")
    refused(state, "move 0", "GI-A1", "not 0")
    refused(state, "place c2", "GI-A1", "now player 0 moves his ship")
    act(state, "p0 move 1", "p0 place b2", "p0 pass", "p1 move 1")  # ships share b1
    assert state.position(0) == state.position(1) == 1
    assert events(state, "move")[-1] == {"to": 1, "route": 1, "steps": 1, "stopover": False}


def test_GI_A2_the_5_card_stops_over_once_without_fame_there() -> None:
    state = new(2)
    occupy(state, {"c4": 1, "f4": 1})  # pirate fields of player 1 in columns c and f
    act(state, "p0 play red-5", "p1 play blue-1")
    assert options_text(state)[-4:] == [f"move {k} stopover" for k in (1, 2, 3, 4)]
    act(state, "p0 move 2 stopover")  # to c1: no fame for c4 (GI-A2)
    assert not events(state, "line-fame") and state.fame == [0, 0]
    assert options_text(state) == ["place c2", "place c3", "place c5", "place c6"]  # range 5
    act(state, "p0 place c3")
    assert state.phase == "move-on" and options_text(state) == ["move 1", "move 2", "move 3"]
    refused(state, "move 4", "GI-A2", r"sails on 1 to 3 fields \(5 in all\)")
    refused(state, "move 1 stopover", "GI-A2", "stops over once")
    act(state, "p0 move 3")  # to f1: the stop that counts
    assert events(state, "line-fame") == [{"at": 5, "fame": {1: 1}}]
    act(state, "p0 place f3")  # the second pirate, range 5 again
    assert state.supply[0] == 3 and state.sails[0] == 5 and state.progress[0] == 5
    assert [e["step"] for e in events(state, "place")] == ["stopover", "main"]


def test_GI_A2_only_the_5_card_stops_over() -> None:
    state = act(new(2), "p0 play red-4", "p1 play blue-1")
    refused(state, "move 2 stopover", "GI-A2", "only the 5-card may stop over; this is a 4-card")


def test_GI_A3_each_pirate_on_a_pirate_field_of_the_line_earns_1_fame() -> None:
    state = new(2)
    occupy(state, {"d5": 1, "d6": 0, "d4": 1, "e2": 1})  # d4 is blank, e2 another line
    act(state, "p0 play red-3a", "p1 play blue-1", "p0 move 3")  # to d1
    assert events(state, "line-fame") == [{"at": 3, "fame": {1: 1, 0: 1}}]  # his own too
    assert state.fame == [1, 1]


def test_GI_A3_a_corner_scores_its_diagonal() -> None:
    state = new(2)
    occupy(state, {"f6": 1, "b2": 1, "c4": 0, "d4": 0})  # f6, b2 pirate fields on g7's diagonal
    sail_to(state, 0, 9)
    act(state, "p0 play red-3a", "p1 play blue-1", "p0 move 3")  # to g7
    assert events(state, "line-fame")[-1]["fame"] == {1: 2}


def test_GI_A4_the_pirate_goes_on_an_empty_field_of_the_ships_line() -> None:
    state = new(2)
    occupy(state, {"c2": 1})
    act(state, "p0 play red-3a", "p1 play blue-1", "p0 move 2")  # to c1
    refused(state, "place d2", "GI-A4", "d2 is not on the line of the ship at c1: c2 c3")
    refused(state, "place c2", "GI-A4", "c2 holds a pirate of player 1")
    refused(state, "pass", "GI-A4", "now player 0 places a pirate")  # placing is a must
    act(state, "p0 place c3")
    assert state.occupant[cells("c3")[0]] == 0 and state.supply[0] == 4


def test_GI_A5_the_range_is_the_card_value() -> None:
    state = act(new(2), "p0 play red-2", "p1 play blue-1", "p0 move 2")  # to c1
    assert options_text(state) == ["place c2", "place c3"]
    refused(state, "place c4", "GI-A5", r"c4 is 3 away; the range is 2 \(c2 c3\)")


def test_GI_A6_with_the_range_full_the_next_free_field_then_none() -> None:
    state = new(2)
    occupy(state, {"c2": 1, "c3": 1, "c5": 0})
    act(state, "p0 play red-2", "p1 play blue-1", "p0 move 2")
    assert options_text(state) == ["place c4"]
    refused(state, "place c6", "GI-A6", "every field within 2 is taken: the next free field is c4")
    act(state, "p0 place c4")
    assert events(state, "place")[-1]["fallback"] is True
    full = new(2)
    occupy(full, {"c2": 1, "c3": 1, "c4": 1, "c5": 0, "c6": 0})
    act(full, "p0 play red-2", "p1 play blue-1", "p0 move 2")
    assert events(full, "no-place") == [{"why": "the line is full (GI-A6)", "step": "main"}]
    assert full.supply == [3, 2]


def test_GI_A7_with_an_empty_supply_a_pirate_comes_from_the_board() -> None:
    state = new(2)
    occupy(state, dict.fromkeys(["b2", "b3", "d2", "e2", "f2"], 0))
    assert state.supply[0] == 0
    act(state, "p0 play red-2", "p1 play blue-1", "p0 move 2")
    assert options_text(state)[:3] == ["place c2 from b2", "place c3 from b2", "place c2 from d2"]
    assert len(options_text(state)) == 10
    refused(state, "place c2", "GI-A7", "the supply is empty: name one of your pirates")
    refused(state, "place c2 from c4", "GI-A7", "no pirate of player 0 stands on c4")
    act(state, "p0 place c3 from e2")
    assert state.occupant[cells("e2")[0]] == -1 and state.occupant[cells("c3")[0]] == 0
    assert events(state, "place")[-1]["source"] == cells("e2")[0]
    fresh = act(new(2), "p0 play red-2", "p1 play blue-1", "p0 move 2")
    refused(fresh, "place c2 from b2", "GI-A7", "only when the supply is empty")


def test_GI_W1_a_pirate_field_gives_1_fame_at_once_and_later_in_its_line() -> None:
    state = act(new(2), "p0 play red-4", "p1 play blue-4", "p0 move 4", "p0 place e2")
    assert state.fame == [1, 0]
    assert events(state, "place")[-1]["fame"] == {0: 1}
    act(state, "p0 pass", "p1 move 4")  # blue stops at e1 too: e2 is in his line
    assert events(state, "line-fame") == [{"at": 4, "fame": {0: 1}}]
    assert state.fame == [2, 0]


def test_GI_W2_a_chest_draws_2_tiles_keeps_1_and_returns_the_other() -> None:
    state = act(new(2), "p0 play red-2", "p1 play blue-1", "p0 move 2", "p0 place c2")
    assert state.is_chance_node() and state.current_player() == -1
    assert dict(state.chance_outcomes()) == {
        Treasure(k): 7 / 35 for k in state.board.treasure_kinds
    }
    act(state, "treasure coins")
    assert dict(state.chance_outcomes())[Treasure("coins")] == 6 / 34
    act(state, "treasure pearls")
    assert options_text(state) == ["keep coins", "keep pearls"]
    refused(state, "keep rubies", "GI-W2", r"keep one of the tiles drawn \(coins, pearls\)")
    state.apply(Keep("coins"))
    assert state.held[0] == [1, 0, 0, 0, 0] and state.bag == [6, 7, 7, 7, 7]
    assert events(state, "keep") == [
        {"treasure": "coins", "drawn": 2, "returned": 1, "step": "main"}
    ]


def test_GI_W2_two_tiles_of_one_kind_leave_one_choice() -> None:
    state = act(new(2), "p0 play red-2", "p1 play blue-1", "p0 move 2", "p0 place c2")
    act(state, "treasure rubies", "treasure rubies")
    assert options_text(state) == ["keep rubies"]
    refused(state, "treasure rubies", "GI-W2", "keeps one drawn treasure tile")


def test_GI_W3_a_barrel_field_gives_a_barrel_while_there_are_some_and_below_3() -> None:
    state = act(new(2), "p0 play red-3a", "p1 play blue-1", "p0 move 3", "p0 place d2")
    assert state.barrels == [2, 1] and state.barrel_supply == 5
    assert events(state, "barrel") == [{"taken": True}]
    full = new(4)
    full.barrels, full.barrel_supply = [3, 1, 1, 1], 2
    act(full, "p0 play red-3a", "p1 play blue-1", "p2 play green-1", "p3 play yellow-1")
    act(full, "p0 move 3", "p0 place d2")
    assert full.barrels == [3, 1, 1, 1] and full.barrel_supply == 2
    assert events(full, "barrel")[-1]["why"] == "he holds the most allowed (GI-W3)"
    empty = new(4)
    empty.barrels, empty.barrel_supply = [1, 3, 3, 1], 0
    act(empty, "p0 play red-3a", "p1 play blue-1", "p2 play green-1", "p3 play yellow-1")
    act(empty, "p0 move 3", "p0 place d2")
    assert events(empty, "barrel")[-1] == {"taken": False, "why": "none left in the supply (GI-W3)"}


def test_GI_C2_the_2_card_may_return_a_barrel_to_draw_3_and_keep_1() -> None:
    state = act(new(2), "p0 play red-2", "p1 play blue-1", "p0 move 2", "p0 place c3")
    assert options_text(state) == ["pass", "hunt"]
    act(state, "p0 hunt", "treasure coins", "treasure crowns", "treasure coins")
    assert options_text(state) == ["keep coins", "keep crowns"]
    act(state, "p0 keep crowns")
    assert state.barrels[0] == 0 and state.barrel_supply == 7
    assert state.held[0] == [0, 0, 0, 0, 1] and state.bag_total == 34
    assert events(state, "hunt") == [{"paid": "barrel"}]
    assert events(state, "keep")[-1]["drawn"] == 3
    poor = new(2)
    poor.barrels, poor.barrel_supply = [0, 1], 7
    act(poor, "p0 play red-2", "p1 play blue-1", "p0 move 2", "p0 place c3")
    assert poor.player == 1 and poor.phase == "move"  # no barrel: no special action


def test_GI_C3_the_3_card_may_pay_for_a_second_pirate_within_3() -> None:
    state = act(new(2), "p0 play red-3a", "p1 play blue-1", "p0 move 2", "p0 place c3")
    assert options_text(state) == [
        "pass",
        "extra pirate paying barrel",
        "extra pirate paying sails",
    ]
    act(state, "p0 extra pirate paying sails")
    assert state.sails[0] == 5 and events(state, "sails")[-1]["spent"] == 2
    assert options_text(state) == ["place c2", "place c4"]  # range 3 from c1, same rules
    act(state, "p0 place c4")
    assert state.supply[0] == 3 and state.fame[0] == 1 and state.player == 1
    barrel = act(new(2), "p0 play red-3a", "p1 play blue-1", "p0 move 2", "p0 place c3")
    act(barrel, "p0 extra pirate paying barrel")
    assert barrel.barrels[0] == 0 and barrel.barrel_supply == 7 and barrel.sails[0] == 3


def test_GI_C3_no_second_pirate_without_a_free_field() -> None:
    state = new(2)
    occupy(state, {"c2": 1, "c4": 1, "c5": 1, "c6": 1})
    act(state, "p0 play red-3a", "p1 play blue-1", "p0 move 2", "p0 place c3")
    assert state.player == 1  # the line is full: nothing to pay for
    refused_state = act(new(2), "p0 play red-2", "p1 play blue-1", "p0 move 2", "p0 place c3")
    refused(refused_state, "extra pirate paying barrel", "GI-C3", "the 3-card's special action")


def test_GI_C4_the_4_card_may_move_a_pirate_to_any_empty_field_for_its_reward() -> None:
    state = new(2)
    occupy(state, {"b6": 0})
    act(state, "p0 play red-4", "p1 play blue-1", "p0 move 4", "p0 place e3")
    assert options_text(state) == [
        "pass",
        "relocate e3 paying barrel",
        "relocate b6 paying barrel",
        "relocate e3 paying sails",
        "relocate b6 paying sails",
    ]
    act(state, "p0 relocate b6 paying sails")
    assert state.sails[0] == 6 and state.occupant[cells("b6")[0]] == 0  # not lifted yet
    assert "place b6" not in options_text(state) and "place e3" not in options_text(state)
    assert len(options_text(state)) == 25 - 2
    refused(state, "place e3", "GI-C4", "e3 is not empty")
    act(state, "p0 place f4")  # a pirate field: 1 fame
    assert state.occupant[cells("b6")[0]] == -1 and state.occupant[cells("f4")[0]] == 0
    assert state.fame[0] == 2 and state.supply[0] == 3
    assert events(state, "relocate") == [{"source": cells("b6")[0], "paid": "sails"}]


def test_GI_C4_needs_a_pirate_of_ones_own_on_the_board() -> None:
    state = new(2)
    occupy(state, dict.fromkeys(["e2", "e3", "e4", "e5", "e6"], 1))
    act(state, "p0 play red-4", "p1 play blue-1", "p0 move 4")  # the line is full
    assert events(state, "no-place") and state.player == 1  # nothing of his to move
    other = act(new(2), "p0 play red-4", "p1 play blue-1", "p0 move 4", "p0 place e3")
    refused(other, "relocate c4 paying barrel", "GI-C4", "no pirate of yours stands on c4")
    refused(other, "hunt", "GI-C2", "the 2-card's special action; this is a 4-card")
