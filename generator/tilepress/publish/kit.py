"""Print-and-play kits: everything a game needs to be played from paper, in one folder.

A kit is a list of parts (:class:`Part`), each a PDF built from what tilepress already
prints: the rulebook and a quick reference from its last page (two to a sheet), the
components (the Mint Tin deck, the paper tiles each tile game needs, the Dragon Castle
board, shrines and set-up sheets), score sheets, a short puzzle sampler with its key,
and a cover that lists every file with the paper and card stock it wants, the duplex
setting, a ruler to check 100% scale, and the licence. Which parts a game gets is
written down by each game, in its ``kit`` module (a :class:`~tilepress.documents.kits.Plan`);
this module knows no game.

A game has a kit when it has a rulebook (:func:`kit_games`): a kit is everything needed
to play, and a game cannot be learned from its components alone. The library builds the
rest of a game's kit without one (``rulebook_required=False``, as the benchmark does).

Writing a kit into a folder, its zips and its manifest is :mod:`.kit_files`.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tilepress.documents.kits import (
    CARD,
    FOLDED,
    ONE_SIDED,
    PAPER,
    TWO_SIDED,
    KitOptions,
    Part,
    Plan,
    Printable,
    Puzzles,
)
from tilepress.documents.markup import template_blocks, template_names
from tilepress.documents.model import (
    Block,
    Document,
    Figure,
    Grid,
    Heading,
    PageBreak,
    PlayerAid,
    Printed,
    Section,
    Table,
    TileRow,
    half_sheet,
)
from tilepress.documents.print_options import LARGE_TILES, LARGE_TYPE
from tilepress.documents.puzzles import PuzzleSection, answer_blocks, frame_width, question_blocks
from tilepress.documents.tiles import (
    TILE_SIZE,
    TileSheetOptions,
    describe_set,
    tile_sheets,
    tile_size,
)
from tilepress.draw.canvas import Canvas, Paper, find_paper
from tilepress.engine.game import Game
from tilepress.errors import RequestError
from tilepress.games import GAMES, find_kind
from tilepress.output import render_pdf
from tilepress.params import parse_params
from tilepress.publish.figures import checked_figure, figure_kind
from tilepress.publish.kit_files import GameKit, KitFile
from tilepress.publish.rulebook import build_rulebook, load_spec, rulebook_games
from tilepress.puzzles.base import generate_set, verify_set


def _planned() -> tuple[str, ...]:
    """The games with a kit plan."""
    return tuple(g.name for g in GAMES if g.optional_module("kit") is not None)


def kit_games() -> tuple[str, ...]:
    """The games that have a kit: every game with a plan and a rulebook, in the order of
    the games."""
    books = rulebook_games()
    return tuple(name for name in _planned() if name in books)


def find_kit_game(name: str) -> Game:
    for game in GAMES:
        if game.name == name and name in _planned():
            if name not in rulebook_games():
                raise RequestError(f"no kit for {name!r} yet: a kit needs the game's rulebook, "
                                   f"and it is not written; the kits are "
                                   f"{', '.join(kit_games())}")
            return game
    raise RequestError(f"unknown game {name!r}; the kits are {', '.join(kit_games())}")


# ---------------------------------------------------------------------------
# The parts of a game's kit
# ---------------------------------------------------------------------------


def kit_parts(game: Game, options: KitOptions, *, rulebook_required: bool = True
              ) -> list[Part]:
    """Every file of the game's kit but the cover, in the order the cover lists them."""
    if rulebook_required:
        find_kit_game(game.name)
    paper = find_paper(options.paper)
    options = resolved(game, options)
    plan: Plan = game.kit_plan(paper, options)
    flip = options.duplex
    large = options.large_print
    parts: list[Part] = []
    files: dict[str, str] = {}  # each part's file name, for the rules to point to
    if game.name in rulebook_games():
        one = game.players == "1"
        parts += [
            Part("rules", "The rules, with a quick reference at the back", PAPER,
                 "double-sided or one-sided",
                 lambda: _large(build_rulebook(game.name, paper, kit=files), large)),
            Part("quick-reference", "Quick reference" if one else
                 "Quick reference, one for each player", PAPER, ONE_SIDED,
                 lambda: quick_reference(game, paper, large_print=large)),
        ]
    if plan.tiles:
        tiles = TileSheetOptions(set=plan.tiles, card_size=options.tile_size, duplex=flip)
        parts.append(Part("tiles", plan.tiles_about or describe_set(plan.tiles), CARD,
                          TWO_SIDED, lambda: tile_sheets(paper, tiles,
                                                         title=f"{game.title} tiles"),
                          quick=True))
    parts += plan.pieces
    for item in plan.printables:
        parts.append(Part(item.name, item.what, item.stock, item.how,
                          _printable(game, item, paper, options), quick=bool(item.options)))
    if plan.puzzles:
        count = sum(p.count for p in plan.puzzles)
        what = f"{count} puzzles with the answers" if count > 1 else "A puzzle and its answer"
        parts.append(Part("puzzles", what, PAPER, ONE_SIDED,
                          lambda: _large(sampler(game, plan.puzzles, paper, options.seed),
                                         large)))
    files.update(kit_file_names(parts))
    return [replace(p, how=(FOLDED if flip == "fold" and p.how == TWO_SIDED else p.how)
                    .format(flip=flip)) for p in parts]


def resolved(game: Game, options: KitOptions) -> KitOptions:
    """The options with the paper tiles' size settled: the game's own unless given, half
    as large again (or as the game allows) in large print."""
    if options.tile_size != "auto":
        return options
    plan: Plan = game.kit_plan(find_paper(options.paper), replace(options, tile_size="20x27"))
    w, h = tile_size(plan.tile_size)
    if options.large_print:
        w, h = round(w * plan.large_tiles, 1), round(h * plan.large_tiles, 1)
    return replace(options, tile_size=f"{w:g}x{h:g}")


def _large(document: Document, large: bool) -> Document:
    from tilepress.documents.large_print import enlarge_document

    return enlarge_document(document) if large else document


def kit_file_names(parts: Sequence[Part]) -> dict[str, str]:
    """Each part's file in the kit, by the part's name: ``01-rules.pdf``, ..."""
    return {part.name: f"{n:02d}-{part.name}.pdf" for n, part in enumerate(parts, start=1)}


@dataclass(frozen=True)
class CheckedKit:
    """A game's kit whose options fit every part: its parts, in the cover's order, and
    the quick ones already laid out (each part is laid out once)."""

    game: Game
    options: KitOptions
    parts: tuple[Part, ...]
    laid_out: Mapping[str, Printed]


def check_kit(game: Game, options: KitOptions, *, rulebook_required: bool = True
              ) -> CheckedKit:
    """Fail now (one clear error) if the options do not fit a part of the game's kit: a
    tile size whose castle board does not fit the paper, a card size that does not. The
    quick parts are laid out to find out, and kept."""
    options.check()
    options = resolved(game, options)
    parts = tuple(kit_parts(game, options, rulebook_required=rulebook_required))
    return CheckedKit(game, options, parts, {p.name: p.build() for p in parts if p.quick})


def _fill(value: Any, options: KitOptions) -> Any:
    if not isinstance(value, str):
        return value
    if options.tile_size == "auto":  # pragma: no cover - kit_parts settles it first
        raise ValueError("the tile size is not settled")
    w, h = tile_size(options.tile_size)
    return value.format(card_size=options.card_size, duplex=options.duplex, tile_w=f"{w:g}",
                        tile_h=f"{h:g}")


def _printable(game: Game, item: Printable, paper: Paper, options: KitOptions
               ) -> Callable[[], Printed]:
    function, options_type = game.printable(item.item)

    def build() -> Printed:
        values = None
        if options_type is not None:
            given = {k: _fill(v, options) for k, v in item.options.items()}
            fields = {f.name for f in dataclasses.fields(options_type)}
            if "large_print" in fields:
                given.setdefault("large_print", options.large_print)
            values = parse_params(options_type, given, where=f"kit {game.name}")
        return function(paper, values)

    return build


class _Figures(Mapping[str, Any]):
    """A rulebook's figures (or their facts), each drawn and checked when a template asks
    for it: a quick reference needs only a few of a book's figures."""

    def __init__(self, game: str, facts: bool = False, *, large: bool = False) -> None:
        self._specs = {f.name: f for f in load_spec(game).figures}
        self._where = f"templates/rulebooks/{game}"
        self._facts = facts
        self._large = large
        """Figures drawn half as large again (where their kind has a tile width), with
        captions in 14 pt: for a page read at arm's length or in large print."""

    def __getitem__(self, name: str) -> Any:
        spec = self._specs[name]
        if self._large:
            spec = _larger(spec)
        drawn = checked_figure(spec, self._where)
        if self._facts:
            return drawn.facts
        height = spec.height or drawn.figure.max_height
        return replace(drawn.figure, caption=spec.caption or drawn.figure.caption,
                       max_height=height * LARGE_TILES if self._large and height else height,
                       caption_size=LARGE_TYPE if self._large else drawn.figure.caption_size)

    def __iter__(self) -> Iterator[str]:
        return iter(self._specs)

    def __len__(self) -> int:
        return len(self._specs)


def _larger(spec: Any) -> Any:
    """A rulebook figure's spec with its tiles half as large again, where its kind takes
    a tile width (drawn again at that size, never scaled)."""
    _, entry = figure_kind(spec.kind)
    fields = {f.name: f.default for f in dataclasses.fields(entry.params)}
    if "tile_width" not in fields:
        return spec
    width = spec.params.get("tile_width", fields["tile_width"])
    return replace(spec, params={**spec.params, "tile_width": round(width * LARGE_TILES, 2)})


def quick_reference(game: Game, paper: Paper, *, large_print: bool = False
                    ) -> Document | PlayerAid:
    """The quick reference at the back of the game's rulebook, for each player: on half a
    sheet, two to a sheet, or on a whole page when it does not fit on half of one. A game
    for one player needs one copy: a whole page in larger type. In large print, a whole
    page (or more) of 14 pt type."""
    from tilepress.documents.large_print import enlarge_document
    from tilepress.documents.layout import page_fills

    spec = load_spec(game.name)
    one = game.players == "1"
    blocks = template_blocks(f"rulebooks/{game.name}/quickref.md.j2",
                             figures=_Figures(game.name, large=one or large_print),
                             size=14.0 if one else 9.0,
                             game=game, facts=_Figures(game.name, facts=True),
                             claims={f.name: f.claim for f in spec.figures})
    title = f"{spec.title}: quick reference"
    half = Document(title, half_sheet(paper), (Section("Quick reference"), *blocks),
                    page_numbers=False, running_header=False, margin=10.0)
    whole = replace(half, paper=paper, margin=15.0)
    if large_print:
        return enlarge_document(whole)
    if one:  # one page: the figures as tall as leaves room for every word
        for tallest in (80.0, 70.0, 60.0, 50.0, 40.0):
            page = replace(whole, blocks=tuple(_one_player(b, tallest) for b in whole.blocks))
            if len(page_fills(page)) == 1:
                break
        return page
    if len(page_fills(half)) == 1:
        return PlayerAid(half, paper)
    return whole


def _one_player(block: Block, tallest: float) -> Block:
    """A block of a one-player quick reference, sized for its whole page."""
    if isinstance(block, Heading):
        return replace(block, size={1: 26.0, 2: 19.0}.get(block.level, 16.0))
    if isinstance(block, Table):
        return replace(block, size=14.0)
    if isinstance(block, TileRow):
        return replace(block, tile_width=block.tile_width * 1.5)
    if isinstance(block, Figure) and not 0 < block.max_height <= tallest:
        return replace(block, max_height=tallest)
    return block


def sampler(game: Game, sections: tuple[Puzzles, ...], paper: Paper, seed: int) -> Document:
    """A few puzzles of each section, every answer solved again before it is printed, and
    the key after a page break."""
    width = frame_width(paper)
    questions: list[Block] = []
    answers: list[Block] = [PageBreak(), Section("Answers"), Heading("Answers")]
    first = 1
    notes: set[str] = set()
    seen: set[str] = set()
    for section in sections:
        kind = find_kind(section.kind)
        params = parse_params(kind.params_type, section.params, where=f"kit {game.name}")
        puzzles = generate_set(kind, params, count=section.count, seed=seed)
        problems = verify_set(puzzles, kind)
        if problems:  # pragma: no cover - would be a bug in a kind
            raise RequestError(f"kit {game.name}: puzzle {problems[0]}")
        placed = PuzzleSection(section.title, kind, puzzles, first=first)
        first += len(puzzles.puzzles)
        blocks = question_blocks(placed, width)
        if kind.name in seen:  # the instructions once a kind
            blocks = [b for b in blocks if isinstance(b, Section | Heading | Grid)]
        seen.add(kind.name)
        if questions:
            questions.append(PageBreak(soft=True))
        questions += blocks
        if kind.key_note and kind.key_note not in notes:
            notes.add(kind.key_note)
            answers += template_blocks(f"puzzles/{kind.key_note}", size=9.0)
        answers += answer_blocks(placed, width)
    return Document(f"{game.title}: puzzles", paper, (*questions, *answers),
                    subtitle="a sampler with its answers")


# ---------------------------------------------------------------------------
# The cover
# ---------------------------------------------------------------------------

RULER = 100.0
BANK_CARD = (85.60, 53.98)
"""An ID-1 card (a bank card), ISO/IEC 7810: a ruler most players carry."""
INK = "#1d1d1b"
GREY = "#6b6862"


def ruler_figure() -> Figure:
    """A 100 mm ruler in millimetres and, under it, the outline of a bank card: both
    measure true only when the page is printed at 100%."""
    card_w, card_h = BANK_CARD
    height = 12.0 + card_h + 1.0

    def draw(c: Canvas) -> None:
        c.rect(0, 0, RULER, 2.0, fill=INK)
        for k in range(int(RULER) + 1):
            tall = 6.0 if k % 10 == 0 else 4.0 if k % 5 == 0 else 2.8
            c.line(k, 0, k, tall, stroke=INK, stroke_width=0.15 if k % 10 else 0.3)
            if k % 10 == 0:
                c.text(k, 9.2, f"{k // 10}", size=7, anchor="middle", fill=INK)
        c.text(RULER + 2.0, 4.5, "cm", size=7, fill=INK)
        x = (RULER - card_w) / 2
        c.rect(x, 12.0, card_w, card_h, stroke=INK, stroke_width=0.3, radius=3.18,
               dash=(2.0, 1.2))
        for k, line in enumerate(("A bank card fits this box exactly,",
                                  "and the ruler above measures 10 cm,",
                                  "when the page is printed at 100%.")):
            c.text(RULER / 2, 12.0 + card_h / 2 - 3.0 + 4.6 * k, line, size=9,
                   anchor="middle", fill=GREY)

    return Figure(RULER + 8.0, height, draw)


def contents_table(files: Sequence[KitFile], *, large: bool = False) -> Table:
    """The kit's files: name, what, pages, what to print on and how; in large print two
    columns, the file and the rest in words, so that a file's name keeps to its column."""
    if large:
        rows = tuple((f.name, f"{f.what}. {f.pages} page{'s' * (f.pages != 1)} on "
                      f"{f.stock}, {f.how}.") for f in files)
        return Table(("file", "what, and how to print it"), rows, widths=(1.25, 2.0),
                     size=LARGE_TYPE)
    rows = tuple((f.name, f.what, str(f.pages), f.stock, f.how) for f in files)
    return Table(("file", "what", "pages", "print on", "how"), rows,
                 widths=(3.2, 6.2, 1.1, 1.6, 3.4), size=8.0)


def cover(game: Game, files: Sequence[KitFile], options: KitOptions) -> Document:
    """The kit's first page: what is in it, what to print on which paper and how, the
    ruler that checks the scale, and the licence."""
    paper = find_paper(options.paper)
    options = resolved(game, options)
    plan: Plan = game.kit_plan(paper, options)
    stocks = {f.stock for f in files}
    two_sided = any(f.how.startswith("double") for f in files)
    names = kit_file_names(kit_parts(game, options, rulebook_required=False))
    play = f"kit/play/{game.name}.md.j2"
    w, h = tile_size(options.tile_size) if options.tile_size != "auto" else TILE_SIZE
    values = {
        "title": game.title, "players": _players(game.players), "paper": paper.name,
        "card_stock": CARD in stocks, "two_sided": two_sided or options.duplex == "fold",
        "fold": options.duplex == "fold",
        "flip": {"long": "long", "short": "short", "fold": "long"}[options.duplex],
        "play": play if play in template_names() else "", "kit": names,
        "tile_w": w, "tile_h": h, "aids": any(f.how.endswith("two to a sheet") for f in files),
        "rulebook": game.name in rulebook_games(), "note": plan.note,
        "score_sheets": any(p.item in ("sheet", "pad") for p in plan.printables),
        "pieces": [f"{f.name} ({f.what[0].lower()}{f.what[1:]})"
                   for f in files if f.stock == CARD],
    }
    figures: dict[str, Block] = {"contents": contents_table(files, large=options.large_print),
                                 "ruler": ruler_figure()}
    blocks = (*template_blocks("kit/cover.md.j2", figures=figures, size=9.5, **values),
              *template_blocks("kit/licence.md.j2", size=7.0))
    document = Document(f"{game.title}: print-and-play kit", paper,
                        (Section("Read me first"), *blocks), subtitle="read me first",
                        running_header=False)
    return _large(document, options.large_print)


# ---------------------------------------------------------------------------
# Building a kit
# ---------------------------------------------------------------------------

COVER = "00-read-me-first.pdf"
Progress = Callable[[str], None]


def kit_game(name: str, *, rulebook_required: bool = True) -> Game:
    """The game called ``name``, if it has a kit (or, without ``rulebook_required``, a
    plan for one)."""
    if rulebook_required:
        return find_kit_game(name)
    for game in GAMES:
        if game.name == name and name in _planned():
            return game
    raise RequestError(f"unknown game {name!r}; the games are {', '.join(_planned())}")


def build_kit(name: str, options: KitOptions | None = None, *,
              progress: Progress | None = None, rulebook_required: bool = True) -> GameKit:
    """The game's kit in memory (see :func:`make_kit`)."""
    game = kit_game(name, rulebook_required=rulebook_required)
    checked = check_kit(game, options or KitOptions(), rulebook_required=rulebook_required)
    return make_kit(checked, progress=progress)


def make_kit(checked: CheckedKit, *, progress: Progress | None = None) -> GameKit:
    """A checked kit built in memory: every part built and rendered, then the cover,
    which lists them with their pages. ``progress`` hears the name of each file before
    it is built."""
    from tilepress.version import __version__

    game, options = checked.game, checked.options
    built: list[KitFile] = []
    names = kit_file_names(checked.parts)
    for part in checked.parts:
        file_name = names[part.name]
        if progress is not None:
            progress(f"{game.name}/{file_name}")
        printed = checked.laid_out[part.name] if part.quick else part.build()
        data, pages = render_pdf(printed)
        how = f"{part.how}, two to a sheet" if isinstance(printed, PlayerAid) else part.how
        built.append(KitFile(file_name, data, pages, part.what, part.stock, how))
    if progress is not None:
        progress(f"{game.name}/{COVER}")
    front = KitFile(COVER, b"", 1, "What to print, and how (these pages)", PAPER, ONE_SIDED)
    for _ in range(3):  # the cover lists its own pages: settle on a count that holds
        data, pages = render_pdf(cover(game, [front, *built], options))
        if pages == front.pages:
            break
        front = replace(front, pages=pages)
    front = replace(front, data=data, pages=pages)
    return GameKit(game.name, game.title, options.as_dict(), __version__, (front, *built))


def _players(players: str) -> str:
    if players == "1":
        return "one player"
    return f"{players} players" if re.fullmatch(r"[\d -]+|\d+ or \d+", players) else players


__all__ = ["COVER", "CheckedKit", "KitOptions", "Part", "Plan", "build_kit", "check_kit", "cover",
           "find_kit_game", "kit_game", "kit_games", "kit_parts", "make_kit", "quick_reference",
           "ruler_figure", "sampler"]
