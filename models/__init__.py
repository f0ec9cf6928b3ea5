"""What the games are: components as data files, states, rules and pictures.

This package imports nothing from ``solvers`` or ``analyses``.
"""
