"""Tobago (Zoch, 2009): the hex island, its landmarks, the clue language and hints."""
