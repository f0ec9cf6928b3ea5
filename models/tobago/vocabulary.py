"""Tobago's words for strategy files (:mod:`models.vocabulary`): what a player sees of the
position, and the kinds of decision with numbers about each action. Every word reads public
facts (treasures' candidates, vehicles, roses, gold held, amulets, cards turned up) and the
player's own hand, never another's hand or a card drawn face down: a treasure's candidates are
public (they are what its hints leave), so nothing here reveals a hidden place.

**Terms.** A treasure is *searched* while it has a hint and its gold is not being shared; it is
*fixed* when one candidate is left (TB-H6). The *target* is the searched, not yet fixed treasure
with the fewest candidates (all of them when tied). Distances are in legs (TB-D1, the leg graph
of :mod:`models.tobago.roads`); :data:`NONE` (99) stands for "none there" or "not reachable".
Booleans are 0 and 1.

**Features** (the player to move; besides the common ``turn`` and ``players``):

* ``score`` — his gold; ``leader`` — the most gold among the others; ``lead`` — the difference;
  ``gold_cards`` — how many gold cards he holds.
* ``deck`` — cards left in the gold deck, curses included (the game ends when it runs out,
  TB-E1);
  ``curses_left`` — curses not turned up yet; ``mean_gold`` — the mean value of the gold cards
  not turned up yet (curses as 0), from the cards file and every card turned up so far.
* ``amulets`` — amulets he holds; ``amulets_on_island`` — amulets lying on the island.
* ``roses`` — his roses in supply (none: he lays no hint); ``roses_out`` — his roses at
  treasures; ``hand`` — hint cards in his hand; ``playable`` — hints he may lay now (card and
  treasure pairs that exclude some candidates and not all, TB-H2/H3).
* ``fixed`` — fixed treasures he may raise; ``fewest`` — the target's candidates (the island's
  field count when no treasure is searched and unfixed).
* ``fixed_distance``, ``target_distance``, ``amulet_distance``, ``statue_distance`` (to the
  fields where statues wash amulets up, TB-A1), ``vehicle_distance`` (the nearest other
  vehicle) — legs from his vehicle; ``reach_here`` and ``chance_here`` — ``reach`` and
  ``chance`` (below) of his vehicle's field.
* ``legs`` — legs driven so far in this drive; ``extra`` — 1 while he decides on, or takes, one
  more action bought with an amulet (TB-A2).

**Action kinds** and their attributes:

* ``vehicle`` (setup: where to put one's vehicle) and ``leg`` (one leg of a drive, TB-D1) —
  about the field it ends on: ``chance`` (the expected number of treasures on it: the sum over
  searched treasures of 1/candidates where it is one), ``reach`` (the expected number of
  treasures within one drive, 3 legs, of it), ``to_fixed``, ``to_target``, ``to_amulet``,
  ``to_statue``, ``to_vehicle`` (legs from it, as the features above); a leg also has
  ``raises`` (1: it ends on a fixed treasure he may raise, TB-D2) and ``amulets`` (amulets
  lying there, picked up, TB-D3).
* ``hint`` (lay a card at a treasure, TB-H1; also a new treasure's first hint, TB-G6) —
  ``candidates`` (the treasure's before), ``left`` (after), ``excluded``, ``fixes`` (1: one
  left), ``new`` (1: the treasure's first hint), ``roses``, ``my_roses``, ``others_roses`` (at
  the treasure before), ``distance`` and ``others_distance`` (legs from his vehicle, and from
  the nearest other vehicle, to the candidates left) and ``head_start`` (the second minus the
  first: positive when his vehicle is nearer).
* ``claim`` (setup: mark a starting hint with a rose, TB-S4) — ``candidates``, ``roses``,
  ``distance`` (legs from his vehicle to its candidates).
* ``raise`` (raise the fixed treasure his vehicle stands on) — ``roses``, ``my_roses``.
* ``take`` / ``refuse`` (the gold card offered, TB-G3) — ``value``, ``cards_left`` (cards of
  the share still face down), ``share_roses`` (his roses still in the share, the asked one
  included).
* ``pay`` (a curse, TB-G5) — ``amulet`` (1: with an amulet), ``loss`` (gold given up: his most
  valuable card, or 0 for an amulet).
* ``stop`` (end a drive), ``end-turn`` (keep one's amulets instead of one more action),
  ``exchange`` (a new hand), ``pass`` — no attributes.

Cost: a few bit operations per word (candidate sets are bitmasks, distances looked up).

>>> from models.core import load_game, make_rng
>>> state = load_game("tobago", 2).new_initial_state()
>>> rng = make_rng(0)
>>> while state.is_chance_node():
...     state.apply(state.sample_chance(rng))
>>> VOCABULARY.feature("hand").value(state, 0), VOCABULARY.kind_of(state.legal_actions()[0]).name
(6.0, 'vehicle')
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from models.tobago.actions import (
    Claim,
    EndTurn,
    Exchange,
    Hint,
    Leg,
    Pass,
    PayCurse,
    PlaceVehicle,
    Raise,
    Refuse,
    Stop,
    Take,
)
from models.tobago.position import Phase
from models.tobago.roads import LEGS_PER_DRIVE
from models.tobago.turns import fixed_at, owed_to
from models.vocabulary import ActionKind, Attribute, Feature, Vocabulary, of_type

__all__ = ["NONE", "VOCABULARY"]

#: The distance given when there is nothing to reach (or it cannot be reached).
NONE = 99.0
State = Any  # a TobagoState (typed loosely: the vocabulary reads its public fields)


# -- what the words share ----------------------------------------------------------------------
def _searched(pos: State) -> list[int]:
    """The treasures being searched: with a hint, and not the one being shared."""
    shared = pos.share.treasure if pos.share is not None else -1
    return [t for t in range(4) if pos.hints[t] and t != shared]


def _fixed_mask(pos: State, player: int) -> int:
    """The fields of the fixed treasures ``player`` may raise (not one owed to another)."""
    mask = 0
    for t in _searched(pos):
        c = pos.cand[t]
        if c.bit_count() == 1 and owed_to(pos, t) in (-1, player):
            mask |= c
    return mask


def _target_mask(pos: State, player: int = -1) -> int:
    """The candidates of the searched, unfixed treasure(s) with the fewest candidates."""
    sizes = {t: k for t in _searched(pos) if (k := pos.cand[t].bit_count()) > 1}
    fewest, mask = min(sizes.values(), default=0), 0
    for t, k in sizes.items():
        if k == fewest:
            mask |= pos.cand[t]
    return mask


def _amulet_mask(pos: State, player: int = -1) -> int:
    return sum(1 << f for f in pos.amulets_on)


def _statue_mask(pos: State, player: int = -1) -> int:
    return sum(1 << f for fields in pos.game.statue_targets for f in fields)


def _others_mask(pos: State, player: int) -> int:
    return sum(1 << v for q, v in enumerate(pos.vehicles) if q != player and v >= 0)


def _legs(pos: State, field: int, mask: int) -> float:
    """Legs from ``field`` to the nearest field of ``mask`` (:data:`NONE`: none reachable)."""
    if field < 0 or not mask:
        return NONE
    d = pos.game.roads.distance_to_mask(field, mask)
    return NONE if d < 0 else float(d)


def _chance(pos: State, field: int, player: int = -1) -> float:
    bit = 1 << field
    return sum(1 / pos.cand[t].bit_count() for t in _searched(pos) if pos.cand[t] & bit)


def _reach(pos: State, field: int, player: int = -1) -> float:
    ball = pos.game.roads.reach(field, LEGS_PER_DRIVE)
    return sum((pos.cand[t] & ball).bit_count() / pos.cand[t].bit_count() for t in _searched(pos))


def _mover(pos: State) -> int:
    return int(pos.current_player())


# -- features ----------------------------------------------------------------------------------
def _score(pos: State, p: int) -> float:
    return float(sum(pos.gold[p]))


def _leader(pos: State, p: int) -> float:
    return float(max(sum(g) for q, g in enumerate(pos.gold) if q != p))


def _mean_gold(pos: State, p: int) -> float:
    cards = pos.game.cards
    counts = dict(cards.gold)
    counts[0] = cards.curses
    for _, value in pos.reveals:
        counts[value] = counts.get(value, 0) - 1
    total = sum(counts.values())
    return sum(v * c for v, c in counts.items()) / total if total > 0 else 0.0


def _playable(pos: State, p: int) -> float:
    if not pos.roses[p]:
        return 0.0
    masks, count = pos.game.masks, 0
    for index in set(pos.hands[p]):
        for c in pos.cand:
            left = c & masks[index]
            count += bool(left) and left != c
    return float(count)


def _fewest(pos: State, p: int) -> float:
    sizes = [k for t in _searched(pos) if (k := pos.cand[t].bit_count()) > 1]
    return float(min(sizes, default=len(pos.game.fields)))


def _here(measure: Callable[[State, int, int], float]) -> Callable[[State, int], float]:
    """A feature: ``measure(pos, field, player)`` at the player's vehicle."""

    def value(pos: State, p: int) -> float:
        field = pos.vehicles[p]
        return NONE if field < 0 else float(measure(pos, field, p))

    return value


def _toward(mask: Callable[[State, int], int]) -> Callable[[State, int, int], float]:
    """``measure(pos, field, player)``: legs from the field to ``mask(pos, player)``."""
    return lambda pos, field, p: _legs(pos, field, mask(pos, p))


_to_fixed, _to_target = _toward(_fixed_mask), _toward(_target_mask)
_to_amulet, _to_statue, _to_vehicle = (
    _toward(_amulet_mask),
    _toward(_statue_mask),
    _toward(_others_mask),
)


FEATURES = (
    Feature("score", "his gold", _score),
    Feature("leader", "the most gold among the other players", _leader),
    Feature("lead", "his gold minus the leader's", lambda s, p: _score(s, p) - _leader(s, p)),
    Feature("gold_cards", "how many gold cards he holds", lambda s, p: float(len(s.gold[p]))),
    Feature("deck", "cards left in the gold deck (curses too)", lambda s, p: float(s.deck_size)),
    Feature(
        "curses_left", "curses not turned up yet", lambda s, p: s.game.cards.curses - s.curses_out
    ),
    Feature("mean_gold", "mean value of the gold cards not turned up yet", _mean_gold),
    Feature("amulets", "amulets he holds", lambda s, p: float(s.amulets[p])),
    Feature("amulets_on_island", "amulets lying about", lambda s, p: sum(s.amulets_on.values())),
    Feature("roses", "his roses in supply", lambda s, p: float(s.roses[p])),
    Feature("roses_out", "his roses at treasures", lambda s, p: sum(q.count(p) for q in s.queues)),
    Feature("hand", "hint cards in his hand", lambda s, p: float(len(s.hands[p]))),
    Feature("playable", "hints he may lay now (card and treasure pairs)", _playable),
    Feature("fixed", "fixed treasures he may raise", lambda s, p: _fixed_mask(s, p).bit_count()),
    Feature("fewest", "the target's candidates", _fewest),
    Feature("fixed_distance", "legs to the nearest fixed treasure he may raise", _here(_to_fixed)),
    Feature("target_distance", "legs to the target's nearest candidate", _here(_to_target)),
    Feature("amulet_distance", "legs to the nearest amulet on the island", _here(_to_amulet)),
    Feature("statue_distance", "legs to the nearest field statues wash up on", _here(_to_statue)),
    Feature("vehicle_distance", "legs to the nearest other vehicle", _here(_to_vehicle)),
    Feature("reach_here", "treasures expected within a drive of him", _here(_reach)),
    Feature("chance_here", "treasures expected on his field", _here(_chance)),
    Feature("legs", "legs driven so far in this drive", lambda s, p: float(s.legs)),
    Feature(
        "extra",
        "1: an amulet's extra action",
        lambda s, p: float(s.phase == Phase.EXTRA or s.extra),
    ),
)


# -- action kinds ------------------------------------------------------------------------------
def _at(measure: Callable[[State, int, int], float]) -> Callable[[State, Hashable], float]:
    """An attribute: ``measure(pos, field, player)`` at the field the action names."""

    def value(pos: State, action: Hashable) -> float:
        field = pos.game.island.index[action.field]  # type: ignore[attr-defined]
        return float(measure(pos, field, _mover(pos)))

    return value


def _field_words(*, leg: bool) -> tuple[Attribute, ...]:
    words = (
        Attribute("chance", "treasures expected on the field", _at(_chance)),
        Attribute("reach", "treasures expected within a drive", _at(_reach)),
        Attribute("to_fixed", "legs to a fixed treasure he may raise", _at(_to_fixed)),
        Attribute("to_target", "legs to the target's nearest candidate", _at(_to_target)),
        Attribute("to_amulet", "legs to the nearest amulet", _at(_to_amulet)),
        Attribute("to_statue", "legs to where statues wash up amulets", _at(_to_statue)),
        Attribute("to_vehicle", "legs to the nearest other vehicle", _at(_to_vehicle)),
    )
    if not leg:
        return words
    return (
        *words,
        Attribute(
            "raises",
            "1: it ends on a fixed treasure he may raise",
            _at(lambda s, f, p: float(fixed_at(s, f, p) >= 0)),
        ),
        Attribute(
            "amulets", "amulets lying there", _at(lambda s, f, p: float(s.amulets_on.get(f, 0)))
        ),
    )


def _hint_sets(pos: State, action: Hashable) -> tuple[int, int, int]:
    """The treasure (0-based), its candidates and those the hint leaves."""
    assert isinstance(action, Hint)
    game, t = pos.game, action.treasure - 1
    before = pos.cand[t]
    return t, before, before & game.masks[game.clue_index[action.clue]]


def _hint_distances(pos: State, action: Hashable) -> tuple[float, float]:
    _, _, left = _hint_sets(pos, action)
    p = _mover(pos)
    others = [_legs(pos, v, left) for q, v in enumerate(pos.vehicles) if q != p]
    return _legs(pos, pos.vehicles[p], left), min(others, default=NONE)


def _hint(
    measure: Callable[[State, int, int, int, int], float],
) -> Callable[[State, Hashable], float]:
    """An attribute of a hint: ``measure(pos, player, treasure, before, left)``."""

    def value(pos: State, action: Hashable) -> float:
        return float(measure(pos, _mover(pos), *_hint_sets(pos, action)))

    return value


HINT_WORDS = (
    Attribute(
        "candidates", "the treasure's candidates", _hint(lambda s, p, t, b, a: b.bit_count())
    ),
    Attribute("left", "candidates it leaves", _hint(lambda s, p, t, b, a: a.bit_count())),
    Attribute(
        "excluded", "candidates it excludes", _hint(lambda s, p, t, b, a: (b & ~a).bit_count())
    ),
    Attribute("fixes", "1: one candidate left", _hint(lambda s, p, t, b, a: a.bit_count() == 1)),
    Attribute("new", "1: the treasure's first hint", _hint(lambda s, p, t, b, a: not s.hints[t])),
    Attribute("roses", "roses at the treasure", _hint(lambda s, p, t, b, a: len(s.queues[t]))),
    Attribute("my_roses", "his roses there", _hint(lambda s, p, t, b, a: s.queues[t].count(p))),
    Attribute(
        "others_roses",
        "the others' roses there",
        _hint(lambda s, p, t, b, a: len(s.queues[t]) - s.queues[t].count(p)),
    ),
    Attribute("distance", "legs from him to what it leaves", lambda s, a: _hint_distances(s, a)[0]),
    Attribute(
        "others_distance",
        "legs from the nearest other vehicle to what it leaves",
        lambda s, a: _hint_distances(s, a)[1],
    ),
    Attribute(
        "head_start",
        "others_distance minus distance",
        lambda s, a: _hint_distances(s, a)[1] - _hint_distances(s, a)[0],
    ),
)


def _claimed(pos: State, action: Hashable) -> int:
    assert isinstance(action, Claim)
    return action.treasure - 1


CLAIM_WORDS = (
    Attribute(
        "candidates", "the treasure's candidates", lambda s, a: s.cand[_claimed(s, a)].bit_count()
    ),
    Attribute("roses", "roses at the treasure", lambda s, a: float(len(s.queues[_claimed(s, a)]))),
    Attribute(
        "distance",
        "legs from him to its candidates",
        lambda s, a: _legs(s, s.vehicles[_mover(s)], s.cand[_claimed(s, a)]),
    ),
)


def _raised(pos: State) -> list[int]:
    p = _mover(pos)
    t = fixed_at(pos, pos.vehicles[p], p)
    return pos.queues[t] if t >= 0 else []


RAISE_WORDS = (
    Attribute("roses", "roses at the treasure", lambda s, a: float(len(_raised(s)))),
    Attribute("my_roses", "his roses there", lambda s, a: float(_raised(s).count(_mover(s)))),
)


def _share_roses(pos: State, action: Hashable) -> float:
    share, p = pos.share, _mover(pos)
    return float(sum(alive and q == p for q, alive in zip(share.queue, share.alive, strict=True)))


OFFER_WORDS = (
    Attribute("value", "the card's value", lambda s, a: float(s.share.offered)),
    Attribute("cards_left", "cards of the share face down", lambda s, a: float(sum(s.share.pile))),
    Attribute("share_roses", "his roses still in the share", _share_roses),
)


def _loss(pos: State, action: Hashable) -> float:
    assert isinstance(action, PayCurse)
    return 0.0 if action.amulet else float(max(pos.gold[_mover(pos)], default=0))


def _with_amulet(pos: State, action: Hashable) -> float:
    assert isinstance(action, PayCurse)
    return float(action.amulet)


PAY_WORDS = (
    Attribute("amulet", "1: paid with an amulet", _with_amulet),
    Attribute("loss", "gold given up", _loss),
)

VOCABULARY = Vocabulary(
    features=FEATURES,
    kinds=(
        ActionKind(
            "vehicle",
            "put one's vehicle on a field (setup)",
            of_type(PlaceVehicle),
            _field_words(leg=False),
        ),
        ActionKind(
            "claim", "mark a starting hint with a rose (setup)", of_type(Claim), CLAIM_WORDS
        ),
        ActionKind("hint", "lay a hint card at a treasure", of_type(Hint), HINT_WORDS),
        ActionKind("leg", "drive one leg", of_type(Leg), _field_words(leg=True)),
        ActionKind("stop", "end the drive", of_type(Stop)),
        ActionKind("raise", "raise the treasure one stands on", of_type(Raise), RAISE_WORDS),
        ActionKind("take", "take the gold card offered", of_type(Take), OFFER_WORDS),
        ActionKind("refuse", "refuse the gold card offered", of_type(Refuse), OFFER_WORDS),
        ActionKind("pay", "pay a curse", of_type(PayCurse), PAY_WORDS),
        ActionKind("end-turn", "keep one's amulets: end the turn", of_type(EndTurn)),
        ActionKind("exchange", "discard the hand, draw a new one", of_type(Exchange)),
        ActionKind("pass", "nothing else is possible", of_type(Pass)),
    ),
)
