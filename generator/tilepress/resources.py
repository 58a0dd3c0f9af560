"""Files shipped with tilepress: book specs (``puzzles/``) and templates (``templates/``).

In a source checkout they are the top-level folders; an installed wheel carries copies
under ``tilepress/_shipped/`` (``generator/tilepress/`` is the package in a checkout).
"""

from __future__ import annotations

from pathlib import Path

from tilepress.errors import FileFormatError

_HERE = Path(__file__).resolve().parent


def shipped(*parts: str) -> Path:
    """The path of a shipped file, such as ``shipped("puzzles", "book.toml")``."""
    for base in (_HERE / "_shipped", _HERE.parent.parent):
        path = base.joinpath(*parts)
        if path.exists():
            return path
    raise FileFormatError(f"the shipped file {'/'.join(parts)} is missing from this install")
