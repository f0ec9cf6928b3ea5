"""The random-game table: shape, determinism, and consistency with the game's own accounting."""

from __future__ import annotations

from analyses.southseas_study import random_games, seat_summary


def test_same_seed_same_frame_and_rows_match_scores() -> None:
    a = random_games(players=2, games=6, seed=5)
    b = random_games(players=2, games=6, seed=5)
    assert a.equals(b)
    assert len(a) == 12
    # SS-F3: score = ship points + wares // 3, row by row
    wares = a["shells"] + a["bananas"] + a["fish"]
    assert (a["score"] == a["ship_points"] + wares // 3).all()
    assert a.groupby("game")["win"].any().all()  # every game has a winner (or tied winners)
    assert a.attrs["reconstruction"] == {"tiles": True, "ships": True}


def test_seat_summary() -> None:
    frame = random_games(players=3, games=5, seed=1)
    summary = seat_summary(frame)
    assert list(summary.index) == [0, 1, 2]
    assert (summary["games"] == 5).all()
    assert summary["win_rate"].between(0, 1).all()
