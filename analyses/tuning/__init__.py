"""Balance tuning: search a game's component values and rule options for a target, with
optuna, and check the winner on fresh seeds (``atoll GAME tune``).

* :mod:`~analyses.tuning.params` — what may be tuned (``--param PATH=RANGE``) and how a value
  is applied: to a rule option, or to a number in a component file (written beside the run);
* :mod:`~analyses.tuning.objectives` — what is minimised (``--objective``), per game, so that
  intervals come from the games;
* :mod:`~analyses.tuning.run` — what a tuning plays (``TuneRun``) and everything checked before
  a game is played (``prepare``); :mod:`~analyses.tuning.dryrun` — one deal at each end of each
  range first;
* :mod:`~analyses.tuning.search` — the optuna search: one SQLite storage in the run's folder,
  common random numbers (every trial plays the same seeds, whose luck is held fixed across
  values: :mod:`models.luck`), resumable and extendable; :mod:`~analyses.tuning.trials` which
  values each trial plays, :mod:`~analyses.tuning.grid` a small space as a grid and no
  whole-number combination twice, :mod:`~analyses.tuning.probes` inert parameters and a best
  value at the edge of its range;
* :mod:`~analyses.tuning.storage` — that folder checked before use: a damaged tune.json or
  tune.db is one line, or with ``--repair`` set aside;
* :mod:`~analyses.tuning.check` — the best trial against the starting values on fresh seeds;
  :mod:`~analyses.tuning.verdict` its verdict in words; :mod:`~analyses.tuning.sideeffects`
  every seat and measure before and after, over-shoot and same-winner agreement;
* :mod:`~analyses.tuning.report` — the report page and the tuned (or candidate) files, with
  :mod:`~analyses.tuning.plots` its charts.
"""
