"""Laying hints in the game (TB-H1..H6 through a turn): the card from the hand, marked with a
rose, legal by the candidate bitmasks; refusals name the rule.

SEMANTICS map (test_game_setup.py): jungle fields 2,1 3,1 2,2 5,1 6,2.
"""

from __future__ import annotations

from models.tobago.events import TobagoEvent as EV
from models.tobago.island.clues import Clue
from tests.models.tobago.test_game_setup import act, at, ready, refusal, restart_turn, set_hand


def _jungle_treasure(state):  # type: ignore[no-untyped-def]
    """Treasure 3 narrowed to the jungle fields by hand."""
    mask = 0
    for field in ((2, 1), (3, 1), (2, 2), (5, 1), (6, 2)):
        mask |= 1 << at(state, field)
    state.cand[2] = mask


def test_TB_H1_the_card_comes_from_the_hand_and_takes_a_rose() -> None:
    state = ready(2, vehicles=[(1, 1), (1, 1)])
    _jungle_treasure(state)
    set_hand(state, 0, "in the largest jungle", "in beach")
    restart_turn(state)
    roses, queue = state.roses[0], list(state.queues[2])
    act(state, "hint T3 'in the largest jungle'")
    assert state.roses[0] == roses - 1 and state.queues[2] == [*queue, 0]
    assert state.hints[2][-1] == state.game.clue_index[Clue.parse("in the largest jungle")]
    other = ready(2, vehicles=[(1, 1), (1, 1)])
    set_hand(other, 0, "in beach")
    restart_turn(other)
    assert refusal(other, "hint T1 'in lake'").rule == "TB-H1"  # not in his hand
    other.roses[0] = 0
    restart_turn(other)
    assert refusal(other, "hint T1 'in beach'").rule == "TB-H1"  # no rose left


def test_TB_H2_H3_H4_a_hint_must_exclude_some_candidates_and_not_all() -> None:
    state = ready(2, vehicles=[(1, 1), (1, 1)])
    _jungle_treasure(state)
    set_hand(state, 0, "in jungle", "in beach", "in the largest jungle")
    restart_turn(state)
    error = refusal(state, "hint T3 'in jungle'")
    assert error.rule == "TB-H2"  # every candidate is jungle: it excludes none
    error = refusal(state, "hint T3 'in beach'")
    assert error.rule == "TB-H3" and "TB-H4" in str(error)  # it would exclude all
    act(state, "hint T3 'in the largest jungle'")  # legal: leaves 2,1 3,1 2,2


def test_TB_H6_the_last_candidate_fixes_the_treasure() -> None:
    state = ready(2, vehicles=[(1, 1), (1, 1)])
    state.cand[3] = (1 << at(state, (2, 2))) | (1 << at(state, (3, 2))) | (1 << at(state, (1, 1)))
    set_hand(state, 0, "in jungle")
    restart_turn(state)
    act(state, "hint T4 'in jungle'")
    fixed = [e for e in state.log if e.kind is EV.FIXED][-1]
    assert fixed.data["treasure"] == 4 and fixed.data["field"] == (2, 2)
    assert state.cand[3] == 1 << at(state, (2, 2))


def test_TB_H2_H3_the_game_offers_exactly_the_hints_the_hint_rules_allow() -> None:
    """The game's legal hints agree with models.tobago.island.legality (lay_hint over the hints
    laid), in positions of random games on the bundled map."""
    from models.core import load_game, make_rng, random_playout
    from models.errors import AtollError
    from models.tobago.actions import Hint
    from models.tobago.island.hints import Hints
    from models.tobago.island.legality import lay_hint

    for seed in range(3):
        state = load_game("tobago", 3).new_initial_state()
        random_playout(state, make_rng(seed), max_moves=120 + 40 * seed)
        while state.phase != "turn":
            random_playout(state, make_rng(seed), max_moves=1)
        game, player = state.game, state.current_player()
        hints = Hints()
        for t in range(4):
            for index in state.hints[t]:
                hints = lay_hint(game.island, hints, t + 1, game.clues[index], game.options.clues())
        offered = {a for a in state.legal_actions() if isinstance(a, Hint)}
        allowed = set()
        for index in set(state.hands[player]):
            for t in range(4):
                try:
                    lay_hint(game.island, hints, t + 1, game.clues[index], game.options.clues())
                except AtollError:
                    continue
                allowed.add(game.hint_actions[index][t])
        assert offered == (allowed if state.roses[player] else set())
