"""tilepress: printable, verified content from the rules of mahjong-family games.

The package is laid out along the data flow (see docs/architecture.md):
``rules`` (engines) -> ``puzzles`` (generate, solve, grade) -> ``documents`` (pages as
data) -> ``draw`` (SVG and PDF back ends) -> files; ``cli`` is a thin layer on top.
"""

__version__ = "0.1.0"
