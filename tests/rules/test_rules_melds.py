"""docs/rules/, the meld rules of every page: what a set and a run are, jokers in melds,
lay-offs and joker swaps. One test per rule; each names its section."""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest

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


# -- 0. Concepts shared by all games ------------------------------------------------------------


@pytest.mark.rule("shared-set")
@pytest.mark.parametrize("ruleset", ALL, ids=lambda r: r.name)
def test_set_is_cards_of_one_rank_whatever_the_suits(ruleset: remi.Ruleset) -> None:
    # docs/rules/index.rst, shared-set: Concepts: Set
    assert check_meld("♠8 ♥8 ♣8", ruleset).kind == "set"
    assert check_meld("♠8 ♥8 ♣9", ruleset).code == "not-a-meld"


@pytest.mark.rule("shared-run")
@pytest.mark.parametrize("ruleset", ALL, ids=lambda r: r.name)
def test_run_is_consecutive_ranks_of_one_suit(ruleset: remi.Ruleset) -> None:
    # docs/rules/index.rst, shared-run: Concepts: Run
    assert check_meld("♦5 ♦6 ♦7 ♦8", ruleset).kind == "run"
    assert check_meld("♦5 ♦6 ♥7 ♦8", ruleset).code == "mixed-suits"
    assert check_meld("♦5 ♥6 ♣7 ♠8", ruleset).code == "mixed-suits"
    assert check_meld("♦5 ♦6 ♦8 ♦9", ruleset).code == "gap"


@pytest.mark.rule("shared-run")
@pytest.mark.parametrize("ruleset", ALL, ids=lambda r: r.name)
def test_a_run_never_wraps_round_the_corner(ruleset: remi.Ruleset) -> None:
    # docs/rules/index.rst, shared-run: Concepts: Run
    result = check_meld("♣Q ♣K ♣A ♣2", ruleset)
    assert not result.ok and result.code == "wraps-corner"
    assert check_meld("♣K ♣A ♣2 ♣3", ruleset).code == "wraps-corner"


@pytest.mark.rule("shared-run")
@pytest.mark.parametrize("ruleset", WITH_JOKERS, ids=lambda r: r.name)
def test_a_joker_cannot_bridge_the_corner(ruleset: remi.Ruleset) -> None:
    # docs/rules/index.rst, shared-run: Concepts: Run
    assert check_meld("♣Q ♣K JK ♣2", ruleset).code == "wraps-corner"


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
    assert check_meld("♠9 ♠9 ♥9", N).ok
    assert remi.make_pack(2, 9).count(Card("♠9")) == 2


# -- 1. Norwegian: Melds ----------------------------------------------------------------------


@pytest.mark.rule("norwegian-melds")
def test_norwegian_set_is_three_or_more_and_identical_cards_may_sit_together() -> None:
    # docs/rules/norwegian.rst, norwegian-melds: Melds
    assert check_meld("♠K ♥K", N).code == "too-short"
    assert check_meld("♠K ♥K ♣K", N).ok
    assert check_meld("♠K ♠K ♥K", N).ok
    assert check_meld("♠K ♠K ♥K ♥K ♦K ♦K ♣K ♣K", N).ok  # no upper limit with two decks


@pytest.mark.rule("norwegian-melds")
def test_norwegian_run_is_four_or_more() -> None:
    # docs/rules/norwegian.rst, norwegian-melds: Melds
    assert check_meld("♥5 ♥6 ♥7", N).code == "too-short"
    assert check_meld("♥5 ♥6 ♥7 ♥8", N).ok
    assert check_meld("♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9", N).ok


@pytest.mark.rule("norwegian-melds")
def test_norwegian_ace_is_low_or_high_never_both() -> None:
    # docs/rules/norwegian.rst, norwegian-melds: Melds
    assert arranged("♠A ♠2 ♠3 ♠4", N).low == 1
    assert arranged("♠J ♠Q ♠K ♠A", N).high == 14
    assert check_meld("♠K ♠A ♠2 ♠3", N).code == "wraps-corner"
    full = "♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K"
    assert check_meld("♠A ♠A " + full, N).code == "duplicate-in-run"
    assert check_meld("♠A JK " + full[3:], N).ok  # A-2(JK)-…-K: thirteen cards
    assert check_meld("♠A JK " + full, N).code == "run-too-long"  # the ace both low and high


@pytest.mark.rule("norwegian-melds")
def test_norwegian_meld_needs_as_many_naturals_as_jokers_when_laid() -> None:
    # docs/rules/norwegian.rst, norwegian-melds: Melds
    assert check_meld("♠K ♥K JK", N).ok
    assert check_meld("♠K JK JK", N).code == "too-many-jokers"
    assert check_meld("♠5 ♠6 JK JK", N).ok
    assert check_meld("♠5 JK JK JK", N).code == "too-many-jokers"


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
    assert check_meld("♥5 ♥6 ♥7 JK", wild).code == "jokers-not-in-game"
    assert check_meld("♥5 ♥6 ♥7 ♣2", wild).code == "mixed-suits"
    assert check_joker_swap(arranged("♥5 ♠2 ♥7 ♥8", wild), "♥6", wild).freed is Card("♠2")


# -- 2. Basic Rummy ------------------------------------------------------------------------------


@pytest.mark.rule("basic-melds")
@pytest.mark.parametrize("ruleset", [SW, FI], ids=lambda r: r.name)
def test_basic_rummy_has_no_jokers(ruleset: remi.Ruleset) -> None:
    # docs/rules/swedish.rst, basic-melds: Basic Rummy
    assert ruleset.pack_size(4) == 52
    assert check_meld("♠7 ♠8 JK", ruleset).code == "jokers-not-in-game"


@pytest.mark.rule("basic-melds")
@pytest.mark.parametrize("ruleset", [SW, FI], ids=lambda r: r.name)
def test_basic_rummy_run_is_three_or_more_ace_low_only(ruleset: remi.Ruleset) -> None:
    # docs/rules/swedish.rst, basic-melds: Basic Rummy
    assert check_meld("♣7 ♣8", ruleset).code == "too-short"
    assert check_meld("♣7 ♣8 ♣9", ruleset).ok
    assert check_meld("♣A ♣2 ♣3", ruleset).ok
    assert check_meld("♣Q ♣K ♣A", ruleset).code == "ace-high-not-allowed"


@pytest.mark.rule("basic-melds")
@pytest.mark.parametrize("ruleset", [SW, FI], ids=lambda r: r.name)
def test_basic_rummy_set_is_three_or_four(ruleset: remi.Ruleset) -> None:
    # docs/rules/swedish.rst, basic-melds: Basic Rummy
    assert check_meld("♣7 ♠7", ruleset).code == "too-short"
    assert check_meld("♣7 ♠7 ♥7", ruleset).ok
    assert check_meld("♣7 ♠7 ♥7 ♦7", ruleset).ok
    assert check_meld("♣7 ♠7 ♥7 ♦7 ♣7", ruleset).code == "set-too-large"


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
    both = attrs.evolve(SW, ace_high=True, values=remi.CardValues(ace=15))
    assert check_meld("♣Q ♣K ♣A", both).ok
    assert check_meld("♣A ♣2 ♣3", both).ok
    assert check_meld("♣K ♣A ♣2", both).code == "wraps-corner"
    assert remi.hand_value("♣A ♦A", both) == 30


# -- 3. Slovenian remi -----------------------------------------------------------------------


@pytest.mark.rule("slovenian-melds")
def test_slovenian_runs_three_or_more_sets_three_or_four() -> None:
    # docs/rules/slovenian.rst, slovenian-melds: Slovenian remi
    assert check_meld("♦9 ♦10", SL).code == "too-short"
    assert check_meld("♦9 ♦10 ♦J", SL).ok
    assert check_meld("♦9 ♠9 ♥9 ♣9", SL).ok
    assert check_meld("♦9 ♠9 ♥9 ♣9 JK", SL).code == "set-too-large"


@pytest.mark.rule("opening-51")
def test_slovenian_ace_low_or_high_never_wrapping() -> None:
    # docs/rules/slovenian.rst, opening-51: Slovenian remi
    assert check_meld("♦A ♦2 ♦3", SL).ok
    assert check_meld("♦Q ♦K ♦A", SL).ok
    assert check_meld("♦K ♦A ♦2", SL).code == "wraps-corner"


@pytest.mark.rule("slovenian-melds")
def test_slovenian_identical_cards_share_a_set_unless_distinct_suits() -> None:
    # docs/rules/slovenian.rst, slovenian-melds: Slovenian remi
    assert check_meld("♦9 ♦9 ♠9", SL).ok
    distinct = attrs.evolve(SL, distinct_suit_sets=True)
    result = check_meld("♦9 ♦9 ♠9", distinct)
    assert result.code == "repeated-suit" and "♦" in result.reason


@pytest.mark.rule("slovenian-jokers")
def test_slovenian_jokers_at_most_as_many_as_naturals() -> None:
    # docs/rules/slovenian.rst, slovenian-jokers: Slovenian remi
    assert check_meld("♦9 JK JK", SL).code == "too-many-jokers"
    assert check_meld("♦9 ♦10 JK JK", SL).ok


@pytest.mark.rule("slovenian-jokers")
def test_slovenian_joker_swap_in_any_meld() -> None:
    # docs/rules/slovenian.rst, slovenian-jokers: Slovenian remi
    assert check_joker_swap(arranged("♦9 ♠9 JK", SL), "♥9", SL).ok
    assert check_joker_swap(arranged("♦9 JK ♦J", SL), "♦10", SL).ok
    off = attrs.evolve(SL, joker_swap="none")
    assert check_joker_swap(arranged("♦9 JK ♦J", off), "♦10", off).code == "no-joker-swaps"


# -- 4. Kalooki ---------------------------------------------------------------------------------


@pytest.mark.rule("kalooki-melds")
def test_kalooki_ace_low_high_or_in_sets() -> None:
    # docs/rules/kalooki.rst, kalooki-melds: Kalooki
    assert check_meld("♥A ♥2 ♥3", KA).ok
    assert check_meld("♥Q ♥K ♥A", KA).ok
    assert check_meld("♥A ♠A ♦A", KA).kind == "set"
    assert check_meld("♥Q ♠Q ♦Q ♣Q", KA).kind == "set"
    assert check_meld("♥K ♥A ♥2", KA).code == "wraps-corner"


@pytest.mark.rule("kalooki-melds")
def test_kalooki_runs_three_or_more_sets_three_or_four() -> None:
    # docs/rules/kalooki.rst, kalooki-melds: Kalooki
    assert check_meld("♥5 ♥6", KA).code == "too-short"
    assert check_meld("♥5 ♥6 ♥7", KA).ok
    assert check_meld("♥5 ♠5 ♦5 ♣5 ♥5", KA).code == "set-too-large"


@pytest.mark.rule("kalooki-joker-swap")
def test_kalooki_joker_may_stand_for_any_card_and_be_swapped() -> None:
    # docs/rules/kalooki.rst, kalooki-joker-swap: Kalooki
    run = arranged("♥5 JK JK", KA, kind="run")
    assert str(run) == "♥5 JK=♥6 JK=♥7"
    swap = check_joker_swap(run, "♥7", KA)
    assert swap.ok and swap.freed is JOKER
    assert check_joker_swap(arranged("♥5 ♠5 JK", KA), "♦5", KA).ok


@pytest.mark.rule("kalooki-melds")
def test_kalooki_identical_cards_share_a_set_unless_distinct_suits() -> None:
    # docs/rules/kalooki.rst, kalooki-melds: Kalooki
    assert check_meld("♥5 ♥5 ♠5", KA).ok
    assert check_meld("♥5 ♥5 ♠5", attrs.evolve(KA, distinct_suit_sets=True)).code == "repeated-suit"


# -- 5. Gin Rummy ---------------------------------------------------------------------------------


@pytest.mark.rule("gin-equipment")
def test_gin_has_no_jokers_and_the_ace_is_low_only() -> None:
    # docs/rules/gin.rst, gin-equipment: Gin Rummy
    assert GIN.pack_size(2) == 52
    assert check_meld("♠A ♠2 ♠3", GIN).ok
    assert check_meld("♠A ♠2 ♠3 ♠4", GIN).ok
    assert check_meld("♠A ♥A ♦A", GIN).ok
    assert check_meld("♠A ♥A ♦A ♣A", GIN).ok
    assert check_meld("♠Q ♠K ♠A", GIN).code == "ace-high-not-allowed"
    assert check_meld("♠7 ♠8 JK", GIN).code == "jokers-not-in-game"


# -- the taken discard and joker swaps do not mix --------------------------------------------------


@pytest.mark.rule("basic-taken-discard", "norwegian-jokers-on-table")
def test_keep_taken_discard_and_joker_swaps_do_not_mix() -> None:
    # docs/rules/norwegian.rst, norwegian-jokers-on-table: Jokers on the table + docs/rules/swedish.rst, basic-taken-discard: the taken discard: refused together as a ruleset
    with pytest.raises(remi.RulesetError) as info:
        attrs.evolve(remi.NORWEGIAN, keep_taken_discard=True)
    assert "joker swaps" in info.value.reason


# -- a meld never holds more copies of a card than the pack has (shared-copies) --------------------


#: Slovenian remi for two or three players: one deck and three jokers.
SMALL_SLOVENIAN = attrs.evolve(SL, large_table_from=None, max_players=3)


@pytest.mark.rule("shared-copies")
@pytest.mark.parametrize(
    ("cards", "ruleset"),
    [
        ("♠9 ♠9 ♠9", N),
        ("♠7 ♠7 ♥7", SW),
        ("♠7 ♠7 ♥7", FI),
        ("♠7 ♠7 ♥7", GIN),
        ("♠7 ♠7 ♠7 ♥7", KA),
        ("♠7 ♠7 ♥7", SMALL_SLOVENIAN),
        ("♠7 ♠8 JK JK JK", KA),
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
    assert check_meld("♠9 ♠9 ♥9", N).ok
    # Slovenian takes two decks from four players on: the meld is checked against the largest pack.
    assert SL.max_decks == 2
    assert check_meld("♠7 ♠7 ♥7", SL).ok
    assert not check_meld("♠7 ♠7 ♠7 ♥7", SL).ok
    six = remi.with_variants(N, "six players")
    assert six.max_decks == 3
    assert check_meld("♠9 ♠9 ♠9", six).ok


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
