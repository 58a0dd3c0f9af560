"""The balance report as a document: a title page (game, rules, players, games, seed), a
page of the general measures, the charts, and tables of every figure; with a second rule
set, every measure side by side with the difference and whether it is significant.

It reads the report's data (the JSON written beside it), so the pages and the JSON
always show the same figures.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tilepress.documents.model import (
    Block,
    Bullets,
    Document,
    Heading,
    Paragraph,
    Section,
    Table,
    TitlePage,
)
from tilepress.draw.canvas import Paper
from tilepress.publish.stats import figures
from tilepress.publish.stats.figures import bot_of
from tilepress.publish.stats.measures import LEVEL

SMALL = 8.0

PLAYERS = {
    ("castle", "planner"): "plans each turn whole: of every way to take (a tile and its twin, "
    "a tile and a shrine, a tile thrown away for a point, or the summons) it picks the one "
    "whose tiles flip the most points now, or best grow a group that can still flip, less "
    "what they block; it keeps a shrine for a tall stack",
    ("castle", "random"): "takes any choice the rules allow, at random, step by step",
    ("onesuit", "efficiency"): "discards for the best shape: the fewest tiles from ready, "
    "then the most unseen tiles that would help; sets four alike aside as a kan when that "
    "costs nothing, always wins when it can and names its waits",
    ("onesuit", "random"): "wins when it can and names its waits right, but discards at "
    "random",
    ("oneplayer", "planner"): "plays for special lines: fills the horizontal line quickly, "
    "then gives each kind of tile two vertical lines of its own, to finish as all-one-suit "
    "or all-honors lines worth 200",
    ("oneplayer", "greedy"): "places the fewest tiles it must, each where it raises a "
    "line's score the most right away",
    ("minttin", "planner"): "aims at the best hand it can still make (fewest cards missing, "
    "then most points): discards what that hand needs least, calls a card and swaps a "
    "joker when that brings it closer, declares Mahjong as soon as it can and doubles a "
    "hand worth 0",
    ("minttin", "random"): "declares Mahjong when it can and otherwise discards at random",
    ("minttin", "virtual opponent"): "is the solo game's opponent: it plays itself, by the "
    "solo rules",
    ("american", "planner"): "aims at the hands on the card it is nearest to (fewest tiles "
    "missing, then the highest value): passes and discards what those hands need least, "
    "calls a discard that brings an open hand closer, redeems a joker when the tile it "
    "gives is worth less, declares Mah Jongg as soon as it can and holds back tiles that "
    "fit a player who has exposed twice",
    ("american", "random"): "passes and discards at random and declares Mah Jongg when it "
    "can",
}
"""What each game's players do, in a reader's words (the programs that play the games
of a report: ``--bots`` names them)."""

TALLIED = {
    "castle": ("Groups flipped", "groups flipped", "The kind of group flipped most often",
               "which groups flip"),
    "oneplayer": ("Scoring lines", "full lines", "The most frequent way a line scores",
                  "how lines score"),
}
"""What a game's tally of "patterns" counts, where it is not its winning hands: the
heading, the things counted, the finding's opening and the title page's words."""
WINNING = ("Winning hands", "winning hands", "The most frequent winning hand",
           "which hands win")


def tallied(game: str) -> tuple[str, str, str, str]:
    return TALLIED.get(game.removesuffix("-solo"), WINNING)


def _a(name: str) -> str:
    """``name`` with its article: "a planning player", "an efficient player", "the
    virtual opponent"."""
    if name == "virtual opponent":
        return f"the {name}"
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def players_words(data: dict[str, Any]) -> str:
    """Who plays every seat, and how each simulated player plays, in a reader's words."""
    game = data["game"].removesuffix("-solo")
    sides = [bot_of(side.split(": ", 1)[1]) for r in data["runs"] for side in r["players"]]
    bots = list(dict.fromkeys(sides))
    seats = data["runs"][0]["players"]
    if len(bots) == 1:
        name = figures.player_name(bots[0])
        lead = (f"The game is played by a simulated {name}, which " if len(seats) == 1
                else f"Every seat is played by a simulated {name}, which ")
        return lead + PLAYERS.get((game, bots[0]), "plays by the rules") + "."
    who = "; ".join(figures.seat_labels([bot_of(side.split(": ", 1)[1]) for side in seats]))
    return (f"Each seat is played by a simulated player ({who}). "
            + " ".join(f"{_a(figures.player_name(bot)).capitalize()} "
                       f"{PLAYERS.get((game, bot), 'plays by the rules')}."
                       for bot in bots))


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


def findings(summary: dict[str, Any], game: str = "") -> list[str]:
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
        first, sides = summary["first_player"], summary.get("sides", ())
        seat = first.get("seat") if first else None
        if seat is not None and len(set(sides)) > 1:  # one seat moves first every game
            out.append(f"Seat {seat + 1} moves first in every game and is played by the "
                       f"{figures.player_name(sides[seat])}, so its {_interval(first)} of "
                       f"wins tells that player's strength as much as the first move's.")
        elif first:
            out.append(f"The player who moves first wins {_interval(first)}.")
        nobody = summary["no_winner"]
        out.append((f"No game ended without a winner (a share of {_pct(nobody['low'])} to "
                    f"{_pct(nobody['high'])} is within the margin)"
                    if nobody and nobody.get("rate") == 0 else
                    f"{_interval(nobody)} of games end without a winner")
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
    ends = _only_end(summary, "ends")
    if ends:
        out.append(f"Every game ends the same way: {ends}.")
    if summary["patterns"]:
        top = summary["patterns"][0]
        _, things, opening, _ = tallied(game)
        out.append(f"{opening} is {top['name']}: {_interval(top)} of the {things}.")
    return out


def _only_end(summary: dict[str, Any], key: str) -> str:
    """The one way every game (or round) ends, or "" if there are several."""
    items = summary.get(key) or []
    return items[0]["name"] if len(items) == 1 and items[0].get("rate") == 1 else ""


def shown_measures(data: dict[str, Any]) -> list[tuple[str, str, str]]:
    """The measures that mean something for the runs' game: none that no run has (the
    seats' measures of a game for one player), and no count of rounds when every game is
    one round."""
    runs = data["runs"]
    return [(key, name, why) for key, name, why in MEASURES
            if any(r["summary"]["metrics"].get(key) is not None for r in runs)
            and not (key == "duration_rounds" and _one_round(data))]


def summary_blocks(data: dict[str, Any]) -> list[Block]:
    runs = data["runs"]
    header = ("measure", *(run_name(r, runs) for r in runs), "what it measures")
    rows = tuple((name, *(_metric_text(key, r["summary"]["metrics"][key]) for r in runs), why)
                 for key, name, why in shown_measures(data))
    widths = (2.2, *(3.0 for _ in runs), 5.0)
    blocks: list[Block] = [
        Section("The game at a glance"),
        Heading("The game at a glance"),
        Paragraph(f"{data['games']:,} simulated game{'s' * (data['games'] != 1)} of "
                  f"{data['title']} per run, from seed {data['seed']}; each run's games use "
                  "the same deals. Rates and means are given with their 95% intervals in "
                  "brackets. The measures follow the "
                  "game-evaluation measures of the Ludii general game system; those that "
                  "mean nothing for this game are left out.", size=9),
        Table(header, rows, widths=widths, size=SMALL),
    ]
    for r in runs:
        blocks += [Heading(f"Findings, {run_name(r, runs)}", level=2),
                   Bullets(tuple(findings(r["summary"], data["game"])), size=9)]
    blocks += [Heading("Who plays", level=2), Paragraph(players_words(data), size=9)]
    for r in runs:
        blocks.append(Paragraph(f"Run {r['label']}: "
                                f"{rules_line(data['game'], r['options'])}.", size=SMALL))
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
    heading, things, _, _ = tallied(data["game"])
    charts = [
        ("Who wins from which seat", figures.win_rates(runs)),
        ("How long games last", figures.distribution(runs, "turns", "Turns in a game")),
        ("Scores", figures.distribution(runs, "scores", "Final scores of every seat")),
        ("Margin of victory", figures.distribution(runs, "margin", "The winner's lead over "
                                                   "the next best seat")
         if any(s["win_rate"] for _, s in runs) else None),
        (heading, figures.frequencies(
            runs, "patterns", f"Share of all {things} taken by each, with 95% intervals "
            "(the most frequent).")),
        _ends_chart(data, runs),
        ("Actions per game", figures.frequencies(
            runs, "actions", "Times each action is taken in a game, on average, with 95% "
            "intervals (the most frequent).", per_game=True)),
    ]
    blocks: list[Block] = [Section("Charts"), Heading("Charts")]
    for title, chart in charts:
        if chart is not None:
            figure, note = chart  # the note as the chart's caption: a heading keeps
            blocks += [Heading(title, level=2), replace(figure, caption=note)]  # its chart
    return blocks


def _all_one_end(data: dict[str, Any], key: str) -> bool:
    """Whether every game (``ends``) or round (``round_ends``) of every run ends one way: a
    single bar at 100% says nothing (the findings say it in words)."""
    return all(_only_end(r["summary"], key) for r in data["runs"])


def _ends(data: dict[str, Any]) -> list[tuple[str, str]]:
    """The tallies of how games and rounds end that say something, each with its heading.
    In games of one round the round's end is the game's end: one tally, the games' ends,
    or the round's where every game ends alike (One suit's "1 hands played")."""
    if _one_round(data):
        key = "round_ends" if _all_one_end(data, "ends") and \
            any(r["summary"]["round_ends"] for r in data["runs"]) else "ends"
        shown = [(key, "How games end")]
    else:
        shown = [("round_ends", "How rounds end"), ("ends", "How games end")]
    return [(key, title) for key, title in shown if not _all_one_end(data, key)]


def _one_round(data: dict[str, Any]) -> bool:
    """Whether every game of every run is one round: its rounds' ends are its ends."""
    return all((r["summary"].get("rounds") or {}).get("max") == 1 for r in data["runs"])


def _ends_chart(data: dict[str, Any], runs: list[tuple[str, dict[str, Any]]]
                ) -> tuple[str, Any]:
    """The chart of how rounds end (how games end, when a game is one round)."""
    key, title = next(iter(_ends(data)), ("", ""))
    if not key or (key == "ends" and not _one_round(data)):
        return ("", None)
    what = "games" if title == "How games end" else "rounds"
    return (title, figures.frequencies(
        runs, key, f"Share of {what} ending each way, with 95% intervals."))


def _table_blocks(data: dict[str, Any]) -> list[Block]:
    runs = data["runs"]
    blocks: list[Block] = [Section("Tables"), Heading("Tables")]
    first = max((r["summary"] for r in runs), key=lambda s: len(s["sides"]))
    if first["win_rate"]:  # runs of fewer seats (--against "--players 2") show "-"
        rows = tuple((label, *(_interval(r["summary"]["win_rate"][k])
                               if k < len(r["summary"]["win_rate"]) else "-" for r in runs))
                     for k, label in enumerate(figures.seat_labels(first["sides"])))
        rows += (("nobody", *(_interval(r["summary"]["no_winner"]) for r in runs)),)
        blocks += [Heading("Wins by seat", level=2),
                   Table(("seat", *(run_name(r, runs) for r in runs)), rows, size=SMALL)]
    facts = (("turns", "turns"), ("rounds", "rounds"), ("scores", "score"),
             ("margin", "margin of victory"), ("lead_changes", "lead changes"))
    rows = tuple((label, *(_moments(r["summary"].get(key)) for r in runs))
                 for key, label in facts
                 if not (key == "rounds" and _one_round(data))
                 and any(_moments(r["summary"].get(key)) != "-" for r in runs))
    if len(first["sides"]) > 1:
        rows += tuple((f"score, seat {k + 1}", *(_moments(
            r["summary"]["scores_by_side"][k] if k < len(r["summary"]["scores_by_side"])
            else None) for r in runs)) for k in range(len(first["sides"])))
    blocks += [Heading("Length and scores", level=2),
               Paragraph("Mean (95% interval), standard deviation, and the range.",
                         size=SMALL),
               Table(("measure", *(run_name(r, runs) for r in runs)), rows, size=SMALL)]
    for key, title in (("patterns", tallied(data["game"])[0]), *_ends(data)):
        blocks += _named_table(runs, key, title, False)
    return blocks + _named_table(runs, "actions", "Actions per game", True)


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
    lines += ["Played by simulated players (see Who plays); 95% intervals throughout"]
    asks = (["who wins from which seat"] if any(r["summary"]["win_rate"] for r in runs) else [])
    asks += ["how games end"] if _ends(data) else []
    asks += ["how long they last", tallied(data["game"])[3]]
    about = ", ".join(asks[:-1]) + (", " if len(asks) > 2 else " and ") + asks[-1]
    blocks: list[Block] = [
        TitlePage(f"{data['title']}: balance report",
                  about[0].upper() + about[1:]
                  + (", and what a change of rules does" if len(runs) > 1 else ""),
                  tuple(lines)),
        *summary_blocks(data),
        *_chart_blocks(data),
        *_table_blocks(data),
    ]
    return Document(f"{data['title']}: balance report", paper, tuple(blocks),
                    subtitle=f"{data['games']:,} simulated games")


__all__ = ["PLAYERS", "bot_of", "findings", "options_line", "players_words", "report_document",
           "rules_line", "shown_measures", "tallied"]
