"""A module whose import fails (``tune --objective py:MODULE:NAME`` must say so in one line)."""

TERM = 1 / 0
