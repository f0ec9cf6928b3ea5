"""``atoll explore``: a local web app over one folder — Tobago puzzles by clicking, any game's
scenario stepped through and played on, the studies and their reports (:mod:`.app`)."""
