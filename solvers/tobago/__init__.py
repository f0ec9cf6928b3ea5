"""Tobago's own solvers: the treasure candidates a set of hints allows (four interchangeable
backends), why a field is ruled out, and setting hint puzzles."""
