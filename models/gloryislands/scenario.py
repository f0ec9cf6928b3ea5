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
from typing import Any, cast

import pydantic
from pydantic import StrictInt

from models.core import load_game, play_entries
from models.errors import AtollError
from models.gloryislands.boardfile import load_board
from models.gloryislands.components import Components
from models.gloryislands.options import GloryIslandsOptions
from models.gloryislands.state import GloryIslandsState
from models.scenarios import (
    Entries,
    FileName,
    first_entries,
    read_scenario,
    scenario_folder,
    scenario_options,
    scenario_rng,
    validate_scenario,
)

_CONFIG = pydantic.ConfigDict(extra="forbid")


class Scenario(pydantic.BaseModel):
    """The top level of a scenario file (actions are read one by one, to name them)."""

    model_config = _CONFIG
    players: StrictInt
    seed: StrictInt | None = None
    board: FileName | None = None
    options: dict[str, Any] = {}
    actions: Entries = []


def load_scenario(
    path: str | Path, *, steps: int | None = None, components: Mapping[str, str] | None = None
) -> GloryIslandsState:
    """Read a scenario file (``.toml`` or ``.json``) and replay it (only its first ``steps``
    entries, if given; ``components``: a board file instead of the scenario's)."""
    path = Path(path)
    return replay(read_scenario(path), source=path, steps=steps, components=components)


def replay(
    data: Mapping[str, Any],
    *,
    source: str | Path = "<scenario>",
    steps: int | None = None,
    components: Mapping[str, str] | None = None,
) -> GloryIslandsState:
    """Build the game the scenario describes and apply its actions (the first ``steps`` of
    them, if given); returns the state reached. A ``board`` in ``components`` replaces the
    one the scenario names."""
    scenario = validate_scenario(Scenario, data, game="gloryislands", source=source)
    entries = first_entries(scenario.actions, steps, source=source)
    options = scenario_options(GloryIslandsOptions, scenario.options, source)
    given = (components or {}).get("board")
    board = load_board(given) if given is not None else _board(scenario.board, source)
    made = {} if board is None else {"board": board}
    try:
        game = load_game("gloryislands", scenario.players, options, **made)
    except AtollError as exc:
        raise exc.located(source) from None
    state = cast(GloryIslandsState, game.new_initial_state())
    rng = scenario_rng(scenario.seed)
    return play_entries(state, entries, lambda s, entry: s.play_text(entry, rng), source=source)


def _board(name: str | None, source: str | Path) -> Components | None:
    """The component file a scenario names (``None``: the bundled one); an error in it names
    the scenario and its field, then the file, entry and field inside it."""
    if name is None:
        return None
    try:
        return load_board(scenario_folder(source) / name)
    except AtollError as exc:
        raise AtollError(exc.one_line(), source=source, field="board") from None


__all__ = ["Scenario", "load_scenario", "replay"]
