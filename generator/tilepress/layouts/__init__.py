"""Tile layouts: positions in half-tile units on layers, and the files they come in.

A position ``(x, y, z)`` is a tile covering ``[x, x+2) x [y, y+2)`` on layer ``z``
(x to the right, y down the page, z up from the table). Layouts are built in
(:data:`BUILTIN`), or read from KMahjongg ``.layout`` files (v1.0 and v1.1) and GNOME
Mahjongg ``.map`` files (:mod:`.formats`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from tilepress.errors import FileFormatError, RequestError


@dataclass(frozen=True, order=True)
class Position:
    z: int
    y: int
    x: int

    def as_list(self) -> list[int]:
        return [self.x, self.y, self.z]

    def __str__(self) -> str:
        return f"({self.x / 2:g}, {self.y / 2:g}, layer {self.z})"


@dataclass(frozen=True)
class Layout:
    """A named set of positions, sorted bottom layer first, then top to bottom, left to
    right (so a position's index is stable)."""

    name: str
    positions: tuple[Position, ...]
    source: str = field(default="", compare=False)
    warnings: tuple[str, ...] = field(default=(), compare=False)
    """What the file got wrong that its home app forgives (with line and column)."""

    @classmethod
    def of(cls, name: str, positions, source: str = "", warnings: tuple[str, ...] = ()
           ) -> Layout:
        return cls(name, tuple(sorted(set(positions))), source, tuple(warnings))

    def __len__(self) -> int:
        return len(self.positions)

    def __hash__(self) -> int:
        return hash((self.name, self._positions_hash))

    @cached_property
    def _positions_hash(self) -> int:
        """The positions' hash, kept: the solver looks its layout's tables up by layout,
        and hashing 144 positions each time cost more than a quick solve's own work."""
        return hash(self.positions)

    @cached_property
    def layers(self) -> tuple[int, ...]:
        """How many tiles each layer holds, from the bottom."""
        depth = max((p.z for p in self.positions), default=-1) + 1
        return tuple(sum(1 for p in self.positions if p.z == z) for z in range(depth))

    @cached_property
    def bounds(self) -> tuple[int, int, int, int]:
        """(min x, min y, max x + 2, max y + 2) in half-tile units."""
        xs = [p.x for p in self.positions]
        ys = [p.y for p in self.positions]
        return (min(xs), min(ys), max(xs) + 2, max(ys) + 2)


def overlap(a: Position, b: Position) -> bool:
    """Whether the footprints of two positions overlap (whatever their layers)."""
    return abs(a.x - b.x) < 2 and abs(a.y - b.y) < 2


# ---------------------------------------------------------------------------
# Built-in layouts, drawn with rows, columns and blocks (tile units, halves allowed)
# ---------------------------------------------------------------------------


def _h(v: float) -> int:
    doubled = v * 2
    if doubled != int(doubled):
        raise ValueError(f"{v} is not on the half-tile grid")
    return int(doubled)


def row(z: int, y: float, left: float, right: float) -> list[Position]:
    return [Position(z, _h(y), _h(left) + 2 * i) for i in range(int(right - left) + 1)]


def block(z: int, left: float, right: float, top: float, bottom: float) -> list[Position]:
    return [p for i in range(int(bottom - top) + 1) for p in row(z, top + i, left, right)]


def tile(z: int, x: float, y: float) -> list[Position]:
    return [Position(z, _h(y), _h(x))]


def _turtle() -> list[Position]:
    """The classic layout of 144 tiles on five layers."""
    p: list[Position] = []
    for y, left, right in ((0, 1, 12), (1, 3, 10), (2, 2, 11), (3, 1, 12), (4, 1, 12),
                           (5, 2, 11), (6, 3, 10), (7, 1, 12)):
        p += row(0, y, left, right)
    p += tile(0, 0, 3.5) + tile(0, 13, 3.5) + tile(0, 14, 3.5)
    p += block(1, 4, 9, 1, 6) + block(2, 5, 8, 2, 5) + block(3, 6, 7, 3, 4)
    p += tile(4, 6.5, 3.5)
    return p


def _pyramid() -> list[Position]:
    """A square pyramid: 7x7, 5x5, 3x3 and a capstone (84 tiles)."""
    return (block(0, 0, 6, 0, 6) + block(1, 1, 5, 1, 5) + block(2, 2, 4, 2, 4)
            + tile(3, 3, 3))


def _fortress() -> list[Position]:
    """A walled courtyard with corner towers and a keep set on half steps (94 tiles)."""
    p: list[Position] = []
    p += row(0, 0, 0, 9) + row(0, 7, 0, 9) + block(0, 0, 0, 1, 6) + block(0, 9, 9, 1, 6)
    p += block(0, 2, 7, 2, 5)                           # the courtyard
    p += row(1, 0, 0, 9) + row(1, 7, 0, 9)              # the walls rise on two sides
    p += block(1, 3, 6, 3, 4)                           # the keep
    for x, y in ((0, 0), (9, 0), (0, 7), (9, 7)):       # corner towers
        p += tile(2, x, y)
    p += block(2, 3.5, 5.5, 3, 4)                       # the keep's roof, half a tile in
    return p


def _bridge() -> list[Position]:
    """Two towers joined by a span that rests on both across a gap (88 tiles)."""
    p: list[Position] = []
    p += block(0, 0, 3, 0, 5) + block(0, 5, 8, 0, 5)     # two towers, a gap of one tile
    p += block(1, 0.5, 2.5, 0.5, 4.5) + block(1, 5.5, 7.5, 0.5, 4.5)
    p += row(1, 2.5, 3.5, 4.5)                            # the span: each end on a tower
    p += tile(2, 4, 2.5)                                  # the keystone on the span
    for x in (1.5, 6.5):
        p += tile(2, x, 0.5) + tile(2, x, 2.5) + tile(2, x, 4.5)
    p += tile(3, 1.5, 2.5)
    return p


def _cross() -> list[Position]:
    """A cross of four arms around a raised centre (60 tiles)."""
    p: list[Position] = []
    p += block(0, 3, 5, 0, 8) + block(0, 0, 2, 3, 5) + block(0, 6, 8, 3, 5)
    p += block(1, 3.5, 4.5, 3.5, 4.5) + row(1, 4, 1, 2) + row(1, 4, 6, 7)
    p += tile(1, 4, 1) + tile(1, 4, 7) + tile(2, 4, 4)
    p += tile(2, 1.5, 4) + tile(2, 6.5, 4)
    return p


def _stairs() -> list[Position]:
    """A ziggurat climbing in half steps from both ends (88 tiles)."""
    p: list[Position] = []
    p += block(0, 0, 13, 0, 3)                            # 56
    p += block(1, 1.5, 11.5, 0.5, 2.5)                    # 33
    p = p[:-1]                                            # keep the count even
    return p


def _mini() -> list[Position]:
    """A small turtle for a quick puzzle (36 tiles)."""
    p: list[Position] = []
    p += row(0, 0, 1, 6) + row(0, 1, 0, 7) + row(0, 2, 0, 7) + row(0, 3, 1, 6)
    p += block(1, 2, 5, 1, 2) + tile(2, 3, 1.5) + tile(2, 4, 1.5)
    return p


BUILTIN = {
    "turtle": _turtle,
    "pyramid": _pyramid,
    "fortress": _fortress,
    "bridge": _bridge,
    "cross": _cross,
    "stairs": _stairs,
    "mini": _mini,
}


def builtin(name: str) -> Layout:
    try:
        make = BUILTIN[name]
    except KeyError:
        raise RequestError(f"unknown layout {name!r}; built in: {', '.join(BUILTIN)} "
                           "(or give a .layout or .map file)") from None
    return Layout.of(name, make(), source="built in")


__all__ = ["BUILTIN", "FileFormatError", "Layout", "Position", "builtin"]
