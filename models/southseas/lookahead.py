"""What a South Seas tile placement would do, worked out from the board without playing it:
which features it joins, completes and grows, what it pays and to whom, the markets near it
and the holes it leaves (:class:`Placing`, for the ``place`` attributes of
:mod:`models.southseas.vocabulary`). Checked against playing the placement by the vocabulary's
tests; kept per decision (recomputed when the board, turn, phase, tile or player changes).

>>> Placing().wares
0
"""

from __future__ import annotations

import dataclasses
from typing import Any

from models.southseas.actions import Place
from models.southseas.board import Board, Feature
from models.southseas.components import Kind, TileType
from models.southseas.evaluation import symbols
from models.southseas.geometry import AROUND, STEP
from models.southseas.position import Phase, SouthSeasPosition

__all__ = ["Placing", "feature_root", "leads", "placing"]

Pos = SouthSeasPosition


def feature_root(board: Board, node: int) -> int:
    """The root of ``node``'s feature, read without the path halving of :meth:`Board.root`
    (a word only reads the position)."""
    parent = board.parent
    while parent[node] != node:
        node = parent[node]
    return node


@dataclasses.dataclass(frozen=True, slots=True)
class Placing:
    """The attributes of one placement (see the module's list)."""

    wares: int = 0
    fish: int = 0
    claim: int = 0
    gift: int = 0
    completes: int = 0
    boat: int = 0
    ship_points: int = 0
    markets: int = 0
    market_near: int = 0
    extends: int = 0
    grows: int = 0
    around: int = 0
    neighbours: int = 0
    holes: int = 0


_NOTHING = Placing()


class _Context:
    """What every placement of one decision shares: the drawn tile's pieces, the player's
    supply, and the features met so far (root, open ports, symbols, who leads), so that each
    placement reads only what is its own. The board is held, so no other board takes its
    place in memory while it is remembered; a placement changes its node count, so a later
    position of the same board is told apart."""

    def __init__(self, pos: Pos, key: tuple[Any, ...]) -> None:
        self.board, self.key, self.pos = pos.board, key, pos
        tile = pos.drawn
        assert tile is not None
        self.tile, self.player = tile, pos.player
        #: Per piece: its kind, port count, symbols and whether it shows a boat.
        self.pieces = tuple(
            (p.kind, len(p.ports), _piece_symbols(p, p.kind), p.boat) for p in tile.pieces
        )
        self.supply = pos.ledger.islanders[pos.player] > 0
        self.after = pos.options.boat_occupancy == "after_islander"
        self.returns = pos.options.boat_returns_fishers
        self.best = sorted((ship.points for ship in pos.yard.display), reverse=True)
        self.roots: dict[int, int] = {}
        self.met: dict[int, tuple[int, int, dict[int, int]]] = {}
        #: Each placement worked out, by the action's identity (actions are interned; the
        #: action is kept with it, so an identity is never another action's).
        self.found: dict[int, tuple[Place, Placing]] = {}

    def feature_root(self, node: int) -> int:
        found = self.roots.get(node)
        if found is None:
            found = self.roots[node] = feature_root(self.board, node)
        return found

    def feature(self, root: int) -> tuple[int, int, dict[int, int]]:
        """A feature's open ports, symbols (uncovered fish) and islanders per player."""
        found = self.met.get(root)
        if found is None:
            feature = self.board.features[root]
            counts: dict[int, int] = {}
            for q, _ in feature.islanders:
                counts[q] = counts.get(q, 0) + 1
            amount = symbols(feature, self.pos.covered) if feature.kind is not Kind.MARKET else 0
            found = self.met[root] = (feature.open, amount, counts)
        return found


class _Memo:
    """The context of the last decision asked about."""

    context: _Context | None = None


def placing(pos: Pos, action: Place) -> Placing:
    """What placing the drawn tile as ``action`` does (worked out once per decision); all 0
    where no tile waits to be placed."""
    if pos.drawn is None or pos.phase is not Phase.PLACE:
        return _NOTHING
    board = pos.board
    key = (len(board.node_place), pos.turn, pos.phase, pos.drawn, pos.player)
    context = _Memo.context
    if context is None or context.board is not board or context.key != key:
        context = _Memo.context = _Context(pos, key)
    found = context.found.get(id(action))
    if found is None or found[0] is not action:
        found = context.found[id(action)] = (action, _placing(context, action))
    return found[1]


def _placing(ctx: _Context, action: Place) -> Placing:
    board, tile, player, pieces = ctx.board, ctx.tile, ctx.player, ctx.pieces
    x, y, r = action.x, action.y, action.rotation
    tiles = board.tiles
    n = len(pieces)
    up = list(range(n))  # a union-find over the new pieces

    def find(i: int) -> int:
        while up[i] != i:
            i = up[i]
        return i

    touched: dict[int, int] = {}  # root of a feature met -> a new piece joining it
    pairs = [0] * n  # port pairs each new piece closes
    neighbours = 0
    mine = tile.side_pieces[r]
    for side in range(4):
        dx, dy = STEP[side]
        other = tiles.get((x + dx, y + dy))
        if other is None:
            continue
        neighbours += 1
        theirs = other.tile.side_pieces[other.rotation][(side + 2) % 4]
        first, ours = other.first_node, mine[side]
        for k in range(3):  # port k meets the neighbour's port 2 - k
            i = ours[k]
            root = ctx.feature_root(first + theirs[2 - k])
            pairs[i] += 1
            j = touched.setdefault(root, i)
            if j != i:
                a, b = find(i), find(j)
                if a != b:
                    up[b] = a
    groups: dict[int, list[int]] = {}
    for i in range(n):
        groups.setdefault(find(i), []).append(i)
    met: dict[int, list[int]] = {}
    for root, i in touched.items():
        met.setdefault(find(i), []).append(root)
    wares = fish = claim = gift = completes = boat = extends = grows = 0
    for g, members in groups.items():
        kind = pieces[g][0]
        if kind is Kind.MARKET:
            continue
        ports = added = 0
        has_boat = False
        for i in members:
            _, count, amount, piece_boat = pieces[i]
            ports += count - 2 * pairs[i]
            added += amount
            has_boat = has_boat or piece_boat
        total, counts = added, dict[int, int]()
        for root in met.get(g, ()):
            open_, amount, held = ctx.feature(root)
            ports += open_
            total += amount
            for q, c in held.items():
                counts[q] = counts.get(q, 0) + c
        complete = ports == 0
        top = max(counts.values(), default=0)
        leads = bool(counts) and counts.get(player) == top
        triggered = has_boat and not complete and total > 0
        completes += complete
        if not complete and not (triggered and counts and ctx.returns):
            grows += added if leads else 0
            extends += sum(
                1
                for root in met.get(g, ())
                if (held := ctx.feature(root)[2]) and held.get(player) == max(held.values())
            )
        if complete or triggered:
            if not counts:
                if ctx.supply and (complete or ctx.after):
                    claim = max(claim, total)
                continue
            boat |= triggered
            winners = [q for q, c in counts.items() if c == top]
            if player in winners:
                wares += total
                fish += total if kind is Kind.SEA else 0
            gift += total * (len(winners) - (player in winners))
    mine_done, markets, near = _markets(ctx, x, y)
    return Placing(
        wares=wares,
        fish=fish,
        claim=claim,
        gift=gift,
        completes=completes,
        boat=boat,
        ship_points=sum(ctx.best[:mine_done]),
        markets=markets,
        market_near=near,
        extends=extends,
        grows=grows,
        around=sum(1 for dx, dy in AROUND if (x + dx, y + dy) in tiles),
        neighbours=neighbours,
        holes=_holes(ctx.pos, board, tile, x, y, r),
    )


def _piece_symbols(piece: Any, kind: Kind) -> int:
    if kind is Kind.BRIDGE:
        return int(piece.shells)
    if kind is Kind.ISLAND:
        return int(piece.bananas)
    return sum(piece.fish)


def leads(feature: Feature, player: int) -> bool:
    counts: dict[int, int] = {}
    for q, _ in feature.islanders:
        counts[q] = counts.get(q, 0) + 1
    return bool(counts) and counts.get(player) == max(counts.values())


def _markets(ctx: _Context, x: int, y: int) -> tuple[int, int, int]:
    """Markets the placement completes for him and for anyone, and his it brings nearer."""
    board, player = ctx.board, ctx.player
    mine = markets = near = 0
    for market in board.awaited.get((x, y), ()):
        _, _, merchants = ctx.feature(ctx.feature_root(board.markets[market]))
        done = board.missing[market] == 1
        markets += done
        if player in merchants:
            mine += done
            near += not done
    if ctx.tile.market and all((x + dx, y + dy) in board.tiles for dx, dy in AROUND):
        markets += 1
        mine += ctx.supply
    return mine, markets, near


def _holes(pos: Pos, board: Board, tile: TileType, x: int, y: int, r: int) -> int:
    """Empty neighbours that become positions no tile of the set fits (as the log counts)."""
    frontier, dead, codes = board.frontier, pos.game.dead_codes, tile.side_codes[r]
    holes = 0
    for side, (dx, dy) in enumerate(STEP):
        n = (x + dx, y + dy)
        if n in board.tiles:
            continue
        old = frontier.get(n, 0)
        holes += (old | codes[side]) in dead and old not in dead
    return holes
