"""The shared pieces of puzzle sets: one difficulty filter, one drawing loop, one reader of a
question's text fields, and the TOML reader of specs (checked on a toy kind, fast)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from tilepress.errors import FileFormatError, RequestError, TilepressError
from tilepress.files import parse_toml
from tilepress.puzzles.base import (
    DIFFICULTIES,
    Candidate,
    Grade,
    PuzzleKind,
    draw_candidates,
    generate_set,
    read_field,
)


@dataclass(frozen=True)
class ToyParams:
    difficulty: str = "any"
    decoys: int = 0


class ToyKind(PuzzleKind):
    """A number from 0 to 99 is the puzzle; its tens digit (mod 4) is its difficulty."""

    name = "toy"
    title = "Toy"
    params_type = ToyParams
    instructions = "none"
    misses_in_a_row = 500

    def check_request(self, params: Any, count: int) -> None:
        pass

    def generate(self, params: Any, rng: random.Random) -> Candidate | None:
        n = rng.randrange(100)
        grade = Grade(DIFFICULTIES[(n // 10) % 4], n, {})
        return Candidate({"n": n}, {"n": n}, grade, n)

    def decoy(self, params: Any, rng: random.Random) -> Candidate | None:
        found = self.generate(params, rng)
        assert found is not None
        return Candidate(found.question, found.answer, found.grade, ("decoy", found.identity))

    def decoys_wanted(self, params: Any) -> int:
        return params.decoys

    def validate(self, question: Any, where: str) -> None:
        pass

    def solve(self, question: Any) -> dict[str, Any]:
        return {"n": question["n"]}

    def grade(self, question: Any, answer: Any) -> Grade:
        n = question["n"]
        return Grade(DIFFICULTIES[(n // 10) % 4], n, {})

    def question_blocks(self, puzzle: Any) -> tuple:
        return ()

    def answer_blocks(self, puzzle: Any) -> tuple:
        return ()


class NearestToy(ToyKind):
    takes_nearest = True


@pytest.mark.parametrize("level", DIFFICULTIES)
def test_a_set_holds_only_the_asked_difficulty_decoys_included(level: str) -> None:
    made = generate_set(ToyKind(), ToyParams(level, decoys=2), count=8, seed=1)
    assert {p.difficulty for p in made.puzzles} == {level}
    assert len({p.question["n"] for p in made.puzzles}) >= 6


def test_any_and_a_kind_that_takes_the_nearest_are_not_filtered() -> None:
    for kind, params in ((ToyKind(), ToyParams("any")), (NearestToy(), ToyParams("hard"))):
        made = generate_set(kind, params, count=30, seed=2)
        assert len({p.difficulty for p in made.puzzles}) > 1


def test_the_same_seed_gives_the_same_set_and_another_seed_another() -> None:
    one = generate_set(ToyKind(), ToyParams("medium"), count=5, seed=3)
    assert one == generate_set(ToyKind(), ToyParams("medium"), count=5, seed=3)
    assert one != generate_set(ToyKind(), ToyParams("medium"), count=5, seed=4)


def test_drawing_skips_what_is_excluded_and_gives_up_in_the_callers_words() -> None:
    rng = random.Random(5)
    found = draw_candidates(ToyKind(), ToyParams(), 10, rng, asked="easy", tries=500,
                            give_up=lambda n, decoy: "never", exclude={0, 1, 2, 3})
    assert all(c.identity not in {0, 1, 2, 3} and c.grade.difficulty == "easy" for c in found)
    assert len({c.identity for c in found}) == 10
    # 30 easy numbers (0-9, 40-49, 80-89); 20 of them excluded leave 10
    with pytest.raises(RequestError, match=r"^found 10, then no more$"):
        draw_candidates(ToyKind(), ToyParams(), 11, random.Random(5), asked="easy", tries=500,
                        give_up=lambda n, decoy: f"found {n}, then no more",
                        exclude={*range(10), *range(40, 50)})


def test_a_question_field_is_read_or_named_in_one_line() -> None:
    def read(text: str) -> int:
        if not text.isdigit():
            raise TilepressError(f"{text!r} is not a number")
        return int(text)

    assert read_field({"n": "12"}, "n", "p-1", read, "a number") == 12
    with pytest.raises(FileFormatError, match=r"^p-1: question\.n must be a number$"):
        read_field({"n": 12}, "n", "p-1", read, "a number")
    with pytest.raises(FileFormatError, match=r"^p-1: question\.n must be a number$"):
        read_field({}, "n", "p-1", read, "a number")
    with pytest.raises(FileFormatError, match=r"^p-1: question\.n: 'x' is not a number$"):
        read_field({"n": "x"}, "n", "p-1", read, "a number")


def test_a_spec_that_is_not_toml_or_nests_too_deeply_is_one_line() -> None:
    assert parse_toml('title = "x"', "s.toml") == {"title": "x"}
    with pytest.raises(FileFormatError, match=r"^s\.toml: not valid TOML: "):
        parse_toml("title = ", "s.toml")
    with pytest.raises(FileFormatError, match=r"^s\.toml: not valid TOML: nested too deeply$"):
        parse_toml("a = " + "[" * 100_000, "s.toml")
