"""Options of Mint Tin Mahjong's printables that are not card-sheet options.

They belong with the other option dataclasses in ``options.py``; they live here while
that module is being rewritten, and move there unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.params import option


@dataclass(frozen=True)
class ScoreSheetOptions:
    """Which game the score sheet is for."""

    solo: bool = option(False, flags=("--solo",),
                        help="The solo game: you against the virtual opponent.")


__all__ = ["ScoreSheetOptions"]
