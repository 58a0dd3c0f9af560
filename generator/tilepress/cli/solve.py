"""``tilepress solve``: answers for a user's own puzzle file or solitaire deal."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tilepress.cli.common import (
    Force,
    Paper,
    echo,
    fail,
    output_option,
    pages_beside,
    whole,
)
from tilepress.wording import plural


def solve(
    file: Annotated[str | None, typer.Argument(
        help="A puzzle file (.json, answers optional) or a solitaire deal (.json); leave "
        "out with --tiles.", show_default=False)] = None,
    layout: Annotated[str | None, typer.Option(
        "--layout", help="With --tiles: the deal's layout, a built-in name (turtle, pyramid, "
        "...) or a .layout / .map file.")] = None,
    tiles: Annotated[str | None, typer.Option(
        "--tiles", help="A deal's tiles in MPSZ, one for each position of the layout in "
        "position order (the bottom layer first, each layer by rows from the top, each "
        "row from the left).")] = None,
    name: Annotated[str, typer.Option("--name", help="With --tiles: the deal's name, "
                                      "printed on the key.")] = "",
    output: Annotated[Path | None, output_option(".json .svg .pdf")] = None,
    paper: Paper = "a4",
    budget: Annotated[int | None, typer.Option(
        "--budget", parser=whole(), metavar="<int>",
        help="Simulated plays the solitaire solver may spend on each deal "
        "(default 100,000; the same budget gives the same verdict on any machine).")] = None,
    force: Force = False,
) -> None:
    """Solve and grade every puzzle of a file whose puzzles have questions and no answers
    (any kind), or a solitaire deal of your own, and write the complete puzzle file
    (.json) or a sheet with its answer key (.pdf, .svg). A file that has answers is solved
    again and compared, as verify does. Exit 1 if a puzzle cannot be solved (each is named
    with the reason; the others are still written) or a stored answer is wrong.

    Example: tilepress solve my-questions.json -o key.pdf
    """
    from tilepress.cli.common import paper as find_paper
    from tilepress.errors import RequestError
    from tilepress.files import read_text, write_atomic
    from tilepress.output import output_format, write_pages
    from tilepress.publish.solving import (
        deal_from,
        read_questions,
        solve_questions,
        solved_sheet,
    )

    if (file is None) == (tiles is None):
        raise RequestError("give a puzzle or deal file, or a deal with --layout and --tiles "
                           "(one of the two)")
    if file is not None and (layout is not None or name):
        raise RequestError("--layout and --name go with --tiles, not with a file")
    stem = Path(file).stem if file is not None else (name or layout or "turtle")
    target = output or Path(f"out/{'-'.join(stem.split()) or 'deal'}-solved.json")
    fmt = output_format(target, (".json", ".svg", ".pdf"), force=force)
    sheet_paper = find_paper(paper)
    if file is not None:
        questions = read_questions(read_text(file, "puzzle or deal file"), source=file,
                                   folder=Path(file).parent)
    else:
        questions = deal_from(layout or "turtle", tiles or "", name=name)
    source = file or "the deal"
    solved = solve_questions(questions, budget=budget)
    for problem in solved.unsolved:
        typer.echo(f"{source}: {problem.puzzle_id}: not solved: {problem.message}", err=True)
    for problem in solved.problems:
        typer.echo(f"{source}: {problem}", err=True)
    done = solved.puzzles
    if done.puzzles:
        if fmt == "json":
            files = [write_atomic(target, done.to_json(), force=force)]
        else:
            files = write_pages(solved_sheet(done, sheet_paper), target, force=force)
        echo(f"wrote {plural(len(done.puzzles), 'solved puzzle')} to {target}"
             f"{pages_beside(files)}")
    total = len(questions.puzzles)
    if solved.unsolved:
        fail(f"{len(solved.unsolved)} of {plural(total, 'puzzle')} in {source} "
             f"could not be solved{'' if done.puzzles else '; nothing was written'}", code=1)
    if solved.problems:
        wrong = len({p.puzzle_id for p in solved.problems})
        fail(f"{wrong} of {plural(total, 'puzzle')} in {source} claimed a wrong answer, "
             "difficulty or grade (the file written has the solver's)", code=1)
