"""Driving (TB-D1), raising a fixed treasure (TB-D2), picking up amulets (TB-D3).

On the SEMANTICS map (see test_game_setup.py). The beach area is 1,1 1,2 1,3 2,4 3,4; the
jungle area A is 2,1 3,1 2,2; the mountain 3,2 touches neither beach.
"""

from __future__ import annotations

import networkx as nx

from models.tobago.actions import RAISE, STOP, Leg
from models.tobago.events import TobagoEvent as EV
from models.tobago.island.map import Terrain
from models.tobago.roads import leg_graph
from tests.models.tobago.test_game_setup import (
    act,
    at,
    chance,
    fix,
    kinds,
    names_first,
    ready,
    refusal,
    restart_turn,
    second_action,
)


def _leg_fields(state):  # type: ignore[no-untyped-def]
    return sorted(a.field for a in state.legal_actions() if isinstance(a, Leg))


def test_TB_D1_a_leg_crosses_its_area_or_steps_onto_a_neighbour() -> None:
    state = ready(2, vehicles=[(1, 1), (5, 3)])
    # worked out by hand: the rest of the beach area, and the land neighbours 2,1 and 2,2
    assert _leg_fields(state) == [(1, 2), (1, 3), (2, 1), (2, 2), (2, 4), (3, 4)]
    error = refusal(state, "leg to 3,2")  # the mountain is two legs away
    assert error.rule == "TB-D1" and "not one leg" in str(error)


def test_TB_D1_vehicles_never_enter_the_sea() -> None:
    state = ready(2, vehicles=[(1, 1), (5, 3)])
    error = refusal(state, "leg to 0,1")
    assert error.rule == "TB-D1" and "sea" in str(error)
    island = state.game.island
    for legs in state.game.roads.legs:
        assert all(island.terrain_at(state.game.fields[f]) is not Terrain.SEA for f in legs)


def test_TB_D1_a_drive_is_up_to_three_legs() -> None:
    state = ready(2, vehicles=[(1, 1), (5, 3)])
    act(state, "leg to 2,2", "leg to 3,2")  # jungle, then one step onto the mountain
    assert STOP in state.legal_actions()
    act(state, "leg to 4,2")  # the third leg: the drive and the turn are over
    assert (state.player, state.phase) == (1, "turn")
    drive = [e for e in state.log if e.kind is EV.DRIVE][-1]
    assert drive.data["legs"] == 3 and drive.data["end"] == (4, 2)


def test_TB_D1_a_fourth_leg_is_refused_naming_the_three_legs_of_a_drive() -> None:
    state = ready(2, vehicles=[(1, 1), (5, 3)], amulets_when="never")
    act(state, "leg to 2,2", "leg to 3,2", "leg to 4,2")  # the drive and the turn are over
    error = second_action(state, "leg to 4,3")
    assert names_first(error, "TB-D1", "TB-A2") and "had its 3 legs" in str(error)
    assert names_first(second_action(state, "stop"), "TB-D1", "TB-A2")
    assert names_first(second_action(state, "hint T1 'in jungle'"), "TB-T1", "TB-A2")


def test_TB_D1_the_leg_graph_agrees_with_a_direct_reading_of_the_rule() -> None:
    state = ready(2)
    island, fields = state.game.island, state.game.fields
    g = leg_graph(island)
    for a, f in enumerate(fields):
        area = next(x for x in island.areas[island.terrain_at(f)] if f in x)
        expected = {island.index[x] for x in area} | {
            island.index[n]
            for n in island.neighbours_on_map(f)
            if island.terrain_at(n) is not Terrain.SEA
        }
        assert set(g.neighbors(a)) | {a} == expected
    lengths = dict(nx.all_pairs_shortest_path_length(g))
    roads = state.game.roads
    for a in range(len(fields)):
        for b in range(len(fields)):
            assert roads.distance(a, b) == lengths[a].get(b, -1)


def test_TB_D2_the_first_vehicle_on_a_fixed_treasure_raises_it() -> None:
    state = ready(2, vehicles=[(1, 1), (5, 3)])
    fix(state, 1, (3, 4), queue=[1, 0])
    restart_turn(state)
    roses = state.roses[0]
    act(state, "leg to 3,4")  # the beach area, one leg
    raised = [e for e in state.log if e.kind is EV.RAISE][-1]
    assert raised.player == 0 and raised.data["queue"] == [1, 0, 0]  # his rose behind
    assert state.roses[0] == roses - 1
    assert state.phase == "gold"  # the sharing begins (TB-G1); the drive is over


def test_TB_D2_raising_ends_the_turn() -> None:
    state = ready(2, vehicles=[(1, 1), (5, 3)], amulets_when="never")
    fix(state, 1, (3, 4), queue=[1])
    state.amulets[0] = 1  # he could buy an extra action, but raising ends the turn
    restart_turn(state)
    act(state, "leg to 3,4")
    chance(state)
    while state.phase == "offer":
        act(state, "take")
        chance(state)
    if state.phase == "new":
        state.apply(state.legal_actions()[0])
        chance(state)
    assert (state.phase, state.player) == ("turn", 1)


def test_TB_D2_raise_is_refused_without_a_fixed_treasure_underneath() -> None:
    state = ready(2, vehicles=[(1, 1), (5, 3)])
    assert RAISE not in state.legal_actions()
    error = refusal(state, "raise")
    assert error.rule == "TB-D2"


def test_TB_D2_a_vehicle_already_there_raises_in_place() -> None:
    state = ready(2, vehicles=[(3, 4), (5, 3)])
    fix(state, 2, (3, 4), queue=[1])
    restart_turn(state)
    assert RAISE in state.legal_actions()
    act(state, "raise")
    raised = [e for e in state.log if e.kind is EV.RAISE][-1]
    assert raised.data["in_place"] and raised.data["treasure"] == 2


def test_TB_D3_a_vehicle_ending_a_leg_on_an_amulet_picks_it_up() -> None:
    state = ready(2, vehicles=[(1, 1), (5, 3)], amulets_when="never")
    state.amulets_on = {at(state, (2, 4)): 2, at(state, (1, 3)): 1}
    act(state, "leg to 2,4")  # passing 1,3 inside the beach area picks up nothing there
    assert state.amulets[0] == 2
    assert state.amulets_on == {at(state, (1, 3)): 1}
    assert kinds(state)[-1] == "amulet-picked"
