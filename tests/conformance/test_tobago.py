"""Tobago's island and clue model in the shared component suite, plus its own invariants."""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from models.tobago.island.clues import all_clues, clue_fields
from models.tobago.island.map import Island
from models.tobago.island.mapfile import bundled_maps, dump_map, load_map, parse_map
from tests.conformance.suites import ComponentSuite, ProtocolSuite


class TestTobagoMaps(ComponentSuite):
    def bundled(self) -> list[Path]:
        return list(bundled_maps().values())

    def load(self, path: Path) -> Island:
        return load_map(path)

    def dump(self, component: Any) -> str:
        return dump_map(component)

    def parse(self, text: str, source: str) -> Island:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            return parse_map(text, source=source)

    def test_clue_sets_are_subsets_of_the_island(self) -> None:
        for path in self.bundled():
            island = self.load(path)
            land = set(island.island_fields)
            for clue in all_clues():
                assert clue_fields(island, clue) <= land

    def test_negation_is_the_complement(self) -> None:
        for path in self.bundled():
            island = self.load(path)
            land = frozenset(island.island_fields)
            for clue in all_clues():
                assert clue_fields(island, clue.negation()) == land - clue_fields(island, clue)

    def test_areas_partition_each_terrain(self) -> None:
        for path in self.bundled():
            island = self.load(path)
            for terrain, areas in island.areas.items():
                union = frozenset().union(*areas) if areas else frozenset()
                assert union == island.fields_of(terrain)
                assert sum(len(a) for a in areas) == len(union)

    def test_graph_is_the_hex_grid(self) -> None:
        for path in self.bundled():
            island = self.load(path)
            g = island.graph
            assert g.number_of_nodes() == island.width * island.height
            assert all(g.degree(f) <= 6 for f in g.nodes)


class TestTobagoProtocol(ProtocolSuite):
    """The shared protocol on Tobago (imperfect information: hands and face-down gold)."""

    game_name = "tobago"
    player_counts = (2, 3, 4)
    playouts = 4
    chance_samples = 2000
    resample_playouts = 2
    resample_stride = 7
    refusal_options: ClassVar[Sequence[Mapping[str, Any]]] = (
        {"exchange_hand": False, "raise_in_place": False, "amulet_extra_action": False},
        {"same_field": "next_turn", "fixed_under_vehicle": "standing"},
        {"nobody_takes": "front_takes", "curse_without_gold": "nothing"},
    )

    # What the shared tests outside this folder need to know of Tobago (tests/games.py).
    #: A scenario header the game's reader accepts, and one written entry after it.
    scenario_header: ClassVar[Mapping[str, Any]] = {"players": 2, "seed": 1}
    scenario_entry = "p0 vehicle at 3,3"
    #: A small agent that beats random players clearly (tests/solvers/agents/test_strength_smoke).
    smoke_agent = "ismcts:iterations=5"
    #: Entries with digits of other scripts, each with words of the one-line error refusing it.
    foreign_digit_entries: ClassVar[Sequence[tuple[str, str]]] = (
        ("vehicle at \u0663,\u0664", "unknown action 'vehicle at \u0663,\u0664' (numbers are"),
        ("p0 claim T\u0661", "unknown action 'claim T\u0661' (numbers are written"),
        ("p\u0661 vehicle at 3,4", "the player is written p0, p1, ... in the digits"),
    )
    #: A file of each component where it is not the bundled ``models/tobago/data/<name>.toml``.
    component_examples: ClassVar[Mapping[str, Path]] = {"map": bundled_maps()["lagoon"]}
