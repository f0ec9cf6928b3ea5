"""Glory Islands rounds: secret choices, sails, turn order, the end-of-round swap, discard and
recall, the route bonuses and the end of the game (GI-R, GI-E, GI-X, GI-G).

The bundled (reconstructed) board, drawn by ``atoll gloryislands board``; ships sail clockwise
from home a1 (``H``), the compass is g7 (``C``), corner diagonals from g1, g7 and a7::

       a   b   c   d   e   f   g
    1  H+  .   .   .   .   .   /
    2  .   Ap  Ac  Bb  Bp  Bc  .        islands A-F; icons p pirate field, c chest,
    3  .   Cp  C-  Cc  Bp  Eb  .        b barrel, - blank
    4  .   Fc  Cp  D-  Dp  Ep  .
    5  .   Fp  Dc  Dp  Db  Ec  .
    6  .   Fb  F-  Fp  Dc  Ep  .
    7  /   .   .   .   .   .   C\\

Cards (value, dots, symbol): the 3s rank red-3a 4b > blue-3a 4w > green-3a 3b > yellow-3a 3w >
yellow-3b 2b > green-3b 2w > blue-3b 1b > red-3b 1w.
"""

from __future__ import annotations

import pytest

from models.errors import IllegalActionError
from models.gloryislands.actions import Play
from tests.models.gloryislands.helpers import act, advance, events, new, options_text, sail_to


def test_GI_R1_choices_are_made_in_turn_and_hidden_until_all_are_made() -> None:
    one, other = new(3), new(3)
    act(one, "p0 play red-5")
    act(other, "p0 play red-1")
    assert one.current_player() == other.current_player() == 1
    for p in (1, 2):  # the others see that player 0 has chosen, not what
        assert one.observation(p) == other.observation(p)
    assert one.observation(0) != other.observation(0)
    assert not events(one, "reveal")
    act(one, "p1 play blue-2", "p2 play green-3a")
    (reveal,) = events(one, "reveal")
    assert reveal["cards"] == {0: "red-5", 1: "blue-2", 2: "green-3a"}
    assert one.observation(1)[0] == one.observation(2)[0]  # the table is public again


def test_GI_R1_a_card_not_in_hand_is_refused() -> None:
    state = new(2)
    with pytest.raises(IllegalActionError, match="GI-R1: 'blue-5' is not in player 0's hand") as e:
        state.apply(Play("blue-5"))
    assert e.value.rule == "GI-R1"
    act(state, "p0 play red-5", "p1 play blue-5")
    advance(state)
    assert "play red-5" not in options_text(state)  # played cards leave the hand


def test_GI_R2_markers_advance_by_the_card_values() -> None:
    state = act(new(3), "p0 play red-5", "p1 play blue-2", "p2 play green-1")
    assert state.sails == [5, 2, 1]
    assert events(state, "reveal")[0]["fields"] == {0: 5, 1: 2, 2: 1}


def test_GI_R2_a_marker_past_the_last_field_sinks_the_ship() -> None:
    state = new(3)
    last = len(state.board.sail_track)
    state.sails[0] = last - 3  # three fields left: a 3-card reaches the sinking field
    act(state, "p0 play red-3a", "p1 play blue-5", "p2 play green-4")
    assert state.sunk == [True, False, False]
    assert events(state, "sunk") == [{"removed": 0}]
    assert state.order == [1, 2, 0] and state.player == 1
    advance(state)
    assert state.current_player() == 1  # the sunk ship chooses no more cards
    state.sails[1] = last - 2  # one field less than the 2 a card costs: still afloat at -1
    act(state, "p1 play blue-1", "p2 play green-5")
    assert not state.sunk[1] and state.sails[1] == last - 1


def test_GI_R3_order_by_value_then_dots_then_black_before_white() -> None:
    state = act(
        new(4), "p0 play red-3b", "p1 play blue-3b", "p2 play green-3a", "p3 play yellow-3a"
    )
    # green-3a (3 dots, black), yellow-3a (3 dots, white), blue-3b (1 dot, black), red-3b (1, w)
    assert state.order == [2, 3, 1, 0]
    assert state.current_player() == 2
    state = act(new(3), "p0 play red-2", "p1 play blue-5", "p2 play green-4")
    assert state.order == [1, 2, 0]


def test_GI_E1_equal_cards_swap_between_highest_and_lowest_tie_breaker() -> None:
    state = act(new(3), "p0 play red-3a", "p1 play blue-3b", "p2 play green-3a")
    advance(state)
    (swap,) = events(state, "swap")
    assert swap == {"players": [0, 1], "cards": ["red-3a", "blue-3b"]}
    cards = state.board.cards
    piles = [[cards[c].id for c in pile] for pile in state.discards]
    assert piles == [["blue-3b"], ["red-3a"], ["green-3a"]]  # the middle one keeps his


def test_GI_E1_all_four_alike_the_middle_two_swap_too() -> None:
    state = act(
        new(4), "p0 play red-3b", "p1 play blue-3b", "p2 play green-3a", "p3 play yellow-3a"
    )
    advance(state)
    swaps = events(state, "swap")
    assert [s["players"] for s in swaps] == [[2, 0], [3, 1]]
    cards = state.board.cards
    assert [cards[pile[0]].id for pile in state.discards] == [
        "green-3a",
        "yellow-3a",
        "red-3b",
        "blue-3b",
    ]


def test_GI_E2_each_discards_the_card_played_or_received() -> None:
    state = act(new(3), "p0 play red-4", "p1 play blue-4", "p2 play green-2")
    advance(state)
    cards = state.board.cards
    assert [[cards[c].id for c in pile] for pile in state.discards] == [
        ["blue-4"],
        ["red-4"],
        ["green-2"],
    ]
    assert [len(h) for h in state.hands] == [5, 5, 5]


def test_GI_E3_a_1_card_takes_the_discard_pile_back_into_hand() -> None:
    state = act(new(2), "p0 play red-4", "p1 play blue-4")
    advance(state)  # red-4 and blue-4 are swapped into the discard piles
    act(state, "p0 play red-1", "p1 play blue-5")
    advance(state)
    cards = state.board.cards
    hand = sorted(cards[c].id for c in state.hands[0])
    assert hand == ["blue-4", "red-1", "red-2", "red-3a", "red-3b", "red-5"]  # another colour's
    assert state.discards[0] == []
    assert events(state, "recall")[-1] == {"cards": ["blue-4", "red-1"]}
    assert [cards[c].id for c in state.discards[1]] == ["red-4", "blue-5"]


def test_GI_X1_compass_bonus_4_2_1_for_the_first_three_ships() -> None:
    state = new(4)
    for p in range(4):
        sail_to(state, p, 11)  # one field before the compass (g7, route field 12)
    act(state, "p0 play red-2", "p1 play blue-3a", "p2 play green-4", "p3 play yellow-5")
    assert state.order == [3, 2, 1, 0]
    act(state, "p3 move 2", "p3 place f6")  # passes the compass
    act(state, "p2 move 1")  # lands on it
    assert [e["fame"] for e in events(state, "compass")] == [{3: 4}, {2: 2}]
    advance(state)
    assert [e["fame"] for e in events(state, "compass")] == [{3: 4}, {2: 2}, {1: 1}, {0: 0}]
    assert state.compass_order == [3, 2, 1, 0]
    act(state, "p0 play red-3a", "p1 play blue-2", "p2 play green-5", "p3 play yellow-2")
    advance(state)
    assert len(events(state, "compass")) == 4  # once per ship


def test_GI_X2_home_bonus_6_3_1() -> None:
    state = new(4)
    for p in range(4):
        sail_to(state, p, 23)
    act(state, "p0 play red-2", "p1 play blue-3a", "p2 play green-4", "p3 play yellow-5")
    advance(state, rounds=0)
    assert [e["fame"] for e in events(state, "home")] == [{3: 6}, {2: 3}, {1: 1}, {0: 0}]


def test_GI_X3_a_ship_on_a_corner_uses_the_diagonal() -> None:
    state = new(2)
    sail_to(state, 0, 3)
    act(state, "p0 play red-3a", "p1 play blue-1", "p0 move 3")  # to g1, a corner
    assert state.position(0) == 6
    assert options_text(state) == ["place f2", "place e3", "place d4"]


def test_GI_X3_a_corner_without_a_diagonal_takes_no_pirate() -> None:
    state = new(2)
    sail_to(state, 0, 21)
    act(state, "p0 play red-3a", "p1 play blue-1", "p0 move 3")  # home a1: no diagonal
    assert events(state, "no-place")[-1]["why"] == "the line is full (GI-A6)"
    assert state.supply[0] == 5 and state.phase == "move" and state.player == 1


def test_GI_G1_the_game_ends_after_the_round_of_the_first_home_bonus() -> None:
    state = new(3)
    sail_to(state, 0, 22)
    sail_to(state, 2, 20)
    act(state, "p0 play red-4", "p1 play blue-2", "p2 play green-5")  # order: 2, 0, 1
    act(state, "p2 move 3", "p2 place b2")  # to a2, not home yet
    act(state, "p0 move 3")  # home, and on to b1
    assert events(state, "home") == [{"place": 1, "fame": {0: 6}}] and state.route_done
    assert not state.is_terminal()
    act(state, "p0 place b3", "p0 pass", "p1 move 1", "p1 place b4")  # a chest
    act(state, "treasure coins", "treasure pearls", "p1 keep coins")
    assert not state.is_terminal()  # the round is finished first
    act(state, "p1 pass")
    assert state.is_terminal() and state.round == 1
    assert "whole route" in events(state, "game-end")[0]["why"]
    assert state.outcome().final


def test_GI_G1_the_game_goes_on_while_no_ship_is_home() -> None:
    state = act(new(2), "p0 play red-5", "p1 play blue-5")
    advance(state)
    assert not state.is_terminal() and state.round == 2
