"""Daily sheets: the same bytes for the same day anywhere (one process, two, a Dask cluster),
another series another sheet, Monday easier than Sunday, no puzzle twice in a year (each day
drawn alone, as cheaply in December as in January), ranges that resume, outputs by name,
one line and exit 2 for every bad input, and a page a reader can use."""

from __future__ import annotations

import datetime as dt
import itertools
import json
import random
import socket
import time
from collections import Counter
from contextlib import contextmanager
from functools import cache

import pytest

from tilepress.batch import BatchOptions
from tilepress.draw.canvas import Canvas, Surface
from tilepress.errors import FileFormatError, RequestError
from tilepress.publish import daily, daily_draw
from tilepress.publish.daily import (
    default_spec,
    draw_day,
    make_day,
    make_plan,
    make_range,
    make_sheets,
    parse_daily_spec,
    parse_date,
)
from tilepress.puzzles.base import MIXED, Puzzle, PuzzleSet, verify_set
from tilepress.tiles import parse_tiles

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
"""A chain of fifteen possible hands (4 one-suit tiles, hard) drawn two a day: too few for
a year (365 days of two), so the first day already says so."""

YEAR = """
title = "A year"
start = 2027-01-01
[[puzzle]]
kind = "waits"
count = 2
tiles = 7
suits = "one"
difficulty = "easy"
[[puzzle]]
kind = "waits"
tiles = 7
suits = "mixed"
difficulty = "easy"
days = ["mon", "thu"]
"""
"""Two chains whose days would repeat puzzles if each were drawn on its own: 730 one-suit
hands of 7 tiles from the 836 easy ones (a listed chain: each day its slice of the list),
and 104 easy hands of 7 tiles from the whole set, a few thousand likely ones (a hashed
chain: each day keeps the kind's random hands that hash to it)."""


@cache
def plan(series: str | None = None, answers: str | None = None):
    return make_plan(default_spec(), series=series, answers=answers)


@cache
def week(answers: str | None = None) -> tuple:
    """The sheets of a week (Monday to Sunday), in this process."""
    return tuple(make_range(plan(answers=answers), *WEEK, options=ONE))


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
        daily.range_days(plan(), dt.date(2027, 1, 2), dt.date(2027, 1, 1))
    with pytest.raises(RequestError, match="the series starts on 2026-01-01: there is no sheet"):
        daily.range_days(plan(), dt.date(2025, 12, 31), dt.date(2026, 1, 2))
    with pytest.raises(RequestError, match="sheets go up to the end of 9998"):
        parse_date("9999-12-31")  # its next day would not exist
    assert parse_date("9998-12-31") == dt.date(9998, 12, 31)
    with pytest.raises(RequestError, match="holds 3,654 days; one run makes at most 3,653"):
        daily.range_days(plan(), dt.date(2027, 1, 1), dt.date(2027, 1, 1) + dt.timedelta(3653))


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
    two = make_range(plan(), *WEEK, options=BatchOptions(jobs=2, chunk_size=2))
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
    made = make_range(plan(), *WEEK, options=options)
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


# -- no repeats, each day alone -----------------------------------------------------------


def _canonical(hand: str) -> tuple:
    """A brute-force identity of a hand, written here: the least count vector over every
    relabelling the kinds count as the same puzzle (suits permuted, each suit read either
    way, winds permuted, dragons permuted)."""
    counts = [0] * 34
    for t in parse_tiles(hand):
        counts[t.kind] += 1
    suits = [counts[9 * k:9 * k + 9] for k in range(3)]
    best = None
    for order in itertools.permutations(range(3)):
        for flips in itertools.product((False, True), repeat=3):
            numbers = tuple(x for k, flip in zip(order, flips, strict=True)
                            for x in (suits[k][::-1] if flip else suits[k]))
            for winds in itertools.permutations(counts[27:31]):
                for dragons in itertools.permutations(counts[31:34]):
                    key = (*numbers, *winds, *dragons)
                    best = key if best is None or key < best else best
    return best


def _identity(kind: str, question: dict) -> object:
    """A stored puzzle's identity, worked out without the kind's code: brute force for
    hands of the standard set, the hand or the deal as written for the others."""
    if kind in ("waits", "discard"):
        return _canonical(question["hand"])
    if kind == "castle":
        return (question["castle"], question["tiles"])
    return question.get("tiles", question.get("hand"))


def test_a_year_of_one_series_repeats_no_puzzle_though_its_days_are_drawn_alone():
    year = make_plan(parse_daily_spec(YEAR, source="year.toml"))
    first, last = dt.date(2027, 1, 1), dt.date(2027, 12, 31)
    made = make_range(year, first, last, fmt="", options=ONE)
    assert [m.sheet.day for m in made] == list(daily.range_days(year, first, last))
    seen = Counter((index, p.kind, _identity(p.kind, p.question))
                   for m in made for index, puzzles in m.sheet.groups for p in puzzles)
    assert sum(seen.values()) == 2 * 365 + 104
    assert [k for k, n in seen.items() if n > 1] == []
    # ... which the partition does: the days drawn each from its own seed alone repeat
    alone = Counter()
    kind, params = daily_draw.find_kind("waits"), daily_draw.entry_params(year.spec, 0, 0)
    for day in (first + dt.timedelta(days=k) for k in range(365)):
        rng = daily_draw.entry_rng(year.series, day, 0, "waits")
        for found in daily_draw.draw_candidates(kind, params, 2, rng, asked="easy",
                                                tries=200, give_up=str):
            alone[_canonical(found.question["hand"])] += 1
    assert sum(n - 1 for n in alone.values()) > 100


def test_the_listed_and_the_hashed_share_of_a_day_are_its_own():
    year = make_plan(parse_daily_spec(YEAR, source="year.toml"))
    day = dt.date(2027, 7, 15)  # a Thursday
    listed_chain, hashed_chain = year.chain(0, day), year.chain(1, day)
    assert daily_draw.listed(year, hashed_chain) is None
    _, items = daily_draw.listed(year, listed_chain)
    assert len(items) == 836 == len(set(items))
    place = daily_draw.share(year, 0, day)
    assert (place.slot, place.slots, place.offset, place.demand, place.total) == (
        195, 365, 390, 2, 730)
    sets = draw_day(year, day)
    mine = items[place.offset:place.offset + place.demand]  # one item a puzzle: 836 // 730
    assert [_canonical(p.question["hand"]) for p in sets[0].puzzles] == \
        [_canonical("".join(str(r + 1) * n for r, n in enumerate(i)) + "m") for i in mine]
    key = daily_draw.home_key(year.series, hashed_chain)
    (identity,) = sets[1].identities
    assert daily_draw.share(year, 1, day).slots == 104
    assert daily_draw.home(key, identity, 104) == daily_draw.share(year, 1, day).slot == 55
    other = make_plan(year.spec, series="acme")
    assert daily_draw.listed(other, listed_chain)[1] != items  # each series its own order


def test_a_day_draws_only_its_own_puzzles_so_december_costs_what_january_does(monkeypatch):
    """Counting what is drawn: a day draws its own entries once, nothing of any other day,
    and the kinds make about as many attempts in the last week of the year as in the
    first (the counts are deterministic: the same seeds every run)."""
    drawn: list = []
    attempts = Counter()
    real_set = daily_draw.draw_set

    def counted_set(plan_, day, index, exclude=frozenset()):
        drawn.append((day, index))
        return real_set(plan_, day, index, exclude)

    def counted(method):
        def attempt(*args, **kwargs):
            attempts[drawn[-1][0].month] += 1
            return method(*args, **kwargs)
        return attempt

    monkeypatch.setattr(daily_draw, "draw_set", counted_set)
    for name in ("waits", "discard", "minttin", "american", "solitaire", "castle"):
        kind = daily_draw.find_kind(name)
        for method in ("generate", "decoy", "from_listing"):
            monkeypatch.setattr(kind, method, counted(getattr(kind, method)))
    monkeypatch.setattr(daily, "_MEMO", {})
    for day in (dt.date(2027, 12, 31), dt.date(2027, 1, 1)):
        drawn.clear()
        make_day(plan(), day, fmt="", options=ONE)
        assert drawn == [(day, i) for i in plan().entries_on(day)]
    attempts.clear()
    for first in (dt.date(2027, 1, 1), dt.date(2027, 12, 25)):
        for k in range(7):
            draw_day(plan(), first + dt.timedelta(days=k))
    assert attempts[12] <= 1.5 * attempts[1], attempts


def test_a_request_too_small_for_its_year_says_so_in_one_line():
    tiny = make_plan(parse_daily_spec(TINY, source="tiny.toml"))
    with pytest.raises(RequestError) as caught:
        make_day(tiny, dt.date(2027, 1, 1), fmt="", options=ONE)
    message = str(caught.value)
    assert message == ("2027-01-01: tiny.toml: puzzle 1 (waits): a year of these sheets asks "
                       "for 730 hard waits puzzles (tiles=4, suits=one, difficulty=hard, "
                       "suit=any), "
                       "and there are only 15 different ones: ask for fewer, or vary the "
                       "options by weekday"), message


def test_a_day_that_fails_is_named_and_the_others_are_made(monkeypatch):
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
        for made in make_sheets(plan(), daily.range_days(plan(), *WEEK), options=ONE, fmt=""):
            got.append(made.sheet.day)
    assert got == [d for d in daily.range_days(plan(), *WEEK) if d != dt.date(2027, 1, 6)]
    assert "daily 2027-01-06 (RuntimeError: the printer is on fire)" in str(caught.value)


def test_a_difficulty_a_kind_does_not_reach_is_named_after_a_bounded_number_of_tries(
        monkeypatch):
    from types import SimpleNamespace

    calls = []

    def generate(params, rng, keep=None):  # a kind whose every puzzle is new and easy
        calls.append(1)
        return SimpleNamespace(identity=len(calls), grade=SimpleNamespace(difficulty="easy"))

    flat = SimpleNamespace(name="waits", misses_in_a_row=5, decoys_wanted=lambda p: 0,
                           generate=generate, decoy=generate, listing=lambda p: None)
    monkeypatch.setattr(daily_draw, "find_kind", lambda name: flat)
    spec = parse_daily_spec('[[puzzle]]\nkind = "waits"\ntiles = 13\nsuits = "mixed"\n'
                            'difficulty = "hard"\n', source="flat.toml")
    with pytest.raises(RequestError, match=r"2027-01-04: flat.toml: puzzle 1 \(waits\): found "
                       r"only 0 of 1 hard waits puzzles .* in this day's share of the "
                       r"year's \(365 days"):
        daily_draw.draw_entry(make_plan(spec), MONDAY, 0)
    assert len(calls) == daily_draw.MIN_TRIES * 365


@pytest.mark.parametrize("name, options", [
    ("waits", {"tiles": 10, "suits": "mixed", "difficulty": "any", "decoys": 1}),
    ("waits", {"tiles": 7, "suits": "one", "difficulty": "any"}),
    ("discard", {"tiles": 7, "suits": "one", "difficulty": "any"}),
    ("minttin", {"difficulty": "any"}), ("minttin-discard", {"difficulty": "any"}),
    ("american", {"difficulty": "any"}), ("solitaire", {"layout": "mini", "difficulty": "any"}),
    ("castle", {"players": 2, "tiles": 28, "floors": 2, "difficulty": "any"}),
])
def test_every_kind_gives_only_what_keep_takes(name, options):
    """A day keeps one puzzle in N by its identity; a kind asked with ``keep`` gives no
    other (solitaire and castle exchange faces until one is taken), each a sound puzzle."""
    from tilepress.games import find_kind
    from tilepress.params import parse_params

    kind = find_kind(name)
    params = parse_params(kind.params_type, options, where="test")
    key = daily_draw.home_key("test", (2027, name))
    asked: list = []

    def keep(identity):
        asked.append(identity)
        return daily_draw.home(key, identity, 5) == 3

    rng, found = random.Random(7), []
    for _ in range(400):
        make = kind.decoy if len(found) == 1 and kind.decoys_wanted(params) else kind.generate
        candidate = make(params, rng, keep)
        if candidate is not None:
            found.append(candidate)
        if len(found) == 2:
            break
    assert len(found) == 2 and len(asked) > 2
    for candidate in found:
        assert daily_draw.home(key, candidate.identity, 5) == 3
    puzzles = tuple(Puzzle(f"p{k}", c.grade.difficulty, dict(c.question), dict(c.answer),
                           c.grade.as_dict()) for k, c in enumerate(found))
    assert verify_set(PuzzleSet(name, {}, puzzles), kind) == []


def test_the_lists_of_one_suit_hands_are_cached_on_disk_and_built_again_when_damaged(
        tmp_path, monkeypatch):
    from tilepress.games.standard import puzzles as standard_puzzles

    monkeypatch.setenv("TILEPRESS_CACHE_DIR", str(tmp_path))
    pools = standard_puzzles._one_suit_pool, standard_puzzles._one_suit_discards
    built = [pool.__wrapped__(size) for pool, size in zip(pools, (7, 5), strict=True)]
    assert sorted(p.name for p in tmp_path.glob("one-suit-*")) == [
        "one-suit-discard-5.bin", "one-suit-waits-7.bin"]
    read = [pool.__wrapped__(size) for pool, size in zip(pools, (7, 5), strict=True)]
    assert read == built and len(built[0]) == 1210 and len(built[1]) == 245
    assert sum(1 for _, level, _ in built[0] if level == "easy") == 836
    damaged = tmp_path / "one-suit-waits-7.bin"
    damaged.write_bytes(damaged.read_bytes()[:-5])
    assert standard_puzzles._one_suit_pool.__wrapped__(7) == built[0]
    monkeypatch.setenv("TILEPRESS_CACHE_DIR", "")  # no cache at all: built, the same
    assert standard_puzzles._one_suit_discards.__wrapped__(5) == built[1]


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


def test_every_kinds_identity_has_the_same_text_in_every_process():
    """The hash that gives each puzzle its day reads an identity's repr: tuples, text,
    whole numbers and nothing whose repr could change (a set's order, an address)."""
    def plain(x):
        return isinstance(x, str | int) or (isinstance(x, tuple) and all(map(plain, x)))

    kinds = set()
    for made in week():
        for s in made.sets:
            kinds.add(plan().spec.entries[s.index].kind)
            assert all(plain(i) for i in s.identities), s.identities
    assert kinds == {"waits", "discard", "minttin", "american", "solitaire", "castle"}


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
    assert result.out.startswith("wrote 7 daily sheets (2027-01-04 to 2027-01-10: DATE.pdf "
                                 "and DATE.json each, and all of them in one PDF) to "), result
    pdfs = sorted(p.name for p in folder.glob("2027-01-??.pdf"))
    assert pdfs == [f"2027-01-{d:02d}.pdf" for d in range(4, 11)]
    assert len(list(folder.glob("2027-*.json"))) == 7
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


def _files(folder) -> dict:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.mark.parametrize("answers", ["back", "next-day"])
def test_a_range_stopped_half_way_goes_on_where_it_stopped(tmp_path, monkeypatch, answers):
    """Each finished day is written whole and recorded; the same command again makes only
    the missing days, and the folder is byte for byte the one an unbroken run writes
    (the combined PDF too, its kept days read back from their puzzle files)."""
    p = make_plan(default_spec(), answers=answers)
    first, last = dt.date(2027, 1, 4), dt.date(2027, 1, 9)
    whole = tmp_path / "whole"
    report = daily.write_range(p, first, last, whole, combined=True, options=ONE)
    assert (report.sheets, report.kept) == (6, 0)

    stopped = tmp_path / "stopped"
    made_days: list = []
    real = daily.make_made

    def interrupted(plan_, day, fmt="pdf", *, dpi=150):
        if len(made_days) == 3:
            raise KeyboardInterrupt  # Ctrl-C while the fourth day is drawn
        made_days.append(day)
        return real(plan_, day, fmt, dpi=dpi)

    monkeypatch.setattr(daily, "make_made", interrupted)
    with pytest.raises(KeyboardInterrupt):
        daily.write_range(p, first, last, stopped, combined=True, options=ONE)
    kept = _files(stopped)
    assert sorted(kept) == [".tilepress-daily.json", *[f"2027-01-0{d}.{x}" for d in (4, 5, 6)
                                                       for x in ("json", "pdf")]]
    assert all(kept[name] == (whole / name).read_bytes() for name in kept
               if not name.startswith("."))  # every day written whole
    monkeypatch.setattr(daily, "make_made", real)
    calls: list = []
    again = daily.write_range(p, first, last, stopped, combined=True, options=ONE,
                              progress=lambda done, total: calls.append((done, total)))
    assert (again.sheets, again.kept) == (3, 3)
    assert calls[0] == (0, 3) and calls[-1] == (3, 3)  # the bar counts the sheets to make
    assert _files(stopped) == _files(whole)
    third = daily.write_range(p, first, last, stopped, resume=True, options=ONE)
    assert (third.sheets, third.kept) == (0, 6)


def test_a_day_changed_or_made_otherwise_is_made_again(cli, tmp_path):
    folder = tmp_path / "d"
    assert cli("daily", "--from", "2027-01-04", "--to", "2027-01-05", "-o", folder,
               "--jobs", "1").code == 0
    before = _files(folder)
    (folder / "2027-01-05.pdf").write_bytes(b"scribbled on")
    refused = cli("daily", "--from", "2027-01-04", "--to", "2027-01-05", "-o", folder,
                  "--jobs", "1", "--resume")  # no longer tilepress's file: not replaced
    _one_line_exit_2(refused, "2027-01-05.pdf' is not a file tilepress wrote")
    assert (folder / "2027-01-05.pdf").read_bytes() == b"scribbled on"
    result = cli("daily", "--from", "2027-01-04", "--to", "2027-01-05", "-o", folder,
                 "--jobs", "1", "--resume", "--force")
    assert result.code == 0 and "; kept 1 daily sheet already written in " in result.out, \
        result
    assert _files(folder) == before
    other = cli("daily", "--from", "2027-01-04", "--to", "2027-01-05", "-o", folder,
                "--jobs", "1", "--resume", "--paper", "letter")
    _one_line_exit_2(other, "nothing to resume in")
    fresh = cli("daily", "--from", "2027-01-04", "--to", "2027-01-05", "-o", folder,
                "--jobs", "1", "--paper", "letter")
    assert fresh.code == 0 and "kept" not in fresh.out, fresh
    assert _files(folder)["2027-01-04.pdf"] != before["2027-01-04.pdf"]


def test_a_range_into_one_pdf_is_the_combined_document(cli, tmp_path):
    from pypdf import PdfReader

    result = cli("daily", "--from", "2027-01-04", "--to", "2027-01-06", "-o",
                 tmp_path / "out" / "jan.pdf", "--jobs", "1")
    assert result.code == 0 and "wrote 3 daily sheets (2027-01-04 to 2027-01-06) in one PDF" \
        in result.out, result
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["jan.pdf"]
    reader = PdfReader(tmp_path / "out" / "jan.pdf")
    assert len(reader.pages) == 6
    assert [o.title for o in reader.outline if not isinstance(o, list)] == [
        "No. 369, Monday 4 January 2027", "No. 370, Tuesday 5 January 2027",
        "No. 371, Wednesday 6 January 2027"]


@pytest.mark.parametrize("name", ["april.png", "april.svg", "april.json"])
def test_a_range_to_a_single_image_or_puzzle_file_is_refused(cli, tmp_path, name):
    result = cli("daily", "--from", "2027-04-01", "--to", "2027-04-03", "-o",
                 tmp_path / "out" / name)
    _one_line_exit_2(result, "a range of sheets cannot go into one")
    assert list(tmp_path.iterdir()) == []


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_a_sheet_as_png_is_a_picture_per_page_at_the_dpi_asked(cli, tmp_path):
    result = cli("daily", "2027-01-04", "-o", tmp_path / "d.png", "--dpi", "60", "--jobs", "1")
    assert result.code == 0 and "(a file per page)" in result.out, result
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d-2.png", "d.png"]
    for page in ("d.png", "d-2.png"):  # A4 at 60 dpi: 210 x 297 mm, 496.1 x 701.6 dots
        across, down = _png_size((tmp_path / page).read_bytes())
        assert abs(across - 496) <= 1 and abs(down - 702) <= 1
    from PIL import Image

    with Image.open(tmp_path / "d.png") as image:
        assert round(image.info["dpi"][0]) == 60
        grey = image.convert("L")
        assert grey.getextrema()[0] < 60  # ink on the page, not a blank picture


def test_a_sheet_as_svg_is_one_file_per_page(cli, tmp_path):
    result = cli("daily", "2027-01-04", "-o", tmp_path / "d.svg", "--jobs", "1")
    assert result.code == 0, result
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d-2.svg", "d.svg"]
    for page in ("d.svg", "d-2.svg"):
        text = (tmp_path / page).read_text()
        assert 'width="210mm"' in text and 'height="297mm"' in text, text[:300]


def test_a_range_into_a_folder_as_png_or_svg_is_a_file_per_page_of_each_day(cli, tmp_path):
    result = cli("daily", "--from", "2027-01-04", "--to", "2027-01-05", "-o",
                 f"{tmp_path / 'week'}/", "--format", "png", "--dpi", "40", "--jobs", "1")
    assert result.code == 0 and "a PNG per page at 40 dpi" in result.out, result
    assert sorted(p.name for p in (tmp_path / "week").iterdir()) == [
        ".tilepress-daily.json", "2027-01-04-2.png", "2027-01-04.json", "2027-01-04.png",
        "2027-01-05-2.png", "2027-01-05.json", "2027-01-05.png"]
    one = cli("daily", "2027-01-04", "-o", tmp_path / "one", "--format", "svg", "--jobs", "1")
    assert one.code == 0, one
    assert sorted(p.name for p in (tmp_path / "one").iterdir()) == [
        ".tilepress-daily.json", "2027-01-04-2.svg", "2027-01-04.json", "2027-01-04.svg"]


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
    (["daily", "2027-03-01", "-o", "sheet.tiff"], "cannot tell what to write to 'sheet.tiff'"),
    (["daily", "2027-03-01", "-o", "d.pdf", "--format", "png"], "--format is for a folder"),
    (["daily", "2027-03-01", "--format", "gif"], "--format must be pdf, svg, png, not 'gif'"),
    (["daily", "2027-03-01", "--dpi", "5000"], "--dpi must be a whole number from 36 to 1200"),
    (["daily", "2027-03-01", "-o", "d.pdf", "--resume"], "--resume is for a range into a"),
    (["daily", "2027-03-01", "--combined"], "--combined is for a range"),
    (["daily", "2027-03-01", "-o", "out/", "--resume"], "nothing to resume in 'out'"),
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
        front, back = surface.pages
        assert min(size for size, _ in back["text"]) >= 6.0
        assert min(size for size, _ in front["text"]) >= 6.5  # instructions 7.5 pt or more
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


def _sides(plan_, made) -> tuple[str, str, list]:
    from tilepress.publish.daily_page import sheet_document

    surface = _Pages()
    sheet_document(plan_, made.sheet, made.previous).render(surface)
    front, back = surface.pages
    return (" ".join(t for _, t in front["text"]), " ".join(t for _, t in back["text"]),
            surface.pages)


def test_the_answers_speak_in_words_not_in_a_calculators_shorthand():
    """No MPSZ notation (456p), no reading written as tiles (999s 88s 35s (closed)), no
    card variables (a=Craks, x=4) on the back: tiles by name, hands read in words."""
    import re

    waits_said = 0
    for made in week():
        _, back, _ = _sides(plan(), made)
        assert not re.search(r"\b[0-9]+[mpszfj]\b", back), back
        for shorthand in ("(closed)", "(two-sided)", "(edge)", "(single)", "a=", "x="):
            assert shorthand not in back, (shorthand, back)
        waits_said += back.count("Read it as")
        assert "Discard the " in back or "The hand is" in back
    assert waits_said == 14  # two hands a day, each read in words


def test_a_reading_in_words_names_every_set_and_the_shape_that_waits():
    from tilepress.engine import standard
    from tilepress.games.standard.daily import reading_words, say_tiles

    assert say_tiles(parse_tiles("369s5p1z")) == "5 Dots, 3, 6 and 9 Bamboo and East Wind"
    said = {reading_words(r) for r in standard.readings(parse_tiles("999s88s35s"))}
    assert "9 Bamboo ×3, 8 Bamboo ×2 and 3 and 5 Bamboo, open in the middle (for 4 Bamboo)" \
        in said
    said = {reading_words(r) for r in standard.readings(parse_tiles("234m11s44s"))}
    assert any("the pairs of 1 and 4 Bamboo, either to make three" in w for w in said), said


def test_the_tiles_by_name_show_the_suits_the_sheet_uses_in_a_sixth_of_the_page():
    from tilepress.documents.daily_blocks import MARGIN
    from tilepress.draw.canvas import find_paper
    from tilepress.publish.daily_page import tiles_legend

    for paper in ("a4", "letter"):
        page = find_paper(paper)
        for made in week():
            legend = tiles_legend([made.sheet], page.width - 2 * MARGIN)
            assert legend is not None and legend.height <= page.height / 6, made.sheet.day
    one = make_plan(parse_daily_spec('[[puzzle]]\nkind = "waits"\ntiles = 7\nsuits = "one"\n'
                                     'suit = "p"\ndifficulty = "easy"\n', source="one.toml"))
    made = make_day(one, MONDAY, fmt="", options=ONE)
    _, back, _ = _sides(one, made)
    assert "The tiles by name" in back and "Dots" in back
    for absent in ("Characters", "Bamboo", "Winds", "Joker", "Flowers", "Red fives"):
        assert absent not in back, absent


def test_the_strap_and_the_boxes_agree_on_the_difficulty():
    from tilepress.publish.daily_page import level_words

    for made in week():
        front, _, _ = _sides(plan(), made)
        badges = {p.difficulty for p in made.sheet.puzzles}
        words = level_words(made.sheet)
        assert f"{daily.WEEKDAYS[made.sheet.day.weekday()]}: {words}" in front
        assert set(words.replace(" and ", " ").replace(" to ", " ").split()) <= badges
    sunday = week()[6].sheet
    assert level_words(sunday) == "hard and expert"  # the mini layout has no expert deals


SIGNED = """
title = "The Tuesday Tile"
byline = "Puzzles by A. N. Setter"
copyright = "(c) 2027 Example Press, all rights reserved"
yesterday = true
start = 2027-01-04
[[puzzle]]
kind = "waits"
tiles = 7
suits = "one"
difficulty = "easy"
[[puzzle]]
kind = "minttin"
difficulty = "easy"
[[puzzle]]
kind = "solitaire"
layout = "mini"
difficulty = "easy"
"""


def test_a_series_spec_gives_the_byline_the_copyright_and_yesterdays_answers(cli, tmp_path):
    signed = make_plan(parse_daily_spec(SIGNED, source="signed.toml"))
    first, second = make_range(signed, dt.date(2027, 1, 4), dt.date(2027, 1, 5), fmt="",
                               options=ONE)
    assert first.previous is None and second.previous.day == dt.date(2027, 1, 4)
    front, back, _ = _sides(signed, second)
    assert "Puzzles by A. N. Setter" in front and "on the back, with yesterday's" in front
    assert back.rstrip().endswith("(c) 2027 Example Press, all rights reserved")
    assert "Yesterday's answers" in back and "No. 1, Monday 4 January 2027" in back
    assert "1. Find the wait: 1 wait: " in back
    assert "2. Mint Tin Mahjong: complete the hand: 1 card completes the hand: " in back
    assert "on the back of yesterday's sheet" in back  # a layout's answer is its picture
    front, back, _ = _sides(signed, first)  # the first sheet has no yesterday
    assert "Yesterday's answers" not in back and "yesterday's" not in front
    plain = make_plan(signed.spec, yesterday=False)
    assert "Yesterday's answers" not in _sides(plain, second)[1]
    spec = tmp_path / "signed.toml"
    spec.write_text(SIGNED)
    result = cli("daily", "2027-01-05", "--spec", spec, "--no-yesterday", "-o",
                 tmp_path / "d.pdf", "--jobs", "1")
    assert result.code == 0, result
    from pypdf import PdfReader

    text = PdfReader(tmp_path / "d.pdf").pages[1].extract_text()
    assert "Example Press" in text and "Yesterday" not in text


@pytest.mark.parametrize("text, words", [
    ('byline = 5\n[[puzzle]]\nkind = "waits"', "byline must be one line of text"),
    (f'copyright = "{"x" * 121}"\n[[puzzle]]\nkind = "waits"', "copyright must be one line"),
    ('yesterday = "yes"\n[[puzzle]]\nkind = "waits"', "yesterday must be true or false"),
])
def test_a_bad_byline_copyright_or_yesterday_is_named(text, words):
    with pytest.raises(FileFormatError, match=words):
        parse_daily_spec(text, source="my.toml")


def test_a_front_that_cannot_fit_is_an_error_not_smaller_type():
    crowded = make_plan(parse_daily_spec(
        '[[puzzle]]\nkind = "american"\ncount = 6\ndifficulty = "easy"\n', source="c.toml"))
    with pytest.raises(RequestError, match=r"2027-01-04: the day's puzzles do not fit on one "
                       r"page of a4 paper, even with 7.5 pt type"):
        make_day(crowded, MONDAY, options=ONE)
