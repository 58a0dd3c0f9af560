"""The standard-hand engine: worked examples and invariants on mixed hands."""

from __future__ import annotations

import pytest
from bruteforce import complete_any
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tilepress.engine import standard
from tilepress.engine.standard import Hand
from tilepress.errors import HandError, NotationError
from tilepress.tiles import STANDARD_TILES, parse_tiles


def waits_of(hand: str, **kw) -> list[str]:
    return [str(w.tile) for w in standard.waits(hand, **kw)]


def test_nine_gates_waits_on_every_tile_of_its_suit() -> None:
    assert waits_of("1112345678999m") == [f"{n}m" for n in range(1, 10)]


def test_the_example_of_the_one_suit_rules() -> None:
    # 5677999p waits on 4p, 7p and 8p: ten tiles in all
    found = standard.waits("5677999p")
    assert [str(w.tile) for w in found] == ["4p", "7p", "8p"]
    assert sum(w.left for w in found) == 10


def test_thirteen_orphans_thirteen_sided() -> None:
    assert len(waits_of("19m19p19s1234567z")) == 13
    assert waits_of("19m19p19s1234566z") == ["7z"]


def test_seven_pairs_must_be_seven_different_pairs() -> None:
    assert waits_of("1122334455667z") == ["7z"]
    assert "1m" not in waits_of("1111m22p33p44p55p6p")  # four 1m are not two pairs


def test_a_tile_held_four_times_is_never_a_wait() -> None:
    assert waits_of("1111m") == []
    assert standard.shanten("1111m") == 1
    assert "1m" not in waits_of("1111m234p567p789s")


def test_tiles_left_count_the_hand_kans_and_visible_tiles() -> None:
    hand = Hand.parse("1m [2222p] [3333s] [4444z]")
    (wait,) = standard.waits(hand)
    assert str(wait.tile) == "1m" and wait.left == 3
    (wait,) = standard.waits(hand, visible=parse_tiles("11m"))
    assert wait.left == 1
    found = standard.waits("23m111p55s", visible=parse_tiles("1111m"))
    assert [(str(w.tile), w.left) for w in found] == [("1m", 0), ("4m", 4)]


def test_kans_do_not_count_toward_the_hand() -> None:
    hand = Hand.parse("123m456p11z [7777s]")
    assert len(hand.tiles) == 8 and str(hand) == "123m456p11z [7777s]"
    with pytest.raises(HandError, match="four copies"):
        Hand.parse("123m [777s]")
    with pytest.raises(NotationError, match="never closed"):
        Hand.parse("123m [7777s")


def test_discard_table_matches_a_wait_calculator() -> None:
    table = standard.discard_table("1112345678999m1z")
    assert str(table[0].discard) == "1z" and table[0].total == 23
    assert all(row.shanten == 0 for row in table)


def test_discard_table_counts_the_discarded_tile_as_seen() -> None:
    rows = {str(r.discard): r for r in standard.discard_table("23m456p789s111z555z")}
    # throwing a 5z leaves 23m waiting on 1m/4m: 8 tiles
    assert rows["5z"].total == 8


@pytest.mark.parametrize("size", [0, 3, 6, 15])
def test_impossible_sizes_are_rejected(size: int) -> None:
    with pytest.raises(HandError):
        standard.analyze(STANDARD_TILES[:size] if size <= 34 else "1m" * size)


def test_bonus_tiles_have_no_place_in_a_standard_hand() -> None:
    with pytest.raises(HandError, match="Flower"):
        standard.analyze("123m456p789s1z1f")


# Invariants on random mixed hands -------------------------------------------------

KINDS = list(range(34))


@st.composite
def hands(draw, size: int):
    kinds = draw(st.lists(st.integers(0, 33), min_size=size, max_size=size))
    counts = [kinds.count(k) for k in KINDS]
    assume(max(counts) <= 4)
    return counts


@st.composite
def near_complete(draw, sets: int = 4):
    """A complete hand (sets and a pair) with some tiles swapped at random."""
    counts = [0] * 34
    groups = draw(st.lists(st.tuples(st.booleans(), st.integers(0, 33)), min_size=sets,
                           max_size=sets))
    for is_run, k in groups:
        kinds = [k, k + 1, k + 2] if is_run and k < 27 and k % 9 <= 6 else [k] * 3
        for x in kinds:
            counts[x] += 1
    counts[draw(st.integers(0, 33))] += 2
    assume(max(counts) <= 4)
    for _ in range(draw(st.integers(0, 2))):
        out = draw(st.sampled_from([k for k in KINDS if counts[k]]))
        into = draw(st.sampled_from([k for k in KINDS if counts[k] < 4]))
        counts[out] -= 1
        counts[into] += 1
    return counts


def tiles(counts):
    return tuple(STANDARD_TILES[k] for k, c in enumerate(counts) for _ in range(c))


@settings(max_examples=300, suppress_health_check=[HealthCheck.filter_too_much])
@given(near_complete())
def test_complete_agrees_with_brute_force(counts) -> None:
    assert standard.is_complete(tiles(counts)) == complete_any(counts)


@settings(max_examples=200, suppress_health_check=[HealthCheck.filter_too_much])
@given(near_complete(), st.integers(0, 33))
def test_waits_are_exactly_the_tiles_that_complete(counts, drop) -> None:
    assume(counts[drop])
    counts[drop] -= 1
    hand = tiles(counts)
    found = {w.tile.kind for w in standard.waits(hand)}
    for k in KINDS:
        if counts[k] < 4:
            counts[k] += 1
            assert complete_any(counts) == (k in found)
            counts[k] -= 1
    assert (standard.shanten(hand) == 0) == bool(found)


@settings(max_examples=150, deadline=None)
@given(hands(13), st.data())
def test_one_exchange_moves_shanten_by_at_most_one(counts, data) -> None:
    out = data.draw(st.sampled_from([k for k in range(34) if counts[k]]))
    into = data.draw(st.sampled_from([k for k in range(34) if counts[k] < 4 and k != out]))
    before = standard.shanten(tiles(counts))
    counts[out] -= 1
    counts[into] += 1
    after = standard.shanten(tiles(counts))
    assert abs(before - after) <= 1
    assert -1 <= after <= 8


@settings(max_examples=60, deadline=None)
@given(near_complete())
def test_discard_rows_keep_the_best_shanten_and_their_tiles_improve(counts) -> None:
    hand = tiles(counts)
    assume(not standard.is_complete(hand))
    best = standard.shanten(hand)
    for row in standard.discard_table(hand):
        assert row.shanten == best
        rest = list(hand)
        rest.remove(row.discard)
        for tile, left in row.tiles:
            grown = [*rest, tile]
            assert standard.shanten(grown) == row.shanten - 1
            assert 0 <= left <= 4
