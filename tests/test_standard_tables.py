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
from hypothesis import HealthCheck, assume, example, given, settings
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


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.text("01234567899", max_size=14), st.sampled_from("mpsz")),
                max_size=5), st.text("0123456789mpsz", max_size=3))
@example([("", "m"), ("1234", "p")], "")
@example([("123", "m"), ("", "p"), ("1", "s")], "")
@example([("1234", "s")], "5")
@example([("12", "m"), ("34", "m")], "")
@example([("1111", "m"), ("123405", "p"), ("66", "s")], "")
def test_any_string_of_digits_and_suits_reads_as_the_general_way_reads_it(runs, tail) -> None:
    """Whatever a string of digits and suit letters holds (suits out of order or twice,
    long runs, fifth copies, red fives, stray characters at the end), the fast reading
    gives what the general way gives: the same waits, or the same error."""
    from tilepress.engine import standard_codes
    from tilepress.engine.standard import _waits as general

    text = "".join(digits + letter for digits, letter in runs) + tail
    fast = standard_codes.waits_reader(general)
    outcomes = []
    for read in (fast, lambda t: general(t, ())):
        try:
            outcomes.append(("waits", read(text)))
        except (HandError, NotationError) as error:
            outcomes.append((type(error).__name__, str(error)))
    assert outcomes[0] == outcomes[1], text


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
    ("1111122223333m", HandError), ("3111112222333m", HandError), ("11111m22p33s4z", HandError),
    ("22m111119p", HandError), ("m1234p", NotationError), ("1234pz", NotationError),
    ("1m2m", HandError), ("123m4", NotationError), ("1234m5p6z7z", None),
    ("88z", NotationError), ("1234z", None), ("1z234m", None), ("123s456p1z", None),
    ("1234m0", NotationError), ("١٢٣٤m", NotationError), ("2222233333444445m", HandError),
    ("2222233333444445m1z", HandError), ("1m2222233333444445p", HandError),
    # long runs of one suit beside another (ten digits or more: read as three runs)
    ("111234567899m1z", None), ("11123405678m99s", None), ("123456789m1234p", None),
    ("1234567899m123p", None), ("1111123456m789p", HandError), ("2222234567m789p", HandError),
    ("99999m12345678p", HandError), ("12m99999999p123s", HandError), ("1234506789m1z11s", None),
])
def test_strings_the_fast_reading_declines_go_the_general_way(text, error) -> None:
    if error is None:
        assert standard.shanten(text) == standard.shanten(text.replace(" ", ""))
        hand = standard.Hand.parse(text)
        assert standard.waits(text) == standard.waits(hand) == standard.waits(list(hand.tiles))
        return
    with pytest.raises(error) as caught:
        standard.waits(text)
    with pytest.raises(error) as general:
        standard.waits(standard.Hand.parse(text) if error is not NotationError else text)
    assert str(caught.value) == str(general.value)
    if error is HandError and text:
        tiles = list(standard.Hand(parse_tiles(text)).tiles)
        with pytest.raises(HandError) as listed:
            standard.waits(tiles)
        assert str(listed.value) == str(general.value)


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


# -- the readers of text and tiles, on random mixed hands ------------------------------


def _mixed_hand(rng: random.Random, size: int) -> list[int]:
    """Counts of a random hand: drawn from the wall, built ready, or leaning to pairs or
    to terminals and honors (where seven pairs and thirteen orphans live)."""
    while True:
        counts = [0] * 34
        style = rng.randrange(4)
        if style == 1 and size == 13:  # four sets and a pair, less a tile
            for n in range(5):
                k = rng.randrange(34)
                if n == 4:
                    counts[k] += 2
                elif k < 27 and k % 9 <= 6 and rng.random() < 0.6:
                    for x in range(3):
                        counts[k + x] += 1
                else:
                    counts[k] += 3
            counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
        else:
            pool = ([k for k in range(34) for _ in range(2)] if style == 2 else
                    [k for k in standard_tables.ORPHANS for _ in range(3)] + list(range(34))
                    if style == 3 else [k for k in range(34) for _ in range(4)])
            for k in rng.sample(pool, size):
                counts[k] += 1
        if max(counts) <= 4 and sum(counts) == size:
            return counts


def _shuffled_text(rng: random.Random, hand: tuple[Tile, ...]) -> str:
    """The hand in MPSZ text with its suits, and the digits within them, in any order."""
    groups: dict[str, list[str]] = {}
    for tile in hand:
        groups.setdefault(str(tile)[-1], []).append(str(tile)[0])
    order = list(groups)
    rng.shuffle(order)
    parts = []
    for letter in order:
        rng.shuffle(groups[letter])
        parts.append("".join(groups[letter]) + letter)
    return "".join(parts)


def test_waits_of_random_mixed_hands_every_way_in_against_brute_force() -> None:
    """3,000 random hands of 1 to 13 tiles, never seen before in the process, as MPSZ
    text (in notation order, shuffled, with red fives), as tile lists and tuples (shuffled)
    and as 34 counts: the waits and the tiles left match the brute force, and each
    wait's winning hand is the hand and the wait."""
    rng = random.Random(2026)
    for i in range(3000):
        size = (13, 13, 13, 10, 7, 4, 1)[i % 7]
        counts = _mixed_hand(rng, size)
        truth = waits_any(counts)
        want = [(STANDARD_TILES[k], 4 - counts[k]) for k in truth]
        hand = list(tiles_of(counts))
        if i % 3 == 0:  # red fives
            hand = [Tile(f"0{t.suit}") if t.number == 5 and t.kind < 27
                    and rng.random() < 0.5 else t for t in hand]
        text = format_tiles(hand)
        shuffled = list(hand)
        rng.shuffle(shuffled)
        for given_as in (text, _shuffled_text(rng, tuple(hand)), shuffled, tuple(shuffled)):
            found = standard.waits(given_as)
            assert [(w.tile, w.left) for w in found] == want, (given_as, counts)
        assert standard.winning_kinds(counts) == truth, counts
        for wait in found[:1]:
            grown = sorted([*hand, wait.tile], key=lambda t: t.kind)
            assert sorted(t.kind for g in wait.decomposition.groups for t in g.tiles) == [
                t.kind for t in grown]


def test_one_group_alone_reads_as_read_waits_with_three_empty_groups() -> None:
    """The waits kept for a hand of one group alone are read_waits' (the one reading)
    with the three other groups empty, for every entry of every group."""
    from tilepress.engine import standard_classes

    standard.waits("1m")
    for g in range(4):
        empty = [standard_classes.ENTRIES[i][standard_classes.ENTRY_OF[i][0]] for i in range(4)]
        for number, entry in enumerate(standard_classes.ENTRIES[g]):
            groups = list(empty)
            groups[g] = entry
            alone = standard_classes.KINDS[g][standard_classes.ALONE[g][number]]
            tiles = standard_classes.TILES[g][number]
            assert tiles == min(entry[0] >> standard_tables.TILES_SHIFT, 255)
            if alone is None:  # seven pairs may be among them: read with the counts
                assert entry[0] >> standard_tables.TALLY_SHIFT in standard_classes.SPECIAL_TALLIES
                continue
            assert list(alone) == list(standard_classes.read_waits(
                sum(e[0] for e in groups), *groups, (0, 0, 0, 0))), (g, number)


def test_the_runs_table_holds_each_run_in_notation_order_with_its_code() -> None:
    from tilepress.engine import standard_classes, standard_codes

    standard.waits("1m")
    for table, ranks, g in ((standard_codes._SUIT_SEGMENT, 9, 0),
                            (standard_codes._HONOR_SEGMENT, 7, 3)):
        weights = standard_tables.segment_weights(ranks)
        assert "" in table and all(len(run) <= standard_tables.SEGMENT_TILES for run in table)
        for run, value in table.items():
            code = sum(weights[d] for d in run)
            assert value >> standard_codes.RUN_SHIFT == code, run
            assert value & 0xFFFF == standard_classes.ENTRY_OF[g][code], run
            assert list(run) == sorted(run, key=lambda d: (int(d) or 5, d != "0")), run
        sizes = len([run for run in table if len(run) == 3 and "0" not in run])
        assert sizes == (165 if ranks == 9 else 84)  # every multiset of three ranks


def _multisets(ranks: int, size: int) -> int:
    """Multisets of ``size`` ranks of ``ranks``, at most four copies of each: the
    coefficient of x**size in (1 + x + ... + x**4)**ranks."""
    poly = [1]
    for _ in range(ranks):
        poly = [sum(poly[i - c] for c in range(5) if 0 <= i - c < len(poly))
                for i in range(len(poly) + 4)]
    return poly[size]


def test_the_long_runs_table_holds_each_run_with_its_entry_and_code() -> None:
    """Every run of at most RUN_TILES digits in notation order (red fives only in the
    short ones), each with its group's wait entry and code."""
    from tilepress.engine import standard_classes, standard_codes

    standard.waits("1m")
    for table, ranks, g in ((standard_codes._SUIT_RUN, 9, 0),
                            (standard_codes._HONOR_RUN, 7, 3)):
        weights = standard_tables.segment_weights(ranks)
        for size in range(standard_tables.RUN_TILES + 1):
            plain = [run for run in table if len(run) == size and "0" not in run]
            assert len(plain) == _multisets(ranks, size), (ranks, size)
        for run, value in table.items():
            code = sum(weights[d] for d in run)
            assert value[4] == code, run
            entry = standard_classes.ENTRIES[g][standard_classes.ENTRY_OF[g][code]]
            assert value[:4] == tuple(entry), run
            assert list(run) == sorted(run, key=lambda d: (int(d) or 5, d != "0")), run
            assert "0" not in run or len(run) <= standard_tables.SEGMENT_TILES, run
        assert all(len(run) <= standard_tables.RUN_TILES for run in table)
    assert standard_codes._SUIT_RUN["12340"][4] == standard_codes._SUIT_RUN["12345"][4]


def test_plain_strings_and_tile_lists_are_read_without_the_general_way() -> None:
    """The fast reader reads every plain string (suits in order m, p, s, z) and every
    list of standard tiles itself: the general way is only for the rest."""
    from tilepress.engine import standard_codes

    def general(hand, visible):
        raise AssertionError(f"read the general way: {hand!r}")

    waits = standard_codes.waits_reader(general)
    rng = random.Random(7)
    for i in range(2000):
        counts = _mixed_hand(rng, (13, 10, 7, 4, 1)[i % 5])
        hand = list(tiles_of(counts))
        digits = format_tiles(hand)
        for given_as in (digits, hand, tuple(hand), _in_order_shuffled(rng, hand)):
            assert waits(given_as) == standard.waits(standard.Hand(tuple(hand)))


def _in_order_shuffled(rng: random.Random, hand: list[Tile]) -> str:
    """MPSZ text with the suits in order and the digits within each suit shuffled."""
    parts = []
    for letter in "mpsz":
        digits = [str(t)[0] for t in hand if t.suit == letter]
        rng.shuffle(digits)
        parts.append("".join(digits) + letter if digits else "")
    return "".join(parts)
