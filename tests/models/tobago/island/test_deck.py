"""Tests for models.tobago.island.deck: the bundled reconstructed clue deck and deck file errors."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from models.data import bundled_path
from models.errors import AtollError
from models.tobago.island.clues import REFERENTS, TERRAIN_WORDS, Clue, Relation
from models.tobago.island.deck import Deck, load_deck

BUNDLED = bundled_path("tobago", "clues.toml")


@pytest.fixture(scope="module")
def deck() -> Deck:
    return load_deck()


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    return path


def load_error(tmp_path: Path, text: str) -> AtollError:
    path = write(tmp_path, text)
    with pytest.raises(AtollError) as info:
        load_deck(path)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: "), message
    return info.value


# -- the bundled deck -----------------------------------------------------------------------------


def test_bundled_deck_has_52_cards(deck):
    assert len(deck.cards) == 52
    assert all(isinstance(card, Clue) for card in deck.cards)


def test_bundled_deck_cards_are_distinct(deck):
    assert len(deck.distinct()) == 52
    assert deck.distinct() == deck.cards


def test_bundled_deck_is_labelled_a_reconstruction(deck):
    assert deck.reconstruction is True
    assert "reconstruction" in deck.note.lower()
    assert Path(deck.source) == BUNDLED


def test_bundled_file_header_says_reconstruction():
    text = BUNDLED.read_text(encoding="utf-8")
    first = text.splitlines()[0]
    assert first.startswith("#")
    assert "RECONSTRUCTION" in first
    assert "reconstruction = true" in text


def test_every_card_prints_as_written_in_the_file(deck):
    written = [
        line.split("=", 1)[1].strip().strip('"')
        for line in BUNDLED.read_text(encoding="utf-8").splitlines()
        if line.startswith("clue")
    ]
    assert [str(c) for c in deck.cards] == written


@pytest.mark.parametrize("relation", list(Relation), ids=lambda r: r.value)
@pytest.mark.parametrize("negated", [False, True], ids=["plain", "negated"])
def test_every_relation_plain_and_negated(deck, relation, negated):
    assert any(c.relation is relation and c.negated is negated for c in deck.cards)


@pytest.mark.parametrize("relation", list(Relation), ids=lambda r: r.value)
def test_the_largest_with_every_relation(deck, relation):
    assert any(c.largest and c.relation is relation for c in deck.cards)


@pytest.mark.parametrize("referent", REFERENTS)
def test_every_referent_appears(deck, referent):
    assert any(c.referent == referent for c in deck.cards)


@pytest.mark.parametrize("terrain", TERRAIN_WORDS)
def test_the_largest_in_every_terrain_type(deck, terrain):
    assert Clue(Relation.IN, terrain, largest=True) in deck.cards


def kind_of(card: Clue) -> str:
    """A card's kind as the header writes it: "not in the largest T", "next to L"."""
    words = ["not"] if card.negated else []
    words.append(card.relation.value)
    if card.largest:
        words.append("the largest")
    words.append("T" if card.referent in TERRAIN_WORDS else "L")
    return " ".join(words)


def test_header_says_exactly_which_kinds_exist(deck):
    text = BUNDLED.read_text(encoding="utf-8")
    rows = re.findall(r"^#   (\S.*?)\s{2,}(\d+)\s{2}\(", text, flags=re.M)
    header = {tuple(label.split(", ")): int(n) for label, n in rows}
    counts = Counter(kind_of(c) for c in deck.cards)
    assert {kinds: sum(counts[k] for k in kinds) for kinds in header} == header
    assert {k for kinds in header for k in kinds} == set(counts)  # no kind left out
    assert sum(header.values()) == 52


@pytest.mark.parametrize("kind", ["not in the largest T", "next to the largest T"])
def test_the_kinds_the_sources_mention_are_in_the_deck(deck, kind):
    assert any(kind_of(c) == kind for c in deck.cards)


# -- deck errors ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["reconstruction = true\n", "card = []\n", 'note = "empty"\n', 'card = "in lake"\n'],
    ids=["only a flag", "empty array", "only a note", "card a string"],
)
def test_deck_without_cards(tmp_path, text):
    error = load_error(tmp_path, text)
    assert error.entry == "card"
    assert "a deck needs [[card]] entries" in str(error)


@pytest.mark.parametrize(
    ("clue", "column"),
    [("in hut", 4), ("next to plam", 9), ("under jungle", 1), ("in the largest sea", 16)],
)
def test_card_with_a_bad_clue(tmp_path, clue, column):
    path = write(tmp_path, f'[[card]]\nclue = "in jungle"\n[[card]]\nclue = "{clue}"\n')
    with pytest.raises(AtollError) as info:
        load_deck(path)
    error = info.value
    assert (error.source, error.entry, error.field) == (str(path), "card[1]", "clue")
    assert str(error).startswith(f"{path}: card[1]: clue: {clue!r}: at column {column}:")
    assert "\n" not in str(error)


@pytest.mark.parametrize(
    ("card", "field", "words"),
    [
        ('clue = "in lake"\ntext = "x"', "text", "unknown field (a card has one field, clue)"),
        ("clue = 3", "clue", "must be a clue string, got 3"),
        ('clue = ["in lake"]', "clue", "must be a clue string, got ['in lake']"),
        ("", "clue", "missing (a clue string)"),
    ],
    ids=["extra field", "not a string", "a list", "no clue"],
)
def test_card_table_shape(tmp_path, card, field, words):
    error = load_error(tmp_path, f'[[card]]\nclue = "in jungle"\n[[card]]\n{card}\n')
    assert (error.entry, error.field) == ("card[1]", field)
    assert f": card[1]: {field}: {words}" in str(error)


def test_card_not_a_table(tmp_path):
    error = load_error(tmp_path, 'card = [{ clue = "in lake" }, "in lake"]\n')
    assert error.entry == "card[1]"
    assert "a card is a table with one string field 'clue', got 'in lake'" in str(error)


def test_unknown_key(tmp_path):
    error = load_error(tmp_path, 'colour = "red"\n[[card]]\nclue = "in lake"\n')
    assert error.entry == "colour"
    assert ": colour: unknown key" in str(error)


@pytest.mark.parametrize("value", ['"yes"', "1", "[true]"])
def test_reconstruction_not_a_bool(tmp_path, value):
    error = load_error(tmp_path, f'reconstruction = {value}\n[[card]]\nclue = "in lake"\n')
    assert error.field == "reconstruction"
    assert ": reconstruction: must be true or false" in str(error)


def test_own_deck_defaults_to_not_a_reconstruction(tmp_path):
    path = write(tmp_path, '[[card]]\nclue = "in lake"\n[[card]]\nclue = "in lake"\n')
    own = load_deck(path)
    assert own.reconstruction is False
    assert own.cards == (Clue.parse("in lake"),) * 2
    assert own.distinct() == (Clue.parse("in lake"),)
    assert own.source == str(path)


def test_missing_deck_file(tmp_path):
    path = tmp_path / "none.toml"
    with pytest.raises(AtollError) as info:
        load_deck(path)
    assert str(info.value) == f"{path}: no such file"


def test_a_deck_has_at_most_1000_cards(tmp_path):
    from models.tobago.island.deck import MAX_CARDS

    assert MAX_CARDS == 1000
    cards = '[[card]]\nclue = "in lake"\n' * 1000
    assert len(load_deck(write(tmp_path, cards)).cards) == 1000
    error = load_error(tmp_path, cards + '[[card]]\nclue = "in lake"\n')
    assert error.entry == "card"
    assert str(error).endswith(": card: 1001 entries: a deck has at most 1000")


def test_deep_nesting_is_one_line(tmp_path):
    error = load_error(tmp_path, "card = " + "[" * 5000 + "]" * 5000 + "\n")
    assert str(error).endswith(": nested too deeply (tables and arrays: at most 32 levels)")
