"""Mahjong tiles and their MPSZ notation.

A tile string is groups of digits, each group closed by a suit letter, as in the
common wait calculators: ``123m456p789s1234567z``. Spaces between groups are allowed.

=======  ====================================================================
suit     ranks
=======  ====================================================================
``m``    characters (craks) 1-9; ``0m`` is the red five
``p``    dots (circles) 1-9; ``0p`` is the red five
``s``    bamboo (bams) 1-9; ``0s`` is the red five
``z``    honors: 1 East, 2 South, 3 West, 4 North wind; 5 white, 6 green, 7 red dragon
``f``    bonus tiles (tilepress extension): 1-4 flowers (plum, orchid, chrysanthemum,
         bamboo), 5-8 seasons (spring, summer, autumn, winter)
``j``    joker (tilepress extension): ``1j``; four jokers are ``1111j``
=======  ====================================================================

Tiles are immutable and interned: ``Tile("5m") is Tile("5m")``. A red five is its own
tile (``Tile("0m") != Tile("5m")``) of the same *kind* (``.kind`` is equal), and the
rules engines count kinds.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import ClassVar

from tilepress.errors import HandError, NotationError

SUIT_LETTERS = "mpszfj"
NUMBER_SUITS = "mps"
SUIT_NAMES = {
    "m": "Characters",
    "p": "Dots",
    "s": "Bamboo",
    "z": "Honors",
    "f": "Bonus",
    "j": "Joker",
}
HONOR_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")
FLOWER_NAMES = ("Plum", "Orchid", "Chrysanthemum", "Bamboo")
SEASON_NAMES = ("Spring", "Summer", "Autumn", "Winter")
_RANKS = {"m": range(0, 10), "p": range(0, 10), "s": range(0, 10), "z": range(1, 8),
          "f": range(1, 9), "j": range(1, 2)}
_OFFSET = {"m": 0, "p": 9, "s": 18, "z": 27, "f": 34, "j": 42}

#: Number of tile kinds in the standard 136-tile set (no bonus tiles, no jokers).
STANDARD_KINDS = 34
#: Number of tile kinds including the eight bonus tiles and the joker.
ALL_KINDS = 43


class Tile:
    """One mahjong tile, written in MPSZ notation (``Tile("3p")``)."""

    # Plain slots, read in C (tiles are read on every hot path of the bots); set once in
    # :meth:`_make`, and immutable through ``__setattr__``/``__delattr__``.
    __slots__ = {
        "_hash": "The tile's hash as a method of an int, read by ``__hash__`` in C.",
        "is_joker": "The joker.",
        "is_red": "A red five.",
        "kind": "Index of the tile's kind; a red five has the kind of a five.",
        "number": "The rank as a player reads it (a red five is 5).",
        "suit": "The suit letter: ``m``, ``p``, ``s``, ``z``, ``f`` or ``j``.",
    }
    _interned: ClassVar[dict[str, Tile]] = {}

    kind: int
    suit: str
    number: int
    is_red: bool
    is_joker: bool

    def __new__(cls, notation: str) -> Tile:
        try:
            return cls._interned[notation]
        except (KeyError, TypeError):
            pass
        tiles = parse_tiles(notation) if isinstance(notation, str) else ()
        if len(tiles) != 1:
            raise NotationError(f"{notation!r} is not a single tile (write it like '5m' or '7z')")
        return tiles[0]

    @classmethod
    def _make(cls, suit: str, number: int, red: bool) -> Tile:
        tile = object.__new__(cls)
        kind = _OFFSET[suit] + number - 1
        for name, value in (("kind", kind), ("is_red", red), ("suit", suit),
                            ("number", number), ("is_joker", kind == 42),
                            ("_hash", hash((kind, red)).__int__)):
            object.__setattr__(tile, name, value)
        return tile

    @classmethod
    def from_kind(cls, kind: int, *, red: bool = False) -> Tile:
        """The tile of kind ``kind`` (0-8 m, 9-17 p, 18-26 s, 27-33 z, 34-41 f, 42 j)."""
        if not 0 <= kind < ALL_KINDS:
            raise NotationError(f"tile kind {kind} is out of range 0-{ALL_KINDS - 1}")
        plain, red_tile = _BY_KIND[kind]
        if not red:
            return plain
        if red_tile is None:
            raise NotationError(f"{plain} has no red version; only fives do")
        return red_tile

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("tiles are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("tiles are immutable")

    def __reduce__(self) -> tuple[type, tuple[str]]:
        return (Tile, (str(self),))

    @property
    def is_number(self) -> bool:
        return self.kind < 27

    @property
    def is_honor(self) -> bool:
        return 27 <= self.kind < 34

    @property
    def is_wind(self) -> bool:
        return 27 <= self.kind < 31

    @property
    def is_dragon(self) -> bool:
        return 31 <= self.kind < 34

    @property
    def is_terminal(self) -> bool:
        return self.is_number and self.number in (1, 9)

    @property
    def is_bonus(self) -> bool:
        """A flower or a season."""
        return 34 <= self.kind < 42

    @property
    def is_flower(self) -> bool:
        return 34 <= self.kind < 38

    @property
    def is_season(self) -> bool:
        return 38 <= self.kind < 42

    @property
    def name(self) -> str:
        """The name a player would say: ``"3 Dots"``, ``"red 5 Bamboo"``, ``"East Wind"``."""
        suit, number = self.suit, self.number
        if suit in NUMBER_SUITS:
            return f"{'red ' if self.is_red else ''}{number} {SUIT_NAMES[suit]}"
        if suit == "z":
            return f"{HONOR_NAMES[number - 1]} {'Wind' if number <= 4 else 'Dragon'}"
        if suit == "f":
            if number <= 4:
                return f"Flower {number} ({FLOWER_NAMES[number - 1]})"
            return f"Season {number - 4} ({SEASON_NAMES[number - 5]})"
        return "Joker"

    def __str__(self) -> str:
        return f"{0 if self.is_red else self.number}{self.suit}"

    def __repr__(self) -> str:
        return f"Tile({str(self)!r})"

    # Equality is identity (object's own, in C): every tile is one of the interned
    # instances, however it was made (parsed, by kind, unpickled or copied).

    def __lt__(self, other: Tile) -> bool:
        return (self.kind, self.is_red) < (other.kind, other.is_red)

    def __le__(self, other: Tile) -> bool:
        return (self.kind, self.is_red) <= (other.kind, other.is_red)

    def __gt__(self, other: Tile) -> bool:
        return (self.kind, self.is_red) > (other.kind, other.is_red)

    def __ge__(self, other: Tile) -> bool:
        return (self.kind, self.is_red) >= (other.kind, other.is_red)


Tile.__hash__ = Tile._hash  # type: ignore[assignment,method-assign]
"""A tile's hash is ``hash((kind, is_red))``, as it always was (sets of tiles keep their
order), returned by the int method kept in ``_hash``: the slot's descriptor gives that
method and the hash calls it, with no Python frame."""


def _build() -> dict[int, tuple[Tile, Tile | None]]:
    table: dict[int, tuple[Tile, Tile | None]] = {}
    for letter, ranks in _RANKS.items():
        for rank in ranks:
            if rank == 0:
                continue
            kind = _OFFSET[letter] + rank - 1
            plain = Tile._make(letter, rank, False)
            red = Tile._make(letter, rank, True) if letter in NUMBER_SUITS and rank == 5 else None
            table[kind] = (plain, red)
            Tile._interned[f"{rank}{letter}"] = plain
            if red is not None:
                Tile._interned[f"0{letter}"] = red
    return table


_BY_KIND = _build()

#: The 34 kinds of the standard set, in notation order.
STANDARD_TILES: tuple[Tile, ...] = tuple(_BY_KIND[k][0] for k in range(STANDARD_KINDS))
#: Every tile kind, including bonus tiles and the joker (red fives not included).
ALL_TILES: tuple[Tile, ...] = tuple(_BY_KIND[k][0] for k in range(ALL_KINDS))
#: The eight bonus tiles.
BONUS_TILES: tuple[Tile, ...] = ALL_TILES[34:42]
JOKER: Tile = ALL_TILES[42]


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Read an MPSZ tile string; an error names the offending character and its position.

    >>> parse_tiles("123m 0p7z")
    (Tile('1m'), Tile('2m'), Tile('3m'), Tile('0p'), Tile('7z'))
    """
    if not isinstance(text, str):
        raise NotationError(f"expected a tile string, got {type(text).__name__}")
    tiles: list[Tile] = []
    pending: list[tuple[int, str]] = []  # (1-based position, digit)
    for position, char in enumerate(text, start=1):
        if char.isdigit() and char.isascii():
            pending.append((position, char))
        elif char in SUIT_LETTERS:
            if not pending:
                raise NotationError(
                    f"bad tile string {text!r}: suit letter {char!r} at position {position} "
                    "has no digits before it"
                )
            for digit_pos, digit in pending:
                tile = Tile._interned.get(f"{digit}{char}")
                if tile is None:
                    raise NotationError(
                        f"bad tile string {text!r}: {digit}{char} (digit {digit!r} at position "
                        f"{digit_pos}) is not a tile; {_rank_hint(char)}"
                    )
                tiles.append(tile)
            pending.clear()
        elif char in " \t,":
            if pending:
                raise NotationError(
                    f"bad tile string {text!r}: digits ending at position {position - 1} "
                    "have no suit letter (m, p, s, z, f or j)"
                )
        else:
            raise NotationError(
                f"bad tile string {text!r}: {char!r} at position {position} is not a digit "
                "or a suit letter (m, p, s, z, f, j)"
            )
    if pending:
        raise NotationError(
            f"bad tile string {text!r}: digits from position {pending[0][0]} to the end "
            "have no suit letter (m, p, s, z, f or j)"
        )
    return tuple(tiles)


def _rank_hint(letter: str) -> str:
    return {
        "m": "characters go from 1m to 9m (0m is the red five)",
        "p": "dots go from 1p to 9p (0p is the red five)",
        "s": "bamboo goes from 1s to 9s (0s is the red five)",
        "z": "honors go from 1z to 7z (East South West North, white green red)",
        "f": "bonus tiles go from 1f to 8f (flowers 1-4, seasons 5-8)",
        "j": "the joker is written 1j",
    }[letter]


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Write tiles in MPSZ notation, keeping their order: ``format_tiles(parse_tiles(s))``
    gives back ``s`` for any string written in compact form."""
    parts: list[str] = []
    suit = ""
    for tile in tiles:
        text = str(tile)
        if text[-1] != suit and suit:
            parts.append(suit)
        parts.append(text[:-1])
        suit = text[-1]
    if suit:
        parts.append(suit)
    return "".join(parts)


def sort_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """Tiles in notation order (m, p, s, z, f, j; red five before the other fives)."""
    return tuple(sorted(tiles, key=lambda t: (t.kind, not t.is_red)))


def check_copies(tiles: Iterable[Tile], *, copies: int = 4, what: str = "hand") -> None:
    """Raise :class:`HandError` if any kind appears more than ``copies`` times
    (jokers and flowers, of which sets hold other numbers, are not checked)."""
    seen: dict[int, int] = {}
    first: dict[int, Tile] = {}
    for tile in tiles:
        if not tile.is_joker:
            seen[tile.kind] = seen.get(tile.kind, 0) + 1
            first.setdefault(tile.kind, tile)
    for kind, count in seen.items():  # the whole count, in the order the tiles came
        tile = first[kind]
        if count > copies and not tile.is_bonus:
            plain = Tile.from_kind(kind)
            raise HandError(f"the {what} holds {count} copies of {plain} ({plain.name}); "
                            f"a set has only {copies}")
        if tile.is_bonus and count > 1:
            raise HandError(f"the {what} holds {tile} ({tile.name}) "
                            f"{'twice' if count == 2 else f'{count} times'}; a set has one")


_NOTATION = re.compile(r"\b([0-9]+)([mpszfj])\b")


def in_words(text: str) -> str:
    """A text with the MPSZ notation in it spelled out as players say the tiles:
    ``"waits 14m, 7z"`` reads ``"waits 1 Characters, 4 Characters, Red Dragon"``."""

    def say(match: re.Match[str]) -> str:
        try:
            tiles = parse_tiles(match.group(0))
        except NotationError:
            return match.group(0)
        return ", ".join(t.name for t in tiles)

    return _NOTATION.sub(say, text)
