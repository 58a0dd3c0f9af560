"""The faces of the American Mah Jongg set as numbers, for the card's vectors: 27 suited
(craks, bams, dots), four winds, three dragons, any flower and the joker; a tile's face,
a face's tile and name, the counts of a hand, and the 152 tiles of the set."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

import numpy as np

from tilepress.tiles import ALL_TILES, Tile

SUITS = ("m", "s", "p")
"""Craks, bams, dots (the order of the practice card's colours: red, green, blue)."""
SUIT_NAMES = {"m": "Craks", "s": "Bams", "p": "Dots"}
DRAGON_OF = {"m": "7z", "s": "6z", "p": "5z"}
"""Red dragons go with craks, green with bams, white (soap) with dots."""
WINDS = {"E": "1z", "S": "2z", "W": "3z", "N": "4z"}
FIXED_DRAGONS = {"R": "7z", "G": "6z", "0": "5z"}
FLOWER = 34
JOKER = 35
FACES = 36
COPIES = [4] * FACES
COPIES[FLOWER] = 8
COPIES[JOKER] = 8
COPY_COUNTS = np.array(COPIES, dtype=np.int16)
"""The copies of each face in a set, as a vector."""


def _face(tile: Tile) -> int:
    if tile.is_joker:
        return JOKER
    if tile.is_bonus:
        return FLOWER
    if tile.is_number:
        return SUITS.index(tile.suit) * 9 + tile.number - 1
    return 27 + tile.number - 1  # 1z-4z winds, 5z-7z dragons


_FACE_OF_KIND = tuple(_face(t) for t in ALL_TILES)


def face_of(tile: Tile) -> int:
    """0-26 suited (craks, bams, dots), 27-30 winds E S W N, 31-33 white, green, red,
    34 any flower, 35 joker."""
    return _FACE_OF_KIND[tile.kind]


def tile_of(face: int) -> Tile:
    if face == JOKER:
        return Tile("1j")
    if face == FLOWER:
        return Tile("1f")
    if face < 27:
        return Tile(f"{face % 9 + 1}{SUITS[face // 9]}")
    return Tile(f"{face - 26}z")


def face_name(face: int) -> str:
    if face == FLOWER:
        return "Flower"
    return tile_of(face).name


def counts_of(tiles: Iterable[Tile]) -> np.ndarray:
    """How many of each face (a vector of FACES counts)."""
    faces = [_FACE_OF_KIND[t.kind] for t in tiles]
    if not faces:
        return np.zeros(FACES, dtype=np.int16)
    return np.bincount(faces, minlength=FACES).astype(np.int16)


@cache
def american_set() -> tuple[Tile, ...]:
    """The 152 tiles: 108 suited, 16 winds, 12 dragons, 8 flowers, 8 jokers (made once)."""
    tiles = [Tile(f"{n}{s}") for s in SUITS for n in range(1, 10) for _ in range(4)]
    tiles += [Tile(f"{k}z") for k in range(1, 8) for _ in range(4)]
    tiles += [Tile(f"{k}f") for k in range(1, 9)]
    tiles += [Tile("1j")] * 8
    return tuple(tiles)


__all__ = ["COPIES", "COPY_COUNTS", "DRAGON_OF", "FACES", "FIXED_DRAGONS", "FLOWER", "JOKER",
           "SUITS", "SUIT_NAMES", "WINDS", "american_set", "counts_of", "face_name", "face_of",
           "tile_of"]
