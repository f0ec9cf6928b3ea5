"""What a study records of a Tobago game: one row per game, one per player.

The column names and meanings are :data:`GAME_COLUMNS` and :data:`PLAYER_COLUMNS` (the game's
``GameInfo`` hands them to studies). Everything is counted from the public log
(:mod:`models.tobago.events`), so a study's tables hold nothing a player could not see.

>>> from models.core import load_game, make_rng, random_playout
>>> state = load_game("tobago", 2).new_initial_state()
>>> _ = random_playout(state, make_rng(4))
>>> row = game_summary(state)
>>> row["raises"] == sum(state.raised), player_summary(state, 0)["gold"] == state.returns()[0]
(True, True)
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from models.tobago.events import TobagoEvent as EV

if TYPE_CHECKING:
    from models.tobago.position import TobagoPosition

GAME_COLUMNS: tuple[tuple[str, str], ...] = (
    ("turns", "turns played (TB-T1)"),
    ("ended", "why the game ended (TB-E1, or a stalemate)"),
    ("raises", "treasures raised and shared (TB-D2, TB-G)"),
    ("hints", "hints laid in turns and for new treasures (TB-H1, TB-G6)"),
    ("drives", "drives made (TB-D1)"),
    ("exchanges", "hands exchanged (option exchange_hand)"),
    ("legs", "legs driven"),
    ("fixed", "treasures fixed by a hint (TB-H6)"),
    ("curses", "curse cards turned up (TB-G5)"),
    ("unwanted", "gold cards turned up and taken by nobody (TB-G3)"),
    ("never_turned_up", "gold cards drawn for a share and never turned up"),
    ("amulets_washed", "amulets washed up on the island (TB-A1)"),
    ("amulets_left", "amulets still lying on the island at the end"),
    ("reshuffles", "times the discarded clue cards became the draw pile"),
)

PLAYER_COLUMNS: tuple[tuple[str, str], ...] = (
    ("gold", "gold at the end: the score (TB-E1)"),
    ("gold_cards", "gold cards held at the end"),
    ("hints", "hints laid (TB-H1, TB-G6)"),
    ("drives", "drives made (TB-D1)"),
    ("exchanges", "hands exchanged (option exchange_hand)"),
    ("legs", "legs driven"),
    ("raises", "treasures raised (TB-D2)"),
    ("cards_taken", "gold cards taken when offered (TB-G3)"),
    ("cards_refused", "gold cards refused when offered (TB-G3)"),
    ("amulets_picked", "amulets picked up (TB-D3)"),
    ("amulets_held", "amulets held at the end"),
    ("extra_actions", "amulets spent on one more action (TB-A2)"),
    ("amulets_for_curses", "amulets given up to a curse instead of gold (TB-A2, TB-G5)"),
    ("curse_losses", "gold cards given up to curses (TB-G5)"),
    ("curse_gold_lost", "gold value given up to curses (TB-G5)"),
)


def game_summary(pos: TobagoPosition) -> dict[str, Any]:
    """The games-table row of a Tobago game (see :data:`GAME_COLUMNS`)."""
    kinds = Counter(e.kind for e in pos.log)
    legs = sum(e.data["legs"] for e in pos.log if e.kind is EV.DRIVE)
    return {
        "turns": pos.turn,
        "ended": pos.ended,
        "raises": kinds[EV.RAISE],
        "hints": kinds[EV.HINT],
        "drives": kinds[EV.DRIVE],
        "exchanges": kinds[EV.EXCHANGE],
        "legs": legs,
        "fixed": kinds[EV.FIXED],
        "curses": pos.curses_out,
        "unwanted": len(pos.unwanted),
        "never_turned_up": sum(pos.gold_out[1:]),
        "amulets_washed": kinds[EV.AMULET_WASHED],
        "amulets_left": sum(pos.amulets_on.values()),
        "reshuffles": kinds[EV.RESHUFFLE],
    }


def player_summary(pos: TobagoPosition, player: int) -> dict[str, Any]:
    """The players-table row of one player (see :data:`PLAYER_COLUMNS`)."""
    row = dict.fromkeys((name for name, _ in PLAYER_COLUMNS), 0)
    row["gold"], row["gold_cards"] = sum(pos.gold[player]), len(pos.gold[player])
    row["amulets_held"] = pos.amulets[player]
    for e in pos.log:
        if e.player != player:
            continue
        kind = e.kind
        if kind is EV.HINT:
            row["hints"] += 1
        elif kind is EV.DRIVE:
            row["drives"] += 1
            row["legs"] += e.data["legs"]
        elif kind is EV.EXCHANGE:
            row["exchanges"] += 1
        elif kind is EV.RAISE:
            row["raises"] += 1
        elif kind is EV.TAKE:
            row["cards_taken"] += 1
        elif kind is EV.REFUSE:
            row["cards_refused"] += 1
        elif kind is EV.AMULET_PICKED:
            row["amulets_picked"] += e.data["count"]
        elif kind is EV.AMULET_SPENT:
            row["extra_actions" if e.data["for"] == "action" else "amulets_for_curses"] += 1
        elif kind is EV.CURSE_LOSS and e.data["lost"] == "gold":
            row["curse_losses"] += 1
            row["curse_gold_lost"] += e.data["value"]
    return row
