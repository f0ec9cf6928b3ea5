"""Tobago setup (TB-S3, TB-S4), the counted components, and the turn (TB-T1).

Also the helpers the other ``test_game_*`` files use: a 2-player game on the small hand-drawn
SEMANTICS map (tests/models/tobago/maps.py: 20 island fields, one statue at 3,2 facing east),
set up by seeded chance with vehicles where a test wants them.

    row 1:  ~ B J J B J ~ ~       B beach, J jungle, M mountain, L lake,
    row 2: ~ B J M L S J ~        R river, S scrubland; palm on 2,2, hut on 6,4,
    row 3:  ~ B R R L S ~ ~       statue on 3,2 looking east (4,2 5,2 6,2)
    row 4: ~ ~ B B ~ S S ~
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from models.core import CHANCE, load_game, make_rng
from models.errors import AtollError, IllegalActionError
from models.tobago import turns
from models.tobago.actions import PASS, STOP, Claim, DrawGold, Hint, Leg, PlaceVehicle, parse_action
from models.tobago.components import load_cards, parse_cards
from models.tobago.events import TobagoEvent as EV
from models.tobago.island.clues import Clue
from models.tobago.state import TobagoState
from tests.models.tobago.maps import semantics_island

Field = tuple[int, int]


def new_state(players: int = 2, island: Any = None, **options: Any) -> TobagoState:
    game = load_game("tobago", players, options, map=island or semantics_island())
    state = game.new_initial_state()
    assert isinstance(state, TobagoState)
    return state


def chance(state: TobagoState, seed: int = 0) -> TobagoState:
    """Let seeded chance act until a player decides (or the game is over)."""
    rng = make_rng(seed)
    while state.current_player() == CHANCE:
        state.apply(state.sample_chance(rng))
    return state


def ready(
    players: int = 2,
    vehicles: Sequence[Field] = (),
    seed: int = 0,
    island: Any = None,
    **options: Any,
) -> TobagoState:
    """A game set up by seeded chance: vehicles on ``vehicles`` (else the first field), each
    player marking the first starting hint offered; the first turn is next."""
    state = new_state(players, island, **options)
    rng = make_rng(seed)
    while state.phase not in ("turn", "over"):
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        elif state.phase == "vehicle":
            seat = state.seat
            field = vehicles[seat] if seat < len(vehicles) else state.game.fields[0]
            state.apply(PlaceVehicle(field))
        else:
            state.apply(state.legal_actions()[0])
    return state


def at(state: TobagoState, field: Field) -> int:
    return state.game.island.index[field]


def act(state: TobagoState, *texts: str) -> None:
    for text in texts:
        state.apply(parse_action(text))


def refusal(state: TobagoState, text: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        state.apply(parse_action(text))
    return caught.value


def set_hand(state: TobagoState, player: int, *clues: str) -> None:
    """Put these clue cards in ``player``'s hand (it keeps its draw slots)."""
    game = state.game
    slots = state.hand_slots[player]
    assert len(clues) <= len(slots)
    state.hands[player] = [game.clue_index[Clue.parse(c)] for c in clues]
    state.hand_slots[player] = slots[: len(clues)]


def fix(state: TobagoState, t: int, field: Field, queue: Sequence[int] = ()) -> None:
    """Treasure ``t`` (1-4) fixed at ``field`` (TB-H6), with these roses (front to back)."""
    state.cand[t - 1] = 1 << at(state, field)
    state.queues[t - 1] = list(queue)


def place(state: TobagoState, player: int, field: Field) -> None:
    state.vehicles[player] = at(state, field)


def restart_turn(state: TobagoState, player: int = 0) -> None:
    """After a test changed the table: ``player``'s turn begins afresh."""
    state.player = player
    turns.begin_turn(state)


def draw_gold(state: TobagoState, *values: int) -> None:
    for value in values:
        state.apply(DrawGold(value))


def kinds(state: TobagoState) -> list[str]:
    return [e.kind.value for e in state.log]


# -- TB-S3 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 6), (3, 4), (4, 4)])
def test_TB_S3_hands_of_4_and_6_with_two_players(players: int, size: int) -> None:
    state = ready(players)
    assert [len(h) for h in state.hands] == [size] * players
    assert state.game.hand_size == size
    # a hint laid is drawn back up to the hand size (TB-H1)
    hint = next(a for a in state.legal_actions() if isinstance(a, Hint))
    state.apply(hint)
    assert len(state.hands[0]) == size - 1
    chance(state)
    assert len(state.hands[0]) == size


def test_TB_S3_the_deal_is_chance_and_refuses_a_decision() -> None:
    state = new_state(2)
    rng = make_rng(1)
    while state.phase != "deal":
        state.apply(state.sample_chance(rng))
    error = refusal(state, "vehicle at 1,1")
    assert error.rule == "TB-S3"
    assert "deals the hands" in str(error)


# -- TB-S4 ---------------------------------------------------------------------------------------


def test_TB_S4_each_treasure_starts_with_one_hint_and_roses_mark_them() -> None:
    state = ready(2, vehicles=[(1, 1), (5, 3)])
    starts = [e for e in state.log if e.kind is EV.START_HINT]
    assert [e.data["treasure"] for e in starts] == [1, 2, 3, 4]
    full = state.game.full
    for t in range(4):
        assert len(state.hints[t]) == 1
        assert 0 < state.cand[t] != full  # it excludes some field and not all
    # each player marked a different starting hint with one rose (start_claims = distinct)
    claimed = [q for q in state.queues if q]
    assert sorted(p for q in claimed for p in q) == [0, 1]
    assert state.roses == [14, 14]


def test_TB_S4_a_starting_hint_takes_one_rose_unless_shared() -> None:
    state = chance(new_state(2))
    act(state, "vehicle at 1,1", "vehicle at 1,1", "claim T1")
    error = refusal(state, "claim T1")
    assert error.rule == "TB-S4"
    assert Claim(1) not in state.legal_actions()
    shared = chance(new_state(2, start_claims="shared"))
    act(shared, "vehicle at 1,1", "vehicle at 1,1", "claim T1", "claim T1")
    assert shared.queues[0] == [0, 1]


def test_TB_S4_a_starting_hint_that_excludes_nothing_is_discarded() -> None:
    state = new_state(2)
    # every field of this small island is within sight of the sea: the card excludes nothing
    state.apply(parse_action("draw 'in sight of sea'"))
    assert not state.hints[0] and state.discards
    assert kinds(state)[-1] == "start-discard"


def test_TB_S4_the_vehicle_goes_on_land() -> None:
    state = chance(new_state(2))
    error = refusal(state, "vehicle at 0,0")
    assert error.rule == "TB-D1" and "sea" in str(error)


# -- components ----------------------------------------------------------------------------------


def test_the_bundled_cards_are_labelled_and_match_the_components_reference() -> None:
    cards = load_cards()
    assert cards.total_gold == 39 and cards.values == (2, 3, 4, 5, 6)
    assert cards.curses == 2 and cards.total_gold - cards.curse_free_top == 27
    assert (cards.amulets, cards.vehicles, cards.roses_per_player) == (20, 4, 15)
    assert (cards.hand, cards.hand_two_players, cards.start_hints_per_treasure) == (4, 6, 1)
    assert cards.reconstruction and cards.reconstructed == ("gold",)
    assert set(cards.source_of) >= {"gold", "curses", "amulets", "hand", "hand_two_players"}


def test_the_curses_lie_in_the_bottom_27_gold_cards() -> None:
    state = ready(2)
    state.deck_pos = 11
    state.share = None
    weights = dict(_gold_weights(state))
    assert weights.get(0, 0) == 0
    state.deck_pos = 12
    assert dict(_gold_weights(state))[0] > 0


def _gold_weights(state: TobagoState) -> list[tuple[int, float]]:
    state.phase = "gold"
    return [(a.value, p) for a, p in state.chance_outcomes()]  # type: ignore[attr-defined]


def test_a_bad_cards_file_is_one_line_naming_file_entry_and_field() -> None:
    text = "curses = 2\ncurse_free_top = 12\namulets = 20\nroses_per_player = 15\n"
    text += "vehicles = 4\nmarkers_per_treasure = 17\nhand = 4\nhand_two_players = 6\n"
    text += "start_hints_per_treasure = 1\n[[gold]]\nvalue = 2\ncount = 1.5\n"
    with pytest.raises(AtollError) as caught:
        parse_cards(text, source="c.toml")
    message = str(caught.value)
    assert "\n" not in message and message.startswith("c.toml: gold[0]: count")


# -- TB-T1 ---------------------------------------------------------------------------------------


def test_TB_T1_a_turn_is_one_hint_or_one_drive_clockwise() -> None:
    state = ready(3, vehicles=[(1, 1), (1, 1), (1, 1)])
    offered = state.legal_actions()
    assert any(isinstance(a, Hint) for a in offered) and any(isinstance(a, Leg) for a in offered)
    hint = next(a for a in offered if isinstance(a, Hint))
    state.apply(hint)
    chance(state)  # the card drawn back (TB-H1)
    assert (state.phase, state.player) == ("turn", 1)  # the hint was the whole turn
    act(state, "leg to 2,4", "stop")
    assert (state.phase, state.player) == ("turn", 2)  # so was the drive
    act(state, "leg to 3,4")
    act(state, "leg to 3,3")
    act(state, "leg to 4,3")  # the third leg ends the drive
    assert (state.phase, state.player) == ("turn", 0)


def test_TB_T1_decisions_out_of_turn_are_refused() -> None:
    state = ready(2, vehicles=[(1, 1), (1, 1)])
    error = refusal(state, "take")
    assert error.rule == "TB-T1"
    assert refusal(state, "stop").rule == "TB-T1"
    act(state, "leg to 2,4")
    assert refusal(state, "hint T1 'in jungle'").rule == "TB-D1"  # mid-drive: legs or stop
    state.apply(STOP)
    assert state.player == 1


def second_action(state: TobagoState, text: str) -> IllegalActionError:
    """The refusal of ``text`` written for player 0 (a scenario entry ``p0 ...``) once his turn
    is over."""
    with pytest.raises(IllegalActionError) as caught:
        state.play_text(f"p0 {text}")
    return caught.value


def names_first(error: IllegalActionError, rule: str, then: str) -> bool:
    """Whether the refusal names ``rule`` as the rule broken and ``then`` only after it."""
    text = str(error)
    return error.rule == rule and text.index(rule) < text.index(then)


def test_TB_T1_a_leg_after_a_hint_is_refused_as_a_second_action() -> None:
    state = ready(2, vehicles=[(1, 1), (1, 1)], amulets_when="never")
    state.apply(next(a for a in state.legal_actions() if isinstance(a, Hint)))
    chance(state)  # he draws back up; with no amulet his turn is over
    error = second_action(state, "leg to 2,4")
    assert names_first(error, "TB-T1", "TB-A2")
    assert "one hint or one drive" in str(error) and "holds no amulet" in str(error)


def test_TB_T1_a_hint_after_driving_is_refused_as_a_second_action() -> None:
    state = ready(2, vehicles=[(1, 1), (1, 1)], amulets_when="never")
    act(state, "leg to 2,4", "stop")
    error = second_action(state, "hint T1 'in jungle'")
    assert names_first(error, "TB-T1", "TB-A2") and "one hint or one drive" in str(error)


def test_TB_T1_a_second_action_with_amulets_switched_off_names_the_option_after_TB_T1() -> None:
    state = ready(2, vehicles=[(1, 1), (1, 1)], amulet_extra_action=False)
    act(state, "leg to 2,4", "stop")
    error = second_action(state, "leg to 1,1")
    assert names_first(error, "TB-T1", "amulet_extra_action = false")


def test_TB_T1_passing_is_refused_while_a_drive_is_possible() -> None:
    state = ready(2, vehicles=[(1, 1), (1, 1)], exchange_hand=False)
    state.roses[0] = 0  # no rose: no hint (TB-H1)
    restart_turn(state)
    assert not any(isinstance(a, Hint) for a in state.legal_actions())
    assert PASS not in state.legal_actions()
    assert refusal(state, "pass").rule == "TB-T1"
