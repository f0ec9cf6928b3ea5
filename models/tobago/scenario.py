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

    [options]               # optional rule options (TobagoGameOptions); in TOML this table
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
>>> state.phase, state.current_player(), str(state.history()[-1])
('vehicle', 1, 'vehicle at 3,3')
>>> str(parse_action("hint T2 'in jungle'")), parse_action("gold curse")
("hint T2 'in jungle'", DrawGold(value=0))
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated, Any

import pydantic
from annotated_types import Len, MinLen
from pydantic import StrictInt, StrictStr

from models.core import CHANCE, make_rng
from models.data import other_digits, parse_json, parse_toml, read_text, split_player, validate
from models.errors import AtollError, IllegalActionError
from models.skips import explaining
from models.tobago.actions import (
    CURSE,
    END_TURN,
    EXCHANGE,
    PASS,
    PAY_AMULET,
    PAY_GOLD,
    RAISE,
    REFUSE,
    STOP,
    TAKE,
    Action,
    Claim,
    DrawClue,
    DrawGold,
    Hint,
    Leg,
    PlaceVehicle,
    Reveal,
    Wash,
)
from models.tobago.clues import Clue
from models.tobago.game import Tobago
from models.tobago.game_options import TobagoGameOptions
from models.tobago.state import TobagoState

_CONFIG = pydantic.ConfigDict(extra="forbid")
_FileName = Annotated[StrictStr, MinLen(1)]
_Entry = Annotated[StrictStr, Len(1, 200)]
#: Entries in one scenario: a whole random game has about 1,000 actions, a sensible one fewer.
MAX_ACTIONS = 20000

_WORDS: dict[str, Action] = {
    str(a): a for a in (STOP, RAISE, END_TURN, PASS, EXCHANGE, TAKE, REFUSE, PAY_AMULET, PAY_GOLD)
}
# [0-9], not \d: \d (and int()) would read any script's digits ("٣" as 3)
_FIELD = r"([0-9]{1,3}),\s*([0-9]{1,3})"
_VALUE = r"(curse|[0-9]{1,3})"


def _value(text: str) -> int:
    return CURSE if text == "curse" else int(text)


_PATTERNS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Action]], ...] = (
    (re.compile(rf"vehicle at {_FIELD}"), lambda m: PlaceVehicle((int(m[1]), int(m[2])))),
    (re.compile(r"claim T([0-9])"), lambda m: Claim(int(m[1]))),
    (re.compile(r"hint T([0-9]) '(.*)'"), lambda m: Hint(Clue.parse(m[2]), int(m[1]))),
    (re.compile(rf"leg to {_FIELD}"), lambda m: Leg((int(m[1]), int(m[2])))),
    (re.compile(r"draw '(.*)'"), lambda m: DrawClue(Clue.parse(m[1]))),
    (re.compile(rf"gold {_VALUE}"), lambda m: DrawGold(_value(m[1]))),
    (re.compile(rf"reveal {_VALUE}"), lambda m: Reveal(_value(m[1]))),
    (re.compile(rf"amulet washes up at {_FIELD}"), lambda m: Wash((int(m[1]), int(m[2])))),
)
_CHANCE_KINDS = (DrawClue, DrawGold, Reveal, Wash)


def parse_action(text: str) -> Action:
    """An action from the text it prints as (:mod:`models.tobago.actions`)."""
    text = " ".join(text.split())
    if text in _WORDS:
        return _WORDS[text]
    for pattern, make in _PATTERNS:
        found = pattern.fullmatch(text)
        if found:
            return make(found)
    raise AtollError(
        f"unknown action {text!r}{other_digits(text)} (e.g. 'vehicle at 3,4', 'claim T1', "
        "\"hint T2 'in jungle'\", 'leg to 3,4', 'stop', 'raise', 'take', 'refuse', "
        "\"draw 'in jungle'\", 'gold 4', 'reveal curse')"
    )


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


def load_scenario(path: str | Path) -> TobagoState:
    """Read a scenario file (``.toml`` or ``.json``) and replay it."""
    path = Path(path)
    text = read_text(path)
    data = (
        parse_json(text, source=path) if path.suffix == ".json" else parse_toml(text, source=path)
    )
    if not isinstance(data, dict):
        raise AtollError("must be a table of players, options and actions", source=path)
    return replay(data, source=path)


def replay(data: Mapping[str, Any], *, source: str | Path = "<scenario>") -> TobagoState:
    """Build the game the scenario describes and apply its actions; returns the state reached."""
    scenario: Scenario = validate(Scenario, data, source=source)
    try:
        options = TobagoGameOptions.from_mapping(scenario.options, source=source)
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
        state = Tobago(scenario.players, options, **components).new_initial_state()
    except AtollError as exc:
        raise _component_error(exc, components, source) from None
    rng = make_rng(scenario.seed) if scenario.seed is not None else None
    for i, entry in enumerate(scenario.actions):
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
            raise AtollError(exc.one_line(), source=source, entry=f"actions[{i}]") from None
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


def play_entry(state: TobagoState, entry: str, rng: random.Random | None = None) -> None:
    """Apply one entry of an action list; at a chance node an entry that is no chance outcome
    is preceded by draws from ``rng`` (an error without one)."""
    who, text = split_player(entry)
    action = parse_action(text)
    while state.current_player() == CHANCE and not isinstance(action, _CHANCE_KINDS):
        if rng is None:
            raise AtollError(
                f"{entry!r}: chance comes first ({state.phase}): name its outcome (e.g. "
                f"{str(state.legal_actions()[0])!r}), or give the scenario a seed"
            )
        state.apply(state.sample_chance(rng))
    if who is not None and not state.is_terminal() and who != state.current_player():
        rule = "TB-T1" if state.phase in ("turn", "legs", "extra") else "TB-G3"
        if state.phase in ("vehicle", "claim"):
            rule = "TB-S4"
        why = (
            f"it is player {state.current_player()}'s decision ({state.phase}), not player {who}'s"
        )
        skip = explaining(state.skipped, action, who)
        if skip is not None:
            rule, why = skip.rule, f"{skip.reason()}; {why}"
        raise IllegalActionError.refused(action, rule, why, shown=repr(entry))
    state.apply(action)


__all__ = ["Scenario", "load_scenario", "parse_action", "play_entry", "replay"]
