"""Puzzle kinds, found by name.

To add a kind: write a module with a :class:`~.base.PuzzleKind` subclass and list it in
``_KINDS`` below; the CLI, ``verify`` and books pick it up by its ``name``.
"""

from __future__ import annotations

import importlib

from generator.errors import RequestError
from generator.puzzles.base import (
    DIFFICULTIES,
    Puzzle,
    PuzzleKind,
    PuzzleSet,
    generate_set,
    verify_set,
)

# name -> (module, class); modules load on first use so that start-up stays quick
_KINDS = {
    "waits": ("generator.games.standard.puzzles", "WaitsKind"),
    "discard": ("generator.games.standard.discard", "DiscardKind"),
    "solitaire": ("generator.games.solitaire.puzzles", "SolitaireKind"),
    "castle": ("generator.games.castle.puzzles", "CastleKind"),
    "minttin": ("generator.games.minttin.puzzles", "CompleteKind"),
    "minttin-discard": ("generator.games.minttin.puzzles", "DiscardKind"),
    "american": ("generator.games.american.puzzles", "AmericanKind"),
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
