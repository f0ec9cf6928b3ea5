"""Evaluating South Seas features: majority (SS-E5), wares (SS-E1), boats (SS-B1..B4).

These functions change the :class:`~models.southseas.board.Feature` and the players' holdings
through a small :class:`Ledger`, and return an :class:`Event` for the game log, so every ware a
player holds can be traced to the symbols of an evaluated feature.
"""

from __future__ import annotations

from collections.abc import Sequence

from models.core import Event
from models.southseas.board import Feature, FishKey
from models.southseas.components import WARES, Kind
from models.southseas.events import SouthSeasEvent
from models.southseas.options import SouthSeasOptions

#: Which ware each feature kind pays (SS-E1).
WARE_OF = {Kind.BRIDGE: 0, Kind.ISLAND: 1, Kind.SEA: 2}
#: A piece named in the log: (x, y, piece index).
PieceAt = tuple[int, int, int]


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


def majority(islanders: Sequence[tuple[int, int]], order: list[int]) -> list[int]:
    """SS-E5: the players with most of ``islanders`` (all tied ones), in ``order``."""
    counts: dict[int, int] = {}
    for p, _ in islanders:
        counts[p] = counts.get(p, 0) + 1
    if not counts:
        return []
    top = max(counts.values())
    return [p for p in order if counts.get(p) == top]


def counted_fish(feature: Feature, covered: set[FishKey]) -> list[FishKey]:
    """Every uncovered fish group of a sea region: what an evaluation pays for, recorded in
    the log so that covered fish can be shown never to pay."""
    return [key for key, _ in feature.fish if key not in covered]


def symbols(feature: Feature, covered: set[FishKey]) -> int:
    """SS-E1: the feature's symbols of its ware; covered fish do not count (SS-B3)."""
    if feature.kind is Kind.BRIDGE:
        return feature.shells
    if feature.kind is Kind.ISLAND:
        return feature.bananas
    return sum(n for key, n in feature.fish if key not in covered)


def evaluate(
    feature: Feature,
    ledger: Ledger,
    covered: set[FishKey],
    order: list[int],
    *,
    turn: int,
    active: int,
    kind: SouthSeasEvent,
    at: PieceAt,
) -> Event:
    """Pay the majority for a bridge, island or sea region and return its islanders.

    ``kind`` is ``complete`` (SS-E) or ``end`` (SS-F1); ``at`` names a piece of the feature.
    """
    winners = majority(feature.islanders, order)
    amount = symbols(feature, covered)
    ware = WARE_OF[feature.kind]
    paid = ledger.pay_out(ware, amount, winners) if amount else dict.fromkeys(winners, 0)
    returned = release_islanders(feature, ledger)
    feature.evaluated = kind.value
    return Event(
        turn,
        active,
        kind,
        {
            "feature": feature.kind.value,
            "at": at,
            "tiles": len(feature.tiles),
            "ware": WARES[ware],
            "symbols": amount,
            "paid": paid,
            "returned": returned,
            "fish_groups": counted_fish(feature, covered) if feature.kind is Kind.SEA else [],
        },
    )


def release_islanders(
    feature: Feature, ledger: Ledger, which: Sequence[tuple[int, int]] | None = None
) -> dict[int, int]:
    """SS-E6: islanders of the feature (all, or ``which`` of them) back to their supply."""
    leaving = list(feature.islanders if which is None else which)
    returned: dict[int, int] = {}
    for p, node in leaving:
        ledger.islanders[p] += 1
        ledger.placed[p].discard(node)
        returned[p] = returned.get(p, 0) + 1
    if which is None:
        feature.islanders.clear()
    else:
        feature.islanders[:] = [i for i in feature.islanders if i not in leaving]
    return returned


def cover_fish(feature: Feature, covered: set[FishKey]) -> tuple[FishKey, int] | None:
    """SS-B3: cover a group of two fish if there is one, else a single fish; returns the group
    covered and its fish. Among equal groups the one placed first by board position (row,
    then column) is covered: which one does not change any later payment, since a region only
    ever grows, but the choice is fixed so that logs and pictures do not depend on the order
    pieces were joined in."""
    best: tuple[FishKey, int] | None = None
    for key, n in feature.fish:
        if key in covered:
            continue
        if best is None or (-n, key[1], key[0], key[2:]) < (
            -best[1],
            best[0][1],
            best[0][0],
            best[0][2:],
        ):
            best = (key, n)
    if best is not None:
        covered.add(best[0])
    return best


def boat_refusal(
    feature: Feature,
    covered: set[FishKey],
    fishers: Sequence[tuple[int, int]],
    options: SouthSeasOptions,
) -> str | None:
    """Why a boat placed into ``feature`` evaluates nothing (SS-B1, SS-B2), or ``None``."""
    if not feature.fish:
        return "no fish in the region"
    if symbols(feature, covered) == 0 and options.boat_all_covered == "no_trigger":
        return "every fish of the region is covered"
    if not fishers and options.boat_unoccupied == "no_trigger":
        if feature.islanders:
            return "unoccupied before the islander step (boat_occupancy = before_islander)"
        return "unoccupied region"
    return None


def evaluate_boat(
    feature: Feature,
    ledger: Ledger,
    covered: set[FishKey],
    order: list[int],
    *,
    options: SouthSeasOptions,
    newcomer: tuple[int, int] | None,
    tokens: int,
    turn: int,
    active: int,
    at: PieceAt,
) -> Event:
    """SS-B1..B4: a boat placed into a sea region pays its fishers' majority for the uncovered
    fish, then covers one group (two fish if possible). ``boat-no-trigger`` says why not.

    ``newcomer`` is the islander placed on the boat's tile this turn; with ``boat_occupancy =
    "before_islander"`` the evaluation happens before he arrives, so he neither counts nor
    goes home.
    """
    fishers = list(feature.islanders)
    if options.boat_occupancy == "before_islander" and newcomer in fishers:
        fishers.remove(newcomer)
    why = boat_refusal(feature, covered, fishers, options)
    if why:
        return Event(turn, active, SouthSeasEvent.BOAT_NO_TRIGGER, {"why": why, "at": at})
    winners = majority(fishers, order)
    amount = symbols(feature, covered)
    counted = counted_fish(feature, covered)
    paid = ledger.pay_out(WARE_OF[Kind.SEA], amount, winners) if amount else {}
    returned = release_islanders(feature, ledger, fishers) if options.boat_returns_fishers else {}
    group = cover_fish(feature, covered) if tokens else None
    return Event(
        turn,
        active,
        SouthSeasEvent.BOAT,
        {
            "feature": "sea",
            "at": at,
            "tiles": len(feature.tiles),
            "ware": "fish",
            "symbols": amount,
            "paid": paid,
            "returned": returned,
            "covered": group,
            "fish_groups": counted,
        },
    )


def end_scoring(
    features: list[tuple[Feature, PieceAt]],
    ledger: Ledger,
    covered: set[FishKey],
    order: list[int],
    *,
    score_unfinished: bool,
    turn: int,
    active: int,
) -> list[Event]:
    """SS-F1, SS-F2: every unfinished bridge, island and sea region with islanders is evaluated
    as if complete (unless the option turns it off); a merchant on an unfinished market just
    goes home. Every feature is closed afterwards; only the scored ones count as evaluated."""
    events = []
    for feature, at in features:
        if feature.islanders and feature.kind is not Kind.MARKET and score_unfinished:
            events.append(
                evaluate(
                    feature,
                    ledger,
                    covered,
                    order,
                    turn=turn,
                    active=active,
                    kind=SouthSeasEvent.END,
                    at=at,
                )
            )
        elif feature.islanders:
            returned = release_islanders(feature, ledger)
            data = {"feature": feature.kind.value, "at": at, "returned": returned}
            events.append(Event(turn, active, SouthSeasEvent.HOME, data))
        feature.closed = True
    return events
