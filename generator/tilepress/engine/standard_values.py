"""The values of the standard hand: groups, decompositions, readings, a discard table's
rows, and hands written in MPSZ notation with declared kans in brackets."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from tilepress.errors import HandError, NotationError
from tilepress.tiles import Tile, check_copies, format_tiles, parse_tiles

STANDARD = "standard"
SEVEN_PAIRS = "seven pairs"
THIRTEEN_ORPHANS = "thirteen orphans"
FORMS = (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS)


@dataclass(frozen=True, slots=True)
class Group:
    """A group of tiles in a hand: a set, a pair, or a waiting shape.

    ``shape`` is one of ``run``, ``triplet``, ``kan``, ``pair``, ``orphans`` for complete
    groups and ``single``, ``two-sided``, ``closed``, ``edge`` for the waiting shape of a
    reading (see :func:`readings`).
    """

    shape: str
    tiles: tuple[Tile, ...]

    def __str__(self) -> str:
        return _group_text(self.tiles)


@lru_cache(maxsize=4096)
def _group_text(tiles: tuple[Tile, ...]) -> str:
    return format_tiles(tiles)


@dataclass(frozen=True, slots=True)
class Decomposition:
    """A complete hand split into its groups (``form`` is one of :data:`FORMS`)."""

    form: str
    groups: tuple[Group, ...]

    def __str__(self) -> str:
        return " ".join(str(g) for g in self.groups)


@dataclass(frozen=True, slots=True)
class Reading:
    """A ready hand read as complete groups plus one waiting shape.

    ``waits`` are the tiles that complete the waiting shape (``shape``), which is the last
    group of ``groups``. A hand may have several readings; together they show every wait.
    """

    groups: tuple[Group, ...]
    waits: tuple[Tile, ...]

    @property
    def shape(self) -> str:
        return self.groups[-1].shape

    def __str__(self) -> str:
        return " ".join(str(g) for g in self.groups)

@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One row of a wait calculator's discard table for a 14-tile hand."""

    discard: Tile
    shanten: int
    tiles: tuple[tuple[Tile, int], ...]
    """Waits (shanten 0) or improving tiles, each with the number still unseen."""

    @property
    def total(self) -> int:
        return sum(n for _, n in self.tiles)

@dataclass(frozen=True)
class Hand:
    """Concealed tiles plus declared kans, written ``"1233445m [7777p]"``."""

    tiles: tuple[Tile, ...]
    kans: tuple[tuple[Tile, ...], ...] = ()

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read a hand; declared kans go in square brackets after the concealed tiles."""
        if not isinstance(text, str):
            raise NotationError(f"expected a hand string, got {type(text).__name__}")
        concealed, kans = _split_brackets(text)
        tiles = parse_tiles(concealed)
        kan_groups = []
        for offset, body in kans:
            group = parse_tiles(body)
            if len(group) != 4 or len({t.kind for t in group}) != 1:
                raise HandError(
                    f"bad kan [{body}] at position {offset}: a kan is four copies of one tile"
                )
            kan_groups.append(group)
        hand = cls(tiles, tuple(kan_groups))
        hand.check()
        return hand

    def check(self) -> None:
        """Raise :class:`HandError` for a hand no real set could hold."""
        for tile in self.all_tiles:
            if tile.kind >= 34:
                raise HandError(f"{tile} ({tile.name}) has no place in a sets-and-a-pair hand")
        check_copies(self.all_tiles)

    @property
    def all_tiles(self) -> tuple[Tile, ...]:
        return self.tiles + tuple(t for kan in self.kans for t in kan)

    def __str__(self) -> str:
        text = format_tiles(self.tiles)
        return " ".join([text, *(f"[{format_tiles(k)}]" for k in self.kans)]).strip()


def _split_brackets(text: str) -> tuple[str, list[tuple[int, str]]]:
    concealed: list[str] = []
    kans: list[tuple[int, str]] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char == "[":
            end = text.find("]", i)
            if end < 0:
                raise NotationError(f"bad hand {text!r}: '[' at position {i + 1} is never closed")
            kans.append((i + 1, text[i + 1 : end]))
            concealed.append(" ")
            i = end + 1
        elif char == "]":
            raise NotationError(f"bad hand {text!r}: ']' at position {i + 1} has no '['")
        else:
            concealed.append(char)
            i += 1
    return "".join(concealed), kans


__all__ = ["FORMS", "SEVEN_PAIRS", "STANDARD", "THIRTEEN_ORPHANS", "Decomposition",
           "DiscardOption", "Group", "Hand", "Reading"]
