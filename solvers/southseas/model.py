"""The CP-SAT model of a completion: tiles on a region of empty positions that complete one
feature, the fewest of them.

Variables: a boolean ``x[p, t, r]`` for each region position ``p``, usable tile type ``t`` and
distinct rotation ``r`` that fits the placed neighbours of ``p`` now; ``placed[p]`` is their sum
(at most one tile a position). Each type is used at most as often as copies are left. Two
placed region tiles side by side show the same side letter (SS-P3: island, bridge or sea).
Types that differ only in symbols (:func:`shapes_of`) are one ``t`` with their copies added:
the model is half the size, and the completion names a type with a copy left for each tile.

Which piece of a placed tile continues the feature: a boolean ``f[p, a]`` per port ``a`` (0..11)
of each region position, "port ``a`` of the tile at ``p`` belongs to the feature". A port can
belong only if the chosen tile has a piece of the feature's kind there; the ports of one piece
belong together; a port and the port it faces belong together (so a port whose neighbour stays
empty cannot belong — the feature would still be open there). Ports facing a placed tile take
that tile's feature: a boolean ``m[R]`` per existing open feature ``R`` of the kind, 1 for the
feature asked about; a feature merged in (``m[R] = 1``) must close too, so each of its open
ports faces a placed region tile, and one open outside the region cannot be merged. A bridge's
loop needs nothing special (a loop has no port left), nor do bridge ends (they have no port).

A market (SS-M1) needs only its empty neighbours filled: the region is exactly them, every one
placed, and no ports are modelled.

>>> from models.southseas.tilefile import load_tiles
>>> from models.southseas.board import Board
>>> from solvers.southseas.features import Supply, open_features
>>> tiles = load_tiles()
>>> board = Board(tiles.start)
>>> island = next(f for f in open_features(board) if f.kind is Kind.ISLAND)
>>> supply = Supply(tiles.types, tuple(t.count for t in tiles.types),
...                 tuple(t.count for t in tiles.types))
>>> ports = {f.root: f.ports for f in open_features(board)}
>>> found = solve_region(board, island, set(island.needs), supply, ports, time_limit=10)
>>> found.status, len(found.placements)
('optimal', 1)
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping, Sequence
from typing import Any, Literal, NamedTuple

from ortools.sat.python import cp_model

from models.southseas.board import Board
from models.southseas.components import Kind, TileType
from models.southseas.geometry import STEP, Position, facing_port, fit_table, rotate_port
from solvers.cpsat import new_solver, solve
from solvers.limits import Deadline, SolverUnknown
from solvers.southseas.features import OpenFeature, Supply, port_groups

_ROTATIONS = tuple(tuple(r for r in range(4) if mask >> r & 1) for mask in range(16))


class Placement(NamedTuple):
    """One tile of a completion: its type id, where it goes and its rotation."""

    tile: str
    x: int
    y: int
    rotation: int


@dataclasses.dataclass(frozen=True)
class RegionResult:
    """``optimal`` (the fewest tiles within the region), ``feasible`` (a completion found before
    the time limit, perhaps not the fewest) or ``infeasible`` (none within the region)."""

    status: Literal["optimal", "feasible", "infeasible"]
    placements: tuple[Placement, ...] = ()


#: Open ports of every open feature, by root: (empty position, port there facing it). Every open
#: feature must be in it (a merged feature's ports are what it must close).
Ports = Mapping[int, Sequence[tuple[Position, int]]]


def solve_region(
    board: Board,
    feature: OpenFeature,
    region: set[Position],
    supply: Supply,
    ports: Ports,
    *,
    time_limit: float | Deadline,
    most: int | None = None,
    fewest: bool = True,
    effort: float | None = None,
) -> RegionResult:
    """The fewest tiles on ``region`` (at most ``most``) that complete ``feature`` (every
    position it needs must be in the region); with ``fewest=False`` any completion. Raises
    :class:`SolverUnknown` when the time limit ran out before any completion was found or the
    search was finished. ``effort`` (with ``fewest``): the fewest tiles are looked for during at
    most that many of CP-SAT's deterministic seconds (the same answer on every machine), and
    the best completion found is returned as ``feasible`` unless proven the fewest; when none
    was found by then, any completion is looked for (``feasible``)."""
    model = cp_model.CpModel()
    x: dict[tuple[Position, int, int], cp_model.IntVar] = {}
    placed: dict[Position, cp_model.IntVar] = {}
    letters: dict[tuple[Position, int, str], list[cp_model.IntVar]] = {}
    shapes = [(shape, sum(supply.usable[i] for i in shape.members)) for shape in shapes_of(supply)]
    by_shape: dict[int, list[cp_model.IntVar]] = {}
    choices: dict[Position, list[tuple[TileType, int, cp_model.IntVar]]] = {}
    frontier = board.frontier
    for p in sorted(region):
        here = choices[p] = []
        code = frontier.get(p, 0)
        for j, (shape, copies) in enumerate(shapes):
            mask = shape.table[code] if copies else 0
            if not mask:
                continue
            pattern = shape.tile.patterns
            for r in _ROTATIONS[mask]:
                var = x[(p, j, r)] = model.new_bool_var("")
                here.append((shape.tile, r, var))
                by_shape.setdefault(j, []).append(var)
                for side in range(4):
                    letters.setdefault((p, side, pattern[r][side]), []).append(var)
        placed[p] = model.new_bool_var("")
        model.add(sum(v for _, _, v in here) == placed[p])
    for j, used in by_shape.items():
        if len(used) > shapes[j][1]:
            model.add(sum(used) <= shapes[j][1])
    for p in region:
        for side in (1, 2):  # each adjacent pair once: east and south
            n = (p[0] + STEP[side][0], p[1] + STEP[side][1])
            if n in region:
                for letter in "IBS":
                    mine = letters.get((p, side, letter), [])
                    if mine:
                        theirs = letters.get((n, (side + 2) % 4, letter), [])
                        model.add(sum(mine) <= sum(theirs) + 1 - placed[n])
    for q in feature.needs:
        model.add(placed[q] == 1)
    if feature.kind is not Kind.MARKET:
        _membership(model, board, feature, region, ports, choices)
        if most is not None:
            model.add(sum(placed.values()) <= most)
        if fewest:
            model.minimize(sum(placed.values()))
    try:
        solver, status = _run(model, time_limit, effort if fewest else None)
    except SolverUnknown:
        if effort is None or not fewest:
            raise
        model.clear_objective()  # no completion within the effort: any completion
        solver, status = _run(model, time_limit, None)
        fewest = False
    if status == "infeasible":
        return RegionResult("infeasible")
    chosen = sorted(key for key, var in x.items() if solver.boolean_value(var))
    found = _concrete(chosen, [shape for shape, _ in shapes], supply)
    return RegionResult("optimal" if status == "complete" and fewest else "feasible", found)


def _run(
    model: cp_model.CpModel, time_limit: float | Deadline, effort: float | None
) -> tuple[cp_model.CpSolver, str]:
    """One solve of ``model``: the solver and ``complete``, ``infeasible`` or ``feasible`` (a
    solution found when ``effort`` deterministic seconds ran out); else :class:`SolverUnknown`."""
    solver = new_solver()
    if effort is not None:
        solver.parameters.max_deterministic_time = effort
    try:
        return solver, solve(model, time_limit=time_limit, solver=solver)
    except SolverUnknown:
        if not _has_solution(solver):
            raise
        return solver, "feasible"


class Shape(NamedTuple):
    """Tile types alike but for their symbols: interchangeable in a completion."""

    tile: TileType  # the first of them
    members: tuple[int, ...]  # their indices in the supply
    table: list[int]  # per frontier code, the fitting distinct rotations (a bit mask)


@functools.lru_cache(maxsize=64)
def shapes_of(supply: Supply) -> tuple[Shape, ...]:
    """The supply's types grouped by sides and piece ports (symbols ignored), each with the
    rotations that differ in shape."""
    groups: dict[Any, list[int]] = {}
    for i, t in enumerate(supply.types):
        groups.setdefault(_outline(t, 0), []).append(i)
    shapes = []
    for members in groups.values():
        tile = supply.types[members[0]]
        seen: dict[Any, int] = {}
        rotations = tuple(sorted({seen.setdefault(_outline(tile, r), r) for r in range(4)}))
        shapes.append(Shape(tile, tuple(members), fit_table((tile.edges, rotations))))
    return tuple(shapes)


def _outline(tile: TileType, rotation: int) -> Any:
    """The tile turned ``rotation`` as sides and piece ports only."""
    pieces = sorted(
        (p.kind.value, tuple(sorted(rotate_port(q, rotation) for q in p.ports)))
        for p in tile.pieces
        if p.ports
    )
    return (tile.patterns[rotation], tuple(pieces))


def _concrete(
    chosen: list[tuple[Position, int, int]], shapes: list[Shape], supply: Supply
) -> tuple[Placement, ...]:
    """The placements of shapes as placements of tile types, each type used at most as often
    as it is usable."""
    left = list(supply.usable)
    found = []
    for (x, y), j, r in chosen:
        i = next(i for i in shapes[j].members if left[i])
        left[i] -= 1
        found.append(Placement(supply.types[i].id, x, y, r))
    return tuple(found)


def _membership(
    model: cp_model.CpModel,
    board: Board,
    feature: OpenFeature,
    region: set[Position],
    ports: Ports,
    choices: Mapping[Position, list[tuple[TileType, int, cp_model.IntVar]]],
) -> None:
    """The ``f[p, a]`` and ``m[R]`` booleans and their constraints (see the module docstring)."""
    kind = feature.kind
    f: dict[tuple[Position, int], cp_model.IntVar] = {}
    for p, here in choices.items():
        owners: dict[int, list[cp_model.IntVar]] = {}
        classes: dict[tuple[tuple[int, ...], ...], list[cp_model.IntVar]] = {}
        for tile, r, var in here:
            groups = port_groups(tile, r, kind)
            for group in groups:
                for a in group:
                    owners.setdefault(a, []).append(var)
            if any(len(g) > 1 for g in groups):
                classes.setdefault(groups, []).append(var)
        for a, owned in owners.items():
            f[(p, a)] = model.new_bool_var("")
            model.add(f[(p, a)] <= sum(owned))
        for groups, chosen in classes.items():
            if len(chosen) == 1:
                z = chosen[0]
            else:
                z = model.new_bool_var("")
                model.add(sum(chosen) == z)
            for g in groups:
                for a in g[1:]:
                    model.add(f[(p, g[0])] == f[(p, a)]).only_enforce_if(z)
    merged: dict[int, cp_model.IntVar | int] = {feature.root: 1}

    def member(root: int) -> cp_model.IntVar | int:
        found = merged.get(root)
        if found is None:
            outside = any(q not in region for q, _ in ports.get(root, ()))
            found = merged[root] = 0 if outside else model.new_bool_var("")
        return found

    tiles = board.tiles
    for p in choices:
        for side, (dx, dy) in enumerate(STEP):
            n = (p[0] + dx, p[1] + dy)
            neighbour = tiles.get(n)
            for k in range(3):
                a = 3 * side + k
                b = facing_port(a)
                mine = f.get((p, a))
                if neighbour is not None:
                    piece_index = neighbour.tile.port_piece[neighbour.rotation][b]
                    if neighbour.tile.pieces[piece_index].kind is not kind:
                        continue
                    m = member(board.root(neighbour.node(piece_index)))
                    model.add((mine if mine is not None else 0) == m)
                elif mine is None:
                    continue
                elif n in region:
                    theirs = f.get((n, b))
                    if theirs is None:  # no tile there can continue it: it must not reach
                        model.add(mine == 0)
                    elif (p, a) < (n, b):
                        model.add(mine == theirs)
                else:
                    model.add(mine == 0)


def _has_solution(solver: cp_model.CpSolver) -> bool:
    """Whether a stopped solve found a solution (a solve never started has none)."""
    try:
        return solver.status_name() == "FEASIBLE"
    except Exception:
        return False
