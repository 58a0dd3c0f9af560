"""The balance report as a document: a title page (game, rules, players, games, seed), a
page of the general measures, the charts, and tables of every figure; with a second rule
set, every measure side by side with the difference and whether it is significant.

It reads the report's data (the JSON written beside it), so the pages and the JSON
always show the same figures.
"""

from __future__ import annotations

from typing import Any

from tilepress.documents.model import (
    Block,
    Bullets,
    Document,
    Heading,
    PageBreak,
    Paragraph,
    Section,
    Table,
    TitlePage,
)
from tilepress.draw.canvas import Paper
from tilepress.publish.stats import figures
from tilepress.publish.stats.measures import LEVEL

SMALL = 8.0


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x * 100:.1f}%"


def _interval(item: dict[str, Any] | None, percent: bool = True) -> str:
    if not item:
        return "-"
    value = item.get("rate", item.get("mean"))
    if value is None:
        return "-"
    if percent:
        return f"{_pct(value)} ({_pct(item['low'])}-{_pct(item['high'])})"
    return f"{value:.2f} ({item['low']:.2f}-{item['high']:.2f})"


def _value(v: Any) -> str:
    return ("yes" if v else "no") if isinstance(v, bool) else str(v)


def options_line(options: dict[str, Any]) -> str:
    return ", ".join(f"{k.replace('_', ' ').replace('-', ' ')} {_value(v)}"
                     for k, v in options.items()) or "standard"


def rules_line(game: str, options: dict[str, Any]) -> str:
    """The rules a run was played with, as a reader wants them: "the standard rules", or
    the rules changed from the standard game, each with its standard value."""
    from tilepress.games import find_game
    from tilepress.params import params_dict

    standard = params_dict(find_game(game).options_from({}))
    changed = [f"{k.replace('-', ' ')} {_value(v)} (standard: {_value(standard[k])})"
               for k, v in options.items() if k in standard and standard[k] != v]
    return ("the standard rules, but " + ", ".join(changed)) if changed else \
        "the standard rules"


MEASURES = (
    ("balance", "Balance", "1 minus the largest gap between two seats' win rates "
     "(1: every seat wins as often)."),
    ("completion", "Completion", "Share of games that someone wins."),
    ("drawishness", "Drawishness", "Share of games that nobody wins."),
    ("advantage", "First player", "Share of games won by the player who moves first "
     "(fair: one in the number of seats)."),
    ("duration_turns", "Duration (turns)", "Turns in a game, every player's go counted."),
    ("duration_rounds", "Duration (rounds)", "Hands or rounds in a game."),
    ("decisiveness", "Decisiveness", "Share of the game's scoring moments gone by when "
     "the winner took the lead for good (low: decided early)."),
    ("lead_change", "Lead changes", "Times a game's sole leader changed."),
)


def run_name(run: dict[str, Any], runs: list[dict[str, Any]]) -> str:
    """"run A", or with two runs "run A (group 4)": the options in which they differ."""
    name = f"run {run['label']}"
    if len(runs) < 2:
        return name
    mine = {**run["options"], **run["play"]}
    differ = {k: v for k, v in mine.items()
              if any({**r["options"], **r["play"]}.get(k) != v for r in runs)}
    text = options_line(differ)
    return f"{name} ({text})" if differ and len(text) <= 30 else name


def _metric_text(key: str, value: Any) -> str:
    if value is None:
        return "-"
    if key == "balance":
        return f"{value:.3f}"
    if key in ("completion", "drawishness", "advantage"):
        return _interval(value)
    return _interval(value, percent=False)


def _shared(count: int) -> str:
    return "1 win is shared" if count == 1 else f"{count:,} wins are shared"


def findings(summary: dict[str, Any]) -> list[str]:
    """The run's headline facts, in sentences."""
    out = []
    rates = summary["win_rate"]
    if rates:
        seats = [(r["rate"], k) for k, r in enumerate(rates)]
        best, worst = max(seats)[1], min(seats)[1]
        fair = 1 / len(rates)
        out.append(f"Seat {best + 1} wins most often, {_interval(rates[best])}; seat "
                   f"{worst + 1} least, {_interval(rates[worst])} (a fair share is "
                   f"{fair:.0%}).")
        first = summary["first_player"]
        if first:
            out.append(f"The player who moves first wins {_interval(first)}.")
        out.append(f"Nobody wins {_interval(summary['no_winner'])} of games"
                   + (f"; {_shared(summary['shared_wins'])}." if summary["shared_wins"]
                      else "."))
    rounds = summary["rounds_without_winner"]
    if summary["rounds"]["max"] > 1:
        out.append(f"{_interval(rounds)} of rounds end without a winner; a game lasts "
                   f"{summary['rounds']['mean']:.1f} rounds on average.")
    turns = summary["turns"]
    out.append(f"A game takes {turns['mean']:.1f} turns on average (median "
               f"{turns['median']:g}, {turns['min']} to {turns['max']}).")
    if summary["margin"]:
        out.append(f"The winner leads the next best by {summary['margin']['mean']:.1f} "
                   f"points on average.")
    if summary["patterns"]:
        top = summary["patterns"][0]
        out.append(f"The most frequent winning hand or scoring line is {top['name']}: "
                   f"{_interval(top)} of them.")
    return out


def summary_blocks(data: dict[str, Any]) -> list[Block]:
    runs = data["runs"]
    header = ("measure", *(run_name(r, runs) for r in runs), "what it measures")
    rows = tuple((name, *(_metric_text(key, r["summary"]["metrics"][key]) for r in runs), why)
                 for key, name, why in MEASURES)
    widths = (2.2, *(3.0 for _ in runs), 5.0)
    blocks: list[Block] = [
        Section("Summary"),
        Heading("The game at a glance"),
        Paragraph(f"{data['games']:,} game{'s' * (data['games'] != 1)} of {data['title']} per "
                  "run, played by the "
                  f"computer from seed {data['seed']}; each run's games use the same "
                  "deals. Rates and means are given with their 95% intervals in brackets. "
                  "The measures follow the game-evaluation measures of the Ludii general "
                  "game system.", size=9),
        Table(header, rows, widths=widths, size=SMALL),
    ]
    for r in runs:
        blocks += [Heading(f"Findings, {run_name(r, runs)}", level=2),
                   Bullets(tuple(findings(r["summary"])), size=9)]
    for r in runs:
        blocks.append(Paragraph(f"Run {r['label']}: "
                                f"{rules_line(data['game'], r['options'])}; "
                                f"players {', '.join(r['players'])}.", size=SMALL))
    if data.get("comparison") is not None:
        blocks += comparison_blocks(data)
    return blocks


def _p(p: float) -> str:
    return "< 0.001" if p < 0.001 else f"{p:.3g}"


def comparison_blocks(data: dict[str, Any]) -> list[Block]:
    rows = []
    found = 0
    for d in data["comparison"]:
        percent = d["kind"] == "rate"
        show = _pct if percent else (lambda v: f"{v:.2f}")
        diff = (f"{d['difference'] * 100:+.1f} pts" if percent
                else f"{d['difference']:+.2f}")
        span = (f"{d['low'] * 100:+.1f} to {d['high'] * 100:+.1f}" if percent
                else f"{d['low']:+.2f} to {d['high']:+.2f}")
        found += d["significant"]
        rows.append((d["measure"], show(d["a"]), show(d["b"]), diff, span,
                     _p(d["p_holm"]), "yes" if d["significant"] else "no"))
    return [
        Heading("Run B against run A", level=2),
        Paragraph(f"Each measure in both runs, the difference B - A with its 95% interval, "
                  f"and the p-value adjusted together for all {len(rows)} measures (Holm); "
                  f"a difference is significant below {LEVEL:g}. Rates are compared by the "
                  "two-proportion test, means by Welch's t test. "
                  f"{found} of {len(rows)} differ significantly.", size=9),
        Table(("measure", "A", "B", "B - A", "95% interval", "p (Holm)", "significant"),
              tuple(rows), widths=(4.2, 1.5, 1.5, 1.5, 2.4, 1.4, 1.4), size=7.0),
    ]


def _chart_blocks(data: dict[str, Any]) -> list[Block]:
    runs = [(run_name(r, data["runs"]), r["summary"]) for r in data["runs"]]
    charts = [
        ("Who wins from which seat", figures.win_rates(runs)),
        ("How long games last", figures.distribution(runs, "turns", "Turns in a game")),
        ("Scores", figures.distribution(runs, "scores", "Final scores of every seat")),
        ("Margin of victory", figures.distribution(runs, "margin", "The winner's lead over "
                                                   "the next best seat")),
        ("Winning hands and scoring lines", figures.frequencies(
            runs, "patterns", "Share of all winning hands or scoring lines taken by each, "
            "with 95% intervals (the most frequent).")),
        _ends_chart(data, runs),
        ("Actions per game", figures.frequencies(
            runs, "actions", "Times each action is taken in a game, on average, with 95% "
            "intervals (the most frequent).", per_game=True)),
    ]
    blocks: list[Block] = [PageBreak(soft=True), Section("Charts")]
    for title, chart in charts:
        if chart is not None:
            figure, note = chart
            blocks += [Heading(title, level=2), Paragraph(note, size=SMALL), figure]
    return blocks


def _one_round(data: dict[str, Any]) -> bool:
    """Whether every game of every run is one round: its rounds' ends are its ends."""
    return all((r["summary"].get("rounds") or {}).get("max") == 1 for r in data["runs"])


def _ends_chart(data: dict[str, Any], runs: list[tuple[str, dict[str, Any]]]
                ) -> tuple[str, Any]:
    if _one_round(data):
        return ("How games end", figures.frequencies(
            runs, "ends", "Share of games ending each way, with 95% intervals."))
    return ("How rounds end", figures.frequencies(
        runs, "round_ends", "Share of rounds ending each way, with 95% intervals."))


def _table_blocks(data: dict[str, Any]) -> list[Block]:
    runs = data["runs"]
    blocks: list[Block] = [PageBreak(soft=True), Section("Tables")]
    first = max((r["summary"] for r in runs), key=lambda s: len(s["sides"]))
    if first["win_rate"]:  # runs of fewer seats (--against "--players 2") show "-"
        rows = tuple((figures.seat_label(k, name),
                      *(_interval(r["summary"]["win_rate"][k])
                        if k < len(r["summary"]["win_rate"]) else "-" for r in runs))
                     for k, name in enumerate(first["sides"]))
        rows += (("nobody", *(_interval(r["summary"]["no_winner"]) for r in runs)),)
        blocks += [Heading("Wins by seat", level=2),
                   Table(("seat", *(run_name(r, runs) for r in runs)), rows, size=SMALL)]
    facts = (("turns", "turns"), ("rounds", "rounds"), ("scores", "score"),
             ("margin", "margin of victory"), ("lead_changes", "lead changes"))
    rows = tuple((label, *(_moments(r["summary"].get(key)) for r in runs))
                 for key, label in facts)
    if len(first["sides"]) > 1:
        rows += tuple((f"score, seat {k + 1}", *(_moments(
            r["summary"]["scores_by_side"][k] if k < len(r["summary"]["scores_by_side"])
            else None) for r in runs)) for k in range(len(first["sides"])))
    blocks += [Heading("Length and scores", level=2),
               Paragraph("Mean (95% interval), standard deviation, and the range.",
                         size=SMALL),
               Table(("measure", *(run_name(r, runs) for r in runs)), rows, size=SMALL)]
    for key, title, per_game in (("patterns", "Winning hands and scoring lines", False),
                                 ("round_ends", "How rounds end", False),
                                 ("ends", "How games end", False),
                                 ("actions", "Actions per game", True)):
        if not (key == "round_ends" and _one_round(data)):
            blocks += _named_table(runs, key, title, per_game)
    return blocks


def _moments(item: dict[str, Any] | None) -> str:
    if not item or item.get("mean") is None:
        return "-"
    text = f"{item['mean']:.2f} ({item['low']:.2f}-{item['high']:.2f}), sd {item['sd']:.2f}"
    return text + (f", {item['min']} to {item['max']}" if "min" in item else "")


def _named_table(runs: list[dict[str, Any]], key: str, title: str, per_game: bool
                 ) -> list[Block]:
    names: list[str] = []
    for r in runs:
        names += [i["name"] for i in r["summary"][key] if i["name"] not in names]
    if not names:
        return []
    rows = []
    for name in names:
        cells = []
        for r in runs:
            item = next((i for i in r["summary"][key] if i["name"] == name), None)
            if item is None:
                cells.append("-")
            elif per_game:
                cells.append(f"{_interval(item, percent=False)}; in "
                             f"{_pct(item['games_with']['rate'])} of games")
            else:
                cells.append(f"{item['count']:,.0f}: {_interval(item)}")
        rows.append((name, *cells))
    what = "mean per game (95% interval)" if per_game else "count: share (95% interval)"
    return [Heading(title, level=2), Paragraph(f"Each: {what}.", size=SMALL),
            Table(("name", *(run_name(r, runs) for r in runs)), tuple(rows),
                  widths=(3, *(4 for _ in runs)), size=7.0)]


def report_document(data: dict[str, Any], paper: Paper) -> Document:
    """The report of ``data`` (see :func:`tilepress.publish.stats.run_stats`)."""
    runs = data["runs"]
    lines = [f"{data['games']:,} simulated games per run, seed {data['seed']}"]
    lines += [f"Run {r['label']}: {rules_line(data['game'], r['options'])}" for r in runs]
    lines += [f"Players: {', '.join(runs[0]['players'])}",
              f"tilepress {data['tilepress']}; 95% intervals throughout"]
    blocks: list[Block] = [
        TitlePage(f"{data['title']}: balance report",
                  "Who wins from which seat, how games end, how long they last, which "
                  "hands win" + (", and what a change of rules does" if len(runs) > 1
                                 else ""), tuple(lines)),
        *summary_blocks(data),
        *_chart_blocks(data),
        *_table_blocks(data),
    ]
    return Document(f"{data['title']}: balance report", paper, tuple(blocks),
                    subtitle=f"{data['games']:,} simulated games")


__all__ = ["options_line", "report_document", "rules_line"]
