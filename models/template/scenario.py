"""Role ``scenario.py`` (required): scenario files, a position as a list of actions replayed
from the start.

A scenario file (TOML, or JSON for a ``.json`` file)::

    players = 3
    seed = 7               # optional: draws the deals the list does not name
    deck = "my-deck.toml"  # optional component file, relative to this file (default: bundled)
    actions = [            # each as the action prints, optionally after "pN " naming the
      "deal 3",            # player whose decision it is (checked); chance outcomes are bare
      "deal 5",
      "deal 1",
      "p0 dive",
      "p1 rest",
    ]

    [options]              # optional rule options (see PearlDiversOptions)
    penalty = 0

A real game reads here its own header keys (component files, a map, a seed) with a pydantic
model, so an unknown key is an error and another game's file is told apart by its keys; the
actions are played by the protocol's :meth:`~models.core.GameState.play_text`, and
:meth:`~models.core.GameState.scenario` writes a state back as such a file.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pydantic
from pydantic import StrictInt

from models.core import Game, GameState, play_entries
from models.errors import AtollError
from models.scenarios import (
    Entries,
    FileName,
    first_entries,
    read_scenario,
    scenario_options,
    scenario_rng,
    validate_scenario,
)

from .components import Deck, load_deck
from .options import PearlDiversOptions


class Scenario(pydantic.BaseModel):
    """The top level of a scenario file (the actions are read one by one, to name them)."""

    model_config = pydantic.ConfigDict(extra="forbid")
    players: StrictInt
    seed: StrictInt | None = None
    deck: FileName | None = None
    options: dict[str, Any] = {}
    actions: Entries = []


def load_scenario(
    game: Callable[..., Game],
    name: str,
    path: str | Path,
    *,
    steps: int | None = None,
    components: Mapping[str, str] | None = None,
) -> GameState:
    """The state the scenario file at ``path`` describes, of the game class ``game`` (its
    registry name ``name``): its first ``steps`` entries, if given; a ``deck`` in
    ``components`` replaces the one the scenario names."""
    path = Path(path)
    scenario = validate_scenario(Scenario, read_scenario(path), game=name, source=path)
    entries = first_entries(scenario.actions, steps, source=path)
    options = scenario_options(PearlDiversOptions, scenario.options, path)
    given = (components or {}).get("deck")
    deck = load_deck(given) if given is not None else _deck(scenario.deck, path)
    try:
        state = game(scenario.players, options, deck).new_initial_state()
    except AtollError as exc:
        raise exc.located(path) from None
    rng = scenario_rng(scenario.seed)
    return play_entries(state, entries, lambda s, entry: s.play_text(entry, rng), source=path)


def _deck(name: str | None, source: Path) -> Deck | None:
    """The deck file a scenario names, relative to it (``None``: the bundled deck)."""
    if name is None:
        return None
    try:
        return load_deck(source.parent / name)
    except AtollError as exc:
        raise AtollError(exc.one_line(), source=source, field="deck") from None
