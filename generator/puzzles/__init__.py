"""Puzzle kinds, found by name.

To add a kind: write a module with a :class:`~.base.PuzzleKind` subclass and list it in
``_KINDS`` below; the CLI, ``verify`` and books pick it up by its ``name``.
"""

from __future__ import annotations

import importlib

from ..errors import RequestError
from .base import DIFFICULTIES, Puzzle, PuzzleKind, PuzzleSet, generate_set, verify_set

# name -> (module, class); modules load on first use so that start-up stays quick
_KINDS = {
    "waits": ("generator.puzzles.waits", "WaitsKind"),
    "discard": ("generator.puzzles.discard", "DiscardKind"),
    "solitaire": ("generator.puzzles.solitaire", "SolitaireKind"),
    "castle": ("generator.puzzles.castle", "CastleKind"),
    "minttin": ("generator.puzzles.minttin", "CompleteKind"),
    "minttin-discard": ("generator.puzzles.minttin", "DiscardKind"),
    "american": ("generator.puzzles.american", "AmericanKind"),
}
_LOADED: dict[str, PuzzleKind] = {}


def kind_names() -> tuple[str, ...]:
    return tuple(_KINDS)


def find_kind(name: str) -> PuzzleKind:
    """The puzzle kind called ``name`` (``"waits"``, ``"discard"``, ...)."""
    if name not in _LOADED:
        try:
            module, cls = _KINDS[name]
        except KeyError:
            raise RequestError(
                f"unknown puzzle kind {name!r}; the kinds are {', '.join(_KINDS)}"
            ) from None
        _LOADED[name] = getattr(importlib.import_module(module), cls)()
    return _LOADED[name]


__all__ = ["DIFFICULTIES", "Puzzle", "PuzzleKind", "PuzzleSet", "find_kind", "generate_set",
           "kind_names", "verify_set"]
