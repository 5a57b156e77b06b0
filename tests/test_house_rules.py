"""The house-rules sheet: Ruleset.describe for every preset and variant, in every language.

The sheet must name every option that differs from the preset: each field of
the ruleset is changed in turn (docs/rules/*, the options' meanings) and the
changed rule must appear in the sheet's list of house rules.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import remi
from remi.house_rules import RULE_FIELDS, changed_rules, house_rules, preset_of, rule_sentences

LANGS = ("en", "nb", "sv", "fi", "sl")


def _sections(sheet: str) -> tuple[str, list[str]]:
    body, _, tail = sheet.partition("\n\nHouse rules that differ from ")
    return body, [line[2:] for line in tail.splitlines()[1:]]


@pytest.mark.parametrize("key", sorted(remi.PRESETS))
@pytest.mark.parametrize("lang", LANGS)
def test_every_preset_has_a_sheet_in_every_language(key: str, lang: str) -> None:
    ruleset = remi.PRESETS[key]
    sheet = ruleset.describe(lang)
    assert sheet == house_rules(ruleset, remi.PRESETS, lang)
    assert ruleset.name in sheet.splitlines()[0]
    assert "{" not in sheet
    assert len(sheet.split("\n\n")) >= 8  # title, the sections, the closing line
    if lang == "en":
        assert sheet.endswith(f"These are the rules of {ruleset.name}, with no house rules.")
        for topic in ("Players and pack", "The deal", "Melds", "The turn", "Going out", "Scoring"):
            assert f"\n{topic}\n" in sheet


@pytest.mark.parametrize("variant", sorted(remi.NORWEGIAN_VARIANTS))
@pytest.mark.parametrize("lang", LANGS)
def test_every_named_variant_is_listed_as_a_house_rule(variant: str, lang: str) -> None:
    ruleset = remi.with_variants(remi.NORWEGIAN, variant)
    sheet = ruleset.describe(lang)
    assert "{" not in sheet
    changed = changed_rules(ruleset, remi.NORWEGIAN)
    assert changed
    assert set(changed) <= set(rule_sentences(ruleset, remi.NORWEGIAN_VARIANTS[variant]))
    for sentence in changed:
        assert "- " + sentence.render(lang) in sheet
    if lang == "en":
        assert _sections(sheet)[1] == list(changed)


def test_the_english_sheet_reads_the_rules() -> None:
    sheet = remi.NORWEGIAN.describe()
    for words in (
        "For 3 to 5 players.",
        "Play with 2 decks of 52 cards and 9 jokers.",
        "Cards dealt to each player, round by round: 10, 10, 10, 10, 10, 10, 11.",
        "A run is at least 4 cards in a row of the same suit.",
        "A run does not go round the corner.",
        "round 2: 1 set and 1 run",
        "The match is 7 rounds. The lowest total wins.",
    ):
        assert words in sheet
    gin = remi.GIN.describe()
    assert "A player may knock with at most 10 points of deadwood." in gin
    assert "Each player is dealt 10 cards with 2 players and 7 cards from 3 players on." in gin
    assert "The first lay-down, the opening, must count at least 51 points" in remi.SLOVENIAN.describe()


#: Values to try for each option (the first that makes a valid ruleset differing from the preset counts).
_TRIES: dict[str, list[Any]] = {
    "family": ["basic", "opening", "contract", "gin"],
    "min_players": [2, 3, 4],
    "max_players": [4, 5, 6, 7],
    "decks": [2, 3, 1],
    "jokers": [1, 4, "one-fewer-than-players", 0],
    "large_table_from": [5, 4, None],
    "large_table_decks": [3, 2],
    "large_table_jokers": [4, None, 2],
    "wild_spade_twos": [True, False],
    "hand_size_by_round": [(9, 9, 9, 9, 9, 9, 10), (10, 10, 10, 10, 10, 10, 12)],
    "hand_size_by_players": [((2, 9),), ((2, 12),), ((2, 7), (3, 6))],
    "starter_extra_card": [True, False],
    "upcard": [False, True],
    "first_dealer": ["lot", "seat-0"],
    "set_min": [3, 4, 2],
    "set_max": [None, 4, 5],
    "run_min": [4, 3, 5],
    "ace_low": [False, True],
    "ace_high": [True, False],
    "jokers_at_most_naturals": [False, True],
    "distinct_suit_sets": [True, False],
    "joker_swap": ["none", "any", "runs"],
    "joker_swap_needs_earlier_turn": [False, True],
    "joker_swap_before_opening": [True, False],
    "swapped_joker_same_turn": [False, True],
    "contracts": [((2, 0),) * 7, ((1, 1),) * 7],
    "all_down_at_once": [True, False],
    "same_suit_runs_apart": [True, False],
    "last_contract_goes_out": [False, True],
    "opening_points": [40, 51, None],
    "melds_per_turn": [None, 2, 1],
    "layoff_needs": ["down", "always", "down-earlier-turn"],
    "keep_taken_discard": [True, False],
    "last_card_discard": [True, False],
    "discard_reuse": ["none", "turn-over", "reshuffle-keep-top"],
    "max_turns_per_round": [200, None],
    "buying": [True, False],
    "max_buys_per_round": [3, None],
    "buy_only_before_contract": [True, False],
    "liverpool_cut": [True, False],
    "cut_bonus": [-25],
    "shanghai": [True, False],
    "values": [remi.CardValues(ace=15, joker=20), remi.CardValues(ace=1, two_to_nine=5)],
    "scoring": ["block", "penalty", "winner-takes-all", "gin"],
    "loser_surcharge": [10, 0],
    "going_rummy": [True, False],
    "knock_limit": [5],
    "gin_bonus": [30],
    "gin_multiplier": [3],
    "undercut_bonus": [25],
    "undercut_penalty": [5],
    "undercut_on_tie": [True, False],
    "gin_loser_pays": ["deadwood", "hand"],
    "gin_stock_reserve": [0, 3],
    "rounds": [5, None, 3],
    "target_score": [300, None],
    "lowest_wins": [False, True],
}


def _changed(ruleset: remi.Ruleset, field: str) -> remi.Ruleset | None:
    for value in _TRIES[field]:
        try:
            changed = attrs.evolve(ruleset, **{field: value})
        except remi.RulesetError:
            continue
        if getattr(changed, field) != getattr(ruleset, field):
            return changed
    return None


def test_every_rule_field_has_values_to_try() -> None:
    fields = {name for _, names in RULE_FIELDS for name in names}
    assert fields == set(_TRIES)
    assert fields | {"name"} == {a.name for a in attrs.fields(remi.Ruleset)}


@pytest.mark.parametrize("field", sorted(_TRIES))
def test_a_sheet_names_every_option_that_differs_from_the_preset(field: str) -> None:
    tried = 0
    # The presets, and Norwegian with the variants whose options the presets leave off.
    bases = [*remi.PRESETS.values(), remi.with_variants(remi.NORWEGIAN, "liverpool cut", "shanghai")]
    for preset in bases:
        changed = _changed(preset, field)
        if changed is None:
            continue
        real = preset_of(changed, remi.PRESETS)
        assert real.name == preset.name
        before = rule_sentences(real, [field])
        wanted = [sentence for sentence in rule_sentences(changed, [field]) if sentence not in before]
        if not wanted:
            # The option changes nothing in this game (a hand size per table size where the
            # deal goes by rounds): the sheet leaves it out.
            assert set(changed_rules(changed, real)).isdisjoint(rule_sentences(changed, [field]))
            continue
        tried += 1
        assert set(wanted) <= set(changed_rules(changed, real))
        for lang in LANGS:
            sheet = changed.describe(lang)
            for sentence in wanted:
                assert "- " + sentence.render(lang) in sheet
        assert _sections(changed.describe())[1]
    assert tried, f"no preset could take another value of {field}"


def test_a_renamed_house_rule_is_compared_with_the_nearest_preset() -> None:
    ours = attrs.evolve(remi.KALOOKI, name="Our Kalooki", loser_surcharge=0)
    sheet = ours.describe()
    assert sheet.splitlines()[0] == "House rules: Our Kalooki"
    assert "House rules that differ from Kalooki:" in sheet
    assert "- The losers pay nothing on top of their cards." in sheet


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(remi.NotationError) as err:
        remi.NORWEGIAN.describe("de")
    assert err.value.code == "unknown-language"
    assert isinstance(err.value, ValueError)


def test_every_sentence_is_a_message() -> None:
    for preset in remi.PRESETS.values():
        for sentence in rule_sentences(preset, [a.name for a in attrs.fields(remi.Ruleset)]):
            assert isinstance(sentence, remi.messages.Message)
