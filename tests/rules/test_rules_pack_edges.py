"""Every referee and solver function refuses cards the game's pack cannot give.

docs/rules/gin.rst, gin-no-jokers: Gin has no jokers, so a joker is refused
with ``jokers-not-in-game`` everywhere, never valued at 0. docs/rules/index.rst,
shared-copies: more copies of a card than the pack holds are refused with
``too-many-copies`` everywhere (the promise of docs/errors.rst for both codes).
A check (``check_*``) reports a failed :class:`~remi.Check`; a value, a
settlement or a solver answer raises :class:`~remi.StateError`, whose message
quotes the cards and names the card, the count and the pack.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi import GIN, JOKER, KALOOKI, NORWEGIAN, SLOVENIAN, SWEDISH, Card, parse_cards, parse_meld

TWOS = remi.with_variants(NORWEGIAN, "spade twos wild")
DISTINCT = attrs.evolve(SLOVENIAN, distinct_suit_sets=True)

_GIN_RUN = remi.check_meld("♠5 ♠6 ♠7", GIN).meld
_NOR_RUN = remi.check_meld("♠9 ♠10 ♠J ♠Q", NORWEGIAN).meld
_JOKER_RUN = parse_meld("♠5 ♠6 JK=♠7")  # a meld no Gin deal can hold

# -- raising functions: one row per function and bad input -----------------------------------------

#: (function, call, code, the card named, its count): the call raises StateError.
RAISING: list[tuple[str, Callable[[], Any], str, str, int]] = [
    ("card_value", lambda: remi.card_value(JOKER, GIN), "jokers-not-in-game", "JK", 0),
    ("is_wild", lambda: remi.is_wild(JOKER, GIN), "jokers-not-in-game", "JK", 0),
    ("meld_points", lambda: remi.meld_points(_JOKER_RUN, GIN), "jokers-not-in-game", "JK", 0),
    ("meld_points", lambda: remi.meld_points(parse_meld("♠9 ♠9 ♠9"), NORWEGIAN), "too-many-copies", "♠9", 3),
    ("hand_value", lambda: remi.hand_value("♠5 JK", GIN), "jokers-not-in-game", "JK", 0),
    ("hand_value", lambda: remi.hand_value("♠9 ♠9 ♠9", NORWEGIAN), "too-many-copies", "♠9", 3),
    ("hand_value", lambda: remi.hand_value("♠7 ♠7 ♥7", SWEDISH), "too-many-copies", "♠7", 2),
    ("hand_value", lambda: remi.hand_value("JK JK JK", KALOOKI), "too-many-copies", "JK", 3),
    ("deadwood", lambda: remi.deadwood(parse_cards("♠5 JK"), GIN), "jokers-not-in-game", "JK", 0),
    ("deadwood", lambda: remi.deadwood("♠7 ♠7 ♠7 ♥2", GIN), "too-many-copies", "♠7", 3),
    ("best_arrangement", lambda: remi.best_arrangement("♠5 ♠6 JK", GIN), "jokers-not-in-game", "JK", 0),
    ("best_arrangement", lambda: remi.best_arrangement("♠A ♠A ♥3", GIN), "too-many-copies", "♠A", 2),
    ("knock_cards", lambda: remi.knock_cards(parse_cards("♠5 ♠6 ♠7 JK"), GIN), "jokers-not-in-game", "JK", 0),
    ("knock_cards", lambda: remi.knock_cards(parse_cards("♠5 ♠5 ♠7"), GIN), "too-many-copies", "♠5", 2),
    ("candidate_melds", lambda: remi.candidate_melds("♠5 ♠6 JK", GIN), "jokers-not-in-game", "JK", 0),
    ("candidate_melds", lambda: remi.candidate_melds("♠9 ♠9 ♠9", NORWEGIAN), "too-many-copies", "♠9", 3),
    ("candidate_melds", lambda: remi.candidate_melds("♠2 JK ♠4", TWOS), "jokers-not-in-game", "JK", 0),
    (
        "find_contract",
        lambda: remi.find_contract("♠9 ♠9 ♠9 ♥9 ♦9 ♣9", 1, NORWEGIAN),
        "too-many-copies",
        "♠9",
        3,
    ),
    (
        "contract_layouts",
        lambda: remi.contract_layouts("♠9 ♠9 ♠9 ♥9 ♦9 ♣9", 1, NORWEGIAN),
        "too-many-copies",
        "♠9",
        3,
    ),
    (
        "contract_layouts",
        lambda: remi.contract_layouts("♠9 ♥9 ♦9 JK ♣5 ♣6 ♣7", 2, TWOS),
        "jokers-not-in-game",
        "JK",
        0,
    ),
    (
        "can_complete_contract",
        lambda: remi.can_complete_contract(parse_cards("♠9 ♠9 ♠9 ♥9"), [], 1, NORWEGIAN),
        "too-many-copies",
        "♠9",
        3,
    ),
    (
        "can_complete_contract",
        lambda: remi.can_complete_contract(parse_cards("♠9 ♠9 ♣9"), [parse_meld("♠9 ♥9 ♦9")], 1, NORWEGIAN),
        "too-many-copies",
        "♠9",
        3,
    ),
    ("find_opening", lambda: remi.find_opening("♠Q ♠Q ♠Q ♥Q", SLOVENIAN), "too-many-copies", "♠Q", 3),
    ("find_opening", lambda: remi.find_opening("JK " * 7 + "♠Q", SLOVENIAN), "too-many-copies", "JK", 7),
    ("opening_layouts", lambda: remi.opening_layouts("♥K ♥K ♥K ♣K", KALOOKI), "too-many-copies", "♥K", 3),
    (
        "best_opening_points",
        lambda: remi.best_opening_points("♥K ♥K ♥K", KALOOKI),
        "too-many-copies",
        "♥K",
        3,
    ),
    (
        "best_opening_points_left",
        lambda: remi.best_opening_points_left("♥K ♥K ♥K ♦K", parse_cards("♦K"), KALOOKI),
        "too-many-copies",
        "♥K",
        3,
    ),
    ("settle_gin", lambda: remi.settle_gin(["♠A ♠A ♠2 ♠3", "♥5"], 0, GIN), "too-many-copies", "♠A", 2),
    ("settle_gin", lambda: remi.settle_gin(["♠A ♠2 ♠3", "♠A ♥5"], 0, GIN), "too-many-copies", "♠A", 2),
    ("settle_gin", lambda: remi.settle_gin(["♠A ♠2 ♠3", "JK ♥5"], 0, GIN), "jokers-not-in-game", "JK", 0),
    (
        "settle_gin",
        lambda: remi.settle_gin(["♠A ♠2 ♠3", "♥5"], 0, GIN, melds=["♠A ♠2 JK"]),
        "jokers-not-in-game",
        "JK",
        0,
    ),
    ("settle", lambda: remi.settle(["♠A", "♠A"], 0, SWEDISH), "too-many-copies", "♠A", 2),
    ("settle_penalty", lambda: remi.settle_penalty(["JK JK", "JK"], 0, KALOOKI), "too-many-copies", "JK", 3),
    ("settle_basic", lambda: remi.settle_basic(["♠7 ♠7", []], 1, SWEDISH), "too-many-copies", "♠7", 2),
    ("settle_block", lambda: remi.settle_block(["♠7", "♠7 ♥2"], SWEDISH), "too-many-copies", "♠7", 2),
]


@pytest.mark.rule("gin-no-jokers", "shared-copies")
@pytest.mark.parametrize(
    "function, call, code, card, count",
    RAISING,
    ids=[f"{row[0]}-{row[2]}-{i}" for i, row in enumerate(RAISING)],
)
def test_value_and_solver_functions_raise(
    function: str, call: Callable[[], Any], code: str, card: str, count: int
) -> None:
    with pytest.raises(remi.StateError) as caught:
        call()
    error = caught.value
    assert error.code == code, function
    assert card in error.reason  # the card is named
    if code == "too-many-copies":
        # ... and the count, and the pack it exceeds (decks, or the most jokers).
        assert error.reason.endswith(f" {count}."), error.reason
        assert ("deck" in error.reason) != (card == "JK"), error.reason
        assert "'" in error.reason or function == "card_value"  # the cards are quoted
    else:
        assert "without jokers" in error.reason


# -- checks: a failed Check, never a raise --------------------------------------------------------

#: (function, call, code, a piece of the reason).
CHECKS: list[tuple[str, Callable[[], remi.Check], str, str]] = [
    ("check_meld", lambda: remi.check_meld("♠5 ♠6 JK", GIN), "jokers-not-in-game", "without jokers"),
    ("check_meld", lambda: remi.check_meld("♠9 ♠9 ♠9", NORWEGIAN), "too-many-copies", "this meld holds 3"),
    ("validate_meld", lambda: remi.validate_meld(_JOKER_RUN, GIN), "jokers-not-in-game", "without jokers"),
    (
        "validate_meld",
        lambda: remi.validate_meld(parse_meld("♠9 ♠9 JK=9"), SWEDISH),
        "jokers-not-in-game",
        "without jokers",
    ),
    ("check_layoff", lambda: remi.check_layoff(_GIN_RUN, "JK", GIN), "jokers-not-in-game", "without jokers"),
    (
        "check_layoff",
        lambda: remi.check_layoff(_JOKER_RUN, "♠8", GIN),
        "jokers-not-in-game",
        "without jokers",
    ),
    ("check_layoff", lambda: remi.check_layoff(_GIN_RUN, "♠8", SWEDISH), "ok", ""),
    (
        "check_layoff",
        lambda: remi.check_layoff(remi.check_meld("♠9 ♥9 ♦9", NORWEGIAN).meld, "♠9 ♠9", NORWEGIAN),
        "too-many-copies",
        "only 2 ♠9",
    ),
    ("check_joker_swap", lambda: remi.check_joker_swap(_GIN_RUN, "JK", GIN), "jokers-not-in-game", "without"),
    (
        "check_joker_swap",
        lambda: remi.check_joker_swap(_JOKER_RUN, "♠7", GIN),
        "jokers-not-in-game",
        "without jokers",
    ),
    (
        "check_contract",
        lambda: remi.check_contract(["♠9 ♠9 ♥9", "♠9 ♦9 ♣9"], 1, NORWEGIAN),
        "too-many-copies",
        "these melds hold 3",
    ),
    (
        "check_contract",
        lambda: remi.check_contract(
            ["♥9 ♠9 ♦9", "♣5 ♣6 ♣7 ♣8"], 2, NORWEGIAN, hand="♥9 ♠9 ♦9 ♣5 ♣6 ♣7 ♣8 ♠9 ♠9"
        ),
        "too-many-copies",
        "the hand '♥9 ♠9 ♦9 ♣5 ♣6 ♣7 ♣8 ♠9 ♠9' holds 3",
    ),
    (
        "check_contract",
        lambda: remi.check_contract(["♥9 ♠9 ♦9", "♣5 ♣6 ♣7 ♣8"], 2, TWOS, hand="♥9 ♠9 ♦9 ♣5 ♣6 ♣7 ♣8 JK"),
        "jokers-not-in-game",
        "the hand '♥9 ♠9 ♦9 ♣5 ♣6 ♣7 ♣8 JK' cannot hold one",
    ),
    (
        "check_opening",
        lambda: remi.check_opening(["♠K ♠K ♥K", "♠K ♦K ♣K"], KALOOKI),
        "too-many-copies",
        "these melds hold 3",
    ),
    ("check_opening", lambda: remi.check_opening(["♠K ♥K JK"], GIN), "jokers-not-in-game", "without jokers"),
    (
        "check_contract",
        lambda: remi.check_contract(["♥9 ♠9 JK", "♣5 ♣6 ♣7 ♣8"], 2, TWOS),
        "jokers-not-in-game",
        "Meld 1 (♥9 ♠9 JK) is not legal: Norwegian Remi is played without jokers.",
    ),
]


@pytest.mark.rule("gin-no-jokers", "shared-copies")
@pytest.mark.parametrize(
    "function, call, code, piece", CHECKS, ids=[f"{row[0]}-{row[2]}-{i}" for i, row in enumerate(CHECKS)]
)
def test_checks_report_a_failed_check(
    function: str, call: Callable[[], remi.Check], code: str, piece: str
) -> None:
    result = call()
    assert result.code == code, (function, result.reason)
    assert result.ok == (code == "ok")
    assert piece in result.reason


@pytest.mark.rule("shared-copies")
def test_melds_together_say_the_melds_hold_the_copies() -> None:
    # docs/rules/index.rst, shared-copies: each meld is legal, the melds together are not.
    result = remi.check_contract(["♠9 ♠9 ♥9", "♠9 ♦9 ♣9"], 1, NORWEGIAN)
    assert (
        result.reason == "Norwegian Remi is played with 2 decks, so there are only 2 ♠9; these melds hold 3."
    )
    assert "this meld" not in remi.check_opening(["♠K ♠K ♥K", "♠K ♦K ♣K"], KALOOKI).reason
    # One meld alone still says "this meld".
    assert remi.check_meld("♠9 ♠9 ♠9", NORWEGIAN).reason.endswith("; this meld holds 3.")


@pytest.mark.rule("gin-no-jokers", "shared-copies")
def test_the_pack_the_game_has_passes() -> None:
    # The edges: exactly what the pack holds is fine, one more is refused.
    assert remi.hand_value("♠9 ♠9", NORWEGIAN) == 18
    assert remi.hand_value("JK " * 9, NORWEGIAN) == 9 * NORWEGIAN.values.joker
    with pytest.raises(remi.StateError):
        remi.hand_value("JK " * 10, NORWEGIAN)
    assert remi.hand_value("JK JK", KALOOKI) == 2 * KALOOKI.values.joker
    assert remi.card_value(JOKER, NORWEGIAN) == NORWEGIAN.values.joker
    assert remi.is_wild(JOKER, NORWEGIAN) and not remi.is_wild(Card("♠2"), GIN)
    assert remi.deadwood("♠7 ♥2", GIN) == 9
    assert remi.check_contract(["♥9 ♠9 ♦9", "♣5 ♣6 ♣7 ♣8"], 2, NORWEGIAN, hand="♥9 ♠9 ♦9 ♣5 ♣6 ♣7 ♣8 ♠9").ok
    # A wild ♠2 is a card of the twos game; a joker is not.
    assert remi.card_value(Card("♠2"), TWOS) == NORWEGIAN.values.joker
    with pytest.raises(remi.StateError):
        remi.card_value(JOKER, TWOS)


# -- reasons that name the real wild cards ----------------------------------------------------------


@pytest.mark.rule("norwegian-spade-twos-wild")
@pytest.mark.parametrize(
    "cards, code, reason",
    [
        (
            "♠2 ♠2 ♥5",
            "too-many-jokers",
            "A meld needs at least as many natural cards as wild ♠2s; this one has 1 natural card and 2 wild ♠2s.",
        ),
        (
            "♥5 ♥9 ♥10 ♠2",
            "gap",
            "♥5 ♥9 ♥10 is not a run: it is missing ♥6 ♥7 ♥8, more than 1 wild ♠2 can fill.",
        ),
    ],
)
def test_wild_twos_are_named_not_jokers(cards: str, code: str, reason: str) -> None:
    result = remi.check_meld(cards, TWOS)
    assert (result.code, result.reason) == (code, reason)
    # The same cards with jokers in the joker game still say jokers.
    assert "joker" in remi.check_meld(cards.replace("♠2", "JK"), NORWEGIAN).reason


@pytest.mark.rule("norwegian-spade-twos-wild")
def test_swap_refusals_name_the_wild_twos() -> None:
    run = remi.check_meld("♥4 ♠2 ♥6 ♥7", TWOS).meld
    assert run is not None and run.wild_count == 1
    assert remi.check_joker_swap(run, "♣5", TWOS).reason == f"No wild ♠2 in {run} stands for ♣5."
    plain = remi.check_meld("♥4 ♥5 ♥6 ♥7", TWOS).meld
    assert plain is not None
    assert remi.check_joker_swap(plain, "♥8", TWOS).reason == "♥4 ♥5 ♥6 ♥7 holds no wild ♠2 to swap."
    no_swaps = attrs.evolve(TWOS, joker_swap="none")
    assert remi.check_joker_swap(run, "♥5", no_swaps).reason == "Norwegian Remi does not allow wild ♠2 swaps."
    sets_locked = remi.check_meld("♥9 ♦9 ♠2", TWOS).meld
    assert sets_locked is not None and sets_locked.kind == "set"
    assert remi.check_joker_swap(sets_locked, "♣9", TWOS).reason == (
        "A wild ♠2 in a set is locked there for the rest of the round."
    )
    for text in ("♠2 ♠2 ♥5", "♥5 ♥9 ♥10 ♠2", "♥9 ♠2 ♠2"):
        assert "joker" not in remi.check_meld(text, TWOS).reason


# -- the solver never proposes a meld the referee refuses --------------------------------------------

SOLVER_RULESETS = {
    "norwegian": NORWEGIAN,
    "swedish": SWEDISH,
    "finnish": remi.FINNISH,
    "slovenian": SLOVENIAN,
    "kalooki": KALOOKI,
    "gin": GIN,
    "spade-twos": TWOS,
    "distinct-suits": DISTINCT,
    "all-down-twos": remi.with_variants(NORWEGIAN, "spade twos wild", "all down at once"),
}


@st.composite
def dealt(draw: st.DrawFn, ruleset: remi.Ruleset, most: int = 10) -> tuple[Card, ...]:
    """A hand the pack can give: distinct positions of the game's largest pack, few jokers."""
    decks = ruleset.max_decks
    jokers = max(ruleset.pack_for(p)[1] for p in range(ruleset.min_players, ruleset.max_players + 1))
    pack = remi.make_pack(decks, min(jokers, 2))
    # A narrow slice of ranks keeps melds likely: ranks 1-7 and 11-13 of every suit, and the jokers.
    pool = [i for i, c in enumerate(pack) if c.is_joker or c.rank <= 7 or c.rank >= 11]
    picks = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=most, unique=True))
    return tuple(pack[i] for i in picks)


def _refused(melds: tuple[remi.Meld, ...], ruleset: remi.Ruleset) -> list[str]:
    return [f"{m}: {v.code}" for m in melds if not (v := remi.check_meld(m, ruleset)).ok]


@pytest.mark.rule("shared-copies", "gin-no-jokers")
@pytest.mark.parametrize("name", sorted(SOLVER_RULESETS))
@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_every_meld_the_solver_proposes_passes_check_meld(name: str, data: st.DataObject) -> None:
    ruleset = SOLVER_RULESETS[name]
    hand = data.draw(dealt(ruleset))
    held = Counter(hand)
    proposed: list[tuple[remi.Meld, ...]] = [
        remi.candidate_melds(hand, ruleset),
        remi.best_arrangement(hand, ruleset).melds,
    ]
    if ruleset.contracts:
        rnd = data.draw(st.integers(1, len(ruleset.contracts)))
        proposed.extend(remi.contract_layouts(hand, rnd, ruleset, limit=5))
        found = remi.find_contract(hand, rnd, ruleset)
        if found is not None:
            proposed.append(found)
    else:
        proposed.extend(remi.opening_layouts(hand, ruleset, limit=5))
        opening = remi.find_opening(hand, ruleset)
        if opening is not None:
            proposed.append(opening)
    for melds in proposed:
        assert not _refused(melds, ruleset), (format(hand), _refused(melds, ruleset))
    for melds in proposed[1:]:  # disjoint melds the hand holds together
        assert not Counter(c for m in melds for c in m.cards) - held


@pytest.mark.rule("norwegian-spade-twos-wild")
def test_the_engine_names_the_wild_twos_in_swap_and_build_refusals() -> None:
    """Where the ♠2s are the wild cards, the game's own refusals speak of wild ♠2s, not jokers."""

    def playing(ruleset: remi.Ruleset) -> remi.GameState:
        state = remi.new_game(ruleset, players=3, seed=1).apply("draw")
        while state.phase == "buy":
            state = state.apply("pass")
        return state

    state = playing(TWOS)
    card = state.hands[state.turn_player][0]
    refusal = state.why_illegal(remi.SwapJoker(card, 0))
    assert refusal is not None and refusal.code == "contract-not-down"
    assert refusal.reason.endswith("so you may not swap a wild ♠2.")
    no_swaps = playing(attrs.evolve(TWOS, joker_swap="none"))
    refusal = no_swaps.why_illegal(remi.SwapJoker(card, 0))
    assert refusal is not None and refusal.reason == "Norwegian Remi does not allow wild ♠2 swaps."
    plain = playing(NORWEGIAN)
    refusal = plain.why_illegal(remi.SwapJoker(plain.hands[plain.turn_player][0], 0))
    assert refusal is not None and refusal.reason.endswith("so you may not swap a joker.")
