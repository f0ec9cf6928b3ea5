"""What only Carcassonne: South Seas adds to the analyses: its report sections, variants,
measures and commands, declared to the rest of atoll in :mod:`analyses.southseas.plugin`."""
