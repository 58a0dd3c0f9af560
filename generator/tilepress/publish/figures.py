"""Figures with claims: the one spec format and the one checking path of every figure a
user or a rulebook asks for.

A figure is a table of TOML: its ``kind`` (every kind ``tilepress draw`` knows: hand,
waits, line, board, cards, card-hand, layout, castle, position), the options of that
kind (``hand = "5677999m"``, ``tile_width = 11``), and optionally a ``caption``, a
``height`` (the tallest it may be drawn on a page, in mm), the ``formats`` and ``dpi``
of its files, and a ``claim``: what the text says of it (``claim = { waits = "478m" }``).
Drawing a figure computes its facts with the game's engine (``tilepress draw KIND
--facts`` prints them); a claim the facts do not bear out stops the build with the
figure, the claim and what the engine found (:class:`ClaimError`).

The same tables make a rulebook's figures (``templates/rulebooks/GAME/rulebook.toml``),
a rulebook writer's figure set (``tilepress draw --spec figures.toml``) and the fenced
``figure`` blocks of a house-rules text (``tilepress rulebook --from rules.md``). A file
an option names (a layout, a castle, a card, a game log) is looked for beside the spec
first.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from tilepress.documents.model import Figure, Illustration
from tilepress.engine.game import FigureEntry, Game
from tilepress.errors import FileFormatError, RequestError, TilepressError
from tilepress.files import parse_toml, read_text, write_atomic
from tilepress.games import GAMES, find_game, read_log
from tilepress.layouts.files import beside as files_beside
from tilepress.params import bounds, option, parse_params
from tilepress.wording import plural


class ClaimError(RequestError):
    """A text claims something about a figure that the engine does not confirm."""


FORMATS = ("svg", "pdf", "png")
SPEC_KEYS = frozenset({"kind", "caption", "claim", "height", "formats", "dpi"})
"""The keys of a figure table that are not options of its kind."""
FILE_OPTIONS = frozenset({"layout", "castle", "card", "log"})
"""Options that may name a file, looked for beside the spec first."""
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,79}")
"""A figure's name: also the name of its files, so letters, digits, ``_ . -``."""
MAX_FIGURES = 500


@dataclass(frozen=True)
class FigureSpec:
    """A figure: its kind (a ``tilepress draw`` kind), the options it is drawn with, its
    caption, what the text claims about it, and how its own files are written."""

    name: str
    kind: str
    params: Mapping[str, Any]
    caption: str = ""
    claim: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    height: float = 0.0
    """Tallest the figure may be drawn on the page, in mm (0: as tall as it is)."""
    formats: tuple[str, ...] = ()
    """The files a figure set writes of it (empty: the set's own)."""
    dpi: int = 0
    """Resolution of its PNG (0: the set's own)."""


# ---------------------------------------------------------------------------
# Reading figure tables
# ---------------------------------------------------------------------------


def figure_spec(name: str, item: Any, where: str, *, folder: Path | None = None
                ) -> FigureSpec:
    """One figure table (``[figure.NAME]``, or a fenced ``figure`` block); ``where`` names
    the file for errors, ``folder`` is where files its options name are looked for."""
    if not isinstance(item, dict):
        raise FileFormatError(f"{where}: figure {name!r} must be a table")
    kind = item.get("kind")
    if not isinstance(kind, str) or not kind:
        raise FileFormatError(f"{where}: figure {name!r} needs a kind ({', '.join(kinds())})")
    if kind not in kinds():
        raise FileFormatError(f"{where}: figure {name!r}: unknown kind {kind!r} (the kinds "
                              f"are {', '.join(kinds())})")
    caption = item.get("caption", "")
    if not isinstance(caption, str) or len(caption) > 1000:
        raise FileFormatError(f"{where}: figure {name!r}: caption must be text (at most "
                              "1,000 characters)")
    claim = item.get("claim", {})
    if not isinstance(claim, dict):
        raise FileFormatError(f"{where}: figure {name!r}: claim must be a table, such as "
                              "claim = { waits = \"478m\" }")
    height = item.get("height", 0.0)
    if isinstance(height, bool) or not isinstance(height, int | float) or \
            not 0 <= height <= 1000:
        raise FileFormatError(f"{where}: figure {name!r}: height must be a number of mm from "
                              "0 to 1000")
    formats = read_formats(item.get("formats", []), f"{where}: figure {name!r}")
    dpi = read_dpi(item.get("dpi", 0), f"{where}: figure {name!r}", allow_zero=True)
    params = {k: beside(k, v, folder) for k, v in item.items() if k not in SPEC_KEYS}
    return FigureSpec(name, kind, params, caption, claim, float(height), formats, dpi)


def figure_specs(table: Any, where: str, *, folder: Path | None = None,
                 names: bool = False) -> tuple[FigureSpec, ...]:
    """Every figure of a spec's ``[figure.NAME]`` tables; with ``names`` each name must
    also be a file name (a figure set writes ``NAME.svg``)."""
    if table is None:
        return ()
    if not isinstance(table, dict):
        raise FileFormatError(f"{where}: \"figure\" must be tables: [figure.NAME]")
    if len(table) > MAX_FIGURES:
        raise FileFormatError(f"{where}: {len(table):,} figures; a spec holds at most "
                              f"{MAX_FIGURES}")
    out = []
    for name, item in table.items():
        if names and not NAME.fullmatch(name):
            raise FileFormatError(f"{where}: figure {name!r}: a name is letters, digits, "
                                  "'-', '_' and '.', starting with a letter or digit (it "
                                  "names the figure's files)")
        out.append(figure_spec(name, item, where, folder=folder))
    return tuple(out)


def read_formats(value: Any, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value) or \
            any(v.lower() not in FORMATS for v in value):
        raise FileFormatError(f"{where}: formats must be a list of {', '.join(FORMATS)}, "
                              f"such as formats = [\"svg\", \"pdf\"]")
    return tuple(dict.fromkeys(v.lower() for v in value))


def read_dpi(value: Any, where: str, *, allow_zero: bool = False) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not (
            36 <= value <= 1200 or (allow_zero and value == 0)):
        raise FileFormatError(f"{where}: dpi must be a whole number from 36 to 1200")
    return value


def beside(key: str, value: Any, folder: Path | None) -> Any:
    """An option's value, made a path under ``folder`` when it names a file there
    (:func:`tilepress.layouts.files.beside`); other options are kept as they are."""
    if key not in FILE_OPTIONS or not isinstance(value, str):
        return value
    return files_beside(value, folder)


# ---------------------------------------------------------------------------
# Drawing and checking
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PositionFigure:
    """``kind = "position"``: a game's position from its log, after the event on a line."""

    log: str = option("", help="A game log (.jsonl) written by tilepress play.")
    at: int = option(0, low=1, high=10**7, help="The line of the log whose event is the last "
                     "one applied (line 1 is the header).")
    seat: int = option(0, low=0, high=8, help="Show the table as this player sees it (from "
                       "1); 0 shows every hand face up.")
    tile_width: float = option(0.0, low=0, high=40, help="Width of a tile in mm (0: 9 mm, or "
                               "less where the figure would not fit a page).")


POSITION = "position"
LOW_WIDTH, DEFAULT_WIDTH = 4.0, 9.0


def kinds() -> tuple[str, ...]:
    """Every figure kind: those of the games' descriptors, and the position of a log."""
    return (*(e.kind for g in GAMES for e in g.figures), POSITION)


def figure_kind(kind: str) -> tuple[Game, FigureEntry]:
    for game in GAMES:
        for entry in game.figures:
            if entry.kind == kind:
                return game, entry
    raise RequestError(f"unknown figure kind {kind!r}; the kinds are {', '.join(kinds())}")


def event_count(log: Any, at: int, *, name: str = "at") -> int:
    """How many events are applied to reach the event on line ``at`` of a log (``name``:
    what the caller calls the line in its errors, such as ``--at``)."""
    from tilepress.engine.log import line_of

    numbers = [line_of(ev) for ev in log.events]
    if at in numbers:
        return numbers.index(at) + 1
    if not numbers:
        raise RequestError(f"{name} {at}: the log holds no event")
    first, last, lines = numbers[0], numbers[-1], getattr(log, "result_line", 0)
    held = (f"the header on line 1, its {plural(len(numbers), 'event')} on lines {first} to "
            f"{last}" + (f" and the result on line {lines}" if lines > last else ""))
    whole = f"the log has {plural(lines, 'line')}: {held}" if lines else f"the log holds {held}"
    there = "the header" if at == 1 else "the result" if lines and at == lines > last else ""
    found = f"line {at} is {there}, not an event" if there else f"no event on line {at}"
    raise RequestError(f"{name} {at}: {found}; {whole}; give a line from {first} to {last}")


def position_illustration(game_log: Any, at: int, *, seat: int | None = None,
                          tile_width: float | None = None, at_name: str = "at",
                          seat_name: str = "seat") -> tuple[Illustration, str]:
    """The position after the event on line ``at`` of a game log, the whole log replayed
    through the rules first (:class:`IllegalActionError` at an illegal event), as seen
    from ``seat`` (from 1; None: every hand face up); unless ``tile_width`` is given,
    tiles 9 mm wide or narrower where the figure would not fit a page, and the note of
    :func:`tilepress.documents.assemble.fit_note` says so. ``at_name`` and
    ``seat_name`` are what the caller calls those in its errors."""
    from tilepress.documents.assemble import fit_note, fit_page

    count = event_count(game_log, at, name=at_name)
    game = find_game(game_log.game)
    if seat is not None:
        seats = max(len(game_log.players), 1)
        if not 1 <= seat <= seats:
            raise RequestError(f"{seat_name} {seat}: the game has seat{'s' * (seats > 1)} 1"
                               + (f" to {seats}" if seats > 1 else ""))
    game.replay(game_log)
    draw = partial(game.position_figure, game_log, count,
                   seat=None if seat is None else seat - 1)
    if tile_width is not None:
        return draw(tile_width=tile_width), ""
    drawn, used = fit_page(lambda width: draw(tile_width=width), DEFAULT_WIDTH,
                           smallest=LOW_WIDTH)
    return drawn, fit_note(DEFAULT_WIDTH, used, drawn.figure)


def _position(params: PositionFigure) -> Illustration:
    """A ``position`` figure of a spec."""
    if not params.log:
        raise RequestError("a position needs the log of a game (log = \"game.jsonl\")")
    if params.tile_width and params.tile_width < LOW_WIDTH:
        raise RequestError(f"tile-width must be from {LOW_WIDTH:g} to 40 mm, not "
                           f"{params.tile_width:g}")
    game_log = read_log(read_text(params.log, "game log"), source=params.log)
    return position_illustration(game_log, params.at, seat=params.seat or None,
                                 tile_width=params.tile_width or None)[0]


def fitted(make: Callable[[Any], Illustration], params: Any, *, width_given: bool = False
           ) -> tuple[Illustration, str]:
    """``make(params)``; a figure larger than an A4 or Letter page whose tile width was not
    given is drawn again with narrower tiles (not below the option's least), and the note
    says so."""
    from tilepress.documents.assemble import fit_note, fit_page, fits_page

    drawn = make(params)
    width = next((f for f in dataclasses.fields(params) if f.name == "tile_width"), None)
    if width is None or width_given or fits_page(drawn.figure):
        return drawn, ""
    smaller, used = fit_page(lambda w: make(dataclasses.replace(params, tile_width=w)),
                             params.tile_width, smallest=bounds(width)[0] or 4.0)
    if (smaller.figure.width, smaller.figure.height) == (drawn.figure.width,
                                                         drawn.figure.height):
        return drawn, ""  # its size does not follow the tiles' (a view drawn to --width)
    return smaller, fit_note(params.tile_width, used, smaller.figure)


def draw_spec(spec: FigureSpec, where: str, *, fit: bool = False,
              column: float = 0.0) -> Illustration:
    """Draw a figure from its spec (no claim checked); with ``fit`` a figure larger than a
    page whose tile width the spec does not give is drawn with narrower tiles, as
    ``tilepress draw`` draws it alone. A figure whose kind takes a ``width`` is drawn no
    wider than ``column`` (mm; 0: as the spec says), so that it is laid out for the page
    (it wraps or takes smaller tiles) instead of being scaled down with its type."""
    label = f"{where}: figure {spec.name!r}"
    if spec.kind == POSITION:
        params = parse_params(PositionFigure, spec.params, where=label)
        try:
            return _position(params)
        except TilepressError as exc:
            raise type(exc)(f"{label}: {exc}") from None
    game, entry = figure_kind(spec.kind)
    params = parse_params(entry.params, spec.params, where=label)
    if column and "width" in {f.name for f in dataclasses.fields(params)}:
        params = dataclasses.replace(params, width=min(params.width or column, column))
    make = game.figure(entry)
    try:
        if fit:
            given = "tile_width" in spec.params or "tile-width" in spec.params
            return fitted(make, params, width_given=given)[0]
        return make(params)
    except TilepressError as exc:
        message = str(exc)
        if message.startswith(label):
            raise
        raise type(exc)(f"{label}: {message}") from None


def _same(claimed: Any, computed: Any) -> bool:
    if isinstance(claimed, bool) or isinstance(computed, bool):
        return claimed is computed
    if isinstance(claimed, int | float) and isinstance(computed, int | float):
        return abs(float(claimed) - float(computed)) < 1e-9
    return claimed == computed


def check_claims(spec: FigureSpec, drawn: Illustration, where: str) -> None:
    """Raise :class:`ClaimError` at the first claim the figure's facts do not bear out."""
    for key, claimed in spec.claim.items():
        if key not in drawn.facts:
            raise ClaimError(f"{where}: figure {spec.name!r} claims {key} = {claimed!r}, but "
                             f"the engine says nothing of {key} (it knows: "
                             f"{', '.join(drawn.facts) or 'nothing'})")
        if not _same(claimed, drawn.facts[key]):
            raise ClaimError(f"{where}: figure {spec.name!r} claims {key} = {claimed!r}, the "
                             f"engine finds {drawn.facts[key]!r}")


def checked_figure(spec: FigureSpec, where: str, *, fit: bool = False,
                   column: float = 0.0) -> Illustration:
    """Draw a figure with its engine (see :func:`draw_spec`) and check every claim made
    about it."""
    drawn = draw_spec(spec, where, fit=fit, column=column)
    check_claims(spec, drawn, where)
    return drawn


def placed(drawn: Illustration, spec: FigureSpec) -> Figure:
    """A checked figure as a page places it: the spec's caption and height."""
    figure = drawn.figure
    return dataclasses.replace(figure, caption=spec.caption or figure.caption,
                               max_height=spec.height or figure.max_height)


# ---------------------------------------------------------------------------
# A figure set: tilepress draw --spec
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class FigureSet:
    """A rulebook writer's figures (``figures.toml``): each drawn alone into its files."""

    source: str
    figures: tuple[FigureSpec, ...]
    formats: tuple[str, ...] = ("svg",)
    dpi: int = 300


SET_KEYS = frozenset({"formats", "dpi", "figure"})


def parse_figure_set(text: str, *, source: str, folder: Path | None = None) -> FigureSet:
    """A figure set from its TOML text (docs/formats.md, "Figure specs")."""
    data = parse_toml(text, source)
    unknown = sorted(set(data) - SET_KEYS)
    if unknown:
        raise FileFormatError(f"{source}: unknown key {unknown[0]!r} (a figure spec has "
                              "formats, dpi and [figure.NAME] tables)")
    formats = read_formats(data.get("formats", ["svg"]), source) or ("svg",)
    dpi = read_dpi(data.get("dpi", 300), source)
    figures = figure_specs(data.get("figure"), source, folder=folder, names=True)
    if not figures:
        raise FileFormatError(f"{source}: no figures; add a [figure.NAME] table for each")
    return FigureSet(source, figures, formats, dpi)


def load_figure_set(path: str | Path) -> FigureSet:
    p = Path(path)
    return parse_figure_set(read_text(p, "figure spec"), source=str(path), folder=p.parent)


@dataclass(frozen=True)
class FigureFile:
    name: str
    """The file's name in the folder: ``FIGURE.svg``."""
    data: bytes
    figure: str
    facts: Mapping[str, Any]


def render_figure_set(figures: FigureSet) -> list[FigureFile]:
    """Every file of every figure, in memory, every claim checked first: a claim that does
    not hold raises before a single file is made."""
    from tilepress.output import figure_bytes

    drawn = []
    for spec in figures.figures:
        drawn.append((spec, checked_figure(spec, figures.source, fit=True)))
    out = []
    for spec, illustration in drawn:
        for fmt in spec.formats or figures.formats:
            data = figure_bytes(illustration.figure, fmt, dpi=spec.dpi or figures.dpi)
            out.append(FigureFile(f"{spec.name}.{fmt}", data, spec.name, illustration.facts))
    return out


def write_figure_files(files: list[FigureFile], folder: str | Path) -> tuple[int, int]:
    """Write each file into ``folder`` unless the file there already holds the same bytes
    (then it is left alone, its date included, so a writer's repository stays clean).
    Returns (files written, files unchanged)."""
    from tilepress.files import check_output

    target = check_output(folder, folder=True)
    written = unchanged = 0
    for item in files:
        path = target / item.name
        try:
            same = path.is_file() and path.stat().st_size == len(item.data) and \
                path.read_bytes() == item.data
        except OSError:
            same = False
        if same:
            unchanged += 1
            continue
        write_atomic(path, item.data)
        written += 1
    return written, unchanged


__all__ = ["ClaimError", "FigureFile", "FigureSet", "FigureSpec", "PositionFigure",
           "check_claims", "checked_figure", "draw_spec", "event_count", "figure_kind",
           "figure_spec", "figure_specs", "fitted", "kinds", "load_figure_set",
           "parse_figure_set", "placed", "position_illustration", "render_figure_set",
           "write_figure_files"]
