"""Building scenario games on the hand-made test tiles (scenario_tiles.toml)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from models.core import CHANCE, load_game, make_rng
from models.southseas.actions import Draw
from models.southseas.components import TileSet
from models.southseas.events import SouthSeasEvent
from models.southseas.scenario import Move, play_move, replay, reveal_order, settle
from models.southseas.ships import ShipSet, load_ships
from models.southseas.state import SouthSeasState
from models.southseas.tilefile import load_tiles

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


def draw(state: SouthSeasState, tile: str) -> None:
    """Turn up ships while the display is short, then draw ``tile`` (the chance outcome)."""
    settle(state, iter(reveal_order(state.game, None, 0)))
    state.apply(Draw(tile))


def events(state: SouthSeasState, kind: str) -> list[dict[str, Any]]:
    wanted = SouthSeasEvent.parse(kind)  # a misspelt kind fails instead of finding nothing
    return [dict(e.data) for e in state.log if e.kind is wanted]


def wares(state: SouthSeasState, player: int) -> tuple[int, int, int]:
    s, b, f = state.ledger.wares[player]
    return s, b, f


def small_game(
    counts: dict[str, int], players: int = 2, ships: ShipSet | None = None, **options: Any
) -> SouthSeasState:
    """A game on a few copies of the test tiles (the start tile always included), with the
    display turned up in file order."""
    full = load_tiles(TILES)
    types = tuple(
        dataclasses.replace(t, count=counts.get(t.id, 1 if t.start else 0))
        for t in full.types
        if t.start or counts.get(t.id)
    )
    tiles = TileSet(types, "test", False)
    game = load_game(
        "southseas", players, options or None, tiles=tiles, ships=ships or load_ships(SHIPS)
    )
    state: SouthSeasState = game.new_initial_state()  # type: ignore[assignment]
    settle(state, iter([s.id for s in game.ships.ships]))  # type: ignore[attr-defined]
    return state


def random_state(players: int, seed: int, moves: int) -> SouthSeasState:
    """A bundled-tiles game after ``moves`` random moves (chance sampled) from ``seed``."""
    state: SouthSeasState = load_game("southseas", players).new_initial_state()  # type: ignore[assignment]
    rng = make_rng(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def step(state: SouthSeasState, move: dict[str, Any], last: bool = False) -> None:
    """Play one scenario move (a dict as in a scenario file) on ``state``."""
    order = iter([s.id for s in state.game.ships.ships])
    play_move(state, Move.model_validate(move), order, last)
