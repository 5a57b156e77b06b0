"""Contracts (Norwegian rounds), openings (the 51 games) and meld points."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import remi
from remi import NotationError, check_contract, check_opening, meld_points, parse_meld

N, SL, KA = remi.NORWEGIAN, remi.SLOVENIAN, remi.KALOOKI
ALL_DOWN = remi.with_variants(N, "all down at once")
APART = remi.with_variants(N, "same-suit runs")

GOOD = {
    1: ["♠7 ♥7 ♦7", "♠K ♥K JK"],
    2: ["♥9 ♠9 ♦9", "♣5 ♣6 ♣7 ♣8"],
    3: ["♠2 ♠3 ♠4 ♠5", "♥10 JK ♥Q ♥K"],
    4: ["♠7 ♥7 ♦7", "♠K ♥K ♣K", "♦2 ♦2 JK"],
    5: ["♠7 ♥7 ♦7", "♠K ♥K ♣K", "♦A ♦2 ♦3 ♦4"],
    6: ["♠7 ♥7 ♦7", "♠J ♠Q ♠K ♠A", "♣A ♣2 JK ♣4"],
    7: ["♠2 ♠3 ♠4 ♠5", "♥9 ♥10 ♥J ♥Q", "♣5 ♣6 JK ♣8"],
}


@pytest.mark.parametrize("round_", sorted(GOOD))
def test_each_contract_accepts_its_melds(round_: int) -> None:
    result = check_contract(GOOD[round_], round_, N)
    assert result.ok and result.code == "ok", result.reason
    assert len(result.melds) == len(GOOD[round_])
    contract = remi.contract_for(round_, N)
    assert sum(m.kind == "set" for m in result.melds) == contract.sets
    assert sum(m.kind == "run" for m in result.melds) == contract.runs


@pytest.mark.parametrize("round_", sorted(GOOD))
def test_each_contract_refuses_the_next_rounds_melds(round_: int) -> None:
    other = GOOD[round_ % 7 + 1]
    result = check_contract(other, round_, N)
    assert not result.ok
    assert result.code == "wrong-combinations"
    assert str(remi.contract_for(round_, N)) in result.reason


@pytest.mark.parametrize(
    ("melds", "round_", "code"),
    [
        (["♠7 ♥7 ♦7"], 1, "wrong-combinations"),
        (["♠7 ♥7 ♦7", "♠K ♥K ♣K", "♠2 ♥2 ♣2"], 1, "wrong-combinations"),
        (["♠7 ♥7 ♦7", "♠8 ♠9 ♠10 ♠J"], 1, "wrong-combinations"),
        (["♠7 ♥7 ♦7 ♣7", "♠K ♥K ♣K"], 1, "extra-cards"),
        (["♥9 ♠9 ♦9", "♣5 ♣6 ♣7 ♣8 ♣9"], 2, "extra-cards"),
        (["♥9 ♠9 ♦9", "♣5 ♣6 ♣7 JK"], 2, "ok"),
        (["♥9 ♠9 ♦9", "♣5 ♣6 ♣8 ♣9"], 2, "invalid-meld"),
        (["♠2 ♠3 ♠4 ♠5", "♥2 ♥3 ♥4"], 3, "invalid-meld"),
        ([], 1, "no-melds"),
        (GOOD[1], 0, "no-such-round"),
        (GOOD[1], 8, "no-such-round"),
    ],
)
def test_contract_failures(melds: list[str], round_: int, code: str) -> None:
    result = check_contract(melds, round_, N)
    assert result.code == code
    assert result.ok == (code == "ok")
    if not result.ok:
        assert result.reason


def test_contract_failure_reasons_are_readable() -> None:
    extra = check_contract(["♥9 ♠9 ♦9 ♣9", "♣5 ♣6 ♣7 ♣8"], 2, N)
    assert extra.reason == (
        "The contract goes down with exactly its cards: sets of 3, runs of 4; ♠9 ♥9 ♦9 ♣9 has 4."
    )
    wrong = check_contract(["♠7 ♥7 ♦7", "♠K ♥K ♣K"], 2, N)
    assert wrong.reason == "Round 2 asks for 1 set + 1 run, not 2 sets."
    invalid = check_contract(["♥9 ♠9 ♦9", "♣5 ♣6 ♣8 ♣9"], 2, N)
    assert invalid.reason.startswith("Meld 2 (♣5 ♣6 ♣8 ♣9) is not legal: ")
    assert "♣7 is missing" in invalid.reason


def test_all_down_at_once_allows_extra_cards() -> None:
    melds = ["♥9 ♠9 ♦9 ♣9", "♣4 ♣5 ♣6 ♣7 ♣8 ♣9"]
    assert check_contract(melds, 2, N).code == "extra-cards"
    assert check_contract(melds, 2, ALL_DOWN).ok
    assert check_contract(["♥9 ♠9 ♦9 ♣9"], 2, ALL_DOWN).code == "wrong-combinations"


def test_same_suit_runs_variant() -> None:
    touching = ["♣3 ♣4 ♣5 ♣6", "♣7 ♣8 ♣9 ♣10"]
    assert check_contract(touching, 3, N).ok  # allowed without the variant
    refused = check_contract(touching, 3, APART)
    assert refused.code == "runs-touch" and "overlap or leave a gap" in refused.reason
    assert check_contract(["♣7 ♣8 ♣9 ♣10", "♣3 ♣4 ♣5 ♣6"], 3, APART).code == "runs-touch"
    assert check_contract(["♣3 ♣4 ♣5 ♣6", "♣5 ♣6 ♣7 ♣8"], 3, APART).ok  # two decks
    assert check_contract(["♣3 ♣4 ♣5 ♣6", "♣8 ♣9 ♣10 ♣J"], 3, APART).ok
    assert check_contract(["♣3 ♣4 ♣5 ♣6", "♥7 ♥8 ♥9 ♥10"], 3, APART).ok
    assert check_contract(["♣3 ♣4 ♣5 ♣6", "JK ♣8 ♣9 ♣10"], 3, APART).ok  # the joker is ♣J
    low_joker = parse_meld("JK=♣7 ♣8 ♣9 ♣10")
    assert check_contract(["♣3 ♣4 ♣5 ♣6", low_joker], 3, APART).code == "runs-touch"
    assert check_contract(["♠7 ♥7 ♦7", "♣3 ♣4 ♣5 ♣6", "♣7 ♣8 ♣9 ♣10"], 6, APART).code == "runs-touch"


def test_contract_with_hand_needs_the_cards() -> None:
    hand = "♥9 ♠9 ♦9 ♣5 ♣6 ♣7 ♠K ♦4 ♥2 ♠8 ♣8"
    assert check_contract(GOOD[2], 2, N, hand=hand).ok
    missing = check_contract(["♥9 ♠9 ♣9", "♣5 ♣6 ♣7 ♣8"], 2, N, hand=hand)
    assert missing.code == "not-in-hand" and "♣9" in missing.reason
    twice = check_contract(["♥9 ♠9 ♦9", "♥9 ♠9 ♦9"], 1, N, hand=hand)
    assert twice.code == "not-in-hand" and twice.reason == "The hand does not hold ♠9 ♥9 ♦9."


def test_round_seven_goes_out_with_every_card() -> None:
    hand = "♠2 ♠3 ♠4 ♠5 ♥9 ♥10 ♥J ♥Q ♣5 ♣6 JK ♣8"
    assert check_contract(GOOD[7], 7, N, hand=hand).ok
    left = check_contract(GOOD[7], 7, N, hand=hand + " ♦K")
    assert left.code == "cards-left-in-hand" and "♦K would stay in hand" in left.reason
    # A bought-enlarged hand: longer runs are allowed, since nothing may stay in hand.
    bought = hand + " ♠6 ♠7"
    longer = ["♠2 ♠3 ♠4 ♠5 ♠6 ♠7", "♥9 ♥10 ♥J ♥Q", "♣5 ♣6 JK ♣8"]
    assert check_contract(longer, 7, N, hand=bought).ok
    assert check_contract(GOOD[7], 7, N, hand=bought).code == "cards-left-in-hand"
    # The exact-size rule still holds in the earlier rounds.
    assert check_contract(["♠2 ♠3 ♠4 ♠5 ♠6", "♥9 ♥10 ♥J ♥Q"], 3, N).code == "extra-cards"


def test_round_seven_without_the_going_out_rule() -> None:
    plain = attrs.evolve(N, last_contract_goes_out=False)
    longer = ["♠2 ♠3 ♠4 ♠5 ♠6 ♠7", "♥9 ♥10 ♥J ♥Q", "♣5 ♣6 JK ♣8"]
    assert check_contract(longer, 7, plain).code == "extra-cards"
    assert check_contract(GOOD[7], 7, plain, hand=GOOD[7][0] + " " + GOOD[7][1] + " ♣5 ♣6 JK ♣8 ♦K").ok


def test_contracts_take_melds_or_card_groups() -> None:
    melds = [parse_meld("♥9 ♠9 ♦9"), parse_meld("♣5 ♣6 ♣7 ♣8")]
    assert check_contract(melds, 2, N).ok
    assert check_contract([remi.parse_cards("♥9 ♠9 ♦9"), ["♣5", "♣6", "♣7", "♣8"]], 2, N).ok
    assert check_contract(iter(GOOD[2]), 2, N).ok


@pytest.mark.parametrize("bad", [None, 5, "♥9 ♠9 ♦9", parse_meld("♥9 ♠9 ♦9")])
def test_contracts_and_openings_need_a_list_of_melds(bad: object) -> None:
    # Regression: None used to escape as a bare TypeError, and a string was read letter by letter.
    with pytest.raises(NotationError) as info:
        check_contract(bad, 1, N)  # type: ignore[arg-type]
    assert info.value.code == "not-melds"
    with pytest.raises(NotationError):
        check_opening(bad, SL)  # type: ignore[arg-type]


# -- openings and meld points --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ruleset", "points"),
    [
        ("♠A ♠2 ♠3", SL, 6),
        ("♠Q ♠K ♠A", SL, 30),
        ("♠A ♥A ♦A", SL, 30),
        ("♠A ♠2 ♠3", KA, 6),
        ("♠Q ♠K ♠A", KA, 31),
        ("♠A ♥A ♦A", KA, 33),
        ("♠Q ♥Q JK", SL, 30),
        ("♣8 ♣9 ♣10 JK", SL, 37),
        ("♠10 ♠J ♠Q ♠K ♠A", SL, 50),
        ("♠2 JK ♠4", SL, 9),
        ("JK ♠2 ♠3", KA, 9),
        ("♥5 ♥6 ♥7", remi.SWEDISH, 18),
        ("♠A ♠2 ♠3", remi.SWEDISH, 6),
    ],
)
def test_meld_points(text: str, ruleset: remi.Ruleset, points: int) -> None:
    assert meld_points(remi.check_meld(text, ruleset).require().meld, ruleset) == points  # type: ignore[arg-type]


def test_the_joker_counts_as_the_card_it_stands_for_at_the_chosen_end() -> None:
    high = remi.check_meld("♣8 ♣9 ♣10 JK", SL).meld
    low = remi.check_meld("♣8 ♣9 ♣10 JK", SL, joker_end="low").meld
    assert high is not None and low is not None
    assert (meld_points(high, SL), meld_points(low, SL)) == (37, 34)
    assert check_opening([low, "♠10 ♥10 ♦10"], SL).points == 64


@pytest.mark.parametrize("ruleset", [SL, KA])
def test_opening_threshold_50_fails_51_passes(ruleset: remi.Ruleset) -> None:
    fifty = check_opening(["♠10 ♥10 ♦10", "♣2 ♣3 ♣4 ♣5 ♣6"], ruleset)
    assert (fifty.ok, fifty.code, fifty.points) == (False, "opening-too-low", 50)
    assert fifty.reason == "These melds count 50 points; an opening needs at least 51."
    assert len(fifty.melds) == 2
    fifty_one = check_opening(["♠10 ♥10 ♦10", "♣A ♣2 ♣3 ♣4 ♣5 ♣6"], ruleset)
    assert (fifty_one.ok, fifty_one.code, fifty_one.points) == (True, "ok", 51)


def test_opening_failures() -> None:
    assert check_opening([], SL).code == "no-melds"
    bad = check_opening(["♠10 ♥10 ♦10", "♣2 ♣3 ♣5"], SL)
    assert bad.code == "invalid-meld" and "Meld 2" in bad.reason
    assert check_opening(["♠10 ♥10 ♦10"], attrs.evolve(SL, opening_points=None)).ok


@given(st.integers(1, 120))
def test_the_threshold_is_the_rulesets(need: int) -> None:
    ruleset = attrs.evolve(SL, opening_points=need)
    result = check_opening(["♠K ♥K ♦K", "♣7 ♣8 ♣9"], ruleset)
    assert result.points == 54
    assert result.ok == (need <= 54)


# -- the trusted kernel under check_contract: the engine asks it about legal melds --------------------


def _legal_layouts() -> list[tuple[remi.Ruleset, int, list[str]]]:
    out = []
    for ruleset in (N, ALL_DOWN, APART):
        for round_, melds in sorted(GOOD.items()):
            out.append((ruleset, round_, melds))
            out.append((ruleset, round_, melds[:-1]))  # a partial contract: wrong combinations
            out.append((ruleset, round_ % 7 + 1, melds))  # another round's melds
    out.append((APART, 3, ["♠2 ♠3 ♠4 ♠5", "♠6 ♠7 ♠8 ♠9"]))  # runs of a suit that touch
    out.append((APART, 3, ["♠2 ♠3 ♠4 ♠5", "♠7 ♠8 ♠9 ♠10"]))  # ... and that leave a gap
    out.append((N, 2, ["♥9 ♠9 ♦9 ♣9", "♣5 ♣6 ♣7 ♣8"]))  # extra cards
    return out


@pytest.mark.rule("norwegian-contracts")
@pytest.mark.parametrize("ruleset, round_, texts", _legal_layouts())
def test_contract_problem_is_check_contract_on_legal_melds(
    ruleset: remi.Ruleset, round_: int, texts: list[str]
) -> None:
    # check_contract validates its input, then asks contract_problem, which the engine asks directly
    # about table melds (legal) and a meld from the hand: the same verdict, code and reason.
    from remi.contracts import contract_problem

    melds = [parse_meld(t, ruleset) for t in texts]
    public = check_contract(melds, round_, ruleset)
    kernel = contract_problem(melds, round_, ruleset)
    if public.ok:
        assert kernel is None
    else:
        assert kernel is not None and (kernel.code, kernel.reason) == (public.code, public.reason)


@pytest.mark.rule("norwegian-contracts")
@pytest.mark.parametrize("ruleset", [N, ALL_DOWN, remi.with_variants(N, "twelve cards")])
def test_contract_at_is_contract_for_on_the_games_rounds(ruleset: remi.Ruleset) -> None:
    # The engine reads its own round's contract unchecked; contract_for checks the round first.
    from remi.contracts import contract_at

    rounds = range(1, len(ruleset.contracts) + 1)
    assert [contract_at(r, ruleset) for r in rounds] == [remi.contract_for(r, ruleset) for r in rounds]
    with pytest.raises(remi.RulesetError):
        remi.contract_for(len(ruleset.contracts) + 1, ruleset)
