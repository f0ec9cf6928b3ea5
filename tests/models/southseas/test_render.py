"""The South Seas board picture: every tile, islander, covered fish and symbol is drawn once.

Artists carry gids, so the tests count what the picture shows and compare it with the state.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from matplotlib.collections import Collection, PathCollection
from matplotlib.colors import to_hex
from matplotlib.figure import Figure
from matplotlib.image import imread

from models.core import CHANCE, load_game, make_rng
from models.southseas.components import Kind, Piece
from models.southseas.render import COLOURS, draw_board
from models.southseas.state import SouthSeasState
from tests.models.southseas.helpers import play

#: A fisher, a boat that covers the fish group of two, a merchant, a bridge fisher, an island
#: settler and a bridge ending at a junction stone (see test_rules_features.py for the start).
MOVES = [
    {"tile": "sea-fish", "at": [0, 1], "islander": 0},
    {"tile": "sea-boat", "at": [1, 1]},
    {"tile": "market", "at": [-1, 1], "islander": 0},
    {"tile": "bridge-curve", "at": [1, 0], "rotation": 2, "islander": 0},
    {"tile": "band", "at": [0, -1], "islander": 0},
    {"tile": "bridge-end", "at": [-1, 0]},
]


def count(fig: Figure, gid: str) -> int:
    """How many markers (scatter points) or shapes (polygons, lines) carry ``gid``."""
    total = 0
    for artist in fig.axes[0].get_children():
        if isinstance(artist, Collection) and artist.get_gid() == gid:
            scatter = isinstance(artist, PathCollection)
            total += len(artist.get_offsets() if scatter else artist.get_paths())
    return total


def texts(fig: Figure) -> list[str]:
    return [t.get_text() for t in fig.texts]


def pieces(state: SouthSeasState) -> list[tuple[int, Piece]]:
    """(node, piece) of every piece on the board."""
    board = state.board
    return [(node, board.piece(node)) for node in range(len(board.node_place))]


def check_counts(state: SouthSeasState, fig: Figure) -> None:
    board, covered = state.board, state.covered
    all_pieces = pieces(state)
    where = board.node_place
    fish = {
        (*where[node][0], where[node][1], g): n
        for node, p in all_pieces
        for g, n in enumerate(p.fish)
    }
    kinds = [p.kind for _, p in all_pieces]
    islanders = [i for f in board.features.values() for i in f.islanders]
    assert count(fig, "tiles") == len(board.tiles)
    assert count(fig, "islander") == len(islanders)
    assert count(fig, "covered fish") == sum(fish[g] for g in covered)
    assert count(fig, "boat token") == len(covered)
    assert count(fig, "fish") == sum(fish.values()) - sum(fish[g] for g in covered)
    assert count(fig, "islands") == kinds.count(Kind.ISLAND)
    assert count(fig, "bridges 2.1") == kinds.count(Kind.BRIDGE)
    assert count(fig, "market") == kinds.count(Kind.MARKET)
    assert count(fig, "fishing boat") == sum(p.boat for _, p in all_pieces)
    assert count(fig, "banana") == sum(p.bananas for _, p in all_pieces)
    assert count(fig, "shell") == sum(p.shells for _, p in all_pieces)
    if islanders:  # each islander in its owner's colour
        dots = [a for a in fig.axes[0].collections if a.get_gid() == "islander"]
        colours = [to_hex(c) for c in dots[0].get_facecolors()]
        owners = [COLOURS[f"player {p}"] for p, _ in islanders]
        assert sorted(colours) == sorted(owners)


def check_png(path: Path) -> None:
    assert path.is_file() and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    pixels = imread(path)
    assert pixels.ndim == 3 and pixels.shape[0] > 300 and pixels.shape[1] > 300


def test_scenario_board_with_islanders_boat_and_market(tmp_path: Path) -> None:
    state = play(MOVES)
    assert state.covered and state.board.markets  # the boat covered fish; the market is open
    fig = draw_board(state)
    check_counts(state, fig)
    assert count(fig, "islander") == 3
    assert count(fig, "covered fish") == 2 and count(fig, "boat token") == 1
    assert count(fig, "junction stone") == 1 and count(fig, "market") == 1
    assert count(fig, "frontier") == len(state.board.frontier)
    assert texts(fig) == ["South Seas — turn 7"]  # test tiles and ships: no reconstruction note
    path = state.save_png(tmp_path / "deep" / "scenario.png", dpi=120, note="scenario")
    check_png(path)
    fig = draw_board(state, title="Reef", note="by hand")
    assert texts(fig) == ["Reef", "by hand"]


@pytest.mark.parametrize("seed", [1, 5])
def test_full_random_game_on_the_bundled_tiles(tmp_path: Path, seed: int) -> None:
    state: SouthSeasState = load_game("southseas", 4).new_initial_state()  # type: ignore[assignment]
    rng, middle = make_rng(seed), None
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        if middle is None and len(state.board.tiles) >= 40:
            middle = state.clone()
    assert middle is not None and len(state.board.tiles) > 60
    for which, shown in (("middle", middle), ("end", state)):
        path = shown.save_png(tmp_path / f"{which}.png", dpi=120)
        check_png(path)
        fig = draw_board(shown)
        check_counts(shown, fig)
        note = texts(fig)[-1]
        assert "tiles: RECONSTRUCTION" in note and "ships: RECONSTRUCTION" in note
    assert count(draw_board(middle), "islander") > 0 and middle.covered
    assert texts(draw_board(state))[0].endswith("(game over)")


def test_state_png_gives_png_bytes() -> None:
    data = play(MOVES[:2])._repr_png_()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5_000


def _panel_texts(fig: Figure) -> dict[str, str]:
    """The panel's numbers by gid (``player 0 score``, ``tiles left``, ...)."""
    (panel,) = [ax for ax in fig.axes if ax.get_gid() == "panel"]
    return {str(t.get_gid()): t.get_text() for t in panel.texts if t.get_gid()}


def test_player_panel_shows_scores_wares_islanders_ships_and_the_stack() -> None:
    state: SouthSeasState = load_game("southseas", 4).new_initial_state()  # type: ignore[assignment]
    rng = make_rng(6)
    while state.turn < 45 or state.current_player() != CHANCE:
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert any(state.yard.taken) and any(any(w) for w in state.ledger.wares)
    fig = draw_board(state)
    shown = _panel_texts(fig)
    for p in range(4):
        assert shown[f"player {p} score"] == str(state.score(p))
        for ware, n in zip(("shells", "bananas", "fish"), state.ledger.wares[p], strict=True):
            assert shown[f"player {p} {ware}"] == str(n)
        assert shown[f"player {p} islanders"] == str(state.ledger.islanders[p])
        ships, points = len(state.yard.taken[p]), state.yard.points(p)
        assert shown[f"player {p} ships"] == (f"{ships} ({points} points)" if ships else "0")
    assert f"tiles left in the stack: {state.tiles_left};" in shown["tiles left"]
    assert "SS-F3" in shown["score rule"]
    assert texts(fig)[-1].startswith("tiles: RECONSTRUCTION")  # the figure's own texts as before
    check_counts(state, fig)  # the board is still fig.axes[0], every piece drawn once


def test_coordinates_along_every_edge() -> None:
    state = play(MOVES)
    fig = draw_board(state)
    labels = [t for t in fig.axes[0].texts if t.get_gid() == "coordinate"]
    cells = [*state.board.tiles, *state.board.frontier]
    xs = range(min(x for x, _ in cells), max(x for x, _ in cells) + 1)
    ys = range(min(y for _, y in cells), max(y for _, y in cells) + 1)
    assert sorted(t.get_text() for t in labels) == sorted(
        [str(x) for x in xs] * 2 + [str(y) for y in ys] * 2
    )
    (x0, x1), (y1, y0) = fig.axes[0].get_xlim(), fig.axes[0].get_ylim()
    for t in labels:  # in the margin, outside every tile
        x, y = t.get_position()
        outside = x < xs.start - 0.5 or x > xs[-1] + 0.5 or y < ys.start - 0.5 or y > ys[-1] + 0.5
        assert outside and x0 < x < x1 and y0 < y < y1
    shown = _panel_texts(fig)
    assert shown["player 0 score"] == str(state.score(0))
