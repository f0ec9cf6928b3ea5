"""Tobago (Zoch, 2009): the game on the shared protocol, and the island and clue model the hint
solvers read (:mod:`models.tobago.island`)."""
