"""Statistics with the game (or the deal) as the unit: estimates and their intervals, the
permutation and sign-flip tests, the seat test and its exact form, power and the resolution of
a test, the duplicate design's pairing, and how a number with its interval is printed. Nothing
here knows a report.
"""
