"""South Seas solvers: could an open feature still be completed with the tiles left?

:mod:`~solvers.southseas.features` finds the open features of a position, where each is open
and what fits there; :mod:`~solvers.southseas.model` is the CP-SAT model of a completion inside a
region of empty positions; :mod:`~solvers.southseas.completable` answers ``yes`` (with the fewest
tiles), ``no`` (with its proof) or ``unknown`` (and why) for one feature or all of them;
:mod:`~solvers.southseas.exhaust` searches every completion where regions grow too large;
:mod:`~solvers.southseas.waiting` gives the tiles each open position waits for and the exact
chance of drawing one.
"""
