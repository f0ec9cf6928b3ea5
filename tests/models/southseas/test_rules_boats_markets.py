"""South Seas fishing boats, markets, ships, game end and rule options, scenario by scenario.

Boards use the test tiles (scenario_tiles.toml); see test_rules_features.py for the start tile.
"""

from __future__ import annotations

import dataclasses

import pytest

from models.errors import AtollError
from models.southseas.actions import PASS, Deliver, Recall, TakeShip
from models.southseas.components import TileSet, load_tiles
from models.southseas.rules import SouthSeas, winners
from models.southseas.scenario import play_move
from models.southseas.ships import Ship, ShipSet, load_ships
from tests.models.southseas.helpers import SHIPS, TILES, events, play, wares
from tests.models.southseas.test_rules_features import FOUR_OUT

FISHER_SOUTH = {"tile": "sea", "at": [0, 1], "islander": 0}
SHIP_ORDER = ["A5", "B5", "C3", "D2", "E4", "F1"]


def small_game(
    counts: dict[str, int], players: int = 2, ships: ShipSet | None = None, **options: object
):  # type: ignore[no-untyped-def]
    """A game on a few copies of the test tiles (the start tile always included)."""
    full = load_tiles(TILES)
    types = tuple(
        dataclasses.replace(t, count=counts.get(t.id, 1 if t.start else 0))
        for t in full.types
        if t.start or counts.get(t.id)
    )
    tiles = TileSet(types, "test", False)
    game = SouthSeas(players, tiles=tiles, ships=ships or load_ships(SHIPS))
    state = game.new_initial_state(0)
    if options:
        state.options = game.options.replace(**options)
    return state


# -- fishing boats -------------------------------------------------------------------------------


def test_SS_B1_boat_evaluates_an_occupied_region() -> None:
    state = play([FISHER_SOUTH, {"tile": "sea-boat", "at": [1, 1]}])
    assert events(state, "boat")[0]["paid"] == {0: 1}
    assert wares(state, 0) == (0, 0, 1)


def test_SS_B1_unoccupied_region_option() -> None:
    default = play([{"tile": "sea", "at": [0, 1]}, {"tile": "sea-boat", "at": [1, 1]}])
    assert events(default, "boat-no-trigger") == [{"why": "unoccupied region"}]
    assert not default.covered
    german = play(
        [{"tile": "sea", "at": [0, 1]}, {"tile": "sea-boat", "at": [1, 1]}],
        options={"boat_unoccupied": "cover_fish"},
    )
    boat = events(german, "boat")[0]
    assert boat["paid"] == {} and boat["covered"] is not None and len(german.covered) == 1


def test_SS_B2_no_trigger_without_uncovered_fish() -> None:
    state = play(
        [
            FISHER_SOUTH,
            {"tile": "sea-boat", "at": [1, 1]},  # pays 1, covers it
            {"tile": "sea", "at": [-1, 1], "islander": 0},
            {"tile": "sea-boat", "at": [0, 2]},
        ]
    )
    assert events(state, "boat-no-trigger") == [{"why": "no uncovered fish"}]
    assert wares(state, 0) == (0, 0, 1)


def test_SS_B2_no_trigger_when_fish_join_a_region_with_a_boat() -> None:
    state = play(
        [
            FISHER_SOUTH,
            {"tile": "sea-boat", "at": [1, 1]},
            {"tile": "sea", "at": [-1, 1], "islander": 0},
            {"tile": "sea-fish", "at": [0, 2]},
        ]
    )  # adds fish beside the old boat
    assert len(events(state, "boat")) == 1
    assert wares(state, 0) == (0, 0, 1)


def test_SS_B2_no_trigger_when_an_earlier_boat_is_joined() -> None:
    state = play(
        [
            {"tile": "bridge", "at": [1, 0]},  # north strip region and south region
            {"tile": "sea-boat", "at": [1, -1]},  # a boat in the empty north: no trigger
            {"tile": "sea", "at": [0, 1], "islander": 0},  # a fisher in the south
            {"tile": "bridge-end", "at": [2, 0], "rotation": 2},  # joins north (boat) and south
        ]
    )
    assert events(state, "boat") == []
    assert wares(state, 0) == (0, 0, 0)


def test_SS_B3_cover_two_fish_first_and_never_pay_covered_fish() -> None:
    state = play(
        [
            {"tile": "sea-fish", "at": [0, 1], "islander": 0},  # region: 1 + (1 + 2) fish
            {"tile": "sea-boat", "at": [1, 1]},  # pays 4, covers the 2-group
            {"tile": "sea", "at": [-1, 1], "islander": 0},
            {"tile": "sea-boat", "at": [0, 2]},  # pays 2, covers a 1-group
            {"tile": "sea", "at": [2, 1], "islander": 0},
            {"tile": "sea-boat", "at": [1, 2]},  # pays 1, covers the last
        ]
    )
    paid = [e["paid"][0] for e in events(state, "boat")]
    assert paid == [4, 2, 1]
    assert [e["covered"][2] for e in events(state, "boat")] == [2, 1, 1]
    assert wares(state, 0) == (0, 0, 7)
    assert state.boat_tokens == 19 - 3


def test_SS_B4_fishers_return_after_a_boat_by_option() -> None:
    moves = [FISHER_SOUTH, {"tile": "sea-boat", "at": [1, 1]}]
    assert play(moves).ledger.islanders[0] == 4
    stay = play(moves, options={"boat_returns_fishers": False})
    assert stay.ledger.islanders[0] == 3
    assert events(stay, "boat")[0]["returned"] == {}


# -- markets -------------------------------------------------------------------------------------

TWO_MARKETS = [  # 3 players; player 0's merchant west, player 2's east; player 1 completes both
    {"tile": "bridge", "at": [-1, 0]},
    {"tile": "bridge", "at": [1, 0]},
    {"tile": "bridge", "at": [-2, 0]},
    {"tile": "market", "at": [-1, 1], "islander": 0},
    {"tile": "bridge", "at": [2, 0]},
    {"tile": "market", "at": [1, 1], "islander": 0},
    {"tile": "sea", "at": [-2, 1]},
    {"tile": "sea", "at": [2, 1]},
    {"tile": "sea", "at": [-2, 2]},
    {"tile": "sea", "at": [-1, 2]},
    {"tile": "sea", "at": [0, 2]},
    {"tile": "sea", "at": [1, 2]},
    {"tile": "sea", "at": [2, 2]},
]


def test_SS_M1_market_needs_all_eight_neighbours() -> None:
    state = play(TWO_MARKETS, players=3, ships=SHIP_ORDER)
    assert events(state, "market") == []  # (0, 1) is still empty for both
    assert state.board.completed_markets((0, 1)) == []


def test_SS_M2_SS_M3_two_markets_at_once_clockwise_from_the_active_player() -> None:
    state = play(
        [*TWO_MARKETS, {"tile": "sea", "at": [0, 1], "take": "B5"}], players=3, ships=SHIP_ORDER
    )
    assert len(events(state, "market")) == 2
    # player 1 placed the tile: player 2 chooses first (A5/B5 tie), then player 0
    assert [s.id for s in state.taken[2]] == ["B5"]
    assert [s.id for s in state.taken[0]] == ["A5"]
    assert [s.id for s in state.display] == ["C3", "D2", "E4", "F1"]  # refilled after each
    assert state.ledger.wares == [[0, 0, 0]] * 3  # ships from markets cost no wares
    assert state.ledger.islanders == [4, 4, 4]  # merchants returned


def test_SS_M2_tied_ships_are_the_owners_choice() -> None:
    moves = [*TWO_MARKETS, {"tile": "sea", "at": [0, 1]}]
    with pytest.raises(AtollError, match="tied ships"):
        play(moves, players=3, ships=SHIP_ORDER)
    state = play(TWO_MARKETS, players=3, ships=SHIP_ORDER)
    state.force_draw("sea")
    from models.southseas.actions import Place

    state.apply(Place(0, 1, 0))
    state.apply(PASS)  # player 1 places no islander; the markets are evaluated
    assert state.phase == "choose-ship" and state.current_player() == 2
    assert set(state.legal_actions()) == {TakeShip("A5"), TakeShip("B5")}


def test_SS_M4_unfinished_market_gives_nothing_at_the_end() -> None:
    state = small_game({"market": 1, "band": 1, "sea": 1})
    for move in [
        {"tile": "market", "at": [0, 1], "islander": 0},
        {"tile": "band", "at": [0, -1], "islander": 0},
        {"tile": "sea", "at": [1, 1]},
    ]:
        play_move(state, move)
    assert state.is_terminal()
    assert state.taken[0] == [] and state.ledger.wares[0] == [0, 0, 0]


# -- ships ---------------------------------------------------------------------------------------

CLOSE_ISLAND = [
    {"tile": "band", "at": [0, -1], "islander": 0},
    {"tile": "sea", "at": [0, 1]},
    {"tile": "cap", "at": [0, -2], "rotation": 2},
]


def test_SS_S1_deliver_to_exactly_one_ship_and_refill() -> None:
    state = play([*CLOSE_ISLAND[:2], {**CLOSE_ISLAND[2], "deliver": "D2"}], ships=SHIP_ORDER)
    assert wares(state, 0) == (0, 3, 0)  # 4 bananas, one paid
    assert [s.id for s in state.taken[0]] == ["D2"]
    assert [s.id for s in state.display] == ["A5", "B5", "C3", "E4"]
    with pytest.raises(AtollError, match="cannot deliver"):
        play([*CLOSE_ISLAND[:2], {**CLOSE_ISLAND[2], "deliver": "B5"}], ships=SHIP_ORDER)


def test_SS_S2_wildcard_requirements_enumerate_payments() -> None:
    state = play(CLOSE_ISLAND, ships=["C3", "E4", "A5", "B5"])
    state.ledger.wares[1] = [2, 1, 2]
    state.force_draw("sea")
    from models.southseas.actions import Place

    state.apply(Place(-1, 1, 0))
    state.apply(PASS)
    pays = {
        a.payment for a in state.legal_actions() if isinstance(a, Deliver) and a.ship == "C3"
    }  # any 2 wares
    assert pays == {(2, 0, 0), (1, 1, 0), (1, 0, 1), (0, 1, 1), (0, 0, 2)}
    assert {
        a.payment for a in state.legal_actions() if isinstance(a, Deliver) and a.ship == "E4"
    } == {(2, 0, 2)}
    again = play(CLOSE_ISLAND, ships=SHIP_ORDER)
    again.ledger.wares[1] = [2, 1, 2]
    with pytest.raises(AtollError, match="several payments"):
        play_move(again, {"tile": "sea", "at": [-1, 1], "deliver": "C3"})
    paid = play(CLOSE_ISLAND, ships=SHIP_ORDER)
    paid.ledger.wares[1] = [2, 1, 2]
    play_move(
        paid, {"tile": "sea", "at": [-1, 1], "deliver": "C3", "pay": {"shells": 1, "fish": 1}}
    )
    assert paid.ledger.wares[1] == [1, 1, 1] and [s.id for s in paid.taken[1]] == ["C3"]


def test_SS_S3_ship_points_count_in_the_score() -> None:
    state = play([*CLOSE_ISLAND[:2], {**CLOSE_ISLAND[2], "deliver": "D2"}], ships=SHIP_ORDER)
    assert state.score(0) == 2 + 3 // 3


# -- end of game ---------------------------------------------------------------------------------


def test_SS_T1_turn_order_and_phases() -> None:
    state = play([{"tile": "sea", "at": [0, 1]}], players=3)
    assert state.player == 1 and state.phase == "place" and state.turn == 2


def test_SS_T2_game_ends_after_the_last_tile() -> None:
    state = small_game({"sea": 2})
    play_move(state, {"tile": "sea", "at": [0, 1]})
    assert not state.is_terminal()
    play_move(state, {"tile": "sea", "at": [1, 1]})
    assert state.is_terminal() and state.current_player() < 0


def test_SS_T2_game_ends_after_the_last_ship() -> None:
    one = ShipSet((Ship("X", 2, (0, 1, 0)),), "test", False)
    state = small_game({"cap": 2, "sea": 3}, ships=one)
    play_move(state, {"tile": "cap", "at": [0, -1], "rotation": 2, "islander": 0, "deliver": "X"})
    assert state.is_terminal() and state.pile  # tiles were left


def test_SS_F1_SS_F3_unfinished_features_pay_at_the_end() -> None:
    def run(**options: object):  # type: ignore[no-untyped-def]
        state = small_game({"market": 1, "band": 1, "sea": 1}, **options)
        for move in [
            {"tile": "market", "at": [0, 1], "islander": 0},
            {"tile": "band", "at": [0, -1], "islander": 0},
            {"tile": "sea", "at": [1, 1]},
        ]:
            play_move(state, move)
        return state

    state = run()
    assert wares(state, 1) == (0, 3, 0)  # the open island: 1 + 2 bananas
    assert state.returns() == (0.0, 1.0)  # one point per three wares
    assert events(state, "end")[0]["paid"] == {1: 3}  # logged as an end evaluation
    assert events(state, "game-end")[0]["scores"] == (0.0, 1.0)
    unscored = run(score_unfinished=False)
    assert wares(unscored, 1) == (0, 0, 0)


def test_SS_F2_markets_give_nothing_at_the_end() -> None:
    state = small_game({"market": 1, "sea": 1})
    play_move(state, {"tile": "market", "at": [0, 1], "islander": 0})
    play_move(state, {"tile": "sea", "at": [1, 1]})
    assert state.is_terminal() and state.returns() == (0.0, 0.0)


def test_SS_F4_highest_score_wins_and_ties_are_ties() -> None:
    state = small_game({"market": 1, "band": 1, "sea": 1})
    for move in [
        {"tile": "market", "at": [0, 1], "islander": 0},
        {"tile": "band", "at": [0, -1], "islander": 0},
        {"tile": "sea", "at": [1, 1]},
    ]:
        play_move(state, move)
    assert winners(state) == [1]
    tie = small_game({"sea": 1})
    play_move(tie, {"tile": "sea", "at": [0, 1]})
    assert winners(tie) == [0, 1]


# -- rule options --------------------------------------------------------------------------------


def test_recall_option_any_turn_when_empty_never() -> None:
    state = play(FOUR_OUT[:3])  # player 0 has two islanders out, two in supply
    state.force_draw("sea")
    from models.southseas.actions import Place

    state.apply(Place(-1, 1, 0))  # player 1's turn: no islander of theirs out
    assert not [a for a in state.legal_actions() if isinstance(a, Recall)]
    any_turn = play(FOUR_OUT[:4])
    any_turn.force_draw("sea")
    any_turn.apply(Place(-1, 1, 0))
    assert {a for a in any_turn.legal_actions() if isinstance(a, Recall)} == {
        Recall(0, -1, 0),
        Recall(1, 0, 0),
    }
    empty_only = play(FOUR_OUT[:4], options={"recall": "when_empty"})
    empty_only.force_draw("sea")
    empty_only.apply(Place(-1, 1, 0))
    assert not [a for a in empty_only.legal_actions() if isinstance(a, Recall)]
    full_out = play(FOUR_OUT, options={"recall": "when_empty"})
    full_out.force_draw("sea")
    full_out.apply(Place(0, 2, 0))
    assert len([a for a in full_out.legal_actions() if isinstance(a, Recall)]) == 4
    full_out.apply(Recall(1, 0, 0))
    assert full_out.ledger.islanders[0] == 1
    never = play(FOUR_OUT, options={"recall": "never"})
    assert never.ledger.islanders[0] == 0


def test_limited_ware_supply_option() -> None:
    state = play(CLOSE_ISLAND, options={"ware_supply": 2})
    assert wares(state, 0) == (0, 2, 0)  # 4 bananas owed, 2 in supply
    assert state.ledger.supply == [2, 0, 2]
