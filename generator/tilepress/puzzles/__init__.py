"""The one interface every puzzle kind implements (:mod:`generator.puzzles.base`).

The kinds themselves live with their games (``generator/games/<game>/puzzles.py``) and
are found by name through :func:`generator.games.find_kind`.
"""

from generator.puzzles.base import (
    DIFFICULTIES,
    Puzzle,
    PuzzleKind,
    PuzzleSet,
    generate_set,
    verify_set,
)

__all__ = ["DIFFICULTIES", "Puzzle", "PuzzleKind", "PuzzleSet", "generate_set", "verify_set"]
