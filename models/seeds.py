"""Seeds: every random choice of atoll comes from an explicit generator, never the global one,
and every seed derived from another is derived here (the one place that splits seeds):
:func:`spawn_seeds` (a study's games or deals), :func:`split_seed` (one game's chance and
agents) and :func:`keyed_seed` (a purpose's own seed: a tuning's trials, its check).

>>> rng = make_rng(7)
>>> rng.random() == make_rng(7).random()
True
>>> spawn_seeds(2026, 3) == spawn_seeds(2026, 3)
True
"""

from __future__ import annotations

import random

from models.errors import AtollError

__all__ = ["check_seed", "keyed_seed", "make_rng", "spawn_seeds", "split_seed"]


def make_rng(seed: int | random.Random) -> random.Random:
    """A private random generator from a seed; a generator passed in is used as it is.

    There is deliberately no default: a caller that wants randomness must say which.
    """
    if isinstance(seed, random.Random):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise AtollError(f"a seed must be an integer, got {seed!r}", field="seed")
    return random.Random(seed)


def check_seed(seed: object, field: str = "seed") -> int:
    """A root seed checked: a whole number 0 or more (numpy's ``SeedSequence`` takes no other).
    The one check of every seed a user gives (``--seed``, a study's config, a tuning's file);
    ``field`` names where it was given.

    >>> check_seed(7)
    7
    >>> check_seed(-1, "--seed")
    Traceback (most recent call last):
    ...
    models.errors.AtollError: --seed: a seed is a whole number 0 or more, got -1
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise AtollError(f"a seed is a whole number 0 or more, got {seed!r}", field=field)
    return seed


def spawn_seeds(seed: int, n: int) -> list[int]:
    """``n`` statistically independent 63-bit seeds derived from one study seed.

    Seed ``i`` depends only on ``seed`` and ``i``, never on the number of workers. ``seed`` is
    a whole number 0 or more (numpy's ``SeedSequence`` takes no other).

    >>> spawn_seeds(-1, 2)
    Traceback (most recent call last):
    ...
    models.errors.AtollError: seed: a seed is a whole number 0 or more, got -1
    """
    check_seed(seed)
    import numpy as np  # numpy only when seeds are spawned (keeps `atoll --help` fast)

    children = np.random.SeedSequence(seed).spawn(n)
    return [int(c.generate_state(1, dtype=np.uint64)[0] >> np.uint64(1)) for c in children]


def split_seed(seed: int, n: int) -> list[int]:
    """``n`` independent 63-bit seeds for the parts of one game (its chance, then each
    agent's), all from the game's seed.

    >>> split_seed(5, 3) == split_seed(5, 3), len(set(split_seed(5, 3)))
    (True, 3)
    """
    import numpy as np

    return [int(s) >> 1 for s in np.random.SeedSequence(seed).generate_state(n, dtype=np.uint64)]


def keyed_seed(seed: int, key: int) -> int:
    """A 32-bit seed for one purpose (``key``) of a run whose root seed is ``seed``: the same
    pair always gives the same seed, another key an independent one.

    >>> keyed_seed(1, 0) == keyed_seed(1, 0) != keyed_seed(1, 1)
    True
    """
    import numpy as np

    return int(np.random.SeedSequence([seed, key]).generate_state(1)[0])
