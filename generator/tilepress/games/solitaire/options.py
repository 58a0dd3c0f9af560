"""The options of the solitaire puzzles."""

from __future__ import annotations

from dataclasses import dataclass

from tilepress.params import option
from tilepress.puzzles.base import DIFFICULTIES


@dataclass(frozen=True)
class SolitaireParams:
    layout: str = option("turtle", help="A built-in layout (turtle, pyramid, fortress, bridge, "
                         "cross, stairs, mini) or a KMahjongg .layout / GNOME Mahjongg .map "
                         "file.")
    difficulty: str = option("medium", choices=(*DIFFICULTIES, "any"),
                             flags=("--difficulty", "-d"),
                             help="easy, medium, hard, expert or any.")
    bonus: bool = option(True, flags=("--bonus/--no-bonus",),
                         help="Deal the flowers and seasons, or leave them out.")

    map: str = option("", help="Of a GNOME Mahjongg .map file, the map with this name (or "
                      "number from 1); the same as --layout FILE.map:NAME.")

    @property
    def layout_name(self) -> str:
        """The layout with its map, as ``find_layout`` takes it."""
        return f"{self.layout}:{self.map}" if self.map else self.layout


@dataclass(frozen=True)
class SolitaireFigure:
    layout: str = option("turtle", argument=True, help="A built-in layout or a .layout / "
                         ".map file (FILE.map:NAME for one of its maps).")
    dealt: bool = option(False, help="Deal tiles onto it (a deal proven winnable); else draw "
                         "tile backs.")
    deal: int = option(1, low=0, high=2**31, help="With --dealt, which deal (its number).")
    free: bool = option(False, help="Outline the tiles that are free at the start.")
    view: str = option("stacked", choices=("stacked", "layers"),
                       help="stacked (each layer over the one below, as on the table) or "
                       "layers (every layer drawn apart).")
    tile_width: float = option(9.0, low=4, high=60, help="Width of a tile in mm (stacked view).")
    width: float = option(180.0, low=20, high=1000, help="Width of the figure in mm (layers view).")


@dataclass(frozen=True)
class BuildPlanOptions:
    layout: str = option("turtle", argument=True,
                         help="The layouts to plan, separated by commas: built-in layouts "
                         "(turtle, pyramid, fortress, bridge, cross, stairs, mini) or "
                         ".layout / .map files.")
    large_print: bool = option(False, flags=("--large-print",),
                               help="Large print: type of 14 pt and more, tiles half as "
                               "large again, on landscape pages where a layout is wide.")


@dataclass(frozen=True)
class FreeFigure:
    tile_width: float = option(14.0, low=6, high=40, help="Width of a tile in mm.")
