"""The fast readers of the standard engine: shanten and waits of hands given as 34
counts, and the wait entries and their one reading (:func:`read_waits`), which the
readers of MPSZ text and tiles (:mod:`tilepress.engine.standard_codes`) share.

* Shanten: one ``struct`` unpack splits the counts into the keys of the four groups (a
  suit's nine counts, the honors' seven), and a dictionary maps each key to its (class,
  counters): the class is the group's cost vector (see
  :mod:`tilepress.engine.standard_tables`) and its number of tiles -- 159 suit and 137
  honor classes occur. The classes of the three suits combine in two list indexings
  into one of 470 *states* (combined vector and tiles), and a third reads the shanten
  of the standard form for the honors' class. The counters (kinds held twice or more,
  once, terminal and honor kinds held, those held twice or more) of the four groups
  add up, and one more read gives the shanten of seven pairs and thirteen orphans. The
  dictionaries start empty and enter each group pattern on its first reading (at most
  405,350 suit and 43,130 honor patterns, a few microseconds each, once), so that
  start-up stays short: a hand of new patterns costs several times a hand read before
  (``benchmarks/waits.py`` measures both).
* Waits: the four groups' codes (counts read as base-5 digits) index the dense tables of
  wait entries (key: state and tally; kinds completing the group to sets and a pair,
  kinds completing it to sets; state): nothing is learned.

The class tables are built with numpy beside the other tables and cached with them.
"""

from __future__ import annotations

import struct
from array import array
from collections.abc import Callable, Sequence
from typing import Any

from tilepress.engine import standard_tables as _tables

SPECIAL = 64
"""Added to a standard deficit read for a hand of 13 or 14 tiles: the special forms count
(other hands read less than 32)."""
INVALID = 255
"""The deficit read for a hand of more than 14 tiles."""


# ---------------------------------------------------------------------------
# Building (numpy, beside the other tables)
# ---------------------------------------------------------------------------


def class_sections(suit_ids: Any, suit_tiles: Any, honor_ids: Any, honor_tiles: Any,
                   combine: Any, vectors: Any) -> dict[str, bytes]:
    """The class tables: ``*_ids`` are the group vector ids of every pattern (honor ids
    counted after the suits'), ``*_tiles`` their sizes, ``combine`` and ``vectors`` the
    combined vectors of :func:`standard_tables.build_sections`."""
    import numpy as np

    suit_cls = np.unique(suit_ids.astype(np.int64) * 16 + suit_tiles)
    honor_cls = np.unique(honor_ids.astype(np.int64) * 16 + honor_tiles)
    sg, st = suit_cls // 16, suit_cls % 16
    ids = np.full(len(vectors) * 16, -1, dtype=np.int64)
    states = suit_cls.copy()  # a state: combined vector id * 16 + tiles (at most 14)
    ids[states] = np.arange(len(states))
    rows, done = [], 0
    while done < len(states):
        block = states[done:]
        tiles = block[:, None] % 16 + st[None, :]
        keys = combine[block[:, None] // 16, sg[None, :]] * 16 + np.minimum(tiles, 15)
        valid = tiles <= 14
        fresh = np.unique(keys[valid])
        fresh = fresh[ids[fresh] < 0]
        ids[fresh] = len(states) + np.arange(len(fresh))
        rows.append(np.where(valid, ids[np.where(valid, keys, 0)], -1))
        done = len(states)
        states = np.concatenate([states, fresh])
    invalid = len(states)
    step = np.concatenate([*rows, np.full((1, len(sg)), invalid)])
    step[step < 0] = invalid
    # the standard deficit of each state plus each honor class, k = tiles // 3 sets
    total = states[:, None] % 16 + honor_cls[None, :] % 16
    combined = combine[states[:, None] // 16, honor_cls[None, :] // 16]
    column = 2 * (np.minimum(total, 14) // 3) + 1
    deficit = vectors[combined, column].astype(np.int64) + SPECIAL * (total >= 13)
    deficit = np.where(total <= 14, deficit, INVALID)
    final = np.concatenate([deficit, np.full((1, len(honor_cls)), INVALID)])
    assert invalid < 4096 and deficit[total <= 14].max() < SPECIAL * 2
    return {"class_special": special_section(),
            "class_suits": suit_cls.astype("<u2").tobytes(),
            "class_honors": honor_cls.astype("<u2").tobytes(),
            "class_step": step.astype("<u2").tobytes(),
            "class_final": final.astype(np.uint8).tobytes()}


def special_section() -> bytes:
    """Shanten as seven pairs or thirteen orphans, plus SPECIAL, by the summed counters:
    kinds held twice or more (3 bits), once (4), terminal and honor kinds held (4),
    those held twice or more (3)."""
    import numpy as np

    key = np.arange(1 << 14)
    pairs, singles, orphans, orphan_pairs = key & 7, key >> 3 & 15, key >> 7 & 15, key >> 11
    need = 7 - pairs
    seven = need + np.maximum(0, need - singles)
    thirteen = np.maximum(0, 13 - orphans) + (orphan_pairs == 0)
    return (np.minimum(seven, thirteen) - 1 + SPECIAL).astype(np.uint8).tobytes()


# ---------------------------------------------------------------------------
# Loading, and learning a group pattern
# ---------------------------------------------------------------------------


def class_tables(sections: dict[str, bytes]) -> tuple[Any, ...]:
    """(suit class of (vector id, tiles), honor class of the same, step rows, final
    rows, the special forms' shanten by counters) from the sections; a final row holds
    shanten (plus SPECIAL for 13 or 14 tiles), None for more than 14 tiles."""
    suits = _tables.unpacked("H", sections["class_suits"])
    honors = _tables.unpacked("H", sections["class_honors"])
    step, final = _tables.unpacked("H", sections["class_step"]), bytes(sections["class_final"])
    width, height = len(honors), len(step) // len(suits)
    if (len(final) != width * height or len(step) != len(suits) * height
            or len(sections["class_special"]) != 1 << 14):
        raise ValueError("inconsistent class tables")
    # rows as tuples (items inline) of one int object per state: fewer cache lines read
    shared = list(range(height)).__getitem__
    return ({key: i for i, key in enumerate(suits)}, {key: i for i, key in enumerate(honors)},
            [tuple(map(shared, step[i : i + len(suits)]))
             for i in range(0, len(step), len(suits))],
            [tuple(None if v == INVALID else v - 1 for v in final[i : i + width])
             for i in range(0, len(final), width)], list(sections["class_special"]))


_SUIT_CLASS: dict[int, int] = {}
_HONOR_CLASS: dict[int, int] = {}
_INSTALLED: list[bool] = []
#: One bytes object per group pattern, shared by the dictionaries that learn it.
_KEYS: dict[bytes, bytes] = {}
#: Learned group patterns: shanten entries (suits, honors).
SUIT_SHANTEN: dict[bytes, tuple[int, int]] = {}
_SHARED: dict[tuple[int, int], tuple[int, int]] = {}  # one object per entry: fewer cache lines
HONOR_SHANTEN: dict[bytes, tuple[int, int]] = {}
def _install() -> None:
    if _INSTALLED:
        return
    _tables.install()
    suit_class, honor_class, step, final, special = _tables.load().classes
    _SUIT_CLASS.update(suit_class)
    _HONOR_CLASS.update(honor_class)
    _hold_tables(tuple(step), tuple(final), tuple(special))
    tables = _tables.load()
    _SUIT_COLUMNS[:], _HONOR_COLUMNS[:] = tables.suit_entries, tables.honor_entries
    _tables.unpacked("H", tables.suit_entry, _SUIT_ENTRY_OF)
    _tables.unpacked("H", tables.honor_entry, _HONOR_ENTRY_OF)
    _SUIT_ALONE[:], _HONOR_ALONE[:] = tables.suit_entries[4], tables.honor_entries[4]
    _SUIT_TILES[:], _HONOR_TILES[:] = tables.suit_entries[5], tables.honor_entries[5]
    _INSTALLED.append(True)


def _group(key: bytes, size: int) -> tuple[int, ...]:
    """The counts of a group, checked (ValueError for a wrong length, a count above
    four, or a group of more than 14 tiles)."""
    if len(key) != size:
        raise ValueError(f"a hand is 34 counts (9 a suit, 7 the honors), not {key!r}")
    if max(key) > 4:
        raise ValueError(f"a hand holds at most 4 copies of a tile, not {max(key)}")
    if sum(key) > 14:
        raise ValueError(f"a hand holds at most 14 tiles, not {sum(key)} in one group")
    return tuple(key)


def _counters(counts: tuple[int, ...], orphans: tuple[int, ...]) -> int:
    pairs = sum(1 for c in counts if c >= 2)
    return (pairs | counts.count(1) << 3 | sum(1 for r in orphans if counts[r]) << 7
            | sum(1 for r in orphans if counts[r] >= 2) << 11)


def learn_shanten(h: bytes) -> None:
    """Enter the groups of hand ``h`` into the shanten dictionaries (ValueError for a
    hand that is no hand)."""
    _install()
    if len(h) != 34:
        raise ValueError(f"a hand is 34 counts, not {len(h)}")
    for start in (0, 9, 18):
        key = h[start : start + 9]
        if key not in SUIT_SHANTEN:
            counts = _group(key, 9)
            vector = _tables.SUIT_VECTOR[int(key.translate(_tables.BASE5), 5)]
            cls = _SUIT_CLASS[vector * 16 + sum(counts)]
            entry = (cls, _counters(counts, (0, 8)))
            SUIT_SHANTEN[_KEYS.setdefault(key, key)] = _SHARED.setdefault(entry, entry)
    key = h[27:]
    if key not in HONOR_SHANTEN:
        counts = _group(key, 7)
        vector = _tables.HONOR_VECTOR[int(key.translate(_tables.BASE5), 5)]
        cls = _HONOR_CLASS[vector * 16 + sum(counts)]
        entry = (cls, _counters(counts, tuple(range(7))))
        HONOR_SHANTEN[_KEYS.setdefault(key, key)] = _SHARED.setdefault(entry, entry)


#: The tallies of a hand of 13 tiles that can be ready as seven pairs (7 kinds, six held
#: twice) or thirteen orphans (12 or 13 kinds, at most two held twice, at most one
#: simple); see :data:`standard_tables.TALLY_TILES`.
SPECIAL_TALLIES = frozenset(
    tally + 13 * _tables.TALLY_TILES
    for tally in (*(7 + 64 * 6 + 1024 * simples for simples in range(8)),
                  *(kinds + 64 * twos + 1024 * simples for kinds in (12, 13)
                    for twos in range(3) for simples in range(2))))
STATES = (1 << _tables.TALLY_SHIFT) - 1
"""The state bits of a sum of entry keys."""
Entry = tuple[int, int, int, int]
"""A group's wait entry: (key: state plus tally << TALLY_SHIFT, the mask of the ranks
completing the group to sets and a pair, the mask of those completing it to sets,
state); states and tallies are those of :mod:`tilepress.engine.standard_tables`. The
three suits share their entries: a mask's kinds are ``KINDS[g][mask]``."""
KINDS = tuple((*kinds, *(None,) * (513 - len(kinds))) for kinds in _tables.KINDS)
"""``KINDS[g][mask]``: the kinds of group g (m, p, s, z) whose ranks are in ``mask``;
None for mask 512."""
#: The wait entries by number (filled by :func:`install_entries`), the same list for the
#: three suits, and the entry number of each pattern by base-5 code (filled by
#: :func:`install`): empty until then, filled in place.
_SUIT_ENTRIES: list[Entry] = []
_HONOR_ENTRIES: list[Entry] = []
ENTRIES: tuple[list[Entry], ...] = (_SUIT_ENTRIES, _SUIT_ENTRIES, _SUIT_ENTRIES, _HONOR_ENTRIES)
_SUIT_ENTRY_OF, _HONOR_ENTRY_OF = array("H"), array("H")
ENTRY_OF: tuple[array, ...] = (_SUIT_ENTRY_OF, _SUIT_ENTRY_OF, _SUIT_ENTRY_OF, _HONOR_ENTRY_OF)
#: The columns of each group's entries (keys, pairs, sets, states, alone, tiles; see
#: :func:`entry_sections`), the same for the three suits: ``ALONE[g][number]`` is the
#: mask of the waits of a hand of the group alone (512 where seven pairs may be among
#: them), ``TILES[g][number]`` its tiles.
_SUIT_COLUMNS: list[array] = []
_HONOR_COLUMNS: list[array] = []
_COLUMNS_OF = (_SUIT_COLUMNS, _SUIT_COLUMNS, _SUIT_COLUMNS, _HONOR_COLUMNS)
_SUIT_ALONE, _HONOR_ALONE = array("H"), array("H")
ALONE: tuple[array, ...] = (_SUIT_ALONE, _SUIT_ALONE, _SUIT_ALONE, _HONOR_ALONE)
_SUIT_TILES, _HONOR_TILES = array("B"), array("B")
TILES: tuple[array, ...] = (_SUIT_TILES, _SUIT_TILES, _SUIT_TILES, _HONOR_TILES)


_COLUMNS = (("keys", "<u4", "I"), ("pairs", "<u2", "H"), ("sets", "<u2", "H"),
            ("states", "u1", "B"), ("alone", "<u2", "H"), ("tiles", "u1", "B"))
_NOT_ALONE = 512
"""The mask of ``alone`` that stands for None (seven pairs may be ready)."""


def entry_sections(name: str, packed: Any) -> dict[str, bytes]:
    """The wait entries of a group (``name``: suit or honor) as columns, from their packed
    form (a numpy array; see :func:`standard_tables._wait_entries`): each entry's key,
    the masks of the ranks completing it to sets and a pair and to sets, its state, the
    mask of the waits of a hand of this group alone (:func:`read_waits` with the three
    other groups empty; ``_NOT_ALONE`` where seven pairs may be among them) and its
    tiles (at most 255)."""
    import numpy as np

    state, pair, sets, tally = _tables.unpack_entries(packed.astype(np.int64))
    special = np.isin(tally, np.array(sorted(SPECIAL_TALLIES)))
    columns = {"keys": state | tally << _tables.TALLY_SHIFT, "pairs": pair, "sets": sets,
               "states": state, "alone": np.where(special, _NOT_ALONE,
                                                  np.where(state == 16, pair, 0)),
               "tiles": np.minimum(tally // _tables.TALLY_TILES, 255)}
    return {f"{name}_entry_{column}": columns[column].astype(dtype).tobytes()
            for column, dtype, _ in _COLUMNS}


def entry_tables(sections: dict[str, bytes], name: str) -> tuple[array, ...]:
    """The columns of :func:`entry_sections`, read back."""
    found = tuple(_tables.unpacked(code, sections[f"{name}_entry_{column}"])
                  for column, _, code in _COLUMNS)
    if len({len(column) for column in found}) != 1:
        raise ValueError("inconsistent tables")
    return found


def install() -> None:
    """Load the tables (once): the wait entries' numbers, and the readers of counts."""
    _install()


def install_entries() -> None:
    """Fill the lists of entries by number (once; a C loop, zip over the columns)."""
    _install()
    if _HONOR_ENTRIES:
        return
    for entries, columns in ((_SUIT_ENTRIES, _SUIT_COLUMNS), (_HONOR_ENTRIES, _HONOR_COLUMNS)):
        entries[:] = zip(*(column.tolist() for column in columns[:4]), strict=True)


# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------


#: Splits 34 counts (any buffer: bytes, a bytearray) into the four groups' keys in one
#: call, cheaper than four slices.
_SPLIT = struct.Struct("9s9s9s7s").unpack


def _no_hand(h: Any) -> ValueError:
    return ValueError(f"a hand is 34 counts, not {len(h)}")


def _shanten_readers() -> tuple[Callable[[bytes], int], Callable[[Any], int],
                                Callable[..., None]]:
    """The shanten readers, holding the tables as closure variables (no global look-up
    on the hot path; tuples, set on first use), and the function that sets them.
    Entries: (class, special counters), the counters of four groups add up without
    carries; a final row's None (more than 14 tiles) fails the comparison with a
    TypeError. ``shanten_from_counts`` repeats ``shanten_of``'s reading on its own
    conversion rather than calling it: a call less per hand is the margin over xiangting
    (the same for the two wait readers below)."""
    suit, honor, split = SUIT_SHANTEN, HONOR_SHANTEN, _SPLIT
    step: tuple[tuple[int, ...], ...] = ()
    final: tuple[tuple[int | None, ...], ...] = ()
    special: tuple[int, ...] = ()

    def hold(*tables: tuple[Any, ...]) -> None:
        nonlocal step, final, special
        step, final, special = tables

    def shanten_of(h: bytes) -> int:
        """Shanten of a hand of 34 counts (bytes), every suit allowed; ValueError for a
        count above four or more than 14 tiles."""
        try:
            km, kp, ks, kz = split(h)
            m, m_special = suit[km]
            p, p_special = suit[kp]
            s, s_special = suit[ks]
            z, z_special = honor[kz]
            best = final[step[step[m][p]][s]][z]
            if best < 32:  # fewer than 13 tiles: the special forms do not count (SPECIAL)
                return best
        except KeyError:
            learn_shanten(h)
            return shanten_of(h)
        except TypeError:
            raise ValueError("a hand holds at most 14 tiles") from None
        except struct.error:
            raise _no_hand(h) from None
        other = special[m_special + p_special + s_special + z_special]
        return (best if best < other else other) - 64

    def shanten_from_counts(counts: Any) -> int:
        """Shanten of a hand of 3k+1 or 3k+2 tiles given as 34 counts (a list, tuple or
        bytes), every suit allowed (the fast path of :func:`standard.shanten`);
        ValueError for a count above four or more than 14 tiles."""
        try:
            km, kp, ks, kz = split(bytearray(counts))
            m, m_special = suit[km]
            p, p_special = suit[kp]
            s, s_special = suit[ks]
            z, z_special = honor[kz]
            best = final[step[step[m][p]][s]][z]
            if best < 32:
                return best
        except KeyError:
            return shanten_of(bytes(bytearray(counts)))
        except TypeError:
            raise ValueError("a hand holds at most 14 tiles") from None
        except struct.error:
            raise _no_hand(counts) from None
        other = special[m_special + p_special + s_special + z_special]
        return (best if best < other else other) - 64

    return shanten_of, shanten_from_counts, hold


shanten_of, shanten_from_counts, _hold_tables = _shanten_readers()


def _special_waits(h: bytes, found: Sequence[int]) -> list[int]:
    """The waits ``found`` with those of seven pairs and thirteen orphans."""
    zeros = h.count(0)
    if zeros == 27:
        if h.count(2) == 6 and h.count(1) == 1:  # seven pairs
            found = sorted({*found, h.index(1)})
    elif (zeros == 21 or zeros == 22) and h.count(0, 1, 8) == 7:  # thirteen orphans?
        extra = _tables.orphans_waits(h)
        if extra:
            found = sorted({*found, *extra})
    return list(found)


_TALLY_SHIFT = _tables.TALLY_SHIFT
_KM, _KP, _KS, _KZ = KINDS


def read_waits(key: int, m: Entry, p: Entry, s: Entry, z: Entry,
               counts: Any) -> tuple[int, ...] | list[int]:
    """Kinds that complete a hand of 3k+1 tiles whose four groups have the wait entries
    ``m``, ``p``, ``s``, ``z`` (``key`` the sum of their keys), ascending (an entry's
    own tuple when one group holds them all: not to be changed); ``counts`` are its 34
    counts (any buffer), or its four groups' base-5 codes as a tuple, read only when the
    tallies say that seven pairs or thirteen orphans may be ready.

    The winning tile goes into one of the four groups; after it every group splits into
    sets and one of them also holds the pair. So either one group is neither (it takes
    the tile, and the pair if no other group holds one), or two groups hold a pair
    (either takes the tile and becomes sets)."""
    state = key & STATES
    if state == 16:  # one group neither, no pair elsewhere: it takes the pair
        found = (_KM[m[1]] if m[3] == 16 else _KP[p[1]] if p[3] == 16
                 else _KS[s[1]] if s[3] == 16 else _KZ[z[1]])
    elif state == 17:  # one group neither, a pair elsewhere
        found = (_KM[m[2]] if m[3] == 16 else _KP[p[2]] if p[3] == 16
                 else _KS[s[2]] if s[3] == 16 else _KZ[z[2]])
    elif state == 2:  # two groups hold a pair
        found = _KM[m[2]] + _KP[p[2]] + _KS[s[2]] + _KZ[z[2]]
    else:
        found = ()
    if key >> _TALLY_SHIFT in SPECIAL_TALLIES:
        if type(counts) is tuple:
            counts = _tables.counts_of_codes(counts)
        found = _special_waits(counts, found)
    return found


def _wait_readers() -> tuple[Callable[[Any], list[int]], Callable[[Any], list[int]],
                            Callable[[Any], int]]:
    """The wait readers of 34 counts, holding the entry tables as closure variables
    (filled in place on first use). A hand's four codes are its counts read as base-5
    digits (``bytes.translate`` and ``int(..., 5)``), each looked up in the dense tables:
    nothing is learned, a new hand costs what a hand read before costs."""
    em, ep, es, ez = ENTRIES
    im, ip, is_, iz = ENTRY_OF
    digits, read, states, tiles_shift = _tables.BASE5, read_waits, STATES, _tables.TILES_SHIFT
    m_weight, p_weight, s_weight = 5**25, 5**16, 5**7  # where p, s and z start

    def entries_of(h: Any) -> tuple[int, Entry, Entry, Entry, Entry]:
        """The sum of the keys and the four groups' entries of 34 counts (a bytearray or
        bytes); ValueError for a count above four, a group of more than 14 tiles or
        another length."""
        if len(h) != 34:
            raise _no_hand(h)
        try:
            code = int(h.translate(digits), 5)  # the four codes in one number
            cm, code = divmod(code, m_weight)
            cp, code = divmod(code, p_weight)
            cs, cz = divmod(code, s_weight)
            m, p, s, z = em[im[cm]], ep[ip[cp]], es[is_[cs]], ez[iz[cz]]
        except ValueError:  # a count of 5 or more is no base-5 digit
            raise ValueError(f"a hand holds at most 4 copies of a tile, not {max(h)}") from None
        except IndexError:  # the tables not installed yet
            install_entries()
            return entries_of(h)
        key = m[0] + p[0] + s[0] + z[0]
        if key >> tiles_shift > 4 * 14:
            raise ValueError("a hand holds at most 14 tiles in one group")
        return key, m, p, s, z

    def waits_of(h: Any) -> list[int]:
        """Kinds that complete a hand of 3k+1 tiles given as 34 counts (bytes or a
        bytearray), ascending."""
        key, m, p, s, z = entries_of(h)
        return list(read(key, m, p, s, z, h))

    def winning_kinds(counts: Any) -> list[int]:
        """Kinds that complete a hand of 3k+1 tiles given as 34 counts (a list, tuple or
        bytes), ascending (the fast path of :func:`standard.waits`)."""
        h = bytearray(counts)
        key, m, p, s, z = entries_of(h)
        return list(read(key, m, p, s, z, h))

    def group_states(h: Any) -> int:
        """Sum over the four groups of 0 (splits into sets), 1 (sets and a pair), 16
        (neither but one tile short) or 64 (neither): 1 for a complete hand of sets and a
        pair."""
        return entries_of(h)[0] & states

    return waits_of, winning_kinds, group_states


waits_of, winning_kinds, group_states = _wait_readers()


__all__ = ["ALONE", "ENTRIES", "ENTRY_OF", "KINDS", "SPECIAL_TALLIES", "STATES", "TILES", "Entry",
           "class_sections", "class_tables", "entry_sections", "entry_tables", "group_states",
           "install", "install_entries", "read_waits", "shanten_from_counts", "shanten_of",
           "waits_of", "winning_kinds"]
