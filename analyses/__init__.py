"""What designers learn: simulation studies, statistics, reports and the ``atoll`` CLI.

May import ``models`` and ``solvers``.
"""
