"""South Seas in the shared protocol and component suites."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from models.data import bundled_path, parse_toml
from models.southseas.components import load_tiles, parse_tiles
from models.southseas.rules import SouthSeas
from models.southseas.ships import load_ships, parse_ships
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
        return _dump_ships(component)

    def parse(self, text: str, source: str) -> Any:
        return parse_ships(parse_toml(text, source=source), source=source).ships


def _tile_key(tiles: Any) -> tuple[str, tuple[Any, ...]]:
    rows = tuple((t.id, t.count, t.edges, t.start, t.pieces) for t in tiles.types)
    return (_dump_tiles(tiles), rows)


def _dump_tiles(tiles: Any) -> str:
    lines = [f"reconstruction = {str(tiles.reconstruction).lower()}"]
    for t in tiles.types:
        lines += [
            "[[tile]]",
            f'id = "{t.id}"',
            f"count = {t.count}",
            f'edges = "{t.edges}"',
            f"start = {str(t.start).lower()}",
        ]
        for p in t.pieces:
            lines.append("[[tile.piece]]")
            lines.append(f'kind = "{p.kind.value}"')
            if p.kind.value != "market":
                lines.append("sides = [" + ", ".join(f'"{s}"' for s in p.side_names()) + "]")
            for field in ("bananas", "shells"):
                if getattr(p, field):
                    lines.append(f"{field} = {getattr(p, field)}")
            if p.fish:
                lines.append(f"fish = {list(p.fish)}")
            if p.boat:
                lines.append("boat = true")
            if p.end:
                lines.append(f'end = "{p.end}"')
    return "\n".join(lines) + "\n"


def _dump_ships(ships: Any) -> str:
    lines = []
    for s in ships:
        lines += ["[[ship]]", f'id = "{s.id}"', f"points = {s.points}"]
        fixed = ", ".join(
            f"{w} = {n}" for w, n in zip(("shells", "bananas", "fish"), s.fixed, strict=True) if n
        )
        if fixed:
            lines.append(f"fixed = {{ {fixed} }}")
        if s.any:
            lines.append(f"any = {s.any}")
        if s.same_types:
            lines.append(f"same = {{ types = {s.same_types}, each = {s.same_each} }}")
    return "\n".join(lines) + "\n"
