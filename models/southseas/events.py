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

from models.core import EventKind


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
