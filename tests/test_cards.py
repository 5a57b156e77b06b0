"""Cards and their notation: parsing, formatting, identity."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import ALL_CARDS, NATURALS, card_tuples, cards, spellings

import remi
from remi import JOKER, Card, NotationError, RemiError, format_cards, parse_card, parse_cards

# -- parsing --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("♠7", (7, 0)),
        ("7♠", (7, 0)),
        ("10♠", (10, 0)),
        ("♠10", (10, 0)),
        ("♦️Q", (12, 2)),  # U+FE0F after the suit
        ("Q♦️", (12, 2)),
        ("♥︎A", (1, 1)),  # U+FE0E text presentation selector
        ("TS", (10, 0)),
        ("Ts", (10, 0)),
        ("ts", (10, 0)),
        ("tS", (10, 0)),
        ("ST", (10, 0)),
        ("qd", (12, 2)),
        ("DQ", (12, 2)),
        ("AH", (1, 1)),
        ("ha", (1, 1)),
        ("kc", (13, 3)),
        ("♣k", (13, 3)),
        ("10c", (10, 3)),
        ("j♥", (11, 1)),
        ("2D", (2, 2)),
        ("♤3", (3, 0)),  # white suit glyphs
        ("♡4", (4, 1)),
        ("♢5", (5, 2)),
        ("♧6", (6, 3)),
    ],
)
def test_parse_card_spellings(text: str, expected: tuple[int, int]) -> None:
    card = parse_card(text)
    assert (card.rank, card.suit_index) == expected
    assert card is Card.of(*expected)


@pytest.mark.parametrize("text", ["JK", "jk", "Jk", "Joker", "JOKER", "joker", "🃏", "*"])
def test_parse_joker_spellings(text: str) -> None:
    assert parse_card(text) is JOKER
    assert parse_card(text).is_joker


def test_parse_cards_separators_and_order() -> None:
    expected = (Card.of(7, 0), Card.of(10, 1), Card.of(10, 0), JOKER, Card.of(12, 2))
    assert parse_cards("♠7 10♥ ts JK ♦️Q") == expected
    assert parse_cards("♠7,10♥,ts,JK,♦️Q") == expected
    assert parse_cards("  ♠7 ,  10♥,ts\tJK\n♦️Q , ") == expected


def test_parse_cards_keeps_duplicates() -> None:
    assert parse_cards("AS, as 🃏 *") == (Card.of(1, 0), Card.of(1, 0), JOKER, JOKER)


def test_parse_cards_accepts_iterables_of_tokens_and_cards() -> None:
    assert parse_cards(["♠7", Card.of(8, 0), "9s"]) == parse_cards("♠7 ♠8 ♠9")
    assert parse_cards(iter(["JK"])) == (JOKER,)
    assert parse_cards(()) == ()


def test_parse_cards_empty_text_is_no_cards() -> None:
    assert parse_cards("") == ()
    assert parse_cards(" , ,, ") == ()


@pytest.mark.parametrize("token", ["♠1", "X7", "11♥", "♠", "7", "1♠0", "♠♠", "JJ", "10", "♠11", "A♠♥", "Q♦Q"])
def test_unknown_tokens_raise_notation_error_naming_the_token(token: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_cards(f"♠7 {token} ♠9")
    err = info.value
    assert isinstance(err, ValueError)
    assert isinstance(err, RemiError)
    assert err.code == "unknown-card"
    assert repr(token) in str(err)
    assert str(err) == err.reason


def test_empty_token_raises_with_a_readable_reason() -> None:
    with pytest.raises(NotationError) as info:
        parse_card("")
    assert "''" in info.value.reason
    with pytest.raises(NotationError):
        parse_cards([""])


@pytest.mark.parametrize("bad", [None, 7, 7.0, b"7S", object()])
def test_non_string_input_raises_notation_error(bad: object) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(bad)  # type: ignore[arg-type]
    assert info.value.code == "not-text"
    with pytest.raises(NotationError):
        parse_cards(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [[["♠7"]], [{"♠7"}], [None], [7]])
def test_unhashable_or_odd_tokens_raise_notation_error(bad: list[object]) -> None:
    # Regression: an unhashable token used to escape as a bare TypeError from the parse cache.
    with pytest.raises(NotationError):
        parse_cards(bad)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        parse_card(bad[0])  # type: ignore[arg-type]


def test_card_constructor_parses_text() -> None:
    assert Card("♠7") is Card.of(7, "♠") is Card.of(7, "s") is Card.of(7, 0)
    with pytest.raises(NotationError):
        Card("♠0")


@pytest.mark.parametrize(
    ("rank", "suit"),
    [(0, 0), (14, 0), (7, 4), (7, -1), (7, "X"), ("7", "♠"), (7, None), (True, 0), (7, 1.0)],
)
def test_card_of_rejects_bad_rank_or_suit(rank: object, suit: object) -> None:
    with pytest.raises(NotationError):
        Card.of(rank, suit)  # type: ignore[arg-type]


@pytest.mark.parametrize("code", [-1, 53, True, "1", None, 1.0])
def test_from_code_rejects_bad_codes(code: object) -> None:
    with pytest.raises(NotationError):
        Card.from_code(code)  # type: ignore[arg-type]


# -- canonical text -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("7s", "♠7"), ("th", "♥10"), ("10♥", "♥10"), ("joker", "JK"), ("♦️q", "♦Q"), ("AC", "♣A")],
)
def test_str_is_canonical(text: str, canonical: str) -> None:
    card = parse_card(text)
    assert str(card) == canonical
    assert repr(card) == f"Card({canonical!r})"


def test_format_cards() -> None:
    assert format_cards(parse_cards("7s 8s JK th")) == "♠7 ♠8 JK ♥10"
    assert format_cards(()) == ""


def test_canonical_texts_are_distinct() -> None:
    assert len({str(c) for c in ALL_CARDS}) == 53


@given(card_tuples(max_size=30))
def test_round_trip_format_then_parse(hand: tuple[Card, ...]) -> None:
    assert parse_cards(format_cards(hand)) == hand


@given(cards(), st.data())
def test_every_accepted_spelling_parses_to_the_card(card: Card, data: st.DataObject) -> None:
    spelling = data.draw(st.sampled_from(spellings(card)))
    assert parse_card(spelling) is card
    padded = data.draw(st.sampled_from([f" {spelling} ", f"{spelling},", f",{spelling}"]))
    assert parse_cards(padded) == (card,)


def test_every_spelling_of_every_card() -> None:
    for card in ALL_CARDS:
        for spelling in spellings(card):
            assert parse_card(spelling) is card, spelling


# -- values and identity ----------------------------------------------------------------------


def test_there_are_53_interned_cards() -> None:
    assert len(NATURALS) == 52
    assert [c.code for c in ALL_CARDS] == list(range(53))
    assert remi.make_pack(1, 0) == NATURALS
    assert JOKER.code == 52 and JOKER.rank == 0 and JOKER.suit_index == -1 and JOKER.suit is None


def test_card_attributes() -> None:
    card = Card("♥Q")
    assert (card.rank, card.suit_index, card.suit, card.is_joker) == (12, 1, "♥", False)


def test_cards_are_immutable() -> None:
    card = Card("♠7")
    with pytest.raises(AttributeError):
        card.rank = 8  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del card.code  # type: ignore[misc]
    with pytest.raises(AttributeError):
        card.colour = "black"  # type: ignore[attr-defined]
    assert card.rank == 7


@given(cards(), cards())
def test_equality_hash_and_order_follow_the_code(a: Card, b: Card) -> None:
    assert (a == b) == (a.code == b.code) == (a is b)
    if a == b:
        assert hash(a) == hash(b)
    assert (a < b) == (a.code < b.code)
    assert (a <= b) == (a.code <= b.code)
    assert (a > b) == (a.code > b.code)
    assert (a >= b) == (a.code >= b.code)


def test_order_is_spades_hearts_diamonds_clubs_ace_to_king_joker_last() -> None:
    shuffled = parse_cards("JK ♣A ♦K ♥2 ♠K ♠A ♥A")
    assert format_cards(sorted(shuffled)) == "♠A ♠K ♥A ♥2 ♦K ♣A JK"


def test_comparing_with_other_types() -> None:
    card = Card("♠7")
    assert card != "♠7"
    assert card != 7
    with pytest.raises(TypeError):
        card < 7  # type: ignore[operator]  # noqa: B015
    with pytest.raises(TypeError):
        sorted([card, "♠8"])  # type: ignore[type-var]


def test_cards_work_in_sets_and_dicts() -> None:
    hand = parse_cards("♠7 ♠7 ♥7 JK JK")
    assert len(set(hand)) == 3
    assert {Card("♠7"): 1}[parse_card("7s")] == 1


@given(cards())
def test_pickling_and_copying_keep_the_interned_value(card: Card) -> None:
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(card, protocol=protocol)) is card
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert copy.deepcopy([card, card])[1] is card


@given(cards())
def test_interning(card: Card) -> None:
    assert parse_card(str(card)) is card
    assert Card.from_code(card.code) is card
    if not card.is_joker:
        assert Card.of(card.rank, card.suit_index) is card
        assert Card.of(card.rank, remi.SUITS[card.suit_index]) is card


def test_make_pack() -> None:
    pack = remi.make_pack(2, 9)
    assert len(pack) == 113
    assert pack.count(JOKER) == 9
    assert pack.count(Card("♠7")) == 2
    with pytest.raises(NotationError):
        remi.make_pack(0)
    with pytest.raises(NotationError):
        remi.make_pack(1, -1)
