"""What only Tobago adds to the analyses: its report sections, variants, measures and
commands, declared to the rest of atoll in :mod:`analyses.tobago.plugin`."""
