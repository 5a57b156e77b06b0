"""The contract lay test's pairs of options answer as the search (issue 18, speed round 3).

Where a contract of three melds has nothing laid (Norwegian rounds 4 to 6,
docs/rules/norwegian.rst, norwegian-contracts), the engine's per-meld test
looks the two melds left up among the pairs of options the hand can take
together (``_ExactLayTest.pairs``) instead of searching each rest. Each answer
must be :func:`~remi.can_complete_contract`'s for the cards left, the meld laid.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi.solver import completion
from remi.solver.completion import can_complete_contract, contract_lay_test

RULESETS = {
    "norwegian": remi.NORWEGIAN,
    "all-down": remi.with_variants(remi.NORWEGIAN, "all down at once"),
}
PACK = remi.make_pack(2, 4)
#: Cards of few ranks, so that most hands hold melds to lay: a set of each rank, runs of each suit.
NARROW = [c for c in PACK if c.is_joker or c.rank <= 6]


def _hand(data: st.DataObject) -> tuple[remi.Card, ...]:
    drawn = data.draw(st.lists(st.sampled_from(NARROW), min_size=10, max_size=18))
    # No more copies of a card than the pack has (docs/rules/index.rst, shared-copies).
    return tuple(c for i, c in enumerate(drawn) if drawn[: i + 1].count(c) <= PACK.count(c))


def _same_as_one_off(hand: tuple[remi.Card, ...], round: int, rules: remi.Ruleset, keep: int) -> int:
    """Compare the per-meld test with the one-off question on every wanted meld; the number compared."""
    return _compare(contract_lay_test(hand, (), round, rules, keep), hand, round, rules, keep)


def _compare(
    test: Callable[[remi.Meld], bool] | None,
    hand: tuple[remi.Card, ...],
    round: int,
    rules: remi.Ruleset,
    keep: int,
) -> int:
    contract = remi.contract_for(round, rules)
    compared = 0
    for meld in remi.candidate_melds(hand, rules, exact=True):
        if (contract.sets if meld.kind == "set" else contract.runs) == 0:
            continue
        rest = Counter(hand)
        rest.subtract(meld.cards)
        expected = can_complete_contract(tuple(rest.elements()), (meld,), round, rules, keep=keep)
        assert (test is not None and test(meld)) == expected, (meld, hand)
        compared += 1
    return compared


@pytest.mark.parametrize("after", [0, completion.PAIRS_AFTER], ids=["pairs-at-once", "pairs-after-no-room"])
@pytest.mark.parametrize("name", sorted(RULESETS))
@settings(max_examples=80, deadline=None)
@given(data=st.data(), round=st.sampled_from([4, 5, 6]), keep=st.integers(0, 1))
def test_pairs_answer_as_the_one_off_question(
    name: str, after: int, data: st.DataObject, round: int, keep: int
) -> None:
    """With the pairs listed at once (every rest looked up) and as the engine lists them."""
    with mock.patch.object(completion, "PAIRS_AFTER", after):
        _same_as_one_off(_hand(data), round, RULESETS[name], keep)


def test_pairs_are_listed_for_a_hand_of_three_melds() -> None:
    """The pairs path is the one taken: a hand with a set and two runs lists its pairs once.

    Its rests find no room often enough (:data:`~remi.solver.completion.PAIRS_AFTER`) for the list.
    """
    hand = remi.parse_cards("♠3 ♥3 ♦3 ♠5 ♠6 ♠7 ♠8 ♥5 ♥6 ♥7 ♥8 JK ♣K")
    test = contract_lay_test(hand, (), 6, remi.NORWEGIAN, 1)
    assert test is not None
    question = test.__self__  # type: ignore[attr-defined]
    assert isinstance(question, completion._ExactLayTest)
    assert _compare(test, hand, 6, remi.NORWEGIAN, 1) > 0
    assert question.paired  # the rests of two melds were looked up among the pairs
    assert all(pairs is not None for pairs in question.paired.values())


def test_past_the_most_pairs_each_rest_is_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no pairs allowed the answers are the same: the search answers each rest."""
    monkeypatch.setattr(completion, "MOST_PAIRS", 0)
    hand = remi.parse_cards("♠3 ♥3 ♦3 ♠5 ♠6 ♠7 ♠8 ♥5 ♥6 ♥7 ♥8 JK ♣K")
    assert _same_as_one_off(hand, 6, remi.NORWEGIAN, 1) > 0
    test = contract_lay_test(hand, (), 6, remi.NORWEGIAN, 0)
    assert test is not None
    question = test.__self__  # type: ignore[attr-defined]
    assert _compare(test, hand, 6, remi.NORWEGIAN, 0) > 0
    assert question.paired
    assert all(pairs is None for pairs in question.paired.values())


@pytest.mark.parametrize(
    ("text", "round", "laid"),
    [
        # Two copies of one run: the same option twice.
        ("♠5 ♠6 ♠7 ♠8 ♠5 ♠6 ♠7 ♠8 ♥9 ♦9 ♣9 ♣K", 6, "♥9 ♦9 ♣9"),
        # Two sets of one rank from two decks.
        ("♠3 ♥3 ♦3 ♠3 ♥3 ♦3 ♣5 ♣6 ♣7 ♣8 ♣K", 5, "♣5 ♣6 ♣7 ♣8"),
    ],
)
@pytest.mark.rule("shared-copies")
def test_two_copies_of_one_meld_are_a_pair(text: str, round: int, laid: str) -> None:
    """docs/rules/index.rst, shared-copies: with two decks the rest may be the same meld twice."""
    hand = remi.parse_cards(text)
    test = contract_lay_test(hand, (), round, remi.NORWEGIAN, 1)
    assert test is not None
    assert _compare(test, hand, round, remi.NORWEGIAN, 1) > 0
    assert test(remi.parse_meld(laid, remi.NORWEGIAN))
