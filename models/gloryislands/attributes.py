"""The attributes of each kind of Glory Islands action a strategy file may name (the action
kinds' part of :mod:`models.gloryislands.vocabulary`, which documents every word): numbers about
one action as the player choosing it sees it — a sail card's value and what it would cost, a
move's bonus, a pirate field's island and rivals, a tile's gain, a special action's payment.

>>> sorted(a.name for a in PLAY)[:4]
['compass', 'highest', 'home', 'lowest']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from models.gloryislands.actions import ExtraPirate, Keep, Move, Place, Play, Relocate
from models.gloryislands.components import BARREL, BLANK, CHEST, PIRATE
from models.gloryislands.position import RELOCATE, GloryIslandsPosition
from models.gloryislands.scoring import island_fame, treasure_fame
from models.gloryislands.specials import SPECIAL_SAILS
from models.vocabulary import Attribute

__all__ = ["KEEP", "MOVE", "PAYMENT", "PLACE", "PLAY", "RELOCATE_", "hand_values", "next_bonus"]

Pos = GloryIslandsPosition
_AttributeFn = Callable[[Any, Any], float]


def hand_values(pos: Pos, player: int) -> list[int]:
    """The values of the cards in a player's hand (public: hands are known by elimination)."""
    values = pos.game.card_values
    return [values[c] for c in pos.hands[player]]


def next_bonus(order: list[int], bonus: tuple[int, ...]) -> float:
    """The bonus the next player to arrive would take, given who arrived already."""
    return float(bonus[len(order)]) if len(order) < len(bonus) else 0.0


# -- attributes ---------------------------------------------------------------------------------
def _attribute(name: str, help: str, value: _AttributeFn) -> Attribute:
    return Attribute(name, help, lambda s, a: float(value(s, a)))


def _sail_cost(pos: Pos, player: int, fields: int) -> int:
    """The fame the sail track loses when ``player`` pays ``fields`` more fields."""
    track, at = pos.board.sail_track, pos.sails[player]
    last = len(track) - 1
    return track[min(at, last)] - track[min(at + fields, last)]


def _sinks(pos: Pos, player: int, fields: int) -> bool:
    return pos.sails[player] + fields >= len(pos.board.sail_track)


# play: the chooser is the holder of the card (hands are public; a choice is read where the
# round's choosing began, so ``pos.player`` may be another chooser)
def _holder(pos: Pos, action: Play) -> int:
    card = pos.game.card_of[action.card]
    for player, hand in enumerate(pos.hands):
        if card in hand:
            return player
    return pos.player


def _value(pos: Pos, action: Play) -> int:
    return pos.game.card_values[pos.game.card_of[action.card]]


def _reaches(pos: Pos, action: Play, field: int) -> bool:
    player = _holder(pos, action)
    return pos.progress[player] < field <= pos.progress[player] + _value(pos, action)


def _compass(pos: Pos, action: Play) -> bool:
    player = _holder(pos, action)
    return player not in pos.compass_order and _reaches(pos, action, pos.board.compass)


def _recall(pos: Pos, action: Play) -> int:
    return len(pos.discards[_holder(pos, action)]) + 1 if _value(pos, action) == 1 else 0


PLAY = (
    _attribute(
        "value",
        "the card's value: fields to sail, pirate range, sail-track fields to pay",
        _value,
    ),
    _attribute(
        "lowest",
        "1 if no card in his hand is lower",
        lambda s, a: _value(s, a) <= min(hand_values(s, _holder(s, a))),
    ),
    _attribute(
        "highest",
        "1 if no card in his hand is higher",
        lambda s, a: _value(s, a) >= max(hand_values(s, _holder(s, a))),
    ),
    _attribute(
        "sail_cost",
        "fame the sail track loses by paying it (GI-F2; down to the last field if it sinks)",
        lambda s, a: _sail_cost(s, _holder(s, a), _value(s, a)),
    ),
    _attribute(
        "sinks",
        "1 if paying it sinks his ship (GI-R2)",
        lambda s, a: _sinks(s, _holder(s, a), _value(s, a)),
    ),
    _attribute(
        "home",
        "1 if sailing its full value reaches the home field (GI-X2)",
        lambda s, a: _reaches(s, a, s.game.route_length),
    ),
    _attribute(
        "compass",
        "1 if sailing its full value reaches the compass field first time (GI-X1)",
        _compass,
    ),
    _attribute(
        "recall",
        "cards a 1-card takes back into his hand (its pile and itself; 0 for other cards)",
        _recall,
    ),
    _attribute(
        "special",
        "1 if the card has a special action in this game (2, 3 and 4, GI-C2..C4)",
        lambda s, a: _value(s, a) in s.game.specials,
    ),
)


# move: where the ship would stop, and what it finds there
def _stop(pos: Pos, action: Move) -> tuple[int, int]:
    """(route fields sailed after the move, route index where it stops)."""
    end = pos.progress[pos.player] + action.steps
    return end, end % pos.game.route_length


def _line_fame(pos: Pos, action: Move, mine: bool) -> int:
    if action.stopover:
        return 0
    occupant, player = pos.occupant, pos.player
    cells = pos.board.pirate_lines[_stop(pos, action)[1]]
    return sum(1 for c in cells if occupant[c] >= 0 and (occupant[c] == player) == mine)


def _free(pos: Pos, action: Move) -> list[int]:
    """The fields a pirate could go to from the stop (GI-A5; else the next free, GI-A6)."""
    line = pos.board.lines[_stop(pos, action)[1]]
    occupant = pos.occupant
    cells = [c for c in line[: pos.value] if occupant[c] < 0]
    if cells:
        return cells
    return next(([c] for c in line[pos.value :] if occupant[c] < 0), [])


def _offers(icon: str) -> _AttributeFn:
    def value(pos: Pos, action: Move) -> bool:
        icons = pos.board.icon_of
        return any(icons[c] == icon for c in _free(pos, action))

    return value


def _bonus(pos: Pos, action: Move) -> int:
    player, board = pos.player, pos.board
    start = pos.progress[player]
    end = start + action.steps
    fame = 0
    if start < board.compass <= end and player not in pos.compass_order:
        fame += int(next_bonus(pos.compass_order, board.compass_bonus))
    if end >= pos.game.route_length and player not in pos.home_order:
        fame += int(next_bonus(pos.home_order, board.home_bonus))
    return fame


MOVE = (
    _attribute("steps", "fields sailed", lambda s, a: a.steps),
    _attribute(
        "stopover",
        "1 for a 5-card's first leg (no fame there, another leg and pirate follow)",
        lambda s, a: a.stopover,
    ),
    _attribute(
        "line_fame",
        "fame his pirates earn where the ship stops (GI-A3; 0 at a stopover)",
        lambda s, a: _line_fame(s, a, True),
    ),
    _attribute(
        "gift",
        "fame the others' pirates earn there (GI-A3; 0 at a stopover)",
        lambda s, a: _line_fame(s, a, False),
    ),
    _attribute(
        "free",
        "island fields where his pirate could go from there (GI-A5, A6)",
        lambda s, a: len(_free(s, a)),
    ),
    _attribute("chest", "1 if one of those fields is a treasure chest", _offers(CHEST)),
    _attribute("barrel", "1 if one of those fields is a barrel", _offers(BARREL)),
    _attribute("pirate_field", "1 if one of those fields is a pirate field", _offers(PIRATE)),
    _attribute("bonus", "compass and home fame the move wins (GI-X1, X2)", _bonus),
    _attribute(
        "home",
        "1 if the move reaches the home field (the game ends after the round)",
        lambda s, a: _stop(s, a)[0] >= s.game.route_length,
    ),
)


# place: the island the field belongs to, as it would be with the pirate on it
def _counts(pos: Pos, action: Place) -> dict[int, int]:
    """Pirates per player on the field's island with the pirate placed (the one it leaves
    taken off: a 4-card's or a supply-less player's, GI-C4, GI-A7)."""
    board, occupant = pos.board, pos.occupant
    leaving = action.source if action.source is not None else -1
    if pos.step is RELOCATE:
        leaving = pos.lifting
    counts: dict[int, int] = {pos.player: 1}
    for cell in board.islands[board.island_of[action.cell]].cells:
        owner = occupant[cell]
        if owner >= 0 and cell != leaving:
            counts[owner] = counts.get(owner, 0) + 1
    return counts


def _rival(counts: dict[int, int], player: int) -> int:
    return max((n for p, n in counts.items() if p != player), default=0)


def _distance(pos: Pos, action: Place) -> int:
    line = pos.board.lines[pos.position(pos.player)]
    return line.index(action.cell) + 1 if action.cell in line else 0


def _empty_after(pos: Pos, action: Place) -> int:
    island = pos.board.islands[pos.board.island_of[action.cell]]
    return island.size - sum(_counts(pos, action).values())


def _island_fame(pos: Pos, action: Place) -> int:
    island = pos.board.islands[pos.board.island_of[action.cell]]
    table = pos.board.scoring_table[island.size]
    fame, _ = island_fame(_counts(pos, action), table, trigger=pos.player, options=pos.options)
    return fame.get(pos.player, 0)


def _new_barrel(pos: Pos, action: Place) -> bool:
    return (
        pos.board.icon_of[action.cell] == BARREL
        and pos.barrel_supply > 0
        and pos.barrels[pos.player] < pos.board.barrel_limit
    )


def _icon(icon: str) -> _AttributeFn:
    return lambda s, a: s.board.icon_of[a.cell] == icon


PLACE = (
    _attribute(
        "pirate_field", "1 on a pirate field (1 fame now, line fame later, GI-W1)", _icon(PIRATE)
    ),
    _attribute("chest", "1 on a treasure chest (draw 2 tiles, keep 1, GI-W2)", _icon(CHEST)),
    _attribute("barrel", "1 on a barrel field (GI-W3)", _icon(BARREL)),
    _attribute(
        "new_barrel",
        "1 if a barrel comes with it (a barrel field, one in the supply, below his limit)",
        _new_barrel,
    ),
    _attribute("blank", "1 on a field with no reward", _icon(BLANK)),
    _attribute(
        "distance", "the field's place in his ship's line, 1 nearest (0 off the line)", _distance
    ),
    _attribute(
        "island_size",
        "fields of its island",
        lambda s, a: s.board.islands[s.board.island_of[a.cell]].size,
    ),
    _attribute(
        "empty_after",
        "the island's empty fields once the pirate stands (0: it is scored, GI-I1)",
        _empty_after,
    ),
    _attribute("mine", "his other pirates on the island", lambda s, a: _counts(s, a)[s.player] - 1),
    _attribute(
        "rival",
        "the most pirates one other player has on the island",
        lambda s, a: _rival(_counts(s, a), s.player),
    ),
    _attribute(
        "margin",
        "his pirates there with this one minus the rival's (positive: he leads)",
        lambda s, a: _counts(s, a)[s.player] - _rival(_counts(s, a), s.player),
    ),
    _attribute(
        "island_fame",
        "the fame he would get if the island were scored with this pirate (GI-I1..I5)",
        _island_fame,
    ),
    _attribute(
        "from_board",
        "1 if the pirate comes from another field of his, his supply being empty (GI-A7)",
        lambda s, a: a.source is not None,
    ),
)


# keep: the drawer's own tiles (his, seen by him alone)
def _gain(pos: Pos, action: Keep) -> int:
    held = pos.held[pos.player]
    kind = pos.game.kind_index[action.kind]
    more = [n + (k == kind) for k, n in enumerate(held)]
    return treasure_fame(more, pos.board.set_fame) - treasure_fame(held, pos.board.set_fame)


def _held(pos: Pos, action: Keep) -> int:
    return pos.held[pos.player][pos.game.kind_index[action.kind]]


KEEP = (
    _attribute("held", "tiles of this kind he holds already", _held),
    _attribute("new_kind", "1 if he holds none of this kind", lambda s, a: _held(s, a) == 0),
    _attribute("gain", "the fame his sets gain by keeping it (GI-F3)", _gain),
)


# extra and relocate: the payment, and what the pirate moved leaves
def _fields(action: ExtraPirate | Relocate) -> int:
    return 0 if action.pay == "barrel" else SPECIAL_SAILS


PAYMENT = (
    _attribute(
        "pays_barrel",
        "1 if paid with a barrel (0: with 2 sail-track fields)",
        lambda s, a: a.pay == "barrel",
    ),
    _attribute(
        "sail_cost",
        "fame the sail track loses by the payment (0 with a barrel)",
        lambda s, a: _sail_cost(s, s.player, _fields(a)),
    ),
    _attribute(
        "sinks",
        "1 if paying sinks his ship",
        lambda s, a: _fields(a) > 0 and _sinks(s, s.player, _fields(a)),
    ),
)


def _source_margin(pos: Pos, action: Relocate) -> int:
    board, occupant, player = pos.board, pos.occupant, pos.player
    counts: dict[int, int] = {}
    for cell in board.islands[board.island_of[action.source]].cells:
        if occupant[cell] >= 0:
            counts[occupant[cell]] = counts.get(occupant[cell], 0) + 1
    return counts.get(player, 0) - _rival(counts, player)


RELOCATE_ = (
    *PAYMENT,
    _attribute(
        "source_pirate_field",
        "1 if the pirate leaves a pirate field (and its line fame)",
        lambda s, a: s.board.icon_of[a.source] == PIRATE,
    ),
    _attribute(
        "source_margin",
        "his pirates minus the rival's on the island it leaves",
        _source_margin,
    ),
)
