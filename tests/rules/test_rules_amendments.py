"""The rule defects found by review (issue 6) and the wrong-type answers (issue 9).

Each test names the rule it pins down with ``@pytest.mark.rule(label)``; the
labels are on the pages of ``docs/rules/``.
"""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest

import remi
from remi import (
    FINNISH,
    GIN,
    KALOOKI,
    NORWEGIAN,
    SLOVENIAN,
    SWEDISH,
    Card,
    Meld,
    MeldError,
    RemiError,
    RulesetError,
    StateError,
    check_joker_swap,
    check_layoff,
    check_meld,
    parse_cards,
    parse_meld,
    validate_meld,
)

#: Slovenian remi for two or three players: one deck and three jokers.
SMALL_SLOVENIAN = attrs.evolve(SLOVENIAN, large_table_from=None, max_players=3)

# -- a meld never holds more copies of a card than the pack has ------------------------------------


@pytest.mark.rule("shared-copies")
@pytest.mark.parametrize(
    ("cards", "ruleset"),
    [
        ("♠9 ♠9 ♠9", NORWEGIAN),
        ("♠7 ♠7 ♥7", SWEDISH),
        ("♠7 ♠7 ♥7", FINNISH),
        ("♠7 ♠7 ♥7", GIN),
        ("♠7 ♠7 ♠7 ♥7", KALOOKI),
        ("♠7 ♠7 ♥7", SMALL_SLOVENIAN),
        ("♠7 ♠8 JK JK JK", KALOOKI),
    ],
    ids=lambda v: v if isinstance(v, str) else v.name,
)
def test_check_meld_refuses_more_copies_than_the_pack(cards: str, ruleset: remi.Ruleset) -> None:
    result = check_meld(cards, ruleset)
    assert not result.ok
    assert result.code == "too-many-copies"
    assert result.reason.endswith(".")


@pytest.mark.rule("shared-copies")
def test_copies_allowed_up_to_the_largest_pack() -> None:
    # Two decks: two identical cards may share a set.
    assert check_meld("♠9 ♠9 ♥9", NORWEGIAN).ok
    # Slovenian takes two decks from four players on: the meld is checked against the largest pack.
    assert SLOVENIAN.max_decks == 2
    assert check_meld("♠7 ♠7 ♥7", SLOVENIAN).ok
    assert not check_meld("♠7 ♠7 ♠7 ♥7", SLOVENIAN).ok
    six = remi.with_variants(NORWEGIAN, "six players")
    assert six.max_decks == 3
    assert check_meld("♠9 ♠9 ♠9", six).ok


@pytest.mark.rule("shared-copies")
def test_validate_meld_and_layoff_count_copies() -> None:
    meld = Meld("set", parse_cards("♠7 ♠7 ♥7"), (False,) * 3, 7)
    assert validate_meld(meld, SWEDISH).code == "too-many-copies"
    assert validate_meld(meld, NORWEGIAN).ok
    table = check_meld("♠9 ♠9 ♥9", NORWEGIAN).meld
    assert table is not None
    assert check_layoff(table, "♠9", NORWEGIAN).code == "too-many-copies"
    assert check_layoff(table, "♦9", NORWEGIAN).ok
    run = check_meld("♠7 ♠8 ♠9", SWEDISH).meld
    assert run is not None
    assert check_layoff(run, "♠10", SWEDISH).ok


@pytest.mark.rule("shared-copies")
def test_contracts_and_openings_count_copies_across_melds() -> None:
    result = remi.check_contract(["♠9 ♠9 ♥9", "♠9 ♦9 ♣9"], 1, NORWEGIAN)
    assert result.code == "too-many-copies"
    opening = remi.check_opening(["♠K ♥K ♦K", "♠K ♣K ♥K"], SMALL_SLOVENIAN)
    assert opening.code == "too-many-copies"


# -- Gin has no jokers ------------------------------------------------------------------------------


@pytest.mark.rule("gin-no-jokers")
def test_gin_refuses_jokers_everywhere() -> None:
    with pytest.raises(StateError) as info:
        remi.hand_value("JK", GIN)
    assert info.value.code == "jokers-not-in-game"
    assert isinstance(info.value, ValueError)
    with pytest.raises(StateError) as info:
        remi.settle_gin(["♠A ♠2 ♠3 JK", "♥K ♥5"], 0, GIN)
    assert info.value.code == "jokers-not-in-game"
    with pytest.raises(StateError):
        remi.settle(["♠A ♠2 ♠3", "♥K JK"], 0, GIN)
    assert check_meld("♠7 ♠8 JK", GIN).code == "jokers-not-in-game"
    assert remi.hand_value("♠A ♥K", GIN) == 11


@pytest.mark.rule("gin-loser-deadwood")
def test_gin_losers_pay_hand_or_deadwood() -> None:
    assert GIN.gin_loser_pays == "hand"
    hands = ["♠A ♠2 ♠3", "♥5 ♥6 ♥7 ♣K"]
    assert remi.settle_gin(hands, 0, GIN).deltas == (25, -2 * 28)
    deadwood = attrs.evolve(GIN, gin_loser_pays="deadwood")
    settled = remi.settle_gin(hands, 0, deadwood)
    assert settled.kind == "gin"
    assert settled.deltas == (25, -2 * 10)
    assert "deadwood" in settled.detail
    assert remi.Ruleset.from_dict(deadwood.to_dict()) == deadwood
    assert deadwood.to_dict()["gin_loser_pays"] == "deadwood"
    with pytest.raises(RulesetError):
        attrs.evolve(GIN, gin_loser_pays="nothing")


# -- Kalooki keeps a swapped joker -------------------------------------------------------------------


@pytest.mark.rule("kalooki-keep-swapped-joker", "norwegian-jokers-on-table")
def test_swapped_joker_same_turn_option() -> None:
    assert NORWEGIAN.swapped_joker_same_turn is True
    assert SLOVENIAN.swapped_joker_same_turn is True
    assert KALOOKI.swapped_joker_same_turn is False
    norwegian_rule = attrs.evolve(KALOOKI, swapped_joker_same_turn=True)
    assert remi.Ruleset.from_dict(norwegian_rule.to_dict()).swapped_joker_same_turn is True
    with pytest.raises(RulesetError):
        attrs.evolve(KALOOKI, swapped_joker_same_turn="yes")


# -- check_layoff and check_joker_swap check the meld first ---------------------------------------


@pytest.mark.rule("shared-set")
def test_layoff_onto_an_illegal_set_is_refused() -> None:
    fake = Meld("set", parse_cards("♠Q ♥K ♦Q"), (False,) * 3, 12)
    result = check_layoff(fake, "♣Q", NORWEGIAN)
    assert not result.ok
    assert result.code == "meld-not-legal"
    assert "not a legal meld" in result.reason
    swap = check_joker_swap(fake, "♣Q", NORWEGIAN)
    assert swap.code == "meld-not-legal"


@pytest.mark.rule("shared-run")
def test_layoff_onto_an_illegal_run_is_refused() -> None:
    # A run that breaks the game's rules (too short for Norwegian) is refused, not extended.
    short = check_meld("♠5 ♠6 ♠7", SWEDISH).meld
    assert short is not None
    assert check_layoff(short, "♠8", NORWEGIAN).code == "meld-not-legal"
    with_joker = check_meld("♠5 ♠6 JK ♠8", NORWEGIAN).meld
    assert with_joker is not None
    # A meld holding a joker in a game without jokers keeps that code (docs/rules/gin.rst, gin-no-jokers).
    assert check_joker_swap(with_joker, "♠7", SWEDISH).code == "jokers-not-in-game"


@pytest.mark.rule("shared-run")
@pytest.mark.parametrize(
    "fields",
    [
        {"kind": "run", "cards": parse_cards("♠7 ♠8 ♠9"), "wild": (False,) * 3, "rank": 7, "suit": 4},
        {"kind": "run", "cards": parse_cards("♠7 ♠8 ♠9"), "wild": (False,) * 3, "rank": 7, "suit": -1},
        {"kind": "run", "cards": parse_cards("♠7 ♠8 ♠9"), "wild": (False,) * 3, "rank": 19, "suit": 0},
        {
            "kind": "run",
            "cards": parse_cards("♠Q ♠K JK JK"),
            "wild": (False, False, True, True),
            "rank": 12,
            "suit": 0,
        },
        {"kind": "run", "cards": parse_cards("♠7 ♠8 ♠9"), "wild": (False,) * 3, "rank": 0, "suit": 0},
        {"kind": "set", "cards": parse_cards("♠7 ♥7 ♦7"), "wild": (False,) * 3, "rank": 19},
        {"kind": "set", "cards": parse_cards("♠7 ♥7 ♦7"), "wild": (False,) * 3, "rank": 14},
        {"kind": "set", "cards": parse_cards("♠7 ♥7 ♦7"), "wild": (False,) * 3, "rank": 7, "suit": 2},
        {"kind": "pair", "cards": parse_cards("♠7 ♥7 ♦7"), "wild": (False,) * 3, "rank": 7},
        {"kind": "set", "cards": parse_cards("♠7 ♥7 ♦7"), "wild": (False,) * 2, "rank": 7},
        {"kind": "set", "cards": parse_cards("♠7 ♥7 ♦7"), "wild": (0, 0, 0), "rank": 7},
        {"kind": "set", "cards": ["♠7", "♥7", "♦7"], "wild": (False,) * 3, "rank": 7},
        {"kind": "set", "cards": list(parse_cards("♠7 ♥7 ♦7")), "wild": (False,) * 3, "rank": 7},
        {"kind": "set", "cards": parse_cards("♠7 ♥7 ♦7"), "wild": (False,) * 3, "rank": "7"},
        {"kind": "set", "cards": parse_cards("♠7 ♥7 ♦7"), "wild": (False,) * 3, "rank": True},
    ],
)
def test_meld_validates_its_fields(fields: dict[str, Any]) -> None:
    with pytest.raises(MeldError) as info:
        Meld(**fields)
    assert info.value.code == "malformed-meld"
    assert isinstance(info.value, ValueError)


@pytest.mark.rule("shared-run")
def test_a_valid_meld_still_builds_and_evolves() -> None:
    run = Meld("run", parse_cards("♥J ♥Q ♥K ♥A"), (False,) * 4, 11, 1)
    assert str(run) == "♥J ♥Q ♥K ♥A"
    with pytest.raises(MeldError):
        attrs.evolve(run, rank=12)
    assert pickle.loads(pickle.dumps(run)) == run


# -- rulesets that build but cannot play ----------------------------------------------------------


@pytest.mark.rule("shared-ruleset-playable")
def test_a_gin_reserve_that_voids_every_deal_is_refused() -> None:
    with pytest.raises(RulesetError) as info:
        attrs.evolve(GIN, gin_stock_reserve=31)
    assert "no card to draw" in info.value.reason
    assert attrs.evolve(GIN, gin_stock_reserve=20).gin_stock_reserve == 20


@pytest.mark.rule("shared-ruleset-playable", "norwegian-contracts")
def test_contracts_and_rounds_must_agree() -> None:
    with pytest.raises(RulesetError) as info:
        attrs.evolve(NORWEGIAN, contracts=[(1, 0)])
    assert "one round per contract" in info.value.reason
    with pytest.raises(RulesetError):
        attrs.evolve(NORWEGIAN, rounds=None, target_score=500)
    short = attrs.evolve(NORWEGIAN, contracts=[(1, 0)], rounds=1)
    assert remi.new_game(short, players=4, seed=1).round == 1


# -- parse_meld's kind, wrong types -------------------------------------------------------------------


@pytest.mark.rule("shared-notation")
def test_parse_meld_refuses_a_bad_kind() -> None:
    with pytest.raises(remi.NotationError) as info:
        parse_meld("♠7 ♥7 ♦7", kind="junk")  # type: ignore[arg-type]
    assert info.value.code == "bad-kind"
    with pytest.raises(remi.NotationError):
        check_meld("♠7 ♥7 ♦7", NORWEGIAN, kind="pair")  # type: ignore[arg-type]
    assert parse_meld("♠7 ♥7 ♦7", kind="set").kind == "set"


_MELD = parse_meld("♠7 ♠8 JK=♠9 ♠10")
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
        ("card_value", lambda: remi.card_value(Card("♠7"), bad)),
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
        remi.card_value("♠7", NORWEGIAN)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="meld must be a remi.Meld"):
        remi.meld_points("♠7 ♠8 ♠9", NORWEGIAN)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="format_cards takes Card values"):
        remi.format_cards(["♠7"])  # type: ignore[list-item]
    # Nothing here is a RemiError: a wrong type is a programming error, not bad input text.
    try:
        remi.hand_value("♠7", "GIN")  # type: ignore[arg-type]
    except TypeError as exc:
        assert not isinstance(exc, RemiError)


# -- read-only preset mappings ----------------------------------------------------------------------


@pytest.mark.rule("norwegian-variants")
def test_presets_and_variants_are_read_only() -> None:
    with pytest.raises(TypeError):
        remi.PRESETS["norwegian"] = SWEDISH  # type: ignore[index]
    with pytest.raises(TypeError):
        remi.NORWEGIAN_VARIANTS["shanghai"] = {}  # type: ignore[index]
    with pytest.raises(TypeError):
        remi.NORWEGIAN_VARIANTS["shanghai"]["shanghai"] = False  # type: ignore[index]
    with pytest.raises(TypeError):
        remi.NORWEGIAN_VARIANTS["five flat"]["values"]["two_to_nine"] = 6  # type: ignore[index]
    assert remi.find_ruleset("norwegian") is NORWEGIAN
    assert remi.with_variants(NORWEGIAN, "five flat", "joker and ace 15").values.two_to_nine == 5


@pytest.mark.rule("shared-copies", "slovenian-jokers")
def test_a_swap_cannot_put_a_third_copy_in_a_meld() -> None:
    trio = check_meld("♠A ♠A JK", SLOVENIAN).meld
    assert trio is not None
    assert check_joker_swap(trio, "♠A", SLOVENIAN).code == "too-many-copies"
    assert check_joker_swap(trio, "♥A", SLOVENIAN).ok
