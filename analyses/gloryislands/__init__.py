"""What only Glory Islands adds to the analyses: its report sections, variants, measures and
commands, declared to the rest of atoll in :mod:`analyses.gloryislands.plugin`."""
