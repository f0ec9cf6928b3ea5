"""Small hand-drawn maps whose clue answers were worked out by hand (see the comments)."""

from __future__ import annotations

from models.tobago.island.mapfile import parse_map

# Jungle areas: A = (2,1) (3,1) (2,2) [3 fields, the largest], B = (5,1) (6,2) [2 fields].
# Beach areas: (1,1) (1,2) (1,3) (2,4) (3,4) [5], and (4,1) [1]. Mountain (3,2). Lake (4,2) (4,3).
# River (2,3) (3,3). Scrubland (5,2) (5,3) (5,4) (6,4). Palm on the jungle field (2,2).
# Fields with no sea neighbour: (2,2) (3,2) (4,2) (5,2) (2,3).
SEMANTICS = '''
name = "Semantics"
terrain = """
~ ~ ~ ~ ~ ~ ~ ~
 ~ B J J B J ~ ~
~ B J M L S J ~
 ~ B R R L S ~ ~
~ ~ B B ~ S S ~
 ~ ~ ~ ~ ~ ~ ~ ~
"""
[[landmark]]
kind = "palm"
at = [2, 2]

[[landmark]]
kind = "hut"
at = [6, 4]

[[landmark]]
kind = "statue"
at = [3, 2]
facing = "E"
'''

# Two lake areas of one field each: "the largest lake" is tied and means both.
TIED_LAKES = '''
name = "Tied"
terrain = """
~ ~ ~ ~ ~ ~
 ~ L J J L ~
~ B M J S ~
 ~ ~ ~ ~ ~ ~
"""
'''


def semantics_island():  # type: ignore[no-untyped-def]
    return parse_map(SEMANTICS, source="semantics.toml")
