"""The one interface every puzzle kind implements, and the puzzle file format.

A kind (see :class:`PuzzleKind`) says what its parameters are, makes one candidate
puzzle from a ``random.Random``, solves a question from scratch, grades it, and turns a
puzzle into document blocks for the question page and the answer key. Everything else
-- sets without repeats, files, verification, books -- is written once, here and in
:mod:`tilepress.documents`.

File contract (JSON)::

    {"format": "tilepress-puzzles", "version": 1, "kind": "waits",
     "generator": {"tilepress": "0.1.0", "seed": 7, "params": {...}},
     "puzzles": [{"id": "waits-7-001", "difficulty": "hard",
                  "question": {...}, "answer": {...}, "grade": {...}}]}

A file may hold puzzles of several kinds (a daily sheet): its ``kind`` is ``"mixed"``
and each puzzle names its own ``"kind"``.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from tilepress.errors import FileFormatError, RequestError, TilepressError
from tilepress.jsontext import MISSING, first_difference, parse_json, shown
from tilepress.params import params_dict

FORMAT = "tilepress-puzzles"
VERSION = 1
MIXED = "mixed"
"""The ``kind`` of a file whose puzzles each name their own kind."""
DIFFICULTIES = ("easy", "medium", "hard", "expert")
MAX_COUNT = 1000
"""The most puzzles in one set: a 100-page book holds about 600."""
_Read = TypeVar("_Read")
Keep = Callable[[Hashable], bool]
"""A caller's filter on identities (:attr:`Candidate.identity`), which a kind asks before it
solves a question: a daily sheet keeps only the puzzles of its own day's share."""


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
    kind: str = ""
    """The puzzle's own kind, in a file of several kinds (empty in a file of one)."""

    def as_dict(self) -> dict[str, Any]:
        out = {"id": self.id, **({"kind": self.kind} if self.kind else {}),
               "difficulty": self.difficulty, "question": dict(self.question),
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
    """Two candidates with equal identity are the same puzzle (mirror images, suit swaps).
    Made of tuples, text and whole numbers, so that its repr is the same in every
    process (a daily sheet hashes it)."""


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
    def from_json(cls, text: str, *, source: str = "puzzle file",
                  questions: bool = False) -> PuzzleSet:
        """Read a puzzle file, checking the contract; errors name the file and the place.
        Only the fields of the contract are allowed (docs/formats.md): anything else is
        refused, never silently trusted or dropped. With ``questions`` (a file to solve)
        a puzzle needs only its ``question``: a missing ``answer`` is empty, a missing
        ``difficulty`` is "", a missing ``id`` is ``puzzle-N`` (N its place from 1)."""
        return cls.from_data(parse_json(text, source), source=source, questions=questions)

    @classmethod
    def from_data(cls, data: Any, *, source: str = "puzzle file",
                  questions: bool = False) -> PuzzleSet:
        """A puzzle file already read as JSON (see :meth:`from_json`)."""
        if not isinstance(data, dict):
            raise FileFormatError(f"{source}: expected a JSON object at the top")
        unknown = sorted(set(data) - FILE_KEYS)
        if unknown:
            raise FileFormatError(f"{source}: unknown field {unknown[0]!r} at the top (the "
                                  f"fields are {', '.join(sorted(FILE_KEYS))})")
        if data.get("format") != FORMAT:
            raise FileFormatError(f"{source}: \"format\" must be {FORMAT!r}")
        if data.get("version") != VERSION or isinstance(data.get("version"), bool):
            raise FileFormatError(
                f"{source}: version {shown(data.get('version', MISSING))} is not supported "
                f"(this is {VERSION})")
        kind = data.get("kind")
        if not isinstance(kind, str):
            raise FileFormatError(f"{source}: \"kind\" must be a puzzle kind name")
        puzzles = data.get("puzzles")
        if not isinstance(puzzles, list):
            raise FileFormatError(f"{source}: \"puzzles\" must be a list")
        if len(puzzles) > MAX_COUNT:
            raise FileFormatError(f"{source}: {len(puzzles):,} puzzles; a set holds at most "
                                  f"{MAX_COUNT:,}")
        out = []
        for i, item in enumerate(puzzles, start=1):
            where = f"{source}: puzzle {i}"
            if not isinstance(item, dict):
                raise FileFormatError(f"{where}: expected an object")
            if questions:
                item = {"id": f"puzzle-{i}", "difficulty": "", "answer": {}, **item}
            for key in ("id", "difficulty", "question", "answer"):
                if key not in item:
                    raise FileFormatError(f"{where}: missing \"{key}\"")
            unknown = sorted(set(item) - PUZZLE_KEYS)
            if unknown:
                raise FileFormatError(f"{where}: unknown field {unknown[0]!r} (a puzzle has "
                                      f"{', '.join(sorted(PUZZLE_KEYS))})")
            if not isinstance(item["id"], str) or not item["id"].strip():
                raise FileFormatError(f"{where}: \"id\" must be text")
            if item["difficulty"] not in DIFFICULTIES and not (questions
                                                              and item["difficulty"] == ""):
                raise FileFormatError(f"{where}: \"difficulty\" must be one of "
                                      f"{', '.join(DIFFICULTIES)}, not "
                                      f"{shown(item['difficulty'])}")
            for key in ("question", "answer"):
                if not isinstance(item[key], dict):
                    raise FileFormatError(f"{where}: \"{key}\" must be an object")
            if not isinstance(item.get("grade", {}), dict):
                raise FileFormatError(f"{where}: \"grade\" must be an object")
            own = item.get("kind", "")
            if not isinstance(own, str) or (kind == MIXED and not own):
                raise FileFormatError(f"{where}: \"kind\" must name the puzzle's kind")
            if own and kind != MIXED and own != kind:
                raise FileFormatError(f"{where}: a {own} puzzle in a file of {kind} puzzles "
                                      f"(a file of several kinds has \"kind\": \"{MIXED}\")")
            out.append(Puzzle(item["id"], item["difficulty"], item["question"],
                              item["answer"], item.get("grade") or {}, own))
        generator = data.get("generator", {})
        if not isinstance(generator, dict) or not isinstance(generator.get("params", {}), dict):
            raise FileFormatError(f"{source}: \"generator\" must be an object (with "
                                  "\"params\" an object)")
        return cls(kind, generator, tuple(out))


FILE_KEYS = frozenset({"format", "version", "kind", "generator", "puzzles"})
PUZZLE_KEYS = frozenset({"id", "kind", "difficulty", "question", "answer", "grade"})


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
    def generate(self, params: Any, rng: random.Random, keep: Keep | None = None
                 ) -> Candidate | None:
        """One candidate puzzle, or None when this attempt found nothing suitable. With
        ``keep``, a question whose identity ``keep`` refuses is None at once, before it is
        solved; the random stream is used the same way whatever ``keep`` says."""

    takes_nearest: ClassVar[bool] = False
    """The kind settles for the nearest difficulty when the asked one is out of reach (a
    solitaire layout) and chooses among its own deals; its sets are not filtered."""

    def difficulty(self, params: Any) -> str:
        """The difficulty every puzzle of a set must grade as ("any": whatever it grades),
        the asked one unless the kind :attr:`takes_nearest`. :func:`generate_set` passes
        over the candidates that miss it, decoys included."""
        if self.takes_nearest:
            return "any"
        return str(getattr(params, "difficulty", "any"))

    def decoy(self, params: Any, rng: random.Random, keep: Keep | None = None
              ) -> Candidate | None:
        """A puzzle whose answer is "none" (kinds without decoys return None); ``keep`` as
        for :meth:`generate`."""
        return None

    def listing(self, params: Any) -> Sequence[Hashable] | None:
        """Every puzzle (decoys aside) the request can give, when there are few enough to
        list: one item per identity, in a fixed order, each turned into its puzzle by
        :meth:`from_listing`. None (the default): too many to list."""
        return None

    def from_listing(self, params: Any, item: Hashable, rng: random.Random) -> Candidate:
        """The puzzle of an item of :meth:`listing`, shown one way of the several its
        identity allows (a suit, a mirror image) as ``rng`` chooses."""
        raise NotImplementedError(f"{self.name} puzzles are not listed")

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

    def solve_given(self, question: Mapping[str, Any], *,
                    budget: int | None = None) -> dict[str, Any]:
        """The answer to a question a user wrote (``tilepress solve``): :meth:`solve`; a
        kind whose solver searches (a solitaire deal) spends up to ``budget`` simulated
        plays (None: its own default) and says why it found no answer."""
        return self.solve(question)

    def shown_params(self, puzzle: Puzzle) -> dict[str, Any]:
        """The parameters a puzzle shows by itself (its hand size, its suits). A set a user
        wrote, with no record of the parameters it was made with, is printed in sections
        of puzzles that show the same ones, each introduced in their words."""
        return {}

    def set_params(self, puzzles: Sequence[Puzzle]) -> dict[str, Any]:
        """The parameters a section of solved puzzles that show the same
        :meth:`shown_params` is introduced with (a kind may add what the answers show,
        such as how many hands are not ready)."""
        return self.shown_params(puzzles[0]) if puzzles else {}

    def reference(self, puzzle: Puzzle) -> dict[str, Any]:
        """The answer :func:`verify_set` checks a stored puzzle against and grades: by
        default solved afresh from the question. A kind whose stored answer is a
        certificate that can be checked by itself (a solitaire solution replays) may
        return the stored answer once it has checked it."""
        return self.solve(puzzle.question)

    grade_follows_answer: ClassVar[bool] = False
    """Whether the grade is read along the answer (a solitaire key's traps on its way), so
    that another right answer grades otherwise: a stored grade of a puzzle given without
    its answer is then not compared with the grade of the answer found anew."""

    question_keys: ClassVar[frozenset[str]] = frozenset()
    """The fields a question may have: :func:`verify_set` refuses any other (a kind must
    list its own; none listed, every field is refused)."""

    def differences_led_by(self, field: str, stored: Mapping[str, Any],
                           solved: Mapping[str, Any], skip: tuple[str, ...],
                           said: Callable[[str, Any], str]) -> list[str]:
        """``field`` in a player's words (``said(stored value shown, solved value)``) when
        it differs, then every other field exactly, as :meth:`differences` does."""
        if stored.get(field) == solved[field]:
            return PuzzleKind.differences(self, stored, solved, skip=skip)
        return [said(shown(stored.get(field, MISSING)), solved[field]),
                *PuzzleKind.differences(self, stored, solved, skip=(*skip, field))]

    def differences(self, stored: Mapping[str, Any], solved: Mapping[str, Any], *,
                    skip: tuple[str, ...] = ()) -> list[str]:
        """How a stored answer differs from the solved one (empty when it is right):
        every field, as JSON, types and order included; a missing field and a field the
        solver does not give are each a difference. Kinds that word some fields better
        report those first and ``skip`` them here."""
        problems = []
        for key in solved:
            if key in skip:
                continue
            if key not in stored:
                problems.append(f"answer.{key} is missing (the solver gives "
                                f"{shown(solved[key])})")
                continue
            found = first_difference(stored[key], solved[key], key)
            if found:
                path, have, want = found
                if have is MISSING:
                    problems.append(f"answer.{path} is missing (the solver gives "
                                    f"{shown(want)})")
                elif want is MISSING:
                    problems.append(f"answer.{path} is not in the solver's answer")
                else:
                    problems.append(f"answer.{path} is {shown(have)}, the solver gives "
                                    f"{shown(want)}")
        return problems

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

    def line_labels(self, puzzle: Puzzle) -> tuple[str, ...]:
        """A label for each writing line (``answer_label`` on every line unless given)."""
        return ()

    def answer_title(self, puzzle: Puzzle) -> str:
        """The title of a puzzle's entry in the key: the hand, as written in the file."""
        hand = puzzle.question.get("hand")
        return hand if isinstance(hand, str) else ""

    key_note: ClassVar[str] = ""
    """A template (in ``templates/puzzles/``) whose words open a sheet's answer key: how
    the key writes what it shows."""

    def notes(self, puzzles: PuzzleSet, params: Any) -> list[str]:
        """Lines for the user about a generated set (a difficulty met only nearly)."""
        return []


# ---------------------------------------------------------------------------
# Sets and verification
# ---------------------------------------------------------------------------


def generate_set(kind: PuzzleKind, params: Any, *, count: int, seed: int | str,
                 progress: Callable[[int, int], None] | None = None) -> PuzzleSet:
    """``count`` distinct puzzles of ``kind``; the same seed and params give the same set.
    ``progress(found, count)`` hears of each puzzle found (a batch runner's callback)."""
    from tilepress.version import __version__

    if isinstance(count, bool) or not isinstance(count, int):
        raise RequestError(f"count must be a whole number, not {count!r}")
    if not 1 <= count <= MAX_COUNT:
        shown = count if abs(count) < 10**12 else f"{str(count)[:12]}..."
        raise RequestError(f"count must be from 1 to {MAX_COUNT:,}, not {shown}")
    kind.check_request(params, count)
    rng = random.Random(f"tilepress:{kind.name}:{seed}")
    decoys = kind.decoys_wanted(params)
    if decoys > count:
        raise RequestError(f"asked for {decoys} decoys in a set of only {count} "
                           f"puzzle{'s' * (count != 1)}")

    def give_up(found: int, decoy: bool) -> str:
        return (f"found only {found} distinct {'decoys' if decoy else 'puzzles'} for "
                f"{describe(params)}; ask for fewer or loosen the request")

    found = draw_candidates(kind, params, count, rng, asked=kind.difficulty(params),
                            tries=kind.misses_in_a_row, give_up=give_up, progress=progress)
    puzzles = [Puzzle(f"{kind.name}-{seed}-{number:03d}", c.grade.difficulty,
                      dict(c.question), dict(c.answer), c.grade.as_dict())
               for number, c in enumerate(found, start=1)]
    generator = {"tilepress": __version__, "seed": seed, "params": params_dict(params)}
    return PuzzleSet(kind.name, generator, tuple(puzzles))


def draw_candidates(kind: PuzzleKind, params: Any, count: int, rng: random.Random, *,
                    asked: str, tries: int, give_up: Callable[[int, bool], str],
                    exclude: frozenset | set = frozenset(),
                    progress: Callable[[int, int], None] | None = None,
                    make: Callable[[bool], Candidate | None] | None = None
                    ) -> list[Candidate]:
    """``count`` distinct candidates of ``kind``, decoys in shuffled places, each grading
    as ``asked`` ("any": whatever it grades) and none of whose identities is in
    ``exclude``. After ``tries`` misses in a row: :class:`RequestError` with the words of
    ``give_up(candidates found so far, whether a decoy was wanted)``. ``progress(found,
    count)``, if given, is called before the first and after each candidate found.
    ``make(decoy)`` makes each attempt (by default the kind's :meth:`~PuzzleKind.decoy`
    or :meth:`~PuzzleKind.generate` from ``rng``)."""
    decoys = kind.decoys_wanted(params)
    slots = [True] * decoys + [False] * (count - decoys)
    rng.shuffle(slots)
    seen: set[Hashable] = set()
    found: list[Candidate] = []
    if progress is not None:
        progress(0, count)
    for is_decoy in slots:
        misses = 0
        while True:
            misses += 1
            if misses > tries:
                raise RequestError(give_up(len(found), is_decoy))
            if make is not None:
                candidate = make(is_decoy)
            else:
                candidate = kind.decoy(params, rng) if is_decoy else kind.generate(params, rng)
            if (candidate is None or candidate.identity in seen
                    or candidate.identity in exclude
                    or asked not in ("any", candidate.grade.difficulty)):
                continue
            seen.add(candidate.identity)
            found.append(candidate)
            if progress is not None:
                progress(len(found), count)
            break
    return found


def read_field(question: Mapping[str, Any], key: str, where: str,
               read: Callable[[str], _Read], what: str) -> _Read:
    """A text field of a stored question, read by ``read`` (which raises a
    :class:`TilepressError` for text it refuses): one line naming the field when it is
    not text (it must be ``what``) or ``read`` refuses it."""
    text = question.get(key)
    if not isinstance(text, str):
        raise FileFormatError(f"{where}: question.{key} must be {what}")
    try:
        return read(text)
    except TilepressError as exc:
        raise FileFormatError(f"{where}: question.{key}: {exc}") from None


def describe(params: Any) -> str:
    return ", ".join(f"{k}={v}" for k, v in params_dict(params).items() if v not in (None, 0, ""))


@dataclass(frozen=True)
class Problem:
    puzzle_id: str
    message: str

    def __str__(self) -> str:
        return f"{self.puzzle_id}: {self.message}"


def verify_set(puzzles: PuzzleSet, kind: PuzzleKind | Callable[[str], PuzzleKind]
               ) -> list[Problem]:
    """Re-solve and re-grade every puzzle; one :class:`Problem` per wrong claim. ``kind``
    is the set's kind, or a function that finds a kind by name for a file of several
    kinds (each puzzle's own ``kind``, else the file's).

    Every field of the stored answer is compared with the solver's (a kind whose answers
    are not unique, such as a solitaire solution, checks its own way in
    :meth:`PuzzleKind.check`); a field the solver does not give is wrong; the difficulty
    and the whole ``grade`` object are computed again and compared."""
    problems = []
    seen: dict[str, int] = {}
    for index, puzzle in enumerate(puzzles.puzzles, start=1):
        label = puzzle.id or f"puzzle {index}"
        if puzzle.id in seen:
            problems.append(Problem(label, f"the id is used twice (puzzles {seen[puzzle.id]} "
                                           f"and {index})"))
        seen[puzzle.id] = index
        problems.extend(_check_one(puzzle, label, kind if isinstance(kind, PuzzleKind)
                                   else kind(puzzle.kind or puzzles.kind)))
    return problems


def _foreign_keys(puzzle: Puzzle, kind: PuzzleKind) -> list[str]:
    """The fields of a question that are not part of its kind's questions."""
    if kind.question_keys is None:
        return []
    return [f"question.{key} is not part of a {kind.name} question"
            for key in sorted(set(puzzle.question) - kind.question_keys)]


def _check_one(puzzle: Puzzle, label: str, kind: PuzzleKind) -> list[Problem]:
    """Every wrong claim of one puzzle: its question's fields, its answer, its grade."""
    problems = [Problem(label, message) for message in _foreign_keys(puzzle, kind)]
    try:
        kind.validate(puzzle.question, "question")
        solved = kind.reference(puzzle)
    except TilepressError as exc:
        reason = str(exc).removeprefix("question: ")
        problems.append(Problem(label, f"the question cannot be read: {reason}"))
        return problems
    wrong = _answer_faults(puzzle, kind, solved)
    problems += [Problem(label, message) for message in wrong]
    # a right answer is graded as stored (a solitaire's own solution); else the solver's
    grade = kind.grade(puzzle.question, solved if wrong else puzzle.answer)
    return problems + _grade_faults(puzzle, label, grade)


def _answer_faults(puzzle: Puzzle, kind: PuzzleKind, solved: Mapping[str, Any]) -> list[str]:
    """How a stored answer differs from the reference answer ``solved``."""
    wrong = list(kind.check(puzzle, solved))
    wrong += [f"answer.{key} is not part of a {kind.name} answer"
              for key in sorted(set(puzzle.answer) - set(solved))
              if not any(m.startswith(f"answer.{key} ") for m in wrong)]
    return wrong


def _grade_faults(puzzle: Puzzle, label: str, grade: Grade, *,
                  given_only: bool = False) -> list[Problem]:
    """How a stored difficulty and grade differ from ``grade``; with ``given_only`` (a
    question a user wrote) only those the puzzle gives are compared."""
    problems = []
    if puzzle.difficulty != grade.difficulty and (puzzle.difficulty or not given_only):
        problems.append(Problem(label, f"marked {puzzle.difficulty}, but it grades as "
                                       f"{grade.difficulty}"))
    if puzzle.grade or not given_only:
        problems += [Problem(label, m) for m in grade_differences(puzzle.grade, grade)]
    return problems


def grade_differences(stored: Mapping[str, Any], grade: Grade) -> list[str]:
    """How a stored ``grade`` object differs from the grade computed again."""
    want = json.loads(json.dumps(grade.as_dict()))
    if not stored:
        return [f"the grade is missing (it grades as {shown(want)})"]
    found = first_difference(dict(stored), want)
    if found is None:
        return []
    path, have, should = found
    if should is MISSING:
        return [f"grade.{path} is not part of the grade"]
    if have is MISSING:
        return [f"grade.{path} is missing (it is {shown(should)})"]
    return [f"grade.{path} is {shown(have)}, but it grades as {shown(should)}"]


# ---------------------------------------------------------------------------
# Solving a user's questions
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Solved:
    """What :func:`solve_set` made of a file of questions."""

    puzzles: PuzzleSet
    """Every puzzle that was solved, complete: question, answer, difficulty and grade."""
    problems: tuple[Problem, ...]
    """What the file claimed wrongly (a stored answer, difficulty or grade), each named as
    ``verify`` names it; the puzzle is in :attr:`puzzles` with the solver's answer."""
    unsolved: tuple[Problem, ...]
    """The puzzles that could not be solved, each with the reason; left out of
    :attr:`puzzles`."""


def solve_set(puzzles: PuzzleSet, kind: PuzzleKind | Callable[[str], PuzzleKind], *,
              budget: int | None = None) -> Solved:
    """Solve and grade every puzzle of a set whose answers may be missing (a file read
    with ``questions=True``), as :func:`generate_set` would have: a puzzle with an answer
    is solved again and compared, as :func:`verify_set` does. ``kind`` is the set's
    kind, or a function that finds a kind by name (a file of several kinds); ``budget``
    goes to :meth:`PuzzleKind.solve_given`."""
    from tilepress.version import __version__

    done: list[Puzzle] = []
    problems: list[Problem] = []
    unsolved: list[Problem] = []
    seen: dict[str, int] = {}
    for index, puzzle in enumerate(puzzles.puzzles, start=1):
        label = puzzle.id
        if puzzle.id in seen:
            unsolved.append(Problem(label, f"the id is used twice (puzzles {seen[puzzle.id]} "
                                           f"and {index}); give each puzzle its own"))
            continue
        seen[puzzle.id] = index
        try:
            own = kind if isinstance(kind, PuzzleKind) else kind(puzzle.kind or puzzles.kind)
            foreign = _foreign_keys(puzzle, own)
            if foreign:
                raise FileFormatError(foreign[0])
            own.validate(puzzle.question, "question")
            answer = _reference_or_none(own, puzzle) if puzzle.answer else None
            if answer is None:
                answer = own.solve_given(puzzle.question, budget=budget)
            grade = own.grade(puzzle.question, answer)
        except TilepressError as exc:
            unsolved.append(Problem(label, str(exc).removeprefix("question: ")))
            continue
        if puzzle.answer:
            problems += [Problem(label, m) for m in _answer_faults(puzzle, own, answer)]
        if puzzle.answer or not own.grade_follows_answer:
            problems += _grade_faults(puzzle, label, grade, given_only=True)
        done.append(Puzzle(puzzle.id, grade.difficulty, dict(puzzle.question), dict(answer),
                           grade.as_dict(), puzzle.kind))
    generator = {**puzzles.generator, "solved_by": f"tilepress {__version__}"}
    return Solved(PuzzleSet(puzzles.kind, generator, tuple(done)), tuple(problems),
                  tuple(unsolved))


def _reference_or_none(kind: PuzzleKind, puzzle: Puzzle) -> dict[str, Any] | None:
    """The answer a stored one is checked against (:meth:`PuzzleKind.reference`), or None
    when that needs the solver and its own budget did not do (the caller's may)."""
    try:
        return kind.reference(puzzle)
    except TilepressError:
        return None

