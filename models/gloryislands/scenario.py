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
>>> state.phase, state.player, [str(a) for a in state.legal_actions()][:2]
('move', 0, ['move 1', 'move 2'])
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

import pydantic
from annotated_types import Len, MinLen
from pydantic import StrictInt, StrictStr

from models.core import make_rng
from models.data import parse_json, parse_toml, read_text, split_player, validate
from models.errors import AtollError, IllegalActionError
from models.gloryislands.actions import Deal, Treasure, parse_action
from models.gloryislands.boardfile import load_board
from models.gloryislands.components import Components
from models.gloryislands.game import GloryIslands
from models.gloryislands.options import GloryIslandsOptions
from models.gloryislands.rules import GloryIslandsState
from models.skips import explaining

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
    try:
        state = GloryIslands(scenario.players, options, board).new_initial_state()
    except AtollError as exc:
        raise exc.located(source) from None
    rng = make_rng(scenario.seed) if scenario.seed is not None else None
    for i, entry in enumerate(scenario.actions[:steps]):
        try:
            play_entry(state, entry, rng)
        except IllegalActionError as exc:
            raise IllegalActionError(
                exc.message,
                rule=exc.rule,
                action=exc.action,
                source=source,
                entry=f"actions[{i}]",
                field=exc.entry,
            ) from None
        except AtollError as exc:
            raise AtollError(exc.message, source=source, entry=f"actions[{i}]") from None
    return state


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


def play_entry(state: GloryIslandsState, entry: str, rng: Any = None) -> None:
    """Apply one entry of an action list; at a chance node an entry that names no tile is
    preceded by draws from ``rng`` (an error without one)."""
    who, text = split_player(entry)
    action = parse_action(text)
    while state.is_chance_node() and not isinstance(action, (Treasure, Deal)):
        if rng is None:
            first = (
                f"deals the card colours first: name them (e.g. {state.legal_actions()[0]})"
                if state.phase == "deal"
                else f"draws a treasure tile first: name it (treasure KIND; in the bag: "
                f"{_bag(state)})"
            )
            raise AtollError(f"{entry!r}: chance {first}, or give the scenario a seed")
        state.apply(state.sample_chance(rng))
    if who is not None and who != state.current_player() and not state.is_terminal():
        rule = "GI-R1" if state.phase == "choose" else "GI-R3"
        why = (
            f"it is player {state.current_player()}'s decision ({state.phase}), not player {who}'s"
        )
        skip = explaining(state.skipped, action, who)
        if skip is not None:
            rule, why = skip.rule, f"{skip.reason()}; {why}"
        elif 0 <= who < len(state.sunk) and state.sunk[who]:
            rule, why = "GI-R2", f"player {who}'s ship sank: he is out of the game"
        raise IllegalActionError.refused(action, rule, why, shown=repr(entry))
    state.apply(action)


def _bag(state: GloryIslandsState) -> str:
    kinds = state.board.treasure_kinds
    return ", ".join(f"{n} {k}" for k, n in zip(kinds, state.bag, strict=True) if n) or "none"


def pending(state: GloryIslandsState) -> dict[str, Any]:
    """The decision the state waits for: whose, what, and the options."""
    if state.phase == "over":
        return {"decision": "none: the game is over"}
    if state.phase == "draw":
        return {
            "decision": "draw",
            "drawer": state.player,
            "tiles_to_draw": state.to_draw,
            "bag": state.bag_total,
        }
    return {
        "decision": state.phase,
        "player": state.player,
        "options": [str(a) for a in state.legal_actions()],
    }


__all__ = ["Scenario", "load_scenario", "pending", "play_entry", "replay"]
