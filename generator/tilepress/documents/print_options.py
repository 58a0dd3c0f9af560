"""Large print's sizes, and the options of a tile stand. Light (the CLI reads them when
it starts); :class:`~tilepress.params.PrintOptions` holds the large-print option itself."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tilepress.params import PrintOptions, large_print_option, option

LARGE_TYPE = 14.0
"""Large print: no type under this size (points)."""
LARGE_TILES = 1.5
"""Large print: tiles this much larger."""


@dataclass(frozen=True)
class StandOptions:
    tile_size: str = option("20x27", help="The face of your tiles in mm as WxH (20x27, the "
                            "paper tiles' default).")
    stands: int = option(4, low=1, high=8, help="How many stands (one for each player).")
    large_print: bool = large_print_option()


def large(options: Any) -> bool:
    """Whether ``options`` (any printable's, or None) ask for large print."""
    return bool(getattr(options, "large_print", False))


def type_size(options: Any, normal: float) -> float:
    """``normal`` type, or at least :data:`LARGE_TYPE` in large print."""
    return max(normal, LARGE_TYPE) if large(options) else normal


__all__ = ["LARGE_TILES", "LARGE_TYPE", "PrintOptions", "StandOptions", "large", "type_size"]
