"""What a study records of a Glory Islands game: a row of the games table and one of the
players table per player.

The column names and meanings are :data:`GAME_COLUMNS` and :data:`PLAYER_COLUMNS` (the game's
``GameInfo`` hands them to studies, which document their tables with them). Fame is split by
source so a designer sees where it comes from; the sources add up to the player's fame.

>>> from models.core import load_game, make_rng, random_playout
>>> state = load_game("gloryislands", 2).new_initial_state()
>>> _ = random_playout(state, make_rng(4))
>>> row = player_summary(state, 0)
>>> sum(row[f"fame_{s}"] for s in SOURCES) == row["fame"]
True
"""

from __future__ import annotations

from typing import Any

from models.gloryislands.events import END_SOURCES, FAME_SOURCES, SOURCES
from models.gloryislands.events import GloryIslandsEvent as EV
from models.gloryislands.position import GloryIslandsPosition

_SOURCE_TEXT = {
    "pirate_fields": "placing pirates on pirate fields (GI-W1)",
    "lines": "pirates on pirate fields in the line where a ship stopped (GI-A3)",
    "islands": "island scorings (GI-I1..I5)",
    "compass": "the compass bonus (GI-X1)",
    "home": "the home bonus (GI-X2)",
    "pirates_on_board": "end scoring: pirates still on the board (GI-F1)",
    "sail_track": "end scoring: the sail-track field (GI-F2)",
    "treasures": "end scoring: treasure sets (GI-F3)",
    "barrels": "end scoring: barrels held (GI-F4)",
}

GAME_COLUMNS: tuple[tuple[str, str], ...] = (
    ("rounds", "rounds played"),
    ("ended", "why the game ended (GI-G1, or every ship sank)"),
    ("sunk", "ships sunk on the sail track (GI-R2)"),
    ("island_scorings", "islands scored (GI-I1)"),
    ("island_ties", "island scorings decided by a tie rule (GI-I2..I5)"),
    ("compass_order", "seats in the order they reached the compass field, comma-separated"),
    ("home_order", "seats in the order they reached home, comma-separated"),
    ("swaps", "card swaps at round ends (GI-E1)"),
    ("no_place", "placements that found the line full (GI-A6)"),
    ("treasures_left", "treasure tiles left in the bag"),
    ("barrels_left", "barrels left in the supply"),
)

PLAYER_COLUMNS: tuple[tuple[str, str], ...] = (
    ("colour", "the colour of the player's sail cards"),
    ("fame", "fame at the end (or so far)"),
    *((f"fame_{s}", f"fame from {_SOURCE_TEXT[s]}") for s in SOURCES),
    ("sunk", "whether the player's ship sank (GI-R2)"),
    ("sunk_round", "the round the ship sank in; 0 if it never did"),
    (
        "sunk_by",
        "what sank it: 'card' (the sail card's cost at the reveal, GI-R2) or 'special' (2 sail "
        "fields paid for a special action, GI-C3/C4); empty if it never sank",
    ),
    ("opening_card", "the value (1-5) of the sail card the player played in round 1"),
    ("route", "route fields sailed (the route has 24)"),
    ("sail_field", "the sail-track field reached"),
    ("treasures", "treasure tiles held"),
    ("barrels", "barrels held"),
    ("pirates_on_board", "pirates on the board"),
    ("compass_place", "1 for the first ship at the compass, 2 the second...; 0 if never"),
    ("home_place", "likewise for home"),
)


def fame_by_source(pos: GloryIslandsPosition, player: int) -> dict[str, int]:
    """The player's fame split by source, from the log."""
    found = dict.fromkeys(SOURCES, 0)
    for event in pos.log:
        source = FAME_SOURCES.get(event.kind)  # type: ignore[call-overload]
        if source is not None:
            found[source] += event.data["fame"].get(player, 0)
        elif event.kind is EV.END_SCORING and event.player == player:
            for name in END_SOURCES:
                found[name] += event.data[name]
    return found


def game_summary(pos: GloryIslandsPosition) -> dict[str, Any]:
    """The games-table row of a Glory Islands game (see :data:`GAME_COLUMNS`)."""
    islands = [e for e in pos.log if e.kind is EV.ISLAND]
    return {
        "rounds": pos.round,
        "ended": pos.ended,
        "sunk": sum(pos.sunk),
        "island_scorings": len(islands),
        "island_ties": sum(e.data["rule"] != "GI-I1" for e in islands),
        "compass_order": ",".join(map(str, pos.compass_order)),
        "home_order": ",".join(map(str, pos.home_order)),
        "swaps": sum(e.kind is EV.SWAP for e in pos.log),
        "no_place": sum(e.kind is EV.NO_PLACE for e in pos.log),
        "treasures_left": pos.bag_total,
        "barrels_left": pos.barrel_supply,
    }


def player_summary(pos: GloryIslandsPosition, player: int) -> dict[str, Any]:
    """The players-table row of one player (see :data:`PLAYER_COLUMNS`)."""
    row: dict[str, Any] = {
        "colour": pos.colours[player],
        "fame": pos.fame[player],
    }
    row.update({f"fame_{s}": n for s, n in fame_by_source(pos, player).items()})
    row.update(
        sunk=pos.sunk[player],
        **_sinking(pos, player),
        opening_card=_opening_card(pos, player),
        route=pos.progress[player],
        sail_field=pos.sails[player],
        treasures=sum(pos.held[player]),
        barrels=pos.barrels[player],
        pirates_on_board=len(pos.pirates_at[player]),
        compass_place=_place(pos.compass_order, player),
        home_place=_place(pos.home_order, player),
    )
    return row


def _sinking(pos: GloryIslandsPosition, player: int) -> dict[str, Any]:
    """When and how the player's ship sank: the ``sunk`` event, and whether the ``sails``
    event just before it was his payment for a special action."""
    before = None
    for event in pos.log:
        if event.kind is EV.SUNK and event.player == player:
            paid = before is not None and before.kind is EV.SAILS and before.player == player
            return {"sunk_round": event.turn, "sunk_by": "special" if paid else "card"}
        before = event
    return {"sunk_round": 0, "sunk_by": ""}


def _opening_card(pos: GloryIslandsPosition, player: int) -> int:
    for event in pos.log:
        if event.kind is EV.REVEAL:
            return int(event.data["values"].get(player, 0))
    return 0


def _place(order: list[int], player: int) -> int:
    return order.index(player) + 1 if player in order else 0
