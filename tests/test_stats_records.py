"""The game records of Mint Tin (both variants), American Mah Jongg and Dragon Castle,
each checked against an independent reading of a few logs: the log's JSON lines counted
with a few lines of plain code, not the record's own reading of the events."""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import cache

import pytest

from tilepress.batch import BatchOptions
from tilepress.engine.log import GameLog
from tilepress.games import find_game
from tilepress.games.minttin.hand import PATTERNS
from tilepress.publish.stats import StatsRun, run_stats
from tilepress.publish.stats.records import recorder

WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


@cache
def played(name: str, seed: int, **options) -> GameLog:
    game = find_game(name)
    return game.play(game.options_from(options), game.play_options_from(
        dict(game.variants.get(name, {}))), seed)


def lines(log: GameLog) -> list[dict]:
    """The log's events as the JSON lines a reader sees."""
    return [json.loads(text) for text in log.lines()][1:-1]


def count(rows: list[dict], kind: str, **where) -> int:
    return sum(1 for r in rows if r["type"] == kind and all(r.get(k) == v
                                                            for k, v in where.items()))


@pytest.mark.parametrize("name", ["minttin", "american", "castle"])
def test_each_game_has_its_own_record(name):
    game = find_game(name)
    assert recorder(game) == game.record


# -- Mint Tin -----------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "seed"), [("minttin", 2), ("minttin-solo", 1)])
def test_minttin_record_against_its_log_lines(name, seed):
    log = played(name, seed)
    rows = lines(log)
    record = recorder(find_game(name))(log)
    ends = [r for r in rows if r["type"] == "round-end"]
    assert record.rounds == len(ends) and record.round_ends == tuple(
        sorted(Counter(r["reason"] for r in ends).items()))
    assert record.scores == tuple(sum(r["scores"][k] for r in ends) for k in (0, 1))
    assert record.rounds_without_winner == sum(1 for r in ends if r["scores"] == [0, 0])
    assert record.turns == sum(count(rows, t) for t in ("draw", "call", "opponent-draw"))
    actions = dict(record.actions)
    calls = [r for r in rows if r["type"] == "call"]
    with_jokers = sum(1 for r in calls if "J" in r["cards"].split())
    assert actions.get("call with jokers", 0) == with_jokers
    assert actions.get("call", 0) == len(calls) - with_jokers
    taken = sum(1 for r in rows if r["type"] == "swap" and not r.get("give_joker"))
    assert sum(n for a, n in actions.items() if a.startswith("joker swap, joker taken")) \
        == taken
    assert actions.get("double", 0) == count(rows, "double")
    jokers = sum(1 for r in rows if r["type"] == "discard" and r["card"] == "J"
                 and not r.get("block"))
    assert actions.get("joker discarded for a point", 0) == jokers
    # a winning hand for each Mahjong that scores and each double that held or was dropped
    won = sum(1 for r in rows if r["type"] == "mahjong" and r["points"]) + sum(
        1 for r in ends if r["reason"].startswith(("the double held", "the double was d")))
    patterns = [w for w in record.wins if w.startswith("pattern: ")]
    sets = [w for w in record.wins if w.startswith("set: ")]
    epic = record.wins.count("Epic Hand")
    assert won == len(patterns) + epic == len(sets) + epic > 0
    names = {f"pattern: {p}" for p in PATTERNS}
    for pattern, numbers in zip(patterns, sets, strict=True):
        assert pattern in names
        blocks = sum(WORDS[w] for w in re.findall(r"(\w+) (?:pair|pung|kong|quint)", pattern))
        dragons = re.search(r", (\d) dragon", numbers)
        assert blocks == numbers.count("-") + 1 + (int(dragons[1]) if dragons else 0)


def test_minttin_record_reads_doubles_and_solo_sides():
    two, solo = played("minttin", 2), played("minttin-solo", 1)
    record = recorder(find_game("minttin"))(two)
    answers = Counter(r["take"] for r in lines(two) if r["type"] == "answer")
    assert dict(record.actions).get("double taken", 0) == answers[True] > 0
    assert record.first == next(r["dealer"] for r in lines(two) if r["type"] == "deal")
    solo_record = recorder(find_game("minttin"))(solo)
    assert solo_record.sides[1] == "virtual opponent" and solo_record.first is None
    assert dict(solo_record.actions)["virtual opponent's pung"] == count(
        lines(solo), "opponent-exposes")


@pytest.mark.parametrize("name", ["minttin", "minttin-solo"])
def test_minttin_record_reads_the_hands_a_full_replay_shows(name):
    """The record replays only the rounds it reads a hand in; the hands are those of a
    replay of every event, read at each Mahjong that scores and each double."""
    from tilepress.games.minttin.record import winning_hand
    from tilepress.games.minttin.runner import new_match

    read = skipped = 0
    for seed in range(12):
        log = played(name, seed)
        match = new_match(log)
        hands, doubled, rounds, won = [], [], [], False
        for ev in log.events:
            if ev.TYPE == "deal":
                rounds.append(won)
                won = False
            elif ev.TYPE == "mahjong" and ev.points:
                hands += winning_hand(match, ev.player)
                won = True
            elif ev.TYPE == "double":
                doubled = winning_hand(match, ev.player)
                won = True
            elif ev.TYPE == "round-end" and ev.reason.startswith(
                    ("the double held", "the double was dropped")):
                hands += doubled
            type(match)._handlers[type(ev)](match, ev)
        rounds.append(won)
        assert recorder(find_game(name))(log).wins == tuple(hands)
        read += sum(rounds)
        skipped += len(rounds) - 1 - sum(rounds)
    assert read and skipped


# -- American Mah Jongg -------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_american_record_against_its_log_lines(seed):
    log = played("american", seed)
    rows = lines(log)
    record = recorder(find_game("american"))(log)
    end = rows[-1]
    assert end["type"] == "end" and record.scores == tuple(end["payments"])
    assert record.turns == count(rows, "draw") + count(rows, "call")
    exposures, mahjong = 0, []
    for r in rows:
        if r["type"] == "claims":
            mahjong = r.get("mahjong", [])
        elif r["type"] == "call":
            exposures += r["player"] not in mahjong
    actions = dict(record.actions)
    assert actions.get("exposure", 0) == exposures
    assert sum(n for a, n in actions.items() if a.startswith("joker redeemed")) \
        == count(rows, "redeem")
    assert actions.get("vote to stop the Charleston", 0) == count(rows, "stop", stop=True)
    offers = {r["player"]: r["count"] for r in rows if r["type"] == "courtesy"}
    assert actions.get("courtesy pass", 0) == sum(
        1 for p in (0, 1) if offers.get(p) and offers.get(p + 2))
    declared = [r["hand"] for r in rows if r["type"] == "mahjong"]
    if end["reason"].startswith("Mah Jongg"):
        assert record.wins == (declared[-1],) and record.end.startswith("Mah Jongg")
        assert record.winners == ([r["player"] for r in rows if r["type"] == "mahjong"][-1],)
    else:
        assert record.wins == () and record.winners == () and record.end == end["reason"]


# -- Dragon Castle ------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (2, 5)])
def test_castle_record_against_its_log_lines(players, seed):
    log = played("castle", seed, players=players)
    rows = lines(log)
    record = recorder(find_game("castle"))(log)
    said = {"coins": "dots", "strings": "bamboo", "myriads": "characters"}  # as players say
    groups = Counter(said.get(r["kind"], r["kind"]) for r in rows if r["type"] == "consolidate")
    assert Counter(w.removeprefix("group of ") for w in record.wins) == groups
    actions = dict(record.actions)
    for kind, name in (("take-shrine", "shrine taken from the pool"),
                       ("shrine", "shrine built"), ("discard", "tile discarded for a point"),
                       ("summon", "the Elder Dragon summoned")):
        assert actions.get(name, 0) == count(rows, kind)
    score = [0] * players
    leader, changes = None, 0
    for r in rows:
        score[r.get("player", 0)] += r.get("points", 0) + (r["type"] == "discard") + 2 * (
            r["type"] == "summon")
        if r["type"] == "end-turn":
            top = [p for p in range(players) if score[p] == max(score)]
            if len(top) == 1:
                changes += leader is not None and top[0] != leader
                leader = top[0]
    assert tuple(score) == record.scores
    assert record.lead_changes == changes
    assert list(record.winners) == log.result["winners"]


# -- the reports name the winning hands -------------------------------------------------


@pytest.mark.parametrize(("name", "games", "named"), [
    ("minttin-solo", 2, "pattern: "), ("american", 3, " #"), ("castle", 6, "group of ")])
def test_reports_name_the_winning_hands(name, games, named):
    data = run_stats(StatsRun(name, {}, {}, games, 1, batch=BatchOptions(jobs=1)))
    patterns = data["runs"][0]["summary"]["patterns"]
    assert any(named in p["name"] for p in patterns)
