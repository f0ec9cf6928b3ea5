"""South Seas in the shared protocol and component suites."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from models.core import GameState
from models.data import bundled_path, parse_toml
from models.southseas.actions import Place
from models.southseas.ships import ShipSet, dump_ships, load_ships, parse_ships
from models.southseas.state import SouthSeasState
from models.southseas.tilefile import dump_tiles, load_tiles, parse_tiles
from tests.conformance.suites import ComponentSuite, ProtocolSuite


class TestSouthSeasProtocol(ProtocolSuite):
    game_name = "southseas"
    player_counts = (2, 3, 4, 5)
    playouts = 5
    chance_samples = 2000
    resample_playouts = 2
    resample_stride = 10
    refusal_options: ClassVar[Sequence[Mapping[str, Any]]] = ({"recall": "never"},)

    # What the shared tests outside this folder need to know of South Seas (tests/games.py).
    #: A scenario header the game's reader accepts, and one written entry after it.
    scenario_header: ClassVar[Mapping[str, Any]] = {"players": 2}
    scenario_entry = "draw island-band"
    #: A small agent that beats random players clearly (tests/solvers/agents/test_strength_smoke).
    smoke_agent = "ismcts:iterations=20"
    #: The scenario fields naming a component file that are not the component's own name.
    scenario_component_fields: ClassVar[Mapping[str, str]] = {"ships_file": "ships"}

    def is_alias(self, state: GameState, action: Hashable) -> bool:
        """A placement is listed once per distinct picture of the tile; a rotation showing the
        same picture as a listed one is accepted too (see models/southseas/scenario.py)."""
        assert isinstance(state, SouthSeasState)
        return (
            state.phase == "place"
            and isinstance(action, Place)
            and state.drawn is not None
            and state.board.fits(state.drawn, (action.x, action.y), action.rotation)
        )


class TestSouthSeasTiles(ComponentSuite):
    """Tile files: TOML in, TOML out (tomllib has no writer; the raw table is the dump)."""

    def bundled(self) -> list[Path]:
        return [bundled_path("southseas", "tiles.toml")]

    def load(self, path: Path) -> Any:
        return _tile_key(load_tiles(path))

    def dump(self, component: Any) -> str:
        return component[0]

    def parse(self, text: str, source: str) -> Any:
        return _tile_key(parse_tiles(parse_toml(text, source=source), source=source))


class TestSouthSeasShips(ComponentSuite):
    """Whole ship sets round-trip: the ships, the reconstruction label and the note."""

    def bundled(self) -> list[Path]:
        return [bundled_path("southseas", "ships.toml")]

    def load(self, path: Path) -> ShipSet:
        return load_ships(path)

    def dump(self, component: Any) -> str:
        return dump_ships(component)

    def parse(self, text: str, source: str) -> ShipSet:
        return parse_ships(parse_toml(text, source=source), source=source)

    def test_labels_are_part_of_the_comparison(self) -> None:
        ships = self.load(self.bundled()[0])
        assert ships.reconstruction and ships.note, "the bundled set is a labelled reconstruction"
        key = (ships.ships, ships.reconstruction, ships.note)
        back = self.parse(self.dump(ships), ships.source)
        assert (back.ships, back.reconstruction, back.note) == key


def _tile_key(tiles: Any) -> tuple[str, tuple[Any, ...]]:
    rows = tuple((t.id, t.count, t.edges, t.start, t.pieces) for t in tiles.types)
    return (dump_tiles(tiles), rows)
