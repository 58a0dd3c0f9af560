"""Lookup tables of the standard-hand engine (:mod:`tilepress.engine.standard`), and the
functions that read them on hands given as 34 counts.

A hand splits into four groups: the three suits (nine ranks; runs and triplets) and the
honors (seven kinds; triplets only). Every pattern of counts of one group with at most
14 tiles (405,350 for a suit, 43,130 for the honors) gets, once:

* its *cost vector*: for j = 0..4 sets and p = 0..1 pairs, the least number of tiles to
  add so that the group holds j sets and p pairs, no kind above four copies (tiles
  beyond the plan are thrown away). 126 suit vectors and 55 honor vectors occur; their
  sums over groups (min-plus convolution) close on 232 vectors, so combining four groups
  is three lookups, and the exact shanten of a hand is ``min(forms) - 1`` read from them
  (the class tables of :mod:`tilepress.engine.standard_classes`, built here too, read
  it faster still);
* its *wait entry*: whether it splits into sets, or sets and a pair, or is one tile
  short of either (and the ranks that complete it each way: the waits), with a tally
  of its kinds and tiles; a dense table gives each pattern's entry by its base-5 code
  (the counts as digits, rank 1 the most significant), so that no pattern is ever
  learned: a hand read as four codes is four indexings away from its waits.

The tables are built with numpy by dynamic programming over counts, level by level
(patterns of s tiles from those of s - 1 or s + 1), in about a second, and kept in a
cache file of 7.4 MB (``$XDG_CACHE_HOME/tilepress`` or ``~/.cache/tilepress``; set
``TILEPRESS_CACHE_DIR`` to move it, or to an empty string to keep nothing on disk),
read back in a few tens of milliseconds. The file is written atomically and checked
(format, a fingerprint of the two modules' source, a CRC-32); anything amiss and the
tables are built again, so the file is never needed for a correct answer. Nothing is
built or read before the first hand is.
"""

from __future__ import annotations

import functools
import itertools
import operator
import os
import struct
import threading
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tilepress.engine import table_cache

if TYPE_CHECKING:
    pass

#: Cost of an impossible plan (the "tiles thrown away" group of a suit not allowed).
INF = 99
SETS = 4
"""Plans hold up to four sets (and one pair): a hand has at most 14 tiles."""
WIDTH = 2 * (SETS + 1)
"""Entries of a cost vector: index ``2 * j + p``."""
SUIT_RANKS = 9
HONOR_KINDS = 7
_FORMAT = b"tilepress standard tables 3\n"
_SOURCES = (__file__, os.path.join(os.path.dirname(__file__), "standard_classes.py"))
"""The files whose source the cache file's fingerprint hashes."""


@dataclass(frozen=True, slots=True)
class Tables:
    """The engine's tables (see the module docstring)."""

    suit_vector: bytes
    """Group id of each suit pattern, indexed by ``int(counts as base-5 digits, 5)``
    (rank 1 the most significant digit); 255 for patterns of more than 14 tiles."""
    honor_vector: bytes
    """Group id of each honor pattern, indexed the same way (seven digits)."""
    vectors: tuple[tuple[int, ...], ...]
    """Cost vector of every combined id; group ids come first (suits, honors, nothing)."""
    combine: tuple[array, ...]
    """``combine[u][g]``: the id of combined vector u plus group vector g."""
    final: tuple[tuple[bytes, ...], ...]
    """``final[k][u][g]``: least tiles to add for k sets and a pair, combined vector u
    plus group vector g (``vectors[combine[u][g]][2 * k + 1]``)."""
    nothing: int
    """The group id of a group whose tiles can only be thrown away."""
    suit_entry: bytes | memoryview
    """Wait entry number of each suit pattern (little-endian 16-bit, see
    :func:`unpacked`), indexed like ``suit_vector``; the last entry stands for the
    patterns of more than 14 tiles."""
    honor_entry: bytes | memoryview
    """The same for the honor patterns."""
    suit_entries: tuple[array, ...]
    """The suit patterns' wait entries, by number, as columns (see
    :func:`standard_classes.entry_sections`)."""
    honor_entries: tuple[array, ...]
    """The honor patterns' wait entries."""
    suit_segments: tuple[bytes | memoryview, bytes | memoryview]
    """Each run of at most ``RUN_TILES`` digits of a suit written in notation order,
    and its code (the code of a longer run is the sum of its parts' codes), as stored:
    :func:`segment_runs` reads them."""
    honor_segments: tuple[bytes | memoryview, bytes | memoryview]
    """The same for the honors."""
    classes: tuple[Any, ...]
    """The class tables of :mod:`tilepress.engine.standard_classes`."""


# ---------------------------------------------------------------------------
# Building (numpy, once)
# ---------------------------------------------------------------------------


def _group_arrays(ranks: int, runs: bool) -> dict[str, Any]:
    """Cost vectors and wait records of every pattern of one group, as numpy arrays."""
    import numpy as np

    n = 5**ranks
    digits = np.indices((5,) * ranks, dtype=np.int8).reshape(ranks, n)
    level = digits.sum(0, dtype=np.int8)
    order = np.argsort(level, kind="stable")
    count = int(np.searchsorted(level[order], 15))
    codes = order[:count]  # patterns of 14 tiles at most, by level, then by code
    lev = level[codes]
    starts = np.searchsorted(lev, np.arange(16))
    dig = digits[:, codes]
    index = np.full(n + 1, count, dtype=np.int64)  # code -> position; count: no pattern
    index[codes] = np.arange(count)
    weights = [5 ** (ranks - 1 - r) for r in range(ranks)]
    pred = [index[np.where(dig[r] > 0, codes - weights[r], n)] for r in range(ranks)]
    succ = [index[np.where(dig[r] < 4, codes + weights[r], n)] for r in range(ranks)]

    # the plans: j sets (and p pairs), as full codes
    shapes = [[(r, 3)] for r in range(ranks)]
    if runs:
        shapes += [[(r, 1), (r + 1, 1), (r + 2, 1)] for r in range(ranks - 2)]
    member = np.zeros(count + 1, dtype=np.uint16)  # bit 2j+p: a subset of such a plan
    plans = np.zeros(1, dtype=np.int64)
    for j in range(SETS + 1):
        have = digits[:, plans]
        member[index[plans]] |= np.uint16(1 << (2 * j))
        for r in range(ranks):
            member[index[plans[have[r] <= 2] + 2 * weights[r]]] |= np.uint16(1 << (2 * j + 1))
        grown = []
        for shape in shapes:
            fits = np.ones(len(plans), dtype=bool)
            step = 0
            for r, c in shape:
                fits &= have[r] + c <= 4
                step += c * weights[r]
            grown.append(plans[fits] + step)
        plans = np.unique(np.concatenate(grown))
    member[count] = 0
    # subsets of plans: a pattern is one if adding some tile gives one (levels downwards)
    for s in range(13, -1, -1):
        a, b = starts[s], starts[s + 1]
        block = member[a:b].copy()
        for r in range(ranks):
            block |= member[succ[r][a:b]]
        member[a:b] = block
    # tiles kept: the largest subset of the pattern that is a subset of a plan
    kept = np.zeros((count + 1, WIDTH), dtype=np.int8)
    shifts = np.arange(WIDTH, dtype=np.uint16)
    for s in range(1, 15):
        a, b = starts[s], starts[s + 1]
        best = kept[pred[0][a:b]]
        for r in range(1, ranks):
            np.maximum(best, kept[pred[r][a:b]], out=best)
        inside = ((member[a:b, None] >> shifts) & 1).astype(bool)
        kept[a:b] = np.where(inside, np.int8(s), best)
    size = np.array([3 * (t // 2) + 2 * (t % 2) for t in range(WIDTH)], dtype=np.int8)
    cost = size - kept[:count]

    # waits: complete as sets (state 0) or sets and a pair (state 1), and ranks completing
    rows = np.arange(count)
    sets_only = (lev % 3 == 0) & (cost[rows, 2 * (lev // 3)] == 0)
    with_pair = (lev % 3 == 2) & (cost[rows, np.maximum(2 * ((lev - 2) // 3) + 1, 1)] == 0)
    sets_only = np.append(sets_only, False)
    with_pair = np.append(with_pair, False)
    to_pair = np.zeros(count, dtype=np.int64)
    to_sets = np.zeros(count, dtype=np.int64)
    for r in range(ranks):
        to_pair |= with_pair[succ[r]].astype(np.int64) << r
        to_sets |= sets_only[succ[r]].astype(np.int64) << r
    state = np.where(sets_only[:count], 0, np.where(with_pair[:count], 1, 2))
    listed = (state < 2) | (to_pair > 0) | (to_sets > 0)
    return {"codes": codes, "cost": cost, "n": n, "dig": dig, "listed": listed,
            "record": state | to_pair << 2 | to_sets << 16}


def _min_plus(a: Any, b: Any) -> Any:
    """Cost vectors of every pair of rows of a and b (all combinations), as (len(a),
    len(b), WIDTH): j sets and p pairs split between the two groups."""
    import numpy as np

    a = a.astype(np.int16)[:, None, :]
    b = b.astype(np.int16)[None, :, :]
    out = np.full((a.shape[0], b.shape[1], WIDTH), INF, dtype=np.int16)
    for j in range(SETS + 1):
        for i in range(j + 1):
            a0, a1 = a[..., 2 * i], a[..., 2 * i + 1]
            b0, b1 = b[..., 2 * (j - i)], b[..., 2 * (j - i) + 1]
            np.minimum(out[..., 2 * j], a0 + b0, out=out[..., 2 * j])
            np.minimum(out[..., 2 * j + 1], np.minimum(a0 + b1, a1 + b0),
                       out=out[..., 2 * j + 1])
    return np.minimum(out, INF).astype(np.int8)


def _pack(vectors: Any) -> Any:
    """One integer per cost vector (4 bits an entry; INF as 15)."""
    import numpy as np

    v = np.where(vectors >= INF, 15, vectors).astype(np.int64)
    return (v << (4 * np.arange(WIDTH, dtype=np.int64))).sum(-1)


def build_sections() -> dict[str, bytes]:
    """Build every table; the result is what the cache file holds."""
    import numpy as np

    from tilepress.engine import standard_classes

    suit = _group_arrays(SUIT_RANKS, runs=True)
    honor = _group_arrays(HONOR_KINDS, runs=False)
    suit_keys, suit_ids = np.unique(_pack(suit["cost"]), return_inverse=True)
    honor_keys, honor_ids = np.unique(_pack(honor["cost"]), return_inverse=True)
    first = {}
    for name, data, ids in (("suit", suit, suit_ids), ("honor", honor, honor_ids)):
        first[name] = np.zeros((int(ids.max()) + 1, WIDTH), dtype=np.int8)
        first[name][ids.ravel()] = data["cost"]
    nothing = np.full((1, WIDTH), INF, dtype=np.int8)
    nothing[0, 0] = 0
    groups = np.concatenate([first["suit"], first["honor"], nothing])
    assert len(groups) < 255 and len(suit_keys) == len(first["suit"])
    assert len(honor_keys) == len(first["honor"])
    # close the group vectors under combination
    unified = groups
    known: dict[int, int] = {}
    for i, key in enumerate(_pack(groups)):
        known.setdefault(int(key), i)  # a suit and the honors can share a vector
    table = np.zeros((0, len(groups)), dtype=np.int64)
    done = 0
    while done < len(unified):
        combos = _min_plus(unified[done:], groups)
        packed = _pack(combos)
        ids = np.empty(packed.shape, dtype=np.int64)
        fresh = []
        for pos, key in np.ndenumerate(packed):
            key = int(key)
            if key not in known:
                known[key] = len(unified) + len(fresh)
                fresh.append(combos[pos])
            ids[pos] = known[key]
        table = np.concatenate([table, ids])
        done = len(unified)
        if fresh:
            unified = np.concatenate([unified, np.array(fresh, dtype=np.int8)])
    # the deficit of combined vector u plus group g, for k sets and a pair
    final = unified[table][:, :, 1::2].transpose(2, 0, 1)
    sections = {
        "final": np.ascontiguousarray(final).astype(np.uint8).tobytes(),
        "vectors": unified.astype(np.int8).tobytes(),
        "combine": table.astype("<u2").tobytes(),
        "groups": struct.pack("<II", len(groups), len(first["suit"])),
    }
    sections.update(standard_classes.class_sections(
        suit_ids.ravel(), suit["dig"].sum(0), honor_ids.ravel() + len(first["suit"]),
        honor["dig"].sum(0), table, unified))
    offset = 0
    for name, data, ids in (("suit", suit, suit_ids), ("honor", honor, honor_ids)):
        dense = np.full(data["n"], 255, dtype=np.uint8)
        dense[data["codes"]] = ids.ravel() + offset
        offset += len(first[name])
        sections[f"{name}_vector"] = dense.tobytes()
        entries, which = np.unique(_wait_entries(data), return_inverse=True)
        index = np.full(data["n"], len(entries), dtype=np.int64)  # more than 14 tiles
        index[data["codes"]] = which.ravel()
        assert len(entries) < 1 << 16
        sections[f"{name}_entry"] = index.astype("<u2").tobytes()
        sections.update(standard_classes.entry_sections(name, np.append(entries, TOO_MANY)))
        text, codes = _segments(SUIT_RANKS if name == "suit" else HONOR_KINDS)
        sections[f"{name}_segments"] = text.encode()
        sections[f"{name}_segment_codes"] = np.array(codes, dtype="<u4").tobytes()
    return sections


SEGMENT_TILES = 5
"""The longest run of digits of one group the small segment table holds: a one-suit hand
of 13 tiles is three runs of it (a small table, read from the processor's cache)."""
RUN_TILES = 9
"""The longest run of digits of one group the stored runs reach: a group of a hand of
several suits is one run (a run of ten tiles or more, or of more than SEGMENT_TILES with
a red five, rare, is read as three)."""


def segment_weights(ranks: int) -> dict[str, int]:
    """Each digit's weight in the base-5 code of a group of ``ranks`` ranks (the digit
    of rank r weighs 5 ** (ranks - r)); a suit's red five (0) weighs a five."""
    weights = {str(r): 5 ** (ranks - r) for r in range(1, ranks + 1)}
    if ranks == SUIT_RANKS:
        weights["0"] = weights["5"]
    return weights


def _segments(ranks: int) -> tuple[str, list[int]]:
    """Every run of at most ``RUN_TILES`` digits of one group written in notation
    order (ranks ascending, red fives before the other fives; those of at most
    ``SEGMENT_TILES`` with red fives too), comma-separated, and the code of each."""
    runs = [("", 0)]
    for rank in range(1, ranks + 1):  # each rank's copies (at most four) after the last
        digit, weight = str(rank), 5 ** (ranks - rank)
        runs = [(text + digit * copies, code + copies * weight) for text, code in runs
                for copies in range(min(4, RUN_TILES - len(text)) + 1)]
    found = dict(runs)
    if ranks == SUIT_RANKS:
        for text, code in [run for run in found.items() if len(run[0]) <= SEGMENT_TILES]:
            start, fives = text.find("5"), text.count("5")
            for red in range(1, fives + 1):
                found[text[:start] + "0" * red + text[start + red :]] = code
    return ",".join(found), list(found.values())


#: The states of a wait entry, chosen so that the sum over a hand's four groups says
#: how many split into sets (0), into sets and a pair (1), are one tile short of either
#: (16), or neither (64).
SETS_STATE, PAIR_STATE, SHORT_STATE, NEITHER_STATE = 0, 1, 16, 64
TALLY_TILES = 1 << 14
"""The tally of a group: kinds held, plus 64 for each held twice, plus 1024 for each
simple (neither terminal nor honor) held, plus ``TALLY_TILES`` for each tile. The tallies
of the groups of a hand of at most 14 tiles add up without carries."""
TALLY_SHIFT = 9
"""A wait entry's key is its state plus its tally shifted by this much: the keys of the
four groups of a hand add up to the sum of their states and the sum of their tallies."""
TILES_SHIFT = TALLY_SHIFT + 14
"""The number of tiles of a hand is its keys' sum shifted right by this much."""
TOO_MANY = NEITHER_STATE | 63 * TALLY_TILES << 26
"""The packed entry of a pattern of more than 14 tiles."""


def _wait_entries(data: dict[str, Any]) -> Any:
    """The packed wait entry of every pattern of a group: state (bits 0-7), ranks
    completing it to sets and a pair (8-16) and to sets (17-25) as bit masks, tally
    (from 26)."""
    import numpy as np

    dig = data["dig"].astype(np.int64)
    held = (dig > 0).sum(0)
    simples = held - (dig[0] > 0) - (dig[-1] > 0) if len(dig) == SUIT_RANKS else 0
    tally = held + 64 * (dig == 2).sum(0) + 1024 * simples + TALLY_TILES * dig.sum(0)
    record = data["record"]
    state = np.array([SETS_STATE, PAIR_STATE, SHORT_STATE])[record & 3]
    state = np.where(data["listed"], state, NEITHER_STATE)
    return state | (record >> 2 & 0x3FFF) << 8 | (record >> 16) << 17 | tally << 26


def unpack_entries(packed: Any) -> tuple[Any, Any, Any, Any]:
    """(state, completing ranks to sets and a pair, to sets, tally) of packed entries
    (a numpy array)."""
    return packed & 0xFF, packed >> 8 & 0x1FF, packed >> 17 & 0x1FF, packed >> 26


# ---------------------------------------------------------------------------
# From sections to tables, and the cache file
# ---------------------------------------------------------------------------


def unpacked(code: str, data: bytes | memoryview, into: array | None = None) -> array:
    """Numbers of array type ``code`` from little-endian bytes (into the array ``into``,
    emptied first, if given)."""
    values = array(code) if into is None else into
    del values[:]
    values.frombytes(data)
    if values.itemsize > 1 and struct.pack("=H", 1) != struct.pack("<H", 1):
        values.byteswap()  # pragma: no cover - big-endian machines
    return values


def tables_from(sections: dict[str, Any]) -> Tables:
    """Python tables from the built (or cached) sections."""
    from tilepress.engine import standard_classes

    groups, _suits = struct.unpack("<II", sections["groups"])
    flat = unpacked("b", sections["vectors"])
    vectors = tuple(tuple(flat[i : i + WIDTH]) for i in range(0, len(flat), WIDTH))
    ids = unpacked("H", sections["combine"])
    combine = tuple(ids[i : i + groups] for i in range(0, len(ids), groups))
    final = bytes(sections["final"])
    size = groups * len(vectors)
    entry = {name: sections[f"{name}_entry"] for name in ("suit", "honor")}
    entries = {name: standard_classes.entry_tables(sections, name) for name in ("suit", "honor")}
    if (len(combine) != len(vectors) or len(sections["suit_vector"]) != 5**SUIT_RANKS
            or len(final) != (SETS + 1) * size or len(entry["suit"]) != 2 * 5**SUIT_RANKS
            or len(entry["honor"]) != 2 * 5**HONOR_KINDS):
        raise ValueError("inconsistent tables")
    finals = tuple(tuple(final[k * size + u * groups : k * size + (u + 1) * groups]
                         for u in range(len(vectors))) for k in range(SETS + 1))
    return Tables(
        suit_vector=bytes(sections["suit_vector"]),
        honor_vector=bytes(sections["honor_vector"]),
        vectors=vectors,
        combine=combine,
        final=finals,
        nothing=groups - 1,
        suit_entry=entry["suit"],
        honor_entry=entry["honor"],
        suit_entries=entries["suit"],
        honor_entries=entries["honor"],
        suit_segments=(sections["suit_segments"], sections["suit_segment_codes"]),
        honor_segments=(sections["honor_segments"], sections["honor_segment_codes"]),
        classes=standard_classes.class_tables(sections),
    )


def segment_runs(stored: tuple[bytes | memoryview, bytes | memoryview]
                 ) -> tuple[list[str], array]:
    """The runs and their codes of ``Tables.suit_segments`` or ``honor_segments``."""
    texts = bytes(stored[0]).decode().split(",")
    codes = unpacked("I", stored[1])
    if len(texts) != len(codes):
        raise ValueError("inconsistent tables")
    return texts, codes


_LOCK = threading.Lock()
_LOADED: list[Tables] = []


def load() -> Tables:
    """The tables: from the cache file if it is sound, else built (and cached)."""
    with _LOCK:
        if _LOADED:
            return _LOADED[0]
        tables = None
        sections = table_cache.read(fingerprint_of=_SOURCES, version=_FORMAT)
        if sections is not None:
            try:
                tables = tables_from(sections)
            except (ValueError, KeyError, struct.error):
                tables = None
        if tables is None:
            sections = build_sections()
            tables = tables_from(sections)
            table_cache.write(sections, fingerprint_of=_SOURCES, version=_FORMAT)
        _LOADED.append(tables)
        return tables


# ---------------------------------------------------------------------------
# Reading the tables: hands as 34 counts (bytes), kinds 0-8 m, 9-17 p, 18-26 s, 27-33 z
# ---------------------------------------------------------------------------


class _Unloaded:
    """Stands for a table until first use, which loads them all (so that the fast paths
    need no check of their own)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __getitem__(self, key: int) -> Any:
        install()
        return globals()[self.name][key]


SUIT_VECTOR: Any = _Unloaded("SUIT_VECTOR")
HONOR_VECTOR: Any = _Unloaded("HONOR_VECTOR")
VECTORS: Any = _Unloaded("VECTORS")
COMBINE: Any = _Unloaded("COMBINE")
FINAL: Any = _Unloaded("FINAL")
NOTHING = -1


def install() -> None:
    """Load the tables into this module's names (once)."""
    global SUIT_VECTOR, HONOR_VECTOR, VECTORS, COMBINE
    global FINAL, NOTHING
    if isinstance(VECTORS, tuple):
        return
    t = load()
    SUIT_VECTOR, HONOR_VECTOR = t.suit_vector, t.honor_vector
    COMBINE, FINAL, NOTHING = t.combine, t.final, t.nothing
    VECTORS = t.vectors


ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
orphan_counts = operator.itemgetter(*ORPHANS)
BASE5 = bytes.maketrans(bytes(range(5)), b"01234")


def _kinds(start: int, size: int) -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = [()]
    for r in range(size):
        out += [(*ranks, start + r) for ranks in out]
    return tuple(out)


#: ``KINDS[g][mask]``: the kinds of group g (m, p, s, z) whose ranks are in ``mask``.
KINDS = tuple(_kinds(9 * g, 9 if g < 3 else 7) for g in range(4))
#: What adding one tile of rank r does to the base-5 code of a group's counts.
STEP = {9: tuple(5 ** (8 - r) for r in range(9)), 7: tuple(5 ** (6 - r) for r in range(7))}


#: The base-5 digits of each number below 5**5, 5**4 and 5**3, as counts.
@functools.cache
def _digits(width: int) -> tuple[bytes, ...]:
    """The base-5 digits of each number below 5 ** width, as counts."""
    return tuple(bytes(d) for d in itertools.product(range(5), repeat=width))


def counts_of_codes(codes: tuple[int, int, int, int]) -> bytes:
    """The 34 counts of a hand from its four groups' base-5 codes (m, p, s, z)."""
    high, low = _digits(5), _digits(4)
    m, p, s, z = codes
    return b"".join((high[m // 625], low[m % 625], high[p // 625], low[p % 625],
                     high[s // 625], low[s % 625], _digits(3)[z // 625], low[z % 625]))


def orphans_waits(counts: Sequence[int]) -> list[int]:
    held = orphan_counts(counts)
    if sum(held) != 13 or max(held) > 2:
        return []
    missing = [k for k in ORPHANS if counts[k] == 0]
    if not missing:
        return list(ORPHANS)
    return missing if len(missing) == 1 else []


def group_ids(h: bytes, suits: str) -> list[int]:
    """The cost vector ids of the four groups; a group outside ``suits`` can only throw
    its tiles away."""
    digits = h.translate(BASE5)
    ids = [SUIT_VECTOR[int(digits[0:9], 5)], SUIT_VECTOR[int(digits[9:18], 5)],
           SUIT_VECTOR[int(digits[18:27], 5)], HONOR_VECTOR[int(digits[27:34], 5)]]
    if suits != "mpsz":
        for g, letter in enumerate("mpsz"):
            if letter not in suits:
                ids[g] = NOTHING
    return ids


def standard_deficit(h: bytes, sets: int, suits: str) -> int:
    """Least tiles to add so that some hand of k sets and a pair over ``suits`` contains
    the hand's tiles (tiles beyond it are thrown away)."""
    m, p, s, z = group_ids(h, suits)
    combine = COMBINE
    return FINAL[sets][combine[combine[m][p]][s]][z]


def improving_kinds(h: bytes, n: int, suits: str, base: int) -> list[int]:
    """Kinds within ``suits``, not held four times, after whose draw a hand of 3k+1
    tiles (all within ``suits``) needs fewer than ``base`` tiles over the forms."""
    m, p, s, z = group_ids(h, suits)
    combine, final = COMBINE, FINAL[n // 3]
    others = (combine[combine[p][s]][z], combine[combine[m][s]][z],
              combine[combine[m][p]][z], combine[combine[m][p]][s])
    digits = h.translate(BASE5)
    found = []
    for g, letter in enumerate("mpsz"):
        if letter not in suits:
            continue
        start, size = 9 * g, 9 if g < 3 else 7
        table = SUIT_VECTOR if g < 3 else HONOR_VECTOR
        code = int(digits[start : start + size], 5)
        cost = final[others[g]]  # by the group's vector id after the draw
        for r, step in enumerate(STEP[size]):
            if h[start + r] < 4 and cost[table[code + step]] < base:
                found.append(start + r)
    if n == 13:  # after the draw: seven pairs or thirteen orphans, by formula
        special = _special_improving(h, suits, base)
        if special:
            found = sorted({*found, *special})
    return found


def _seven_pairs_cost(zeros: int, ones: int) -> int:
    need = max(0, zeros + ones - 27)  # 7 less the kinds held twice or more
    return need + max(0, need - ones)


def _special_improving(h: bytes, suits: str, base: int) -> list[int]:
    """Kinds whose draw brings a hand of 13 tiles (within ``suits``) below ``base`` tiles
    as seven pairs or thirteen orphans."""
    zeros, ones = h.count(0), h.count(1)
    new_kind = _seven_pairs_cost(zeros - 1, ones + 1) < base
    second = _seven_pairs_cost(zeros, ones - 1) < base
    found = []
    if new_kind or second:
        found = [k for g, letter in enumerate("mpsz") if letter in suits
                 for k in range(9 * g, 9 * g + (9 if g < 3 else 7))
                 if (h[k] == 0 and new_kind) or (h[k] == 1 and second)]
    if suits == "mpsz" or all(letter in suits for letter in "mpsz"):
        counts = orphan_counts(h)
        missing = counts.count(0)
        if missing - 1 + (max(counts) < 2) < base:
            found += [k for k in ORPHANS if h[k] == 0]
        if missing < base:
            found += [k for k in ORPHANS if 0 < h[k] < 4]
    return found

