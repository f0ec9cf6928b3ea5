"""What only Tobago adds to the analyses: its report sections, variants, measures and
commands, declared to the rest of atoll in :mod:`analyses.tobago.plugin`."""

#: Random positions in which a map's clue cards are measured (:mod:`analyses.tobago.maps`);
#: here, so that the commands show it without loading the measures (pandas).
DEFAULT_POSITIONS = 200
