"""Every file reader against random input: random bytes, random JSON shapes, and valid
files with one part replaced at random. Whatever comes in, a reader (and what runs on
what it read: ``verify``, ``replay``, a layout or castle check) raises nothing but
tilepress's own input errors, and gives its answer quickly."""

from __future__ import annotations

import contextlib
import json
import os
import random
import time
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tilepress.errors import TilepressError
from tilepress.games import find_game, find_kind, read_log
from tilepress.games.american.card import parse_card
from tilepress.layouts.castle import check_castle, parse_castle, tile_set
from tilepress.layouts.check import check_layout
from tilepress.layouts.formats import parse_gnome_maps, parse_kmahjongg
from tilepress.publish.book import parse_spec
from tilepress.puzzles.base import PuzzleSet, generate_set, verify_set

EXAMPLES = int(os.environ.get("TILEPRESS_FUZZ_EXAMPLES", "60"))
"""Examples per test: 60 in the suite; TILEPRESS_FUZZ_EXAMPLES=2000 for a long hunt
(which also draws fresh examples each run instead of the same ones)."""
FAST = settings(max_examples=EXAMPLES, deadline=None, derandomize=EXAMPLES <= 60,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
PER_PART = settings(max_examples=max(EXAMPLES * 2 // 3, 1), deadline=None,
                    derandomize=EXAMPLES <= 60,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture])
LIMIT = 3.0
"""Seconds any one input may take (the honest work is milliseconds)."""

json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**60, 2**60),
                         st.floats(allow_nan=False, allow_infinity=False),
                         st.text(max_size=12), st.sampled_from(["1m", "9z", "DS", "J", "", "²"]))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=8), inner, max_size=5)),
    max_leaves=20)


def bounded(call, *args: Any) -> None:
    """Run ``call``; only input errors may come out, and quickly."""
    start = time.perf_counter()
    with contextlib.suppress(TilepressError):
        call(*args)
    elapsed = time.perf_counter() - start
    assert elapsed < LIMIT, f"{elapsed:.1f} s on {args!r:.200}"


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in a JSON value (for replacing one part of a valid file)."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, (*prefix, i))
    return out


def replaced(value: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    copy = json.loads(json.dumps(value))
    target = copy
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    return copy


# -- puzzle files --------------------------------------------------------------------------

KINDS = {"waits": {"tiles": 7}, "discard": {"tiles": 7}, "minttin": {}, "minttin-discard": {},
         "american": {}, "castle": {"tiles": 16, "floors": 2}}


@cache
def puzzle_file(kind_name: str) -> dict:
    kind = find_kind(kind_name)
    params = kind.params_type(**KINDS[kind_name])
    return generate_set(kind, params, count=1, seed=5).as_dict()


def verify_text(text: str) -> None:
    puzzles = PuzzleSet.from_json(text, source="p.json")
    verify_set(puzzles, find_kind(puzzles.kind))


@FAST
@given(st.binary(max_size=300))
def test_random_bytes_as_a_puzzle_file(data: bytes) -> None:
    bounded(verify_text, data.decode("utf-8", "replace"))


@FAST
@given(json_values)
def test_random_json_as_a_puzzle_file(value: Any) -> None:
    bounded(verify_text, json.dumps(value))


@pytest.mark.parametrize("kind", list(KINDS))
@PER_PART
@given(data=st.data())
def test_a_puzzle_file_with_one_part_replaced(kind: str, data) -> None:
    valid = puzzle_file(kind)
    where = data.draw(st.sampled_from(paths(valid)))
    bounded(verify_text, json.dumps(replaced(valid, where, data.draw(json_values))))


tile_names = st.sampled_from([f"{r}{s}" for s in "mps" for r in range(10)]
                             + [f"{r}z" for r in range(1, 8)] + ["1f", "5f", "1j"])
card_names = st.sampled_from([*"123456789", "DS", "DM", "DF", "J"])
HANDS = {"waits": tile_names, "discard": tile_names, "american": tile_names,
         "minttin": card_names, "minttin-discard": card_names}


@pytest.mark.parametrize("kind", list(HANDS))
@PER_PART
@given(data=st.data())
def test_a_puzzle_with_any_hand(kind: str, data) -> None:
    """Questions a reader could write: any tiles or cards, 1 to 16 of them (seven pairs,
    a fifth copy, a winning hand, too few ...); the answer is kept."""
    valid = puzzle_file(kind)
    hand = data.draw(st.lists(HANDS[kind], min_size=1, max_size=16))
    text = "".join(hand)  # tiles and cards both read without spaces
    bounded(verify_text, json.dumps(replaced(valid, ("puzzles", 0, "question", "hand"), text)))


# -- game logs -----------------------------------------------------------------------------

GAMES = {"onesuit": ({"hands": 1, "tiles": 4}, {}), "oneplayer": ({}, {}),
         "minttin": ({}, {}), "american": ({}, {}),
         "castle": ({"players": 2, "layout": "generate", "tileset": "1234567mx4"}, {})}


@cache
def log_lines(game_name: str) -> list[dict]:
    game = find_game(game_name)
    options, play = GAMES[game_name]
    log = game.play(game.options_from(options), game.play_options_from(play), seed=2)
    return [json.loads(line) for line in log.to_jsonl().splitlines()]


def replay_text(text: str) -> None:
    log = read_log(text, source="g.jsonl")
    find_game(log.game).module("runner").replay(log)


@FAST
@given(st.binary(max_size=300))
def test_random_bytes_as_a_log(data: bytes) -> None:
    bounded(replay_text, data.decode("utf-8", "replace"))


@FAST
@given(st.lists(json_values, min_size=1, max_size=4))
def test_random_json_lines_as_a_log(values: list) -> None:
    bounded(replay_text, "\n".join(json.dumps(v) for v in values))


@pytest.mark.parametrize("game", list(GAMES))
@PER_PART
@given(data=st.data())
def test_a_log_with_one_part_replaced(game: str, data) -> None:
    lines = log_lines(game)
    number = data.draw(st.integers(0, len(lines) - 1))
    where = data.draw(st.sampled_from(paths(lines[number])))
    changed = list(lines)
    changed[number] = replaced(lines[number], where, data.draw(json_values))
    bounded(replay_text, "\n".join(json.dumps(v) for v in changed))


@pytest.mark.parametrize("game", list(GAMES))
def test_a_log_with_events_dropped_or_repeated(game: str) -> None:
    lines = log_lines(game)
    rng = random.Random(game)
    for _ in range(30):
        changed = list(lines)
        i = rng.randrange(1, len(lines) - 1)
        if rng.random() < 0.5:
            del changed[i]
        else:
            changed.insert(i, changed[rng.randrange(1, len(lines) - 1)])
        bounded(replay_text, "\n".join(json.dumps(v) for v in changed))


# -- layouts, castles, cards, book specs --------------------------------------------------

layout_chars = st.text(alphabet="kmahjongg-layout-v1.01234.# whd\n²", max_size=200)
map_text = st.builds(
    lambda attrs: "<mahjongg><map name='m'><layer z='0'>" + "".join(
        f"<{el} {k}='{v}'/>" for el, k, v in attrs) + "</layer></map></mahjongg>",
    st.lists(st.tuples(st.sampled_from(["tile", "row", "column", "block"]),
                       st.sampled_from(["x", "y", "left", "right", "top", "bottom", "z"]),
                       st.sampled_from(["0", "1", "2.5", "1e7", "nan", "inf", "-1", "1e300",
                                        "²", ""])), max_size=8))


@FAST
@given(st.one_of(layout_chars, st.binary(max_size=200).map(lambda b: b.decode("latin-1"))))
def test_random_layout_files(text: str) -> None:
    bounded(lambda t: check_layout(parse_kmahjongg(t, source="x.layout")), text)


@FAST
@given(map_text)
def test_random_map_files(text: str) -> None:
    bounded(lambda t: [check_layout(m) for m in parse_gnome_maps(t, source="x.map")], text)


@FAST
@given(st.text(alphabet=" 123456789\n#0x\t²", max_size=400),
       st.sampled_from(["recommended", "all", "1234567zx4", "1mx136", "1234567zx²", "1j"]))
def test_random_castles_and_tile_sets(text: str, tiles: str) -> None:
    bounded(lambda t: check_castle(parse_castle(t, source="x.castle"), tile_set(tiles)), text)


card_text = st.builds(
    lambda lines: "card: fuzz\n== F ==\n" + "\n".join(lines),
    st.lists(st.text(alphabet="XC 0123456789²abcNEWSFRGDxyzwv|+=#", max_size=40), max_size=4))


@FAST
@given(st.one_of(card_text, st.text(max_size=200)))
def test_random_cards(text: str) -> None:
    bounded(lambda t: parse_card(t, source="x.card"), text)


toml_values = st.one_of(st.integers(-2**70, 2**70), st.text(max_size=10), st.booleans(),
                        st.floats(allow_nan=False), st.lists(st.integers(), max_size=3))


@FAST
@given(st.dictionaries(st.sampled_from(["title", "subtitle", "paper", "seed", "cover_tiles",
                                        "other"]), toml_values, max_size=5),
       st.lists(st.dictionaries(st.sampled_from(["type", "kind", "template", "count", "size",
                                                 "suits", "grading", "tiles", "title"]),
                                toml_values, max_size=4), max_size=3))
def test_random_book_specs(top: dict, sections: list) -> None:
    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, float):
            return repr(v)
        return json.dumps(v, ensure_ascii=False)

    text = "".join(f"{k} = {value(v)}\n" for k, v in top.items())
    for section in sections:
        text += "[[section]]\n" + "".join(f"{k} = {value(v)}\n" for k, v in section.items())
    bounded(lambda t: parse_spec(t, source="b.toml"), text)


@FAST
@given(st.binary(max_size=300))
def test_random_bytes_as_a_book_spec(data: bytes) -> None:
    bounded(lambda t: parse_spec(t, source="b.toml"), data.decode("utf-8", "replace"))
