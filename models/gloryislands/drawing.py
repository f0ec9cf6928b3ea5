"""The Glory Islands board as text: the route around the islands, ships and pirates.

Each cell is one short word. Route fields: ``H`` home, ``C`` compass, then for a corner ``\\``
or ``/`` when its diagonal takes pirates (the way the diagonal runs) or ``+`` when it does not;
``.`` any other field; then the seats of the ships standing there. Island fields: the island's
letter (``A`` for the first island of the file), the icon (``p`` pirate field, ``c`` chest,
``b`` barrel, ``-`` blank) and the seat of the pirate standing there, if any.

>>> from models.gloryislands.boardfile import load_board
>>> rows = draw_board(load_board())
>>> rows[0].split()[:3], rows[1].split()
(['a', 'b', 'c'], ['1', 'H+', '.', '.', '.', '.', '.', '/'])
>>> rows[2].split()[:4]
['2', '.', 'Ap', 'Ac']
"""

from __future__ import annotations

from models.gloryislands.components import COLUMNS, SIZE, Components, is_corner, xy
from models.gloryislands.position import GloryIslandsPosition

_ICON = {"pirate": "p", "chest": "c", "barrel": "b", "blank": "-"}
_WIDTH = 7
LEGEND = (
    "route: H home, C compass, \\ / corner whose diagonal takes pirates, + corner without, "
    ". other field; then the seats of the ships there. islands: letter, icon (p pirate field, "
    "c chest, b barrel, - blank), then the seat of the pirate there"
)


def draw_board(board: Components, state: GloryIslandsPosition | None = None) -> list[str]:
    """The board as lines of text (with the ships and pirates of ``state``, if given)."""
    words = [_route_word(board, cell) if board.island_of[cell] < 0 else "" for cell in range(49)]
    for i, island in enumerate(board.islands):
        letter = chr(ord("A") + i) if i < 26 else "?"
        for cell, icon in zip(island.cells, island.icons, strict=True):
            words[cell] = letter + _ICON[icon]
    if state is not None:
        for cell, owner in enumerate(state.occupant):
            if owner >= 0:
                words[cell] += str(owner)
        for player, progress in enumerate(state.progress):
            if not state.sunk[player]:
                cell = board.route[progress % len(board.route)]
                words[cell] += str(player)
    lines = [("   " + "".join(f"{c:<{_WIDTH}}" for c in COLUMNS[:SIZE])).rstrip()]
    for y in range(SIZE):
        row = "".join(f"{words[y * SIZE + x]:<{_WIDTH}}" for x in range(SIZE))
        lines.append(f"{y + 1}  {row}".rstrip())
    return lines


def _route_word(board: Components, cell: int) -> str:
    word = "H" if cell == board.home else "C" if cell == board.route[board.compass] else ""
    if is_corner(cell):
        x, y = xy(cell)
        diagonal = "\\" if (x == 0) == (y == 0) else "/"
        word += diagonal if cell in board.diagonals else "+"
    return word or "."
