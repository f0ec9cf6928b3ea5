"""Per-game sections of study reports: ``analyses.reports.<game>.sections(frames, record)``."""
