"""Puzzle kinds: sets, grading, verification, and requests that cannot be met."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest
from bruteforce import one_suit_hands

from tilepress.engine import standard
from tilepress.errors import FileFormatError, RequestError
from tilepress.games import find_kind
from tilepress.games.standard.hands import counts_of, identity
from tilepress.games.standard.puzzles import MAX_WAITS, REACHABLE, WaitsKind
from tilepress.params import parse_params
from tilepress.puzzles import generate_set, verify_set
from tilepress.puzzles.base import PuzzleSet
from tilepress.tiles import STANDARD_TILES, parse_tiles

WAITS = find_kind("waits")
DISCARD = find_kind("discard")


def make(kind, count=6, seed=1, **options):
    params = parse_params(kind.params_type, options, where="test")
    return generate_set(kind, params, count=count, seed=seed)


@pytest.mark.parametrize(("suits", "tiles"), [(s, t) for s in ("one", "mixed")
                                              for t in (4, 7, 10, 13)])
def test_every_reachable_difficulty_generates_and_verifies(suits: str, tiles: int) -> None:
    for difficulty in REACHABLE[(suits, tiles)]:
        puzzles = make(WAITS, count=3, tiles=tiles, suits=suits, difficulty=difficulty)
        assert verify_set(puzzles, WAITS) == []
        for p in puzzles.puzzles:
            hand = parse_tiles(p.question["hand"])
            assert len(hand) == tiles and p.difficulty == difficulty
            suits_used = {t.suit for t in hand}
            assert (len(suits_used) == 1) == (suits == "one")


def test_waits_answers_are_the_engine_waits() -> None:
    for p in make(WAITS, count=10, tiles=13, difficulty="any").puzzles:
        expected = [str(w.tile) for w in standard.waits(p.question["hand"])]
        assert p.answer["waits"] == expected
        assert p.answer["tiles_left"] == {str(w.tile): w.left
                                          for w in standard.waits(p.question["hand"])}


def test_a_set_never_repeats_a_hand_or_its_mirror_image() -> None:
    puzzles = make(WAITS, count=60, tiles=7, difficulty="easy", suit="m")
    keys = [identity(counts_of(parse_tiles(p.question["hand"]))) for p in puzzles.puzzles]
    assert len(keys) == len(set(keys))
    hands = {p.question["hand"] for p in puzzles.puzzles}
    for hand in hands:
        mirrored = "".join(str(10 - int(c)) if c.isdigit() else c for c in hand)
        mirrored = "".join(sorted(mirrored[:-1])) + "m"
        assert mirrored == hand or mirrored not in hands


def test_identity_ignores_mirror_images_and_suit_swaps() -> None:
    a = counts_of(parse_tiles("1123m456p"))
    b = counts_of(parse_tiles("7899s456m"))
    assert identity(a) == identity(b)
    assert identity(a) != identity(counts_of(parse_tiles("1124m456p")))


def test_decoys_are_not_ready_and_say_so() -> None:
    puzzles = make(WAITS, count=8, tiles=10, difficulty="any", decoys=3)
    decoys = [p for p in puzzles.puzzles if not p.answer["ready"]]
    assert len(decoys) == 3
    for p in decoys:
        assert p.answer["waits"] == []
        assert standard.shanten(p.question["hand"]) == 1
    assert verify_set(puzzles, WAITS) == []


def test_exact_number_of_waits() -> None:
    for p in make(WAITS, count=5, tiles=13, waits=5, difficulty="any").puzzles:
        assert len(p.answer["waits"]) == 5


@pytest.mark.parametrize(
    ("options", "message"),
    [({"tiles": 13, "waits": 10}, "at most 9 waits"),
     ({"tiles": 4, "difficulty": "expert"}, "hardest are hard"),
     ({"tiles": 4, "suits": "mixed", "difficulty": "medium"}, "hardest are easy"),
     ({"tiles": 4, "difficulty": "medium"}, "only 3 different"),
     ({"tiles": 5}, "must be one of 4, 7, 10, 13"),
     ({"suits": "two"}, "must be one of one, mixed"),
     ({"tilez": 4}, "unknown option 'tilez'")],
)
def test_impossible_requests_fail_at_once(monkeypatch, options, message) -> None:
    monkeypatch.setattr(WaitsKind, "generate", lambda *a: pytest.fail("generated anyway"))
    with pytest.raises(RequestError, match=message):
        make(WAITS, count=20, **options)


def test_a_set_that_runs_out_of_hands_says_so() -> None:
    with pytest.raises(RequestError, match="found only"):
        make(DISCARD, count=400, tiles=4, difficulty="medium", suit="m")


def test_the_tables_of_limits_match_every_one_suit_hand() -> None:
    kind = WaitsKind()
    for tiles in (4, 7, 10, 13):
        most, reached = 0, set()
        for ranks in one_suit_hands(tiles):
            counts = list(ranks) + [0] * 25
            waits = standard.winning_kinds(counts)
            if not waits:
                continue
            most = max(most, len(waits))
            if tiles <= 7 or len(reached) < 4:
                question = {"hand": "".join(str(r + 1) * c for r, c in enumerate(ranks)) + "m"}
                reached.add(kind.grade(question, {"ready": True, "waits": waits}).difficulty)
        assert most == MAX_WAITS[("one", tiles)]
        assert reached == set(REACHABLE[("one", tiles)])


def test_mixed_four_tile_hands_are_all_easy() -> None:
    kind = WaitsKind()
    seen = Counter()
    for combo in itertools.combinations_with_replacement(range(34), 4):
        counts = [combo.count(k) for k in range(34)]
        if max(counts) > 4 or len({k // 9 if k < 27 else 3 for k in combo}) < 2:
            continue
        if standard.winning_kinds(counts):
            tiles = "".join(str(STANDARD_TILES[k]) for k in combo)
            seen[kind.grade({"hand": tiles}, {"ready": True, "waits": [1]}).difficulty] += 1
    assert set(seen) == set(REACHABLE[("mixed", 4)])


def test_grading_follows_the_written_rule() -> None:
    # 1112m: waits 2m (111m + 2m) and 3m (11m + 12m): two readings, 3m hidden
    grade = WAITS.grade({"hand": "1112m"}, {"ready": True, "waits": ["2m", "3m"]})
    assert grade.features == {"waits": 2, "readings": 2, "hidden": 1, "held": 1}
    assert grade.score == 2 * 1 + 1 + 0 and grade.difficulty == "hard"
    nine_gates = WAITS.grade({"hand": "1112345678999m"}, {"ready": True, "waits": [1]})
    assert nine_gates.features["waits"] == 9 and nine_gates.difficulty == "expert"
    easy = WAITS.grade({"hand": "123m456p789s1z"}, {"ready": True, "waits": ["1z"]})
    assert easy.score == 0 and easy.difficulty == "easy"


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard", "expert"])
def test_discard_puzzles_have_one_best_discard(difficulty: str) -> None:
    puzzles = make(DISCARD, count=3, tiles=10, difficulty=difficulty)
    assert verify_set(puzzles, DISCARD) == []
    for p in puzzles.puzzles:
        table = standard.discard_table(p.question["hand"])
        assert str(table[0].discard) == p.answer["discard"]
        assert table[0].total > table[1].total


def test_verify_catches_a_corrupted_answer() -> None:
    puzzles = make(WAITS, count=4, tiles=13, difficulty="hard")
    data = json.loads(puzzles.to_json())
    data["puzzles"][1]["answer"]["waits"] = data["puzzles"][1]["answer"]["waits"][1:]
    data["puzzles"][2]["answer"]["waits"].append("7z")
    data["puzzles"][3]["difficulty"] = "easy"
    broken = PuzzleSet.from_json(json.dumps(data))
    problems = verify_set(broken, WAITS)
    assert [p.puzzle_id for p in problems] == [p.id for p in puzzles.puzzles[1:4]]
    assert "misses" in problems[0].message and "wrongly lists 7z" in problems[1].message


def test_verify_catches_a_wrong_discard() -> None:
    puzzles = make(DISCARD, count=2, tiles=7, difficulty="any")
    data = json.loads(puzzles.to_json())
    data["puzzles"][0]["answer"]["discard"] = data["puzzles"][0]["answer"]["table"][1]["discard"]
    assert verify_set(PuzzleSet.from_json(json.dumps(data)), DISCARD)


@pytest.mark.parametrize(
    ("text", "message"),
    [("{", "not valid JSON"), ("[]", "JSON object"), ('{"format": "x"}', "format"),
     ('{"format": "tilepress-puzzles", "version": 9}', "version 9"),
     ('{"format": "tilepress-puzzles", "version": 1, "kind": "waits", "puzzles": [{}]}',
      'missing "id"')],
)
def test_malformed_puzzle_files_are_rejected(text: str, message: str) -> None:
    with pytest.raises(FileFormatError, match=message):
        PuzzleSet.from_json(text, source="x.json")


def test_same_seed_same_set_different_seed_different_set() -> None:
    a = make(WAITS, count=8, seed=5, tiles=10, difficulty="any").to_json()
    b = make(WAITS, count=8, seed=5, tiles=10, difficulty="any").to_json()
    c = make(WAITS, count=8, seed=6, tiles=10, difficulty="any").to_json()
    assert a == b and a != c


def test_unknown_kind() -> None:
    with pytest.raises(RequestError, match="unknown puzzle kind"):
        find_kind("sudoku")
