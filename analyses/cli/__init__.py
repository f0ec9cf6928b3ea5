"""The ``atoll`` command line: the entry point (:mod:`analyses.cli.main`) and the commands every
game shares (study, report, compare, verify, skill, replay, render)."""
