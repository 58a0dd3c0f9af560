"""Options of Dragon Castle's printables.

They belong with the other option dataclasses in ``options.py``; they live here while
that module is being rewritten, and move there unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.errors import RequestError
from generator.params import option

TILE_SIZE = (26.0, 34.7)
"""The board's cells (mm) unless told: a common tile, 26 mm wide and 34.7 mm tall."""


@dataclass(frozen=True)
class BoardOptions:
    """The castle board's cells."""

    tile_size: str = option(f"{TILE_SIZE[0]:g},{TILE_SIZE[1]:g}",
                            help="Your tiles' width and height in mm, as W,H: the board's "
                            "cells fit them (26,34.7 unless told).")

    def cell(self) -> tuple[float, float]:
        parts = self.tile_size.replace(" ", "").replace("x", ",").split(",")
        try:
            w, h = (float(p) for p in parts)
        except ValueError:
            raise RequestError(f"tile-size must be a width and a height in mm, as 26,34.7, "
                               f"not {self.tile_size!r}") from None
        if not (8 <= w <= 60 and 8 <= h <= 80):
            raise RequestError(f"tile-size {w:g} x {h:g} mm is not a mahjong tile: give "
                               "8-60 mm wide, 8-80 mm tall")
        return w, h


__all__ = ["TILE_SIZE", "BoardOptions"]
