"""Tobago positions as action lists (TOML or JSON), replayed from the start.

A scenario file (the format is documented in ``docs/tobago-scenario-format.md``)::

    players = 2
    seed = 7                # optional: draws the chance outcomes the list does not name
    map = "lagoon"          # optional: a bundled map or a map file relative to this file
    clues = "deck.toml"     # optional clue deck file (default: the bundled reconstruction)
    cards = "cards.toml"    # optional cards file (default: the bundled reconstruction)
    actions = [             # each as the action prints (see models.tobago.actions),
      "p0 vehicle at 3,4",  # optionally after "pN " naming whose decision it is (checked)
      "p1 vehicle at 5,6",
      "p0 claim T1",
      "p0 hint T2 'in jungle'",
      "p1 leg to 4,4",
      "draw 'next to sea'", # chance: the clue card drawn back into the hand
    ]

    [options]               # optional rule options (TobagoOptions); in TOML this table
    refusal = "per_rose"    # comes after the top-level keys

Chance entries: ``draw 'CLUE'`` (a clue card drawn: starting hints, hands, refills), ``gold N``
or ``gold curse`` (a gold card drawn face down), ``reveal N`` or ``reveal curse`` (the next card
of a share turned up), ``amulet washes up at C,R``. At a chance node an entry that is not a
chance outcome is preceded by draws from a generator seeded with ``seed``; without a seed it is
an error. The list may stop anywhere.

An illegal action is a one-line error naming the file, the entry and the rule it breaks
(``s.toml: actions[4]: turn 1: leg to 9,9 is not legal: TB-D1: ...``); a malformed field is
one line naming the file, the entry and the field.

>>> state = replay({"players": 2, "seed": 1, "actions": ["p0 vehicle at 3,3"]})
>>> str(state.phase), state.current_player(), str(state.history()[-1])
('vehicle', 1, 'vehicle at 3,3')
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, cast

import pydantic
from annotated_types import Len, MinLen
from pydantic import StrictInt, StrictStr

from models.core import GameState, load_game, make_rng, play_entries
from models.data import parse_json, parse_toml, read_text, validate
from models.errors import AtollError
from models.tobago.actions import parse_action
from models.tobago.options import TobagoOptions

if TYPE_CHECKING:
    from models.tobago.state import TobagoState

_CONFIG = pydantic.ConfigDict(extra="forbid")
_FileName = Annotated[StrictStr, MinLen(1)]
_Entry = Annotated[StrictStr, Len(1, 200)]
#: Entries in one scenario: a whole random game has about 1,000 actions, a sensible one fewer.
MAX_ACTIONS = 20000


class Scenario(pydantic.BaseModel):
    """The top level of a scenario file (actions are read one by one, to name them)."""

    model_config = _CONFIG
    players: StrictInt
    seed: StrictInt | None = None
    map: _FileName | None = None
    clues: _FileName | None = None
    cards: _FileName | None = None
    options: dict[str, Any] = {}
    actions: Annotated[list[_Entry], Len(0, MAX_ACTIONS)] = []


def load_scenario(path: str | Path, *, steps: int | None = None) -> TobagoState:
    """Read a scenario file (``.toml`` or ``.json``) and replay it (its first ``steps``
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
) -> TobagoState:
    """Build the game the scenario describes and apply its actions; returns the state reached."""
    scenario: Scenario = validate(Scenario, data, source=source)
    try:
        options = TobagoOptions.from_mapping(scenario.options, source=source)
    except AtollError as exc:
        raise exc.located(source, entry="options") from None
    base = Path(source).parent if isinstance(source, Path) else Path.cwd()
    components: dict[str, Any] = {}
    for name in ("map", "clues", "cards"):
        value = getattr(scenario, name)
        if value is not None:
            is_file = name != "map" or value.endswith((".toml", ".json")) or "/" in value
            components[name] = str(base / value) if is_file else value
    try:
        game = load_game("tobago", scenario.players, options, **components)
        state = cast("TobagoState", game.new_initial_state())
    except AtollError as exc:
        raise _component_error(exc, components, source) from None
    rng = make_rng(scenario.seed) if scenario.seed is not None else None

    def play(state: GameState, entry: str) -> None:
        state.play_text(entry, rng)

    entries = scenario.actions if steps is None else scenario.actions[:steps]
    play_entries(state, entries, play, source=source)
    return state


def _component_error(exc: AtollError, components: dict[str, Any], source: str | Path) -> AtollError:
    """An error in making the game, under the scenario and the field that named the file at
    fault (``s.toml: map: m.toml: no such file``), like South Seas' and Glory Islands'."""
    for name, value in components.items():
        if exc.source is not None and exc.source == str(Path(value)):
            return AtollError(exc.one_line(), source=source, field=name)
    if exc.source is None and exc.field in ("players", *components):
        return exc.located(source)  # the game names the field already (players, map)
    return AtollError(exc.one_line(), source=source)


__all__ = ["Scenario", "load_scenario", "parse_action", "replay"]
