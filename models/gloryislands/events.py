"""The kinds of Glory Islands log events (one enum, so a study cannot count a misspelt kind).

Each :class:`~models.core.Event` of a Glory Islands log has one of these kinds; every event that
gives fame has ``fame`` ({player: amount}), so the fame of each player is the sum over the log
(:func:`models.gloryislands.audit.fame_from_log`). ``data`` holds:

* ``setup`` — players, options, component provenance and whether it is a reconstruction;
* ``deal`` — the card ``colours`` chance dealt to the seats ({player: colour}; option
  ``colours = "dealt"``);
* ``reveal`` — ``cards`` played ({player: card id}) with their ``values`` and ``colours``
  ({player: ...}; after swaps a hand holds other colours' cards), the turn ``order`` (GI-R1,
  GI-R3: equal values in it are ordered by the tie-breakers) and each marker's sail-track
  ``fields`` after paying the cards (GI-R2); the secret choices before it are not logged
  (nobody sees them);
* ``sails`` — 2 fields paid for a special action (GI-C3, GI-C4): ``spent``, the marker's
  ``field``, the ``printed`` fame there, and ``sunk`` when it went past the last field;
* ``sunk`` — the ship sank: the player is out (GI-R2); ``removed`` pirates by ``sunk_pirates``;
* ``move`` — ``steps`` sailed ``to`` a cell, the ``route`` fields sailed since home in all, and
  whether it was a ``stopover`` (GI-A1, GI-A2);
* ``compass``, ``home`` — the route bonus, the ship's ``place`` (1st, 2nd...) and ``fame``;
* ``line-fame`` — a ship stopped at cell ``at``: ``fame`` for pirates on pirate fields of its
  line (GI-A3);
* ``place`` — a pirate put on ``cell``, ``source`` when taken from the board (GI-A7),
  ``fallback`` when beyond the range (GI-A6), ``step`` (main, stopover, extra, relocate), and
  ``fame``: 1 for a pirate field (GI-W1);
* ``no-place`` — no pirate could be placed, with ``why`` (GI-A6: the line is full);
* ``barrel`` — a barrel taken (``taken`` true) or not, with ``why`` (GI-W3);
* ``keep`` — after a draw (GI-W2, GI-C2; each tile a chance outcome seen by the drawer only):
  how many were ``drawn``, the ``treasure`` kind kept and how many ``returned`` to the bag;
* ``draw`` — a draw from an empty bag: nothing to draw (``why``);
* ``hunt``, ``extra-pirate``, ``relocate`` — the special actions with what was ``paid``;
* ``island`` — an island scored (GI-I1..I6): ``island``, ``pirates`` ({player: count}),
  ``fame``, ``rule`` applied, ``trigger`` and ``returned`` pirates;
* ``swap`` — two players swapped equal cards (GI-E1); ``recall`` — a discard pile taken back
  into hand (GI-E3);
* ``end-scoring`` — one player's end fame by source (GI-F1..F4) and the treasure ``sets``;
* ``game-end`` — final ``scores``, ``winners`` and ``why`` it ended (GI-G1).

>>> GloryIslandsEvent.parse("line-fame") is GloryIslandsEvent.LINE_FAME
True
"""

from __future__ import annotations

from models.core import EventKind, Gloss

_GLOSSARY = {
    "setup": Gloss("GI-G1", "a game begins (options and components recorded)"),
    "deal": Gloss(
        "GI-R1",
        "the card colours dealt to the seats (option colours)",
        needs=("colours", ("dealt",)),
    ),
    "reveal": Gloss("GI-R1", "a round's sail cards revealed"),
    "sails": Gloss("GI-C3", "2 sail-track fields paid for a special action"),
    "sunk": Gloss("GI-R2", "a ship sunk"),
    "move": Gloss("GI-A1", "a ship moved"),
    "compass": Gloss("GI-X1", "a compass bonus won"),
    "home": Gloss("GI-X2", "a home bonus won"),
    "line-fame": Gloss("GI-A3", "fame for pirates in the line of a ship that stopped"),
    "place": Gloss("GI-A4", "a pirate placed"),
    "no-place": Gloss("GI-A6", "no pirate placed: the line was full"),
    "barrel": Gloss("GI-W3", "a barrel field's reward (taken or not)"),
    "draw": Gloss("GI-W2", "a draw from an empty bag"),
    "keep": Gloss("GI-W2", "a treasure tile kept after a draw"),
    "hunt": Gloss("GI-C2", "the 2-card's treasure hunt", needs=("hunt", (True,))),
    "extra-pirate": Gloss("GI-C3", "the 3-card's second pirate", needs=("extra_pirate", (True,))),
    "relocate": Gloss("GI-C4", "the 4-card's pirate move", needs=("relocate", (True,))),
    "island": Gloss("GI-I1", "an island scored"),
    "swap": Gloss("GI-E1", "two equal cards swapped"),
    "recall": Gloss("GI-E3", "a discard pile taken back with a 1-card"),
    "end-scoring": Gloss("GI-F1", "one player's end scoring"),
    "game-end": Gloss("GI-G1", "the game ends"),
}


class GloryIslandsEvent(EventKind):
    SETUP = "setup"
    DEAL = "deal"
    REVEAL = "reveal"
    SAILS = "sails"
    SUNK = "sunk"
    MOVE = "move"
    COMPASS = "compass"
    HOME = "home"
    LINE_FAME = "line-fame"
    PLACE = "place"
    NO_PLACE = "no-place"
    BARREL = "barrel"
    DRAW = "draw"
    KEEP = "keep"
    HUNT = "hunt"
    EXTRA_PIRATE = "extra-pirate"
    RELOCATE = "relocate"
    ISLAND = "island"
    SWAP = "swap"
    RECALL = "recall"
    END_SCORING = "end-scoring"
    GAME_END = "game-end"

    @classmethod
    def glossary(cls) -> dict[str, Gloss]:
        return dict(_GLOSSARY)


#: Event kinds that give fame during play, and the source each is counted under.
FAME_SOURCES = {
    GloryIslandsEvent.PLACE: "pirate_fields",
    GloryIslandsEvent.LINE_FAME: "lines",
    GloryIslandsEvent.ISLAND: "islands",
    GloryIslandsEvent.COMPASS: "compass",
    GloryIslandsEvent.HOME: "home",
}
#: The sources of end scoring (GI-F1..F4), as logged by ``end-scoring``.
END_SOURCES = ("pirates_on_board", "sail_track", "treasures", "barrels")
SOURCES = (*FAME_SOURCES.values(), *END_SOURCES)
