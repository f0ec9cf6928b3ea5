"""What a study records of a South Seas game: one row per game, one per player.

The column names and meanings are :data:`GAME_COLUMNS` and :data:`PLAYER_COLUMNS` (the game's
``GameInfo`` hands them to studies, which document their tables with them).

>>> from models.core import load_game, make_rng, random_playout
>>> state = load_game("southseas", 2).new_initial_state()
>>> _ = random_playout(state, make_rng(4))
>>> row = game_summary(state)
>>> row["tiles_left"] + row["unplaceable"] + state.board_tiles() == 73
True
"""

from __future__ import annotations

from typing import Any

from models.southseas.components import WARES, Kind
from models.southseas.events import SouthSeasEvent as EV
from models.southseas.position import SouthSeasPosition

_KINDS = ("bridge", "island", "sea", "market")

GAME_COLUMNS: tuple[tuple[str, str], ...] = (
    ("turns", "turns played"),
    ("ended", "why the game ended (SS-T2)"),
    ("tiles_left", "tiles left in the stack at the end"),
    ("unplaceable", "drawn tiles removed for want of a legal placement (SS-P4)"),
    ("ships_left", "ships nobody took (face up and face down)"),
    ("boat_tokens_left", "boat tokens not used (SS-B3)"),
    *(
        (f"{what}_{kind}", f"{kind} features {text} at the end")
        for kind in _KINDS
        for what, text in (("features", "on the board"), ("completed", "completed"))
    ),
    ("stranded_islanders", "islanders standing in features never completed when it ended"),
    ("holes", "empty positions next to the board that no tile of the set could ever fill"),
)

PLAYER_COLUMNS: tuple[tuple[str, str], ...] = (
    ("ship_points", "points of the ships taken (SS-S3)"),
    ("ware_points", "one point per three wares left (SS-F3)"),
    *((w, f"{w} held at the end") for w in WARES),
    ("ships", "ships taken, delivered or from markets"),
    ("market_ships", "ships taken for completed markets (SS-M2)"),
    ("stranded_islanders", "the player's islanders never returned: on the board at the end"),
)


def game_summary(state: SouthSeasPosition) -> dict[str, Any]:
    """The games-table row of a South Seas game (see :data:`GAME_COLUMNS`)."""
    board = state.board
    features = list(board.features.values())
    row: dict[str, Any] = {
        "turns": state.turn,
        "ended": _ending(state),
        "tiles_left": state.tiles_left,
        "unplaceable": state.unplaceable,
        "ships_left": len(state.yard.display) + len(state.yard.hidden),
        "boat_tokens_left": state.boat_tokens,
    }
    for kind in _KINDS:
        mine = [f for f in features if f.kind is Kind(kind)]
        row[f"features_{kind}"] = len(mine)
        row[f"completed_{kind}"] = sum(f.evaluated == "complete" for f in mine)
    row["stranded_islanders"] = sum(stranded(state))
    dead = state.game.dead_codes
    row["holes"] = sum(1 for code in board.frontier.values() if code in dead)
    return row


def player_summary(state: SouthSeasPosition, player: int) -> dict[str, Any]:
    """The players-table row of one player (see :data:`PLAYER_COLUMNS`)."""
    wares = state.ledger.wares[player]
    market = sum(1 for e in state.log if e.kind is EV.MARKET_SHIP and e.player == player)
    return {
        "ship_points": state.yard.points(player),
        "ware_points": sum(wares) // 3,
        **dict(zip(WARES, wares, strict=True)),
        "ships": len(state.yard.taken[player]),
        "market_ships": market,
        "stranded_islanders": stranded(state)[player],
    }


def stranded(state: SouthSeasPosition) -> list[int]:
    """Per player, islanders that stood in an unfinished feature when the game ended: those
    end scoring sent home (``end`` and ``home`` events), or on the board if it has not ended."""
    counts = [0] * state.game.num_players
    ended = [e for e in state.log if e.kind in (EV.END, EV.HOME)]
    if ended:
        for event in ended:
            for p, n in event.data["returned"].items():
                counts[p] += n
        return counts
    for feature in state.board.features.values():
        for p, _ in feature.islanders:
            counts[p] += 1
    return counts


def _ending(state: SouthSeasPosition) -> str | None:
    for event in reversed(state.log):
        if event.kind is EV.GAME_END:
            return str(event.data["why"])
    return None
