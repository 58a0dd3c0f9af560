"""``tilepress puzzle KIND`` (one command per puzzle kind, from the game descriptors) and
``tilepress verify``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from tilepress.cli.common import (
    Paper,
    Seed,
    command,
    dataclass_parameters,
    echo,
    fail,
    force_parameter,
    new_app,
    output_option,
    paper,
    parameter,
    plural,
    take,
    whole,
)
from tilepress.engine.game import Game, PuzzleEntry

app = new_app("Generate puzzles with a solution key (.json, .svg or .pdf).")


def write_puzzles(entry: PuzzleEntry, values: dict[str, Any]) -> None:
    from tilepress.cli.progress import progress
    from tilepress.documents.puzzles import PuzzleSection, sheet
    from tilepress.files import write_atomic
    from tilepress.games import find_kind
    from tilepress.output import output_format, write_pages
    from tilepress.params import parse_params
    from tilepress.puzzles.base import generate_set

    output, force = values.pop("output"), values.pop("force")
    fmt = output_format(output, (".json", ".svg", ".pdf"), force=force)
    page = paper(values.pop("paper"))
    count, seed = values.pop("count"), values.pop("seed")
    kind = find_kind(entry.name)
    params = parse_params(entry.params, take(values, entry.params),
                          where=f"puzzle {entry.name}")
    with progress("puzzles", count) as bar:
        puzzles = generate_set(kind, params, count=count, seed=seed, progress=bar.update)
        files = [output]
        if fmt == "json":
            write_atomic(output, puzzles.to_json(), force=force)
        else:
            files = write_pages(sheet(PuzzleSection(kind.title, kind, puzzles), page),
                                output, force=force)
    for note in kind.notes(puzzles, params):
        echo(note)
    bar.summary(f"wrote {plural(len(puzzles.puzzles), entry.name + ' puzzle')} to "
                f"{', '.join(map(str, files))}")


def _puzzle_command(entry: PuzzleEntry) -> Any:
    params = [
        parameter("count", entry.count, Annotated[int, typer.Option(
            "--count", "-n", parser=whole(), metavar="<int>",
                                                                    help="How many puzzles.")]),
        *dataclass_parameters(entry.params),
        parameter("seed", 1, Seed),
        parameter("output", Path(f"out/{entry.name}.pdf"),
                  Annotated[Path, output_option(".json .svg .pdf")]),
        parameter("paper", "a4", Paper),
        force_parameter(),
    ]
    return command(lambda values: write_puzzles(entry, values),
                   f"{entry.summary}\n\nExample: {entry.example}", params)


def register(games: tuple[Game, ...]) -> None:
    for game in games:
        for entry in game.puzzles:
            app.command(entry.name)(_puzzle_command(entry))


def verify(
    file: Annotated[str, typer.Argument(help="A puzzle file (.json) written by tilepress.")],
) -> None:
    """Solve every puzzle in a file again and check its answer and difficulty; exit 1 and
    name each puzzle whose answer is wrong. A file with no puzzles is not a pass: there
    is nothing to check (exit 2).

    Example: tilepress verify out/waits.json
    """
    from tilepress.errors import FileFormatError, RequestError
    from tilepress.files import read_text
    from tilepress.games import find_kind
    from tilepress.puzzles.base import MIXED, PuzzleSet, verify_set

    puzzles = PuzzleSet.from_json(read_text(file, "puzzle file"), source=str(file))
    mixed = puzzles.kind == MIXED
    try:
        kind = find_kind if mixed else find_kind(puzzles.kind)
    except RequestError as exc:
        raise FileFormatError(f"{file}: \"kind\": {exc}") from None
    if not puzzles.puzzles:
        raise FileFormatError(f"{file}: \"puzzles\" is empty, so there is nothing to check "
                              "(a file tilepress writes holds at least one puzzle)")
    problems = verify_set(puzzles, kind)
    for problem in problems:
        typer.echo(f"{file}: {problem}", err=True)
    total = len(puzzles.puzzles)
    if problems:
        wrong = len({p.puzzle_id for p in problems})
        fail(f"{wrong} of {plural(total, 'puzzle')} in {file} "
             f"{'is' if wrong == 1 else 'are'} wrong", code=1)
    kinds = dict.fromkeys(p.kind for p in puzzles.puzzles)
    what = (plural(total, "puzzle") + f" ({', '.join(kinds)})" if mixed
            else plural(total, f"{puzzles.kind} puzzle"))
    echo(f"{file}: {'all ' if total > 1 else ''}{what} check{'s' * (total == 1)} out")


def _register_all() -> None:
    from tilepress.games import GAMES

    register(GAMES)


_register_all()
