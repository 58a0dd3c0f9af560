"""Nothing printed for reading is smaller than 6 pt: every rulebook (A4 and Letter, as
pages and as a booklet), the puzzle book, a puzzle sheet of every kind, every game's
worked example and balance report, measured on what is drawn (tests/drawn.py records
each text's size after every scale of the figures around it). The solitaire rulebook's
layer labels were 5.9 pt (a figure shrunk to a height), 5.2 pt in a booklet."""

from __future__ import annotations

import pytest
from drawn import probe

from tilepress.draw.canvas import PAPERS
from tilepress.games import GAMES
from tilepress.publish.rulebook import build_rulebook, rulebook_games

SMALLEST = 6.0


def smallest(printed) -> tuple[float, str]:
    """The smallest text of a document and the words it sets in that size."""
    texts = [(t.size, t.text) for page in probe(printed) for t in page.texts]
    return min(texts)


@pytest.mark.parametrize("booklet", [False, True], ids=["pages", "booklet"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", rulebook_games())
def test_rulebooks_print_nothing_under_6_pt(game: str, paper: str, booklet: bool) -> None:
    size, text = smallest(build_rulebook(game, PAPERS[paper], booklet=booklet))
    assert size >= SMALLEST - 1e-9, f"{game}: {text!r} at {size:.2f} pt"


def test_the_puzzle_book_prints_nothing_under_6_pt() -> None:
    from tilepress.publish.book import build_book, load_spec
    from tilepress.resources import shipped

    for paper in ("a4", "letter"):
        document, _ = build_book(load_spec(shipped("puzzles", "book.toml")), paper=paper)
        size, text = smallest(document)
        assert size >= SMALLEST - 1e-9, f"{paper}: {text!r} at {size:.2f} pt"


def _playable():
    return [pytest.param(g, id=g.name) for g in GAMES if g.playable]


@pytest.mark.parametrize("game", _playable())
def test_worked_examples_print_nothing_under_6_pt(game) -> None:
    log = game.play(game.options_from({}), game.play_options_from({}), 2)
    for full in (False, True):
        size, text = smallest(game.worked_example(log, PAPERS["letter"], full=full))
        assert size >= SMALLEST - 1e-9, f"{game.name}: {text!r} at {size:.2f} pt"


@pytest.mark.parametrize("game", ["castle", "oneplayer", "onesuit", "minttin-solo"])
def test_balance_reports_print_nothing_under_6_pt(game: str) -> None:
    from tilepress.batch import BatchOptions
    from tilepress.publish.stats import StatsRun, run_stats
    from tilepress.publish.stats.report import report_document

    options = {"hands": 1} if game == "onesuit" else {}
    against = {"players": 3} if game == "castle" else None
    data = run_stats(StatsRun(game, options, {}, 3, 5, against=against,
                              batch=BatchOptions(jobs=1)))
    size, text = smallest(report_document(data, PAPERS["letter"]))
    assert size >= SMALLEST - 1e-9, f"{game}: {text!r} at {size:.2f} pt"


def _kinds():
    return [pytest.param(entry.name, id=entry.name) for g in GAMES for entry in g.puzzles]


@pytest.mark.parametrize("name", _kinds())
def test_puzzle_sheets_print_nothing_under_6_pt(name: str) -> None:
    from tilepress.documents.puzzles import PuzzleSection, sheet
    from tilepress.games import find_kind
    from tilepress.params import parse_params
    from tilepress.puzzles.base import generate_set

    kind = find_kind(name)
    params = parse_params(kind.params_type, {}, where="test")
    puzzles = generate_set(kind, params, count=2, seed=11)
    size, text = smallest(sheet(PuzzleSection("Puzzles", kind, puzzles), PAPERS["letter"]))
    assert size >= SMALLEST - 1e-9, f"{kind.name}: {text!r} at {size:.2f} pt"
