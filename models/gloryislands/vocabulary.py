"""The words a Glory Islands strategy file may use (:mod:`models.vocabulary`): features of the
position as the player to move sees it, and the kinds of decision with their attributes.

Every word reads only what the player knows: the table (ships, sail tracks, pirates, barrels,
fame, the route bonuses given), every hand and discard pile (known by elimination, as
:mod:`~models.gloryislands.observation` says), and his own treasure tiles, never another
player's tiles, the bag's contents or a card chosen face down. While the sail cards are chosen
(GI-R1) the words are read where the round's choice began, so nothing depends on who chose
first. Counts are whole numbers, yes/no words are 1 and 0, fame is the game's fame points and
"the others" are the other players, sunk ones included.

Strategy rules compare these words (``when = ["sails_left > 12"]``, ``where = ["value <= top"]``)
and prefer by attributes (``prefer = "highest value"``). The whole list, as ``atoll`` prints it:

>>> print(VOCABULARY.describe())  # doctest: +NORMALIZE_WHITESPACE
features:
  turn: how many of the game's turns have begun
  players: how many players play
  round: the round being played (the first is 1): every ship afloat plays one sail card
  last_round: 1 once a ship has sailed the whole route: this round is the last (GI-G1)
  fame: his fame so far (without the end scoring)
  leader: the most fame of one of the others so far
  lead: his fame minus the leader's (negative when behind)
  worth: his fame plus what end scoring would give now for what everybody sees: pirates on the
    board, the sail-track field and barrels (GI-F1, F2, F4; treasures left out)
  leader_worth: the best worth of the others
  cards: sail cards in his hand
  low_card: the lowest card value in his hand (0 with an empty hand)
  high_card: the highest card value in his hand (0 with an empty hand)
  has_one: 1 if he holds a 1-card (it takes the discard pile back, GI-E3)
  pile: cards on his discard pile (what a 1-card takes back)
  card: the value of the card he plays this round (0 while the cards are chosen)
  sails: sail-track fields his marker has advanced
  sails_left: sail-track fields he may still spend without sinking (GI-R2)
  sail_fame: the fame printed on his marker's field (end scoring, GI-F2)
  progress: route fields his ship has sailed
  to_home: route fields his ship has still to sail to the home field
  leader_progress: the most route fields sailed by another ship afloat (0 if none)
  compass_passed: 1 if his ship has landed on or passed the compass field
  compass_bonus: fame the next ship to pass the compass field gets (GI-X1; 0: none left)
  home_bonus: fame the next ship home gets (GI-X2; 0: none left)
  barrels: barrels he holds
  barrel_supply: barrels left in the general supply
  pirates: pirates in his supply
  on_board: his pirates on island fields
  treasures: treasure tiles he holds
  kinds: different treasure kinds he holds
  treasure_fame: the fame his treasures give as sets now (GI-F3)
  bag: treasure tiles in the bag
  afloat: ships afloat
action kinds:
  play: choose a sail card (GI-R1)
    value: the card's value: fields to sail, pirate range, sail-track fields to pay
    lowest: 1 if no card in his hand is lower
    highest: 1 if no card in his hand is higher
    sail_cost: fame the sail track loses by paying it (GI-F2; down to the last field if it
      sinks)
    sinks: 1 if paying it sinks his ship (GI-R2)
    home: 1 if sailing its full value reaches the home field (GI-X2)
    compass: 1 if sailing its full value reaches the compass field first time (GI-X1)
    recall: cards a 1-card takes back into his hand (its pile and itself; 0 for other cards)
    special: 1 if the card has a special action in this game (2, 3 and 4, GI-C2..C4)
  move: sail clockwise (GI-A1; a 5-card's first leg with a stopover, GI-A2)
    steps: fields sailed
    stopover: 1 for a 5-card's first leg (no fame there, another leg and pirate follow)
    line_fame: fame his pirates earn where the ship stops (GI-A3; 0 at a stopover)
    gift: fame the others' pirates earn there (GI-A3; 0 at a stopover)
    free: island fields where his pirate could go from there (GI-A5, A6)
    chest: 1 if one of those fields is a treasure chest
    barrel: 1 if one of those fields is a barrel
    pirate_field: 1 if one of those fields is a pirate field
    bonus: compass and home fame the move wins (GI-X1, X2)
    home: 1 if the move reaches the home field (the game ends after the round)
  place: put a pirate on an island field (GI-A4..A7; after a 4-card's move, any empty field)
    pirate_field: 1 on a pirate field (1 fame now, line fame later, GI-W1)
    chest: 1 on a treasure chest (draw 2 tiles, keep 1, GI-W2)
    barrel: 1 on a barrel field (GI-W3)
    new_barrel: 1 if a barrel comes with it (a barrel field, one in the supply, below his limit)
    blank: 1 on a field with no reward
    distance: the field's place in his ship's line, 1 nearest (0 off the line)
    island_size: fields of its island
    empty_after: the island's empty fields once the pirate stands (0: it is scored, GI-I1)
    mine: his other pirates on the island
    rival: the most pirates one other player has on the island
    margin: his pirates there with this one minus the rival's (positive: he leads)
    island_fame: the fame he would get if the island were scored with this pirate (GI-I1..I5)
    from_board: 1 if the pirate comes from another field of his, his supply being empty (GI-A7)
  keep: keep one of the treasure tiles drawn (GI-W2, C2)
    held: tiles of this kind he holds already
    new_kind: 1 if he holds none of this kind
    gain: the fame his sets gain by keeping it (GI-F3)
  hunt: the 2-card's treasure hunt: return a barrel, draw 3 tiles, keep 1 (GI-C2)
  extra: the 3-card's second pirate, paid with a barrel or 2 sail fields (GI-C3)
    pays_barrel: 1 if paid with a barrel (0: with 2 sail-track fields)
    sail_cost: fame the sail track loses by the payment (0 with a barrel)
    sinks: 1 if paying sinks his ship
  relocate: the 4-card's move of one of his pirates to any empty island field (GI-C4)
    pays_barrel: 1 if paid with a barrel (0: with 2 sail-track fields)
    sail_cost: fame the sail track loses by the payment (0 with a barrel)
    sinks: 1 if paying sinks his ship
    source_pirate_field: 1 if the pirate leaves a pirate field (and its line fame)
    source_margin: his pirates minus the rival's on the island it leaves
  pass: no special action

>>> from models.core import load_game
>>> state = load_game("gloryislands", 2).new_initial_state()
>>> [VOCABULARY.feature(f).value(state, 0) for f in ("round", "cards", "sails_left", "barrels")]
[1.0, 6.0, 44.0, 1.0]
>>> play = VOCABULARY.kind("play")
>>> [play.attribute("value").value(state, a) for a in state.legal_actions()]
[1.0, 2.0, 3.0, 3.0, 4.0, 5.0]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from models.gloryislands.actions import ExtraPirate, Hunt, Keep, Move, Pass, Place, Play, Relocate
from models.gloryislands.attributes import (
    KEEP,
    MOVE,
    PAYMENT,
    PLACE,
    PLAY,
    RELOCATE_,
    hand_values,
    next_bonus,
)
from models.gloryislands.position import CHOOSE, GloryIslandsPosition
from models.gloryislands.scoring import treasure_fame
from models.vocabulary import ActionKind, Feature, Vocabulary, of_type

__all__ = ["VOCABULARY"]

Pos = GloryIslandsPosition
_FeatureFn = Callable[[Any, int], float]
_AttributeFn = Callable[[Any, Any], float]


# -- features -----------------------------------------------------------------------------------
def _others(pos: Pos, player: int) -> list[int]:
    return [p for p in range(len(pos.fame)) if p != player]


def _worth(pos: Pos, player: int) -> float:
    track = pos.board.sail_track
    return float(
        pos.fame[player]
        + len(pos.pirates_at[player])
        + track[min(pos.sails[player], len(track) - 1)]
        + pos.barrels[player]
    )


def _leader_progress(pos: Pos, player: int) -> float:
    return float(max((pos.progress[p] for p in _others(pos, player) if not pos.sunk[p]), default=0))


def _card(pos: Pos, player: int) -> float:
    card = pos.chosen[player]
    return float(pos.game.card_values[card]) if card >= 0 and pos.phase is not CHOOSE else 0.0


def _feature(name: str, help: str, value: _FeatureFn) -> Feature:
    return Feature(name, help, lambda s, p: float(value(s, p)))


FEATURES = (
    _feature(
        "round",
        "the round being played (the first is 1): every ship afloat plays one sail card",
        lambda s, p: s.round,
    ),
    _feature(
        "last_round",
        "1 once a ship has sailed the whole route: this round is the last (GI-G1)",
        lambda s, p: s.route_done,
    ),
    _feature("fame", "his fame so far (without the end scoring)", lambda s, p: s.fame[p]),
    _feature(
        "leader",
        "the most fame of one of the others so far",
        lambda s, p: max(s.fame[q] for q in _others(s, p)),
    ),
    _feature(
        "lead",
        "his fame minus the leader's (negative when behind)",
        lambda s, p: s.fame[p] - max(s.fame[q] for q in _others(s, p)),
    ),
    _feature(
        "worth",
        "his fame plus what end scoring would give now for what everybody sees: pirates on the"
        " board, the sail-track field and barrels (GI-F1, F2, F4; treasures left out)",
        _worth,
    ),
    _feature(
        "leader_worth",
        "the best worth of the others",
        lambda s, p: max(_worth(s, q) for q in _others(s, p)),
    ),
    _feature("cards", "sail cards in his hand", lambda s, p: len(s.hands[p])),
    _feature(
        "low_card",
        "the lowest card value in his hand (0 with an empty hand)",
        lambda s, p: min(hand_values(s, p), default=0),
    ),
    _feature(
        "high_card",
        "the highest card value in his hand (0 with an empty hand)",
        lambda s, p: max(hand_values(s, p), default=0),
    ),
    _feature(
        "has_one",
        "1 if he holds a 1-card (it takes the discard pile back, GI-E3)",
        lambda s, p: 1 in hand_values(s, p),
    ),
    _feature(
        "pile",
        "cards on his discard pile (what a 1-card takes back)",
        lambda s, p: len(s.discards[p]),
    ),
    _feature(
        "card",
        "the value of the card he plays this round (0 while the cards are chosen)",
        _card,
    ),
    _feature("sails", "sail-track fields his marker has advanced", lambda s, p: s.sails[p]),
    _feature(
        "sails_left",
        "sail-track fields he may still spend without sinking (GI-R2)",
        lambda s, p: max(len(s.board.sail_track) - 1 - s.sails[p], 0),
    ),
    _feature(
        "sail_fame",
        "the fame printed on his marker's field (end scoring, GI-F2)",
        lambda s, p: s.board.sail_track[min(s.sails[p], len(s.board.sail_track) - 1)],
    ),
    _feature("progress", "route fields his ship has sailed", lambda s, p: s.progress[p]),
    _feature(
        "to_home",
        "route fields his ship has still to sail to the home field",
        lambda s, p: max(s.game.route_length - s.progress[p], 0),
    ),
    _feature(
        "leader_progress",
        "the most route fields sailed by another ship afloat (0 if none)",
        _leader_progress,
    ),
    _feature(
        "compass_passed",
        "1 if his ship has landed on or passed the compass field",
        lambda s, p: p in s.compass_order,
    ),
    _feature(
        "compass_bonus",
        "fame the next ship to pass the compass field gets (GI-X1; 0: none left)",
        lambda s, p: next_bonus(s.compass_order, s.board.compass_bonus),
    ),
    _feature(
        "home_bonus",
        "fame the next ship home gets (GI-X2; 0: none left)",
        lambda s, p: next_bonus(s.home_order, s.board.home_bonus),
    ),
    _feature("barrels", "barrels he holds", lambda s, p: s.barrels[p]),
    _feature("barrel_supply", "barrels left in the general supply", lambda s, p: s.barrel_supply),
    _feature("pirates", "pirates in his supply", lambda s, p: s.supply[p]),
    _feature("on_board", "his pirates on island fields", lambda s, p: len(s.pirates_at[p])),
    _feature("treasures", "treasure tiles he holds", lambda s, p: sum(s.held[p])),
    _feature(
        "kinds",
        "different treasure kinds he holds",
        lambda s, p: sum(1 for n in s.held[p] if n),
    ),
    _feature(
        "treasure_fame",
        "the fame his treasures give as sets now (GI-F3)",
        lambda s, p: treasure_fame(s.held[p], s.board.set_fame),
    ),
    _feature("bag", "treasure tiles in the bag", lambda s, p: s.bag_total),
    _feature("afloat", "ships afloat", lambda s, p: s.sunk.count(False)),
)


#: The Glory Islands vocabulary (see the module).
VOCABULARY = Vocabulary(
    features=FEATURES,
    kinds=(
        ActionKind("play", "choose a sail card (GI-R1)", of_type(Play), PLAY),
        ActionKind(
            "move",
            "sail clockwise (GI-A1; a 5-card's first leg with a stopover, GI-A2)",
            of_type(Move),
            MOVE,
        ),
        ActionKind(
            "place",
            "put a pirate on an island field (GI-A4..A7; after a 4-card's move, any empty field)",
            of_type(Place),
            PLACE,
        ),
        ActionKind("keep", "keep one of the treasure tiles drawn (GI-W2, C2)", of_type(Keep), KEEP),
        ActionKind(
            "hunt",
            "the 2-card's treasure hunt: return a barrel, draw 3 tiles, keep 1 (GI-C2)",
            of_type(Hunt),
        ),
        ActionKind(
            "extra",
            "the 3-card's second pirate, paid with a barrel or 2 sail fields (GI-C3)",
            of_type(ExtraPirate),
            PAYMENT,
        ),
        ActionKind(
            "relocate",
            "the 4-card's move of one of his pirates to any empty island field (GI-C4)",
            of_type(Relocate),
            RELOCATE_,
        ),
        ActionKind("pass", "no special action", of_type(Pass)),
    ),
)
