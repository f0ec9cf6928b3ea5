"""South Seas fishing boats, markets, ships, game end and rule options, scenario by scenario.

Boards use the test tiles (scenario_tiles.toml); see test_rules_features.py for the start tile.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from models.core import CHANCE
from models.errors import AtollError, IllegalActionError
from models.southseas.actions import PASS, Deliver, Place, Recall, TakeShip
from models.southseas.ships import Ship, ShipSet
from models.southseas.snapshot import snapshot
from tests.models.southseas.helpers import draw, events, play, small_game, step, wares
from tests.models.southseas.test_rules_features import FOUR_OUT

FISHER_SOUTH = {"tile": "sea", "at": [0, 1], "islander": 0}
SHIP_ORDER = ["A5", "B5", "C3", "D2", "E4", "F1"]


# -- fishing boats -------------------------------------------------------------------------------


def test_SS_B1_boat_evaluates_an_occupied_region() -> None:
    state = play([FISHER_SOUTH, {"tile": "sea-boat", "at": [1, 1]}])
    assert events(state, "boat")[0]["paid"] == {0: 1}
    assert wares(state, 0) == (0, 0, 1)


def test_SS_B1_unoccupied_region_option() -> None:
    default = play([{"tile": "sea", "at": [0, 1]}, {"tile": "sea-boat", "at": [1, 1]}])
    assert [e["why"] for e in events(default, "boat-no-trigger")] == ["unoccupied region"]
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
    assert [e["why"] for e in events(state, "boat-no-trigger")] == [
        "every fish of the region is covered"
    ]
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
    assert [e["covered"][1] for e in events(state, "boat")] == [2, 1, 1]
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
    moves = [*TWO_MARKETS, {"tile": "sea", "at": [0, 1]}, {"tile": "sea", "at": [3, 1]}]
    with pytest.raises(AtollError, match=r"move\[13\]: take: .*tied ships \(A5, B5\)"):
        play(moves, players=3, ships=SHIP_ORDER)
    state = play(TWO_MARKETS, players=3, ships=SHIP_ORDER)
    draw(state, "sea")
    state.apply(Place(0, 1, 0))
    state.apply(PASS)  # player 1 places no islander; the markets are evaluated
    assert state.phase == "choose-ship" and state.current_player() == 2
    assert set(state.legal_actions()) == {TakeShip("A5"), TakeShip("B5")}
    with pytest.raises(IllegalActionError, match="SS-M2: take one of the highest") as info:
        state.apply(TakeShip("C3"))
    assert info.value.rule == "SS-M2"


def _double_tie_ships(tmp_path: Path) -> str:
    path = tmp_path / "ships.toml"
    path.write_text(
        "ship = [\n"
        + "".join(
            f'  {{ id = "{i}", points = {p}, any = 1 }},\n'
            for i, p in (("P5a", 5), ("P5b", 5), ("P5c", 5), ("Q2", 2), ("R1", 1))
        )
        + "]\n",
        encoding="utf-8",
    )
    return str(path)


def test_SS_M3_every_tied_choice_can_be_written_and_a_pending_one_is_reported(
    tmp_path: Path,
) -> None:
    ships = {"ships_file": _double_tie_ships(tmp_path), "ships": ["P5a", "P5b", "Q2", "R1"]}
    last = {"tile": "sea", "at": [0, 1]}
    # Player 2 chooses between P5a and P5b; the refill turns up P5c, so player 0 chooses too.
    state = play([*TWO_MARKETS, {**last, "take": ["P5b", "P5c"]}], players=3, **ships)
    assert [s.id for s in state.taken[2]] == ["P5b"]
    assert [s.id for s in state.taken[0]] == ["P5c"]
    assert state.phase == "draw"
    # A replay may end with the second choice still open: it says so.
    pending = play([*TWO_MARKETS, {**last, "take": "P5b"}], players=3, **ships)
    assert pending.phase == "choose-ship" and pending.current_player() == 0
    assert snapshot(pending)["next"] == {
        "decision": "choose-ship",
        "player": 0,
        "options": ["take ship P5a", "take ship P5c"],
    }
    with pytest.raises(AtollError, match=r"move\[13\]: take: no ship choice is due for 'Q2'"):
        play([*TWO_MARKETS, {**last, "take": ["P5b", "P5c", "Q2"]}], players=3, **ships)


def test_SS_M4_unfinished_market_gives_nothing_at_the_end() -> None:
    state = small_game({"market": 1, "band": 1, "sea": 1})
    for move in [
        {"tile": "market", "at": [0, 1], "islander": 0},
        {"tile": "band", "at": [0, -1], "islander": 0},
        {"tile": "sea", "at": [1, 1]},
    ]:
        step(state, move)
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
    draw(state, "sea")
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
        step(again, {"tile": "sea", "at": [-1, 1], "deliver": "C3"})
    paid = play(CLOSE_ISLAND, ships=SHIP_ORDER)
    paid.ledger.wares[1] = [2, 1, 2]
    step(paid, {"tile": "sea", "at": [-1, 1], "deliver": "C3", "pay": {"shells": 1, "fish": 1}})
    assert paid.ledger.wares[1] == [1, 1, 1] and [s.id for s in paid.taken[1]] == ["C3"]


def test_SS_S3_ship_points_count_in_the_score() -> None:
    state = play([*CLOSE_ISLAND[:2], {**CLOSE_ISLAND[2], "deliver": "D2"}], ships=SHIP_ORDER)
    assert state.score(0) == 2 + 3 // 3


# -- end of game ---------------------------------------------------------------------------------


def test_SS_T1_turn_order_and_phases() -> None:
    state = play([{"tile": "sea", "at": [0, 1]}], players=3)
    assert state.player == 1 and state.phase == "draw" and state.turn == 2
    assert state.current_player() == CHANCE  # the next tile is chance's
    draw(state, "sea")
    assert state.phase == "place" and state.current_player() == 1


def test_SS_T2_game_ends_after_the_last_tile() -> None:
    state = small_game({"sea": 2})
    step(state, {"tile": "sea", "at": [0, 1]})
    assert not state.is_terminal()
    step(state, {"tile": "sea", "at": [1, 1]})
    assert state.is_terminal() and state.current_player() < 0


def test_SS_T2_game_ends_after_the_last_ship() -> None:
    one = ShipSet((Ship("X", 2, (0, 1, 0)),), "test", False)
    state = small_game({"cap": 2, "sea": 3}, ships=one)
    step(state, {"tile": "cap", "at": [0, -1], "rotation": 2, "islander": 0, "deliver": "X"})
    assert state.is_terminal() and state.tiles_left  # tiles were left
    assert events(state, "game-end")[0]["why"] == "the last ship was acquired"


def test_SS_F1_SS_F3_unfinished_features_pay_at_the_end() -> None:
    def run(**options: object):  # type: ignore[no-untyped-def]
        state = small_game({"market": 1, "band": 1, "sea": 1}, **options)
        for move in [
            {"tile": "market", "at": [0, 1], "islander": 0},
            {"tile": "band", "at": [0, -1], "islander": 0},
            {"tile": "sea", "at": [1, 1]},
        ]:
            step(state, move)
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
    step(state, {"tile": "market", "at": [0, 1], "islander": 0})
    step(state, {"tile": "sea", "at": [1, 1]})
    assert state.is_terminal() and state.returns() == (0.0, 0.0)


def test_SS_F4_highest_score_wins_and_ties_are_ties() -> None:
    state = small_game({"market": 1, "band": 1, "sea": 1})
    for move in [
        {"tile": "market", "at": [0, 1], "islander": 0},
        {"tile": "band", "at": [0, -1], "islander": 0},
        {"tile": "sea", "at": [1, 1]},
    ]:
        step(state, move)
    assert state.outcome().winners == (1,) and state.outcome().final
    tie = small_game({"sea": 1})
    step(tie, {"tile": "sea", "at": [0, 1]})
    assert tie.outcome().winners == (0, 1)


# -- rule options --------------------------------------------------------------------------------


def test_recall_option_any_turn_when_empty_never() -> None:
    state = play(FOUR_OUT[:3])  # player 0 has two islanders out, two in supply
    draw(state, "sea")
    state.apply(Place(-1, 1, 0))  # player 1's turn: no islander of theirs out
    assert not [a for a in state.legal_actions() if isinstance(a, Recall)]
    any_turn = play(FOUR_OUT[:4])
    draw(any_turn, "sea")
    any_turn.apply(Place(-1, 1, 0))
    assert {a for a in any_turn.legal_actions() if isinstance(a, Recall)} == {
        Recall(0, -1, 0),
        Recall(1, 0, 0),
    }
    empty_only = play(FOUR_OUT[:4], options={"recall": "when_empty"})
    draw(empty_only, "sea")
    empty_only.apply(Place(-1, 1, 0))
    assert not [a for a in empty_only.legal_actions() if isinstance(a, Recall)]
    full_out = play(FOUR_OUT, options={"recall": "when_empty"})
    draw(full_out, "sea")
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
