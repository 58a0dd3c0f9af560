"""Daily sheets: the same bytes for the same day anywhere (one process, two, a Dask cluster),
another series another sheet, Monday easier than Sunday, no puzzle twice in a year, one
line and exit 2 for every bad input, and a page a reader can use."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import random
import socket
import time
from contextlib import contextmanager
from functools import cache

import pytest

from tilepress.batch import BatchOptions
from tilepress.draw.canvas import Canvas, Surface
from tilepress.errors import FileFormatError, RequestError
from tilepress.publish import daily, daily_draw
from tilepress.publish.daily import (
    Chains,
    default_spec,
    draw_day,
    make_day,
    make_plan,
    make_sheets,
    parse_daily_spec,
    parse_date,
)
from tilepress.puzzles.base import MIXED, PuzzleSet, verify_set

ONE = BatchOptions(jobs=1)
MONDAY = dt.date(2027, 1, 4)
WEEK = (MONDAY, MONDAY + dt.timedelta(days=6))

TINY = """
title = "Tiny"
start = 2027-01-01
[[puzzle]]
kind = "waits"
count = 2
tiles = 4
difficulty = "hard"
"""
"""A chain of fifteen possible hands (4 one-suit tiles, hard) drawn two a day: the first
draws of different days collide, so settling has work to do."""


@cache
def plan(series: str | None = None, answers: str | None = None):
    return make_plan(default_spec(), series=series, answers=answers)


@cache
def week(answers: str | None = None) -> tuple:
    """The sheets of a week (Monday to Sunday), in this process."""
    return tuple(make_sheets(plan(answers=answers), *WEEK, options=ONE))


# -- the spec -----------------------------------------------------------------------------


def test_the_shipped_spec_has_a_puzzle_every_day_and_a_level_per_weekday():
    spec = default_spec()
    assert spec.levels == ("easy", "easy", "medium", "medium", "hard", "hard", "expert")
    assert spec.start == dt.date(2026, 1, 1)
    for weekday in range(7):
        assert sum(e.count for e in spec.entries if e.plays(weekday)) == 6


@pytest.mark.parametrize("text, words", [
    ('[[puzzle]]\nkind = "sudoku"', "puzzle 1: unknown puzzle kind 'sudoku'; the kinds are "),
    ('[[puzzle]]\nkind = "waits"\ntiles = [7, 10]', "lists 2 values; give one value for "
     "every day or seven"),
    ('[[puzzle]]\nkind = "waits"\ndays = ["mon", "funday"]', "'funday' is not a weekday"),
    ('colour = "red"\n[[puzzle]]\nkind = "waits"', "unknown setting 'colour'"),
    ('[[puzzle]]\nkind = "waits"\ntiles = 4\ndifficulty = "expert"',
     "puzzle 1 (waits) on Mondays: no 4-tile hand"),
    ('[[puzzle]]\nkind = "waits"\ndays = ["mon"]', "no puzzle is played on Tuesdays"),
    ('answers = "never"\n[[puzzle]]\nkind = "waits"', "answers must be back or next-day"),
    ('start = "soon"\n[[puzzle]]\nkind = "waits"', "start 'soon' is not a date"),
    ('title = "x"', "the sheet needs at least one [[puzzle]]"),
    ('[[puzzle]]\nkind = "waits"\ncount = 40', "count must be a whole number from 1 to 12"),
])
def test_a_bad_spec_is_one_line_naming_the_place(text, words):
    with pytest.raises((FileFormatError, RequestError)) as caught:
        parse_daily_spec(text, source="my.toml")
    message = str(caught.value)
    assert words in message and message.startswith("my.toml") and "\n" not in message


def test_dates_and_ranges_are_checked():
    assert parse_date("2027-03-01") == dt.date(2027, 3, 1)
    for bad in ("2027-3-1", "01/03/2027", "2027-02-30", "tomorrow", ""):
        with pytest.raises(RequestError, match="is not a date like 2027-03-01"):
            parse_date(bad)
    with pytest.raises(RequestError, match=r"the range ends \(2027-01-01\) before it starts"):
        daily.plan_work(plan(), dt.date(2027, 1, 2), dt.date(2027, 1, 1))
    with pytest.raises(RequestError, match="the series starts on 2026-01-01: there is no sheet"):
        daily.plan_work(plan(), dt.date(2025, 12, 31), dt.date(2026, 1, 2))
    with pytest.raises(RequestError, match="sheets go up to the end of 9998"):
        parse_date("9999-12-31")  # its next day would not exist
    assert parse_date("9998-12-31") == dt.date(9998, 12, 31)
    with pytest.raises(RequestError, match="holds 3,654 days; one run makes at most 3,653"):
        daily.plan_work(plan(), dt.date(2027, 1, 1), dt.date(2027, 1, 1) + dt.timedelta(3653))


# -- the same sheet for everyone ----------------------------------------------------------


def test_a_day_is_the_same_bytes_alone_as_in_a_range_and_another_series_differs():
    monday = week()[0]
    alone = make_day(plan(), MONDAY, options=ONE)
    assert (alone.document, alone.puzzles) == (monday.document, monday.puzzles)
    assert alone.sheet.number == (MONDAY - dt.date(2026, 1, 1)).days + 1 == 369
    other = make_day(plan("acme"), MONDAY, options=ONE)
    assert other.document != alone.document
    assert json.loads(other.puzzles)["puzzles"] != json.loads(alone.puzzles)["puzzles"]
    assert json.loads(other.puzzles)["generator"]["series"] == "acme"


def test_two_local_processes_make_the_same_week_as_one():
    two = list(make_sheets(plan(), *WEEK, options=BatchOptions(jobs=2, chunk_size=2)))
    assert [(m.document, m.puzzles) for m in two] == [(m.document, m.puzzles) for m in week()]


@pytest.fixture
def cluster():
    """A Dask cluster in this process, as tests/test_batch.py makes it: two single-threaded
    workers on loopback with free ports (xdist-safe), Dask's logging silenced."""
    import logging

    distributed = pytest.importorskip("distributed")
    noisy = [logging.getLogger(name) for name in list(logging.root.manager.loggerDict)
             if name.startswith(("distributed", "tornado", "asyncio"))]
    levels = [logger.level for logger in noisy]
    for logger in noisy:
        logger.setLevel(logging.CRITICAL + 1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  protocol="tcp", host="127.0.0.1",
                                  dashboard_address="127.0.0.1:0") as local:
        yield local
    for logger, level in zip(noisy, levels, strict=True):
        logger.setLevel(level)


def test_a_week_on_a_dask_cluster_is_byte_identical_to_one_process(cluster):
    expected = [(m.document, m.puzzles) for m in week()]
    daily._MEMO.clear()  # the cluster's workers are threads of this process: draw afresh
    start = time.perf_counter()
    options = BatchOptions(scheduler=cluster.scheduler_address, chunk_size=2)
    made = list(make_sheets(plan(), *WEEK, options=options))
    assert len(made) == 7
    assert [(m.document, m.puzzles) for m in made] == expected
    assert time.perf_counter() - start < 30


# -- difficulty ---------------------------------------------------------------------------


def test_monday_grades_easier_than_sunday_by_the_puzzles_own_scores():
    sheets = {m.sheet.day.weekday(): m.sheet for m in week()}
    spec = default_spec()
    for weekday, sheet in sheets.items():  # every puzzle has the difficulty of its weekday
        for index, puzzles in sheet.groups:
            asked = daily.entry_params(spec, index, weekday).difficulty
            assert {p.difficulty for p in puzzles} == {asked}
    ranks = {d: sum(("easy", "medium", "hard", "expert").index(p.difficulty)
                    for p in s.puzzles) for d, s in sheets.items()}
    assert ranks[0] < ranks[2] < ranks[4] < ranks[6]
    monday, sunday = sheets[0], sheets[6]
    for kind in ("waits", "discard", "minttin", "american", "solitaire"):
        low = [p.grade["score"] for p in monday.puzzles if p.kind == kind]
        high = [p.grade["score"] for p in sunday.puzzles if p.kind == kind]
        assert max(low) < min(high), kind
    assert sum(p.grade["score"] for p in monday.puzzles) < \
        sum(p.grade["score"] for p in sunday.puzzles)


# -- no repeats ---------------------------------------------------------------------------


def _sequential(plan_, first, last):
    """The definition: each day drawn in date order with every earlier identity of its
    chain excluded."""
    used: dict = {}
    out = []
    day = plan_.anchor(first)
    while day <= last:
        sets = draw_day(plan_, day, plan_.entries_on(day), exclude=used)
        for s in sets:
            used.setdefault(s.chain, set()).update(s.identities)
        if day >= first:
            out.append(sets)
        day += dt.timedelta(days=1)
    return out


@pytest.mark.parametrize("jobs", [1, 2])
def test_settling_in_date_order_gives_the_sequential_draw(jobs):
    tiny = make_plan(parse_daily_spec(TINY, source="tiny.toml"))
    first, last = dt.date(2027, 1, 1), dt.date(2027, 1, 7)
    chains = Chains(tiny)
    first_draws = [draw_day(tiny, d, tiny.entries_on(d))
                   for d in (first + dt.timedelta(days=k) for k in range(7))]
    redrawn = [chains.settle(first + dt.timedelta(days=k), sets)[1]
               for k, sets in enumerate(first_draws)]
    assert any(redrawn)  # fifteen hands, fourteen wanted: first draws collide
    made = list(make_sheets(tiny, first, last, options=BatchOptions(jobs=jobs), fmt=""))
    expected = _sequential(tiny, first, last)
    assert [[p.question for p in m.sheet.puzzles] for m in made] == \
        [[p.question for s in sets for p in s.puzzles] for sets in expected]
    identities = [i for m in made for s in m.sets for i in s.identities]
    assert len(identities) == len(set(identities)) == 14


def test_a_chain_that_runs_out_says_so_in_one_line():
    tiny = make_plan(parse_daily_spec(TINY, source="tiny.toml"))
    with pytest.raises(RequestError) as caught:
        list(make_sheets(tiny, dt.date(2027, 1, 1), dt.date(2027, 1, 9), options=ONE, fmt=""))
    message = str(caught.value)
    assert "2027-01-08: tiny.toml: puzzle 1 (waits): found only 1 new waits puzzles" in message
    assert "\n" not in message


def test_a_day_that_fails_stops_the_run_and_nothing_after_it_is_handed_over(monkeypatch):
    from tilepress.errors import BatchError

    draw = daily_draw.draw_set

    def broken(plan_, day, index, exclude=frozenset()):
        if day == dt.date(2027, 1, 6):
            raise RuntimeError("the printer is on fire")
        return draw(plan_, day, index, exclude)

    monkeypatch.setattr(daily_draw, "draw_set", broken)
    monkeypatch.setattr(daily, "_MEMO", {})  # draw afresh, not from earlier tests' draws
    got = []
    with pytest.raises(BatchError) as caught:
        for made in make_sheets(plan(), *WEEK, options=ONE, fmt=""):
            got.append(made.sheet.day)
    assert got == [dt.date(2027, 1, 4), dt.date(2027, 1, 5)]
    assert "the sheet of 2027-01-06 (RuntimeError: the printer is on fire)" in str(caught.value)
    assert caught.value.not_run > 0


@dataclasses.dataclass(frozen=True)
class _Flat:
    difficulty: str = "hard"


def test_a_difficulty_a_kind_does_not_reach_is_named_after_a_bounded_number_of_tries():
    from types import SimpleNamespace

    from tilepress.errors import RequestError
    from tilepress.publish.daily_draw import MIN_TRIES, draw_entry

    calls = []

    def generate(params, rng):  # a kind whose every puzzle is new and easy
        calls.append(1)
        return SimpleNamespace(identity=len(calls), grade=SimpleNamespace(difficulty="easy"))

    kind = SimpleNamespace(name="flat", misses_in_a_row=5, decoys_wanted=lambda p: 0,
                           generate=generate, decoy=generate)
    params = _Flat()
    with pytest.raises(RequestError, match=rf"flat.toml: no new hard flat puzzle in "
                       rf"{MIN_TRIES} tries .*; ask for a difficulty it reaches"):
        draw_entry(kind, params, 1, random.Random(1), where="flat.toml")  # type: ignore[arg-type]
    assert len(calls) == MIN_TRIES


def test_no_puzzle_repeats_in_a_week_and_chains_keep_apart_what_could_be_equal():
    seen: dict = {}
    for made in week():
        for s in made.sets:
            for identity in s.identities:
                assert (s.chain, identity) not in seen
                seen[(s.chain, identity)] = made.sheet.day
    chains = {s.chain for m in week() for s in m.sets}
    # the hand kinds' chains: year, kind, difficulty, hand size, suits
    assert (2027, "waits", "easy", 7, "one") in chains
    assert (2027, "waits", "easy", 10, "one") in chains


def test_a_late_sheet_draws_only_the_earlier_days_of_its_chains():
    work = daily.plan_work(plan(), dt.date(2027, 3, 1), dt.date(2027, 3, 1))
    assert work[-1].day == dt.date(2027, 3, 1) and work[-1].printed
    assert work[0].day >= dt.date(2027, 1, 1)
    assert not any(w.printed for w in work[:-1])
    # Mondays and Tuesdays are "easy": nothing from the rest of the week
    assert {w.day.weekday() for w in work} <= {0, 1}
    assert all(len(w.entries) < 5 for w in work if w.day.weekday() == 1)


# -- files --------------------------------------------------------------------------------


def test_the_puzzle_file_of_a_day_is_one_file_verify_accepts():
    made = week()[0]
    data = json.loads(made.puzzles)
    assert (data["format"], data["version"], data["kind"]) == ("tilepress-puzzles", 1, MIXED)
    assert data["generator"]["number"] == made.sheet.number
    assert [p["id"] for p in data["puzzles"]] == [f"2027-01-04-{n}" for n in range(1, 7)]
    from tilepress.games import find_kind

    puzzles = PuzzleSet.from_json(made.puzzles)
    assert verify_set(puzzles, find_kind) == []
    data["puzzles"][0]["answer"]["waits"] = ["9s"]
    problems = verify_set(PuzzleSet.from_json(json.dumps(data)), find_kind)
    assert [p.puzzle_id for p in problems] == ["2027-01-04-1"]
    del data["puzzles"][1]["kind"]
    with pytest.raises(FileFormatError, match="puzzle 2: \"kind\" must name the puzzle's kind"):
        PuzzleSet.from_json(json.dumps(data))
    single = {"format": "tilepress-puzzles", "version": 1, "kind": "waits",
              "puzzles": [{**data["puzzles"][2], "kind": "discard"}]}
    with pytest.raises(FileFormatError, match="a discard puzzle in a file of waits puzzles"):
        PuzzleSet.from_json(json.dumps(single))


def test_a_seven_day_range_writes_seven_sheets_and_seven_files_verify_accepts(cli, tmp_path):
    folder = tmp_path / "daily"
    folder.mkdir()
    (folder / "mine.txt").write_text("a user's file")
    (folder / "2027-01-04.pdf").write_text("a user's file of a sheet's name")
    args = ("daily", "--from", "2027-01-04", "--to", "2027-01-10", "-o", folder, "--jobs", "1",
            "--combined")
    refused = cli(*args)  # issue 35: a file tilepress did not write, before any work
    assert refused.code == 2 and "2027-01-04.pdf' is not a file tilepress wrote" in refused.err
    assert sorted(p.name for p in folder.iterdir()) == ["2027-01-04.pdf", "mine.txt"]
    result = cli(*args, "--force")
    assert result.code == 0, result
    pdfs = sorted(p.name for p in folder.glob("2027-01-??.pdf"))
    assert pdfs == [f"2027-01-{d:02d}.pdf" for d in range(4, 11)]
    assert len(list(folder.glob("*.json"))) == 7
    assert (folder / "mine.txt").read_text() == "a user's file"
    assert [p.name for p in tmp_path.iterdir()] == ["daily"]  # no work folder left
    for day, made in zip(range(4, 11), week(), strict=True):
        assert (folder / f"2027-01-{day:02d}.pdf").read_bytes() == made.document
        check = cli("verify", folder / f"2027-01-{day:02d}.json")
        assert check.code == 0 and "all 6 puzzles" in check.out, check
    from pypdf import PdfReader

    combined = PdfReader(folder / "2027-01-04_2027-01-10.pdf")
    assert len(combined.pages) == 14
    assert [o.title for o in combined.outline if not isinstance(o, list)][:2] == [
        "No. 369, Monday 4 January 2027", "No. 370, Tuesday 5 January 2027"]
    again = cli(*args)  # its own sheets: replaced without --force
    assert again.code == 0 and (folder / "mine.txt").read_text() == "a user's file", again


def test_next_day_answers_are_the_day_befores(tmp_path):
    from pypdf import PdfReader

    made = week("next-day")
    assert made[0].previous is not None and made[0].previous.day == dt.date(2027, 1, 3)
    assert [m.previous.day for m in made[1:]] == [m.sheet.day for m in made[:-1]]
    assert [m.puzzles for m in made] == [m.puzzles for m in week()]  # the same puzzles
    path = tmp_path / "tue.pdf"
    path.write_bytes(made[1].document)
    back = PdfReader(path).pages[1].extract_text()
    assert "Yesterday's answers" in back and "No. 369, Monday 4 January 2027" in back
    first = make_day(make_plan(default_spec(), answers="next-day"), dt.date(2026, 1, 1),
                     options=ONE)
    path.write_bytes(first.document)
    assert "first sheet of the series" in PdfReader(path).pages[1].extract_text()


# -- bad input at the command line --------------------------------------------------------


def _one_line_exit_2(result, words: str) -> None:
    assert result.code == 2, result
    assert result.err.count("\n") == 1 and words in result.err, result
    assert "Traceback" not in result.err


@pytest.mark.parametrize("args, words", [
    (["daily", "2027-02-30"], "date '2027-02-30' is not a date like 2027-03-01"),
    (["daily", "--from", "2027-03-10", "--to", "2027-03-01"],
     "the range ends (2027-03-01) before it starts (2027-03-10)"),
    (["daily", "--from", "2027-03-10"], "a range needs both --from and --to"),
    (["daily", "2027-03-01", "--answers", "sideways"], "answers must be back or next-day"),
    (["daily", "2025-06-01"], "the series starts on 2026-01-01"),
    (["daily", "2027-03-01", "-o", "sheet.png"], "cannot tell what to write to 'sheet.png'"),
    (["daily", "2027-03-01", "--series", ""], "a series name must be 1 to 64"),
])
def test_bad_input_is_one_line_and_exit_2_and_nothing_written(cli, tmp_path, monkeypatch,
                                                              args, words):
    monkeypatch.chdir(tmp_path)
    _one_line_exit_2(cli(*args), words)
    assert list(tmp_path.iterdir()) == []


def test_a_spec_with_an_unknown_kind_is_refused(cli, tmp_path):
    spec = tmp_path / "mine.toml"
    spec.write_text('[[puzzle]]\nkind = "crossword"\n')
    _one_line_exit_2(cli("daily", "2027-03-01", "--spec", spec, "-o", tmp_path / "x.pdf"),
                     f"{spec}: puzzle 1: unknown puzzle kind 'crossword'")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.toml"]


def test_an_unreachable_scheduler_is_named_within_seconds(cli, tmp_path):
    pytest.importorskip("distributed")
    with socket.socket() as s:  # a port that was just free: nothing listens there
        s.bind(("127.0.0.1", 0))
        address = f"tcp://127.0.0.1:{s.getsockname()[1]}"
    start = time.perf_counter()
    result = cli("daily", "--from", "2027-01-01", "--to", "2027-01-03", "-o",
                 tmp_path / "out", "--scheduler", address)
    assert time.perf_counter() - start < 15
    _one_line_exit_2(result, f"cannot reach the Dask scheduler at {address}")
    assert list(tmp_path.iterdir()) == []


# -- the page -----------------------------------------------------------------------------


class _Recorder(Canvas):
    """Records text sizes and tile widths as printed (through groups and scales); what is
    drawn inside a defined symbol (the tile art) is not page text."""

    def __init__(self, log: dict) -> None:
        self.log, self.scale, self.symbols, self.inside = log, [1.0], {}, 0

    def rect(self, *a, **k): pass
    def path(self, *a, **k): pass
    def circle(self, *a, **k): pass

    def text(self, x, y, text, *, size=9.0, font="regular", anchor="start", fill="#000000"):
        if not self.inside and text.strip():
            self.log["text"].append((size * self.scale[-1], text))

    @contextmanager
    def group(self, *, translate=(0.0, 0.0), scale=1.0, rotate=0.0):
        self.scale.append(self.scale[-1] * scale)
        yield
        self.scale.pop()

    @contextmanager
    def clip(self, x, y, w, h):
        yield

    def define(self, name, width, height, draw):
        if name not in self.symbols:
            self.symbols[name] = width
            self.inside += 1
            draw(self)
            self.inside -= 1

    def place(self, name, x, y, *, scale=1.0):
        if name.startswith("tile-") and not self.inside:
            self.log["tiles"].append(self.symbols[name] * scale * self.scale[-1])


class _Pages(Surface):
    def __init__(self) -> None:
        self.pages: list[dict] = []

    @contextmanager
    def page(self, width, height, *, bleed=0.0):
        log: dict = {"text": [], "tiles": []}
        self.pages.append(log)
        yield _Recorder(log)

    def finish(self) -> bytes:
        return b""


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_sheet_is_one_page_of_puzzles_and_one_of_answers_legible(paper):
    from tilepress.publish.daily_page import sheet_document

    p = make_plan(default_spec(), paper=paper)
    for made in week():
        surface = _Pages()
        assert sheet_document(p, made.sheet, None).render(surface) == 2, made.sheet.day
        for side in surface.pages:
            assert min(size for size, _ in side["text"]) >= 6.0
        front, back = surface.pages
        assert min(front["tiles"]) >= 8.0 - 1e-9 and min(back["tiles"]) >= 8.0 - 1e-9
        words = " ".join(t for _, t in front["text"])
        assert f"No. {made.sheet.number}" in words and "January 2027" in words
        assert "--" not in words  # speaks to readers: no command-line flags


def test_the_front_is_filled():
    """The boxes on the front reach down to the bottom margin."""
    from tilepress.documents.layout import measure as height
    from tilepress.documents.layout import paginate
    from tilepress.publish.daily_page import sheet_document

    for made in week():
        document = sheet_document(plan(), made.sheet, None)
        pages, _ = paginate(document)
        frame = document.paper.height - 2 * document.margin
        used = max(top + height(block, document.paper.width - 2 * document.margin)
                   for top, block in pages[0].placed)
        assert used > frame - 8, made.sheet.day


def test_the_daily_command_has_help_with_an_example(cli):
    result = cli("daily", "--help")
    assert result.code == 0 and "Example: tilepress daily" in result.out


def test_the_american_puzzle_prints_the_card_hands_it_asks_about():
    """The sheet has no card of hands beside it, so it prints the hands to choose from:
    every hand the answer names, and others that are at least two tiles farther (so the
    answer is the only right one), each line drawn as the card prints it."""
    from tilepress.games.american import card as rules
    from tilepress.games.american.daily import american_choices
    from tilepress.games.american.puzzles import card_of, hand_of
    from tilepress.publish.daily_page import sheet_document

    for made in week():
        puzzle = next(p for p in PuzzleSet.from_json(made.puzzles).puzzles
                      if p.kind == "american")
        card, hand = card_of(puzzle.question), hand_of(puzzle)
        choices = american_choices(puzzle)
        named = [n["hand"] for n in puzzle.answer["nearest"]]
        assert set(named) <= {m.hand.id for m in choices} and len(choices) == 4
        best = puzzle.answer["nearest"][0]["need"]
        need = {m.hand.id: m.need for m in rules.nearest(card, hand, count=len(card.hands))}
        for m in choices:
            assert m.hand.id in named or need[m.hand.id] >= best + 2, m.hand.id
        surface = _Pages()
        sheet_document(plan(), made.sheet, None).render(surface)
        words = " ".join(t for _, t in surface.pages[0]["text"])
        for m in choices:  # each hand's groups are on the front, as the card prints them
            first = next(g for g in m.hand.variants[m.requirement.variant]
                         if not isinstance(g, str))
            assert first.symbols in words, (m.hand.id, first.symbols)
        back = " ".join(t for _, t in surface.pages[1]["text"])
        letters = dict(zip((m.hand.id for m in choices), "ABCD", strict=True))
        for hand_id in named:
            assert f"{letters[hand_id]}, {hand_id}" in back


def test_a_sheet_is_laid_out_for_a4_or_letter_only(cli, tmp_path):
    """A5 is a paper tilepress knows (booklets), but a daily sheet on it ran to 5 pages."""
    r = cli("daily", "2027-01-04", "--paper", "a5", "-o", tmp_path / "d.pdf")
    assert r.code == 2 and "choose a4 or letter" in r.err, r
    spec = tmp_path / "s.toml"
    spec.write_text('paper = "a3"\n' + TINY)
    r = cli("daily", "2027-01-04", "--spec", spec, "-o", tmp_path / "d.pdf")
    assert r.code == 2 and f"{spec}: paper must be a4 or letter" in r.err, r
    assert not (tmp_path / "d.pdf").exists()
