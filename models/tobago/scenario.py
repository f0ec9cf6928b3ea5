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
from typing import TYPE_CHECKING, Any, cast

import pydantic
from pydantic import StrictInt

from models.core import GameState, load_game, play_entries
from models.errors import AtollError
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
from models.tobago.actions import parse_action
from models.tobago.options import TobagoOptions

if TYPE_CHECKING:
    from models.tobago.state import TobagoState

_CONFIG = pydantic.ConfigDict(extra="forbid")


class Scenario(pydantic.BaseModel):
    """The top level of a scenario file (actions are read one by one, to name them)."""

    model_config = _CONFIG
    players: StrictInt
    seed: StrictInt | None = None
    map: FileName | None = None
    clues: FileName | None = None
    cards: FileName | None = None
    options: dict[str, Any] = {}
    actions: Entries = []


def load_scenario(
    path: str | Path, *, steps: int | None = None, components: Mapping[str, str] | None = None
) -> TobagoState:
    """Read a scenario file (``.toml`` or ``.json``) and replay it (its first ``steps``
    entries, if given; ``components``: files instead of the scenario's map, clues, cards)."""
    path = Path(path)
    return replay(read_scenario(path), source=path, steps=steps, components=components)


def replay(
    data: Mapping[str, Any],
    *,
    source: str | Path = "<scenario>",
    steps: int | None = None,
    components: Mapping[str, str] | None = None,
) -> TobagoState:
    """Build the game the scenario describes and apply its actions; returns the state reached.
    ``components`` (map, clues, cards: a file, or a bundled map's name) replace the scenario's."""
    scenario = validate_scenario(Scenario, data, game="tobago", source=source)
    entries = first_entries(scenario.actions, steps, source=source)
    options = scenario_options(TobagoOptions, scenario.options, source)
    base = scenario_folder(source)
    named: dict[str, Any] = {}
    for name in ("map", "clues", "cards"):
        value = getattr(scenario, name)
        if value is not None:
            is_file = name != "map" or value.endswith((".toml", ".json")) or "/" in value
            named[name] = str(base / value) if is_file else value
    given = dict(components or {})
    try:
        game = load_game("tobago", scenario.players, options, **{**named, **given})
        state = cast("TobagoState", game.new_initial_state())
    except AtollError as exc:
        if exc.source is not None and exc.source in {str(Path(v)) for v in given.values()}:
            raise  # a file given instead of the scenario's names itself
        raise _component_error(exc, named, source) from None
    rng = scenario_rng(scenario.seed)

    def play(state: GameState, entry: str) -> None:
        state.play_text(entry, rng)

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
