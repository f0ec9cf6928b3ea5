"""The South Seas readings the texts leave open, each a rule option with a documented default.

Boards use the test tiles (scenario_tiles.toml); see test_rules_features.py for the start tile.
"""

from __future__ import annotations

from pathlib import Path

from models.southseas.options import SouthSeasOptions
from tests.models.southseas.helpers import events, play, wares
from tests.models.southseas.test_rules_boats_markets import TWO_MARKETS


def test_SS_B1_boat_occupancy_default_counts_the_fisher_placed_on_the_boat_tile() -> None:
    # Player 0 lays a boat tile into the start's south sea (one fish) and puts his fisher on it.
    move = [{"tile": "sea-boat", "at": [0, 1], "islander": 0}]
    assert SouthSeasOptions().boat_occupancy == "after_islander"
    state = play(move)
    boat = events(state, "boat")[0]
    assert boat["paid"] == {0: 1} and boat["returned"] == {0: 1}
    assert wares(state, 0) == (0, 0, 1) and len(state.covered) == 1


def test_SS_B1_boat_occupancy_before_islander_needs_a_fisher_already_there() -> None:
    move = [{"tile": "sea-boat", "at": [0, 1], "islander": 0}]
    state = play(move, options={"boat_occupancy": "before_islander"})
    assert events(state, "boat") == []
    (refusal,) = events(state, "boat-no-trigger")
    assert refusal["why"].startswith("unoccupied before the islander step")
    assert state.ledger.islanders[0] == 3  # the newcomer stays, nothing covered
    assert not state.covered
    # with a fisher there before, the newcomer's region pays as usual
    before = play(
        [
            {"tile": "sea", "at": [0, 1], "islander": 0},
            {"tile": "sea-boat", "at": [1, 1]},
        ],
        options={"boat_occupancy": "before_islander"},
    )
    assert events(before, "boat")[0]["paid"] == {0: 1}


COVERED = [
    {"tile": "sea", "at": [0, 1], "islander": 0},
    {"tile": "sea-boat", "at": [1, 1]},  # pays 1 and covers the region's only fish
    {"tile": "sea", "at": [-1, 1], "islander": 0},
    {"tile": "sea-boat", "at": [0, 2]},  # every fish is covered now
]


def test_SS_B2_boat_all_covered_default_triggers_nothing() -> None:
    state = play(COVERED)
    assert [e["why"] for e in events(state, "boat-no-trigger")] == [
        "every fish of the region is covered"
    ]
    assert state.ledger.islanders[0] == 3  # the second fisher stays out


def test_SS_B2_boat_all_covered_evaluate_sends_the_fishers_home_for_nothing() -> None:
    state = play(COVERED, options={"boat_all_covered": "evaluate"})
    second = events(state, "boat")[1]
    assert second["symbols"] == 0 and second["paid"] == {} and second["covered"] is None
    assert second["returned"] == {0: 1} and state.ledger.islanders[0] == 4
    assert wares(state, 0) == (0, 0, 1) and state.boat_tokens == 18


def test_SS_B2_a_region_without_any_fish_never_triggers() -> None:
    moves = [
        {"tile": "bridge", "at": [1, 0], "islander": 1},  # a fisher in the north strip
        {"tile": "sea-boat", "at": [1, -1]},  # its boat joins the fishless north strip
    ]
    for option in ("no_trigger", "evaluate"):
        state = play(moves, options={"boat_all_covered": option})
        assert [e["why"] for e in events(state, "boat-no-trigger")] == ["no fish in the region"]


def _one_ship(tmp_path: Path) -> str:
    path = tmp_path / "ships.toml"
    path.write_text('ship = [{ id = "X5", points = 5, any = 1 }]\n', encoding="utf-8")
    return str(path)


def test_SS_T2_last_ship_acquired_from_a_market_ends_the_game(tmp_path: Path) -> None:
    last = {"tile": "sea", "at": [0, 1]}  # completes both markets; one ship for two owners
    state = play([*TWO_MARKETS, last], players=3, ships_file=_one_ship(tmp_path))
    assert [s.id for s in state.taken[2]] == ["X5"] and state.taken[0] == []
    assert state.is_terminal()
    assert events(state, "game-end")[0]["why"] == "the last ship was acquired"


def test_SS_T2_last_ship_delivered_option_plays_on_after_a_market_takes_it(
    tmp_path: Path,
) -> None:
    last = {"tile": "sea", "at": [0, 1]}
    state = play(
        [*TWO_MARKETS, last],
        players=3,
        ships_file=_one_ship(tmp_path),
        options={"last_ship": "delivered"},
    )
    assert [s.id for s in state.taken[2]] == ["X5"]
    assert not state.is_terminal() and state.phase == "draw"
