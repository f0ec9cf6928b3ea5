"""The words a South Seas strategy file may use (:mod:`models.vocabulary`): features of the
position as the player to move sees it, and the kinds of decision with their attributes.

Nothing in South Seas is hidden (:mod:`~models.southseas.observation`): every word reads the
table only (tiles, islanders, wares, ships, the stack's contents known by elimination), never
the order of the stack or of the face-down ships. Counts are whole numbers, yes/no words are 1
and 0, "he" is the player to move and "the others" are the other players. Scores are SS-F3's:
ship points plus one point per three wares.

A turn asks up to three decisions: where the drawn tile goes (``place``), the islander step
(``islander``, ``recall`` or ``pass``) and the delivery (``deliver`` or ``pass``); a completed
market whose best face-up ships tie asks which to take (``take_ship``). ``pass`` answers both
the islander step and the delivery: a rule for it names the step with ``islander_step`` or
``delivery_step``. A placement's attributes look one step ahead without playing it: what the
tile joins, completes and pays before the next player moves. Because the islander step comes
before the evaluation (SS-T1), a placement that completes an unoccupied feature pays whoever
puts an islander on the new tile at once (``claim``).

The whole list, as ``atoll`` prints it:

>>> print(VOCABULARY.describe())  # doctest: +NORMALIZE_WHITESPACE
features:
  turn: how many of the game's turns have begun
  players: how many players play
  tiles_left: tiles left in the stack (the game ends with the last one, SS-T2)
  score: his score now: ship points plus one point per three wares (SS-F3)
  leader: the best score of the others
  lead: his score minus the leader's (negative when behind)
  ship_points: the points of the ships he has taken
  wares: wares he holds (shells, bananas and fish together)
  shells: shells he holds
  bananas: bananas he holds
  fish: fish he holds
  islanders: islanders in his supply (SS-I1)
  placed: his islanders on the board
  merchants: his islanders on markets not yet complete
  best_ship: the most points a face-up ship is worth (what a completed market gives, SS-M2)
  payable: the most points of a face-up ship he can pay now (0: none)
  short: the fewest wares he lacks to pay a face-up ship (0: he can pay one now)
  ships_left: ships face up and face down (the game ends when none is left, SS-T2)
  tile_boat: 1 if the tile drawn (or just placed) shows a fishing boat
  tile_market: 1 if the tile drawn (or just placed) shows a market
  islander_step: 1 while he decides on an islander (place one, take one back, or pass)
  delivery_step: 1 while he decides on a delivery (deliver to a ship, or pass)
action kinds:
  place: put the drawn tile somewhere, turned (SS-P1..P3)
    wares: wares he gets right away from the features it completes and the boat it sets off
      (SS-E1, E5, B1), by the islanders there now
    fish: the fish among those wares
    claim: the most wares an islander he puts on this tile would get at once: an unoccupied
      feature it completes, or an unoccupied sea region its boat sets off (0 with an empty
      supply)
    gift: wares the others get right away
    completes: bridges, islands and sea regions it completes
    boat: 1 if its boat sets off an evaluation of an occupied sea region (SS-B1)
    ship_points: points of the face-up ships he takes for the markets it completes (his
      merchants', and a merchant he may put on its own market when that is complete at once)
    markets: markets it completes (anyone's, SS-M1)
    market_near: his merchants' markets it brings one tile nearer completion, not completing
      them
    extends: open features he holds (or ties) the majority in that it joins and that stay his
      (not completed, nor emptied by a boat)
    grows: symbols it adds to features he leads that stay his, as extends
    around: tiles in the 8 positions around it (a market there needs all 8)
    neighbours: tiles sharing a side with it
    holes: empty positions next to it that no tile can ever fill once it lies there
  islander: put an islander on a piece of the tile just placed (SS-I1..I3)
    bridge: 1 on a bridge (shells)
    island: 1 on an island (bananas)
    sea: 1 in a sea region (fish)
    market: 1 on a market (a ship when complete)
    symbols: wares the feature would pay now (uncovered fish only; 0 on a market)
    now: wares it gets at once: the feature is complete, or the tile's boat sets it off
    missing: empty positions the feature still needs filled (0: complete)
    size: tiles of the feature
    finishable: 0 if a quick proof shows the feature can never be finished, else 1
  recall: take one of his islanders back to supply (the recall option)
    bridge: 1 on a bridge (shells)
    island: 1 on an island (bananas)
    sea: 1 in a sea region (fish)
    market: 1 on a market (a ship when complete)
    symbols: wares the feature would pay now (uncovered fish only; 0 on a market)
    missing: empty positions the feature still needs filled (0: complete)
    size: tiles of the feature
    finishable: 0 if a quick proof shows the feature can never be finished, else 1
    leads: 1 if he holds (or ties) the majority there
  take_ship: take one of the tied best face-up ships for a completed market (SS-M2)
    points: the ship's points
  deliver: pay wares for a face-up ship (SS-S1, S2)
    points: the ship's points
    cost: wares paid
    gain: what his score gains: the points less the thirds the wares paid were worth
    left: wares he keeps
    best: 1 if no ship he can pay now is worth more
  pass: place no islander, or deliver to no ship

>>> from models.core import load_game, make_rng
>>> state = load_game("southseas", 2).new_initial_state()
>>> rng = make_rng(0)
>>> while state.is_chance_node():
...     state.apply(state.sample_chance(rng))
>>> [VOCABULARY.feature(f).value(state, 0) for f in ("tiles_left", "islanders", "wares")]
[71.0, 4.0, 0.0]
>>> place = VOCABULARY.kind("place")
>>> [place.attribute("neighbours").value(state, a) for a in state.legal_actions()][:3]
[1.0, 1.0, 1.0]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from models.southseas.actions import Deliver, Pass, Place, PlaceIslander, Recall, TakeShip
from models.southseas.board import Feature
from models.southseas.components import Kind, TileType
from models.southseas.evaluation import symbols
from models.southseas.finishable import needs_of, proof, usable_of
from models.southseas.heuristic import shortfall
from models.southseas.lookahead import feature_root, leads, placing
from models.southseas.position import Phase, SouthSeasPosition
from models.vocabulary import ActionKind, Attribute, Vocabulary, of_type
from models.vocabulary import Feature as Word

__all__ = ["VOCABULARY"]

Pos = SouthSeasPosition


# -- features -----------------------------------------------------------------------------------
def _leader(pos: Pos, player: int) -> int:
    return max(pos.score(q) for q in range(len(pos.ledger.wares)) if q != player)


def _held(pos: Pos, player: int) -> tuple[int, int, int]:
    shells, bananas, fish = pos.ledger.wares[player]
    return shells, bananas, fish


def _payable(pos: Pos, player: int) -> int:
    held = _held(pos, player)
    return max((s.points for s in pos.yard.display if shortfall(s, held)[0] == 0), default=0)


def _short(pos: Pos, player: int) -> int:
    held = _held(pos, player)
    return min((shortfall(s, held)[0] for s in pos.yard.display), default=0)


def _merchants(pos: Pos, player: int) -> int:
    board = pos.board
    return sum(
        1
        for node in pos.ledger.placed[player]
        if board.features[feature_root(board, node)].kind is Kind.MARKET
    )


def _tile(pos: Pos) -> TileType | None:
    if pos.drawn is not None:
        return pos.drawn
    if pos.phase is Phase.ISLANDER and pos.placed_at is not None:
        return pos.board.tiles[pos.placed_at].tile
    return None


def _tile_has(pos: Pos, what: str) -> bool:
    tile = _tile(pos)
    return tile is not None and bool(getattr(tile, what))


def _word(name: str, help: str, value: Callable[[Pos, int], Any]) -> Word:
    return Word(name, help, lambda s, p: float(value(s, p)))


FEATURES = (
    _word(
        "tiles_left",
        "tiles left in the stack (the game ends with the last one, SS-T2)",
        lambda s, p: s.tiles_left,
    ),
    _word(
        "score",
        "his score now: ship points plus one point per three wares (SS-F3)",
        lambda s, p: s.score(p),
    ),
    _word("leader", "the best score of the others", _leader),
    _word(
        "lead",
        "his score minus the leader's (negative when behind)",
        lambda s, p: s.score(p) - _leader(s, p),
    ),
    _word("ship_points", "the points of the ships he has taken", lambda s, p: s.yard.points(p)),
    _word(
        "wares",
        "wares he holds (shells, bananas and fish together)",
        lambda s, p: sum(s.ledger.wares[p]),
    ),
    _word("shells", "shells he holds", lambda s, p: s.ledger.wares[p][0]),
    _word("bananas", "bananas he holds", lambda s, p: s.ledger.wares[p][1]),
    _word("fish", "fish he holds", lambda s, p: s.ledger.wares[p][2]),
    _word("islanders", "islanders in his supply (SS-I1)", lambda s, p: s.ledger.islanders[p]),
    _word("placed", "his islanders on the board", lambda s, p: len(s.ledger.placed[p])),
    _word("merchants", "his islanders on markets not yet complete", _merchants),
    _word(
        "best_ship",
        "the most points a face-up ship is worth (what a completed market gives, SS-M2)",
        lambda s, p: max((ship.points for ship in s.yard.display), default=0),
    ),
    _word("payable", "the most points of a face-up ship he can pay now (0: none)", _payable),
    _word(
        "short", "the fewest wares he lacks to pay a face-up ship (0: he can pay one now)", _short
    ),
    _word(
        "ships_left",
        "ships face up and face down (the game ends when none is left, SS-T2)",
        lambda s, p: len(s.yard.display) + len(s.yard.hidden),
    ),
    _word(
        "tile_boat",
        "1 if the tile drawn (or just placed) shows a fishing boat",
        lambda s, p: _tile_has(s, "boats"),
    ),
    _word(
        "tile_market",
        "1 if the tile drawn (or just placed) shows a market",
        lambda s, p: _tile_has(s, "market"),
    ),
    _word(
        "islander_step",
        "1 while he decides on an islander (place one, take one back, or pass)",
        lambda s, p: s.phase is Phase.ISLANDER,
    ),
    _word(
        "delivery_step",
        "1 while he decides on a delivery (deliver to a ship, or pass)",
        lambda s, p: s.phase is Phase.DELIVER,
    ),
)


# -- placements (worked out by models.southseas.lookahead) --------------------------------
def _place(name: str, help: str) -> Attribute:
    return Attribute(name, help, lambda s, a: float(getattr(placing(s, a), name)))  # type: ignore[arg-type]


PLACE = (
    _place(
        "wares",
        "wares he gets right away from the features it completes and the boat it sets off"
        " (SS-E1, E5, B1), by the islanders there now",
    ),
    _place("fish", "the fish among those wares"),
    _place(
        "claim",
        "the most wares an islander he puts on this tile would get at once: an unoccupied"
        " feature it completes, or an unoccupied sea region its boat sets off (0 with an empty"
        " supply)",
    ),
    _place("gift", "wares the others get right away"),
    _place("completes", "bridges, islands and sea regions it completes"),
    _place("boat", "1 if its boat sets off an evaluation of an occupied sea region (SS-B1)"),
    _place(
        "ship_points",
        "points of the face-up ships he takes for the markets it completes (his merchants', and"
        " a merchant he may put on its own market when that is complete at once)",
    ),
    _place("markets", "markets it completes (anyone's, SS-M1)"),
    _place(
        "market_near",
        "his merchants' markets it brings one tile nearer completion, not completing them",
    ),
    _place(
        "extends",
        "open features he holds (or ties) the majority in that it joins and that stay his"
        " (not completed, nor emptied by a boat)",
    ),
    _place("grows", "symbols it adds to features he leads that stay his, as extends"),
    _place("around", "tiles in the 8 positions around it (a market there needs all 8)"),
    _place("neighbours", "tiles sharing a side with it"),
    _place("holes", "empty positions next to it that no tile can ever fill once it lies there"),
)


# -- islanders: the feature a piece belongs to ----------------------------------------------------
def _node(pos: Pos, action: PlaceIslander | Recall) -> int:
    if type(action) is Recall:
        return pos.board.node_at((action.x, action.y), action.piece)
    assert pos.placed_at is not None
    return pos.board.tiles[pos.placed_at].node(action.piece)


def _feature_of(pos: Pos, action: PlaceIslander | Recall) -> tuple[int, Feature]:
    root = feature_root(pos.board, _node(pos, action))
    return root, pos.board.features[root]


def _market_at(feature: Feature) -> tuple[int, int]:
    return next(iter(feature.tiles))  # a market is one piece on one tile


def _missing(pos: Pos, action: PlaceIslander | Recall) -> int:
    root, feature = _feature_of(pos, action)
    if feature.kind is Kind.MARKET:
        return pos.board.missing.get(_market_at(feature), 0)
    return len(needs_of(pos.board, root)) if feature.open else 0


def _finishable(pos: Pos, action: PlaceIslander | Recall) -> bool:
    root, feature = _feature_of(pos, action)
    if feature.kind is not Kind.MARKET and not feature.open:
        return True
    if feature.kind is Kind.MARKET and not pos.board.missing.get(_market_at(feature), 0):
        return True
    board = pos.board
    return proof(board, pos.game.draw_types, usable_of(pos), needs_of(board, root)) is None


def _now(pos: Pos, action: PlaceIslander) -> int:
    """Wares an islander placed there gets at once: a complete feature, or the tile's boat."""
    root, feature = _feature_of(pos, action)
    if feature.kind is Kind.MARKET:
        return 0
    amount = symbols(feature, pos.covered)
    if not feature.open:
        return amount
    assert pos.placed_at is not None
    placed = pos.board.tiles[pos.placed_at]
    boat = any(
        piece.boat and feature_root(pos.board, placed.node(i)) == root
        for i, piece in enumerate(placed.tile.pieces)
    )
    return amount if boat and pos.options.boat_occupancy == "after_islander" else 0


def _on(kind: Kind) -> Callable[[Pos, Any], bool]:
    return lambda s, a: _feature_of(s, a)[1].kind is kind


def _attribute(name: str, help: str, value: Callable[[Pos, Any], Any]) -> Attribute:
    return Attribute(name, help, lambda s, a: float(value(s, a)))


_PIECE = (
    _attribute("bridge", "1 on a bridge (shells)", _on(Kind.BRIDGE)),
    _attribute("island", "1 on an island (bananas)", _on(Kind.ISLAND)),
    _attribute("sea", "1 in a sea region (fish)", _on(Kind.SEA)),
    _attribute("market", "1 on a market (a ship when complete)", _on(Kind.MARKET)),
    _attribute(
        "symbols",
        "wares the feature would pay now (uncovered fish only; 0 on a market)",
        lambda s, a: (
            0 if (f := _feature_of(s, a)[1]).kind is Kind.MARKET else symbols(f, s.covered)
        ),
    ),
)
_SHAPE = (
    _attribute("missing", "empty positions the feature still needs filled (0: complete)", _missing),
    _attribute("size", "tiles of the feature", lambda s, a: len(_feature_of(s, a)[1].tiles)),
    _attribute(
        "finishable",
        "0 if a quick proof shows the feature can never be finished, else 1",
        _finishable,
    ),
)
ISLANDER = (
    *_PIECE,
    _attribute(
        "now",
        "wares it gets at once: the feature is complete, or the tile's boat sets it off",
        _now,
    ),
    *_SHAPE,
)
RECALL = (
    *_PIECE,
    *_SHAPE,
    _attribute(
        "leads",
        "1 if he holds (or ties) the majority there",
        lambda s, a: leads(_feature_of(s, a)[1], s.player),
    ),
)


# -- ships ----------------------------------------------------------------------------------------
def _ship_points(pos: Pos, action: Deliver | TakeShip) -> int:
    ship = pos.yard.face_up(action.ship)
    return ship.points if ship is not None else 0


def _gain(pos: Pos, action: Deliver) -> int:
    held = sum(pos.ledger.wares[pos.player])
    return _ship_points(pos, action) + (held - sum(action.payment)) // 3 - held // 3


def _best(pos: Pos, action: Deliver) -> bool:
    top = max((_ship_points(pos, a) for a in pos.actions if type(a) is Deliver), default=0)
    return _ship_points(pos, action) >= top


DELIVER = (
    _attribute("points", "the ship's points", _ship_points),
    _attribute("cost", "wares paid", lambda s, a: sum(a.payment)),
    _attribute(
        "gain", "what his score gains: the points less the thirds the wares paid were worth", _gain
    ),
    _attribute(
        "left", "wares he keeps", lambda s, a: sum(s.ledger.wares[s.player]) - sum(a.payment)
    ),
    _attribute("best", "1 if no ship he can pay now is worth more", _best),
)


VOCABULARY = Vocabulary(
    features=FEATURES,
    kinds=(
        ActionKind(
            "place", "put the drawn tile somewhere, turned (SS-P1..P3)", of_type(Place), PLACE
        ),
        ActionKind(
            "islander",
            "put an islander on a piece of the tile just placed (SS-I1..I3)",
            of_type(PlaceIslander),
            ISLANDER,
        ),
        ActionKind(
            "recall",
            "take one of his islanders back to supply (the recall option)",
            of_type(Recall),
            RECALL,
        ),
        ActionKind(
            "take_ship",
            "take one of the tied best face-up ships for a completed market (SS-M2)",
            of_type(TakeShip),
            (_attribute("points", "the ship's points", _ship_points),),
        ),
        ActionKind(
            "deliver", "pay wares for a face-up ship (SS-S1, S2)", of_type(Deliver), DELIVER
        ),
        ActionKind("pass", "place no islander, or deliver to no ship", of_type(Pass)),
    ),
)
