"""Glory Islands positions as action lists (TOML or JSON), replayed from the start.

A scenario file::

    players = 2
    seed = 7                 # optional: draws the treasure tiles the list does not name
    board = "my-board.toml"  # optional component file, relative to this file (default: bundled)
    actions = [              # each as the action prints (see models.gloryislands.actions),
      "p0 play red-5",       # optionally after "pN " naming the player whose decision it is
      "p1 play blue-3a",     # (checked); secret choices are made in seat order
      "p0 move 2 stopover",  # turns follow the cards: highest first (GI-R3)
      "p0 place e3",
      "p0 move 3",
      "p0 place g... ",
      "treasure coins",      # chance: the tile drawn (two for a chest, three for a hunt)
      "treasure rubies",
      "p1 keep rubies",
    ]

    [options]                # optional rule options (see GloryIslandsOptions); in TOML this
    first_tie = "places_covered"  # table comes after the top-level keys

The list may stop anywhere: at a decision, at a chance node, between rounds. At a chance node
the next entry must name the tile (``treasure KIND``); with a ``seed`` an entry that does not is
drawn from a generator seeded with it instead (so a list may leave the draws to chance). An
illegal action is a one-line error naming the entry, the action and the rule it breaks
(``s.toml: actions[4]: round 1: move 6 is not legal: GI-A1: ...``); so is a malformed field
(numbers are integers, actions strings; unknown keys are refused).

>>> state = replay({"players": 2, "actions": ["p0 play red-5", "p1 play blue-1"]})
>>> f"{state.phase}", state.player, [str(a) for a in state.legal_actions()][:2]
('move', 0, ['move 1', 'move 2'])
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, cast

import pydantic
from annotated_types import Len, MinLen
from pydantic import StrictInt, StrictStr

from models.core import load_game, make_rng, play_entries
from models.data import parse_json, parse_toml, read_text, validate
from models.errors import AtollError
from models.gloryislands.boardfile import load_board
from models.gloryislands.components import Components
from models.gloryislands.options import GloryIslandsOptions
from models.gloryislands.state import GloryIslandsState

_CONFIG = pydantic.ConfigDict(extra="forbid")
_FileName = Annotated[StrictStr, MinLen(1)]
_Entry = Annotated[StrictStr, Len(1, 200)]
#: Entries in one scenario: a whole 4-player game has about 250 actions.
MAX_ACTIONS = 5000


class Scenario(pydantic.BaseModel):
    """The top level of a scenario file (actions are read one by one, to name them)."""

    model_config = _CONFIG
    players: StrictInt
    seed: StrictInt | None = None
    board: _FileName | None = None
    options: dict[str, Any] = {}
    actions: Annotated[list[_Entry], Len(0, MAX_ACTIONS)] = []


def load_scenario(path: str | Path, *, steps: int | None = None) -> GloryIslandsState:
    """Read a scenario file (``.toml`` or ``.json``) and replay it (only its first ``steps``
    entries, if given)."""
    path = Path(path)
    text = read_text(path)
    data = (
        parse_json(text, source=path) if path.suffix == ".json" else parse_toml(text, source=path)
    )
    if not isinstance(data, dict):
        raise AtollError("must be a table of players, options and actions", source=path)
    return replay(data, source=path, steps=steps)


def replay(
    data: Mapping[str, Any], *, source: str | Path = "<scenario>", steps: int | None = None
) -> GloryIslandsState:
    """Build the game the scenario describes and apply its actions (the first ``steps`` of
    them, if given); returns the state reached."""
    scenario: Scenario = validate(Scenario, data, source=source)
    if steps is not None and not 0 <= steps <= len(scenario.actions):
        count = len(scenario.actions)
        raise AtollError(
            f"--step {steps}: the scenario has {count} actions (0 to {count})", source=source
        )
    try:
        options = GloryIslandsOptions.from_mapping(scenario.options, source=source)
    except AtollError as exc:
        raise exc.located(source, entry="options") from None
    board = _board(scenario.board, source)
    components = {} if board is None else {"board": board}
    try:
        game = load_game("gloryislands", scenario.players, options, **components)
    except AtollError as exc:
        raise exc.located(source) from None
    state = cast(GloryIslandsState, game.new_initial_state())
    rng = make_rng(scenario.seed) if scenario.seed is not None else None
    entries = scenario.actions[:steps]
    return play_entries(state, entries, lambda s, entry: s.play_text(entry, rng), source=source)


def _board(name: str | None, source: str | Path) -> Components | None:
    """The component file a scenario names (``None``: the bundled one); an error in it names
    the scenario and its field, then the file, entry and field inside it."""
    if name is None:
        return None
    base = Path(source).parent if isinstance(source, Path) else Path.cwd()
    try:
        return load_board(base / name)
    except AtollError as exc:
        raise AtollError(exc.one_line(), source=source, field="board") from None


__all__ = ["Scenario", "load_scenario", "replay"]
