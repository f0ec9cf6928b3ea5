"""Amulets: washed up where statues look (TB-A1), spent for an extra action or against a curse
(TB-A2).

SEMANTICS (test_game_setup.py): the statue on 3,2 looks east along 4,2 (lake), 5,2
(scrubland), 6,2 (jungle), then the sea — a line with no beach, so its amulet washes up on the
last field before the sea (6,2), or on 4,2 with ``amulet_field = "gaze"``. COVE (below): the
statue on 3,2 looks east along two beach fields, 4,2 and 5,2.
"""

from __future__ import annotations

import warnings

from models.tobago.actions import END_TURN, Hint, Wash
from models.tobago.events import TobagoEvent as EV
from models.tobago.island.mapfile import load_bundled_map, parse_map
from tests.models.tobago.test_game_setup import act, at, chance, draw_gold, ready, refusal
from tests.models.tobago.test_game_sharing import raising

COVE = '''
name = "Cove"
terrain = """
~ ~ ~ ~ ~ ~ ~ ~
 ~ B J J B ~ ~ ~
~ R J M B B ~ ~
 ~ L S S B ~ ~ ~
~ ~ ~ ~ ~ ~ ~ ~
"""
[[landmark]]
kind = "statue"
at = [3, 2]
facing = "E"
'''


def _cove():  # type: ignore[no-untyped-def]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a tiny map: terrain types and landmarks are missing
        return parse_map(COVE, source="cove.toml")


def test_TB_A1_an_amulet_washes_up_where_the_statue_looks() -> None:
    state = ready(2, vehicles=[(1, 1), (1, 1)])
    assert state.amulets_on == {at(state, (6, 2)): 1}  # no beach on its line: the shore
    assert state.amulet_supply == state.game.cards.amulets - 1
    lagoon = ready(2, island=load_bundled_map("lagoon"), vehicles=[(5, 5), (5, 5)])
    washed = sorted(lagoon.game.fields[f] for f in lagoon.amulets_on)
    assert washed == [(3, 11), (7, 2), (10, 3)]  # each statue's gaze falls on a beach
    island = lagoon.game.island
    assert all(island.terrain_at(f).value == "B" for f in washed)


def test_TB_A1_amulets_wash_up_again_after_each_sharing() -> None:
    state = raising([1], raiser=0, amulets_when="start_and_raise")
    before = sum(state.amulets_on.values())
    draw_gold(state, 4, 5, 6)
    act(state, "reveal 4", "take", "reveal 5", "take")
    assert sum(state.amulets_on.values()) == before + 1
    assert [e.kind for e in state.log if e.kind is EV.AMULET_WASHED][-1] is EV.AMULET_WASHED


def test_TB_A1_the_wave_option_lets_chance_pick_a_beach_on_the_line() -> None:
    state = ready(2, island=_cove(), vehicles=[(1, 1), (1, 1)])
    assert state.amulets_on == {at(state, (4, 2)): 1}  # default "beach": the first beach
    wave = chance_until_wash(amulet_field="wave")
    outcomes = dict(wave.chance_outcomes())
    assert outcomes == {Wash((4, 2)): 0.5, Wash((5, 2)): 0.5}
    assert refusal(wave, "amulet washes up at 1,1").rule == "TB-A1"


def chance_until_wash(**options):  # type: ignore[no-untyped-def]
    from tests.models.tobago.test_game_setup import new_state

    state = chance(new_state(2, _cove(), **options))
    act(state, "vehicle at 1,1", "vehicle at 1,1", "claim T1", "claim T2")
    assert state.phase == "wash"
    return state


def test_TB_A2_an_amulet_buys_one_more_action() -> None:
    state = ready(2, vehicles=[(1, 1), (5, 3)], amulets_when="never")
    state.amulets[0] = 1
    act(state, "leg to 2,4", "stop")
    assert state.phase == "extra" and END_TURN in state.legal_actions()
    hint = next(a for a in state.legal_actions() if isinstance(a, Hint))
    state.apply(hint)  # the amulet is spent on a hint after the drive
    assert state.amulets[0] == 0
    spent = [e for e in state.log if e.kind is EV.AMULET_SPENT]
    assert [e.data["for"] for e in spent] == ["action"]
    chance(state)
    assert (state.phase, state.player) == ("turn", 1)  # no amulet left: the turn is over


def test_TB_A2_keeping_the_amulet_ends_the_turn() -> None:
    state = ready(2, vehicles=[(1, 1), (5, 3)], amulets_when="never")
    state.amulets[0] = 2
    act(state, "leg to 2,4", "stop", "end turn")
    assert state.player == 1 and state.amulets[0] == 2
    assert refusal(state, "end turn").rule == "TB-T1"


def test_TB_A2_an_amulet_keeps_ones_gold_against_a_curse() -> None:
    state = raising([1, 0], raiser=0, deep=True)
    state.gold, state.amulets = [[6], [5]], [1, 0]
    draw_gold(state, 0, 2, 2, 2)
    act(state, "reveal curse", "pay the curse with an amulet")
    assert state.gold == [[6], []] and state.amulets == [0, 0]
    spent = [e.data["for"] for e in state.log if e.kind is EV.AMULET_SPENT]
    assert spent == ["curse"]
