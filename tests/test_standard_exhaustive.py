"""The standard-hand engine against the brute force of tests/bruteforce.py, over every
one-suit hand of 1, 4, 7, 10 and 13 tiles."""

from __future__ import annotations

from collections import Counter

import pytest
from bruteforce import (
    one_suit_complete,
    one_suit_hands,
    one_suit_shanten,
    one_suit_waits,
    waits_any,
)

from tilepress.engine import standard
from tilepress.tiles import STANDARD_TILES


def _tiles(ranks: tuple[int, ...]):
    return tuple(STANDARD_TILES[r] for r, c in enumerate(ranks) for _ in range(c))


@pytest.mark.parametrize("size", [1, 4, 7, 10, 13])
def test_waits_and_shanten_of_every_one_suit_hand(size: int) -> None:
    truth = one_suit_shanten(size)
    assert len(truth) == len(one_suit_hands(size))
    for ranks, distance in truth.items():
        counts = list(ranks) + [0] * 25
        assert standard.winning_kinds(counts) == one_suit_waits(ranks), ranks
        forms = standard.shanten_by_form_counts(counts, suits="m")
        assert min(forms.values()) == distance, (ranks, forms, distance)
        assert standard._shanten_of(counts, "m") == distance, ranks
        assert standard.shanten_from_counts(counts) == distance, ranks


@pytest.mark.parametrize("size", [4, 7])
def test_shanten_over_all_suits_matches_one_suit(size: int) -> None:
    """Bringing in tiles of other suits never helps a one-suit hand."""
    for ranks, distance in one_suit_shanten(size).items():
        assert standard.shanten(_tiles(ranks)) == distance


@pytest.mark.parametrize("size", [2, 5, 8, 11, 14])
def test_complete_hands_and_their_decompositions(size: int) -> None:
    for ranks in one_suit_hands(size):
        tiles = _tiles(ranks)
        complete = one_suit_complete(ranks)
        assert standard.is_complete(tiles) == complete, ranks
        decompositions = standard.decompositions(tiles)
        assert bool(decompositions) == complete
        for d in decompositions:
            assert Counter(t for g in d.groups for t in g.tiles) == Counter(tiles)


@pytest.mark.parametrize("size", [4, 7, 10])
def test_every_reading_shows_real_waits_and_together_all_of_them(size: int) -> None:
    for ranks in one_suit_hands(size):
        counts = list(ranks) + [0] * 25
        waits = standard.winning_kinds(counts)
        if not waits:
            continue
        tiles = _tiles(ranks)
        readings = standard.readings(tiles)
        shown = {w.kind for r in readings for w in r.waits}
        assert shown == set(waits), ranks
        for r in readings:
            assert Counter(t for g in r.groups for t in g.tiles) == Counter(tiles)
            for w in r.waits:
                grown = list(ranks)
                grown[w.kind] += 1
                assert one_suit_complete(tuple(grown))


def _text(ranks: tuple[int, ...], letter: str, red: bool = False) -> str:
    """The hand in notation order (a red five first among the fives, if asked)."""
    digits = "".join(str(r + 1) * c for r, c in enumerate(ranks))
    return digits.replace("5", "0", 1) + letter if red else digits + letter


@pytest.mark.parametrize("size", [1, 4, 7, 10, 13])
def test_public_waits_of_every_one_suit_hand_written_out(size: int) -> None:
    """standard.waits on every one-suit hand as MPSZ text (each suit letter in turn, and
    on some the digits reversed or a red five), on some as a list of tiles and, where
    the ranks allow, as honors, against the brute force: the tiles and how many are
    left."""
    for i, ranks in enumerate(one_suit_hands(size)):
        g = i % 3
        want = [(STANDARD_TILES[9 * g + r], 4 - ranks[r]) for r in one_suit_waits(ranks)]
        texts = [_text(ranks, "mps"[g])]
        if i % 4 == 0:
            texts.append(texts[0][-2::-1] + "mps"[g])  # not in notation order
        if ranks[4] and i % 2 == 0:
            texts.append(_text(ranks, "mps"[g], red=True))
        for text in texts:
            assert [(w.tile, w.left) for w in standard.waits(text)] == want, text
        if i % 5 == 0:
            hand = [STANDARD_TILES[9 * g + r] for r, c in enumerate(ranks) for _ in range(c)]
            assert [(w.tile, w.left) for w in standard.waits(hand)] == want, ranks
        if not any(ranks[7:]) and i % 7 == 0:  # honors: no runs
            counts = [0] * 27 + list(ranks[:7])
            want = [(STANDARD_TILES[k], 4 - counts[k]) for k in waits_any(counts)]
            text = _text(ranks, "z")
            assert [(w.tile, w.left) for w in standard.waits(text)] == want, text
