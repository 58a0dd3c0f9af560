"""The standard mahjong hand: sets and a pair, seven pairs, thirteen orphans.

A *complete* hand of 3k+2 tiles is k sets (runs of three in a suit, or three of a
kind) plus one pair; 14 tiles may also be seven different pairs, or one of each
terminal and honor plus a second copy of one of them (thirteen orphans). A hand of
3k+1 tiles is *ready* when some tile completes it; those tiles are its *waits*. A tile
of which the hand holds all four copies is never a wait.

*Shanten* counts tile exchanges: a ready hand is 0, a complete hand is -1, and every
other hand is the least number of tiles to swap before it is ready. tilepress computes
it exactly, so that a plan needing a fifth copy of a tile never counts: the shanten of
a hand H is ``min |W - H| - 1`` over the complete hands W of the right size.

Declared kans are set aside: pass only the concealed tiles, and give the kans as
``kans=`` so that their tiles are counted as seen.

Waits and shanten are read from tables of every one-suit and honor pattern
(:mod:`tilepress.engine.standard_tables`, built on first use or read from a cache file);
a hand given as a plain MPSZ string or as tiles is counted without building a
:class:`Hand`, and a wait's winning decomposition is found when first read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from tilepress.engine import standard_tables as _tables
from tilepress.engine.standard_classes import shanten_from_counts
from tilepress.engine.standard_classes import shanten_of as _shanten_of_counts
from tilepress.engine.standard_classes import waits_of as _waits_of
from tilepress.engine.standard_codes import waits_reader
from tilepress.engine.standard_groups import (
    Wait,
    best_decomposition,
    complete_counts,
    decompose_counts,
    new_waits,
    readings_of,
    winning_kinds,
)
from tilepress.engine.standard_tables import ORPHANS as _ORPHANS
from tilepress.engine.standard_tables import improving_kinds as _improving_kinds
from tilepress.engine.standard_values import (
    FORMS,
    SEVEN_PAIRS,
    STANDARD,
    THIRTEEN_ORPHANS,
    Decomposition,
    DiscardOption,
    Group,
    Hand,
    Reading,
)
from tilepress.errors import HandError
from tilepress.tiles import (
    STANDARD_TILES,
    Tile,
    sort_tiles,
)

__all__ = [
    "FORMS",
    "SEVEN_PAIRS",
    "STANDARD",
    "THIRTEEN_ORPHANS",
    "Decomposition",
    "DiscardOption",
    "Group",
    "Hand",
    "HandAnalysis",
    "Reading",
    "Wait",
    "analyze",
    "best_decomposition",
    "complete_counts",
    "decompositions",
    "discard_table",
    "improving_tiles",
    "is_complete",
    "readings",
    "shanten",
    "shanten_by_form",
    "shanten_by_form_counts",
    "shanten_from_counts",
    "waits",
    "winning_kinds",
]


_SUIT_OF_GROUP = "mpsz"
_INF = _tables.INF


# ---------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------










# ---------------------------------------------------------------------------
# Counting helpers
# ---------------------------------------------------------------------------


def _as_hand(hand: Hand | str | Iterable[Tile]) -> Hand:
    if isinstance(hand, Hand):
        return hand
    if isinstance(hand, str):
        return Hand.parse(hand)
    result = Hand(tuple(hand))
    result.check()
    return result


def _counts(tiles: Iterable[Tile]) -> list[int]:
    counts = [0] * 34
    for tile in tiles:
        counts[tile.kind] += 1
    return counts


def _check_size(n: int, *, complete: bool | None = None) -> int:
    """The number of sets k for a hand of ``n`` concealed tiles (3k+1 or 3k+2)."""
    if n % 3 == 0 or n > 14:
        sizes = "1, 4, 7, 10 or 13 tiles (or one more, 14 at most)"
        raise HandError(f"a hand of {n} tiles cannot be played; a hand has {sizes}")
    if complete is True and n % 3 != 2:
        raise HandError(f"a complete hand has 2, 5, 8, 11 or 14 tiles, not {n}")
    if complete is False and n % 3 != 1:
        raise HandError(f"a hand waiting for one tile has 1, 4, 7, 10 or 13 tiles, not {n}")
    return n // 3


#: For each suit letter, the kind of each digit (``0`` the red five, honors 1-7).
_KIND_OF_DIGIT = {letter: {str(d): start + (d or 5) - 1 for d in digits}
                  for letter, start, digits in (("m", 0, range(10)), ("p", 9, range(10)),
                                                ("s", 18, range(10)), ("z", 27, range(1, 8)))}




def _digit_kinds(start: int) -> bytes:
    """A translate table: each digit's kind in the number suit whose 1 is ``start``."""
    return bytes.maketrans(b"0123456789", bytes([start + 4, *range(start, start + 9)]))


#: For a string of one number suit: its digits' kinds, by ``bytes.translate``.
_ONE_SUIT_KINDS = {"m": _digit_kinds(0), "p": _digit_kinds(9), "s": _digit_kinds(18)}


def _parse_counts(text: str) -> bytes | None:
    """The 34 counts of a plain MPSZ string (``"123m0p44z"``: no spaces, no kans) that
    is a valid standard hand, read right to left; None for anything else, which the
    general path reads (or names the error of)."""
    counts = bytearray(34)
    body = text[:-1]
    if text[-1:] in _ONE_SUIT_KINDS and body.isascii() and body.isdigit():  # one suit
        for kind in body.encode().translate(_ONE_SUIT_KINDS[text[-1]]):
            counts[kind] += 1
        return bytes(counts) if max(counts) <= 4 else None
    kinds: dict[str, int] = {}
    pending = False  # a suit letter with no digit yet
    for char in reversed(text):
        kind = kinds.get(char)
        if kind is not None:
            counts[kind] += 1
            pending = False
        elif pending or char not in _KIND_OF_DIGIT:
            return None
        else:
            kinds = _KIND_OF_DIGIT[char]
            pending = True
    if pending or max(counts) > 4:
        return None
    return bytes(counts)


def _tile_counts(tiles: tuple[Tile, ...]) -> bytes | None:
    """The 34 counts of tiles that make a valid standard hand, else None."""
    counts = bytearray(43)
    try:
        for tile in tiles:
            counts[tile.kind] += 1
    except Exception:  # not tiles: the general path raises what it always did
        return None
    if any(counts[34:]) or max(counts) > 4:
        return None
    return bytes(counts[:34])


def _read(hand: Hand | str | Iterable[Tile]) -> tuple[bytes, tuple[Tile, ...]]:
    """The concealed tiles as 34 counts and the tiles of the declared kans, with the
    errors of :meth:`Hand.parse` and :meth:`Hand.check`."""
    if isinstance(hand, str):
        counts = _parse_counts(hand)
        if counts is not None:
            return counts, ()
    elif not isinstance(hand, Hand):
        hand = tuple(hand)
        counts = _tile_counts(hand)
        if counts is not None:
            return counts, ()
    h = _as_hand(hand)
    return bytes(_counts(h.tiles)), tuple(t for kan in h.kans for t in kan)


def _seen_counts(counts: bytes, kans: tuple[Tile, ...],
                 visible: Iterable[Tile]) -> Sequence[int]:
    """Copies seen of each kind: in the hand, its kans and ``visible`` (checked)."""
    if not kans and visible == ():
        return counts
    seen = list(counts)
    for tile in kans:
        seen[tile.kind] += 1
    for tile in visible:
        if tile.kind >= 34:
            raise HandError(f"visible tile {tile} ({tile.name}) is not in the standard set")
        seen[tile.kind] += 1
        if seen[tile.kind] > 4:
            plain = STANDARD_TILES[tile.kind]
            raise HandError(
                f"the hand and the visible tiles hold {seen[tile.kind]} copies of {plain} "
                f"({plain.name}); a set has only 4"
            )
    return seen


def _seen(h: Hand, visible: Iterable[Tile]) -> Sequence[int]:
    return _seen_counts(bytes(_counts(h.tiles)), tuple(t for k in h.kans for t in k), visible)


# ---------------------------------------------------------------------------
# Complete hands and waits
# ---------------------------------------------------------------------------




def is_complete(hand: Hand | str | Iterable[Tile]) -> bool:
    """Whether the concealed tiles form a complete hand (any of the three forms)."""
    counts, _ = _read(hand)
    _check_size(sum(counts), complete=True)
    return complete_counts(counts)




# ---------------------------------------------------------------------------
# Decompositions
# ---------------------------------------------------------------------------




def decompositions(hand: Hand | str | Iterable[Tile]) -> list[Decomposition]:
    """Every way to read a complete hand as groups (empty if it is not complete)."""
    counts, _ = _read(hand)
    _check_size(sum(counts), complete=True)
    return decompose_counts(counts)


# ---------------------------------------------------------------------------
# Shanten, exactly (no plan may need a fifth copy of a tile)
# ---------------------------------------------------------------------------


def _standard_deficit(counts: Sequence[int], sets: int, suits: str) -> int:
    return _tables.standard_deficit(counts if type(counts) is bytes else bytes(counts), sets,
                                    suits)


def _seven_pairs_deficit(counts: Sequence[int], suits: str) -> int:
    allowed = [c for g, letter in enumerate(_SUIT_OF_GROUP) if letter in suits
               for c in counts[9 * g : 9 * g + (9 if g < 3 else 7)]]
    if len(allowed) < 7:
        return _INF
    pairs = sum(1 for c in allowed if c >= 2)
    singles = allowed.count(1)
    need = max(0, 7 - pairs)
    from_singles = min(need, singles)
    return from_singles + 2 * (need - from_singles)


def _orphans_deficit(counts: Sequence[int], suits: str) -> int:
    if any(letter not in suits for letter in _SUIT_OF_GROUP):
        return _INF
    missing = sum(1 for k in _ORPHANS if counts[k] == 0)
    return missing + (0 if any(counts[k] >= 2 for k in _ORPHANS) else 1)


def shanten_by_form_counts(counts: Sequence[int], *, suits: str = "mpsz") -> dict[str, int]:
    n = sum(counts)
    sets = _check_size(n)
    result = {STANDARD: _standard_deficit(counts, sets, suits) - 1}
    if n >= 13:
        result[SEVEN_PAIRS] = _seven_pairs_deficit(counts, suits) - 1
        result[THIRTEEN_ORPHANS] = _orphans_deficit(counts, suits) - 1
    return {form: value for form, value in result.items() if value < _INF - 1}


def shanten_by_form(hand: Hand | str | Iterable[Tile], *, suits: str = "mpsz") -> dict[str, int]:
    """Shanten of each form the hand could still become (seven pairs and thirteen orphans
    only for 13 or 14 concealed tiles). ``suits`` limits the tiles a plan may bring in."""
    counts, _ = _read(hand)
    return shanten_by_form_counts(counts, suits=suits)


def shanten(hand: Hand | str | Iterable[Tile], *, suits: str = "mpsz") -> int:
    """Tile exchanges to being ready: -1 complete, 0 ready, 1 one away, ..."""
    counts = _parse_counts(hand) if type(hand) is str else None
    if counts is None:
        counts, _ = _read(hand)
    n = sum(counts)
    if n % 3 == 0 or n > 14:
        _check_size(n)
    if suits == "mpsz":
        return _shanten_of_counts(counts)
    return _shanten_of(counts, suits)


def _within(h: bytes, suits: str) -> bool:
    """Whether every tile of the hand is of a suit in ``suits``."""
    if suits == "mpsz":
        return True
    return all(letter in suits or not any(h[9 * g : 9 * g + 9])
               for g, letter in enumerate(_SUIT_OF_GROUP))


def _ready(counts: Sequence[int], suits: str) -> bool:
    """Whether a hand of 3k+1 tiles has a wait within ``suits``."""
    return any(_SUIT_OF_GROUP[min(k // 9, 3)] in suits for k in winning_kinds(counts))


def _ready_after_discard(counts: list[int], suits: str) -> bool:
    """Whether some discard leaves a hand of 3k+2 tiles ready."""
    for kind in range(34):
        if counts[kind]:
            counts[kind] -= 1
            ready = _ready(counts, suits)
            counts[kind] += 1
            if ready:
                return True
    return False


def _shanten_of(counts: Sequence[int], suits: str) -> int:
    """Shanten of 34 counts (a list or bytes). When every tile lies within ``suits`` it
    is the least deficit over the forms, less one; otherwise tiles outside ``suits``
    are thrown away, and readiness is judged on the hand as it is."""
    h = counts if type(counts) is bytes else bytes(counts)
    if suits == "mpsz":
        return _shanten_of_counts(h)
    if not _within(h, suits):
        if sum(h) % 3 == 1:
            if _ready(h, suits):
                return 0
        elif complete_counts(h):
            return -1
        elif _ready_after_discard(list(h), suits):
            return 0
    return min(shanten_by_form_counts(h, suits=suits).values())


# ---------------------------------------------------------------------------
# Waits and readings
# ---------------------------------------------------------------------------




def _waits(hand: Hand | str | Iterable[Tile], visible: Iterable[Tile]) -> tuple[Wait, ...]:
    """:func:`waits` of any hand, the errors named."""
    counts = _parse_counts(hand) if type(hand) is str else None
    if counts is None:
        counts, kans = _read(hand)
    else:
        kans = ()
    n = sum(counts)
    if n % 3 != 1 or n > 13:
        _check_size(n, complete=False)
    if not kans and visible == ():
        return new_waits(counts, _waits_of(counts))
    return new_waits(counts, _waits_of(counts), _seen_counts(counts, kans, visible))


waits: Callable[..., tuple[Wait, ...]] = waits_reader(_waits)
waits.__module__, waits.__qualname__ = __name__, "waits"
waits.__doc__ = """The tiles that complete a hand of 1, 4, 7, 10 or 13 concealed tiles, given as
MPSZ text, tiles or a :class:`Hand`: ``waits(hand, *, visible=())``.

``left`` is 4 minus the copies in the hand, in its kans and among ``visible``."""


def readings(hand: Hand | str | Iterable[Tile]) -> tuple[Reading, ...]:
    """Every way to read a ready hand as complete groups plus one waiting shape:
    a single tile, a pair beside another pair (dual pung), or two tiles of a run
    (two-sided, closed, edge). Seven pairs and thirteen orphans are readings too."""
    counts, _ = _read(hand)
    _check_size(sum(counts), complete=False)
    return readings_of(counts)




def _improving_slow(counts: list[int], suits: str) -> list[int]:
    """:func:`_improving_kinds` for a hand with tiles outside ``suits``."""
    base = _shanten_of(counts, suits)
    result = []
    for kind in range(34):
        if counts[kind] == 4 or _SUIT_OF_GROUP[min(kind // 9, 3)] not in suits:
            continue
        counts[kind] += 1
        if base == 0:
            better = complete_counts(counts)
        elif base == 1:
            better = _ready_after_discard(counts, suits)
        else:
            better = min(shanten_by_form_counts(counts, suits=suits).values()) < base
        counts[kind] -= 1
        if better:
            result.append(kind)
    return result


def _improving(h: bytes, suits: str, seen: Sequence[int],
               level: int | None = None) -> tuple[tuple[Tile, int], ...]:
    if suits == "mpsz" or _within(h, suits):
        if level is None:
            level = _shanten_of(h, suits)
        kinds = _improving_kinds(h, sum(h), suits, level + 1)
    else:
        kinds = _improving_slow(list(h), suits)
    return tuple([(STANDARD_TILES[k], 4 - seen[k]) for k in kinds])


def improving_tiles(
    hand: Hand | str | Iterable[Tile], *, visible: Iterable[Tile] = (), suits: str = "mpsz"
) -> tuple[tuple[Tile, int], ...]:
    """For a hand of 3k+1 tiles that is not ready, the tiles that lower its shanten,
    each with the number unseen; for a ready hand, its waits."""
    counts, kans = _read(hand)
    _check_size(sum(counts), complete=False)
    return _improving(counts, suits, _seen_counts(counts, kans, visible))


def discard_table(
    hand: Hand | str | Iterable[Tile],
    *,
    visible: Iterable[Tile] = (),
    suits: str = "mpsz",
    keep_all: bool = False,
) -> tuple[DiscardOption, ...]:
    """For a hand of 3k+2 tiles: each discard that keeps the best shanten, with the
    tiles that improve what is left and their count, most tiles first (``keep_all``
    adds the discards that lose ground, after them)."""
    h = _as_hand(hand)
    _check_size(len(h.tiles), complete=True)
    kans = tuple(t for kan in h.kans for t in kan)
    counts = _counts(h.tiles)
    options = []
    for tile in sort_tiles(set(h.tiles)):
        if tile.is_red and any(t.kind == tile.kind and not t.is_red for t in h.tiles):
            continue  # discarding the plain five leaves the same shape
        counts[tile.kind] -= 1
        rest = bytes(counts)
        counts[tile.kind] += 1
        level = _shanten_of(rest, suits)
        seen = _seen_counts(rest, kans, (*visible, tile))
        options.append(DiscardOption(tile, level, _improving(rest, suits, seen, level)))
    best = min(o.shanten for o in options)
    options.sort(key=lambda o: (o.shanten, -o.total, -len(o.tiles), o.discard))
    if keep_all:
        return tuple(options)
    return tuple(o for o in options if o.shanten == best)


# ---------------------------------------------------------------------------
# The analysis a wait calculator shows
# ---------------------------------------------------------------------------




@dataclass(frozen=True)
class HandAnalysis:
    """Everything ``tilepress analyze waits`` prints about a hand."""

    hand: Hand
    shanten: int
    forms: dict[str, int]
    waits: tuple[Wait, ...] = ()
    improving: tuple[tuple[Tile, int], ...] = ()
    discards: tuple[DiscardOption, ...] = ()
    complete: tuple[Decomposition, ...] = field(default=())


def analyze(
    hand: Hand | str | Iterable[Tile], *, visible: Iterable[Tile] = (), suits: str = "mpsz"
) -> HandAnalysis:
    """Shanten, and waits or improving tiles (3k+1 tiles) or the discard table (3k+2)."""
    h = _as_hand(hand)
    visible = tuple(visible)
    counts = _counts(h.tiles)
    _seen(h, visible)
    forms = shanten_by_form_counts(counts, suits=suits)
    level = min(forms.values())
    if len(h.tiles) % 3 == 1:
        found = waits(h, visible=visible) if level == 0 else ()
        improving = () if level == 0 else improving_tiles(h, visible=visible, suits=suits)
        return HandAnalysis(h, level, forms, waits=found, improving=improving)
    complete = tuple(decompose_counts(counts)) if level == -1 else ()
    table = () if level == -1 else discard_table(h, visible=visible, suits=suits)
    return HandAnalysis(h, level, forms, discards=table, complete=complete)
