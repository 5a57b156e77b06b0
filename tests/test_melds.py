"""Melds: check_meld verdicts and reasons, arrangement, lay-offs, joker swaps, notation."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import DISTINCT_SLOVENIAN, MELD_RULESETS, SPADE_TWOS_WILD, meld_candidates

import remi
from remi import (
    JOKER,
    Card,
    Meld,
    MeldError,
    NotationError,
    check_joker_swap,
    check_layoff,
    check_meld,
    is_wild,
    parse_cards,
    parse_meld,
    validate_meld,
)

N, SW, SL, KA, GIN = remi.NORWEGIAN, remi.SWEDISH, remi.SLOVENIAN, remi.KALOOKI, remi.GIN
HIGH_ONLY = attrs.evolve(SW, ace_low=False, ace_high=True)
SET_MAX_NONE_DISTINCT = attrs.evolve(N, distinct_suit_sets=True)
JOKER_SWEDISH = attrs.evolve(SW, jokers=1)


def meld(text: str, ruleset: remi.Ruleset = N, **kwargs: object) -> Meld:
    result = check_meld(text, ruleset, **kwargs)  # type: ignore[arg-type]
    assert result.ok, result.reason
    assert result.meld is not None
    return result.meld


# -- every failure code, with a readable reason ---------------------------------------------

FAILURES = [
    # (cards, ruleset, kind, code, words in the reason)
    ("", N, None, "empty", "none were given"),
    ("♠7 ♥7", N, None, "too-short", "at least 3 cards; this one has 2"),
    ("♠7 ♠8 ♠9", N, None, "too-short", "A run needs at least 4 cards; this one has 3"),
    ("♠7 ♠8", SW, None, "too-short", "A run needs at least 3 cards; this one has 2"),
    ("JK JK", N, None, "too-short", "this one has 2"),
    ("♠7 ♥7 ♦7 ♣7 ♠7", KA, None, "set-too-large", "at most 4 cards; this one has 5"),
    ("♠7 ♥7 ♦7 ♣7 JK", SL, None, "set-too-large", "at most 4 cards; this one has 5"),
    ("♠7 ♥8 ♦9", SW, None, "mixed-suits", "mixes ♠, ♥ and ♦"),
    ("♠7 ♥7 ♠8", N, None, "not-a-meld", "neither a set (one rank) nor a run"),
    ("♠7 ♠8 ♠9", SW, "set", "mixed-ranks", "a set is of one rank"),
    ("♠7 ♠7 ♠8 ♠9 ♠10", N, None, "duplicate-in-run", "cannot hold ♠7 twice"),
    ("♠7 ♠8 ♠10 ♠J", N, None, "gap", "♠9 is missing"),
    ("♠3 ♠4 JK ♠8", N, None, "gap", "missing ♠5 ♠6 ♠7, more than 1 joker can fill"),
    ("♦K ♦A ♦2 ♦3", N, None, "wraps-corner", "K-A-2 is not a run"),
    ("♦Q ♦K JK ♦2", N, None, "wraps-corner", "K-A-2 is not a run"),
    ("♠Q ♠K ♠A", SW, None, "ace-high-not-allowed", "the ace is low only"),
    ("♠Q ♠K ♠A", GIN, None, "ace-high-not-allowed", "Gin Rummy"),
    # Regression: A-2-3 under an ace-high-only rule used to be explained as wrapping.
    ("♠A ♠2 ♠3", HIGH_ONLY, None, "ace-low-not-allowed", "the ace is high only"),
    ("♠K ♠A JK", attrs.evolve(SW, jokers=1), None, "ace-high-not-allowed", "the ace is low only"),
    ("♠K JK ♠2", attrs.evolve(SW, jokers=1), None, "wraps-corner", "K-A-2 is not a run"),
    ("♠K ♠A ♠2 ♠3", KA, None, "wraps-corner", "K-A-2 is not a run"),
    ("♠A ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K JK", N, None, "run-too-long", "at most 13 cards"),
    ("♠7 JK JK", N, None, "too-many-jokers", "1 natural card and 2 jokers"),
    ("♠7 ♠8 JK JK JK", N, None, "too-many-jokers", "2 natural cards and 3 jokers"),
    ("JK JK JK", N, None, "no-natural-card", "at least one natural card"),
    ("JK JK JK", KA, None, "no-natural-card", "at least one natural card"),
    ("♠7 ♠8 JK", SW, None, "jokers-not-in-game", "played without jokers"),
    ("♠7 ♥7 JK", GIN, None, "jokers-not-in-game", "Gin Rummy is played without jokers"),
    ("♠7 ♠7 ♥7", DISTINCT_SLOVENIAN, None, "repeated-suit", "two ♠ cards"),
    ("♠7 ♥7 ♦7 ♣7 JK", SET_MAX_NONE_DISTINCT, None, "set-too-large", "distinct suits holds at most 4"),
    ("♠7 ♥7 ♦7 ♣7 ♠7", SL, None, "set-too-large", "at most 4 cards; this one has 5"),
    # The ace is low or high, never both: A-2-…-K-A is no run (it used to pass).
    ("♠A ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K ♠A", N, None, "duplicate-in-run", "cannot hold ♠A twice"),
    # ...and with a joker for the second ace it is too long, not wrapping the corner.
    (
        "♠A ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K JK",
        JOKER_SWEDISH,
        None,
        "run-too-long",
        "the ace is low or high",
    ),
    # A kind asked for is checked as that kind (docs/rules/index.rst, shared-reads-as-set).
    pytest.param(
        "♠7 ♥7 ♦7", N, "run", "mixed-suits", "mixes ♠, ♥ and ♦", marks=pytest.mark.rule("shared-reads-as-set")
    ),
    pytest.param(
        "♠7 ♠8 ♠9 ♠10",
        N,
        "set",
        "mixed-ranks",
        "a set is of one rank",
        marks=pytest.mark.rule("shared-reads-as-set"),
    ),
    # With ♠2 wild, jokers are out and the ♠2s keep the ratio of wild cards to natural ones.
    ("♠2 ♠2 ♥9", SPADE_TWOS_WILD, None, "too-many-jokers", "1 natural card and 2 wild ♠2s"),
    ("♠7 ♠8 ♠9 JK", SPADE_TWOS_WILD, None, "jokers-not-in-game", "played without jokers"),
    ("♠2 ♥5 ♥6 ♥7", N, None, "mixed-suits", "mixes ♠ and ♥"),
]


@pytest.mark.rule("shared-natural-card")
@pytest.mark.parametrize(("text", "ruleset", "kind", "code", "words"), FAILURES)
def test_every_failure_code_has_a_readable_reason(
    text: str, ruleset: remi.Ruleset, kind: str | None, code: str, words: str
) -> None:
    result = check_meld(text, ruleset, kind=kind)  # type: ignore[arg-type]
    assert not result.ok and not result
    assert result.code == code
    assert words in result.reason
    assert result.reason.endswith(".")
    assert result.meld is None
    with pytest.raises(MeldError) as info:
        result.require()
    assert (info.value.code, info.value.reason) == (code, result.reason)
    assert isinstance(info.value, ValueError)


def test_a_run_of_thirteen_from_the_ace_is_the_longest() -> None:
    # The ace is low or high, never both: A-2-…-K is the longest run (FAILURES holds the longer ones).
    thirteen = meld("♠A ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J JK ♠K")
    assert len(thirteen) == 13 and (thirteen.low, thirteen.high) == (1, 13)


@pytest.mark.parametrize(
    ("meld_value", "ruleset", "code"),
    [
        ("not a meld", N, "not-a-meld"),
        (
            Meld("run", parse_cards("♠A ♠2 ♠3 ♠4"), (False,) * 4, 1, 0),
            attrs.evolve(N, ace_low=False, ace_high=True),
            "run-off-the-end",
        ),
        (Meld("run", parse_cards("♠Q ♠K ♠A"), (False, False, False), 12, 0), SW, "ace-high-not-allowed"),
        (Meld("run", (), (), 7, 0), N, "malformed-meld"),
        (Meld("run", parse_cards("♠7 ♠8 JK ♠10"), (False,) * 4, 7, 0), N, "malformed-meld"),
        (Meld("run", parse_cards("♠7 ♠8 ♠9 ♠10"), (False, True, False, False), 7, 0), N, "not-wild"),
        (Meld("run", parse_cards("♠7 ♠9 ♠8 ♠10"), (False,) * 4, 7, 0), N, "wrong-position"),
        (Meld("run", parse_cards("♠7 ♠8 ♠9"), (False,) * 3, 7, 0), N, "too-short"),
        (
            Meld("run", parse_cards("♠7 JK JK ♠10"), (False, True, True, False), 7, 0),
            SW,
            "jokers-not-in-game",
        ),
        (Meld("run", parse_cards("♠7 JK JK JK"), (False, True, True, True), 7, 0), N, "too-many-jokers"),
        (Meld("set", parse_cards("♠7 ♥8 ♦7"), (False,) * 3, 7), N, "mixed-ranks"),
        (Meld("set", parse_cards("JK JK JK"), (True,) * 3, 7), KA, "no-natural-card"),
        (Meld("set", parse_cards("♠7 ♥7 ♦7 ♣7 ♠7"), (False,) * 5, 7), KA, "set-too-large"),
        (
            Meld(
                "run",
                parse_cards("♠A ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K JK"),
                (False,) * 13 + (True,),
                1,
                0,
            ),
            N,
            "run-too-long",
        ),
    ],
)
def test_validate_meld_failures(meld_value: Meld, ruleset: remi.Ruleset, code: str) -> None:
    result = validate_meld(meld_value, ruleset)
    assert not result.ok
    assert result.code == code
    assert result.reason
    assert check_meld(meld_value, ruleset) == result if isinstance(meld_value, Meld) else True


# -- what passes, and how it is arranged --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ruleset", "kind", "shown"),
    [
        ("♠7 ♥7 ♦7", N, "set", "♠7 ♥7 ♦7"),
        ("♦7 ♠7 ♥7 ♠7 JK", N, "set", "♠7 ♠7 ♥7 ♦7 JK=7"),
        ("♠10 ♠8 ♠7 ♠9", N, "run", "♠7 ♠8 ♠9 ♠10"),
        ("♠A ♠2 ♠3 ♠4", N, "run", "♠A ♠2 ♠3 ♠4"),
        ("♠A ♠K ♠Q ♠J", N, "run", "♠J ♠Q ♠K ♠A"),
        ("♠A ♠2 ♠3", SW, "run", "♠A ♠2 ♠3"),
        ("♠A ♠2 ♠3", GIN, "run", "♠A ♠2 ♠3"),
        ("♠A ♥A ♦A ♣A", GIN, "set", "♠A ♥A ♦A ♣A"),
        ("♠Q ♠K ♠A", SL, "run", "♠Q ♠K ♠A"),
        ("♠Q ♠K ♠A", KA, "run", "♠Q ♠K ♠A"),
        ("♠Q ♥Q ♦Q ♣Q", KA, "set", "♠Q ♥Q ♦Q ♣Q"),
        ("♠2 JK ♠4 ♠5", N, "run", "♠2 JK=♠3 ♠4 ♠5"),
        ("JK ♠7 ♠8 ♠9", N, "run", "♠7 ♠8 ♠9 JK=♠10"),
        ("♠J ♠Q ♠K JK", N, "run", "♠J ♠Q ♠K JK=♠A"),
        ("♠J ♠Q JK", attrs.evolve(SW, jokers=2), "run", "♠J ♠Q JK=♠K"),
        ("♠Q ♠K JK", attrs.evolve(SW, jokers=2), "run", "JK=♠J ♠Q ♠K"),
        ("♠7 JK JK", KA, "set", "♠7 JK=7 JK=7"),
        ("♠7 ♠8 JK JK", N, "run", "♠7 ♠8 JK=♠9 JK=♠10"),
        ("♠9 ♠9 ♥9", N, "set", "♠9 ♠9 ♥9"),
    ],
)
def test_legal_melds_and_their_arrangement(text: str, ruleset: remi.Ruleset, kind: str, shown: str) -> None:
    result = check_meld(text, ruleset)
    assert result.ok and result, result.reason
    assert (result.code, result.kind, result.reason) == ("ok", kind, "")
    assert str(result.meld) == shown
    assert result.require() is result


def test_joker_goes_to_the_high_end_by_default_and_low_on_request() -> None:
    high = meld("♠7 ♠8 ♠9 JK")
    low = meld("♠7 ♠8 ♠9 JK", joker_end="low")
    assert str(high) == "♠7 ♠8 ♠9 JK=♠10" and high.stands_for(3) is Card("♠10")
    assert str(low) == "JK=♠6 ♠7 ♠8 ♠9" and low.stands_for(0) is Card("♠6")
    assert (low.low, low.high, high.low, high.high) == (6, 9, 7, 10)


def test_joker_end_yields_when_only_one_end_is_legal() -> None:
    assert str(meld("♠J ♠Q ♠K JK", joker_end="high")) == "♠J ♠Q ♠K JK=♠A"
    assert str(meld("♠J ♠Q ♠K JK", joker_end="low")) == "JK=♠10 ♠J ♠Q ♠K"
    assert str(meld("♠A ♠2 ♠3 JK", joker_end="low")) == "♠A ♠2 ♠3 JK=♠4"
    no_high_ace = attrs.evolve(KA, ace_high=False)
    assert str(meld("♠Q ♠K JK", no_high_ace)) == "JK=♠J ♠Q ♠K"
    assert str(meld("♠Q ♠K JK", KA)) == "♠Q ♠K JK=♠A"
    assert str(meld("♠Q ♠K JK", KA, joker_end="low")) == "JK=♠J ♠Q ♠K"


def test_a_joker_inside_a_run_has_one_place_whatever_the_end() -> None:
    for end in ("high", "low"):
        assert str(meld("♠5 JK ♠7 ♠8", joker_end=end)) == "♠5 JK=♠6 ♠7 ♠8"


@pytest.mark.rule("shared-reads-as-set")
def test_kind_forcing() -> None:
    assert meld("♠7 JK JK", KA).kind == "set"
    as_run = meld("♠7 JK JK", KA, kind="run")
    assert str(as_run) == "♠7 JK=♠8 JK=♠9"
    assert str(meld("♠7 JK JK", KA, kind="run", joker_end="low")) == "JK=♠5 JK=♠6 ♠7"
    assert meld("♠7 ♥7 JK", N, kind="set").kind == "set"


def test_meld_properties() -> None:
    run = meld("♠2 JK ♠4 ♠5")
    assert (run.kind, run.rank, run.suit, run.wild) == ("run", 2, 0, (False, True, False, False))
    assert (run.wild_count, run.natural_count, len(run)) == (1, 3, 4)
    assert [run.stands_for(i) for i in range(4)] == list(parse_cards("♠2 ♠3 ♠4 ♠5"))
    trio = meld("♠Q ♥Q JK")
    assert (trio.kind, trio.rank, trio.suit, trio.stands_for(2)) == ("set", 12, -1, 12)
    high = meld("♥J ♥Q ♥K ♥A")
    assert (high.low, high.high) == (11, 14) and high.stands_for(3) is Card("♥A")


def test_a_meld_is_a_frozen_value() -> None:
    run = meld("♠7 ♠8 ♠9 ♠10")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        run.rank = 3  # type: ignore[misc]
    assert run == meld("♠10 ♠9 ♠8 ♠7") and hash(run) == hash(meld("♠10 ♠9 ♠8 ♠7"))


def test_spade_twos_wild() -> None:
    wild = SPADE_TWOS_WILD
    assert is_wild(Card("♠2"), wild) and not is_wild(Card("♠2"), N) and not is_wild(Card("♥2"), wild)
    assert str(meld("♠2 ♥5 ♥6 ♥7", wild)) == "♥5 ♥6 ♥7 ♠2=♥8"
    assert str(meld("♠A ♠2 ♠3 ♠4", wild)) == "♠A ♠2 ♠3 ♠4"  # stands as itself
    assert str(meld("♠2 ♥2 ♦2", wild)) == "♠2 ♥2 ♦2"
    assert str(meld("♠2 ♥9 ♦9", wild)) == "♥9 ♦9 ♠2=9"
    assert str(meld("♠2 ♠2 ♠3 ♠4", wild)) == "♠2 ♠3 ♠4 ♠2=♠5"


def test_set_sizes_per_preset() -> None:
    assert meld("♠7 ♥7 ♦7 ♣7 ♠7 ♥7", N).kind == "set"  # Norwegian: no upper limit
    assert meld("♠7 ♠7 ♥7", SL).kind == "set"  # identical cards may share a set by default
    assert meld("♠7 ♥7 ♦7 ♣7", DISTINCT_SLOVENIAN).kind == "set"


def test_check_meld_accepts_text_tokens_and_cards_but_not_junk() -> None:
    cards = parse_cards("♠7 ♥7 ♦7")
    assert check_meld(cards, N) == check_meld(list(cards), N) == check_meld(["7s", "7h", "7d"], N)
    with pytest.raises(NotationError):
        check_meld("♠7 ♥7 ♦1", N)
    with pytest.raises(NotationError):
        check_meld(None, N)  # type: ignore[arg-type]


# -- properties ----------------------------------------------------------------------------------


def _verdict(result: remi.Check) -> tuple[object, ...]:
    return (result.ok, result.kind, result.code, result.meld)


@pytest.mark.rule("shared-order-free")
@pytest.mark.parametrize("name", sorted(MELD_RULESETS))
@given(data=st.data())
def test_verdict_does_not_depend_on_card_order(name: str, data: st.DataObject) -> None:
    ruleset = MELD_RULESETS[name]
    hand = data.draw(meld_candidates(jokers=ruleset.jokers != 0), label="hand")
    shuffled = data.draw(st.permutations(hand), label="shuffled")
    base = check_meld(hand, ruleset)
    assert _verdict(check_meld(shuffled, ruleset)) == _verdict(base)
    assert _verdict(check_meld(hand, ruleset, joker_end="low")) == _verdict(
        check_meld(shuffled, ruleset, joker_end="low")
    )
    for kind in ("set", "run"):
        assert _verdict(check_meld(hand, ruleset, kind=kind)) == _verdict(  # type: ignore[arg-type]
            check_meld(shuffled, ruleset, kind=kind)  # type: ignore[arg-type]
        )


@pytest.mark.parametrize("name", sorted(MELD_RULESETS))
@given(data=st.data())
def test_ok_melds_validate_and_keep_the_cards(name: str, data: st.DataObject) -> None:
    ruleset = MELD_RULESETS[name]
    hand = data.draw(meld_candidates(jokers=ruleset.jokers != 0), label="hand")
    end = data.draw(st.sampled_from(["high", "low"]), label="end")
    result = check_meld(hand, ruleset, joker_end=end)  # type: ignore[arg-type]
    if not result.ok:
        assert result.meld is None and result.code != "ok" and result.reason
        return
    arranged = result.meld
    assert arranged is not None
    assert Counter(arranged.cards) == Counter(hand)
    assert result.kind == arranged.kind
    assert validate_meld(arranged, ruleset).ok
    assert check_meld(arranged, ruleset).meld == arranged
    assert parse_meld(str(arranged), ruleset) == arranged
    for index, card in enumerate(arranged.cards):
        assert arranged.wild[index] == (
            card.is_joker
            or (
                is_wild(card, ruleset)
                and card is not arranged.stands_for(index)
                and card.rank != arranged.stands_for(index)
            )
        )
        if not arranged.wild[index]:
            target = arranged.stands_for(index)
            assert card is target if isinstance(target, Card) else card.rank == target
    if arranged.kind == "run":
        assert len(arranged) >= ruleset.run_min
        assert arranged.high - arranged.low + 1 == len(arranged) <= 13
    else:
        assert len(arranged) >= ruleset.set_min
        assert ruleset.set_max is None or len(arranged) <= ruleset.set_max
    if ruleset.jokers_at_most_naturals:
        assert arranged.wild_count <= arranged.natural_count


# -- notation --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "JK=♠6 ♠7 ♠8 ♠9",
        "♠7 ♠8 JK=♠9 ♠10",
        "♣K ♣K JK=K",
        "♥J ♥Q ♥K ♥A",
        "JK=♠A ♠2 ♠3",
        "♠Q ♠K JK=♠A",
        "JK=♠2 JK=♠3 JK=♠4 JK=♠5 JK=♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K JK=♠A",
        "♠A JK=♠2 JK=♠3 JK=♠4 JK=♠5 JK=♠6 JK=♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K",
    ],
)
def test_parse_meld_round_trip(text: str) -> None:
    # Regression (last two): an annotated ace used to be read high whenever a Q or K was present.
    parsed = parse_meld(text)
    assert str(parsed) == text
    assert parse_meld(str(parsed)) == parsed


def test_parse_meld_annotations_fix_joker_positions() -> None:
    assert parse_meld("♠7 ♠8 ♠9 JK=♠6").low == 6
    assert parse_meld("♠7 ♠8 ♠9 JK") == meld("♠7 ♠8 ♠9 JK")
    assert parse_meld("♠7 ♥7 JK", kind="set").kind == "set"
    assert parse_meld("♠7 ♥7 JK=7").stands_for(2) == 7
    assert parse_meld("♠7 ♥7 JK=T".replace("T", "7")).rank == 7


@pytest.mark.parametrize(
    ("text", "error", "code"),
    [
        ("♠7 ♠8 JK=♥9", MeldError, "mixed-suits"),
        ("♠7 ♠8 JK=♠8", MeldError, "gap"),
        ("♠7 ♥7 JK=8", MeldError, "mixed-ranks"),
        ("♠Q ♥Q ♦Q=Q", MeldError, "not-wild"),
        ("", MeldError, "empty"),
        ("♠7 ♠8 ♠X", NotationError, "unknown-card"),
        ("♠7 ♠8 JK=♠X", NotationError, "unknown-card"),
        ("♠7 ♥8 ♦9", MeldError, "mixed-suits"),
        ("♠7 ♥7 ♠8", MeldError, "not-a-meld"),
    ],
)
def test_parse_meld_errors(text: str, error: type[Exception], code: str) -> None:
    with pytest.raises(error) as info:
        parse_meld(text)
    assert info.value.code in (code, "mixed-suits", "not-a-meld")
    assert info.value.code == code  # type: ignore[attr-defined]


def test_parse_meld_needs_text() -> None:
    with pytest.raises(NotationError):
        parse_meld(None)  # type: ignore[arg-type]


def test_parse_meld_with_a_ruleset_applies_its_rules() -> None:
    with pytest.raises(MeldError):
        parse_meld("♠Q ♠K ♠A", SW)
    with pytest.raises(MeldError):
        parse_meld("♠7 ♠8 JK=♠9", N)  # too short for Norwegian
    assert parse_meld("♠7 JK=7 JK=7").wild_count == 2  # the notation rules allow any ratio


# -- lay-offs ------------------------------------------------------------------------------------


def test_layoff_onto_a_run_at_both_ends() -> None:
    run = meld("♠5 ♠6 ♠7 ♠8")
    result = check_layoff(run, "♠4 ♠9", N)
    assert result.ok and str(result.meld) == "♠4 ♠5 ♠6 ♠7 ♠8 ♠9"
    assert str(check_layoff(run, "♠3 ♠4", N).meld) == "♠3 ♠4 ♠5 ♠6 ♠7 ♠8"
    assert str(check_layoff(run, ["♠10", "♠9"], N).meld) == "♠5 ♠6 ♠7 ♠8 ♠9 ♠10"


def test_layoff_joker_goes_to_the_chosen_end() -> None:
    run = meld("♠5 ♠6 ♠7 ♠8")
    assert str(check_layoff(run, "JK", N).meld) == "♠5 ♠6 ♠7 ♠8 JK=♠9"
    assert str(check_layoff(run, "JK", N, end="low").meld) == "JK=♠4 ♠5 ♠6 ♠7 ♠8"
    assert str(check_layoff(run, "JK ♠10", N).meld) == "♠5 ♠6 ♠7 ♠8 JK=♠9 ♠10"
    top = meld("♠J ♠Q ♠K ♠A")
    assert str(check_layoff(top, "JK", N, end="high").meld) == "JK=♠10 ♠J ♠Q ♠K ♠A"


def test_layoff_ace_high_and_low() -> None:
    assert str(check_layoff(meld("♠2 ♠3 ♠4 ♠5"), "♠A", N).meld) == "♠A ♠2 ♠3 ♠4 ♠5"
    assert str(check_layoff(meld("♠10 ♠J ♠Q ♠K"), "♠A", N).meld) == "♠10 ♠J ♠Q ♠K ♠A"
    assert check_layoff(meld("♠J ♠Q ♠K", SW), "♠A", SW).code == "does-not-fit"
    assert str(check_layoff(meld("♠2 ♠3 ♠4", SW), "♠A", SW).meld) == "♠A ♠2 ♠3 ♠4"


def test_layoff_cannot_put_the_ace_at_both_ends() -> None:
    # Regression: laying two ♠As onto ♠2-♠K used to make A-2-…-K-A.
    long_run = meld("♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K")
    result = check_layoff(long_run, "♠A ♠A", N)
    assert result.code == "run-too-long"
    assert check_layoff(long_run, "♠A", N).ok


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        ("♠J", "does-not-fit"),
        ("♥9", "does-not-fit"),
        ("♠6", "does-not-fit"),
        ("♠4 ♠10", "does-not-fit"),
        ("", "empty"),
    ],
)
def test_layoff_onto_a_run_that_does_not_fit(cards: str, code: str) -> None:
    result = check_layoff(meld("♠5 ♠6 ♠7 ♠8"), cards, N)
    assert result.code == code and result.reason


def test_layoff_keeps_the_joker_ratio() -> None:
    run = meld("♠5 ♠6 JK JK")
    assert str(run) == "♠5 ♠6 JK=♠7 JK=♠8"
    assert check_layoff(run, "JK", N).code == "too-many-jokers"
    assert check_layoff(run, "JK ♠10", N).ok
    assert check_layoff(run, "JK", attrs.evolve(KA, jokers=4)).ok  # Kalooki has no ratio rule
    # ...but its pack holds two jokers only (docs/rules/index.rst, shared-copies).
    assert check_layoff(run, "JK", KA).code == "too-many-copies"
    trio = meld("♠7 ♥7 JK")
    assert check_layoff(trio, "JK", N).ok
    assert check_layoff(trio, "JK JK", N).code == "too-many-jokers"
    assert check_layoff(meld("♠7 ♥7 ♦7"), "JK", N).ok


def test_layoff_onto_sets() -> None:
    trio = meld("♥9 ♦9 ♣9")
    assert str(check_layoff(trio, "♠9", N).meld) == "♥9 ♦9 ♣9 ♠9"
    assert str(check_layoff(trio, "♠9 ♥9 JK", N).meld) == "♥9 ♦9 ♣9 ♠9 ♥9 JK=9"
    assert check_layoff(trio, "♠8", N).code == "does-not-fit"
    assert check_layoff(meld("♠7 ♥7 ♦7 ♣7", KA), "♠7", KA).code == "set-too-large"
    assert check_layoff(meld("♠7 ♥7 ♦7", SW), "♣7", SW).ok
    assert (
        check_layoff(meld("♠7 ♥7 ♦7", DISTINCT_SLOVENIAN), "♠7", DISTINCT_SLOVENIAN).code == "repeated-suit"
    )
    assert check_layoff(meld("♠7 ♥7 ♦7", DISTINCT_SLOVENIAN), "♣7", DISTINCT_SLOVENIAN).ok
    assert check_layoff(meld("♠7 ♥7 ♦7", SL), "♠7", SL).ok


def test_layoff_jokers_not_in_game_and_bad_meld() -> None:
    assert check_layoff(meld("♠7 ♠8 ♠9", SW), "JK", SW).code == "jokers-not-in-game"
    # Regression: a non-Meld used to raise AttributeError.
    assert check_layoff("♠7 ♠8 ♠9 ♠10", "♠J", N).code == "not-a-meld"  # type: ignore[arg-type]


def test_layoff_with_spade_twos_wild() -> None:
    wild = SPADE_TWOS_WILD
    assert str(check_layoff(meld("♥5 ♥6 ♥7 ♥8", wild), "♠2", wild).meld) == "♥5 ♥6 ♥7 ♥8 ♠2=♥9"
    assert str(check_layoff(meld("♠3 ♠4 ♠5 ♠6", wild), "♠2", wild).meld) == "♠2 ♠3 ♠4 ♠5 ♠6"
    assert str(check_layoff(meld("♥7 ♦7 ♣7", wild), "♠2", wild).meld) == "♥7 ♦7 ♣7 ♠2=7"
    assert str(check_layoff(meld("♥2 ♦2 ♣2", wild), "♠2", wild).meld) == "♥2 ♦2 ♣2 ♠2"
    assert check_layoff(meld("♥5 ♥6 ♥7 ♥8", N), "♠2", N).code == "does-not-fit"


@pytest.mark.rule("basic-melds")
@pytest.mark.parametrize("name", ["norwegian", "slovenian", "kalooki", "norwegian-spade-twos", "swedish"])
@given(data=st.data())
def test_layoff_results_are_legal_melds_holding_every_card(name: str, data: st.DataObject) -> None:
    ruleset = MELD_RULESETS[name]
    jokers = ruleset.jokers != 0
    base = check_meld(data.draw(meld_candidates(jokers=jokers), label="meld"), ruleset)
    if not base.ok or base.meld is None:
        return
    extra = data.draw(
        st.lists(st.sampled_from(_NEAR(base.meld, jokers)), min_size=1, max_size=3), label="extra"
    )
    result = check_layoff(base.meld, extra, ruleset)
    if result.ok:
        assert result.meld is not None
        assert Counter(result.meld.cards) == Counter(base.meld.cards) + Counter(extra)
        assert validate_meld(result.meld, ruleset).ok
        # The table meld keeps its positions: lay-offs never rearrange it (docs/rules/swedish.rst, basic-melds).
        low = result.meld.low
        offset = base.meld.low - low if base.meld.kind == "run" else 0
        assert (
            result.meld.cards[offset : offset + len(base.meld)] == base.meld.cards or base.meld.kind == "set"
        )
    else:
        assert result.code != "ok" and result.reason


def _NEAR(m: Meld, jokers: bool) -> list[Card]:
    """Cards that might fit *m*: its suit's or rank's cards, plus the joker."""
    if m.kind == "run":
        near = [Card.of(r, m.suit) for r in range(1, 14)]
    else:
        near = [Card.of(m.rank, s) for s in range(4)] + [Card.of(m.rank % 13 + 1, 0)]
    return near + ([JOKER] if jokers else []) + [Card("♠2")]


# -- joker swaps -----------------------------------------------------------------------------------


def test_swap_the_joker_out_of_a_run() -> None:
    run = meld("♠2 JK ♠4 ♠5")
    swap = check_joker_swap(run, "♠3", N)
    assert swap.ok and str(swap.meld) == "♠2 ♠3 ♠4 ♠5" and swap.freed is JOKER
    assert check_joker_swap(run, Card("♠3"), N) == swap
    assert check_joker_swap(run, "♥3", N).code == "no-joker-for-card"
    assert check_joker_swap(run, "♠6", N).code == "no-joker-for-card"
    assert check_joker_swap(run, "JK", N).code == "swap-needs-natural"
    assert check_joker_swap(meld("♠2 ♠3 ♠4 ♠5"), "♠3", N).code == "no-joker"


def test_swap_which_joker_in_a_run_with_two() -> None:
    run = meld("♠5 ♠6 JK JK")
    assert str(check_joker_swap(run, "♠8", N).meld) == "♠5 ♠6 JK=♠7 ♠8"
    assert str(check_joker_swap(run, "♠7", N).meld) == "♠5 ♠6 ♠7 JK=♠8"


def test_set_jokers_are_locked_in_norwegian_but_not_in_slovenian_or_kalooki() -> None:
    assert check_joker_swap(meld("♠Q ♥Q JK", N), "♦Q", N).code == "joker-locked-in-set"
    for ruleset in (SL, KA):
        trio = meld("♠Q ♥Q JK", ruleset)
        swap = check_joker_swap(trio, "♦Q", ruleset)
        assert swap.ok and swap.freed is JOKER and str(swap.meld) == "♠Q ♥Q ♦Q"
        assert check_joker_swap(trio, "♦K", ruleset).code == "no-joker-for-card"
        assert check_joker_swap(trio, "♠Q", ruleset).ok  # identical cards may share a set
    distinct = meld("♠Q ♥Q JK", DISTINCT_SLOVENIAN)
    assert check_joker_swap(distinct, "♠Q", DISTINCT_SLOVENIAN).code == "no-joker-for-card"
    assert check_joker_swap(distinct, "♣Q", DISTINCT_SLOVENIAN).ok


def test_swaps_in_games_without_them() -> None:
    run = meld("♠2 JK ♠4 ♠5")
    assert check_joker_swap(run, "♠3", attrs.evolve(N, joker_swap="none")).code == "no-joker-swaps"
    assert check_joker_swap(meld("♠7 ♠8 ♠9", SW), "♠10", SW).code == "no-joker-swaps"
    # Regression: a non-Meld used to raise AttributeError.
    assert check_joker_swap("♠2 JK ♠4 ♠5", "♠3", N).code == "not-a-meld"  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        check_joker_swap(run, "♠0", N)


def test_swap_a_wild_spade_two() -> None:
    wild = SPADE_TWOS_WILD
    run = meld("♥5 ♠2 ♥7 ♥8", wild)
    assert str(run) == "♥5 ♠2=♥6 ♥7 ♥8"
    swap = check_joker_swap(run, "♥6", wild)
    assert swap.ok and swap.freed is Card("♠2") and str(swap.meld) == "♥5 ♥6 ♥7 ♥8"
    assert check_joker_swap(meld("♥9 ♦9 ♠2", wild), "♣9", wild).code == "joker-locked-in-set"
    natural = meld("♠A ♠2 ♠3 ♠4", wild)
    assert check_joker_swap(natural, "♠2", wild).code == "no-joker"


@pytest.mark.parametrize("name", ["norwegian", "slovenian", "kalooki", "norwegian-spade-twos"])
@given(data=st.data())
def test_swap_results_are_legal_and_free_one_wild_card(name: str, data: st.DataObject) -> None:
    ruleset = MELD_RULESETS[name]
    base = check_meld(data.draw(meld_candidates(), label="meld"), ruleset)
    if not base.ok or base.meld is None or not base.meld.wild_count:
        return
    card = data.draw(st.sampled_from(_NEAR(base.meld, False)), label="card")
    swap = check_joker_swap(base.meld, card, ruleset)
    if swap.ok:
        assert swap.meld is not None and swap.freed is not None
        assert is_wild(swap.freed, ruleset)
        assert Counter(swap.meld.cards) == Counter(base.meld.cards) - Counter([swap.freed]) + Counter([card])
        assert swap.meld.wild_count == base.meld.wild_count - 1
        assert validate_meld(swap.meld, ruleset).ok
        assert (swap.meld.kind, swap.meld.rank, swap.meld.suit) == (
            base.meld.kind,
            base.meld.rank,
            base.meld.suit,
        )
    else:
        assert swap.code != "ok" and swap.reason


@pytest.mark.rule("norwegian-jokers-on-table")
@pytest.mark.parametrize("preset", ["NORWEGIAN", "KALOOKI", "SWEDISH", "GIN"])
def test_swap_kernel_answers_as_check_joker_swap_on_legal_melds(preset: str) -> None:
    """The engine's trusted kernel (remi.melds.swap_on_legal) gives check_joker_swap's verdict on legal melds."""
    from remi.melds import swap_on_legal

    rules = getattr(remi, preset)
    texts = ["♠2 JK ♠4 ♠5", "JK ♥6 ♥7 ♥8", "♠Q ♥Q JK", "♦9 ♦10 ♦J ♦Q", "♣K ♠K ♥K"]
    cards = remi.parse_cards("♠3 ♠6 ♥5 ♥9 ♦Q ♣Q ♦8 JK ♠A")
    compared = 0
    for text in texts:
        verdict = remi.check_meld(text, rules)
        if not verdict.ok or verdict.meld is None:
            continue
        for card in cards:
            if card.is_joker and not rules.has_jokers:
                continue  # a hand of this game holds no joker: the kernel is never asked
            assert swap_on_legal(verdict.meld, card, rules) == remi.check_joker_swap(
                verdict.meld, card, rules
            )
            compared += 1
    assert compared >= 8
