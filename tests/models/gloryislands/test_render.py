"""The Glory Islands picture: what is drawn (counted by the artists' gids) and the PNG bytes."""

from __future__ import annotations

import io

from models.core import load_game, make_rng, random_playout
from models.gloryislands.boardfile import load_board
from models.gloryislands.render import draw_board, player_colours, state_png
from tests.models.gloryislands.helpers import act, new


def _gids(fig: object) -> dict[str, int]:
    counts: dict[str, int] = {}
    for ax in fig.axes:  # type: ignore[attr-defined]
        for artist in (*ax.patches, *ax.texts, *ax.collections):
            gid = artist.get_gid()
            if gid:
                counts[gid] = counts.get(gid, 0) + 1
    return counts


def test_the_empty_board_has_every_icon_and_no_pieces() -> None:
    board = load_board()
    counts = _gids(draw_board(board))
    icons = [icon for island in board.islands for icon in island.icons]
    assert counts["icon pirate"] == icons.count("pirate") == 11
    assert counts["icon chest"] == icons.count("chest") and counts["icon barrel"] == 4
    assert counts["field"] == len(board.sail_track) and counts["sunk box"] == 1
    assert "pirate" not in counts and "ship" not in counts and "marker" not in counts


def test_pirates_ships_and_markers_are_drawn_for_each_player() -> None:
    state = act(new(2), "p0 play red-2", "p1 play blue-1", "p0 move 2", "p0 place c3")
    counts = _gids(draw_board(state))
    assert counts["pirate"] == 1 and counts["ship"] == 2 and counts["marker"] == 2
    state = load_game("gloryislands", 4).new_initial_state()
    random_playout(state, make_rng(7), max_moves=150)
    counts = _gids(draw_board(state))
    assert counts["pirate"] == sum(o >= 0 for o in state.occupant)
    assert counts["ship"] == 4 - sum(state.sunk) and counts["marker"] == 4


def test_the_reconstruction_is_labelled_in_the_picture() -> None:
    fig = draw_board(load_board())
    texts = [t.get_text() for t in fig.texts]
    assert any(t.startswith("board: RECONSTRUCTION") for t in texts)


def test_players_are_drawn_in_their_card_colours() -> None:
    assert player_colours(load_board(), 4) == ["#d62728", "#1f5fd6", "#2ca02c", "#f2c500"]


def test_repr_png_is_a_png_that_decodes() -> None:
    from PIL import Image

    state = load_game("gloryislands", 3).new_initial_state()
    random_playout(state, make_rng(1))
    data = state._repr_png_()  # type: ignore[attr-defined]
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data == state_png(state)  # type: ignore[arg-type]
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        assert image.size == (864, 691)  # 12 x 9.6 inches at 72 dpi
