"""The class tables and learned group entries of tilepress.engine.standard_classes
against the other ways the engine has to the same answers: the cost-vector tables
(shanten by form, themselves checked against every plan in test_standard_tables), and
tests/bruteforce.py for complete hands and waits."""

from __future__ import annotations

import random

import pytest
from bruteforce import waits_any

from tilepress.engine import standard, standard_classes, standard_tables, table_cache

ORPHANS = standard_tables.ORPHANS


def by_forms(counts: list[int]) -> int:
    """Shanten from the cost-vector tables and the special forms' formulas."""
    return min(standard.shanten_by_form_counts(counts).values())


def draw(rng: random.Random, size: int, pool: list[int]) -> list[int]:
    while True:
        counts = [0] * 34
        for k in rng.sample(pool, size):
            counts[k] += 1
        if max(counts) <= 4:
            return counts


WALL = [k for k in range(34) for _ in range(4)]
#: Hands that lean to the special forms: mostly pairs, or mostly terminals and honors.
PAIRS = [k for k in range(34) for _ in range(2)]
TERMINALS = [k for k in ORPHANS for _ in range(3)] + list(range(34))


@pytest.mark.parametrize("pool", [WALL, PAIRS, TERMINALS], ids=["wall", "pairs", "orphans"])
def test_shanten_against_the_cost_vectors_every_size(pool) -> None:
    rng = random.Random(len(pool))
    for size in (1, 2, 4, 5, 7, 8, 10, 11, 13, 14) * 60:
        counts = draw(rng, size, pool)
        truth = by_forms(counts)
        assert standard_classes.shanten_from_counts(counts) == truth, counts
        assert standard_classes.shanten_of(bytes(counts)) == truth, counts


def test_special_forms_beat_the_standard_form() -> None:
    """Hands whose shanten only seven pairs or thirteen orphans reach."""
    seven = [0] * 34
    for k in (0, 1, 5, 8, 10, 27):  # six pairs that make no sets, and one single 6p
        seven[k] = 2
    seven[14] = 1
    orphans = [1 if k in ORPHANS else 0 for k in range(34)]
    assert standard.shanten_from_counts(seven) == 0 < standard.shanten_by_form_counts(
        seven)[standard.STANDARD]
    assert standard.shanten_from_counts(orphans) == 0
    assert standard.winning_kinds(seven) == [14]
    assert standard.winning_kinds(orphans) == list(ORPHANS)
    orphans[0], orphans[33] = 2, 0
    assert standard.winning_kinds(orphans) == [33]


def test_complete_hands_of_fourteen_tiles_read_minus_one() -> None:
    for text in ("11122233344455m", "11223344556677z", "19m19p19s12345677z", "123m456p789s11122z"):
        counts = [0] * 34
        for tile in standard.Hand.parse(text).tiles:
            counts[tile.kind] += 1
        assert standard.shanten_from_counts(counts) == -1 == standard.shanten(text), text
        assert standard.complete_counts(counts) and standard.is_complete(text), text


@pytest.mark.parametrize("pool", [WALL, PAIRS, TERMINALS], ids=["wall", "pairs", "orphans"])
def test_waits_and_complete_hands_against_brute_force(pool) -> None:
    rng = random.Random(7 + len(pool))
    for size in (1, 4, 7, 10, 13) * 80:
        counts = draw(rng, size, pool)
        truth = waits_any(counts)
        assert standard_classes.winning_kinds(counts) == truth, counts
        assert standard_classes.waits_of(bytes(counts)) == truth, counts
        for k in truth[:2]:
            counts[k] += 1
            assert standard.complete_counts(counts), counts
            counts[k] -= 1


def test_every_ready_special_hand_passes_the_tally() -> None:
    """The tally gate lets through every hand ready as seven pairs or thirteen orphans."""
    rng = random.Random(3)
    for _ in range(300):
        pairs = rng.sample(range(34), 7)
        counts = [0] * 34
        for k in pairs:
            counts[k] = 2
        counts[rng.choice(pairs)] = 1
        assert standard.winning_kinds(counts) == waits_any(counts) != [], counts
    for missing in (None, *ORPHANS):
        for double in ORPHANS:
            counts = [1 if k in ORPHANS and k != missing else 0 for k in range(34)]
            if missing is not None:
                if double == missing:
                    continue
                counts[double] = 2
            assert standard.winning_kinds(counts) == waits_any(counts) != [], counts


def test_learned_entries_are_kept_and_shared() -> None:
    counts = [1, 1, 1, 0, 0, 0, 0, 0, 2] + [0] * 9 + [3, 3] + [0] * 14
    standard.shanten_from_counts(counts)
    standard.winning_kinds(counts[:34])
    key = bytes(counts[:9])
    assert key in standard_classes.SUIT_SHANTEN and bytes(9) in standard_classes.SUIT_SHANTEN
    runs = [[0] * 34, [0] * 34]  # 234m and 345m: one class, the same counters
    runs[0][1:4] = runs[1][2:5] = [1, 1, 1]
    assert standard.shanten_from_counts(runs[0]) == standard.shanten_from_counts(runs[1])
    first, second = (standard_classes.SUIT_SHANTEN[bytes(r[:9])] for r in runs)
    assert first is second


@pytest.mark.parametrize("counts", [
    [4, 4, 4, 3] + [0] * 30,  # 15 tiles
    [4, 4, 3] + [0] * 6 + [4] + [0] * 24,  # 15 tiles, no group above 14
    [5] + [0] * 33,  # five copies
    [0] * 33 + [1] * 2,  # 35 counts
])
def test_counts_that_are_no_hand_raise_value_error(counts) -> None:
    with pytest.raises(ValueError):
        standard_classes.shanten_from_counts(counts)
    with pytest.raises(ValueError):
        standard_classes.shanten_of(bytes(counts))


def test_counts_of_another_length_raise_value_error() -> None:
    for counts in ([0] * 33, [0] * 35, [1] * 13):
        with pytest.raises(ValueError, match="34 counts"):
            standard_classes.winning_kinds(counts)
        with pytest.raises(ValueError, match="34 counts"):
            standard_classes.waits_of(bytes(counts))


def test_negative_or_huge_counts_raise_value_error() -> None:
    for bad in ([-1] + [0] * 33, [256] + [0] * 33):
        with pytest.raises(ValueError):
            standard.shanten_from_counts(bad)
        with pytest.raises(ValueError):
            standard.winning_kinds(bad)


def test_class_tables_are_small_and_closed() -> None:
    sections = standard_tables.build_sections()
    suit_class, honor_class, step, final, special = standard_classes.class_tables(sections)
    assert len(suit_class) < 256 and len(honor_class) < 256
    assert len(step) == len(final) < 1000  # states, the last one for more than 14 tiles
    assert all(0 <= state < len(step) for row in step for state in row)
    assert all(value is None for value in final[-1])
    assert len(special) == 1 << 14 and min(special) >= standard_classes.SPECIAL - 1
    broken = dict(sections, class_final=sections["class_final"][:-1])
    with pytest.raises(ValueError):
        standard_classes.class_tables(broken)


def test_the_cache_fingerprint_covers_both_table_modules(tmp_path) -> None:
    first, second = tmp_path / "a.py", tmp_path / "b.py"
    first.write_text("one")
    second.write_text("two")
    before = table_cache._fingerprint([str(first), str(second)], b"v")
    second.write_text("three")
    assert table_cache._fingerprint([str(first), str(second)], b"v") != before
    assert table_cache._fingerprint(str(first), b"v") == table_cache._fingerprint(
        [str(first)], b"v")
    assert any(path.endswith("standard_classes.py") for path in standard_tables._SOURCES)
