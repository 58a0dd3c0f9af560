"""The fast readers of the standard engine: shanten and waits of hands given as 34
counts, in a few dictionary reads and list indexings.

One ``struct`` unpack splits the counts into the keys of the four groups (a suit's
nine counts, the honors' seven), and a dictionary maps each key to its entry:

* for shanten, (class, counters): the class is the group's cost vector (see
  :mod:`tilepress.engine.standard_tables`) and its number of tiles -- 159 suit and 137
  honor classes occur. The classes of the three suits combine in two list indexings
  into one of 470 *states* (combined vector and tiles), and a third reads the shanten
  of the standard form for the honors' class. The counters (kinds held twice or more,
  once, terminal and honor kinds held, those held twice or more) of the four groups
  add up, and one more read gives the shanten of seven pairs and thirteen orphans;
* for waits, (state, kinds completing the group to sets and a pair, kinds completing
  it to sets, a tally of kinds held that says when the special forms may be ready).

The dictionaries start empty and learn each group pattern on its first reading (from
the tables of :mod:`tilepress.engine.standard_tables`; at most 405,350 suit and 43,130
honor patterns, a few microseconds each, once), so that start-up stays short. The
class tables are built with numpy beside the other tables and cached with them.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
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
    step, final = _tables.unpacked("H", sections["class_step"]), sections["class_final"]
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
#: Learned wait entries of each group (m, p, s: the kinds differ; z).
WAITS: tuple[dict[bytes, tuple[int, tuple[int, ...], tuple[int, ...], int]], ...] = (
    {}, {}, {}, {})


def _install() -> None:
    if _INSTALLED:
        return
    _tables.install()
    suit_class, honor_class, step, final, special = _tables.load().classes
    _SUIT_CLASS.update(suit_class)
    _HONOR_CLASS.update(honor_class)
    _hold_tables(tuple(step), tuple(final), tuple(special))
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


#: Wait entries: (state, the kinds completing the group to sets and a pair, those
#: completing it to sets, a tally of kinds); state 0 sets, 1 sets and a pair, 16 neither
#: but one tile short, 64 neither. The tally: kinds held, plus 64 for each held twice,
#: plus 1024 for each simple (neither terminal nor honor) held.
_STATE = {0: 0, 1: 1, 8: 16}
#: The tallies of a hand that can be ready as seven pairs (7 kinds, six held twice) or
#: thirteen orphans (12 or 13 kinds, at most two held twice, at most one simple).
_SPECIAL_KINDS = frozenset([*(7 + 64 * 6 + 1024 * simples for simples in range(8)),
                            *(kinds + 64 * twos + 1024 * simples for kinds in (12, 13)
                              for twos in range(3) for simples in range(2))])


def learn_waits(h: bytes) -> None:
    """Enter the groups of hand ``h`` into the wait dictionaries."""
    _install()
    if len(h) != 34:
        raise ValueError(f"a hand is 34 counts, not {len(h)}")
    for g, learned in enumerate(WAITS):
        key = h[9 * g : 9 * g + (9 if g < 3 else 7)]
        if key not in learned:
            _group(key, 9 if g < 3 else 7)
            record = (_tables.SUIT_WAITS if g < 3 else _tables.HONOR_WAITS).get(key)
            kinds = _tables.KINDS[g]
            held = len(key) - key.count(0)
            simples = 0 if g == 3 else held - (key[0] > 0) - (key[8] > 0)
            tally = held + 64 * key.count(2) + 1024 * simples
            learned[_KEYS.setdefault(key, key)] = ((64, (), (), tally) if record is None
                            else (_STATE[record[0]], kinds[record[1]], kinds[record[2]], tally))


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


def _special_waits(h: bytes, found: list[int]) -> list[int]:
    """The waits ``found`` with those of seven pairs and thirteen orphans."""
    zeros = h.count(0)
    if zeros == 27:
        if h.count(2) == 6 and h.count(1) == 1:  # seven pairs
            found = sorted({*found, h.index(1)})
    elif (zeros == 21 or zeros == 22) and h.count(0, 1, 8) == 7:  # thirteen orphans?
        extra = _tables.orphans_waits(h)
        if extra:
            found = sorted({*found, *extra})
    return found


def group_states(h: bytes) -> int:
    """Sum over the four groups of 0 (splits into sets), 1 (sets and a pair), 16 (neither
    but one tile short) or 64 (neither): 1 for a complete hand of sets and a pair."""
    wm, wp, ws, wz = WAITS
    try:
        km, kp, ks, kz = _SPLIT(h)
        return wm[km][0] + wp[kp][0] + ws[ks][0] + wz[kz][0]
    except KeyError:
        learn_waits(h)
        return group_states(h)


def _wait_readers() -> tuple[Callable[[bytes], list[int]], Callable[[Any], list[int]]]:
    """The wait readers, holding the tables as closure variables."""
    wm, wp, ws, wz = WAITS
    special_kinds = _SPECIAL_KINDS
    split = _SPLIT

    def waits_of(h: bytes) -> list[int]:
        """Kinds that complete a hand of 3k+1 tiles given as 34 counts (bytes), ascending.

        The winning tile goes into one of the four groups; after it every group splits
        into sets and one of them also holds the pair. So either one group is neither (it
        takes the tile, and the pair if no other group holds one), or two groups hold a
        pair (either takes the tile and becomes sets)."""
        try:
            km, kp, ks, kz = split(h)
            m, m_pair, m_sets, m_kinds = wm[km]
            p, p_pair, p_sets, p_kinds = wp[kp]
            s, s_pair, s_sets, s_kinds = ws[ks]
            z, z_pair, z_sets, z_kinds = wz[kz]
        except KeyError:
            learn_waits(h)
            return waits_of(h)
        except struct.error:
            raise _no_hand(h) from None
        state = m + p + s + z
        if state == 2:  # two groups hold a pair
            found = [*m_sets, *p_sets, *s_sets, *z_sets]
        elif state == 16:  # one group neither, no pair elsewhere: it takes the pair
            found = [*(m_pair if m == 16 else p_pair if p == 16 else s_pair if s == 16
                       else z_pair)]
        elif state == 17:  # one group neither, a pair elsewhere
            found = [*(m_sets if m == 16 else p_sets if p == 16 else s_sets if s == 16
                       else z_sets)]
        else:
            found = []
        if m_kinds + p_kinds + s_kinds + z_kinds in special_kinds:
            found = _special_waits(h, found)
        return found

    def winning_kinds(counts: Any) -> list[int]:
        """Kinds that complete a hand of 3k+1 tiles given as 34 counts (a list, tuple or
        bytes), ascending (the fast path of :func:`standard.waits`)."""
        try:
            km, kp, ks, kz = split(bytearray(counts))
            m, m_pair, m_sets, m_kinds = wm[km]
            p, p_pair, p_sets, p_kinds = wp[kp]
            s, s_pair, s_sets, s_kinds = ws[ks]
            z, z_pair, z_sets, z_kinds = wz[kz]
        except KeyError:
            return waits_of(bytes(bytearray(counts)))
        except struct.error:
            raise _no_hand(counts) from None
        state = m + p + s + z
        if state == 2:
            found = [*m_sets, *p_sets, *s_sets, *z_sets]
        elif state == 16:
            found = [*(m_pair if m == 16 else p_pair if p == 16 else s_pair if s == 16
                       else z_pair)]
        elif state == 17:
            found = [*(m_sets if m == 16 else p_sets if p == 16 else s_sets if s == 16
                       else z_sets)]
        else:
            found = []
        if m_kinds + p_kinds + s_kinds + z_kinds in special_kinds:
            found = _special_waits(bytes(bytearray(counts)), found)
        return found

    return waits_of, winning_kinds


waits_of, winning_kinds = _wait_readers()


__all__ = ["class_sections", "class_tables", "group_states", "shanten_from_counts", "shanten_of",
           "waits_of", "winning_kinds"]
