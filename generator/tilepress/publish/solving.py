"""Answers for a user's own questions: a puzzle file without answers, or a solitaire deal.

A puzzle file (any kind, or a file of several kinds) is read with its answers optional
and solved puzzle by puzzle through the kinds' own solvers
(:func:`tilepress.puzzles.base.solve_set`): each is graded as ``tilepress puzzle``
grades, a stored answer is compared as ``verify`` compares it, and a puzzle that cannot
be solved is reported with the reason while the others are kept. A deal (docs/formats.md,
"Solitaire deals") becomes a solitaire puzzle of one question and goes the same way.

The solved set is written as a puzzle file, or as a sheet: the questions in sections of
puzzles that show the same parameters (:meth:`PuzzleKind.shown_params`), then the key.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from tilepress.documents.markup import template_blocks
from tilepress.documents.model import Block, Document, PageBreak, Section
from tilepress.documents.model import Heading as HeadingBlock
from tilepress.documents.puzzles import PuzzleSection, answer_blocks, frame_width, question_blocks
from tilepress.draw.canvas import Paper
from tilepress.errors import FileFormatError, RequestError
from tilepress.files import read_text
from tilepress.games import find_kind, puzzle_entry
from tilepress.jsontext import parse_json
from tilepress.puzzles.base import (
    FORMAT,
    MIXED,
    Puzzle,
    PuzzleKind,
    PuzzleSet,
    Solved,
    solve_set,
)

DEAL = "tilepress-deal"


def deals() -> ModuleType:
    """The solitaire game's deal module (reached through its descriptor)."""
    game, _ = puzzle_entry("solitaire")
    return game.module("deals")


def read_questions(text: str, *, source: str, folder: Path | None = None) -> PuzzleSet:
    """A puzzle file (answers optional) or a deal file, as a set of puzzles to solve; a
    layout file a deal names is looked for in ``folder`` first."""
    data = parse_json(text, source)
    if isinstance(data, dict) and data.get("format") == FORMAT:
        puzzles = PuzzleSet.from_data(data, source=source, questions=True)
        try:
            kinds_of(puzzles)  # a kind tilepress knows, before the file is found empty
        except FileFormatError as exc:
            raise FileFormatError(f"{source}: {exc}") from None
        if not puzzles.puzzles:
            raise FileFormatError(f"{source}: \"puzzles\" is empty, so there is nothing to "
                                  "solve")
        return puzzles
    if isinstance(data, dict) and (data.get("format") == DEAL or (
            "format" not in data and "tiles" in data)):
        deal = deals().read_deal(data, source=source, folder=folder)
        return deal_set(deal, source=source)
    raise FileFormatError(f"{source}: neither a puzzle file (\"format\": \"{FORMAT}\") nor a "
                          f"solitaire deal (\"format\": \"{DEAL}\", a layout and its tiles)")


def deal_from(layout: str, tiles: str, *, name: str = "") -> PuzzleSet:
    """A deal typed on the command line: a layout (a name or a file) and its tiles in
    position order, as a set of one puzzle to solve."""
    from tilepress.layouts import Layout
    from tilepress.layouts.files import find_layout

    module = deals()
    shape = find_layout(layout)
    if name:
        shape = Layout(name, shape.positions, shape.source)
    deal = module.deal_of(shape, tiles, where="--tiles")
    return deal_set(deal, source=name or shape.name)


def deal_set(deal: Any, *, source: str) -> PuzzleSet:
    """A deal as a set of one solitaire question, named after the deal."""
    from tilepress.version import __version__

    question = deals().deal_question(deal)
    name = Path(source).stem if source.endswith(".json") else source
    puzzle = Puzzle(_id(deal.layout.name if deal.layout.name != "layout" else name), "",
                    question, {})
    return PuzzleSet("solitaire", {"tilepress": __version__, "deal": name}, (puzzle,))


def _id(name: str) -> str:
    return "-".join(name.split()) or "deal"


def kinds_of(puzzles: PuzzleSet) -> PuzzleKind | Callable[[str], PuzzleKind]:
    """The set's kind, or for a file of several kinds the finder of each puzzle's."""
    if puzzles.kind == MIXED:
        return find_kind
    try:
        return find_kind(puzzles.kind)
    except RequestError as exc:
        raise FileFormatError(f"\"kind\": {exc}") from None


def solve_questions(puzzles: PuzzleSet, *, budget: int | None = None) -> Solved:
    """Solve every puzzle of a set read by :func:`read_questions` (see
    :func:`tilepress.puzzles.base.solve_set`); a budget that is no number of plays is
    refused before anything is solved."""
    if budget is not None:
        try:
            deals().check_budget(budget)
        except RequestError as exc:
            raise RequestError(f"--budget: {exc}") from None
    return solve_set(puzzles, kinds_of(puzzles), budget=budget)


def solve_path(path: str | Path, *, budget: int | None = None) -> Solved:
    """Read a puzzle or deal file and solve it."""
    source = str(path)
    text = read_text(path, "puzzle or deal file")
    return solve_questions(read_questions(text, source=source, folder=Path(path).parent),
                           budget=budget)


# ---------------------------------------------------------------------------
# The sheet: the questions, then the key
# ---------------------------------------------------------------------------


def sections(puzzles: PuzzleSet) -> list[PuzzleSection]:
    """The puzzles in sections of one kind that show the same parameters, in the order
    they first come; a set made by tilepress (one kind, its parameters recorded) is one
    section introduced with its own parameters."""
    groups: dict[tuple[str, str], list] = {}
    for puzzle in puzzles.puzzles:
        kind = find_kind(puzzle.kind or puzzles.kind)
        key = (kind.name, repr(sorted(kind.shown_params(puzzle).items())))
        groups.setdefault(key, []).append(puzzle)
    recorded = puzzles.kind != MIXED and "params" in puzzles.generator
    per_kind: dict[str, int] = {}
    for name, _ in groups:
        per_kind[name] = per_kind.get(name, 0) + 1
    out: list[PuzzleSection] = []
    first = 1
    for (name, _), members in groups.items():
        kind = find_kind(name)
        params = puzzles.generator["params"] if recorded else kind.set_params(members)
        title = kind.title
        if per_kind[name] > 1:
            shown = kind.shown_params(members[0])
            title += f": {shown['tiles']} tiles" if "tiles" in shown else f" ({len(out) + 1})"
        plain = tuple(Puzzle(p.id, p.difficulty, p.question, p.answer, p.grade)
                      for p in members)
        out.append(PuzzleSection(title, kind, PuzzleSet(name, {"params": params}, plain),
                                 first))
        first += len(members)
    return out


def solved_sheet(puzzles: PuzzleSet, paper: Paper, *, title: str = "") -> Document:
    """The questions of a solved set, section by section, then the answer key."""
    if not puzzles.puzzles:
        raise RequestError("no puzzle to print")
    parts = sections(puzzles)
    width = frame_width(paper)
    blocks: list[Block] = []
    for part in parts:
        blocks += question_blocks(part, width)
    blocks += [PageBreak(), Section("Answers"), HeadingBlock("Answers")]
    noted: set[str] = set()
    for part in parts:
        note = part.kind.key_note
        if note and note not in noted:
            noted.add(note)
            blocks += template_blocks(f"puzzles/{note}", size=9.0)
    for part in parts:
        blocks += answer_blocks(part, width)
    deal = puzzles.generator.get("deal")
    name = title or (deal if isinstance(deal, str) and deal else "") or (
        parts[0].title if len(parts) == 1 else "Puzzles")
    return Document(name, paper, tuple(blocks))


__all__ = ["deal_from", "deal_set", "read_questions", "sections", "solve_path",
           "solve_questions", "solved_sheet"]
