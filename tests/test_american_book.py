"""American Mah Jongg on paper: the rulebook's claims checked by the engine, the
card-hand figure, the rulebook's example and the worked example."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tilepress.draw.canvas import PAPERS
from tilepress.games.american import narrate, runner
from tilepress.games.american.options import AmericanOptions, CardHandFigure
from tilepress.games.american.pictures import card_hand_figure
from tilepress.publish.rulebook import ClaimError, build_rulebook, parse_spec
from tilepress.resources import shipped


def _spec_text() -> str:
    return shipped("templates", "rulebooks", "american", "rulebook.toml").read_text()


def test_a_changed_claim_stops_the_build_naming_the_figure() -> None:
    text = _spec_text()
    assert "claim = { makes = true, jokers = 4, value = 40 }" in text
    spec = parse_spec(text.replace("jokers = 4, value = 40", "jokers = 3, value = 40"),
                      "american", source="test")
    with pytest.raises(ClaimError, match="figure 'quint' claims jokers = 3, the engine finds 4"):
        build_rulebook("american", PAPERS["a4"], spec=spec)


def test_tiles_that_do_not_make_the_hand_stop_the_build() -> None:
    text = _spec_text().replace('tiles = "222m 4444m 666m 8888m"',
                                'tiles = "222m 4444m 666m 888m 1f"')
    spec = parse_spec(text, "american", source="test")
    with pytest.raises(Exception, match=r"does not make 2468 #1"):
        build_rulebook("american", PAPERS["a4"], spec=spec)


@pytest.mark.parametrize(("hand", "tiles", "facts"), [
    ("2468 #1", "", {"value": 25, "concealed": False}),
    ("2468 #1", "222m4444m666m8888m", {"makes": True, "jokerless": True, "jokers": 0}),
    ("Like numbers #2", "1f2f 111m 11p1j 77z1j [11s1j]", {"makes": True, "jokers": 3}),
    ("Singles and pairs #2", "44z 11z 33z 22z 11m 11s 11p", {"concealed": True,
                                                            "value": 50}),
])
def test_the_card_hand_figure_knows_its_hand(hand, tiles, facts) -> None:
    drawn = card_hand_figure(CardHandFigure(hand=hand, tiles=tiles, tile_width=8))
    assert facts.items() <= dict(drawn.facts).items()
    assert drawn.figure.width <= 124  # fits a booklet page at 8 mm a tile


def test_a_joker_in_a_pair_does_not_make_the_hand() -> None:
    with pytest.raises(Exception, match="does not make Like numbers #2"):
        card_hand_figure(CardHandFigure(hand="Like numbers #2",
                                        tiles="1f1j 111m 111p 777z [111s]"))


@pytest.mark.parametrize("suffix", [".svg", ".pdf"])
def test_draw_card_hand_writes_the_figure_and_its_facts(cli, tmp_path: Path,
                                                       suffix: str) -> None:
    out = tmp_path / f"hand{suffix}"
    r = cli("draw", "card-hand", "2026 #1", "--tiles", "1f3f 2m5z2m6m 2222s 22p1j1j",
            "--facts", "-o", out)
    assert r.code == 0, r
    assert out.read_bytes()[:5] in (b"<?xml", b"<svg ", b"%PDF-")
    facts = json.loads(r.out.strip().splitlines()[-1])
    assert facts["makes"] and facts["jokers"] == 2 and facts["hand"] == "2026 #1"


@pytest.mark.parametrize(("args", "message"), [
    (("",), "name a hand of the card"),
    (("2468 #9",), "has no hand '2468 #9'"),
    (("2468 #1", "--tiles", "222m4444m666m888m1f"), "does not make 2468 #1"),
    (("2468 #1", "--tiles", "222m4444m666m8888x"), "'x'"),
    (("2468 #1", "--tiles", "222m [4444m 666m8888m"), "never closed"),
    (("2468 #1", "--tiles", "222m4444m666m8888m7m"), "14 tiles"),
    (("2468 #1", "--tiles", "222m4444m666m88888m"), "only 4 of 8 Characters"),
    (("2468 #1", "--card", "nowhere.card"), "nowhere.card"),
    (("2468 #1", "--tile-width", "0"), "tile-width must be from 4 to 60"),
])
def test_draw_card_hand_refuses_bad_input_in_one_line(cli, tmp_path: Path, args,
                                                      message: str) -> None:
    out = tmp_path / "x.svg"
    r = cli("draw", "card-hand", *args, "-o", out)
    assert r.code == 2, r
    assert message in r.err and r.err.count("\n") == 1 and "Traceback" not in r.err
    assert not out.exists()


def test_the_rulebook_example_is_the_first_game_that_fits_its_criterion() -> None:
    options = AmericanOptions()
    assert narrate.example_fits(runner.play(options, narrate.EXAMPLE_SEED))
    assert not any(narrate.example_fits(runner.play(options, seed))
                   for seed in range(1, narrate.EXAMPLE_SEED))


def _pages(doc) -> int:
    from tilepress.documents.layout import paginate

    return len(paginate(doc)[0])


@pytest.mark.parametrize("seed", [2, 5])  # a wall game of 107 discards; a win on a discard
def test_the_worked_example_teaches_in_four_to_ten_pages(seed: int) -> None:
    import re

    from tilepress.documents.model import Paragraph, Table

    log = runner.play(AmericanOptions(), seed)
    doc = narrate.worked_example(log, PAPERS["a4"])
    assert 4 <= _pages(doc) <= 10
    assert 4 <= _pages(narrate.worked_example(log, PAPERS["letter"])) <= 10
    first = next(b for b in doc.blocks if isinstance(b, Paragraph))
    assert ("wins after" in first.text) == (log.result["winner"] is not None)
    # tiles are named in words, never in the notation (2m, 5z, 1j)
    text = " ".join([b.text for b in doc.blocks if isinstance(b, Paragraph)]
                    + [c for b in doc.blocks if isinstance(b, Table) for row in b.rows
                       for c in row if isinstance(c, str)])
    assert not re.search(r"\b\d[mpszfj]\b", text), re.search(r".{30}\b\d[mpszfj]\b.{10}", text)


def test_full_keeps_every_turn() -> None:
    log = runner.play(AmericanOptions(), 5)
    short = narrate.worked_example(log, PAPERS["a4"])
    full = narrate.worked_example(log, PAPERS["a4"], full=True)
    assert _pages(full) > _pages(short)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("booklet", [False, True])
def test_the_quick_reference_is_the_last_page_alone(paper: str, booklet: bool) -> None:
    from tilepress.documents.layout import paginate

    pages, sections = paginate(build_rulebook("american", PAPERS[paper], booklet=booklet))
    assert sections["Quick reference"] == len(pages)
    assert 8 <= len(pages) <= 14


def test_an_exposure_is_named_in_words_not_underlined() -> None:
    """On the card a line under a group means its second suit; under the tiles of a
    figure the same mark read as 'exposed', and the two met on one page. The figure says
    'exposed' under the exposed group, and draws no line below the card line."""
    from drawn import ProbeSurface

    drawn = card_hand_figure(CardHandFigure(hand="Like numbers #2",
                                            tiles="1f2f 111m 11p1j 77z1j [11s1j]",
                                            tile_width=8))
    surface = ProbeSurface()
    with surface.page(drawn.figure.width, drawn.figure.height) as c:
        drawn.figure.draw(c)
    page = surface.pages[0]
    assert [t.text for t in page.texts].count("exposed") == 1
    card_line = max(t.y for t in page.texts if t.text != "exposed")
    assert not [s for s in page.shapes if s.kind == "path" and s.box[1] > card_line + 2]
