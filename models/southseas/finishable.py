"""Fast proofs that an open South Seas feature can never be finished with the tiles left.

Three necessary conditions, each a proof when it fails (they cost a few table lookups per
position, so a study can ask them after every placement):

* ``no-tile-fits``: a position the feature needs (an empty position one of its open ports
  faces; for a market, an empty neighbour, SS-M1) takes no tile left in any rotation (SS-P3
  against every placed neighbour);
* ``too-few-tiles``: it needs more positions filled than tiles are left;
* ``too-few-fitting``: the positions it needs cannot all get a fitting copy at once (a
  largest matching of positions to the copies that fit each is smaller than the positions:
  two ends of a bridge needing the one copy left of a type).

A feature none of them rules out may still be unfinishable; the solvers
(:mod:`solvers.southseas.completable`) decide it. Once unfinishable a feature stays so: a
completion after later placements would have completed it before them.

``types`` and ``usable`` are the game's draw types and the copies a completion may use (the
stack, plus a drawn tile not yet placed: :func:`usable_of`).

>>> from models.core import load_game
>>> state = load_game("southseas", 2).new_initial_state()
>>> root = state.board.root(state.board.node_at((0, 0), 0))  # the start tile's island
>>> needs_of(state.board, root)
((0, -1),)
>>> proof(state.board, state.game.draw_types, usable_of(state), needs_of(state.board, root))
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, TypeVar

from models.southseas.board import Board
from models.southseas.components import Kind, TileType
from models.southseas.geometry import AROUND, Position

_ROTATIONS = tuple(tuple(r for r in range(4) if mask >> r & 1) for mask in range(16))
_Place = TypeVar("_Place", bound=Hashable)  # a position, however the caller names it


def usable_of(state: Any) -> tuple[int, ...]:
    """The copies of each of the game's draw types a completion may use: the stack, plus the
    drawn tile when the position waits for its placement."""
    usable = list(state.left)
    if state.drawn is not None:
        usable[state.game.draw_index[state.drawn.id]] += 1
    return tuple(usable)


def needs_of(board: Board, root: int) -> tuple[Position, ...]:
    """The empty positions the open feature at ``root`` needs filled, in the order met: those
    a port of it faces, or a market's empty neighbours (from its own pieces, not the board).

    Its pieces are read newest first, since open ports lie mostly on the tiles added last, and
    the reading stops once as many open ports were met as the feature counts."""
    feature = board.features[root]
    tiles = board.tiles
    if feature.kind is Kind.MARKET:
        (x, y), _ = board.node_place[root]
        return tuple((x + dx, y + dy) for dx, dy in AROUND if (x + dx, y + dy) not in tiles)
    found: dict[Position, None] = {}
    left = feature.open
    node_place = board.node_place
    for node in reversed(feature.nodes):
        if left <= 0:
            break
        (x, y), index = node_place[node]
        placed = tiles[(x, y)]
        for (dx, dy), ports in placed.tile.piece_steps[placed.rotation][index]:
            n = (x + dx, y + dy)
            if n not in tiles:
                found[n] = None
                left -= ports
    return tuple(found)


def fits_any(board: Board, types: Sequence[TileType], usable: Sequence[int], q: Position) -> bool:
    """Whether some tile with a usable copy fits ``q`` in some rotation."""
    code = board.frontier.get(q, 0)
    return any(c and t.table[code] for t, c in zip(types, usable, strict=True))


def fitting_types(
    board: Board, types: Sequence[TileType], usable: Sequence[int], q: Position
) -> list[int]:
    """The indices of the types with a usable copy that fit ``q`` in some rotation."""
    code = board.frontier.get(q, 0)
    return [i for i, (t, c) in enumerate(zip(types, usable, strict=True)) if c and t.table[code]]


def largest_matching(
    board: Board, types: Sequence[TileType], usable: Sequence[int], needs: Sequence[Position]
) -> int:
    """The most positions of ``needs`` that can each get a different copy fitting it now."""
    return matching({q: fitting_types(board, types, usable, q) for q in needs}, usable)


def matching(options: dict[_Place, list[int]], copies: Sequence[int]) -> int:
    """The most positions that can each get a different copy of a type among its
    ``options`` (``copies`` of each type; Kuhn's augmenting paths over copies grouped by
    type)."""
    holder: dict[int, list[_Place]] = {}

    def assign(q: _Place, tried: set[int]) -> bool:
        for i in options[q]:
            if i in tried:
                continue
            tried.add(i)
            owners = holder.setdefault(i, [])
            if len(owners) < copies[i]:
                owners.append(q)
                return True
            for other in owners:
                if assign(other, tried):
                    owners.remove(other)
                    owners.append(q)
                    return True
        return False

    return sum(assign(q, set()) for q in options)


def proof(
    board: Board, types: Sequence[TileType], usable: Sequence[int], needs: Sequence[Position]
) -> tuple[str, str] | None:
    """(proof kind, the reason in a sentence) when a feature needing ``needs`` can never be
    finished with ``usable`` copies, by the three conditions above; ``None`` when none fails."""
    for q in needs:
        if not fits_any(board, types, usable, q):
            return (
                "no-tile-fits",
                f"no tile left fits ({q[0]},{q[1]}), which it needs, in any rotation",
            )
    total, n = sum(usable), len(needs)
    if n > total:
        return "too-few-tiles", f"it needs {n} positions filled and {total} tiles are left"
    matched = largest_matching(board, types, usable, needs)
    if matched < n:
        why = f"of the {n} positions it needs, at most {matched} can get a fitting tile at once"
        return "too-few-fitting", why
    return None
