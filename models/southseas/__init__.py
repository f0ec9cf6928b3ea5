"""Carcassonne: South Seas (Hans im Glück, 2013): tiles, board, features, rules, pictures."""
