"""Lookup tables of the standard-hand engine (:mod:`generator.rules.standard`).

A hand splits into four groups: the three suits (nine ranks; runs and triplets) and the
honors (seven kinds; triplets only). Every pattern of counts of one group with at most
14 tiles (405,350 for a suit, 43,130 for the honors) gets, once:

* its *cost vector*: for j = 0..4 sets and p = 0..1 pairs, the least number of tiles to
  add so that the group holds j sets and p pairs, no kind above four copies (tiles
  beyond the plan are thrown away). 126 suit vectors and 55 honor vectors occur; their
  sums over groups (min-plus convolution) close on a few hundred vectors, so combining
  four groups is three lookups in a table, and the exact shanten of a hand is
  ``min(forms) - 1`` read from it;
* if the pattern is complete or one tile short of it: whether it splits into sets (0)
  or sets and a pair (1), and the ranks that complete it either way (the waits).

The tables are built with numpy by dynamic programming over counts, level by level
(patterns with s tiles from those with s - 1 or s + 1), in about a second, and kept in
a cache file (``$XDG_CACHE_HOME/tilepress`` or ``~/.cache/tilepress``; set
``TILEPRESS_CACHE_DIR`` to move it, or to an empty string to keep nothing on disk).
Reading the file back takes a few tens of milliseconds. The file is written atomically
and checked (format, a fingerprint of this module's source, length, SHA-256); anything
amiss and the tables are built again. Nothing here is needed for correctness but the
tables themselves.
"""

from __future__ import annotations

import hashlib
import os
import struct
import tempfile
import threading
from array import array
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: Cost of an impossible plan (the "tiles thrown away" group of a suit not allowed).
INF = 99
SETS = 4
"""Plans hold up to four sets (and one pair): a hand has at most 14 tiles."""
WIDTH = 2 * (SETS + 1)
"""Entries of a cost vector: index ``2 * j + p``."""
SUIT_RANKS = 9
HONOR_KINDS = 7
_FORMAT = b"tilepress standard tables 1\n"


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
    nothing: int
    """The group id of a group whose tiles can only be thrown away."""
    suit_waits: dict[bytes, tuple[int, int, int]]
    """Suit patterns complete or one tile short: (state, ranks completing to sets and a
    pair as a bit mask, ranks completing to sets only as a bit mask); state 0 sets, 1
    sets and a pair, 2 neither. Patterns not listed are state 2 with no waits."""
    honor_waits: dict[bytes, tuple[int, int, int]]
    """The same for the honors."""


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
    sections = {
        "vectors": unified.astype(np.int8).tobytes(),
        "combine": table.astype("<u2").tobytes(),
        "groups": struct.pack("<II", len(groups), len(first["suit"])),
    }
    offset = 0
    for name, data, ids in (("suit", suit, suit_ids), ("honor", honor, honor_ids)):
        dense = np.full(data["n"], 255, dtype=np.uint8)
        dense[data["codes"]] = ids.ravel() + offset
        offset += len(first[name])
        listed = data["listed"]
        records, which = np.unique(data["record"][listed], return_inverse=True)
        sections[f"{name}_vector"] = dense.tobytes()
        sections[f"{name}_keys"] = np.ascontiguousarray(
            data["dig"][:, listed].T).astype(np.uint8).tobytes()
        sections[f"{name}_which"] = which.ravel().astype("<u2").tobytes()
        sections[f"{name}_records"] = records.astype("<u8").tobytes()
    return sections


# ---------------------------------------------------------------------------
# From sections to tables, and the cache file
# ---------------------------------------------------------------------------


def _numbers(code: str, data: bytes) -> array:
    values = array(code)
    values.frombytes(data)
    if values.itemsize > 1 and struct.pack("=H", 1) != struct.pack("<H", 1):
        values.byteswap()  # pragma: no cover - big-endian machines
    return values


def _waits_dict(keys: bytes, which: bytes, records: bytes,
                width: int) -> dict[bytes, tuple[int, int, int]]:
    packed = _numbers("Q", records)
    rows = [(int(r) & 3, int(r) >> 2 & 0x3FFF, int(r) >> 16) for r in packed]
    picks = _numbers("H", which)
    return dict(zip([keys[i : i + width] for i in range(0, len(keys), width)],
                    [rows[i] for i in picks], strict=True))


def tables_from(sections: dict[str, bytes]) -> Tables:
    """Python tables from the built (or cached) sections."""
    groups, _suits = struct.unpack("<II", sections["groups"])
    flat = _numbers("b", sections["vectors"])
    vectors = tuple(tuple(flat[i : i + WIDTH]) for i in range(0, len(flat), WIDTH))
    ids = _numbers("H", sections["combine"])
    combine = tuple(ids[i : i + groups] for i in range(0, len(ids), groups))
    if len(combine) != len(vectors) or len(sections["suit_vector"]) != 5**SUIT_RANKS:
        raise ValueError("inconsistent tables")
    return Tables(
        suit_vector=sections["suit_vector"],
        honor_vector=sections["honor_vector"],
        vectors=vectors,
        combine=combine,
        nothing=groups - 1,
        suit_waits=_waits_dict(sections["suit_keys"], sections["suit_which"],
                               sections["suit_records"], SUIT_RANKS),
        honor_waits=_waits_dict(sections["honor_keys"], sections["honor_which"],
                                sections["honor_records"], HONOR_KINDS),
    )


def cache_path() -> Path | None:
    """Where the cache file goes (None: no cache)."""
    override = os.environ.get("TILEPRESS_CACHE_DIR")
    if override is not None:
        return Path(override) / "standard-tables.bin" if override else None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "tilepress" / "standard-tables.bin"


def _fingerprint() -> bytes:
    try:
        source = Path(__file__).read_bytes()
    except OSError:  # pragma: no cover - installed without sources
        source = _FORMAT
    return hashlib.sha256(source).digest()


def encode(sections: dict[str, bytes]) -> bytes:
    body = b"".join(struct.pack("<B", len(name)) + name.encode() + struct.pack("<Q", len(data))
                    + data for name, data in sorted(sections.items()))
    return _FORMAT + _fingerprint() + hashlib.sha256(body).digest() + body


def decode(blob: bytes) -> dict[str, bytes]:
    """The sections of a cache file; ValueError if it is not a complete, current one."""
    head = len(_FORMAT)
    if blob[:head] != _FORMAT or blob[head : head + 32] != _fingerprint():
        raise ValueError("not a current tables file")
    body = memoryview(blob)[head + 64 :]
    if hashlib.sha256(body).digest() != blob[head + 32 : head + 64]:
        raise ValueError("damaged tables file")
    sections, pos = {}, 0
    while pos < len(body):
        size = body[pos]
        name = bytes(body[pos + 1 : pos + 1 + size]).decode()
        pos += 1 + size
        (length,) = struct.unpack_from("<Q", body, pos)
        pos += 8
        sections[name] = bytes(body[pos : pos + length])
        pos += length
    return sections


def _write(path: Path, blob: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=".standard-tables-")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(blob)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


_LOCK = threading.Lock()
_LOADED: list[Tables] = []


def load() -> Tables:
    """The tables: from the cache file if it is sound, else built (and cached)."""
    with _LOCK:
        if _LOADED:
            return _LOADED[0]
        path = cache_path()
        tables = None
        if path is not None:
            try:
                tables = tables_from(decode(path.read_bytes()))
            except (OSError, ValueError, KeyError, struct.error):
                tables = None
        if tables is None:
            sections = build_sections()
            tables = tables_from(sections)
            if path is not None:
                try:
                    _write(path, encode(sections))
                except OSError:
                    pass  # a read-only home: build again next time
        _LOADED.append(tables)
        return tables
