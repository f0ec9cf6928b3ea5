"""South Seas positions as move tables or action lists (TOML or JSON), replayed from the start.

A scenario file::

    players = 2
    tiles = "my-tiles.toml"      # optional, relative to this file (default: the bundled set)
    ships_file = "my-ships.toml" # optional, likewise
    ships = ["A5", "B5", "C3"]    # optional: the order ships are turned face up (the first
                                  # four fill the display, then the refills)
    seed = 0                      # optional: orders the ships not listed (see below)
    [options]                     # optional rule options (see SouthSeasOptions)
    recall = "never"

    [[move]]
    tile = "bridge"               # the tile drawn this turn (the chance outcome)
    at = [1, 0]                   # where it goes
    rotation = 0                  # quarter turns clockwise: any of 0..3, also one that shows
                                  # the same picture as another; piece numbers follow it
    islander = 0                  # optional: piece index on the new tile (`atoll southseas tiles`)
    # recall = [0, 0, 1]          # optional instead: take back one's islander from [x, y, piece]
    # take = "A5"                 # optional: which tied ship a completed market gives; a list
                                  # ["A5", "B5"] when several players choose in turn (SS-M3)
    # deliver = "C3"              # optional: deliver to this ship...
    # pay = { shells = 1, fish = 1 }   # ...paying this (needed when several payments fit)

    [[move]]
    tile = "full"
    unplaceable = true            # the drawn tile has no legal placement and is removed (SS-P4)

    [[move]]
    tile = "bridge-curve"         # the last move may stop at a decision: here the tile is
                                  # drawn and its placement is pending; a last move may also
                                  # leave a tied ship choice pending (no take)

Instead of ``[[move]]`` tables a scenario may list its actions, one entry per action as it
prints (see :mod:`models.southseas.actions`), optionally after ``pN`` naming whose decision it
is (checked), every chance outcome named: the tile drawn and the ships turned up::

    players = 2
    actions = [
      "reveal shells-4",          # chance: a ship turned up (the display is filled first);
      "reveal two-pairs",         # these may be left to the ships/seed order
      "reveal fish-2",
      "reveal one-of-each",
      "draw island-band",         # chance: the tile drawn (SS-P1), always named
      "p0 place (0,-1) r1",
      "p0 islander on piece 0",
      "draw bridge-curve-boat",
      "p1 place (0,1) r0",
      "p1 islander on piece 2",
      "p1 pass",                  # no delivery (asked only when one is possible)
    ]

Each entry is one action (``steps`` counts entries); a decision whose only choice is ``pass``
the game takes itself, unlisted. A ship reveal the list does not name is turned up in the
``ships``/``seed`` order (below), so a list may leave the display to it; a tile is never drawn
for the list (an entry other than ``draw TILE`` where a tile is due is an error).
The list may stop anywhere, at a chance node too; ``actions = []`` is the game before its first
reveal. A scenario gives ``[[move]]`` tables or ``actions``, not both; an illegal entry is a
one-line error naming it (``s.toml: actions[4]: turn 2: ...``). :meth:`SouthSeasState.scenario
<models.core.GameState.scenario>` writes a position in this form.

An islander or delivery a move does not name is a pass. The ships that ``ships`` does not list
are turned up in the order a generator seeded with ``seed`` gives (the order atoll 0.1 used, so
files written for it replay unchanged). An illegal move is a one-line error naming the move, the
field and the rule it breaks; a field of the wrong type is a one-line error too (numbers are
integers: ``1.0``, ``"1"`` and ``true`` are refused). An error in the tile or ship file a
scenario names is reported under the scenario and its field:
``s.toml: tiles: x.toml: tile 'cap': count: ...``.

>>> state = replay({"players": 2, "actions": ["draw island-band", "p0 place (0,-1) r1"]})
>>> [str(a) for a in state.history()[3:]], state.phase.value
(['reveal shells-4', 'draw island-band', 'place (0,-1) r1'], 'islander')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

import pydantic
from annotated_types import Ge, Interval, Len
from pydantic import StrictBool, StrictInt

from models.core import load_game, play_entries
from models.data import Name, split_player, validate
from models.errors import AtollError, IllegalActionError
from models.scenarios import (
    MAX_ENTRIES,
    Entries,
    FileName,
    first_entries,
    read_scenario,
    scenario_folder,
    scenario_options,
    validate_scenario,
)
from models.southseas.actions import (
    PASS,
    Action,
    Deliver,
    Draw,
    Place,
    PlaceIslander,
    Recall,
    Reveal,
    TakeShip,
)
from models.southseas.components import WARES
from models.southseas.options import SouthSeasOptions
from models.southseas.position import GameSetup, Phase
from models.southseas.refusals import islander_problem, recall_problem
from models.southseas.ships import load_ships
from models.southseas.state import SouthSeasState
from models.southseas.tilefile import load_tiles

_CONFIG = pydantic.ConfigDict(extra="forbid")
_Component = TypeVar("_Component")


class Scenario(pydantic.BaseModel):
    """The top level of a scenario file (moves are checked one by one, to name them)."""

    model_config = _CONFIG
    players: StrictInt = 2
    seed: StrictInt = 0
    tiles: FileName | None = None
    ships_file: FileName | None = None
    ships: list[Name] | None = None
    options: dict[str, Any] = {}
    move: Annotated[list[Any], Len(0, MAX_ENTRIES)] = []
    actions: Entries | None = None


class Move(pydantic.BaseModel):
    """One turn of a scenario."""

    model_config = _CONFIG
    tile: Name
    at: Annotated[list[StrictInt], Len(2, 2)] | None = None
    rotation: Annotated[StrictInt, Interval(ge=0, le=3)] = 0
    islander: StrictInt | None = None
    recall: Annotated[list[StrictInt], Len(3, 3)] | None = None
    take: Name | list[Name] | None = None
    deliver: Name | None = None
    pay: dict[Literal["shells", "bananas", "fish"], Annotated[StrictInt, Ge(0)]] | None = None
    unplaceable: StrictBool = False


def load_scenario(
    path: str | Path, *, steps: int | None = None, components: Mapping[str, str] | None = None
) -> SouthSeasState:
    """Read a scenario file (``.toml`` or ``.json``) and replay it (its first ``steps`` moves,
    if given; ``components``: tiles or ships files instead of the scenario's)."""
    path = Path(path)
    return replay(read_scenario(path), source=path, steps=steps, components=components)


def replay(
    data: Mapping[str, Any],
    *,
    source: str | Path = "<scenario>",
    steps: int | None = None,
    components: Mapping[str, str] | None = None,
) -> SouthSeasState:
    """Build the game the scenario describes and play its moves (the first ``steps``, if
    given); returns the state reached (which may wait for a decision the last move left
    open). ``tiles`` and ``ships`` in ``components`` replace the files the scenario names."""
    scenario = validate_scenario(Scenario, data, game="southseas", source=source)
    if scenario.move and scenario.actions:
        raise AtollError(
            "give the moves as [[move]] tables or as actions, not both",
            source=source,
            field="actions",
        )
    listed = None if scenario.move else scenario.actions  # the actions form, if given
    base = scenario_folder(source)
    options = scenario_options(SouthSeasOptions, scenario.options, source)
    given = components or {}
    tiles = _referenced(load_tiles, base, scenario.tiles, source, "tiles", given.get("tiles"))
    ships = _referenced(
        load_ships, base, scenario.ships_file, source, "ships_file", given.get("ships")
    )
    try:
        game = load_game("southseas", scenario.players, options, tiles=tiles, ships=ships)
        order = iter(reveal_order(game, scenario.ships, scenario.seed))  # type: ignore[arg-type]
        state = game.new_initial_state()
        assert isinstance(state, SouthSeasState)
        if listed is None:
            settle(state, order)
    except AtollError as exc:
        raise exc.located(source) from None
    if listed is not None:
        played = list(first_entries(listed, steps, source=source))
        return play_actions(state, played, order, source=source)
    moves = first_entries(scenario.move, steps, source=source, key="move")

    def play(state: SouthSeasState, entry: tuple[int, Any]) -> None:
        i, raw = entry
        if not isinstance(raw, dict):
            raise AtollError("a move is a table")
        move: Move = validate(Move, raw, source=None)
        play_move(state, move, order, last=i == len(moves) - 1)

    return play_entries(state, list(enumerate(moves)), play, source=source, key="move")


def play_actions(
    state: SouthSeasState, entries: list[str], order: Iterator[str], *, source: str | Path
) -> SouthSeasState:
    """Play a scenario's ``actions`` (entries as actions print) on ``state``; a ship reveal
    an entry does not name is turned up from ``order``."""

    def play(state: SouthSeasState, entry: str) -> None:
        _chance_first(state, entry, order)
        state.play_text(entry)

    return play_entries(state, entries, play, source=source)


def _chance_first(state: SouthSeasState, entry: str, order: Iterator[str]) -> None:
    """Before an entry that names no chance outcome where chance moves: turn up the ships due
    in the scenario's order; a tile due must be named (nothing draws it for the list)."""
    if not state.is_chance_node():
        return
    action = state.parse_action(split_player(entry)[1])
    if state.phase is Phase.REVEAL and not isinstance(action, Reveal):
        settle(state, order)
    if state.phase is Phase.DRAW and not isinstance(action, Draw):
        first = str(state.legal_actions()[0])
        raise AtollError(f"{entry!r}: chance draws a tile first (SS-P1): name it, e.g. {first!r}")


def _referenced(
    load: Callable[[Path], _Component],
    base: Path,
    name: str | None,
    source: str | Path,
    field: str,
    given: str | None = None,
) -> _Component | None:
    """The component file a scenario names (``None``: the bundled one); an error in it names
    the scenario and its field, then the file, entry and field inside it. A file ``given``
    instead (``--component``) is read as it is named."""
    if given is not None:
        return load(Path(given))
    if name is None:
        return None
    try:
        return load(base / name)
    except AtollError as exc:
        raise AtollError(exc.one_line(), source=source, field=field) from None


def reveal_order(game: GameSetup, ships: list[str] | None, seed: int) -> list[str]:
    """The ships in the order they are turned up: those named first, then the rest in the
    order atoll 0.1 dealt them from ``seed`` (it shuffled the tile stack, then the ships)."""
    named = list(ships or [])
    known = {s.id for s in game.ships.ships}
    for ship in named:
        if ship not in known:
            raise AtollError(f"unknown ship {ship!r}", field="ships")
    if len(set(named)) != len(named):
        raise AtollError("a ship is named twice", field="ships")
    rng = random.Random(seed)
    rng.shuffle(list(range(game.tiles.total - 1)))  # the 0.1 stack shuffle, for its draws
    dealt = list(game.ships.ships)
    rng.shuffle(dealt)
    return named + [s.id for s in reversed(dealt) if s.id not in named]


def settle(state: SouthSeasState, order: Iterator[str]) -> None:
    """Turn up ships while chance refills the display, in the scenario's order."""
    while state.phase is Phase.REVEAL:
        hidden = {s.id for s in state.yard.hidden}
        ship = next(s for s in order if s in hidden)
        state.apply(Reveal(ship))


def play_move(state: SouthSeasState, move: Move, order: Iterator[str], last: bool) -> None:
    """One turn of a scenario: draw, place, islander, market choices, delivery."""
    settle(state, order)
    if state.phase is Phase.OVER:
        raise AtollError("the game is over (SS-T2)", field="tile")
    _act(state, Draw(move.tile), "tile")
    if move.unplaceable:
        if state.phase is Phase.PLACE:
            raise AtollError(
                f"{move.tile!r} has a legal placement, so it is not removed (SS-P4)",
                field="unplaceable",
            )
        return
    if state.phase is not Phase.PLACE:
        raise AtollError(
            f"{move.tile!r} has no legal placement: it is removed (SS-P4); say unplaceable = true",
            field="tile",
        )
    if move.at is None:
        if last:
            return  # the placement is the pending decision
        raise AtollError("say where the tile goes: at = [x, y]", field="at")
    x, y = move.at
    before = state.clone() if move.islander is not None or move.recall is not None else None
    _act(state, Place(x, y, move.rotation), "at")
    _islander(state, move, before)
    settle(state, order)
    takes = [move.take] if isinstance(move.take, str) else list(move.take or [])
    while state.phase is Phase.CHOOSE_SHIP:
        if not takes:
            if last:
                return  # the ship choice is the pending decision
            options = ", ".join(a.ship for a in state.legal_actions() if isinstance(a, TakeShip))
            raise AtollError(
                f"a completed market offers tied ships ({options}) to player "
                f"{state.current_player()}: say which with take (SS-M2)",
                field="take",
            )
        _act(state, TakeShip(takes.pop(0)), "take")
        settle(state, order)
    if takes:
        raise AtollError(f"no ship choice is due for {takes[0]!r} (SS-M2)", field="take")
    _delivery(state, move)
    settle(state, order)


def _act(state: SouthSeasState, action: Action, field: str) -> None:
    try:
        state.apply(action)
    except IllegalActionError as exc:
        raise IllegalActionError(exc.message, rule=exc.rule, action=action, field=field) from None


def _islander(state: SouthSeasState, move: Move, before: SouthSeasState | None) -> None:
    wanted: Action | None = None
    field = "islander"
    if move.islander is not None and move.recall is not None:
        raise AtollError("place an islander or take one back, not both", field="recall")
    if move.islander is not None:
        wanted = PlaceIslander(move.islander)
    elif move.recall is not None:
        wanted, field = Recall(*move.recall), "recall"
    if state.phase is Phase.ISLANDER:
        _act(state, wanted or PASS, field)
        return
    if wanted is None or before is None:
        return
    # The islander step passed by itself (no choice but Pass): say why, from the position
    # as it was at that step (the turn has moved on since).
    assert move.at is not None and before.drawn is not None
    position = (move.at[0], move.at[1])
    before.board.place(before.drawn, position, move.rotation)
    player, supply = before.player, before.ledger.islanders[before.player]
    if isinstance(wanted, Recall):
        rule, why = recall_problem(before.board, state.options.recall, player, supply, wanted)
    else:
        rule, why = islander_problem(before.board, position, wanted.piece, supply)  # type: ignore[union-attr]
    raise IllegalActionError.refused(wanted, rule, why, field=field)


def _delivery(state: SouthSeasState, move: Move) -> None:
    if move.deliver is None:
        if state.phase is Phase.DELIVER:
            state.apply(PASS)
        return
    if state.phase is not Phase.DELIVER:
        raise AtollError(
            "no face-up ship can be delivered to with your wares now (SS-S1)", field="deliver"
        )
    ship = move.deliver
    options = [a for a in state.legal_actions() if isinstance(a, Deliver) and a.ship == ship]
    if move.pay is not None:
        pay = tuple(move.pay.get(w, 0) for w in WARES)  # type: ignore[call-overload]
        options = [a for a in options if a.payment == pay]
    if not options:
        raise AtollError(
            f"cannot deliver to {ship} with these wares (SS-S1, SS-S2)", field="deliver"
        )
    if len(options) > 1:
        raise AtollError(f"several payments fit {ship}: say which with pay = {{...}}", field="pay")
    state.apply(options[0])


__all__ = [
    "Move",
    "load_scenario",
    "play_actions",
    "play_move",
    "replay",
    "reveal_order",
    "settle",
]
