"""The Tobago island and clue model (what the hint solvers read): the hex grid, maps and their
files, board sections, clues and their field sets, hints files, the hint rules, clue decks, the
clue readings (:class:`~models.tobago.island.options.ClueOptions`), the map generator and the
island pictures. It imports nothing from the game (one way: the game builds on it)."""
