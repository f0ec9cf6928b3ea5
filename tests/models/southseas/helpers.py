"""Building scenario games on the hand-made test tiles (scenario_tiles.toml)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from models.southseas.rules import SouthSeasState
from models.southseas.scenario import replay

HERE = Path(__file__).resolve().parent
TILES = str(HERE / "scenario_tiles.toml")
SHIPS = str(HERE / "scenario_ships.toml")


def play(moves: list[dict[str, Any]], players: int = 2, **extra: Any) -> SouthSeasState:
    """Replay ``moves`` on the test tiles and ships; ``extra`` adds options, ships order, seed."""
    data: dict[str, Any] = {
        "players": players,
        "tiles": TILES,
        "ships_file": SHIPS,
        "move": moves,
        **extra,
    }
    return replay(data, source=HERE / "inline.toml")


def events(state: SouthSeasState, kind: str) -> list[dict[str, Any]]:
    return [e.data for e in state.log if e.kind == kind]


def wares(state: SouthSeasState, player: int) -> tuple[int, int, int]:
    s, b, f = state.ledger.wares[player]
    return s, b, f
