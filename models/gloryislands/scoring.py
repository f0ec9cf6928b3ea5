"""Glory Islands scoring: an island's fame by places and ties (GI-I1..I5), a full island scored
on the board (:func:`score_island`, GI-I6: its pirates go home), and the partition of a
player's treasure tiles into sets that gives the most fame (GI-F3).

Island scoring ranks the players present on a full island by their pirates there. The island
table gives fame for 1st, 2nd and 3rd place; ties pool places and share, rounding up:

* GI-I2 tie for 1st: 1st + 2nd place fame shared (option ``first_tie``); the next group is 3rd;
* GI-I3 tie for 2nd: 2nd + 3rd shared, no 3rd place;
* GI-I4 tie for 3rd: 3rd shared;
* GI-I5 every player present tied: all places' fame (option ``all_tied_pool``) shared, and the
  player who triggered the scoring gets 1 more.

>>> from models.gloryislands.options import GloryIslandsOptions as O
>>> island_fame({0: 2, 1: 2, 2: 1}, (8, 4, 2), trigger=0, options=O())  # GI-I2
({0: 6, 1: 6, 2: 2}, 'GI-I2')
>>> island_fame({0: 1, 1: 1}, (7, 3, 1), trigger=1, options=O())  # GI-I5: 11 / 2 up, +1
({0: 6, 1: 7}, 'GI-I5')

The treasure partition (GI-F3) is an exact search over set compositions: the set holding one
tile of the most plentiful kind takes that tile and at most one of each other kind; the rest is
the same problem, smaller. Counts are sorted first, so a problem is its multiset of counts and
every one is solved once (at most 792 for 5 kinds of 7 tiles, each trying 16 subsets).

>>> treasure_sets((2, 2, 2, 1, 1), (1, 3, 6, 10, 15))  # 15 + 6 beats 10 + 10
(21, (5, 3))
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from models.gloryislands.events import GloryIslandsEvent as EV
from models.gloryislands.options import GloryIslandsOptions
from models.gloryislands.placing import lift
from models.gloryislands.position import GloryIslandsPosition


def island_fame(
    pirates: Mapping[int, int],
    table: tuple[int, int, int],
    *,
    trigger: int,
    options: GloryIslandsOptions,
) -> tuple[dict[int, int], str]:
    """Fame per player present for a scored island (``pirates``: player -> pirates there,
    ``table``: 1st/2nd/3rd place fame), and the rule that decided it (GI-I1..I5)."""
    present = {p: n for p, n in pirates.items() if n > 0}
    if not present:
        return {}, "GI-I1"
    groups: list[list[int]] = []
    for player in sorted(present, key=lambda p: (-present[p], p)):
        if groups and present[groups[-1][0]] == present[player]:
            groups[-1].append(player)
        else:
            groups.append([player])

    def place(r: int) -> int:
        return table[r - 1] if 1 <= r <= 3 else 0

    if len(groups) == 1 and (len(present) > 1 or options.sole_owner == "all_tied"):
        k = len(present)
        if options.all_tied_pool == "all_places":
            pool = sum(table)
        else:
            pool = sum(place(r) for r in range(1, k + 1))
        fame = dict.fromkeys(groups[0], _share(pool, k))
        if trigger in fame:
            fame[trigger] += 1
        return fame, "GI-I5"
    fame, rules, r = {}, [], 1
    for group in groups:
        k = len(group)
        if r > 3:
            share, rule = 0, ""
        elif k == 1:
            share, rule, r = place(r), "GI-I1", r + 1
        elif r == 1:
            if options.first_tie == "first_second":
                share, r = _share(place(1) + place(2), k), 3
            else:
                share, r = _share(sum(place(q) for q in range(1, k + 1)), k), 1 + k
            rule = "GI-I2"
        elif r == 2:
            share, rule, r = _share(place(2) + place(3), k), "GI-I3", 4
        else:
            share, rule, r = _share(place(3), k), "GI-I4", 4
        for player in group:
            fame[player] = share
        if rule and rule not in rules:
            rules.append(rule)
    ties = [rule for rule in rules if rule != "GI-I1"]
    return fame, ",".join(ties) or "GI-I1"


def score_island(pos: GloryIslandsPosition, index: int) -> None:
    """Score the full island ``index`` (triggered by the acting player) and send its pirates
    home to their supplies (GI-I6)."""
    board, occupant = pos.board, pos.occupant
    island = board.islands[index]
    pirates: dict[int, int] = {}
    for cell in island.cells:
        owner = occupant[cell]
        pirates[owner] = pirates.get(owner, 0) + 1
    table = board.scoring_table[island.size]
    fame, rule = island_fame(pirates, table, trigger=pos.player, options=pos.options)
    for player, amount in fame.items():
        pos.fame[player] += amount
    for cell in island.cells:  # GI-I6: every pirate goes home
        owner = occupant[cell]
        lift(pos, cell)
        pos.supply[owner] += 1
    pos.event(
        EV.ISLAND,
        pos.player,
        island=island.name,
        pirates=dict(sorted(pirates.items())),
        fame=fame,
        rule=rule,
        trigger=pos.player,
        returned=dict(pirates),
    )


def _share(pool: int, k: int) -> int:
    """An equal share of ``pool`` among ``k``, rounded up (GI-I2..I5)."""
    return -(-pool // k)


def treasure_sets(held: Sequence[int], set_fame: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The most fame ``held`` tiles (a count per kind) give as sets of different kinds (GI-F3),
    and the set sizes that give it, largest first.

    Exact for any ``set_fame`` (not only the printed 1/3/6/10/15, for which taking the largest
    sets first happens to be optimal). Cost: one search per multiset of counts, remembered.
    """
    counts = tuple(sorted((c for c in held if c > 0), reverse=True))
    if len(counts) > len(set_fame):
        raise ValueError(f"{len(counts)} kinds held, but set_fame covers sets of {len(set_fame)}")
    return _best(counts, tuple(set_fame))


def treasure_fame(held: Sequence[int], set_fame: Sequence[int]) -> int:
    """The fame of :func:`treasure_sets` alone."""
    return treasure_sets(held, set_fame)[0]


@functools.lru_cache(maxsize=65536)
def _best(counts: tuple[int, ...], fame: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    if not counts:
        return 0, ()
    best_value, best_sets = -1, ()  # type: tuple[int, tuple[int, ...]]
    others = len(counts) - 1
    for mask in range(1 << others):
        rest = list(counts)
        rest[0] -= 1
        size = 1
        for i in range(others):
            if mask >> i & 1:
                rest[i + 1] -= 1
                size += 1
        value, sets = _best(tuple(sorted((c for c in rest if c), reverse=True)), fame)
        value += fame[size - 1]
        if value > best_value:
            best_value, best_sets = value, tuple(sorted((*sets, size), reverse=True))
    return best_value, best_sets
