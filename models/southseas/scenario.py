"""South Seas positions as move lists (TOML or JSON), replayed move by move from the start tile.

A scenario file::

    players = 2
    tiles = "my-tiles.toml"      # optional, relative to this file (default: the bundled set)
    ships = ["A5", "B5", "C3"]    # optional: the first face up, then the pile from the top
    [options]                     # optional rule options (see SouthSeasOptions)
    recall = "never"

    [[move]]
    tile = "bridge"               # the tile drawn this turn
    at = [1, 0]                   # where it goes
    rotation = 0                  # quarter turns clockwise
    islander = 0                  # optional: piece index on the new tile (`atoll southseas tiles`)
    # recall = [0, 0, 1]          # optional instead: take back one's islander from [x, y, piece]
    # take = "A5"                 # optional: which tied ship a completed market gives
    # deliver = "C3"              # optional: deliver to this ship...
    # pay = { shells = 1, fish = 1 }   # ...paying this (needed when several payments fit)

    [[move]]
    tile = "full"
    unplaceable = true            # the drawn tile has no legal placement and is removed (SS-P4)

An illegal move is an error naming the move and the rule it breaks.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from models.data import parse_toml, read_text
from models.errors import AtollError
from models.southseas.actions import PASS, Action, Deliver, Place, PlaceIslander, Recall, TakeShip
from models.southseas.components import WARES, load_tiles
from models.southseas.options import SouthSeasOptions
from models.southseas.rules import CHOOSE_SHIP, DELIVER, ISLANDER, OVER, SouthSeas, SouthSeasState
from models.southseas.ships import load_ships

_TOP = {"players", "seed", "tiles", "ships_file", "ships", "options", "move"}
_MOVE = {"tile", "at", "rotation", "islander", "recall", "take", "deliver", "pay", "unplaceable"}


def load_scenario(path: str | Path) -> SouthSeasState:
    """Read a scenario file (``.toml`` or ``.json``) and replay it."""
    path = Path(path)
    text = read_text(path)
    if path.suffix == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise AtollError(f"invalid JSON: {exc}", source=path) from None
    else:
        data = parse_toml(text, source=path)
    if not isinstance(data, dict):
        raise AtollError("must be a table of players, options and moves", source=path)
    return replay(data, source=path)


def replay(data: Mapping[str, Any], *, source: str | Path = "<scenario>") -> SouthSeasState:
    """Build the game the scenario describes and play its moves; returns the final state."""
    extra = set(data) - _TOP
    if extra:
        raise AtollError("unknown key", source=source, entry=sorted(extra)[0])
    base = Path(source).parent if isinstance(source, Path) else Path.cwd()
    players = data.get("players", 2)
    if not isinstance(players, int) or isinstance(players, bool):
        raise AtollError("must be a whole number", source=source, field="players")
    options = SouthSeasOptions.from_mapping(data.get("options", {}), source=source)
    tiles = load_tiles(base / data["tiles"]) if "tiles" in data else None
    ships = load_ships(base / data["ships_file"]) if "ships_file" in data else None
    try:
        game = SouthSeas(players, options, tiles, ships)
        state = game.new_initial_state(int(data.get("seed", 0)))
        state.scripted = True
        if "ships" in data:
            state.arrange_ships(list(data["ships"]))
    except AtollError as exc:
        raise exc.located(source) from None
    moves = data.get("move", [])
    if not isinstance(moves, list):
        raise AtollError("must be a list of moves", source=source, field="move")
    for i, move in enumerate(moves):
        try:
            play_move(state, move)
        except AtollError as exc:
            raise AtollError(
                exc.message, source=source, entry=f"move[{i}]", field=exc.field
            ) from None
    return state


def play_move(state: SouthSeasState, move: Any) -> None:
    """One turn of a scenario: draw, place, islander, market choice, delivery."""
    if not isinstance(move, dict):
        raise AtollError("a move is a table")
    extra = set(move) - _MOVE
    if extra:
        raise AtollError("unknown field", field=sorted(extra)[0])
    if state.phase == OVER:
        raise AtollError("the game is over (SS-T2)")
    if not isinstance(move.get("tile"), str):
        raise AtollError("which tile was drawn", field="tile")
    before = state.unplaceable
    state.force_draw(move["tile"])
    if move.get("unplaceable"):
        if state.unplaceable == before:
            raise AtollError(
                f"{move['tile']!r} has a legal placement, so it is not removed (SS-P4)",
                field="unplaceable",
            )
        return
    if state.unplaceable != before:
        raise AtollError(
            f"{move['tile']!r} has no legal placement: it is removed (SS-P4); "
            "say unplaceable = true",
            field="tile",
        )
    at = move.get("at")
    if not (isinstance(at, list) and len(at) == 2 and all(isinstance(v, int) for v in at)):
        raise AtollError("must be [x, y]", field="at")
    supply = state.ledger.islanders[state.player]
    _act(state, Place(at[0], at[1], int(move.get("rotation", 0))), "at")
    _islander(state, move, supply)
    if state.phase == CHOOSE_SHIP:
        if "take" not in move:
            raise AtollError(
                "a completed market offers tied ships: say which (SS-M2)", field="take"
            )
        _act(state, TakeShip(str(move["take"])), "take")
    elif "take" in move:
        raise AtollError("no ship choice is due (SS-M2)", field="take")
    _delivery(state, move)


def _act(state: SouthSeasState, action: Action, field: str) -> None:
    try:
        state.apply(action)
    except AtollError as exc:
        raise AtollError(exc.message, field=field) from None


def _islander(state: SouthSeasState, move: Mapping[str, Any], supply: int) -> None:
    wanted: Action | None = None
    if "islander" in move:
        wanted = PlaceIslander(int(move["islander"]))
    elif "recall" in move:
        x, y, piece = move["recall"]
        wanted = Recall(int(x), int(y), int(piece))
    if state.phase != ISLANDER:
        if wanted is not None:
            why = (
                "the supply is empty (SS-I4)"
                if supply == 0
                else "every piece of the new tile joins an occupied feature (SS-I3)"
            )
            raise AtollError(
                f"{wanted} is not possible: {why}, and no recall is allowed",
                field="islander" if "islander" in move else "recall",
            )
        return
    _act(state, wanted or PASS, "islander" if "islander" in move else "recall")


def _delivery(state: SouthSeasState, move: Mapping[str, Any]) -> None:
    if "deliver" not in move:
        if state.phase == DELIVER:
            state.apply(PASS)
        return
    if state.phase != DELIVER:
        raise AtollError("no ship can be delivered to now (SS-S1)", field="deliver")
    ship = str(move["deliver"])
    options = [a for a in state.legal_actions() if isinstance(a, Deliver) and a.ship == ship]
    if "pay" in move:
        pay = tuple(int(move["pay"].get(w, 0)) for w in WARES)
        options = [a for a in options if a.payment == pay]
    if not options:
        raise AtollError(
            f"cannot deliver to {ship} with these wares (SS-S1, SS-S2)", field="deliver"
        )
    if len(options) > 1:
        raise AtollError(f"several payments fit {ship}: say which with pay = {{...}}", field="pay")
    state.apply(options[0])


def snapshot(state: SouthSeasState) -> dict[str, Any]:
    """The state as plain data: features with pieces and completion, islanders, wares, ships,
    scores, and the rule options used."""
    board = state.board
    features = []
    for _root, feature in sorted(board.features.items()):
        pieces = sorted([*board.node_place[n][0], board.node_place[n][1]] for n in feature.nodes)
        entry: dict[str, Any] = {
            "kind": feature.kind.value,
            "pieces": pieces,
            "tiles": len(feature.tiles),
            "complete": feature.complete if feature.kind.value != "market" else feature.closed,
            "evaluated": feature.closed,
            "open_ports": feature.open,
            "islanders": [
                [p, *board.node_place[n][0], board.node_place[n][1]] for p, n in feature.islanders
            ],
        }
        if feature.kind.value == "bridge":
            entry["shells"] = feature.shells
        elif feature.kind.value == "island":
            entry["bananas"] = feature.bananas
        elif feature.kind.value == "sea":
            entry["fish"] = sum(n for *_, n in feature.fish)
            entry["covered_fish"] = sum(
                n for node, i, n in feature.fish if (node, i) in state.covered
            )
            entry["boats"] = feature.boats
        features.append(entry)
    n = state.game.num_players
    return {
        "players": n,
        "turn": state.turn,
        "phase": state.phase,
        "tiles_placed": len(board.tiles),
        "tiles_left": len(state.pile),
        "unplaceable": state.unplaceable,
        "features": features,
        "supply": list(state.ledger.islanders),
        "wares": [dict(zip(WARES, w, strict=True)) for w in state.ledger.wares],
        "ships": [[s.id for s in t] for t in state.taken],
        "display": [s.id for s in state.display],
        "scores": list(state.returns()),
        "options": state.options.to_dict(),
        "reconstruction": {
            "tiles": state.game.tiles.reconstruction,
            "ships": state.game.ships.reconstruction,
        },
    }
