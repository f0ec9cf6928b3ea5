"""The kinds of Tobago log events (one enum, so a study cannot count a misspelt kind).

The log holds only what every player sees (a card drawn into a hand or a gold card drawn face
down is logged by count, never by value), so it is the same in every state a player cannot tell
apart. ``data`` of each kind:

* ``setup`` — players, options, component provenance;
* ``start-hint`` — ``treasure`` and ``clue`` of a starting hint drawn face up (TB-S4);
  ``start-discard`` — a drawn ``clue`` that would exclude no field or every field, discarded;
* ``vehicle`` — ``field`` where a player put his vehicle; ``claim`` — the ``treasure`` whose
  starting hint he marked;
* ``hint`` — ``treasure``, ``clue``, ``left`` (candidates after it), ``excluded``, ``roses``
  (the treasure's roses after it), ``extra`` (bought with an amulet), ``new`` (the first hint
  of a new treasure, TB-G6);
* ``marked`` — a treasure's candidates fell below the marker threshold (TB-H5): ``left``;
* ``fixed`` — one candidate is left (TB-H6): ``treasure``, ``field``, ``hints``, ``turns`` (turns
  since the treasure was begun);
* ``exchange`` — the ``cards`` a player discarded face up to draw a new hand;
* ``drive`` — a finished drive: ``legs``, ``start``, ``end``, ``extra``;
* ``amulet-washed`` — ``field`` (TB-A1); ``amulet-picked`` — ``field``, ``count`` (TB-D3);
  ``amulet-spent`` — ``for`` (``action`` or ``curse``, TB-A2);
* ``raise`` — ``treasure``, ``field``, ``queue`` (rose owners front to back, the raiser's last),
  ``in_place`` (TB-D2);
* ``gold-drawn`` — ``cards`` a player drew face down (TB-G1); ``gold-unseen`` — the added card
  (TB-G2);
* ``reveal`` — ``value`` turned up (``curse`` for a curse, TB-G3);
* ``take`` / ``refuse`` — ``value`` and ``position`` (0 = the rearmost rose: the raiser's);
* ``unwanted`` — a ``value`` every rose holder refused;
* ``curse`` — a curse stopped the sharing (TB-G5): ``treasure``, ``holders``;
  ``curse-loss`` — what one holder gave up: ``lost`` is ``gold`` (with its ``value``),
  ``amulet`` or ``nothing``;
* ``share-end`` — ``treasure``, ``received`` (per queue position from the back: the value that
  rose received, 0 if none), ``cursed``, ``left`` (cards never turned up);
* ``new-treasure`` — ``treasure`` begun afresh and who lays its first hint (TB-G6);
* ``refill`` — ``cards`` drawn back into a hand (TB-H1); ``reshuffle`` — the discarded clue
  cards became the draw pile (``cards``);
* ``pass`` — a player could do nothing;
* ``game-end`` — ``scores``, ``winners``, ``why`` (TB-E1).

>>> TobagoEvent.parse("share-end") is TobagoEvent.SHARE_END
True
"""

from __future__ import annotations

from models.core import EventKind, Gloss

#: Amulets are in play unless option amulets_when is never (TB-A1).
_AMULETS = ("amulets_when", ("start_and_raise", "raise", "start"))

_GLOSSARY = {
    "setup": Gloss("TB-S1", "a game begins (options and components recorded)"),
    "start-hint": Gloss("TB-S4", "a starting hint drawn face up"),
    "start-discard": Gloss("TB-S4", "a drawn starting hint that excluded nothing or all"),
    "vehicle": Gloss("TB-S1", "a vehicle placed"),
    "claim": Gloss("TB-S4", "a starting hint marked with a rose"),
    "hint": Gloss("TB-H1", "a hint laid"),
    "marked": Gloss("TB-H5", "a treasure's candidates marked with its stones"),
    "fixed": Gloss("TB-H6", "a treasure fixed (one candidate left)"),
    "drive": Gloss("TB-D1", "a drive"),
    "exchange": Gloss(
        "TB-T1", "a hand exchanged (option exchange_hand)", needs=("exchange_hand", (True,))
    ),
    "amulet-washed": Gloss("TB-A1", "an amulet washed up", needs=_AMULETS),
    "amulet-picked": Gloss(
        "TB-D3", "amulets picked up (items: the amulets)", "count", needs=_AMULETS
    ),
    "amulet-spent": Gloss("TB-A2", "an amulet spent", needs=_AMULETS),
    "raise": Gloss("TB-D2", "a treasure raised"),
    "gold-drawn": Gloss("TB-G1", "gold drawn face down (items: the cards)", "cards"),
    "gold-unseen": Gloss("TB-G2", "the unseen card added to a share"),
    "reveal": Gloss("TB-G3", "a card of a share turned up"),
    "take": Gloss("TB-G4", "a gold card taken"),
    "refuse": Gloss("TB-G3", "a gold card refused"),
    "unwanted": Gloss("TB-G3", "a card every rose holder refused"),
    "curse": Gloss("TB-G5", "a curse stopping a share"),
    "curse-loss": Gloss("TB-G5", "what a rose holder gave up to a curse"),
    "share-end": Gloss("TB-G6", "a share ended"),
    "new-treasure": Gloss("TB-G6", "a new treasure begun"),
    "refill": Gloss("TB-H1", "cards drawn back into a hand (items: the cards)", "cards"),
    "reshuffle": Gloss("TB-H1", "the discards reshuffled into the pile"),
    "pass": Gloss("TB-T1", "a player who could do nothing"),
    "game-end": Gloss("TB-E1", "the game ends"),
}


class TobagoEvent(EventKind):
    SETUP = "setup"
    START_HINT = "start-hint"
    START_DISCARD = "start-discard"
    VEHICLE = "vehicle"
    CLAIM = "claim"
    HINT = "hint"
    MARKED = "marked"
    FIXED = "fixed"
    DRIVE = "drive"
    EXCHANGE = "exchange"
    AMULET_WASHED = "amulet-washed"
    AMULET_PICKED = "amulet-picked"
    AMULET_SPENT = "amulet-spent"
    RAISE = "raise"
    GOLD_DRAWN = "gold-drawn"
    GOLD_UNSEEN = "gold-unseen"
    REVEAL = "reveal"
    TAKE = "take"
    REFUSE = "refuse"
    UNWANTED = "unwanted"
    CURSE = "curse"
    CURSE_LOSS = "curse-loss"
    SHARE_END = "share-end"
    NEW_TREASURE = "new-treasure"
    REFILL = "refill"
    RESHUFFLE = "reshuffle"
    PASS = "pass"
    GAME_END = "game-end"

    @classmethod
    def glossary(cls) -> dict[str, Gloss]:
        return dict(_GLOSSARY)
