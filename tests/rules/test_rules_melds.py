"""docs/rules/, the meld rules of every page: what a set and a run are, jokers in melds,
lay-offs and joker swaps. Verdicts of ``check_meld`` are rows of one table (``MELD_VERDICTS``),
each row with its rule; the other rules have one test each, and each names its section."""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest
from table_rows import VERDICT, assert_verdict, verdict

import remi
from remi import (
    JOKER,
    Card,
    Meld,
    MeldError,
    check_joker_swap,
    check_layoff,
    check_meld,
    parse_cards,
    parse_meld,
    validate_meld,
)

N, SW, FI, SL, KA, GIN = (
    remi.NORWEGIAN,
    remi.SWEDISH,
    remi.FINNISH,
    remi.SLOVENIAN,
    remi.KALOOKI,
    remi.GIN,
)
ALL = [N, SW, FI, SL, KA, GIN]
WITH_JOKERS = [N, SL, KA]


def arranged(text: str, ruleset: remi.Ruleset, **kwargs: object) -> remi.Meld:
    return check_meld(text, ruleset, **kwargs).require().meld  # type: ignore[arg-type, return-value]


# -- meld verdicts: one row per group of cards, each with its rule ---------------------------------

SHARED_SET = pytest.mark.rule("shared-set")
SHARED_RUN = pytest.mark.rule("shared-run")
SHARED_PACK = pytest.mark.rule("shared-pack")
SHARED_COPIES = pytest.mark.rule("shared-copies")
NORWEGIAN_MELDS = pytest.mark.rule("norwegian-melds")
NORWEGIAN_VARIANTS = pytest.mark.rule("norwegian-variants")
BASIC_MELDS = pytest.mark.rule("basic-melds")
BASIC_HOUSE_RULES = pytest.mark.rule("basic-house-rules")
SLOVENIAN_MELDS = pytest.mark.rule("slovenian-melds")
OPENING_51 = pytest.mark.rule("opening-51")
SLOVENIAN_JOKERS = pytest.mark.rule("slovenian-jokers")
KALOOKI_MELDS = pytest.mark.rule("kalooki-melds")
GIN_EQUIPMENT = pytest.mark.rule("gin-equipment")

BASIC = [SW, FI]
SPADE_TWOS = remi.with_variants(N, "spade twos wild")
#: The Swedish house rule: the ace high and low (worth 15).
ACE_BOTH = attrs.evolve(SW, ace_high=True, values=remi.CardValues(ace=15))
DISTINCT_SL = attrs.evolve(SL, distinct_suit_sets=True)
DISTINCT_KA = attrs.evolve(KA, distinct_suit_sets=True)
#: Slovenian remi for two or three players: one deck and three jokers.
SMALL_SLOVENIAN = attrs.evolve(SL, large_table_from=None, max_players=3)
#: Norwegian for six players: three decks.
SIX = remi.with_variants(N, "six players")

MELD_VERDICTS = [
    # verdict(rule, cards, ruleset, ok, kind, code[, words of the reason])
    # docs/rules/index.rst, shared-set: a set is cards of one rank, whatever the suits
    *[verdict(SHARED_SET, "♠8 ♥8 ♣8", r, True, "set", "ok") for r in ALL],
    *[verdict(SHARED_SET, "♠8 ♥8 ♣9", r, False, None, "not-a-meld") for r in ALL],
    # docs/rules/index.rst, shared-run: a run is consecutive ranks of one suit, never round the corner
    *[verdict(SHARED_RUN, "♦5 ♦6 ♦7 ♦8", r, True, "run", "ok") for r in ALL],
    *[verdict(SHARED_RUN, "♦5 ♦6 ♥7 ♦8", r, False, "run", "mixed-suits") for r in ALL],
    *[verdict(SHARED_RUN, "♦5 ♥6 ♣7 ♠8", r, False, "run", "mixed-suits") for r in ALL],
    *[verdict(SHARED_RUN, "♦5 ♦6 ♦8 ♦9", r, False, "run", "gap") for r in ALL],
    *[verdict(SHARED_RUN, "♣Q ♣K ♣A ♣2", r, False, "run", "wraps-corner") for r in ALL],
    *[verdict(SHARED_RUN, "♣K ♣A ♣2 ♣3", r, False, "run", "wraps-corner") for r in ALL],
    *[verdict(SHARED_RUN, "♣Q ♣K JK ♣2", r, False, "run", "wraps-corner") for r in WITH_JOKERS],
    # docs/rules/index.rst, shared-pack: identical cards are one value
    verdict(SHARED_PACK, "♠9 ♠9 ♥9", N, True, "set", "ok"),
    # docs/rules/index.rst, shared-copies: never more copies of a card than the largest pack has
    verdict(SHARED_COPIES, "♠9 ♠9 ♠9", N, False, "set", "too-many-copies"),
    verdict(SHARED_COPIES, "♠7 ♠7 ♥7", SW, False, "set", "too-many-copies"),
    verdict(SHARED_COPIES, "♠7 ♠7 ♥7", FI, False, "set", "too-many-copies"),
    verdict(SHARED_COPIES, "♠7 ♠7 ♥7", GIN, False, "set", "too-many-copies"),
    verdict(SHARED_COPIES, "♠7 ♠7 ♠7 ♥7", KA, False, "set", "too-many-copies"),
    verdict(SHARED_COPIES, "♠7 ♠7 ♥7", SMALL_SLOVENIAN, False, "set", "too-many-copies"),
    verdict(SHARED_COPIES, "♠7 ♠8 JK JK JK", KA, False, "run", "too-many-copies"),
    verdict(SHARED_COPIES, "♠9 ♠9 ♥9", N, True, "set", "ok"),
    verdict(SHARED_COPIES, "♠7 ♠7 ♥7", SL, True, "set", "ok"),
    verdict(SHARED_COPIES, "♠7 ♠7 ♠7 ♥7", SL, False, "set", "too-many-copies"),
    verdict(SHARED_COPIES, "♠9 ♠9 ♠9", SIX, True, "set", "ok"),
    # docs/rules/norwegian.rst, norwegian-melds: sets of three or more, identical cards together, no upper limit
    verdict(NORWEGIAN_MELDS, "♠K ♥K", N, False, "set", "too-short"),
    verdict(NORWEGIAN_MELDS, "♠K ♥K ♣K", N, True, "set", "ok"),
    verdict(NORWEGIAN_MELDS, "♠K ♠K ♥K", N, True, "set", "ok"),
    verdict(NORWEGIAN_MELDS, "♠K ♠K ♥K ♥K ♦K ♦K ♣K ♣K", N, True, "set", "ok"),
    # runs of four or more; the ace low or high, never both
    verdict(NORWEGIAN_MELDS, "♥5 ♥6 ♥7", N, False, "run", "too-short"),
    verdict(NORWEGIAN_MELDS, "♥5 ♥6 ♥7 ♥8", N, True, "run", "ok"),
    verdict(NORWEGIAN_MELDS, "♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9", N, True, "run", "ok"),
    verdict(NORWEGIAN_MELDS, "♠K ♠A ♠2 ♠3", N, False, "run", "wraps-corner"),
    verdict(
        NORWEGIAN_MELDS, "♠A ♠A ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K", N, False, "run", "duplicate-in-run"
    ),
    verdict(
        NORWEGIAN_MELDS, "♠A JK ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K", N, True, "run", "ok"
    ),  # A-2(JK)-…-K: thirteen cards
    verdict(
        NORWEGIAN_MELDS, "♠A JK ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K", N, False, "run", "run-too-long"
    ),  # the ace both low and high
    # as many natural cards as jokers, when laid
    verdict(NORWEGIAN_MELDS, "♠K ♥K JK", N, True, "set", "ok"),
    verdict(NORWEGIAN_MELDS, "♠K JK JK", N, False, "set", "too-many-jokers"),
    verdict(NORWEGIAN_MELDS, "♠5 ♠6 JK JK", N, True, "run", "ok"),
    verdict(NORWEGIAN_MELDS, "♠5 JK JK JK", N, False, "set", "too-many-jokers"),
    # docs/rules/norwegian.rst, norwegian-variants: with ♠2 wild, the ♠2s are the only wild cards
    verdict(NORWEGIAN_VARIANTS, "♥5 ♥6 ♥7 JK", SPADE_TWOS, False, None, "jokers-not-in-game"),
    verdict(NORWEGIAN_VARIANTS, "♥5 ♥6 ♥7 ♣2", SPADE_TWOS, False, "run", "mixed-suits"),
    # docs/rules/swedish.rst, basic-melds: no jokers; runs of three or more, ace low only; sets of three or four
    *[verdict(BASIC_MELDS, "♠7 ♠8 JK", r, False, None, "jokers-not-in-game") for r in BASIC],
    *[verdict(BASIC_MELDS, "♣7 ♣8", r, False, "run", "too-short") for r in BASIC],
    *[verdict(BASIC_MELDS, "♣7 ♣8 ♣9", r, True, "run", "ok") for r in BASIC],
    *[verdict(BASIC_MELDS, "♣A ♣2 ♣3", r, True, "run", "ok") for r in BASIC],
    *[verdict(BASIC_MELDS, "♣Q ♣K ♣A", r, False, "run", "ace-high-not-allowed") for r in BASIC],
    *[verdict(BASIC_MELDS, "♣7 ♠7", r, False, "set", "too-short") for r in BASIC],
    *[verdict(BASIC_MELDS, "♣7 ♠7 ♥7", r, True, "set", "ok") for r in BASIC],
    *[verdict(BASIC_MELDS, "♣7 ♠7 ♥7 ♦7", r, True, "set", "ok") for r in BASIC],
    *[verdict(BASIC_MELDS, "♣7 ♠7 ♥7 ♦7 ♣7", r, False, "set", "set-too-large") for r in BASIC],
    # docs/rules/swedish.rst, basic-house-rules: the ace high and low, never round the corner
    verdict(BASIC_HOUSE_RULES, "♣Q ♣K ♣A", ACE_BOTH, True, "run", "ok"),
    verdict(BASIC_HOUSE_RULES, "♣A ♣2 ♣3", ACE_BOTH, True, "run", "ok"),
    verdict(BASIC_HOUSE_RULES, "♣K ♣A ♣2", ACE_BOTH, False, "run", "wraps-corner"),
    # docs/rules/slovenian.rst, slovenian-melds: runs of three or more, sets of three or four;
    # identical cards share a set unless the sets must have distinct suits
    verdict(SLOVENIAN_MELDS, "♦9 ♦10", SL, False, "run", "too-short"),
    verdict(SLOVENIAN_MELDS, "♦9 ♦10 ♦J", SL, True, "run", "ok"),
    verdict(SLOVENIAN_MELDS, "♦9 ♠9 ♥9 ♣9", SL, True, "set", "ok"),
    verdict(SLOVENIAN_MELDS, "♦9 ♠9 ♥9 ♣9 JK", SL, False, "set", "set-too-large"),
    verdict(SLOVENIAN_MELDS, "♦9 ♦9 ♠9", SL, True, "set", "ok"),
    verdict(SLOVENIAN_MELDS, "♦9 ♦9 ♠9", DISTINCT_SL, False, "set", "repeated-suit", "♦"),
    # docs/rules/slovenian.rst, opening-51: the ace low or high, never wrapping
    verdict(OPENING_51, "♦A ♦2 ♦3", SL, True, "run", "ok"),
    verdict(OPENING_51, "♦Q ♦K ♦A", SL, True, "run", "ok"),
    verdict(OPENING_51, "♦K ♦A ♦2", SL, False, "run", "wraps-corner"),
    # docs/rules/slovenian.rst, slovenian-jokers: at most as many jokers as natural cards
    verdict(SLOVENIAN_JOKERS, "♦9 JK JK", SL, False, "set", "too-many-jokers"),
    verdict(SLOVENIAN_JOKERS, "♦9 ♦10 JK JK", SL, True, "run", "ok"),
    # docs/rules/kalooki.rst, kalooki-melds: the ace low, high or in sets; runs of three or more, sets of
    # three or four; identical cards share a set unless the sets must have distinct suits
    verdict(KALOOKI_MELDS, "♥A ♥2 ♥3", KA, True, "run", "ok"),
    verdict(KALOOKI_MELDS, "♥Q ♥K ♥A", KA, True, "run", "ok"),
    verdict(KALOOKI_MELDS, "♥A ♠A ♦A", KA, True, "set", "ok"),
    verdict(KALOOKI_MELDS, "♥Q ♠Q ♦Q ♣Q", KA, True, "set", "ok"),
    verdict(KALOOKI_MELDS, "♥K ♥A ♥2", KA, False, "run", "wraps-corner"),
    verdict(KALOOKI_MELDS, "♥5 ♥6", KA, False, "run", "too-short"),
    verdict(KALOOKI_MELDS, "♥5 ♥6 ♥7", KA, True, "run", "ok"),
    verdict(KALOOKI_MELDS, "♥5 ♠5 ♦5 ♣5 ♥5", KA, False, "set", "set-too-large"),
    verdict(KALOOKI_MELDS, "♥5 ♥5 ♠5", KA, True, "set", "ok"),
    verdict(KALOOKI_MELDS, "♥5 ♥5 ♠5", DISTINCT_KA, False, "set", "repeated-suit"),
    # docs/rules/gin.rst, gin-equipment: no jokers, and the ace is low only
    verdict(GIN_EQUIPMENT, "♠A ♠2 ♠3", GIN, True, "run", "ok"),
    verdict(GIN_EQUIPMENT, "♠A ♠2 ♠3 ♠4", GIN, True, "run", "ok"),
    verdict(GIN_EQUIPMENT, "♠A ♥A ♦A", GIN, True, "set", "ok"),
    verdict(GIN_EQUIPMENT, "♠A ♥A ♦A ♣A", GIN, True, "set", "ok"),
    verdict(GIN_EQUIPMENT, "♠Q ♠K ♠A", GIN, False, "run", "ace-high-not-allowed"),
    verdict(GIN_EQUIPMENT, "♠7 ♠8 JK", GIN, False, None, "jokers-not-in-game"),
]


@pytest.mark.parametrize(VERDICT, MELD_VERDICTS)
def test_meld_verdict(
    cards: str, ruleset: remi.Ruleset, ok: bool, kind: str | None, code: str, reason: str
) -> None:
    assert_verdict(check_meld(cards, ruleset), ok, kind, code, reason)


# -- 0. Concepts shared by all games ------------------------------------------------------------


@pytest.mark.rule("shared-joker")
@pytest.mark.parametrize("ruleset", WITH_JOKERS, ids=lambda r: r.name)
def test_a_meld_records_what_each_joker_stands_for(ruleset: remi.Ruleset) -> None:
    # docs/rules/index.rst, shared-joker: Concepts: Joker
    run = arranged("♠2 JK ♠4 ♠5", ruleset)
    assert run.wild == (False, True, False, False) and run.stands_for(1) is Card("♠3")
    trio = arranged("♠Q ♥Q ♦Q JK", ruleset)
    assert trio.stands_for(3) == 12


@pytest.mark.rule("shared-joker")
def test_a_joker_at_either_end_goes_high_unless_the_player_says_low() -> None:
    # docs/rules/index.rst, shared-joker: Concepts: Joker
    assert str(arranged("♥4 ♥5 ♥6 JK", N)) == "♥4 ♥5 ♥6 JK=♥7"
    assert str(arranged("♥4 ♥5 ♥6 JK", N, joker_end="low")) == "JK=♥3 ♥4 ♥5 ♥6"
    run = arranged("♥4 ♥5 ♥6 ♥7", N)
    assert str(check_layoff(run, "JK", N).meld) == "♥4 ♥5 ♥6 ♥7 JK=♥8"
    assert str(check_layoff(run, "JK", N, end="low").meld) == "JK=♥3 ♥4 ♥5 ♥6 ♥7"


@pytest.mark.rule("shared-pack")
def test_identical_cards_are_one_value_and_interchangeable() -> None:
    # docs/rules/index.rst, shared-pack: Concepts: Pack
    first, second = remi.parse_cards("♠9 ♠9")
    assert first is second
    assert remi.make_pack(2, 9).count(Card("♠9")) == 2


# -- 1. Norwegian: Melds ----------------------------------------------------------------------


@pytest.mark.rule("norwegian-melds")
def test_norwegian_ace_is_low_or_high_never_both() -> None:
    # docs/rules/norwegian.rst, norwegian-melds: Melds
    assert arranged("♠A ♠2 ♠3 ♠4", N).low == 1
    assert arranged("♠J ♠Q ♠K ♠A", N).high == 14


@pytest.mark.rule("norwegian-melds")
def test_norwegian_meld_keeps_the_joker_ratio_after_every_layoff() -> None:
    # docs/rules/norwegian.rst, norwegian-melds: Melds
    run = arranged("♠5 ♠6 JK JK", N)
    assert check_layoff(run, "JK", N).code == "too-many-jokers"
    assert check_layoff(run, "♠9", N).ok
    trio = arranged("♠K ♥K JK", N)
    assert check_layoff(trio, "JK", N).ok
    assert check_layoff(trio, "JK JK", N).code == "too-many-jokers"


# -- 1. Norwegian: Jokers on the table ------------------------------------------------------------


@pytest.mark.rule("norwegian-jokers-on-table")
def test_a_joker_in_a_run_may_be_swapped_for_the_card_it_stands_for() -> None:
    # docs/rules/norwegian.rst, norwegian-jokers-on-table: Jokers on the table
    run = arranged("♠2 JK ♠4 ♠5", N)
    swap = check_joker_swap(run, "♠3", N)
    assert swap.ok and swap.freed is JOKER and str(swap.meld) == "♠2 ♠3 ♠4 ♠5"
    assert check_joker_swap(run, "♠6", N).code == "no-joker-for-card"
    assert check_joker_swap(run, "♥3", N).code == "no-joker-for-card"


@pytest.mark.rule("norwegian-jokers-on-table")
def test_a_joker_in_a_set_is_locked() -> None:
    # docs/rules/norwegian.rst, norwegian-jokers-on-table: Jokers on the table
    trio = arranged("♠Q ♥Q JK", N)
    result = check_joker_swap(trio, "♦Q", N)
    assert not result.ok and result.code == "joker-locked-in-set"
    assert "locked" in result.reason


# -- 1. Norwegian: Further variants (♠2 wild) ------------------------------------------------------


@pytest.mark.rule("norwegian-variants")
def test_spade_twos_wild_are_the_only_wild_cards_and_may_stand_as_themselves() -> None:
    # docs/rules/norwegian.rst, norwegian-variants: Further variants
    wild = remi.with_variants(N, "spade twos wild")
    assert wild.pack_size(4) == 104
    assert str(arranged("♥5 ♥6 ♥7 ♠2", wild)) == "♥5 ♥6 ♥7 ♠2=♥8"
    assert str(arranged("♠A ♠2 ♠3 ♠4", wild)) == "♠A ♠2 ♠3 ♠4"
    assert str(arranged("♥2 ♦2 ♠2", wild)) == "♠2 ♥2 ♦2"
    assert check_joker_swap(arranged("♥5 ♠2 ♥7 ♥8", wild), "♥6", wild).freed is Card("♠2")


# -- 2. Basic Rummy ------------------------------------------------------------------------------


@pytest.mark.rule("basic-melds")
@pytest.mark.parametrize("ruleset", [SW, FI], ids=lambda r: r.name)
def test_basic_rummy_has_no_jokers(ruleset: remi.Ruleset) -> None:
    # docs/rules/swedish.rst, basic-melds: Basic Rummy
    assert ruleset.pack_size(4) == 52


@pytest.mark.rule("basic-melds")
def test_basic_rummy_layoffs_keep_the_meld_valid() -> None:
    # docs/rules/swedish.rst, basic-melds: Basic Rummy
    run = arranged("♣7 ♣8 ♣9", SW)
    assert check_layoff(run, "♣10", SW).ok
    assert check_layoff(run, "♣J", SW).code == "does-not-fit"
    four = arranged("♣7 ♠7 ♥7 ♦7", SW)
    assert check_layoff(arranged("♣7 ♠7 ♥7", SW), "♦7", SW).ok
    assert check_layoff(four, "♦7", SW).code == "set-too-large"
    assert check_layoff(arranged("♣J ♣Q ♣K", SW), "♣A", SW).code == "does-not-fit"


@pytest.mark.rule("basic-never-rearranged")
def test_basic_rummy_table_melds_are_never_rearranged() -> None:
    # docs/rules/swedish.rst, basic-never-rearranged: Basic Rummy
    run = arranged("♣2 ♣3 ♣4", SW)
    laid = check_layoff(run, "♣A ♣5", SW).meld
    assert laid is not None and laid.cards[1:4] == run.cards
    assert check_joker_swap(run, "♣2", SW).code == "no-joker-swaps"


@pytest.mark.rule("basic-house-rules")
def test_swedish_house_rule_ace_high_and_low() -> None:
    # docs/rules/swedish.rst, basic-house-rules: Basic Rummy
    assert remi.hand_value("♣A ♦A", ACE_BOTH) == 30


# -- 3. Slovenian remi -----------------------------------------------------------------------


@pytest.mark.rule("slovenian-jokers")
def test_slovenian_joker_swap_in_any_meld() -> None:
    # docs/rules/slovenian.rst, slovenian-jokers: Slovenian remi
    assert check_joker_swap(arranged("♦9 ♠9 JK", SL), "♥9", SL).ok
    assert check_joker_swap(arranged("♦9 JK ♦J", SL), "♦10", SL).ok
    off = attrs.evolve(SL, joker_swap="none")
    assert check_joker_swap(arranged("♦9 JK ♦J", off), "♦10", off).code == "no-joker-swaps"


# -- 4. Kalooki ---------------------------------------------------------------------------------


@pytest.mark.rule("kalooki-joker-swap")
def test_kalooki_joker_may_stand_for_any_card_and_be_swapped() -> None:
    # docs/rules/kalooki.rst, kalooki-joker-swap: Kalooki
    run = arranged("♥5 JK JK", KA, kind="run")
    assert str(run) == "♥5 JK=♥6 JK=♥7"
    swap = check_joker_swap(run, "♥7", KA)
    assert swap.ok and swap.freed is JOKER
    assert check_joker_swap(arranged("♥5 ♠5 JK", KA), "♦5", KA).ok


# -- 5. Gin Rummy ---------------------------------------------------------------------------------


@pytest.mark.rule("gin-equipment")
def test_gin_has_no_jokers_and_the_ace_is_low_only() -> None:
    # docs/rules/gin.rst, gin-equipment: Gin Rummy
    assert GIN.pack_size(2) == 52


# -- the taken discard and joker swaps do not mix --------------------------------------------------


@pytest.mark.rule("basic-taken-discard", "norwegian-jokers-on-table")
def test_keep_taken_discard_and_joker_swaps_do_not_mix() -> None:
    # docs/rules/norwegian.rst, norwegian-jokers-on-table: Jokers on the table + docs/rules/swedish.rst, basic-taken-discard: the taken discard: refused together as a ruleset
    with pytest.raises(remi.RulesetError) as info:
        attrs.evolve(remi.NORWEGIAN, keep_taken_discard=True)
    assert "joker swaps" in info.value.reason


# -- a meld never holds more copies of a card than the pack has (shared-copies) --------------------


@pytest.mark.rule("shared-copies")
def test_the_largest_pack_sets_how_many_copies_a_meld_may_hold() -> None:
    # docs/rules/index.rst, shared-copies: Norwegian has two decks, so two identical cards may share a
    # set; Slovenian takes two decks from four players on, and the meld is checked against the largest
    # pack; six Norwegian players take three decks (the rows of MELD_VERDICTS check the melds).
    assert N.max_decks == 2
    assert SL.max_decks == 2
    assert SIX.max_decks == 3


@pytest.mark.rule("shared-copies")
def test_validate_meld_and_layoff_count_copies() -> None:
    meld = Meld("set", parse_cards("♠7 ♠7 ♥7"), (False,) * 3, 7)
    assert validate_meld(meld, SW).code == "too-many-copies"
    assert validate_meld(meld, N).ok
    table = check_meld("♠9 ♠9 ♥9", N).meld
    assert table is not None
    assert check_layoff(table, "♠9", N).code == "too-many-copies"
    assert check_layoff(table, "♦9", N).ok
    run = check_meld("♠7 ♠8 ♠9", SW).meld
    assert run is not None
    assert check_layoff(run, "♠10", SW).ok


@pytest.mark.rule("shared-copies")
def test_contracts_and_openings_count_copies_across_melds() -> None:
    result = remi.check_contract(["♠9 ♠9 ♥9", "♠9 ♦9 ♣9"], 1, N)
    assert result.code == "too-many-copies"
    opening = remi.check_opening(["♠K ♥K ♦K", "♠K ♣K ♥K"], SMALL_SLOVENIAN)
    assert opening.code == "too-many-copies"


@pytest.mark.rule("shared-copies", "slovenian-jokers")
def test_a_swap_cannot_put_a_third_copy_in_a_meld() -> None:
    trio = check_meld("♠A ♠A JK", SL).meld
    assert trio is not None
    assert check_joker_swap(trio, "♠A", SL).code == "too-many-copies"
    assert check_joker_swap(trio, "♥A", SL).ok


# -- a table meld is checked before it is extended; a Meld checks its fields -----------------------


@pytest.mark.rule("shared-set")
def test_layoff_onto_an_illegal_set_is_refused() -> None:
    fake = Meld("set", parse_cards("♠Q ♥K ♦Q"), (False,) * 3, 12)
    result = check_layoff(fake, "♣Q", N)
    assert not result.ok
    assert result.code == "meld-not-legal"
    assert "not a legal meld" in result.reason
    swap = check_joker_swap(fake, "♣Q", N)
    assert swap.code == "meld-not-legal"


@pytest.mark.rule("shared-run")
def test_layoff_onto_an_illegal_run_is_refused() -> None:
    # A run that breaks the game's rules (too short for Norwegian) is refused, not extended.
    short = check_meld("♠5 ♠6 ♠7", SW).meld
    assert short is not None
    assert check_layoff(short, "♠8", N).code == "meld-not-legal"
    with_joker = check_meld("♠5 ♠6 JK ♠8", N).meld
    assert with_joker is not None
    # A meld holding a joker in a game without jokers keeps that code (docs/rules/gin.rst, gin-no-jokers).
    assert check_joker_swap(with_joker, "♠7", SW).code == "jokers-not-in-game"


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


@pytest.mark.rule("shared-notation")
def test_parse_meld_refuses_a_bad_kind() -> None:
    with pytest.raises(remi.NotationError) as info:
        parse_meld("♠7 ♥7 ♦7", kind="junk")  # type: ignore[arg-type]
    assert info.value.code == "bad-kind"
    with pytest.raises(remi.NotationError):
        check_meld("♠7 ♥7 ♦7", N, kind="pair")  # type: ignore[arg-type]
    assert parse_meld("♠7 ♥7 ♦7", kind="set").kind == "set"
