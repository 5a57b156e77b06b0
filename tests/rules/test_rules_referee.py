"""docs/rules/index.rst, shared-referee: what each preset must answer for a referee, without playing a game."""

from __future__ import annotations

from typing import Any

import pytest

import remi

PRESETS = sorted(remi.PRESETS.items())


@pytest.mark.rule("shared-referee")
@pytest.mark.parametrize("name, ruleset", PRESETS)
def test_is_this_group_a_legal_meld_and_why_not(name: str, ruleset: remi.Ruleset) -> None:
    # docs/rules/index.rst, shared-referee: 1: is this group of cards a legal meld? Which kind? If not, why, in one sentence.
    good_set = remi.check_meld("♠7 ♥7 ♦7", ruleset)
    assert (good_set.ok, good_set.kind, good_set.code, good_set.reason) == (True, "set", "ok", "")
    run = "♠4 ♠5 ♠6 ♠7" if ruleset.run_min == 4 else "♠4 ♠5 ♠6"
    good_run = remi.check_meld(run, ruleset)
    assert (good_run.ok, good_run.kind) == (True, "run")
    bad = remi.check_meld("♠5 ♥6 ♦7 ♣8", ruleset)
    assert not bad.ok and bad.code == "mixed-suits"
    assert bad.reason.endswith(".") and bad.reason.count(". ") == 0  # one sentence
    corner = remi.check_meld("♦K ♦A ♦2 ♦3", ruleset)
    assert not corner.ok and corner.code == "wraps-corner"


@pytest.mark.rule("shared-referee")
@pytest.mark.parametrize("name, ruleset", PRESETS)
def test_does_a_lay_down_fulfil_the_contract_or_opening(name: str, ruleset: remi.Ruleset) -> None:
    # docs/rules/index.rst, shared-referee: 2: does this set of melds fulfil round N's contract / the 51 opening? If not, why.
    if ruleset.contracts:
        ok = remi.check_contract(["♥9 ♠9 ♦9", "♣5 ♣6 ♣7 ♣8"], 2, ruleset)
        assert ok.ok
        wrong = remi.check_contract(["♥9 ♠9 ♦9", "♣5 ♣6 ♣7 ♣8"], 1, ruleset)
        assert (wrong.ok, wrong.code) == (False, "wrong-combinations")
        assert wrong.reason == "Round 1 asks for 2 sets, not 1 set + 1 run."
    elif ruleset.opening_points is not None:
        enough = remi.check_opening(["♠K ♥K ♦K", "♣9 ♣10 ♣J"], ruleset)
        assert (enough.ok, enough.points) == (True, 59)
        short = remi.check_opening(["♠K ♥K ♦K", "♣2 ♣3 ♣4"], ruleset)
        assert (short.ok, short.code) == (False, "opening-too-low")
        assert short.reason == "These melds count 39 points; an opening needs at least 51."
    else:
        # No contract and no opening threshold: any legal melds are a legal first lay-down.
        free = remi.check_opening(["♠K ♥K ♦K"], ruleset)
        assert free.ok and free.points == 30


@pytest.mark.rule("shared-referee")
@pytest.mark.parametrize(
    "name, hand, value",
    [
        ("norwegian", "JK ♥K ♦4", 64),
        ("norwegian", "♠A ♣8 ♦8", 36),
        ("swedish", "♠A ♣8 ♦K", 19),
        ("finnish", "♠A ♣8 ♦K", 19),
        ("slovenian", "JK ♠A ♦9", 44),
        ("kalooki", "JK ♠A ♦9", 45),
        ("gin", "♠A ♣10 ♦Q", 21),
    ],
)
def test_what_is_this_hand_worth(name: str, hand: str, value: int) -> None:
    # docs/rules/index.rst, shared-referee: 3: what is this hand worth at the end of a round?
    assert remi.hand_value(hand, remi.PRESETS[name]) == value


@pytest.mark.rule("shared-referee")
@pytest.mark.parametrize("name, ruleset", PRESETS)
def test_can_this_card_be_laid_off_and_this_joker_swapped(name: str, ruleset: remi.Ruleset) -> None:
    # docs/rules/index.rst, shared-referee: 4: can this card be laid off onto this meld? Can this joker be swapped out?
    run = remi.check_meld("♠4 ♠5 ♠6 ♠7" if ruleset.run_min == 4 else "♠4 ♠5 ♠6", ruleset).meld
    assert run is not None
    assert remi.check_layoff(run, "♠3", ruleset).ok
    miss = remi.check_layoff(run, "♥3", ruleset)
    assert (miss.ok, miss.code) == (False, "does-not-fit")
    if not ruleset.has_wild_cards:
        assert remi.check_meld("♠4 JK ♠6", ruleset).code == "jokers-not-in-game"
        return
    joker_run = remi.check_meld("♠4 JK ♠6 ♠7", ruleset).meld
    assert joker_run is not None
    swap = remi.check_joker_swap(joker_run, "♠5", ruleset)
    assert swap.ok and swap.freed == remi.JOKER
    joker_set = remi.check_meld("♠Q ♥Q JK", ruleset).meld
    assert joker_set is not None
    locked = remi.check_joker_swap(joker_set, "♦Q", ruleset)
    if ruleset.joker_swap == "runs":
        assert (locked.ok, locked.code) == (False, "joker-locked-in-set")
    else:
        assert locked.ok


@pytest.mark.rule("shared-referee")
@pytest.mark.parametrize("name, ruleset", PRESETS)
def test_is_this_action_legal_in_a_position_and_why_not(name: str, ruleset: remi.Ruleset) -> None:
    # docs/rules/index.rst, shared-referee: 5: given a full position, is this action legal, and if not, why?
    players = max(ruleset.min_players, 3) if ruleset.max_players >= 3 else ruleset.min_players
    state = remi.new_game(ruleset, players=players, seed=5)
    position = remi.GameState.from_dict(state.to_dict())  # a position as a referee receives it
    assert position == state
    for action in position.legal_actions():
        assert position.is_legal(action) and position.why_illegal(action) is None
    error = position.why_illegal("buy")
    assert isinstance(error, remi.IllegalActionError)
    # A game with buying has a phase for it; in one without, the move is no part of the game.
    assert error.code == ("wrong-phase" if ruleset.buying else "no-buying") and error.reason.endswith(".")
    seat = position.current_player
    stranger = remi.Discard(next(c for c in remi.make_pack(1) if c not in position.hands[seat]))
    if position.phase == "play":
        refused = position.why_illegal(stranger)
        assert refused is not None and refused.code == "not-in-hand"


# -- a wrong Python type is a TypeError naming the argument ----------------------------------------


_MELD = remi.parse_meld("♠7 ♠8 JK=♠9 ♠10")


_NOT_A_RULESET: list[object] = ["NORWEGIAN", None, 3, {"name": "x"}]


def _calls(bad: object) -> list[tuple[str, Any]]:
    return [
        ("check_meld", lambda: remi.check_meld("♠7 ♥7 ♦7", bad)),
        ("validate_meld", lambda: remi.validate_meld(_MELD, bad)),
        ("check_layoff", lambda: remi.check_layoff(_MELD, "♠J", bad)),
        ("check_joker_swap", lambda: remi.check_joker_swap(_MELD, "♠9", bad)),
        ("check_contract", lambda: remi.check_contract(["♠7 ♥7 ♦7"], 1, bad)),
        ("check_opening", lambda: remi.check_opening(["♠7 ♥7 ♦7"], bad)),
        ("contract_for", lambda: remi.contract_for(1, bad)),
        ("hand_value", lambda: remi.hand_value("♠7", bad)),
        ("card_value", lambda: remi.card_value(remi.Card("♠7"), bad)),
        ("meld_points", lambda: remi.meld_points(_MELD, bad)),
        ("parse_meld", lambda: remi.parse_meld("♠7 ♥7 ♦7", bad)),
        ("settle", lambda: remi.settle(["♠7", []], 1, bad)),
        ("settle_penalty", lambda: remi.settle_penalty(["♠7", []], 1, bad)),
        ("settle_basic", lambda: remi.settle_basic(["♠7", []], 1, bad)),
        ("settle_block", lambda: remi.settle_block(["♠7", "♠8"], bad)),
        ("settle_gin", lambda: remi.settle_gin(["♠A ♠2 ♠3", "♠8"], 0, bad)),
        ("match_winner", lambda: remi.match_winner([1, 2], bad)),
    ]


@pytest.mark.rule("shared-referee")
@pytest.mark.parametrize("bad", _NOT_A_RULESET, ids=repr)
@pytest.mark.parametrize("index", range(len(_calls(None))), ids=[n for n, _ in _calls(None)])
def test_a_non_ruleset_is_a_type_error_naming_the_argument(bad: object, index: int) -> None:
    name, call = _calls(bad)[index]
    if name == "parse_meld" and bad is None:
        pytest.skip("parse_meld without a ruleset reads permissive notation")
    with pytest.raises(TypeError) as info:
        call()
    message = str(info.value)
    assert "ruleset" in message and "remi.Ruleset" in message
    assert type(bad).__name__ in message


@pytest.mark.rule("shared-referee")
def test_other_wrong_types_are_type_errors() -> None:
    with pytest.raises(TypeError, match="card must be a remi.Card"):
        remi.card_value("♠7", remi.NORWEGIAN)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="meld must be a remi.Meld"):
        remi.meld_points("♠7 ♠8 ♠9", remi.NORWEGIAN)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="format_cards takes Card values"):
        remi.format_cards(["♠7"])  # type: ignore[list-item]
    # Nothing here is a remi.RemiError: a wrong type is a programming error, not bad input text.
    try:
        remi.hand_value("♠7", "GIN")  # type: ignore[arg-type]
    except TypeError as exc:
        assert not isinstance(exc, remi.RemiError)
