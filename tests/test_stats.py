"""Balance reports: the statistics against independent computations, game records, the
same figures for any number of workers, the comparison of two rule sets, rows for
analysts, the report's pages, and bad input."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from drawn import probe
from hypothesis import given, settings
from hypothesis import strategies as st

from tilepress.batch import BatchOptions, task_seed
from tilepress.engine.record import GameRecord, lead_history
from tilepress.games import find_game
from tilepress.publish.stats import StatsRun, run_stats
from tilepress.publish.stats.measures import (
    Moments,
    beta_inc,
    holm,
    normal_cdf,
    t_quantile,
    t_sf2,
    two_proportions,
    welch,
    wilson,
)
from tilepress.publish.stats.records import generic_record, recorder, result_winners
from tilepress.publish.stats.tally import Tally

QUICK = {"hands": 1}  # One suit games of one hand: hundreds a second


def quick_run(games: int = 120, jobs: int = 1, **kw) -> dict:
    return run_stats(StatsRun("onesuit", QUICK, {}, games, 7, batch=BatchOptions(jobs=jobs),
                              **kw))


# -- the statistics, against independent computations ------------------------------------


def _t_tail_by_simpson(t: float, df: float, steps: int = 20_000) -> float:
    """Two-sided tail of Student's t by integrating its density (Simpson's rule)."""
    c = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)

    def density(x: float) -> float:
        return c * (1 + x * x / df) ** (-(df + 1) / 2)

    h = t / steps
    total = density(0) + density(t) + sum((4 if k % 2 else 2) * density(k * h)
                                          for k in range(1, steps))
    return 1 - 2 * total * h / 3


@pytest.mark.parametrize(("t", "df"), [(2.0, 10), (2.228139, 10), (1.0, 3), (3.5, 25.5),
                                       (0.3, 1)])
def test_student_t_tail_matches_integrated_density(t, df):
    assert t_sf2(t, df) == pytest.approx(_t_tail_by_simpson(t, df), abs=1e-7)


def test_known_quantiles_and_normal():
    assert t_quantile(0.975, 10) == pytest.approx(2.228139, abs=1e-5)  # printed tables
    assert t_quantile(0.975, 1) == pytest.approx(12.7062, abs=1e-3)
    assert t_quantile(0.975, 30) == pytest.approx(2.0423, abs=1e-4)
    assert normal_cdf(1.959963984540054) == pytest.approx(0.975, abs=1e-12)
    assert beta_inc(2, 3, 0.4) == pytest.approx(0.5248, abs=1e-12)  # 1 - sum of binomials


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 500), st.data())
def test_wilson_bounds_solve_the_score_equation(n, data):
    """The Wilson bounds are the roots of (p_hat - p)^2 = z^2 p (1 - p) / n."""
    x = data.draw(st.integers(0, n))
    z = 1.959963984540054
    p_hat = x / n
    a = 1 + z * z / n
    b = -(2 * p_hat + z * z / n)
    c = p_hat * p_hat
    root = math.sqrt(max(b * b - 4 * a * c, 0))
    low, high = (-b - root) / (2 * a), (-b + root) / (2 * a)
    got = wilson(x, n)
    assert got.low == pytest.approx(max(0, low), abs=1e-9)
    assert got.high == pytest.approx(min(1, high), abs=1e-9)
    assert got.low <= p_hat <= got.high


def test_two_proportions_and_welch_by_hand():
    test = two_proportions(45, 100, 60, 100)  # pooled 0.525; se 0.070622; z 2.1240
    assert test.statistic == pytest.approx(2.1240, abs=1e-4)
    assert test.p == pytest.approx(0.03367, abs=1e-4)
    a, b = Moments.of_sums(4, 10, 30), Moments.of_sums(5, 30, 220)  # 1..4 and 2,4,..,10
    w = welch(a, b)
    se = math.sqrt(a.variance / 4 + b.variance / 5)
    df = se ** 4 / ((a.variance / 4) ** 2 / 3 + (b.variance / 5) ** 2 / 4)
    assert w.statistic == pytest.approx(3.5 / se)
    assert w.p == pytest.approx(_t_tail_by_simpson(3.5 / se, df), abs=1e-6)
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])


def test_lead_history():
    lead = lead_history([(1, 0), (1, 2), (3, 2), (5, 2)], winner=0)
    assert (lead.changes, lead.decided_at) == (2, 0.75)
    assert lead_history([(0, 0), (2, 2)], winner=None) == lead_history([(0, 0)], None)


# -- records ------------------------------------------------------------------------------


def test_runner_record_is_picked_up_and_generic_reads_any_log():
    onesuit, castle = find_game("onesuit"), find_game("castle")
    assert recorder(onesuit) == onesuit.record
    assert onesuit.record.__func__ is not generic_record
    log = castle.play(castle.options_from({"players": 3}), castle.play_options_from(
        {"bots": "random"}), 4)
    record = generic_record(log)
    assert len(record.sides) == 3 and record.scores == tuple(log.result["scores"])
    assert list(record.winners) == log.result["winners"]
    assert record.turns == log.result["turns"] and record.wins  # groups by tile type
    assert result_winners({"winner": None, "scores": [0, 0]}, (0, 0)) == ()
    assert result_winners({"winner": 0}, (3, 1)) == (0,)  # a 0 means seats count from 0


def test_onesuit_record_adds_up():
    game = find_game("onesuit")
    log = game.play(game.options_from({}), game.play_options_from({}), 3)
    record = game.record(log)
    assert record.rounds == 4 == sum(c for _, c in record.round_ends)
    assert record.scores == tuple(log.result["scores"])
    assert len(record.wins) == record.rounds - record.rounds_without_winner


# -- the figures --------------------------------------------------------------------------


def test_same_figures_with_one_or_two_workers():
    one, two = quick_run(jobs=1), quick_run(jobs=2)
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)


def test_win_rates_and_nobody_sum_to_one_with_intervals():
    data = run_stats(StatsRun("castle", {"players": 2}, {"bots": "random"}, 60, 3,
                              batch=BatchOptions(jobs=1)))
    summary = data["runs"][0]["summary"]
    assert sum(r["rate"] for r in summary["win_rate"]) + summary["no_winner"]["rate"] \
        == pytest.approx(1.0)
    assert all(r["low"] <= r["rate"] <= r["high"] for r in summary["win_rate"])
    assert summary["patterns"] and summary["metrics"]["balance"] is not None


def test_comparison_finds_a_real_change_and_none_against_itself():
    changed = quick_run(80, against={"scoring": "simple"})["comparison"]
    assert any(d["significant"] and d["measure"].startswith("score") for d in changed)
    same = quick_run(80, against={"scoring": "naming"})["comparison"]
    assert same and not any(d["significant"] for d in same)


def test_one_player_has_scores_but_no_winners():
    data = run_stats(StatsRun("oneplayer", {}, {"bots": "greedy"}, 6, 1,
                              batch=BatchOptions(jobs=1)))
    summary = data["runs"][0]["summary"]
    assert summary["win_rate"] is None and summary["metrics"]["balance"] is None
    assert sum(p["count"] for p in summary["patterns"]) == 60  # ten lines a game


def test_tally_counts_actions_first_seen_late():
    tally = Tally()
    for actions in ((), (("kan", 2),), ()):
        tally.add(GameRecord(("a", "b"), (1, 0), (0,), 5, actions=actions))
    kan = tally.summary()["actions"][0]
    assert (kan["n"], kan["mean"], kan["games_with"]["count"]) == (3, pytest.approx(2 / 3), 1)


def test_report_pages_are_readable():
    from tilepress.draw.canvas import PAPERS
    from tilepress.publish.stats.report import report_document

    pages = probe(report_document(quick_run(60, against={"scoring": "simple"}), PAPERS["a4"]))
    assert len(pages) >= 4
    for page in pages:
        assert min((t.size for t in page.texts), default=9) >= 6
        assert all(0 <= t.x <= page.width and 0 <= t.y <= page.height for t in page.texts)
    assert "Balance" in " ".join(t.text for t in pages[1].texts)
    assert sum(len(p.shapes) for p in pages) > 100  # bars, whiskers, grid lines


def _headings(data: dict) -> list[str]:
    from tilepress.documents.model import Heading
    from tilepress.draw.canvas import PAPERS
    from tilepress.publish.stats.report import report_document

    return [b.text for b in report_document(data, PAPERS["a4"]).blocks
            if isinstance(b, Heading)]


def test_games_of_one_round_tell_their_ends_once():
    one = _headings(quick_run(30))  # one hand a game: a round's end is the game's end
    assert "How rounds end" not in one
    assert one.count("How games end") == 2  # the chart and the table
    two = _headings(run_stats(StatsRun("onesuit", {"hands": 2}, {}, 30, 7)))
    # every game ends after its two hands: a table of one line at 100% says nothing
    assert two.count("How rounds end") == 2 and two.count("How games end") == 0


# -- the command --------------------------------------------------------------------------


def test_cli_writes_report_json_and_rows(cli, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "r.pdf"
    result = cli("stats", "onesuit", "--hands", "1", "--games", "40", "--jobs", "1", "-o", out,
                 "--rows", tmp_path / "rows.parquet", "--against", "--scoring simple")
    assert result.code == 0, result
    assert out.read_bytes().startswith(b"%PDF")
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["format"] == "tilepress-stats" and len(data["runs"]) == 2
    table = pq.read_table(tmp_path / "rows.parquet")
    assert table.num_rows == 80
    assert table.column("seed").to_pylist()[:2] == [task_seed(1, 0), task_seed(1, 1)]
    csv = tmp_path / "rows.csv"
    assert cli("stats", "onesuit", "--hands", "1", "--games", "30", "--jobs", "1", "-o",
               tmp_path / "s.svg", "--rows", csv).code == 0
    assert len(csv.read_text().splitlines()) == 31 and (tmp_path / "s.json").exists()


@pytest.mark.parametrize(("args", "words"), [
    (("nosuch",), "No such command"),
    (("onesuit", "--tiles", "8"), "tiles"),
    (("onesuit", "--bots", "nobody"), "unknown bot"),
    (("onesuit", "--games", "0"), "number of games"),
    (("onesuit", "--rows", "{tmp}/rows.txt"), ".parquet or .csv"),
    (("onesuit", "--rows", "{tmp}/file/rows.csv"), "is a file, not a folder"),
    (("onesuit", "--against", "--nonsense 3"), "unknown option"),
    (("onesuit", "--against", "--tiles 5"), "tiles"),
    (("onesuit", "--against", "{tmp}/none.toml"), "does not exist"),
    (("onesuit", "--jobs", "0"), "jobs"),
    (("onesuit", "-o", "{tmp}/r.txt"), "must end in"),
])
def test_bad_input_is_one_line_and_writes_nothing(cli, tmp_path, args, words):
    (tmp_path / "file").write_text("a file, not a folder")
    out = tmp_path / "report.pdf"
    args = tuple(a.format(tmp=tmp_path) for a in args)
    result = cli("stats", *args[:1], "--games", "3", "--hands", "1", "-o", out, *args[1:])
    assert result.code == 2, result
    assert len(result.err.strip().splitlines()) == 1 and words in result.err
    assert sorted(p.name for p in Path(tmp_path).iterdir()) == ["file"]


def test_parquet_without_pyarrow_is_one_line(cli, tmp_path, monkeypatch):
    monkeypatch.setitem(__import__("sys").modules, "pyarrow", None)
    result = cli("stats", "onesuit", "--games", "3", "-o", tmp_path / "r.pdf", "--rows",
                 tmp_path / "rows.parquet")
    assert result.code == 2 and "pip install 'tilepress[parquet]'" in result.err
    assert list(tmp_path.iterdir()) == []


def test_a_run_against_fewer_seats_reports_both():
    """Run B with fewer players than run A (castle --against "--players 2"): the tables
    give run B's missing seats as "-", and the whole report is drawn."""
    from tilepress.publish.stats.report import report_document

    data = run_stats(StatsRun("castle", {}, {}, 3, 7, batch=BatchOptions(jobs=1),
                              against={"players": 2}))
    assert [len(r["summary"]["sides"]) for r in data["runs"]] == [4, 2]
    from tilepress.draw.canvas import PAPERS

    pages = probe(report_document(data, PAPERS["a4"]))
    words = " ".join(t.text for page in pages for t in page.texts)
    assert "seat 3" in words and "seat 4" in words


def test_an_error_in_run_b_names_against(cli, tmp_path):
    r = cli("stats", "minttin", "--games", "2", "--against", "--target 9",
            "-o", tmp_path / "r.pdf")
    assert r.code == 2 and "--against: target must be one of 7, 14" in r.err, r
    options = tmp_path / "b.toml"
    options.write_text("bogus = 1\n")
    r = cli("stats", "minttin", "--games", "2", "--against", options, "-o", tmp_path / "r.pdf")
    assert r.code == 2 and "--against: unknown option 'bogus'" in r.err, r
    assert not (tmp_path / "r.pdf").exists()


def test_rows_under_a_file_are_refused_naming_the_file(cli, tmp_path):
    (tmp_path / "keep.pdf").write_text("a user's file")
    r = cli("stats", "castle", "--games", "2", "--rows", tmp_path / "keep.pdf" / "r.csv",
            "-o", tmp_path / "r.pdf")
    assert r.code == 2 and "keep.pdf' is a file, not a folder" in r.err, r
    assert (tmp_path / "keep.pdf").read_text() == "a user's file"
    assert not (tmp_path / "r.pdf").exists()


def test_a_card_file_that_cannot_be_read_stops_before_the_games(cli, tmp_path):
    for args in (("--card", "nosuch"), ("--against", "--card nosuch")):
        r = cli("stats", "american", "--games", "2", *args, "-o", tmp_path / "r.pdf")
        assert r.code == 2 and "card file 'nosuch' does not exist" in r.err, r
        assert "game 0" not in r.err and r.err.count("\n") == 1  # not once per game


def test_rows_files_explain_themselves(cli, tmp_path):
    """Parquet rows carry key/value metadata, CSV rows a CSV-on-the-Web sidecar with the
    same facts and every column's type; seats count from 0 (a winner indexes the top
    score); docs/formats.md names every column."""
    import csv as csvlib

    from tilepress import __version__
    from tilepress.publish.stats.rows import COLUMNS, NULLABLE

    pq = pytest.importorskip("pyarrow.parquet")
    args = ("stats", "onesuit", "--hands", "2", "--games", "12", "--seed", "9", "--jobs", "1",
            "--against", "--scoring simple")
    assert cli(*args, "-o", tmp_path / "r.pdf", "--rows", tmp_path / "rows.parquet").code == 0
    about = {k.decode(): v.decode()
             for k, v in pq.read_schema(tmp_path / "rows.parquet").metadata.items()}
    options = json.loads(about.pop("tilepress.options"))
    assert about == {"tilepress.version": __version__, "tilepress.rows": "2",
                     "tilepress.game": "onesuit", "tilepress.games": "12", "tilepress.seed": "9"}
    assert options["A"]["hands"] == options["B"]["hands"] == 2
    assert (options["A"]["scoring"], options["B"]["scoring"]) == ("naming", "simple")
    assert options["A"]["bots"] == "efficiency,efficiency"

    r = cli(*args, "-o", tmp_path / "s.pdf", "--rows", tmp_path / "rows.csv")
    sidecar = tmp_path / "rows.csv-metadata.json"
    assert r.code == 0 and str(sidecar) in r.out
    meta = json.loads(sidecar.read_text())
    assert meta["@context"] == "http://www.w3.org/ns/csvw" and meta["url"] == "rows.csv"
    assert meta["notes"] == [{**about, "tilepress.options": json.dumps(options,
                                                                     sort_keys=True)}]
    columns = meta["tableSchema"]["columns"]
    rows = list(csvlib.DictReader((tmp_path / "rows.csv").open()))
    assert [c["name"] for c in columns] == list(rows[0]) == list(COLUMNS)
    for c in columns:
        if c["required"]:
            assert all(row[c["name"]] != "" for row in rows), c["name"]
    assert {c["name"] for c in columns if not c["required"]} >= NULLABLE
    for row in rows:
        scores = [int(s) for s in row["scores"].split(";")]
        if row["winner"]:
            assert scores[int(row["winner"])] == max(scores) > min(scores)
    formats = (Path(__file__).resolve().parent.parent / "docs" / "formats.md").read_text()
    for name in COLUMNS:
        assert f"| `{name}` |" in formats, name


# -- the report says what the players are and leaves out what means nothing --------------


def test_every_program_a_report_can_seat_is_described():
    from tilepress.games import GAMES
    from tilepress.publish.stats.report import PLAYERS

    for game in GAMES:
        if game.playable:
            for bot in game.bot_names():
                assert (game.name, bot) in PLAYERS, (game.name, bot)
    assert ("minttin", "virtual opponent") in PLAYERS


def test_a_report_names_its_players_as_players_not_as_programs():
    """A printed report calls its simulated players by what they do ("planning player",
    "random player"), labels seats by number alone when every seat plays alike, and
    names neither the programs nor tilepress."""
    from tilepress.games import GAMES
    from tilepress.publish.stats.figures import PLAYER_NAMES

    for game in GAMES:
        if game.playable:
            for bot in game.bot_names():
                assert bot in PLAYER_NAMES, (game.name, bot)
    from tilepress.draw.canvas import PAPERS
    from tilepress.publish.stats.report import report_document

    data = run_stats(StatsRun("onesuit", {}, {"bots": "efficiency,random"}, 3, 7,
                              batch=BatchOptions(jobs=1)))
    words = " ".join(page.words() for page in probe(report_document(data, PAPERS["a4"])))
    assert "seat 1: efficient player" in words and "seat 2: random player" in words
    assert "An efficient player discards for the best shape" in words
    assert "A random player wins when it can" in words
    _, (_doc, alike, _fills) = _report("castle")
    alike_words = " ".join(page.words() for page in alike)
    assert "seat 1: " not in alike_words and "seat 4" in alike_words
    for text in (words, alike_words):
        for name in ("planner", "efficiency", "tilepress", "program", "bot"):
            assert name not in text.lower().split(), name
        assert "(efficiency)" not in text and '"planner"' not in text
    assert data["runs"][0]["players"] == ["seat 1: A (efficiency)", "seat 2: B (random)"]
    # seat 1 always moves first: its first-move figure is its player's, and says so
    assert data["runs"][0]["summary"]["first_player"]["seat"] == 0
    assert "Seat 1 moves first in every game and is played by the efficient player" in words
    assert "The player who moves first wins" not in words
    assert "The player who moves first wins" in alike_words


def _report(game: str, games: int = 3, **options) -> tuple[dict, list]:
    from tilepress.documents.layout import page_fills
    from tilepress.draw.canvas import PAPERS
    from tilepress.publish.stats.report import report_document

    data = run_stats(StatsRun(game, options, {}, games, 7, batch=BatchOptions(jobs=1)))
    doc = report_document(data, PAPERS["a4"])
    return data, [doc, probe(doc), page_fills(doc)]


def test_a_castle_report_counts_groups_flipped_and_no_rounds():
    """Dragon Castle is one round and flips groups: no "duration in rounds", no rounds row,
    no "winning hands"; the players are described in a reader's words; the pages before
    the last are at least half full."""
    from tilepress.documents.model import Heading, Table

    _, (doc, pages, fills) = _report("castle")
    words = " ".join(page.words() for page in pages)
    headings = [b.text for b in doc.blocks if isinstance(b, Heading)]
    assert "Groups flipped" in headings and "Who plays" in headings
    assert "inning hands" not in words and "scoring line" not in words
    measures = [row[0] for b in doc.blocks if isinstance(b, Table) for row in b.rows]
    assert "Duration (rounds)" not in measures and "rounds" not in measures
    assert "Duration (turns)" in measures and "turns" in measures
    assert ("Every seat is played by a simulated planning player, which plans each turn "
            "whole") in words
    assert "of the groups flipped" in words
    assert min(fills[1:-1]) >= 0.5


def test_a_one_player_report_leaves_out_the_seats_measures():
    """One player: no balance, first player, winner's margin or lead changes; every game
    ends one way, said once in words instead of a chart of one bar."""
    from tilepress.documents.model import Heading, Table

    _, (doc, pages, _fills) = _report("oneplayer")
    headings = [b.text for b in doc.blocks if isinstance(b, Heading)]
    measures = [row[0] for b in doc.blocks if isinstance(b, Table) for row in b.rows]
    for gone in ("Balance", "Completion", "First player", "Decisiveness", "Lead changes",
                 "Duration (rounds)", "margin of victory", "lead changes", "rounds"):
        assert gone not in measures, gone
    for gone in ("Who wins from which seat", "Margin of victory", "How games end",
                 "Winning hands"):
        assert gone not in headings, gone
    assert "Scoring lines" in headings
    words = " ".join(page.words() for page in pages)
    assert "Every game ends the same way: all ten lines full." in words
    assert doc.blocks[0].subtitle == "How long they last and how lines score"
