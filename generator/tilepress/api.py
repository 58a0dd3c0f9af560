"""The library's public face: every job of the ``tilepress`` command as a function.

``import tilepress`` gives these names (docs/api.md shows each with an example that the
tests run). Options are keywords with the command line's names (``--jokers-discarded``
is ``jokers_discarded=``), checked as the command checks them: bad input raises a
:class:`tilepress.TilepressError` (a ``ValueError``) with the same one-line message.
Every other module of the package is internal: it may change between versions.

Functions return values (analyses as JSON-ready dicts, puzzle sets, game logs,
documents, figures) and write nothing; :func:`write` writes any of them to a file by its
suffix. Importing this module imports nothing heavy: each function loads what it uses.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tilepress.errors import RequestError

if TYPE_CHECKING:
    from tilepress.documents.model import Document, Illustration, Printed
    from tilepress.engine.log import GameLog
    from tilepress.engine.standard import DiscardOption, Wait
    from tilepress.publish.figures import FigureFile
    from tilepress.publish.hand_lists import HandTable
    from tilepress.publish.kit_files import GameKit
    from tilepress.puzzles.base import PuzzleSet, Solved

PathLike = str | os.PathLike[str]


# ---------------------------------------------------------------------------
# Analysis
# ---------------------------------------------------------------------------


def waits(hand: str, *, visible: str = "") -> tuple[Wait, ...]:
    """The waits of a ready hand of 1, 4, 7, 10 or 13 tiles (MPSZ, declared kans in
    brackets), each with the tiles left, counting ``visible`` tiles as seen."""
    from tilepress.engine import standard
    from tilepress.tiles import parse_tiles

    return standard.waits(hand, visible=parse_tiles(visible) if visible else ())


def shanten(hand: str) -> int:
    """How many tile exchanges the hand is from ready (0: ready; -1: complete), the best
    of the standard form, seven pairs and thirteen orphans."""
    from tilepress.engine import standard

    return standard.shanten(hand)


def discard_table(hand: str, *, visible: str = "") -> tuple[DiscardOption, ...]:
    """For a hand of 3k+2 tiles, a wait calculator's table: each discard that keeps the
    best shanten, with the tiles that improve the hand (or its waits) and their count."""
    from tilepress.engine import standard
    from tilepress.tiles import parse_tiles

    return tuple(standard.discard_table(hand, visible=parse_tiles(visible) if visible else ()))


def analyze_waits(hand: str, *, visible: str = "") -> dict[str, Any]:
    """What ``tilepress analyze waits HAND --json`` prints: shanten, waits with tiles left
    and a winning decomposition each, or the discard table."""
    from tilepress.engine import standard
    from tilepress.games.standard.analysis import analysis_dict
    from tilepress.tiles import parse_tiles

    return analysis_dict(standard.analyze(hand, visible=parse_tiles(visible) if visible
                                          else ()))


def analyze_minttin(hand: str, *, exposed: Sequence[str] = (), concealed: bool = False,
                    jokers_discarded: int = 0, joker_blocks: bool = False) -> dict[str, Any]:
    """A Mint Tin hand, as ``tilepress analyze minttin --json`` gives it: for 14 cards
    (with ``exposed`` blocks) every arrangement and its points, or why there is none; for
    13, every completing card with its best score. A hand with nothing exposed is
    concealed; ``concealed`` says the one exposure was the call of the winning card."""
    from tilepress.games.minttin import hand as minttin

    return minttin.analyze(hand, tuple(exposed), concealed=concealed,
                           jokers_discarded=jokers_discarded,
                           rules=minttin.MintTinRules(joker_blocks=joker_blocks))


def analyze_american(hand: str, *, exposed: Sequence[str] = (),
                     card: str = "practice") -> dict[str, Any]:
    """An American Mah Jongg hand against a card of hands (``"practice"``, the shipped
    card, or a card file): the hands 14 tiles make, or the nearest hands of 13."""
    from tilepress.games.american import analysis as american
    from tilepress.games.american.cards_file import load_card

    return american.analyze(load_card(card), hand, tuple(exposed))


# ---------------------------------------------------------------------------
# Puzzles
# ---------------------------------------------------------------------------


def puzzle_kinds() -> tuple[str, ...]:
    """The puzzle kinds: ``waits``, ``discard``, ``minttin``, ``minttin-discard``,
    ``american``, ``solitaire``, ``castle``."""
    from tilepress.games import kind_names

    return kind_names()


def make_puzzles(kind: str, *, count: int | None = None, seed: int | str = 1,
                 **params: Any) -> PuzzleSet:
    """New puzzles of ``kind`` with their answers, each solved and graded, as ``tilepress
    puzzle KIND`` makes them (``params``: the kind's options, such as ``tiles=10``,
    ``difficulty="hard"``)."""
    from tilepress.games import find_kind, puzzle_entry
    from tilepress.params import parse_params
    from tilepress.puzzles.base import generate_set

    kind_ = find_kind(kind)
    _, entry = puzzle_entry(kind)
    values = parse_params(kind_.params_type, _cli_names(params), where=f"puzzle {kind}")
    return generate_set(kind_, values, count=entry.count if count is None else count,
                        seed=seed)


def read_puzzles(path: PathLike) -> PuzzleSet:
    """A puzzle file (docs/formats.md), read strictly."""
    from tilepress.files import read_text
    from tilepress.puzzles.base import PuzzleSet

    return PuzzleSet.from_json(read_text(path, "puzzle file"), source=str(path))


def verify_puzzles(puzzles: PuzzleSet | PathLike) -> list[str]:
    """Every puzzle solved again from its question: the wrong answers, one line each
    naming the puzzle and the field (an empty list when every answer holds)."""
    from tilepress.games import find_kind
    from tilepress.puzzles.base import PuzzleSet, verify_set

    found = puzzles if isinstance(puzzles, PuzzleSet) else read_puzzles(puzzles)
    return [str(p) for p in verify_set(found, find_kind)]


def puzzle_sheet(puzzles: PuzzleSet, *, title: str = "", paper: str = "a4") -> Document:
    """A printable sheet of the puzzles, with the answer key at the back."""
    from tilepress.documents.puzzles import PuzzleSection, sheet
    from tilepress.draw.canvas import find_paper
    from tilepress.games import find_kind
    from tilepress.puzzles.base import MIXED

    if puzzles.kind == MIXED or "params" not in puzzles.generator:
        from tilepress.publish.solving import solved_sheet

        return solved_sheet(puzzles, find_paper(paper), title=title)
    kind = find_kind(puzzles.kind)
    return sheet(PuzzleSection(title or kind.title, kind, puzzles), find_paper(paper))


def solve_puzzles(puzzles: PuzzleSet | PathLike, *, budget: int | None = None) -> Solved:
    """Answers for a user's own questions, as ``tilepress solve FILE`` gives them: a
    puzzle file whose puzzles have questions and no answers (any kind, or several), or a
    solitaire deal file (docs/formats.md). Each puzzle is solved and graded as
    :func:`make_puzzles` would; one that has an answer is solved again and compared, as
    :func:`verify_puzzles` does. The result's ``puzzles`` are the solved ones (write them
    with :func:`write`, or :func:`puzzle_sheet` them), ``unsolved`` names each puzzle
    that could not be solved with the reason (for a deal: a proof that none exists, or
    "undecided after N plays"), ``problems`` each wrong claim of the file. ``budget``:
    simulated plays the solitaire solver may spend on a deal (100,000 unless given)."""
    from tilepress.publish.solving import solve_path, solve_questions
    from tilepress.puzzles.base import PuzzleSet

    if isinstance(puzzles, PuzzleSet):
        return solve_questions(puzzles, budget=budget)
    return solve_path(puzzles, budget=budget)


def solve_deal(tiles: str, *, layout: str = "turtle", name: str = "",
               budget: int | None = None) -> Solved:
    """A solitaire deal of your own, as ``tilepress solve --layout L --tiles T`` solves
    it: ``tiles`` in MPSZ, one for each position of ``layout`` (a built-in name or a
    .layout / .map file) in position order (the bottom layer first, each layer by rows
    from the top, each row from the left). A deal no tile set makes, or whose tiles do
    not fit the layout, raises :class:`TilepressError`; otherwise the result holds one
    puzzle (its ``answer.solution`` the pairs in removal order) or its reason in
    ``unsolved``."""
    from tilepress.publish.solving import deal_from, solve_questions

    return solve_questions(deal_from(layout, tiles, name=name), budget=budget)


# ---------------------------------------------------------------------------
# Games
# ---------------------------------------------------------------------------


def game_names() -> tuple[str, ...]:
    """The games played by bots, as logs name them (``onesuit``, ``minttin-solo``, ...)."""
    from tilepress.games import game_names

    return game_names()


def play(game: str, *, seed: int | str = 1, **options: Any) -> GameLog:
    """A whole game between bots: its log. ``options`` are the game's rules and play
    options, as ``tilepress play GAME`` takes them (``players=3``, ``bots="planner,random"``)."""
    from tilepress.engine.game import split_options
    from tilepress.games import find_game

    found = find_game(game)
    values = _cli_names(options)
    rules, how = split_options(values, found.options, found.play_options)
    unknown = set(values) - set(rules) - set(how)
    if unknown:
        raise RequestError(f"play {game}: unknown option {sorted(unknown)[0]!r}")
    variant = dict(found.variants.get(game, {}))
    return found.play(found.options_from(rules, f"play {game}"),
                      found.play_options_from({**variant, **how}, f"play {game}"), seed)


def read_log(path: PathLike) -> GameLog:
    """A game log (JSON Lines), its header checked against its game."""
    from tilepress.files import read_text
    from tilepress.games import read_log as read

    return read(read_text(path, "game log"), source=str(path))


def replay(log: GameLog | PathLike) -> dict[str, Any]:
    """Apply every event of a log through the rules and compare its result line: the
    result, or an :class:`tilepress.IllegalActionError` naming the first illegal line."""
    from tilepress.engine.log import GameLog
    from tilepress.games import find_game

    found = log if isinstance(log, GameLog) else read_log(log)
    return find_game(found.game).replay(found)


def worked_example(log: GameLog, *, paper: str = "a4", full: bool = False) -> Document:
    """The game told for a learner (``tilepress play GAME -o x.pdf``)."""
    from tilepress.draw.canvas import find_paper
    from tilepress.games import find_game

    return find_game(log.game).worked_example(log, find_paper(paper), full=full)


# ---------------------------------------------------------------------------
# Figures and publications
# ---------------------------------------------------------------------------


def figure_kinds() -> tuple[str, ...]:
    """The kinds of figure :func:`draw_figure` makes: ``hand``, ``waits``, ``cards``, ..."""
    from tilepress.games import GAMES

    return tuple(e.kind for g in GAMES for e in g.figures)


def draw_figure(kind: str, *args: Any, **params: Any) -> Illustration:
    """One figure for a rulebook writer, as ``tilepress draw KIND`` makes it: its
    ``figure`` (write it with :func:`write`) and the ``facts`` the engine found (the waits,
    the points, ...). The first positional argument is the command's (a hand, a layout)."""
    from tilepress.games import GAMES
    from tilepress.params import parse_params

    for game in GAMES:
        for entry in game.figures:
            if entry.kind == kind:
                values = _cli_names(params)
                if args:
                    import dataclasses

                    first = dataclasses.fields(entry.params)[0].name
                    values = {first: args[0], **values}
                return game.figure(entry)(parse_params(entry.params, values,
                                                       where=f"draw {kind}"))
    raise RequestError(f"unknown figure kind {kind!r}; the kinds are "
                       f"{', '.join(figure_kinds())}")


def analyze_hands(kind: str, hands: PathLike | Iterable[str]) -> HandTable:
    """A list of hands analysed one by one, as ``tilepress analyze KIND --file`` does
    (``kind``: ``"waits"`` or ``"minttin"``): a file of one hand a line (blank lines and
    ``#`` comments skipped), or the hands themselves. The table's rows name each hand's
    line; write it with :func:`write` as .csv, .json, .pdf or .svg. A hand the engine
    refuses raises :class:`TilepressError` naming its line."""
    from tilepress.files import read_text
    from tilepress.publish.hand_lists import hand_table

    if kind == "waits":
        from tilepress.games.standard.analysis import WAITS_COLUMNS as columns
        from tilepress.games.standard.analysis import table_row as row

        title = "Waits of a list of hands"
    elif kind == "minttin":
        from tilepress.games.minttin.hand import TABLE_COLUMNS as columns
        from tilepress.games.minttin.hand import table_row as row

        title = "Mint Tin hands"
    else:
        raise RequestError(f"hands are analysed as waits or minttin, not {kind!r}")
    if isinstance(hands, str | os.PathLike):
        text, source = read_text(hands, "hand list"), str(hands)
    else:
        text, source = "\n".join(hands), "hands"
    return hand_table(text, source=source, title=title, columns=columns, row=row)


def draw_figures(spec: PathLike) -> list[FigureFile]:
    """Every figure of a figure spec (.toml, docs/formats.md), drawn alone in each of its
    formats, as ``tilepress draw --spec`` makes them: every claim is checked first and
    the first that does not hold raises :class:`ClaimError` naming the figure, the claim
    and what the engine found. Write them with :func:`write_figures`."""
    from tilepress.publish.figures import load_figure_set, render_figure_set

    return render_figure_set(load_figure_set(spec))


def write_figures(files: Iterable[FigureFile], folder: PathLike) -> tuple[int, int]:
    """The files of :func:`draw_figures` into ``folder``; a file that would come out byte
    for byte the same is left alone (its date too). Returns (written, unchanged)."""
    from tilepress.publish.figures import write_figure_files

    return write_figure_files(list(files), folder)


def house_rulebook(source: PathLike, *, paper: str = "a4", booklet: bool = False) -> Document:
    """Your own rules text in Markdown as a rulebook, as ``tilepress rulebook --from``
    makes it: headings, contents, bookmarks, every fenced ``figure`` block drawn and its
    claims checked (:class:`ClaimError` names the figure and the line). Write it with
    ``write(doc, path, booklet=booklet)``."""
    from tilepress.draw.canvas import find_paper
    from tilepress.publish.house_rules import load_house_rulebook

    return load_house_rulebook(source, paper=find_paper(paper), booklet=booklet)


def rulebook(game: str, *, paper: str = "a4", booklet: bool = False,
             rulings: bool = True) -> Document:
    """A game's rulebook, every figure checked by the engine (write it with
    ``write(doc, path, booklet=True)`` for a booklet)."""
    from tilepress.draw.canvas import find_paper
    from tilepress.publish.rulebook import build_rulebook

    return build_rulebook(game, find_paper(paper), booklet=booklet, rulings=rulings)


def book(spec: PathLike | None = None, *, paper: str | None = None) -> Document:
    """A puzzle book from a spec (docs/formats.md; the shipped default without one)."""
    from tilepress.publish.book import build_book, load_spec
    from tilepress.resources import shipped

    document, _ = build_book(load_spec(spec or shipped("puzzles", "book.toml")), paper=paper)
    return document


def daily(day: dt.date | str, *, series: str | None = None, spec: PathLike | None = None,
          paper: str | None = None, answers: str | None = None,
          large_print: bool = False) -> tuple[Document, PuzzleSet]:
    """A day's puzzle sheet (the puzzles on the front, answers on the back) and its
    puzzles, the same for everyone who asks for that date, series and spec; with
    ``large_print`` its large-print edition (the same puzzles)."""
    from tilepress.batch import BatchOptions
    from tilepress.publish.daily import (
        default_spec,
        load_daily_spec,
        make_day,
        make_plan,
        parse_date,
    )
    from tilepress.publish.daily_page import sheet_document
    from tilepress.puzzles.base import PuzzleSet

    date = day if isinstance(day, dt.date) else parse_date(str(day))
    plan = make_plan(load_daily_spec(spec) if spec else default_spec(), series=series,
                     answers=answers, paper=paper, large_print=large_print)
    plan.check_day(date)
    made = make_day(plan, date, fmt="", options=BatchOptions(jobs=1))
    return (sheet_document(plan, made.sheet, made.previous),
            PuzzleSet.from_json(made.puzzles, source=f"daily {date.isoformat()}"))


def kit(game: str, *, paper: str = "a4", card_size: str = "mini", tile_size: str = "20x27",
        duplex: str = "long", seed: int = 1) -> GameKit:
    """A game's print-and-play kit, built in memory (write kits with :func:`write_kits`)."""
    from tilepress.documents.kits import KitOptions
    from tilepress.params import parse_params
    from tilepress.publish.kit import build_kit

    options = parse_params(KitOptions, {"paper": paper, "card_size": card_size,
                                        "tile_size": tile_size, "duplex": duplex,
                                        "seed": seed}, where="kit")
    return build_kit(game, options)


def write_kits(kits: Iterable[GameKit], folder: PathLike = "out/kit") -> list[Path]:
    """Kits into a folder: a folder and a zip per game, a manifest and SHA256SUMS beside
    them (only over a kit tilepress wrote there)."""
    from tilepress.publish.kit_files import check_targets
    from tilepress.publish.kit_files import write_kits as write

    built = list(kits)
    check_targets(Path(folder), [k.game for k in built])
    return write(built, Path(folder))


def balance_report(game: str, *, games: int = 1000, seed: int = 1, jobs: int | None = None,
                   scheduler: str | None = None, against: Mapping[str, Any] | None = None,
                   rows: PathLike | None = None, **options: Any) -> dict[str, Any]:
    """A balance report's figures (the JSON of ``tilepress stats GAME``) from ``games``
    simulated games; ``against`` plays run B with those options changed, on the same
    seeds; ``rows`` also writes a row per game (``.parquet`` or ``.csv``, docs/formats.md).
    Render it with :func:`balance_document`."""
    from tilepress.batch import BatchOptions
    from tilepress.engine.game import split_options
    from tilepress.games import find_game
    from tilepress.publish.stats import StatsRun, run_stats

    values = _cli_names(options)
    found = find_game(game)
    rules, how = split_options(values, found.options, found.play_options)
    unknown = set(values) - set(rules) - set(how)
    if unknown:
        raise RequestError(f"stats {game}: unknown option {sorted(unknown)[0]!r}")
    run = StatsRun(game, rules, how, games=games, seed=seed,
                   against=_cli_names(against) if against is not None else None,
                   batch=BatchOptions(jobs=jobs, scheduler=scheduler))
    if rows is None:
        return run_stats(run)
    from tilepress.publish.stats.rows import RowWriter, rows_format

    rows_format(rows)
    writer = RowWriter(rows)
    try:
        data = run_stats(run, rows=writer)
        writer.commit()
    except BaseException:
        writer.discard()
        raise
    return data


def balance_document(data: Mapping[str, Any], *, paper: str = "a4") -> Document:
    """The printed balance report of :func:`balance_report`'s figures."""
    from tilepress.draw.canvas import find_paper
    from tilepress.publish.stats.report import report_document

    return report_document(dict(data), find_paper(paper))


# ---------------------------------------------------------------------------
# Files
# ---------------------------------------------------------------------------


def write(item: Printed | Illustration | PuzzleSet | GameLog | HandTable, path: PathLike, *,
          booklet: bool = False, dpi: int = 300) -> list[Path]:
    """Write what a function above made, by the file's suffix: a document or card sheets
    as PDF or SVG (one SVG per page; ``booklet`` imposes A5 pages two to a sheet), a
    figure as SVG, PDF or PNG (at ``dpi``), a puzzle set as JSON, a game log as JSON Lines,
    a table of hands as CSV, JSON, PDF or SVG.
    Returns the files written (never over a file tilepress did not write)."""
    from tilepress.documents.model import Illustration
    from tilepress.engine.log import GameLog
    from tilepress.files import check_output, write_atomic
    from tilepress.output import figure_bytes, output_format, write_pages
    from tilepress.publish.hand_lists import HandTable
    from tilepress.puzzles.base import PuzzleSet

    check_output(path)
    if isinstance(item, HandTable):
        fmt = output_format(path, (".csv", ".json", ".pdf", ".svg"))
        if fmt in ("csv", "json"):
            return [write_atomic(path, item.to_csv() if fmt == "csv" else item.to_json())]
        from tilepress.draw.canvas import find_paper

        return write_pages(item.document(find_paper("a4")), path)
    if isinstance(item, PuzzleSet):
        output_format(path, (".json",))
        return [write_atomic(path, item.to_json())]
    if isinstance(item, GameLog):
        output_format(path, (".jsonl",))
        return [write_atomic(path, item.to_jsonl())]
    if isinstance(item, Illustration):
        fmt = output_format(path, (".svg", ".pdf", ".png"))
        return [write_atomic(path, figure_bytes(item.figure, fmt, dpi=dpi))]
    sheet = None
    if booklet:  # the sheet whose half the document's pages are
        from tilepress.draw.canvas import HALF, PAPERS

        sheets = [full for full, half in HALF.items() if PAPERS[half] == item.paper]
        if not sheets:
            raise RequestError("a booklet is made of A5 or half-letter pages: make the "
                               "document with booklet=True")
        sheet = PAPERS[sheets[0].lower()]
    return write_pages(item, path, booklet=sheet)


def _cli_names(values: Mapping[str, Any]) -> dict[str, Any]:
    """Keyword names as the option dataclasses name their fields."""
    return {k.replace("-", "_"): v for k, v in values.items()}


__all__ = ["analyze_american", "analyze_hands", "analyze_minttin", "analyze_waits",
           "balance_document", "balance_report", "book", "daily", "discard_table",
           "draw_figure", "draw_figures", "figure_kinds", "game_names", "house_rulebook",
           "kit", "make_puzzles", "play", "puzzle_kinds", "puzzle_sheet", "read_log",
           "read_puzzles", "replay", "rulebook", "shanten", "solve_deal", "solve_puzzles",
           "verify_puzzles", "waits", "worked_example", "write", "write_figures",
           "write_kits"]
