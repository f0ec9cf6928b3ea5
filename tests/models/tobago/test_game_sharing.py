"""Sharing a raised treasure: TB-G1..TB-G6 (draw per rose, the unseen card, offers from the back,
takes and skips, the curse, the new treasure's first hint).

Each test raises treasure 1, fixed on 3,4 of the SEMANTICS map, with the roses it names.
"""

from __future__ import annotations

from typing import Any

from models.tobago.actions import PAY_AMULET, PAY_GOLD, Hint
from models.tobago.events import TobagoEvent as EV
from models.tobago.position import UNSEEN
from models.tobago.state import TobagoState
from tests.models.tobago.test_game_setup import (
    act,
    chance,
    draw_gold,
    fix,
    ready,
    refusal,
    restart_turn,
)


def raising(
    queue: list[int], raiser: int = 0, players: int = 2, deep: bool = False, **options: Any
) -> TobagoState:
    """Treasure 1 fixed on 3,4 with roses ``queue`` (front to back); ``raiser`` raises it in
    place. ``deep``: the gold deck is past its curse-free top, so a curse may come up."""
    options.setdefault("amulets_when", "never")
    state = ready(players, vehicles=[(3, 4)] * players, **options)
    fix(state, 1, (3, 4), queue=queue)
    if deep:
        state.deck_pos = state.game.cards.curse_free_top
    restart_turn(state, raiser)
    act(state, "raise")
    return state


def _events(state: TobagoState, kind: EV) -> list[Any]:
    return [e for e in state.log if e.kind is kind]


def test_TB_G1_each_rose_draws_one_gold_card_face_down() -> None:
    state = raising([0, 1, 0], raiser=1)
    assert state.share is not None and state.share.queue == [0, 1, 0, 1]
    assert state.share.deal == [1, 0, 1, 0, UNSEEN]  # from the back: the raiser first
    draw_gold(state, 6, 5, 4, 3, 2)
    drawn = [e.player for e in _events(state, EV.GOLD_DRAWN)]
    assert sorted(drawn) == [0, 0, 1, 1]  # as many cards as roses, the raiser's included
    assert all("value" not in e.data for e in _events(state, EV.GOLD_DRAWN))  # face down


def test_TB_G1_only_gold_draws_now() -> None:
    state = raising([1])
    error = refusal(state, "take")
    assert error.rule == "TB-G1"


def test_TB_G2_one_more_card_is_added_unseen() -> None:
    state = raising([1])
    deck = state.deck_size
    draw_gold(state, 4, 5, 6)  # roses P1 P0: two cards drawn, then the unseen one
    assert kinds_of(state)[-3:] == ["gold-drawn", "gold-drawn", "gold-unseen"]
    assert state.deck_size == deck - 3 and state.share is not None
    assert sum(state.share.pile) == 3  # two roses' cards and the unseen one, shuffled
    assert state.phase == "reveal"


def kinds_of(state: TobagoState) -> list[str]:
    return [e.kind.value for e in state.log if e.kind is not EV.REFILL]


def test_TB_G3_cards_are_offered_from_the_back_and_may_be_refused() -> None:
    state = raising([2, 1], raiser=0, players=3)  # roses front to back: P2 P1 P0 (raiser)
    draw_gold(state, 2, 3, 4, 5)
    act(state, "reveal 5")
    asked = [state.current_player()]
    act(state, "refuse")
    asked.append(state.current_player())
    act(state, "refuse")
    asked.append(state.current_player())
    assert asked == [0, 1, 2]  # the raiser, the last hint's author, the one before
    act(state, "take")
    assert state.gold[2] == [5]
    refused = _events(state, EV.REFUSE)
    assert [(e.player, e.data["position"]) for e in refused] == [(0, 0), (1, 1)]


def test_TB_G3_only_the_player_asked_takes_or_refuses() -> None:
    state = raising([1])
    draw_gold(state, 4, 5, 6)
    act(state, "reveal 4")
    assert refusal(state, "leg to 1,1").rule == "TB-G3"


def test_TB_G4_a_taker_removes_his_rose_and_is_skipped_unless_he_has_more() -> None:
    state = raising([0, 1], raiser=0)  # roses P0 P1 P0
    draw_gold(state, 6, 5, 4, 3)
    roses = list(state.roses)
    act(state, "reveal 6", "take")  # P0's back rose is removed (and goes home)
    assert state.roses[0] == roses[0] + 1
    act(state, "reveal 5")
    assert state.current_player() == 1
    act(state, "refuse")
    assert state.current_player() == 0  # he still has a rose there: asked again
    act(state, "take", "reveal 4")
    assert state.current_player() == 1  # P0 has no rose left: skipped
    act(state, "take")
    assert state.gold[:2] == [[6, 5], [4]]
    end = _events(state, EV.SHARE_END)[-1]
    assert end.data["received"] == [6, 4, 5] and end.data["left"] == 1  # the 3, never shown


def test_TB_G5_a_curse_stops_the_sharing_and_every_holder_gives_up_his_best_card() -> None:
    state = raising([1, 0], raiser=0, deep=True)  # roses P1 P0 P0
    state.gold = [[3, 5], [2, 4]]
    draw_gold(state, 6, 0, 2, 2)
    act(state, "reveal 6", "take")
    act(state, "reveal curse")
    assert _events(state, EV.CURSE)[-1].data["holders"] == [0, 1]
    assert state.gold == [[3, 5], [2]]  # P0 gave up the 6, P1 the 4
    assert sorted(state.cursed_gold) == [4, 6]
    assert state.share is None and sum(state.gold_out) == 2  # the two 2s were never shown
    assert state.phase == "new"


def test_TB_G5_curses_lie_below_the_curse_free_top() -> None:
    state = raising([1])
    error = refusal(state, "gold curse")
    assert error.rule == "TB-G5"


def test_TB_G5_a_holder_with_an_amulet_may_give_it_up_instead() -> None:
    state = raising([1, 0], raiser=0, deep=True)
    state.gold, state.amulets = [[3], [2, 4]], [0, 1]
    draw_gold(state, 6, 0, 2, 2)
    act(state, "reveal curse")
    # P0 has no amulet: he loses his 3 at once; P1 chooses
    assert state.current_player() == 1 and set(state.legal_actions()) == {PAY_AMULET, PAY_GOLD}
    act(state, "pay the curse with an amulet")
    assert state.gold == [[], [2, 4]] and state.amulets == [0, 0]


def test_TB_G6_the_last_receiver_lays_the_new_treasures_first_hint() -> None:
    state = raising([0, 1], raiser=0)
    draw_gold(state, 6, 5, 4, 3)
    act(state, "reveal 6", "take", "reveal 5", "refuse", "take", "reveal 4", "take")
    assert state.phase == "new" and state.current_player() == 1  # he received the last card
    assert state.hints[0] == [] and state.cand[0] == state.game.full  # a new treasure 1
    options = state.legal_actions()
    assert options and all(isinstance(a, Hint) and a.treasure == 1 for a in options)
    other = str(options[0]).replace("T1", "T2")
    assert refusal(state, other).rule == "TB-G6"
    state.apply(options[0])
    assert len(state.hints[0]) == 1 and state.queues[0] == [1]
    chance(state)  # he draws back up; then the raiser's turn is over
    assert (state.phase, state.player) == ("turn", 1)
    assert _events(state, EV.HINT)[-1].data["new"]
