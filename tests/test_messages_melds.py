"""Reasons as data in melds, contracts and rulesets (docs/errors.rst, "Reasons in five languages").

Every refusal of :func:`remi.check_meld`, :func:`remi.check_layoff`, :func:`remi.check_joker_swap`,
:func:`remi.validate_meld`, :func:`remi.check_contract`, :func:`remi.check_opening`,
:func:`remi.hand_value` and the ruleset validators is a :class:`remi.Message` whose template, and
the template of every message nested in its params, is a msgid the catalogue script extracts
from the source, and it renders in every language of :data:`remi.LANGUAGES`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi.cards import Card
from remi.melds import validate_meld
from remi.messages import Message
from tests.script_loader import load_script

ROOT = Path(__file__).resolve().parent.parent

NORWEGIAN, SWEDISH, SLOVENIAN, KALOOKI, GIN = (
    remi.NORWEGIAN,
    remi.SWEDISH,
    remi.SLOVENIAN,
    remi.KALOOKI,
    remi.GIN,
)
TWOS = remi.with_variants(NORWEGIAN, "spade twos wild")
RULESETS = {
    **remi.PRESETS,
    "spade twos wild": TWOS,
    "same-suit runs": remi.with_variants(NORWEGIAN, "same-suit runs"),
    "all down at once": remi.with_variants(NORWEGIAN, "all down at once"),
    "distinct suits": attrs.evolve(KALOOKI, distinct_suit_sets=True, set_max=None),
    "ace high only": attrs.evolve(KALOOKI, ace_low=False, ace_high=True),
}


@cache
def msgids() -> frozenset[object]:
    script = load_script("remi_script_messages_melds", ROOT / "scripts" / "messages.py")
    return frozenset(script.extract())


def assert_message(text: object) -> None:
    """*text* is a Message from an extracted template, and so is every Message in its params."""
    assert isinstance(text, Message), f"not a Message: {text!r}"
    key = text.template if text.plural is None else (text.template, text.plural)
    assert key in msgids(), f"template not extracted from src/remi: {key!r}"
    for value in text.params.values():
        items = value if isinstance(value, tuple | list) else (value,)
        for item in items:
            if isinstance(item, Message):
                assert_message(item)


def assert_renders(text: str) -> None:
    assert_message(text)
    assert isinstance(text, Message)
    assert text.render("en") == text
    for lang in remi.LANGUAGES:
        rendered = text.render(lang)
        assert isinstance(rendered, str) and rendered


def assert_refusal(check: remi.Check) -> None:
    assert not check.ok
    assert_renders(check.reason)
    for lang in remi.LANGUAGES:
        assert check.reason_in(lang) == check.reason.render(lang)  # type: ignore[attr-defined]
    assert check.reason_in("en") == check.reason


def meld(text: str, ruleset: remi.Ruleset = NORWEGIAN) -> remi.Meld:
    found = remi.check_meld(text, ruleset).meld
    assert found is not None
    return found


def raw(kind: str, cards: str, wild: str, rank: int, suit: int = -1) -> remi.Meld:
    """A Meld built as given (positions and wild flags unchecked by any ruleset)."""
    return remi.Meld(kind, remi.parse_cards(cards), tuple(w == "w" for w in wild), rank, suit)  # type: ignore[arg-type]


# -- refusals reported as a Check, by code -----------------------------------------------------

CHECKS: list[tuple[str, Callable[[], remi.Check]]] = [
    ("empty", lambda: remi.check_meld("", NORWEGIAN)),
    ("empty", lambda: remi.check_layoff(meld("♠5 ♠6 ♠7 ♠8"), "", NORWEGIAN)),
    ("too-short", lambda: remi.check_meld("♠7 ♠8", NORWEGIAN)),
    ("too-short", lambda: remi.check_meld("♠7 ♥7", NORWEGIAN)),
    ("too-short", lambda: remi.check_meld("JK JK", NORWEGIAN)),
    ("too-short", lambda: validate_meld(raw("run", "♠5 ♠6 ♠7", "nnn", 5, 0), NORWEGIAN)),
    ("no-natural-card", lambda: remi.check_meld("JK JK JK", NORWEGIAN)),
    ("no-natural-card", lambda: validate_meld(raw("set", "JK JK JK", "www", 5), NORWEGIAN)),
    ("too-many-jokers", lambda: remi.check_meld("♠5 JK JK JK", NORWEGIAN)),
    ("too-many-jokers", lambda: remi.check_meld("♥7 ♠2 ♠2", TWOS)),
    ("too-many-jokers", lambda: remi.check_meld("♠5 JK JK", SLOVENIAN)),
    ("set-too-large", lambda: remi.check_meld("♠7 ♥7 ♦7 ♣7 ♠7", SWEDISH)),
    ("set-too-large", lambda: remi.check_meld("♠7 ♥7 ♦7 ♣7 JK", RULESETS["distinct suits"])),
    ("repeated-suit", lambda: remi.check_meld("♠7 ♠7 ♥7", RULESETS["distinct suits"])),
    ("run-too-long", lambda: remi.check_meld("♠A ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K JK", NORWEGIAN)),
    ("mixed-suits", lambda: remi.check_meld("♠7 ♥8 ♦9", SWEDISH)),
    ("mixed-suits", lambda: remi.check_meld("♠7 ♥8 ♦9 ♣10", NORWEGIAN)),
    ("duplicate-in-run", lambda: remi.check_meld("♠7 ♠7 ♠8 ♠9", NORWEGIAN)),
    ("wraps-corner", lambda: remi.check_meld("♦K ♦A ♦2 ♦3", NORWEGIAN)),
    ("ace-high-not-allowed", lambda: remi.check_meld("♠Q ♠K ♠A", SWEDISH)),
    ("ace-high-not-allowed", lambda: validate_meld(raw("run", "♠Q ♠K ♠A", "nnn", 12, 0), SWEDISH)),
    ("ace-low-not-allowed", lambda: remi.check_meld("♠A ♠2 ♠3", RULESETS["ace high only"])),
    (
        "run-off-the-end",
        lambda: validate_meld(raw("run", "♠A ♠2 ♠3", "nnn", 1, 0), RULESETS["ace high only"]),
    ),
    ("gap", lambda: remi.check_meld("♠5 ♠9 ♠10 ♠J", SWEDISH)),
    ("gap", lambda: remi.check_meld("♠5 ♠9 ♠10 JK", NORWEGIAN)),
    ("gap", lambda: remi.check_meld("♥5 ♥9 ♥10 ♠2", TWOS)),
    ("not-a-meld", lambda: remi.check_meld("♠5 ♥5 ♥6", NORWEGIAN)),
    ("not-a-meld", lambda: validate_meld("♠5 ♠6 ♠7", NORWEGIAN)),  # type: ignore[arg-type]
    ("not-a-meld", lambda: remi.check_layoff("♠5 ♠6 ♠7", "♠8", NORWEGIAN)),  # type: ignore[arg-type]
    ("not-a-meld", lambda: remi.check_joker_swap("♠5 ♠6 ♠7", "♠8", NORWEGIAN)),  # type: ignore[arg-type]
    ("mixed-ranks", lambda: remi.check_meld("♠5 ♠6 ♠7", NORWEGIAN, kind="set")),
    ("mixed-ranks", lambda: validate_meld(raw("set", "♠5 ♥6 ♦5", "nnn", 5), NORWEGIAN)),
    ("jokers-not-in-game", lambda: remi.check_meld("♠5 ♠6 JK", SWEDISH)),
    ("jokers-not-in-game", lambda: remi.check_layoff(meld("♠5 ♠6 ♠7", GIN), "JK", GIN)),
    ("jokers-not-in-game", lambda: remi.check_joker_swap(meld("♠5 ♠6 ♠7", GIN), "JK", GIN)),
    ("jokers-not-in-game", lambda: remi.check_opening(["♠5 ♠6 JK"], GIN)),
    ("too-many-copies", lambda: remi.check_meld("♠9 ♠9 ♠9", NORWEGIAN)),
    ("too-many-copies", lambda: remi.check_meld("♠5 JK JK JK", KALOOKI)),
    ("too-many-copies", lambda: remi.check_opening(["♠9 ♥9 ♦9", "♠9 ♠10 ♠J"], SWEDISH)),
    ("too-many-copies", lambda: remi.check_opening(["♠5 JK JK", "♥5 ♥6 JK"], KALOOKI)),
    ("too-many-copies", lambda: remi.check_contract(["♥9 ♠9 ♦9"] * 2, 1, NORWEGIAN, hand="♠9 ♠9 ♠9")),
    ("malformed-meld", lambda: validate_meld(raw("set", "JK ♠5 ♥5", "nnn", 5), NORWEGIAN)),
    ("not-wild", lambda: validate_meld(raw("set", "♠5 ♥5 ♦6", "nnw", 5), NORWEGIAN)),
    ("wrong-position", lambda: validate_meld(raw("run", "♠5 ♠7 ♠6 ♠8", "nnnn", 5, 0), NORWEGIAN)),
    ("does-not-fit", lambda: remi.check_layoff(meld("♠7 ♥7 ♦7"), "♠8", NORWEGIAN)),
    ("does-not-fit", lambda: remi.check_layoff(meld("♠5 ♠6 ♠7 ♠8"), "♥9", NORWEGIAN)),
    ("does-not-fit", lambda: remi.check_layoff(meld("♠5 ♠6 ♠7 ♠8"), "♠J", NORWEGIAN)),
    ("meld-not-legal", lambda: remi.check_layoff(raw("run", "♠5 ♠6 ♠7", "nnn", 5, 0), "♠8", NORWEGIAN)),
    (
        "no-joker-swaps",
        lambda: remi.check_joker_swap(meld("♠2 JK ♠4 ♠5"), "♠3", attrs.evolve(NORWEGIAN, joker_swap="none")),
    ),
    (
        "no-joker-swaps",
        lambda: remi.check_joker_swap(meld("♥3 ♠2 ♥5 ♥6", TWOS), "♥4", attrs.evolve(TWOS, joker_swap="none")),
    ),
    ("joker-locked-in-set", lambda: remi.check_joker_swap(meld("♠Q ♥Q JK"), "♦Q", NORWEGIAN)),
    ("joker-locked-in-set", lambda: remi.check_joker_swap(meld("♠Q ♥Q ♠2", TWOS), "♦Q", TWOS)),
    ("swap-needs-natural", lambda: remi.check_joker_swap(meld("♠2 JK ♠4", SLOVENIAN), "JK", SLOVENIAN)),
    ("no-joker", lambda: remi.check_joker_swap(meld("♠5 ♠6 ♠7", SLOVENIAN), "♠8", SLOVENIAN)),
    ("no-joker", lambda: remi.check_joker_swap(meld("♥3 ♥4 ♥5 ♥6", TWOS), "♥7", TWOS)),
    ("no-joker-for-card", lambda: remi.check_joker_swap(meld("♠2 JK ♠4 ♠5"), "♠9", NORWEGIAN)),
    ("no-joker-for-card", lambda: remi.check_joker_swap(meld("♥3 ♠2 ♥5 ♥6", TWOS), "♥9", TWOS)),
    ("no-contracts", lambda: remi.check_contract(["♠5 ♠6 ♠7"], 1, SWEDISH)),
    ("no-such-round", lambda: remi.check_contract(["♠5 ♠6 ♠7 ♠8"], 9, NORWEGIAN)),
    ("invalid-meld", lambda: remi.check_contract(["♠5 ♠6 ♠7 ♠8", "♠7 ♥8 ♦9"], 3, NORWEGIAN)),
    ("invalid-meld", lambda: remi.check_opening([raw("run", "♠5 ♠7 ♠6", "nnn", 5, 0)], SLOVENIAN)),
    ("no-melds", lambda: remi.check_contract([], 2, NORWEGIAN)),
    ("no-melds", lambda: remi.check_opening([], SLOVENIAN)),
    ("wrong-combinations", lambda: remi.check_contract(["♥9 ♠9 ♦9"], 2, NORWEGIAN)),
    ("wrong-combinations", lambda: remi.check_contract(["♥9 ♠9 ♦9", "♣5 ♣6 ♣7 ♣8"], 7, NORWEGIAN)),
    ("extra-cards", lambda: remi.check_contract(["♥9 ♠9 ♦9 ♣9", "♣5 ♣6 ♣7 ♣8"], 2, NORWEGIAN)),
    (
        "runs-touch",
        lambda: remi.check_contract(["♠2 ♠3 ♠4 ♠5", "♠6 ♠7 ♠8 ♠9"], 3, RULESETS["same-suit runs"]),
    ),
    ("not-in-hand", lambda: remi.check_contract(["♥9 ♠9 ♦9", "♣5 ♣6 ♣7 ♣8"], 2, NORWEGIAN, hand="♥9 ♠9")),
    (
        "cards-left-in-hand",
        lambda: remi.check_contract(
            ["♠2 ♠3 ♠4 ♠5", "♥2 ♥3 ♥4 ♥5", "♦2 ♦3 ♦4 ♦5"],
            7,
            NORWEGIAN,
            hand="♠2 ♠3 ♠4 ♠5 ♥2 ♥3 ♥4 ♥5 ♦2 ♦3 ♦4 ♦5 ♣K",
        ),
    ),
    ("opening-too-low", lambda: remi.check_opening(["♠10 ♥10 ♦10", "♣2 ♣3 ♣4"], SLOVENIAN)),
    ("opening-too-low", lambda: remi.check_opening(["♠A ♠2 ♠3"], KALOOKI)),
]


@pytest.mark.parametrize(("code", "make"), CHECKS, ids=[f"{i}-{c}" for i, (c, _) in enumerate(CHECKS)])
def test_every_refusal_is_a_message_of_the_catalogue(code: str, make: Callable[[], remi.Check]) -> None:
    check = make()
    assert check.code == code, check.reason
    assert_refusal(check)


# -- refusals raised as a RemiError, by code -----------------------------------------------------


def _bad_evolve(**changes: Any) -> Callable[[], object]:
    return lambda: attrs.evolve(NORWEGIAN, **changes)


RAISES: list[tuple[str, Callable[[], object]]] = [
    ("jokers-not-in-game", lambda: remi.is_wild(Card("JK"), GIN)),
    ("jokers-not-in-game", lambda: remi.meld_points(raw("run", "JK ♠5 ♠6", "wnn", 4, 0), GIN)),
    ("too-many-copies", lambda: remi.meld_points(raw("set", "♠9 ♠9 ♠9", "nnn", 9), NORWEGIAN)),
    ("too-many-copies", lambda: remi.hand_value("♠9 ♠9", SWEDISH)),
    ("jokers-not-in-game", lambda: remi.hand_value("JK", GIN)),
    ("malformed-meld", lambda: remi.Meld("run", remi.parse_cards("♠5 ♠6 ♠7"), (False,) * 3, 13, 0)),
    ("malformed-meld", lambda: remi.Meld("set", remi.parse_cards("♠5 ♥5 ♦5"), (False,) * 3, 5, 2)),
    ("malformed-meld", lambda: remi.Meld("set", remi.parse_cards("♠5 ♥5 ♦5"), (False,) * 3, 0)),
    ("malformed-meld", lambda: remi.Meld("run", remi.parse_cards("♠5 ♠6 ♠7"), (False,) * 3, 5, 7)),
    ("malformed-meld", lambda: remi.Meld("pair", remi.parse_cards("♠5 ♥5"), (False,) * 2, 5)),  # type: ignore[arg-type]
    ("malformed-meld", lambda: remi.Meld("set", ("♠5",), (False,), 5)),  # type: ignore[arg-type]
    ("malformed-meld", lambda: remi.Meld("set", remi.parse_cards("♠5 ♥5"), (False,), 5)),
    ("malformed-meld", lambda: remi.Meld("set", remi.parse_cards("♠5"), (False,), 5.0)),  # type: ignore[arg-type]
    ("malformed-meld", lambda: remi.Meld("set", remi.parse_cards("♠5"), (False,), 5, None)),  # type: ignore[arg-type]
    ("bad-kind", lambda: remi.check_meld("♠5 ♠6 ♠7", NORWEGIAN, kind="pair")),  # type: ignore[arg-type]
    ("bad-end", lambda: remi.check_meld("♠5 ♠6 ♠7", NORWEGIAN, joker_end="middle")),  # type: ignore[arg-type]
    ("bad-end", lambda: remi.check_layoff(meld("♠5 ♠6 ♠7 ♠8"), "♠9", NORWEGIAN, end="middle")),  # type: ignore[arg-type]
    ("not-text", lambda: remi.parse_meld(7)),  # type: ignore[arg-type]
    ("mixed-ranks", lambda: remi.parse_meld("♠5 ♥6 JK=5")),
    ("mixed-suits", lambda: remi.parse_meld("♠5 ♥6 JK=♠7")),
    ("gap", lambda: remi.parse_meld("♠5 ♠6 JK=♠9")),
    ("mixed-suits", lambda: remi.parse_meld("♠7 ♥8 ♦9", SWEDISH)),
    ("not-melds", lambda: remi.check_contract("♠5 ♠6 ♠7 ♠8", 3, NORWEGIAN)),
    ("not-melds", lambda: remi.check_opening(7, SLOVENIAN)),  # type: ignore[arg-type]
    ("no-contracts", lambda: remi.contract_for(1, SWEDISH)),
    ("no-such-round", lambda: remi.contract_for(0, NORWEGIAN)),
    ("unknown-cache", lambda: remi.clear_caches("no such cache")),
    ("unknown-ruleset", lambda: remi.find_ruleset("canasta")),
    ("unknown-variant", lambda: remi.with_variants(NORWEGIAN, "canasta")),
    ("bad-ruleset", lambda: remi.with_variants("NORWEGIAN", "shanghai")),  # type: ignore[arg-type]
    ("bad-ruleset", lambda: remi.with_variants(NORWEGIAN, "spade twos wild", "one joker fewer than players")),
    ("bad-ruleset", lambda: remi.with_variants(SLOVENIAN, "spade twos wild")),
    ("bad-ruleset", lambda: remi.Ruleset.from_dict([])),
    ("bad-ruleset", lambda: remi.Ruleset.from_dict({"nonsense": 1})),
    ("bad-ruleset", lambda: remi.Ruleset.from_dict({"name": "x"})),
    ("bad-contract", lambda: remi.Contract(0, 0)),
    ("bad-option", _bad_evolve(run_min=0)),
    ("bad-option", _bad_evolve(run_min="4")),
    ("bad-option", _bad_evolve(set_max=1)),
    ("bad-option", _bad_evolve(rounds=0)),
    ("bad-option", _bad_evolve(first_dealer="north")),
    ("bad-option", _bad_evolve(ace_low="yes")),
    ("bad-option", _bad_evolve(name=7)),
    ("bad-option", _bad_evolve(cut_bonus=5000)),
    ("bad-option", _bad_evolve(hand_size_by_round="10")),
    ("bad-option", _bad_evolve(hand_size_by_round=(10, 0))),
    ("bad-option", _bad_evolve(hand_size_by_players=((1, 10),))),
    ("bad-option", _bad_evolve(contracts=("two sets",))),
    ("bad-option", _bad_evolve(values={"ace": 20, "queen": 10})),
    ("bad-option", _bad_evolve(values={"joker": 20})),
    ("bad-option", _bad_evolve(values=20)),
    ("bad-ruleset", _bad_evolve(jokers=-1)),
    ("bad-ruleset", _bad_evolve(min_players=5, max_players=3)),
    ("bad-ruleset", _bad_evolve(set_max=2)),
    ("bad-ruleset", _bad_evolve(ace_low=False, ace_high=False)),
    ("bad-ruleset", _bad_evolve(wild_spade_twos=True)),
    ("bad-ruleset", _bad_evolve(contracts=())),
    ("bad-ruleset", _bad_evolve(hand_size_by_round=())),
    ("bad-ruleset", _bad_evolve(hand_size_by_round=(3,) * 7)),
    ("bad-ruleset", _bad_evolve(max_players=8, decks=1, jokers=0)),
    ("bad-ruleset", _bad_evolve(melds_per_turn=1)),
    ("bad-ruleset", _bad_evolve(rounds=None)),
    ("bad-ruleset", _bad_evolve(rounds=8)),
    ("bad-ruleset", lambda: attrs.evolve(SWEDISH, hand_size_by_players=((3, 7),))),
    ("bad-ruleset", lambda: attrs.evolve(SWEDISH, hand_size_by_players=())),
    ("bad-ruleset", lambda: attrs.evolve(SWEDISH, rounds=None, target_score=None)),
    ("bad-ruleset", lambda: attrs.evolve(SLOVENIAN, opening_points=1000)),
    ("bad-ruleset", lambda: attrs.evolve(SLOVENIAN, melds_per_turn=1)),
    ("bad-ruleset", lambda: attrs.evolve(SLOVENIAN, keep_taken_discard=True)),
    ("bad-ruleset", lambda: attrs.evolve(SLOVENIAN, keep_taken_discard=True, joker_swap="none")),
    ("bad-ruleset", lambda: attrs.evolve(KALOOKI, keep_taken_discard=True, family="basic")),
    ("bad-ruleset", lambda: attrs.evolve(GIN, gin_stock_reserve=40)),
    ("bad-ruleset", lambda: attrs.evolve(GIN, set_min=13, run_min=13)),
]


@pytest.mark.parametrize(("code", "make"), RAISES, ids=[f"{i}-{c}" for i, (c, _) in enumerate(RAISES)])
def test_every_raised_reason_is_a_message_of_the_catalogue(code: str, make: Callable[[], object]) -> None:
    with pytest.raises(remi.RemiError) as caught:
        make()
    error = caught.value
    assert error.code == code, error.reason
    assert_renders(error.reason)
    for lang in remi.LANGUAGES:
        assert error.reason_in(lang) == error.reason.render(lang)  # type: ignore[attr-defined]


def test_the_contract_in_words_is_a_message() -> None:
    for contract in NORWEGIAN.contracts:
        assert_renders(contract.phrase())
        assert contract.phrase() == str(contract)
    assert str(remi.Contract(1, 2)) == "1 set + 2 runs" and type(str(remi.Contract(1, 2))) is str


# -- every refusal over random card groups and every ruleset -------------------------------------

_CARDS = st.lists(st.integers(min_value=0, max_value=52).map(Card.from_code), min_size=0, max_size=9)
_TABLE = [
    "♠5 ♠6 ♠7 ♠8",
    "♠Q ♥Q JK",
    "♥2 JK ♥4 ♥5",
    "♦9 ♣9 ♥9",
    "♣A ♣2 ♣3",
]


@settings(max_examples=150, deadline=None)
@given(cards=_CARDS, name=st.sampled_from(sorted(RULESETS)), kind=st.sampled_from([None, "set", "run"]))
def test_random_groups_are_refused_with_messages(cards: list[Card], name: str, kind: Any) -> None:
    ruleset = RULESETS[name]
    check = remi.check_meld(cards, ruleset, kind=kind)
    if not check.ok:
        assert_refusal(check)
    try:
        remi.hand_value(cards, ruleset)
    except remi.RemiError as error:
        assert_renders(error.reason)
    for text in _TABLE:
        table = remi.check_meld(text, KALOOKI).meld
        assert table is not None
        if cards:
            for result in (
                remi.check_layoff(table, cards, ruleset),
                remi.check_joker_swap(table, cards[0], ruleset),
            ):
                if not result.ok:
                    assert_refusal(result)


@settings(max_examples=60, deadline=None)
@given(
    groups=st.lists(_CARDS, min_size=0, max_size=3),
    name=st.sampled_from(sorted(RULESETS)),
    round=st.integers(min_value=0, max_value=8),
)
def test_random_contracts_and_openings_are_refused_with_messages(
    groups: list[list[Card]], name: str, round: int
) -> None:
    ruleset = RULESETS[name]
    for check in (remi.check_contract(groups, round, ruleset), remi.check_opening(groups, ruleset)):
        if not check.ok:
            assert_refusal(check)
