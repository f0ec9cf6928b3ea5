"""Strategy reports: tournaments, ratings, best responses and which decisions matter.

This package owns what atoll learns about strategies (issue 38), one module per concept:

* a **tournament** of a field of strategies and agents — :mod:`.field` (the entrants, read
  and checked once), :mod:`.tournament` (the line-ups, each a duplicate study on the same deals,
  ``tournament.json``, playing and resuming, the tables as one);
* what the **strategy report** says of it — :mod:`.ratings` (Plackett–Luce ratings with
  intervals over deals), :mod:`.headtohead` (every pair, one family of tests), :mod:`.curves`
  (score per turn), :mod:`.profiles` (what each entrant chooses, by part of the game) and
  :mod:`.report` (the page and report.json, with a hook for extra sections);
* the **best response** to a field (:mod:`.bestresponse`, :mod:`.trialplot`), the
  **degenerate strategy** check of every study report (:mod:`.degenerate`) and **which
  decisions matter** (:mod:`.decisions`).
"""
