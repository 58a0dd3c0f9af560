"""Hands read straight into the base-5 codes of their four groups, and their waits.

A group's code is its counts read as base-5 digits (rank 1 the most significant), so a
tile adds a power of five to the code of its group, and a group's code is the sum of its
parts' codes. The codes index the dense wait tables of
:mod:`tilepress.engine.standard_tables` directly: no group pattern is learned, and the
first reading of a hand costs what every reading costs.

Two forms of hand are read this way:

* a plain MPSZ string (digits then a suit letter, the suits in the order m, p, s, z,
  each at most once, no spaces or kans): a one-suit hand of 13 tiles is read as three
  runs of a small table of the runs of at most ``SEGMENT_TILES`` digits written in
  notation order; each group of a hand of several suits is one run of a larger table
  (every run of at most ``RUN_TILES`` digits in notation order, with its wait entry and
  code), a longer run three runs of the small one (digit by digit, in C, for the runs
  not there);
* a list or tuple of standard tiles: the sum of the tiles' weights in one number that
  holds the four codes.

Anything else -- or a hand with a fifth copy of a tile (its code carries into the next
rank, which the number of tiles then shows), or of a size that cannot wait -- is read
by :mod:`tilepress.engine.standard` the general way, which names the error.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from tilepress.engine import standard_classes as _classes
from tilepress.engine.standard_groups import Wait, code_waits
from tilepress.engine.standard_tables import (
    HONOR_KINDS,
    SEGMENT_TILES,
    SUIT_RANKS,
    TILES_SHIFT,
    load,
    segment_runs,
    segment_weights,
)
from tilepress.tiles import STANDARD_TILES, Tile

#: The group of each suit letter.
_GROUP = {"m": 0, "p": 1, "s": 2, "z": 3}
_TILE_SHIFT = (5**25, 5**16, 5**7, 1)
"""A tile's weight in one number holding the four codes: m, then p, s and z below it."""


def _tile_weights() -> dict[Tile, int]:
    """Each standard tile's weight (a red five weighs a five)."""
    weights = {}
    for tile in (*STANDARD_TILES, *(Tile(f"0{suit}") for suit in "mps")):
        g = min(tile.kind // 9, 3)
        rank = tile.kind - 9 * g
        weights[tile] = _TILE_SHIFT[g] * 5 ** ((SUIT_RANKS if g < 3 else HONOR_KINDS) - 1 - rank)
    return weights


_TILE_WEIGHT = _tile_weights()
#: Each run of digits of one group written in notation order: its code << RUN_SHIFT
#: plus its wait entry's number (filled when the tables are installed); and a weight for
#: each digit, for the runs not listed.
_SUIT_SEGMENT: dict[str, int] = {}
_HONOR_SEGMENT: dict[str, int] = {}
#: Each run of at most RUN_TILES digits of one group in notation order: its wait entry
#: with its code added (key, pairs mask, sets mask, state, code).
_SUIT_RUN: dict[str, tuple[int, int, int, int, int]] = {}
_HONOR_RUN: dict[str, tuple[int, int, int, int, int]] = {}
_SUIT_WEIGHT = segment_weights(SUIT_RANKS)
_HONOR_WEIGHT = segment_weights(HONOR_KINDS)
RUN_SHIFT = 20
"""A run's code sits above its entry number, which takes 16 bits: three runs' values add
up to their codes' sum above this shift."""


def _install() -> None:
    """Install the tables, and the runs' values (only the readers here need them)."""
    _classes.install_entries()
    tables = load()
    if not _SUIT_SEGMENT:
        for segments, whole, runs, g in (
                (_SUIT_SEGMENT, _SUIT_RUN, tables.suit_segments, 0),
                (_HONOR_SEGMENT, _HONOR_RUN, tables.honor_segments, 3)):
            number, entries = _classes.ENTRY_OF[g], _classes.ENTRIES[g]
            texts, codes = segment_runs(runs)
            whole.update(zip(texts, map(operator.add, map(entries.__getitem__,
                                                          map(number.__getitem__, codes)),
                                        zip(codes)), strict=True))
            segments.update((run, code << RUN_SHIFT | number[code])
                            for run, code in zip(texts, codes, strict=True)
                            if len(run) <= SEGMENT_TILES)


def waits_reader(general: Callable[[Any, Any], tuple[Wait, ...]]
                 ) -> Callable[..., tuple[Wait, ...]]:
    """:func:`standard.waits`: plain MPSZ strings and lists or tuples of tiles read here,
    anything else (or anything declined) by ``general(hand, visible)``. The tables are
    closure variables, filled in place when installed (on the first hand). The code is
    written out in one function (a helper's call costs about a tenth of xiangting's
    whole call), and it reads small tables, which the processor's cache holds, before
    the large ones."""
    entries, index = _classes.ENTRIES, _classes.ENTRY_OF
    em, ep, es, ez = entries
    im, ip, is_, iz = index
    read, make = _classes.read_waits, code_waits
    suit_get, honor_get = _SUIT_SEGMENT.get, _HONOR_SEGMENT.get
    run_get, honor_run_get = _SUIT_RUN.get, _HONOR_RUN.get
    suit_weight, honor_weight = _SUIT_WEIGHT.__getitem__, _HONOR_WEIGHT.__getitem__
    tile_weight = _TILE_WEIGHT.__getitem__
    group = {letter: (g, honor_get if g == 3 else suit_get,
                      honor_weight if g == 3 else suit_weight, _classes.ALONE[g],
                      _classes.TILES[g], _classes.KINDS[g])
             for letter, g in _GROUP.items()}.get
    span, shift, tiles_shift = SEGMENT_TILES, RUN_SHIFT, TILES_SHIFT
    one, two = -span - 1, -2 * span - 1  # where the last run and the one before it start
    sizes = frozenset((1, 4, 7, 10, 13))
    no_tiles = ()

    def long_run(run: str, g: int) -> tuple[int, int, int, int, int]:
        """The entry and code of a run of digits of group ``g`` the runs table does not
        hold (longer, or not in notation order): KeyError for a character that is not a
        digit of the group, IndexError for a fifth copy that carries past the last rank."""
        get = honor_get if g == 3 else suit_get
        first, second, third = get(run[:span]), get(run[span : 2 * span]), get(run[2 * span :])
        if first is None or second is None or third is None:
            if not _SUIT_SEGMENT:
                _install()
                return long_run(run, g)
            code = sum(map(honor_weight if g == 3 else suit_weight, run))
        else:
            code = (first + second + third) >> shift
        return (*entries[g][index[g][code]], code)

    def waits(hand: Any, *, visible: Any = no_tiles) -> tuple[Wait, ...]:
        if visible is not no_tiles:
            return general(hand, visible)
        kind = type(hand)
        if kind is str:
            suit = group(hand[-1:]) if len(hand) == 14 else None
            if suit is not None and hand[:-1].isdigit():  # 13 tiles of one suit
                g, get, weight, alone, tiles_of, kinds = suit
                first, second, third = (get(hand[one:-1]), get(hand[two:one]),
                                        get(hand[:two]))
                if first is not None and second is not None and third is not None:
                    code = (first + second + third) >> shift  # three runs the table holds
                else:  # not in notation order, or the table not read yet
                    if not _SUIT_SEGMENT:
                        _install()
                        return waits(hand)
                    try:
                        code = sum(map(weight, hand[:-1]))
                    except KeyError:  # not a digit of its suit
                        return general(hand, visible)
                try:
                    number = index[g][code]
                except IndexError:  # a fifth copy carried past the last rank
                    return general(hand, visible)
                n = tiles_of[number]
                if n not in sizes or n != len(hand) - 1:  # or a fifth copy carried
                    return general(hand, visible)
                found = kinds[alone[number]]
                if found is None or found:
                    codes = ((code, 0, 0, 0) if g == 0 else (0, code, 0, 0) if g == 1
                             else (0, 0, code, 0) if g == 2 else (0, 0, 0, code))
                    if found is None:  # seven pairs may be ready
                        groups = [entries[i][index[i][0]] for i in range(4)]
                        groups[g] = entries[g][number]
                        found = read(groups[g][0], *groups, codes)
                    if found:
                        return make(codes, found)
                return ()
            # each suit's digits and what follows; a suit letter not there leaves ""
            # (and a letter twice leaves one run holding a letter, read the general way)
            m, sep_m, rest = hand.rpartition("m")
            p, sep_p, rest = rest.rpartition("p")
            s, sep_s, rest = rest.rpartition("s")
            z, sep_z, tail = rest.rpartition("z")
            if (tail or (sep_m and not m) or (sep_p and not p) or (sep_s and not s)
                    or (sep_z and not z)):  # digits with no suit, or a suit with no digits
                return general(hand, visible)
            n = 0  # the digits, counted only if a run may hold a fifth copy
            m_entry, p_entry = run_get(m), run_get(p)
            s_entry, z_entry = run_get(s), honor_run_get(z)
            if m_entry is None or p_entry is None or s_entry is None or z_entry is None:
                try:
                    if m_entry is None:
                        m_entry = long_run(m, 0)
                    if p_entry is None:
                        p_entry = long_run(p, 1)
                    if s_entry is None:
                        s_entry = long_run(s, 2)
                    if z_entry is None:
                        z_entry = long_run(z, 3)
                except (KeyError, IndexError):  # not a digit of its suit, or a fifth copy
                    return general(hand, visible)
                n = len(m) + len(p) + len(s) + len(z)
            codes = (m_entry[4], p_entry[4], s_entry[4], z_entry[4])
        elif kind is tuple or kind is list:
            n = len(hand)
            try:
                code = sum(map(tile_weight, hand))
            except (KeyError, TypeError):  # not a standard tile
                return general(hand, visible)
            cm, code = divmod(code, 5**25)
            cp, code = divmod(code, 5**16)
            cs, cz = divmod(code, 5**7)
            try:
                m_entry, p_entry, s_entry, z_entry = em[im[cm]], ep[ip[cp]], es[is_[cs]], ez[iz[cz]]
            except IndexError:  # not installed yet, or a code past the last pattern
                if em:
                    return general(hand, visible)
                _install()
                return waits(hand)
            codes = (cm, cp, cs, cz)
        else:
            return general(hand, visible)
        key = m_entry[0] + p_entry[0] + s_entry[0] + z_entry[0]
        tiles = key >> tiles_shift
        if tiles not in sizes or (n and n != tiles):
            return general(hand, visible)  # no hand that waits, or a fifth copy
        found = read(key, m_entry, p_entry, s_entry, z_entry, codes)
        return make(codes, found) if found else ()

    return waits


__all__ = ["waits_reader"]
