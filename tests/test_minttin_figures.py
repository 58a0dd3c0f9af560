"""Mint Tin figures for rulebook writers (``tilepress draw cards``) and the Mint Tin
rulebook: every figure's claim checked by the engine."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilepress.errors import HandError
from tilepress.games.minttin.options import CardsFigure
from tilepress.games.minttin.pictures import cards_figure_of, parse_drawn_hand


def test_a_winning_hand_is_laid_out_in_its_blocks_with_its_points() -> None:
    drawn = cards_figure_of(CardsFigure("1111 5555 JJ [333J]", highlight="5"))
    facts = drawn.facts
    assert facts["wins"] and facts["points"] == 3
    assert facts["pattern"] == "one kong and two quints"
    assert facts["blocks"] == "1111J [333J] 5555J" and facts["set"] == "1-3-5"
    assert facts["category"] == "Consecutive Odds"


def test_an_exposures_joker_is_not_borrowed_in_a_figure() -> None:
    facts = cards_figure_of(CardsFigure("1111 5555 3 J [333J]")).facts
    assert not facts["wins"] and "is fixed" in facts["why_not"]


def test_thirteen_cards_show_what_completes_them() -> None:
    facts = cards_figure_of(CardsFigure("22 4444 6666 8 DF DF")).facts
    assert facts["cards"] == 13 and facts["completions"] == "8:2"  # kongs, concealed


@pytest.mark.parametrize(("claim", "words"), [({"points": 2}, "the engine scores it 3"),
                                               ({"pattern": "two pungs and two kongs"},
                                                "finds 'one kong and two quints'")])
def test_a_wrong_claim_is_refused(claim, words) -> None:
    with pytest.raises(HandError, match=words):
        cards_figure_of(CardsFigure("1111 5555 JJ [333J]", **claim))


def test_rows_wrap_within_the_width_and_cards_keep_their_size() -> None:
    one_row = cards_figure_of(CardsFigure("22 4444 6666 88 DF DF", card_width=9)).figure
    wrapped = cards_figure_of(CardsFigure("22 4444 6666 88 DF DF", card_width=9,
                                          width=100)).figure
    assert one_row.width > 100 >= wrapped.width
    assert wrapped.height > 1.9 * one_row.height


@pytest.mark.parametrize(("text", "words"), [("11 [44", "brackets"), ("11 ]44[", "brackets"),
                                             ("[[44]]", "brackets")])
def test_bad_brackets(text: str, words: str) -> None:
    with pytest.raises(HandError, match=words):
        parse_drawn_hand(text)


# -- the rulebook ----------------------------------------------------------------


def _spec_text() -> str:
    from tilepress.resources import shipped

    return shipped("templates", "rulebooks", "minttin", "rulebook.toml").read_text()


def test_a_changed_claim_stops_the_rulebook_naming_the_figure() -> None:
    from tilepress.draw.canvas import PAPERS
    from tilepress.publish.rulebook import ClaimError, build_rulebook, parse_spec

    text = _spec_text()
    claim = 'claim = { wins = true, special = "three suits", points = 4 }'
    assert claim in text
    spec = parse_spec(text.replace(claim, claim.replace("points = 4", "points = 3")),
                      "minttin", source="test")
    with pytest.raises(ClaimError, match="figure 'three-suits' claims points = 3, the engine "
                                         "finds 4"):
        build_rulebook("minttin", PAPERS["a4"], spec=spec)


def _words(blocks) -> list[str]:
    from tilepress.documents.model import Bullets, Heading, Paragraph, Table

    out: list[str] = []
    for b in blocks:
        if isinstance(b, Paragraph | Heading):
            out.append(b.text)
        elif isinstance(b, Bullets):
            out += list(b.items)
        elif isinstance(b, Table):
            out += [str(c) for row in (b.header, *b.rows) for c in row]
    return out


def test_the_rulebook_covers_both_games_speaks_to_players_and_is_quick() -> None:
    import time

    from tilepress.draw.canvas import PAPERS
    from tilepress.output import render_bytes
    from tilepress.publish.rulebook import build_rulebook

    start = time.process_time()
    book = build_rulebook("minttin", PAPERS["a4"])
    data = render_bytes(book, "pdf")
    seconds = time.process_time() - start
    assert data.startswith(b"%PDF") and seconds < 3.0, seconds
    words = _words(book.blocks)
    for heading in ("Playing solo", "Doubling", "Special hands", "House rules", "Rulings",
                    "A game, turn by turn", "Mint Tin Mahjong: quick reference"):
        assert heading in words, heading
    assert not [w for w in words if "--" in w or "`" in w]


# -- the worked example -----------------------------------------------------------


def test_plain_words_name_cards_as_players_do() -> None:
    from tilepress.games.minttin.words import cards_words, plain_words

    assert plain_words("keeps the hand 2 cards from 4,5,6,7,8,DM") == \
        "2 cards from 4-5-6-7-8 with the Moon dragon"
    assert plain_words("DS grows a block of the target") == \
        "the Sword dragon fills out a block of the hand being built"
    assert plain_words("9 grows a block of the target and 1 joker (4 cards short, then 3)") \
        == "9 fills out a block of the hand being built, with 1 joker (4 cards from a win " \
        "before, 3 after)"
    assert plain_words("a joker cannot fill the pair of 5: 1 card short, then 0") == \
        "a joker cannot fill the pair of 5: 1 card from a win before, 0 after"
    assert cards_words(parse_drawn_hand("55J")[0]) == "two 5s and a joker"


@pytest.mark.parametrize("solo", [False, True])
def test_the_worked_example_shows_every_turn_and_fits_4_to_10_pages(solo: bool) -> None:
    import io

    from pypdf import PdfReader

    from tilepress.draw.canvas import PAPERS
    from tilepress.games.minttin import GAME
    from tilepress.games.minttin import runner as game
    from tilepress.games.minttin.narrate import rounds_to_tell, worked_example
    from tilepress.games.minttin.rules import Discard
    from tilepress.games.minttin.runner import new_match as match_of
    from tilepress.output import render_bytes

    log = game.play(GAME.options_from({}), 1, solo=solo)
    doc = worked_example(log, PAPERS["a4"])
    pages = len(PdfReader(io.BytesIO(render_bytes(doc, "pdf"))).pages)
    assert 4 <= pages <= 10, pages
    rounds = rounds_to_tell(log)
    match, discards = match_of(log), 0
    for ev in log.events:
        match.apply(ev)
        discards += isinstance(ev, Discard) and not ev.block and match.round in rounds
    words = _words(doc.blocks)
    assert sum(w.count("discards") for w in words) == discards  # every told turn
    quiet = [w for w in words if ", in short: " in w]
    assert len(quiet) == log.result["rounds"] - len(rounds)     # and a line for the others
    full = worked_example(log, PAPERS["a4"], full=True)
    assert len(full.blocks) > 2 * len(doc.blocks)


def test_every_caption_fits_a_booklet_page() -> None:
    """A caption wraps under its figure: at most three lines on the 124 mm of an A5
    page's text, none wider than the column."""
    from tilepress.draw.fonts import text_width, wrap
    from tilepress.publish.rulebook import parse_spec

    spec = parse_spec(_spec_text(), "minttin", source="test")
    for f in spec.figures:
        lines = wrap(f.caption, 118, 8.5, "italic")
        assert len(lines) <= 3, f.name
        assert all(text_width(line, 8.5, "italic") <= 118 for line in lines), f.name


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), solo=st.booleans())
def test_every_told_turn_is_in_the_tables_and_every_other_round_in_a_line(seed: int,
                                                                          solo: bool) -> None:
    from tilepress.games.minttin import GAME
    from tilepress.games.minttin import runner as game
    from tilepress.games.minttin.narrate import narrate, rounds_to_tell
    from tilepress.games.minttin.rules import Discard
    from tilepress.games.minttin.runner import new_match as match_of

    log = game.play(GAME.options_from({}), seed, solo=solo)
    told = rounds_to_tell(log)
    match, discards = match_of(log), 0
    for ev in log.events:
        match.apply(ev)
        discards += isinstance(ev, Discard) and not ev.block and match.round in told
    words = _words(narrate(log, told, quiet=True))
    assert sum(w.count("discards") for w in words) == discards
    assert sum(", in short: " in w for w in words) == log.result["rounds"] - len(told)


def test_a_row_of_blocks_that_wraps_wraps_evenly() -> None:
    """Blocks too wide for one row share the rows as evenly as they can without another
    row: never four blocks on the first row and one alone on the second."""
    from drawn import probe_side

    from tilepress.games.minttin.cards import Card
    from tilepress.games.minttin.pictures import _row_width, cards_figure

    blocks = [[Card("1")] * 2, [Card("3")] * 3, [Card("5")] * 3, [Card("7")] * 3,
              [Card("DM")] * 2]
    one_row = _row_width(blocks, 9.0)
    for width in (one_row - 1.0, one_row * 0.75):
        figure = cards_figure(blocks, card_w=9.0, max_width=width)
        page = probe_side(lambda c, w, h, bleed, f=figure: f.draw(c), figure.width,
                          figure.height, bleed=0.0)
        faces = sorted((round(s.box[1], 2), s.box[0]) for s in page.shapes
                       if s.kind == "rect" and s.box[2] - s.box[0] > 8.5)
        rows = {}
        for top, _ in faces:
            rows[top] = rows.get(top, 0) + 1
        counts = [rows[top] for top in sorted(rows)]
        assert sum(counts) == 13 and len(counts) == 2, counts
        assert max(counts) - min(counts) <= 3, counts  # 8 and 5 or 7 and 6, not 11 and 2
        assert figure.width <= width + 1e-6
