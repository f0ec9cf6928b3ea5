"""The kinds of South Seas log events (one enum, so a study cannot count a misspelt kind).

Each :class:`~models.core.Event` of a South Seas log has one of these kinds; ``data`` holds:

* ``setup`` — players, options, tile and ship provenance;
* ``draw`` — ``tile`` drawn and the number of its legal ``placements``;
* ``unplaceable`` — ``tile`` removed for want of a legal placement (SS-P4);
* ``place`` — the drawn ``tile`` placed ``at`` (x, y) with its ``rotation``; ``holes``: how many
  empty positions next to it became holes no tile of the set can ever fill;
* ``reveal`` — ``ship`` turned face up (SS-S1);
* ``islander`` — ``piece`` and feature ``kind`` where the active player put an islander;
* ``recall`` — ``at`` and ``piece`` of the islander taken back;
* ``complete``, ``end`` — a feature evaluated when completed or at game end (SS-E, SS-F1):
  ``feature`` kind, ``at`` (a tile of it), ``tiles``, ``ware``, ``symbols``, ``paid``
  ({player: amount}), ``returned`` islanders, ``fish_groups`` counted;
* ``boat`` — a boat evaluation (SS-B1..B4): as above plus ``covered`` (the fish group covered);
* ``boat-no-trigger`` — a boat that evaluated nothing, with ``why``;
* ``market`` — a completed market (SS-M1) at ``at`` and its ``merchant``;
* ``market-ship`` — a ship given for a market (SS-M2, SS-M3) with its ``points``;
* ``delivery`` — a ship delivered to (SS-S1) with its ``payment`` and ``points``;
* ``home`` — islanders going home unpaid at game end: merchants on unfinished markets (SS-F2),
  or features left unscored by ``score_unfinished = false``;
* ``game-end`` — final ``scores``, ``winners`` and ``why`` the game ended (SS-T2).

>>> SouthSeasEvent.parse("boat-no-trigger") is SouthSeasEvent.BOAT_NO_TRIGGER
True
"""

from __future__ import annotations

from models.core import EventKind, Gloss

_GLOSSARY = {
    "setup": Gloss("SS-T1", "a game begins (options and components recorded)"),
    "draw": Gloss("SS-P1", "a tile drawn that can be placed"),
    "unplaceable": Gloss("SS-P4", "a tile drawn with no legal placement, removed"),
    "place": Gloss("SS-P2", "a tile placed"),
    "reveal": Gloss("SS-S1", "a ship turned face up"),
    "islander": Gloss("SS-I1", "an islander placed on the new tile"),
    "recall": Gloss(
        "SS-T1",
        "an islander taken back (option recall)",
        needs=("recall", ("when_empty", "any_turn")),
    ),
    "complete": Gloss("SS-E1", "a feature completed and evaluated"),
    "boat": Gloss("SS-B1", "a sea region evaluated by a fishing boat"),
    "boat-no-trigger": Gloss("SS-B1", "a fishing boat that evaluated nothing"),
    "market": Gloss("SS-M1", "a market completed"),
    "market-ship": Gloss("SS-M2", "a ship given for a completed market"),
    "delivery": Gloss("SS-S1", "a ship delivered to with wares"),
    "end": Gloss(
        "SS-F1", "an unfinished feature scored at the end", needs=("score_unfinished", (True,))
    ),
    "home": Gloss("SS-F2", "islanders going home unpaid at the end"),
    "game-end": Gloss("SS-T2", "the game ends"),
}


class SouthSeasEvent(EventKind):
    SETUP = "setup"
    DRAW = "draw"
    UNPLACEABLE = "unplaceable"
    PLACE = "place"
    REVEAL = "reveal"
    ISLANDER = "islander"
    RECALL = "recall"
    COMPLETE = "complete"
    BOAT = "boat"
    BOAT_NO_TRIGGER = "boat-no-trigger"
    MARKET = "market"
    MARKET_SHIP = "market-ship"
    DELIVERY = "delivery"
    END = "end"
    HOME = "home"
    GAME_END = "game-end"

    @classmethod
    def glossary(cls) -> dict[str, Gloss]:
        return dict(_GLOSSARY)
