"""South Seas in the shared protocol and component suites."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from models.data import bundled_path, parse_toml
from models.southseas.components import dump_tiles, load_tiles, parse_tiles
from models.southseas.rules import SouthSeas
from models.southseas.ships import dump_ships, load_ships, parse_ships
from tests.conformance.suites import ComponentSuite, ProtocolSuite


class TestSouthSeasProtocol(ProtocolSuite):
    player_counts = (2, 3, 4, 5)
    playouts = 5

    def make_game(self, num_players: int) -> SouthSeas:
        return SouthSeas(num_players)


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
    def bundled(self) -> list[Path]:
        return [bundled_path("southseas", "ships.toml")]

    def load(self, path: Path) -> Any:
        return load_ships(path).ships

    def dump(self, component: Any) -> str:
        return dump_ships(component)

    def parse(self, text: str, source: str) -> Any:
        return parse_ships(parse_toml(text, source=source), source=source).ships


def _tile_key(tiles: Any) -> tuple[str, tuple[Any, ...]]:
    rows = tuple((t.id, t.count, t.edges, t.start, t.pieces) for t in tiles.types)
    return (dump_tiles(tiles), rows)
