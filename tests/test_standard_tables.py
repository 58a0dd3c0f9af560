"""The table-driven paths of the standard engine against tests/bruteforce.py: the tables
themselves, the fast readings of strings, tiles and count vectors, the lazy winning
decomposition, and the cache file. (100,000 random hands against brute force, xiangting
and the mahjong library: ``python benchmarks/run.py engine-check``.)"""

from __future__ import annotations

import copy
import itertools
import pickle
import random

import pytest
from bruteforce import (
    one_suit_hands,
    one_suit_shanten,
    plan_costs,
    small_shanten,
    waits_any,
)
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tilepress.engine import standard, standard_tables, table_cache
from tilepress.errors import HandError, NotationError
from tilepress.tiles import STANDARD_TILES, Tile, format_tiles, parse_tiles


def tiles_of(counts) -> tuple[Tile, ...]:
    return tuple(STANDARD_TILES[k] for k in range(34) for _ in range(counts[k]))


def vector(table: bytes, pattern: tuple[int, ...]) -> tuple[int, ...]:
    standard_tables.load()
    standard.shanten("1m")  # installs the tables
    return standard_tables.VECTORS[table[int("".join(map(str, pattern)), 5)]]


# -- the tables ------------------------------------------------------------------------


def test_suit_cost_vectors_are_the_cheapest_plans() -> None:
    rng = random.Random(1)
    patterns = [v for v in itertools.product(range(5), repeat=9) if sum(v) <= 14]
    sample = [*rng.sample(patterns, 400), (0,) * 9, (4,) * 3 + (0,) * 6, (1,) * 9]
    truth = plan_costs(sample, 9, runs=True)
    for pattern, row in zip(sample, truth, strict=True):
        assert vector(standard_tables.SUIT_VECTOR, pattern) == tuple(row), pattern


def test_honor_cost_vectors_are_the_cheapest_plans() -> None:
    patterns = [v for v in itertools.product(range(5), repeat=7) if sum(v) <= 14]
    sample = [*random.Random(2).sample(patterns, 400), (0,) * 7, (4, 4, 4, 2, 0, 0, 0)]
    truth = plan_costs(sample, 7, runs=False)
    for pattern, row in zip(sample, truth, strict=True):
        assert vector(standard_tables.HONOR_VECTOR, pattern) == tuple(row), pattern


def test_one_suit_shanten_table_against_exchanges() -> None:
    """Hands of one suit read their shanten from a table of their own (13 tiles: in
    test_standard_exhaustive)."""
    for ranks, distance in one_suit_shanten(7).items():
        for g in (1, 2):
            counts = [0] * 34
            counts[9 * g : 9 * g + 9] = ranks
            assert standard.shanten_from_counts(counts) == distance, ranks


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=7, max_size=7) | st.lists(
    st.integers(0, 33), min_size=4, max_size=4))
def test_shanten_of_small_mixed_hands_against_every_complete_hand(kinds) -> None:
    counts = [kinds.count(k) for k in range(34)]
    assume(max(counts) <= 4)
    truth = small_shanten(counts)
    assert standard.shanten_from_counts(counts) == truth
    assert standard.shanten(format_tiles(tiles_of(counts))) == truth
    assert standard.shanten(tiles_of(counts)) == truth


# -- every way in: strings, tiles, hands, counts --------------------------------------


@st.composite
def ready_or_near(draw, size: int = 13):
    """A complete hand with up to two tiles swapped and one removed (often ready)."""
    counts = [0] * 34
    for _ in range(size // 3):
        k = draw(st.integers(0, 33))
        run = draw(st.booleans()) and k < 27 and k % 9 <= 6
        for x in ([k, k + 1, k + 2] if run else [k] * 3):
            counts[x] += 1
    counts[draw(st.integers(0, 33))] += 2
    assume(max(counts) <= 4)
    for _ in range(draw(st.integers(0, 2))):
        out = draw(st.sampled_from([k for k in range(34) if counts[k]]))
        into = draw(st.sampled_from([k for k in range(34) if counts[k] < 4]))
        counts[out] -= 1
        counts[into] += 1
    counts[draw(st.sampled_from([k for k in range(34) if counts[k]]))] -= 1
    return counts


@settings(max_examples=300, suppress_health_check=[HealthCheck.filter_too_much])
@given(ready_or_near())
def test_waits_of_strings_tiles_and_counts_against_brute_force(counts) -> None:
    truth = waits_any(counts)
    assert standard.winning_kinds(counts) == truth
    hand = tiles_of(counts)
    for given_as in (format_tiles(hand), hand, list(hand), iter(hand), standard.Hand(hand)):
        found = standard.waits(given_as)
        assert [w.tile.kind for w in found] == truth
        assert all(w.left == 4 - counts[w.tile.kind] for w in found)
    assert (standard.shanten(hand) == 0) == bool(truth)


def test_red_fives_count_as_fives() -> None:
    assert [str(w.tile) for w in standard.waits("3406m")] == ["3m", "6m"]
    assert standard.waits("3406m") == standard.waits("3456m")
    assert standard.shanten(parse_tiles("0p0p55p123s456s789s1z")) == 0


def test_kans_and_visible_tiles_are_counted_as_seen() -> None:
    (wait,) = standard.waits("1m [1111p] [2222p]", visible=parse_tiles("1m"))
    assert (str(wait.tile), wait.left) == ("1m", 2)
    with pytest.raises(HandError, match="5 copies"):
        standard.waits("1m", visible=parse_tiles("1111m"))


@pytest.mark.parametrize("text, error", [
    ("123m456p789s1234z1j", HandError), ("8z", NotationError), ("0z", NotationError),
    ("123", NotationError), ("m123", NotationError), ("12mp", NotationError),
    ("11111m", HandError), ("123m 456p 789s 1112z", None), ("", HandError),
])
def test_strings_the_fast_reading_declines_go_the_general_way(text, error) -> None:
    if error is None:
        assert standard.shanten(text) == standard.shanten(text.replace(" ", ""))
        return
    with pytest.raises(error) as caught:
        standard.waits(text)
    with pytest.raises(error) as general:
        standard.waits(standard.Hand.parse(text) if error is not NotationError else text)
    assert str(caught.value) == str(general.value)


# -- the winning decomposition, found on first read ------------------------------------


def test_lazy_decomposition_is_a_real_field() -> None:
    found = standard.waits("1112345678999m")
    assert len(found) == 9
    for wait in found:
        grown = sorted([*parse_tiles("1112345678999m"), wait.tile])
        options = standard.decompositions(grown)
        assert wait.decomposition in options
        assert sorted(t for g in wait.decomposition.groups for t in g.tiles) == grown
    again = standard.waits("1112345678999m")
    assert found == again and hash(found) == hash(again)
    assert repr(found) == repr(again)
    assert pickle.loads(pickle.dumps(found)) == found
    assert copy.deepcopy(found) == found
    eager = standard.Wait(found[0].tile, found[0].left, found[0].decomposition)
    assert eager == found[0] and repr(eager) == repr(found[0])
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        found[0].nothing  # noqa: B018


# -- the cache file --------------------------------------------------------------------


VERSION = b"standard tables 1"
PRINT = bytes(32)


def test_cache_file_round_trip_and_damage() -> None:
    sections = {"one": b"\x01\x02", "two": bytes(range(256))}
    blob = table_cache.encode(sections, PRINT, VERSION)
    assert table_cache.decode(blob, PRINT, VERSION) == sections
    for bad in (blob[:-1], blob[:40], blob[:-1] + b"\x00", b"junk" + blob[4:],
                blob.replace(b"standard tables 1", b"standard tables 0")):
        with pytest.raises(ValueError):
            table_cache.decode(bad, PRINT, VERSION)
    with pytest.raises(ValueError):
        table_cache.decode(blob, bytes([1]) * 32, VERSION)  # built by other code


def test_load_rebuilds_a_damaged_cache_and_survives_a_read_only_one(tmp_path,
                                                                    monkeypatch) -> None:
    built = []
    sections = {"one": b"x"}
    monkeypatch.setattr(standard_tables, "_LOADED", [])
    monkeypatch.setattr(standard_tables, "build_sections",
                        lambda: built.append(1) or dict(sections))
    monkeypatch.setattr(standard_tables, "tables_from", lambda s: s)
    monkeypatch.setenv("TILEPRESS_CACHE_DIR", str(tmp_path))
    path = table_cache.cache_path()
    path.write_bytes(b"half a file")
    assert standard_tables.load() == sections and built == [1]
    assert table_cache.read(fingerprint_of=standard_tables._SOURCES,
                            version=standard_tables._FORMAT) == sections  # rewritten, sound
    monkeypatch.setattr(standard_tables, "_LOADED", [])
    assert standard_tables.load() == sections and built == [1]  # read back, not built
    monkeypatch.setattr(standard_tables, "_LOADED", [])
    monkeypatch.setenv("TILEPRESS_CACHE_DIR", str(tmp_path / "file" / "below"))
    (tmp_path / "file").write_bytes(b"")  # a directory that cannot be made
    assert standard_tables.load() == sections and built == [1, 1]
    monkeypatch.setenv("TILEPRESS_CACHE_DIR", "")
    assert table_cache.cache_path() is None


def test_every_one_suit_hand_of_seven_tiles_every_way_in() -> None:
    for ranks in one_suit_hands(7):
        counts = list(ranks) + [0] * 25
        text = format_tiles(tiles_of(counts))
        assert standard.shanten(text) == standard.shanten_from_counts(counts)
        assert [w.tile.kind for w in standard.waits(text)] == standard.winning_kinds(counts)
