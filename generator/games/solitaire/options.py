"""The options of the solitaire puzzles."""

from __future__ import annotations

from dataclasses import dataclass

from generator.params import option
from generator.puzzles.base import DIFFICULTIES


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
