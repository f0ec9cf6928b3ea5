"""Studies: many seeded games played by agents and stored as verified Parquet tables — the
configuration, the design of deals and seats, the store and its manifests, what a game records
while it is played (traces, watchers), the worker processes, locks, interrupts and the checks
of a stored study.
"""
