"""Answering questions about the games: CP-SAT and python-constraint models, search, agents.

May import ``models``; never ``analyses``.
"""
