"""South Seas placement, islanders and feature evaluation, scenario by scenario.

The test tiles are drawn in scenario_tiles.toml. The start tile at (0, 0) has an island cap on
its north side (piece 0, 1 banana), a bridge from west to east (piece 1, 1 shell), a thin sea
strip between island and bridge (piece 2) and the sea to the south (piece 3, one fish)::

        (0,-1)
    +----------+
    | ######## |  island (piece 0)
    |~~~~~~~~~~|  sea strip (piece 2)
    ============  bridge (piece 1)
    |~~~ <>< ~~|  sea (piece 3)
    +----------+
"""

from __future__ import annotations

import pytest

from models.errors import AtollError, IllegalActionError
from models.southseas.actions import PASS, Draw, Place, PlaceIslander
from models.southseas.components import Kind
from models.southseas.snapshot import snapshot
from tests.models.southseas.helpers import draw, events, play, wares

CAP_SOUTH = {"tile": "cap", "at": [0, -1], "rotation": 2}  # island side facing the start's


def feature_at(state, position, piece):  # type: ignore[no-untyped-def]
    return state.board.feature_of(state.board.node_at(position, piece))


def test_SS_P1_the_draw_is_chance_weighted_by_the_copies_left() -> None:
    state = play([])
    assert state.is_chance_node() and state.phase == "draw"
    outcomes = dict(state.chance_outcomes())
    stack = state.draw_stack()
    total = sum(stack.values())
    assert {a.tile: p for a, p in outcomes.items()} == {  # type: ignore[attr-defined]
        tile: count / total for tile, count in stack.items()
    }
    state.apply(Draw("sea"))
    assert state.drawn is not None and state.drawn.id == "sea"  # shown to all
    assert state.draw_stack()["sea"] == stack["sea"] - 1
    twin = state.clone()  # a copy holds no order of the stack: nothing to peek at
    assert not hasattr(twin, "pile") and not hasattr(twin, "rng")


def test_SS_P2_a_tile_must_share_a_side() -> None:
    state = play([])
    draw(state, "sea")
    assert Place(1, 1, 0) not in state.legal_actions()  # corner contact only
    assert Place(0, 1, 0) in state.legal_actions()
    with pytest.raises(IllegalActionError, match=r"SS-P2: .*only at a corner") as info:
        state.apply(Place(1, 1, 0))
    assert info.value.rule == "SS-P2" and info.value.action == Place(1, 1, 0)
    with pytest.raises(IllegalActionError, match=r"SS-P2: \(5,5\) shares no side"):
        state.apply(Place(5, 5, 0))
    with pytest.raises(IllegalActionError, match=r"SS-P2: \(0,0\) already holds a tile"):
        state.apply(Place(0, 0, 0))


def test_SS_P3_touching_sides_must_continue() -> None:
    state = play([])
    draw(state, "cap")
    legal = set(state.legal_actions())
    # North of the start only the rotation with the island facing down fits.
    assert {a for a in legal if (a.x, a.y) == (0, -1)} == {Place(0, -1, 2)}  # type: ignore[union-attr]
    # East of the start the bridge must continue: a cap has no bridge side.
    assert not {a for a in legal if (a.x, a.y) == (1, 0)}  # type: ignore[union-attr]
    with pytest.raises(
        IllegalActionError,
        match=r"move\[0\]: at: .*SS-P3: its N side is island but the tile at \(0,-2\)|"
        r"move\[0\]: at: .*SS-P3: its S side is sea but the tile at \(0,0\) shows island",
    ):
        play([{"tile": "cap", "at": [0, -1], "rotation": 0}])
    with pytest.raises(IllegalActionError, match="SS-P3: its W side is sea but the tile at"):
        state.apply(Place(1, 0, 0))


def test_SS_P4_unplaceable_tile_is_removed_and_another_drawn() -> None:
    # After the cap closes the start's island, no open side asks for island: "full" fits nowhere.
    state = play([CAP_SOUTH, {"tile": "full", "unplaceable": True}, {"tile": "sea", "at": [0, 1]}])
    assert state.unplaceable == 1
    assert events(state, "unplaceable") == [{"tile": "full"}]
    assert state.draw_stack().get("full", 0) == 1  # one of two copies removed
    assert state.player == 0  # player 1 drew again and played the sea tile
    with pytest.raises(AtollError, match="has a legal placement"):
        play([{"tile": "full", "unplaceable": True}])


def test_SS_I1_SS_I2_one_islander_on_a_piece_of_the_new_tile() -> None:
    state = play([])
    draw(state, "bridge")
    state.apply(Place(1, 0, 0))
    actions = state.legal_actions()
    assert PASS in actions
    assert {a.piece for a in actions if isinstance(a, PlaceIslander)} == {0, 1, 2}
    state.apply(PlaceIslander(1))
    assert state.phase != "islander"  # at most one
    assert state.ledger.islanders[0] == 3


def test_SS_I3_no_islander_on_a_feature_joined_to_an_occupied_one() -> None:
    # Player 0's fisher in the south sea; player 1's bridge tile joins its south sea to it.
    state = play([{"tile": "sea", "at": [0, 1], "islander": 0}])
    draw(state, "bridge")
    state.apply(Place(1, 0, 0))
    pieces = {a.piece for a in state.legal_actions() if isinstance(a, PlaceIslander)}
    assert 2 not in pieces  # the south sea part joins player 0's region
    assert {0, 1} <= pieces
    # ... and the same holds for one's own islander
    state = play([{"tile": "sea", "at": [0, 1], "islander": 0}, {"tile": "sea", "at": [-1, 1]}])
    draw(state, "sea")
    state.apply(Place(1, 1, 0))
    assert not [a for a in state.legal_actions() if isinstance(a, PlaceIslander)]
    with pytest.raises(IllegalActionError, match="SS-I3: piece 0 joins a sea that holds"):
        play(
            [
                {"tile": "sea", "at": [0, 1], "islander": 0},
                {"tile": "sea", "at": [1, 1], "islander": 0},
            ]
        )
    with pytest.raises(IllegalActionError, match=r"SS-I3"):  # a free piece exists, not this one
        play(
            [
                {"tile": "sea", "at": [0, 1], "islander": 0},
                {"tile": "bridge", "at": [1, 0], "islander": 2},
            ]
        )


FOUR_OUT = [  # player 0 puts all four islanders out; player 1 places neutral tiles
    {"tile": "band", "at": [0, -1], "islander": 0},  # banana picker
    {"tile": "sea", "at": [0, 1]},
    {"tile": "bridge", "at": [1, 0], "islander": 0},  # shell collector
    {"tile": "sea", "at": [1, 1]},
    {"tile": "bridge", "at": [-1, 0], "islander": 1},  # fisher in the north strip
    {"tile": "sea", "at": [-1, 1]},
    {"tile": "sea-fish", "at": [2, 1], "islander": 0},  # fisher in the south sea
    {"tile": "sea", "at": [-2, 1]},
]


def test_SS_I4_empty_supply_places_no_islander() -> None:
    state = play(FOUR_OUT, options={"recall": "never"})
    assert state.ledger.islanders[0] == 0
    draw(state, "sea")
    state.apply(Place(0, 2, 0))
    assert state.phase != "islander"  # no choice left: the islander step passed by itself
    with pytest.raises(IllegalActionError, match="SS-I4: your supply is empty"):
        play([*FOUR_OUT, {"tile": "sea", "at": [0, 2], "islander": 0}], options={"recall": "never"})


def test_SS_E1_SS_E3_island_closed_by_several_tiles_pays_bananas() -> None:
    # band north of the start, then a cap closing it from the north: 1 + 2 + 1 bananas
    state = play(
        [
            {"tile": "band", "at": [0, -1], "islander": 0},
            {"tile": "cap", "at": [0, -2], "rotation": 2},
        ]
    )
    island = feature_at(state, (0, 0), 0)
    assert island.complete and island.closed and len(island.tiles) == 3
    assert island.evaluated == "complete"
    assert wares(state, 0) == (0, 4, 0) and wares(state, 1) == (0, 0, 0)
    assert events(state, "complete")[0]["symbols"] == 4


def test_SS_E2_bridge_closed_by_junctions_pays_shells() -> None:
    state = play(
        [
            {"tile": "bridge-end", "at": [1, 0], "rotation": 2, "islander": 0},
            {"tile": "bridge-end", "at": [-1, 0], "rotation": 0},
        ]
    )
    bridge = feature_at(state, (0, 0), 1)
    assert bridge.complete and bridge.kind is Kind.BRIDGE
    assert wares(state, 0) == (3, 0, 0)


def test_SS_E2_bridge_loop_is_complete_and_E4_encloses_a_sea() -> None:
    # Four curves south of the start: a loop of bridge around four inner sea corners.
    loop = [
        {"tile": "bridge-curve", "at": [0, 1], "rotation": 0, "islander": 0},
        {"tile": "bridge-curve", "at": [1, 1], "rotation": 1},
        {"tile": "bridge-curve", "at": [1, 2], "rotation": 2},
        {"tile": "bridge-curve", "at": [0, 2], "rotation": 3},
    ]
    open_loop = play(loop[:3])
    assert not feature_at(open_loop, (0, 1), 0).complete
    state = play(loop)
    bridge = feature_at(state, (0, 1), 0)
    assert bridge.complete and bridge.open == 0 and len(bridge.tiles) == 4
    assert wares(state, 0)[0] == 8
    inner = feature_at(state, (0, 1), 2)
    assert inner.kind is Kind.SEA and inner.complete and len(inner.tiles) == 4
    assert not feature_at(state, (0, 1), 1).complete  # the outer sea stays open


def test_SS_E4_enclosed_sea_region_pays_its_fish() -> None:
    loop = [
        {"tile": "bridge-curve", "at": [0, 1], "rotation": 0, "islander": 2},
        {"tile": "bridge-curve", "at": [1, 1], "rotation": 1},
        {"tile": "bridge-curve", "at": [1, 2], "rotation": 2},
        {"tile": "bridge-curve", "at": [0, 2], "rotation": 3},
    ]
    state = play(loop)
    assert wares(state, 0) == (0, 0, 8)  # four corners with a group of two each
    assert events(state, "complete")[0]["feature"] in ("bridge", "sea")


def test_SS_E5_majority_and_ties() -> None:
    # Player 0 fishes in the south, player 1 in the north strip; a bridge end joins them (tie),
    # then player 1's boat triggers the joint region: both get the full amount.
    tie = play(
        [
            {"tile": "sea", "at": [0, 1], "islander": 0},
            {"tile": "bridge", "at": [1, 0], "islander": 1},
            {"tile": "bridge-end", "at": [2, 0], "rotation": 2},
            {"tile": "sea-boat", "at": [1, 1]},
        ]
    )
    assert wares(tie, 0) == wares(tie, 1) == (0, 0, 1)
    # two fishers of player 0 against one of player 1: only player 0 is paid
    state = play(
        [
            {"tile": "cap", "at": [0, -1], "rotation": 2, "islander": 1},  # region A: cap's sea
            {"tile": "bridge", "at": [1, 0], "islander": 1},  # region N: the north strip
            {"tile": "bridge", "at": [-1, 0], "islander": 2},  # region S: the south sea
            {"tile": "sea", "at": [-1, 1]},
            {"tile": "sea", "at": [1, -1]},  # joins A and N: 1 against 1
            {"tile": "bridge-end", "at": [2, 0], "rotation": 2},  # joins N and S: 2 against 1
            {"tile": "sea-boat", "at": [1, 1]},  # the boat evaluates the joint region
        ]
    )
    boat = events(state, "boat")[0]
    assert boat["paid"] == {0: 3}  # the cap's two fish and the start's one
    assert wares(state, 1) == (0, 0, 0)


def test_SS_E6_islanders_return_after_evaluation() -> None:
    state = play(
        [
            {"tile": "band", "at": [0, -1], "islander": 0},
            {"tile": "cap", "at": [0, -2], "rotation": 2},
        ]
    )
    assert state.ledger.islanders == [4, 4]
    assert not state.ledger.placed[0]


def test_joining_two_occupied_regions_is_legal_for_the_tile() -> None:
    state = play(
        [
            {"tile": "sea", "at": [0, 1], "islander": 0},
            {"tile": "bridge", "at": [1, 0], "islander": 1},
            {"tile": "bridge-end", "at": [2, 0], "rotation": 2},
        ]
    )
    region = feature_at(state, (0, 1), 0)
    assert sorted(p for p, _ in region.islanders) == [0, 1]


def test_snapshot_reports_features_and_options() -> None:
    state = play([{"tile": "band", "at": [0, -1], "islander": 0}])
    snap = snapshot(state)
    kinds = {f["kind"] for f in snap["features"]}
    assert kinds == {"island", "bridge", "sea"}
    island = next(f for f in snap["features"] if f["kind"] == "island")
    assert island["pieces"] == [[0, -1, 0], [0, 0, 0]] and island["islanders"] == [[0, 0, -1, 0]]
    assert snap["options"]["recall"] == "any_turn"
    assert snap["reconstruction"] == {"tiles": False, "ships": False}


def test_the_drawn_tile_decides_the_offered_placements() -> None:
    sea, cap = play([]), play([])
    draw(sea, "sea")
    draw(cap, "cap")
    assert Place(0, -1, 2) in cap.legal_actions() and Place(0, -1, 2) not in sea.legal_actions()
