"""What designers learn: simulation studies, statistics, reports and the ``atoll`` CLI.

May import ``models`` and ``solvers``. Grouped by role, each subpackage saying what it owns:

* ``studies`` — playing and storing studies (config, designs, the store, traces, workers);
* ``statistics`` — estimates, intervals and tests with the game or the deal as the unit;
* ``reports`` — the pages and report.json of studies, comparisons and skill traces, and the
  measures they show (``reports.metrics``: each measure declared once);
* ``tuning`` — ``atoll GAME tune``: searching rule values for an objective;
* ``cli`` — the ``atoll`` command line; ``explore`` — the local web app;
* ``plugin`` / ``plugins`` — what each game adds (its ``atoll.plugins`` entry point), and the
  games' own folders (``gloryislands``, ``southseas``, ``tobago``) with their sections.
"""
