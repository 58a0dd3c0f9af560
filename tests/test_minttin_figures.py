"""Mint Tin figures for rulebook writers (``tilepress draw cards``) and the Mint Tin
rulebook: every figure's claim checked by the engine."""

from __future__ import annotations

import pytest

from generator.errors import HandError
from generator.games.minttin.options import CardsFigure
from generator.games.minttin.pictures import cards_figure_of, parse_drawn_hand


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
    assert facts["cards"] == 13 and facts["completions"] == "8:1"


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
