"""tilepress: printable, verified content from the rules of mahjong-family games.

The library's functions are the command's jobs (docs/api.md)::

    import tilepress
    tilepress.waits("1112345678999m")                     # the nine gates: nine waits
    sheet = tilepress.make_puzzles("waits", count=12, tiles=10, seed=7)
    tilepress.write(tilepress.puzzle_sheet(sheet), "out/waits.pdf")

Everything else in the package is internal. Bad input raises :class:`TilepressError`
(a ``ValueError``) with a one-line message naming what is wrong and where; a wrong
move found by :func:`replay` raises :class:`IllegalActionError`.
"""

from tilepress import starting  # noqa: F401 - first: a signal while the command starts

# isort: split
from tilepress.api import (
    analyze_american,
    analyze_hands,
    analyze_minttin,
    analyze_waits,
    balance_document,
    balance_report,
    book,
    daily,
    discard_table,
    draw_figure,
    draw_figures,
    figure_kinds,
    game_names,
    house_rulebook,
    kit,
    make_puzzles,
    play,
    puzzle_kinds,
    puzzle_sheet,
    read_log,
    read_puzzles,
    replay,
    rulebook,
    shanten,
    solve_deal,
    solve_puzzles,
    verify_puzzles,
    waits,
    worked_example,
    write,
    write_figures,
    write_kits,
)
from tilepress.errors import IllegalActionError, TilepressError
from tilepress.version import __version__

__all__ = [
    "IllegalActionError",
    "TilepressError",
    "__version__",
    "analyze_american",
    "analyze_hands",
    "analyze_minttin",
    "analyze_waits",
    "balance_document",
    "balance_report",
    "book",
    "daily",
    "discard_table",
    "draw_figure",
    "draw_figures",
    "figure_kinds",
    "game_names",
    "house_rulebook",
    "kit",
    "make_puzzles",
    "play",
    "puzzle_kinds",
    "puzzle_sheet",
    "read_log",
    "read_puzzles",
    "replay",
    "rulebook",
    "shanten",
    "solve_deal",
    "solve_puzzles",
    "verify_puzzles",
    "waits",
    "worked_example",
    "write",
    "write_figures",
    "write_kits",
]
