"""The one interface every puzzle kind implements (:mod:`tilepress.puzzles.base`).

The kinds themselves live with their games (``generator/tilepress/games/<game>/puzzles.py``) and
are found by name through :func:`tilepress.games.find_kind`.
"""

from tilepress.puzzles.base import (
    DIFFICULTIES,
    Puzzle,
    PuzzleKind,
    PuzzleSet,
    generate_set,
    verify_set,
)

__all__ = ["DIFFICULTIES", "Puzzle", "PuzzleKind", "PuzzleSet", "generate_set", "verify_set"]
