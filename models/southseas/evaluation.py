"""Evaluating South Seas features: majority (SS-E5), wares (SS-E1), boats (SS-B1..B4).

These functions change the :class:`~models.southseas.board.Feature` and the players' holdings
through a small :class:`Ledger`, and return an :class:`Event` for the game log, so every ware a
player holds can be traced to the symbols of an evaluated feature.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from models.southseas.board import Feature
from models.southseas.components import WARES, Kind

#: Which ware each feature kind pays (SS-E1).
WARE_OF = {Kind.BRIDGE: 0, Kind.ISLAND: 1, Kind.SEA: 2}


@dataclasses.dataclass(frozen=True)
class Event:
    """One entry of the game log."""

    turn: int
    player: int
    kind: str
    data: dict[str, Any]


class Ledger:
    """Players' wares and islander supply, with the optional limited ware supply."""

    def __init__(self, players: int, islanders: int, supply: int | None) -> None:
        self.wares = [[0, 0, 0] for _ in range(players)]
        self.islanders = [islanders] * players  # in supply
        self.placed: list[set[int]] = [set() for _ in range(players)]  # nodes on the board
        self.supply = None if supply is None else [supply, supply, supply]

    def pay_out(self, ware: int, amount: int, winners: list[int]) -> dict[int, int]:
        """Give each winner ``amount`` of ``ware`` (as much as the supply has, in order)."""
        paid = {}
        for p in winners:
            n = amount if self.supply is None else min(amount, self.supply[ware])
            if self.supply is not None:
                self.supply[ware] -= n
            self.wares[p][ware] += n
            paid[p] = n
        return paid

    def pay_in(self, player: int, payment: tuple[int, int, int]) -> None:
        for ware, n in enumerate(payment):
            self.wares[player][ware] -= n
            if self.supply is not None:
                self.supply[ware] += n

    def copy(self) -> Ledger:
        twin = object.__new__(Ledger)
        twin.wares = [list(w) for w in self.wares]
        twin.islanders = list(self.islanders)
        twin.placed = [set(nodes) for nodes in self.placed]
        twin.supply = None if self.supply is None else list(self.supply)
        return twin


def majority(feature: Feature, order: list[int]) -> list[int]:
    """SS-E5: the players with most islanders in the feature (all tied ones), in ``order``."""
    counts = Counter(p for p, _ in feature.islanders)
    if not counts:
        return []
    top = max(counts.values())
    return [p for p in order if counts.get(p) == top]


def counted_fish(feature: Feature, covered: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """The (node, group) of every uncovered fish group of a sea region: what an evaluation
    pays for, recorded in the log so that covered fish can be shown never to pay."""
    return [(node, i) for node, i, _ in feature.fish if (node, i) not in covered]


def symbols(feature: Feature, covered: set[tuple[int, int]]) -> int:
    """SS-E1: the feature's symbols of its ware; covered fish do not count (SS-B3)."""
    if feature.kind is Kind.BRIDGE:
        return feature.shells
    if feature.kind is Kind.ISLAND:
        return feature.bananas
    return sum(n for node, i, n in feature.fish if (node, i) not in covered)


def evaluate(
    feature: Feature,
    ledger: Ledger,
    covered: set[tuple[int, int]],
    order: list[int],
    turn: int,
    active: int,
    why: str,
) -> Event:
    """Pay the majority for a bridge, island or sea region and return its islanders."""
    winners = majority(feature, order)
    amount = symbols(feature, covered)
    ware = WARE_OF[feature.kind]
    paid = ledger.pay_out(ware, amount, winners) if amount else dict.fromkeys(winners, 0)
    returned = release_islanders(feature, ledger)
    return Event(
        turn,
        active,
        why,
        {
            "feature": feature.kind.value,
            "tiles": len(feature.tiles),
            "ware": WARES[ware],
            "symbols": amount,
            "paid": paid,
            "returned": returned,
            "fish_groups": counted_fish(feature, covered) if feature.kind is Kind.SEA else [],
        },
    )


def release_islanders(feature: Feature, ledger: Ledger) -> dict[int, int]:
    """SS-E6: every islander of the feature back to its owner's supply."""
    returned: Counter[int] = Counter()
    for p, node in feature.islanders:
        ledger.islanders[p] += 1
        ledger.placed[p].discard(node)
        returned[p] += 1
    feature.islanders.clear()
    return dict(returned)


def cover_fish(feature: Feature, covered: set[tuple[int, int]]) -> tuple[int, int, int] | None:
    """SS-B3: cover a group of two fish if there is one, else a single fish."""
    best = None
    for node, i, n in feature.fish:
        if (node, i) in covered:
            continue
        if best is None or n > best[2]:
            best = (node, i, n)
            if n == 2:
                break
    if best is not None:
        covered.add((best[0], best[1]))
    return best


def evaluate_boat(
    feature: Feature,
    ledger: Ledger,
    covered: set[tuple[int, int]],
    order: list[int],
    *,
    pay_unoccupied: bool,
    return_fishers: bool,
    tokens: int,
    turn: int,
    active: int,
) -> Event:
    """SS-B1..B4: a boat placed into a sea region pays its fishers' majority for the uncovered
    fish, then covers one group (two fish if possible). ``boat-no-trigger`` says why not."""
    why = None
    if symbols(feature, covered) == 0:
        why = "no uncovered fish"
    elif not feature.islanders and not pay_unoccupied:
        why = "unoccupied region"
    if why:
        return Event(turn, active, "boat-no-trigger", {"why": why})
    winners = majority(feature, order)
    amount = symbols(feature, covered)
    counted = counted_fish(feature, covered)
    paid = ledger.pay_out(WARE_OF[Kind.SEA], amount, winners)
    returned = release_islanders(feature, ledger) if return_fishers else {}
    group = cover_fish(feature, covered) if tokens else None
    return Event(
        turn,
        active,
        "boat",
        {
            "feature": "sea",
            "ware": "fish",
            "symbols": amount,
            "paid": paid,
            "returned": returned,
            "covered": group,
            "fish_groups": counted,
        },
    )


def end_scoring(
    features: list[Feature],
    ledger: Ledger,
    covered: set[tuple[int, int]],
    order: list[int],
    score_unfinished: bool,
    turn: int,
    active: int,
) -> list[Event]:
    """SS-F1, SS-F2: every unfinished bridge, island and sea region with islanders is evaluated
    as if complete (unless the option turns it off); a merchant on an unfinished market just
    goes home. Every feature is closed afterwards."""
    events = []
    for feature in features:
        scored = feature.kind is not Kind.MARKET and score_unfinished
        if feature.islanders and scored:
            events.append(evaluate(feature, ledger, covered, order, turn, active, "end"))
        else:
            release_islanders(feature, ledger)
        feature.closed = True
    return events
