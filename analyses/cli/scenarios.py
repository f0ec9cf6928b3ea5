"""A position from a scenario file, and its picture written: what ``replay`` and ``render`` do
for every game (:mod:`analyses.cli.position`) and a game's own commands reuse.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from analyses.studies.outputs import refuse_overwriting_input
from models.errors import AtollError

if TYPE_CHECKING:  # a game's command group is made without loading any game
    from models.core import GameState

__all__ = ["check_png", "load_position", "protocol_view", "write_png"]


def load_position(
    game: str, scenario: str, step: int | None = None, components: Mapping[str, str] | None = None
) -> GameState:
    """The state a scenario file of ``game`` describes (after ``step`` entries, if given;
    ``components``: files instead of the scenario's). A scenario of another game says which,
    and the command that reads it."""
    from models.core import game_class
    from models.scenarios import OtherGameScenario, other_game_reading

    try:
        return game_class(game).load_scenario(scenario, steps=step, components=components)
    except OtherGameScenario as exc:
        other = exc
    except AtollError as exc:  # the first entry refused: perhaps another game's action
        found = other_game_reading(scenario, game) if exc.entry == "actions[0]" else None
        if found is None:
            raise
        other = found
    ctx = click.get_current_context(silent=True)
    verb = ctx.info_name if ctx is not None and ctx.info_name in _SHARED else "replay"
    raise AtollError(f"{other.message} (use atoll {other.game} {verb})", source=other.source)


#: The verbs every game has that read a scenario (another game's file is sent to its own).
_SHARED = ("replay", "render")


def protocol_view(state: GameState) -> dict[str, Any]:
    """What any game's state says through the protocol alone (``replay --json`` of a game
    whose plug-in has no snapshot)."""
    return {
        "moves": state.moves_played(),
        "turn": state.turn_number(),
        "to_move": state.current_player(),
        "terminal": state.is_terminal(),
        "returns": list(state.returns()),
    }


def check_png(out_file: str, *inputs: str | None) -> None:
    """``--out`` names a .png file that is none of the command's inputs."""
    refuse_overwriting_input(out_file, *inputs)
    if not out_file.lower().endswith(".png"):
        raise AtollError("the picture is written as PNG: name a .png file", field="--out")


def _sources(state: GameState) -> list[str]:
    """The component files the state's game read (a picture must not overwrite them)."""
    game = getattr(state, "game", None)
    if game is None:
        return []
    found = [part.get("source") for part in game.components().values()]
    return [str(s) for s in found if isinstance(s, (str, Path))]


def write_png(state: GameState, out_file: str, **options: Any) -> Path:
    """Draw ``state`` to ``out_file`` (atomically) and say so."""
    refuse_overwriting_input(out_file, *_sources(state))
    path = state.save_png(Path(out_file), **options)  # a failed write: OSError naming it, exit 1
    click.echo(f"wrote {path}")
    return path
