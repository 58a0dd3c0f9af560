"""The one interface every puzzle kind implements, and the puzzle file format.

A kind (see :class:`PuzzleKind`) says what its parameters are, makes one candidate
puzzle from a ``random.Random``, solves a question from scratch, grades it, and turns a
puzzle into document blocks for the question page and the answer key. Everything else
-- sets without repeats, files, verification, books -- is written once, here and in
:mod:`generator.documents`.

File contract (JSON)::

    {"format": "tilepress-puzzles", "version": 1, "kind": "waits",
     "generator": {"tilepress": "0.1.0", "seed": 7, "params": {...}},
     "puzzles": [{"id": "waits-7-001", "difficulty": "hard",
                  "question": {...}, "answer": {...}, "grade": {...}}]}
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from generator.errors import FileFormatError, RequestError, TilepressError
from generator.params import params_dict

FORMAT = "tilepress-puzzles"
VERSION = 1
DIFFICULTIES = ("easy", "medium", "hard", "expert")


@dataclass(frozen=True)
class Grade:
    """A difficulty and the measured features it was computed from."""

    difficulty: str
    score: int
    features: Mapping[str, Any]

    def as_dict(self) -> dict[str, Any]:
        return {"score": self.score, **self.features}


@dataclass(frozen=True)
class Puzzle:
    id: str
    difficulty: str
    question: Mapping[str, Any]
    answer: Mapping[str, Any]
    grade: Mapping[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        out = {"id": self.id, "difficulty": self.difficulty, "question": dict(self.question),
               "answer": dict(self.answer)}
        if self.grade:
            out["grade"] = dict(self.grade)
        return out


@dataclass(frozen=True)
class Candidate:
    """What a kind's :meth:`PuzzleKind.generate` returns."""

    question: Mapping[str, Any]
    answer: Mapping[str, Any]
    grade: Grade
    identity: Hashable
    """Two candidates with equal identity are the same puzzle (mirror images, suit swaps)."""


@dataclass(frozen=True)
class PuzzleSet:
    kind: str
    generator: Mapping[str, Any]
    puzzles: tuple[Puzzle, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "kind": self.kind,
                "generator": dict(self.generator),
                "puzzles": [p.as_dict() for p in self.puzzles]}

    def to_json(self) -> str:
        return json.dumps(self.as_dict(), indent=2, ensure_ascii=False) + "\n"

    @classmethod
    def from_json(cls, text: str, *, source: str = "puzzle file") -> PuzzleSet:
        """Read a puzzle file, checking the contract; errors name the file and the place."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise FileFormatError(
                f"{source}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
            ) from None
        if not isinstance(data, dict):
            raise FileFormatError(f"{source}: expected a JSON object at the top")
        if data.get("format") != FORMAT:
            raise FileFormatError(f"{source}: \"format\" must be {FORMAT!r}")
        if data.get("version") != VERSION:
            raise FileFormatError(
                f"{source}: version {data.get('version')!r} is not supported (this is {VERSION})"
            )
        kind = data.get("kind")
        if not isinstance(kind, str):
            raise FileFormatError(f"{source}: \"kind\" must be a puzzle kind name")
        puzzles = data.get("puzzles")
        if not isinstance(puzzles, list):
            raise FileFormatError(f"{source}: \"puzzles\" must be a list")
        out = []
        for i, item in enumerate(puzzles, start=1):
            where = f"{source}: puzzle {i}"
            if not isinstance(item, dict):
                raise FileFormatError(f"{where}: expected an object")
            for key in ("id", "difficulty", "question", "answer"):
                if key not in item:
                    raise FileFormatError(f"{where}: missing \"{key}\"")
            if not isinstance(item["question"], dict) or not isinstance(item["answer"], dict):
                raise FileFormatError(f"{where}: \"question\" and \"answer\" must be objects")
            out.append(Puzzle(str(item["id"]), str(item["difficulty"]), item["question"],
                              item["answer"], item.get("grade") or {}))
        generator = data.get("generator") or {}
        if not isinstance(generator, dict):
            raise FileFormatError(f"{source}: \"generator\" must be an object")
        return cls(kind, generator, tuple(out))


# ---------------------------------------------------------------------------
# The interface
# ---------------------------------------------------------------------------


class PuzzleKind(ABC):
    """One kind of puzzle. Subclasses set the class attributes and the methods."""

    name: ClassVar[str]
    title: ClassVar[str]
    """A title for a section of these puzzles: "Find the wait"."""
    params_type: ClassVar[type]
    instructions: ClassVar[str]
    """Template (in ``templates/puzzles/``) with the words that explain the puzzles."""
    answer_label: ClassVar[str] = "Answer:"
    misses_in_a_row: ClassVar[int] = 3000
    """A set gives up after this many attempts in a row that find nothing new."""

    @abstractmethod
    def check_request(self, params: Any, count: int) -> None:
        """Raise :class:`RequestError` at once for a request that can never be met."""

    @abstractmethod
    def generate(self, params: Any, rng: random.Random) -> Candidate | None:
        """One candidate puzzle, or None when this attempt found nothing suitable."""

    def decoy(self, params: Any, rng: random.Random) -> Candidate | None:
        """A puzzle whose answer is "none" (kinds without decoys return None)."""
        return None

    def decoys_wanted(self, params: Any) -> int:
        return 0

    @abstractmethod
    def validate(self, question: Mapping[str, Any], where: str) -> None:
        """Raise :class:`FileFormatError` if a stored question cannot be read."""

    @abstractmethod
    def solve(self, question: Mapping[str, Any]) -> dict[str, Any]:
        """The answer, derived from the question alone."""

    @abstractmethod
    def grade(self, question: Mapping[str, Any], answer: Mapping[str, Any]) -> Grade: ...

    def reference(self, puzzle: Puzzle) -> dict[str, Any]:
        """The answer :func:`verify_set` checks a stored puzzle against and grades: by
        default solved afresh from the question. A kind whose stored answer is a
        certificate that can be checked by itself (a solitaire solution replays) may
        return the stored answer once it has checked it."""
        return self.solve(puzzle.question)

    def differences(self, stored: Mapping[str, Any], solved: Mapping[str, Any]) -> list[str]:
        """How a stored answer differs from the solved one (empty when it is right)."""
        return [] if dict(stored) == dict(solved) else ["the answer differs from the solver's"]

    def check(self, puzzle: Puzzle, solved: Mapping[str, Any]) -> list[str]:
        """What is wrong with a stored puzzle's answer, given the answer solved afresh.
        Kinds whose answers are not unique (a solitaire solution) replay them instead."""
        return self.differences(puzzle.answer, solved)

    @abstractmethod
    def question_blocks(self, puzzle: Puzzle) -> tuple:
        """Document blocks that pose the puzzle."""

    @abstractmethod
    def answer_blocks(self, puzzle: Puzzle) -> tuple:
        """Document blocks of the answer key entry."""

    def columns(self, puzzles: PuzzleSet, width: float) -> int:
        """How many puzzles sit side by side on a page ``width`` mm wide."""
        return 1

    def key_columns(self, puzzles: PuzzleSet, width: float) -> int:
        return 2

    def writing_lines(self, puzzle: Puzzle) -> int:
        return 1

    def notes(self, puzzles: PuzzleSet, params: Any) -> list[str]:
        """Lines for the user about a generated set (a difficulty met only nearly)."""
        return []


# ---------------------------------------------------------------------------
# Sets and verification
# ---------------------------------------------------------------------------


def generate_set(kind: PuzzleKind, params: Any, *, count: int, seed: int | str) -> PuzzleSet:
    """``count`` distinct puzzles of ``kind``; the same seed and params give the same set."""
    from generator import __version__

    if count < 1:
        raise RequestError(f"count must be at least 1, not {count}")
    kind.check_request(params, count)
    rng = random.Random(f"tilepress:{kind.name}:{seed}")
    decoys = kind.decoys_wanted(params)
    if decoys > count:
        raise RequestError(f"asked for {decoys} decoys in a set of only {count} puzzles")
    slots = [True] * decoys + [False] * (count - decoys)
    rng.shuffle(slots)
    seen: set[Hashable] = set()
    puzzles: list[Puzzle] = []
    for is_decoy in slots:
        misses = 0
        while True:
            misses += 1
            if misses > kind.misses_in_a_row:
                what = "decoys" if is_decoy else "puzzles"
                raise RequestError(
                    f"found only {len(puzzles)} distinct {what} for {describe(params)}; "
                    "ask for fewer or loosen the request"
                )
            found = kind.decoy(params, rng) if is_decoy else kind.generate(params, rng)
            if found is None or found.identity in seen:
                continue
            seen.add(found.identity)
            number = len(puzzles) + 1
            puzzles.append(Puzzle(f"{kind.name}-{seed}-{number:03d}", found.grade.difficulty,
                                  dict(found.question), dict(found.answer),
                                  found.grade.as_dict()))
            break
    generator = {"tilepress": __version__, "seed": seed, "params": params_dict(params)}
    return PuzzleSet(kind.name, generator, tuple(puzzles))


def describe(params: Any) -> str:
    return ", ".join(f"{k}={v}" for k, v in params_dict(params).items() if v not in (None, 0, ""))


@dataclass(frozen=True)
class Problem:
    puzzle_id: str
    message: str

    def __str__(self) -> str:
        return f"{self.puzzle_id}: {self.message}"


def verify_set(puzzles: PuzzleSet, kind: PuzzleKind) -> list[Problem]:
    """Re-solve and re-grade every puzzle; one :class:`Problem` per wrong claim."""
    problems = []
    seen: dict[str, int] = {}
    for index, puzzle in enumerate(puzzles.puzzles, start=1):
        label = puzzle.id or f"puzzle {index}"
        if puzzle.id in seen:
            problems.append(Problem(label, f"the id is used twice (puzzles {seen[puzzle.id]} "
                                           f"and {index})"))
        seen[puzzle.id] = index
        try:
            kind.validate(puzzle.question, "question")
            solved = kind.reference(puzzle)
        except TilepressError as exc:
            problems.append(Problem(label, f"the question cannot be read: {exc}"))
            continue
        for message in kind.check(puzzle, solved):
            problems.append(Problem(label, message))
        grade = kind.grade(puzzle.question, solved)
        if puzzle.difficulty != grade.difficulty:
            problems.append(Problem(label, f"marked {puzzle.difficulty}, but it grades as "
                                           f"{grade.difficulty}"))
    return problems
