"""Rulesets and presets: frozen values, validation, serialization, lookup, variants."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

import remi
from remi import CardValues, Contract, Ruleset, RulesetError

PRESET_ITEMS = sorted(remi.PRESETS.items())


@pytest.mark.parametrize(("key", "preset"), PRESET_ITEMS)
def test_every_preset_is_a_frozen_ruleset(key: str, preset: Ruleset) -> None:
    assert isinstance(preset, Ruleset)
    assert attrs.has(type(preset))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        preset.jokers = 3  # type: ignore[misc]
    assert hash(preset) == hash(attrs.evolve(preset))
    assert remi.find_ruleset(key) is preset


def test_presets_are_the_module_level_values() -> None:
    assert remi.PRESETS == {
        "norwegian": remi.NORWEGIAN,
        "swedish": remi.SWEDISH,
        "finnish": remi.FINNISH,
        "slovenian": remi.SLOVENIAN,
        "kalooki": remi.KALOOKI,
        "gin": remi.GIN,
    }
    assert len({p.name for p in remi.PRESETS.values()}) == 6


@pytest.mark.parametrize(("key", "preset"), PRESET_ITEMS)
def test_evolve_returns_a_new_value_and_leaves_the_preset(key: str, preset: Ruleset) -> None:
    changed = attrs.evolve(preset, name="house rules")
    assert changed.name == "house rules"
    assert changed != preset
    assert preset.name != "house rules"


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"run_min": 0}, "run_min must be from 2 to 13, not 0"),
        ({"set_min": 1}, "set_min must be from 2 to 13, not 1"),
        ({"set_max": 2, "set_min": 3}, "set_max (2) is less than set_min (3)"),
        ({"min_players": 5, "max_players": 3}, "min_players (5) is more than max_players (3)"),
        ({"ace_low": False, "ace_high": False}, "ace must be allowed low or high"),
        ({"wild_spade_twos": True}, "♠2s wild"),
        ({"jokers": -1}, "jokers must be a whole number from 0 to 20 (or 'one-fewer-than-players'), not -1"),
        ({"jokers": True}, "jokers must be a whole number from 0 to 20"),
        ({"jokers": "lots"}, "jokers must be a whole number from 0 to 20"),
        ({"family": "poker"}, "family must be one of"),
        ({"buying": "yes"}, "buying must be True or False"),
        ({"joker_swap": "sets"}, "joker_swap must be one of"),
        ({"contracts": ()}, "needs at least one contract"),
        ({"hand_size_by_round": ()}, "needs hand_size_by_round"),
        ({"contracts": [(0, 3)] * 7, "run_min": 5}, "Round 1's contract (3 runs) needs 15 cards"),
        ({"decks": 1, "jokers": 0}, "A table of 5 needs 57 cards to deal, but the pack holds 52"),
        (
            {"max_players": 8, "jokers": 0, "decks": 1},
            "A table of 5 needs 57 cards to deal, but the pack holds 52",
        ),
        ({"rounds": None}, "needs a number of rounds or a target score"),
        ({"rounds": 0}, "rounds must be from 1 to 1000, not 0"),
        ({"values": {"ace": -1}}, "ace must be from 0 to 1000, not -1"),
        ({"values": "cheap"}, "values must be CardValues"),
        ({"values": {"ace": 1, "queen": 3}}, "Unknown card values: queen"),
        ({"values": {"joker": 3}}, "values must give the value of the ace"),
        ({"hand_size_by_round": 10}, "hand_size_by_round must be a list"),
        ({"hand_size_by_round": (10, "ten")}, "card counts from 1 to 20, not 'ten'"),
        ({"hand_size_by_round": (10, 0)}, "card counts from 1 to 20, not 0"),
        ({"contracts": [(1,)]}, "A contract must be"),
        ({"contracts": [{"sets": 1, "pairs": 1}]}, "A contract must be"),
        ({"contracts": [(0, 0)]}, "at least one meld"),
        ({"contracts": None}, "contracts must be a list"),
        ({"name": None}, "name must be text"),
        ({"cut_bonus": "fifty"}, "cut_bonus must be a whole number"),
    ],
)
def test_contradictory_or_malformed_options_raise_ruleset_error(
    changes: dict[str, Any], words: str | None
) -> None:
    with pytest.raises(RulesetError) as info:
        attrs.evolve(remi.NORWEGIAN, **changes)
    assert isinstance(info.value, ValueError)
    if words is not None:
        assert words in info.value.reason


def test_hand_size_by_players_is_validated() -> None:
    for bad in ([(1,)], [(2, 0)], [("2", 10)], 7, [(1, 10)]):
        with pytest.raises(RulesetError):
            attrs.evolve(remi.SWEDISH, hand_size_by_players=bad)
    with pytest.raises(RulesetError, match="No hand size is given for 2 players"):
        attrs.evolve(remi.SWEDISH, hand_size_by_players=[(3, 7)])
    with pytest.raises(RulesetError, match="needs 62 cards"):
        attrs.evolve(remi.SWEDISH, hand_size_by_players=[(2, 10), (3, 7), (5, 10)])


def test_sequences_are_converted_to_tuples() -> None:
    ruleset = attrs.evolve(
        remi.NORWEGIAN, hand_size_by_round=[10] * 7, contracts=[[2, 0]] + [{"sets": 1, "runs": 1}] * 6
    )
    assert ruleset.hand_size_by_round == (10,) * 7
    assert ruleset.contracts == (Contract(2, 0),) + (Contract(1, 1),) * 6
    lists = attrs.evolve(remi.SWEDISH, hand_size_by_players=[[2, 10], [3, 7], [5, 6]])
    assert lists.hand_size_by_players == ((2, 10), (3, 7), (5, 6))
    assert lists == remi.SWEDISH


def test_contract_and_card_values_validate_themselves() -> None:
    with pytest.raises(RulesetError):
        Contract(-1, 2)
    with pytest.raises(RulesetError):
        Contract(0, 0)
    with pytest.raises(RulesetError):
        CardValues(ace="A")  # type: ignore[arg-type]
    assert str(Contract(2, 1)) == "2 sets + 1 run"
    assert str(Contract(0, 3)) == "3 runs"
    assert str(Contract(1, 0)) == "1 set"


@pytest.mark.parametrize(("key", "preset"), PRESET_ITEMS)
def test_to_dict_from_dict_round_trip(key: str, preset: Ruleset) -> None:
    data = preset.to_dict()
    assert Ruleset.from_dict(data) == preset
    via_json = json.loads(json.dumps(data))
    assert Ruleset.from_dict(via_json) == preset


@pytest.mark.parametrize("name", sorted(remi.NORWEGIAN_VARIANTS))
def test_variants_round_trip(name: str) -> None:
    ruleset = remi.with_variants(remi.NORWEGIAN, name)
    assert Ruleset.from_dict(json.loads(json.dumps(ruleset.to_dict()))) == ruleset


def _without(data: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != key}


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: None,
        lambda d: [d],
        lambda d: "NORWEGIAN",
        lambda d: {**d, "colour": "red"},
        lambda d: _without(d, "family"),
        lambda d: _without(d, "values"),
        lambda d: {**d, "values": [20, 50]},
        lambda d: {**d, "values": {"ace": "20"}},
        lambda d: {**d, "values": {"ace": 20, "king": 10}},
        lambda d: {**d, "contracts": None},
        lambda d: {**d, "contracts": [[1, 2, 3]]},
        lambda d: {**d, "contracts": [{"sets": 1}]},
        lambda d: {**d, "contracts": "2 sets"},
        lambda d: {**d, "hand_size_by_round": None},
        lambda d: {**d, "hand_size_by_round": [10, None]},
        lambda d: {**d, "hand_size_by_players": [[2]]},
        lambda d: {**d, "hand_size_by_players": [None]},
        lambda d: {**d, "jokers": None},
        lambda d: {**d, "set_max": "4"},
        lambda d: {**d, "name": 3},
        lambda d: {**d, 3: 4},
    ],
)
def test_malformed_dicts_raise_ruleset_error(mutate: Any) -> None:
    data = mutate(remi.NORWEGIAN.to_dict())
    with pytest.raises(RulesetError) as info:
        Ruleset.from_dict(data)
    assert info.value.reason


def test_find_ruleset_aliases() -> None:
    assert remi.find_ruleset("Liverpool") is remi.NORWEGIAN
    assert remi.find_ruleset("contract rummy") is remi.NORWEGIAN
    assert remi.find_ruleset("  Contract_Rummy ") is remi.NORWEGIAN
    assert remi.find_ruleset("liverpool-rummy") is remi.NORWEGIAN
    assert remi.find_ruleset("51") is remi.SLOVENIAN
    assert remi.find_ruleset("Kaluki") is remi.KALOOKI
    assert remi.find_ruleset("GIN RUMMY") is remi.GIN
    assert remi.find_ruleset("basic rummy") is remi.SWEDISH
    assert remi.find_ruleset("Finnish Basic Rummy") is remi.FINNISH
    for preset in remi.PRESETS.values():
        assert remi.find_ruleset(preset.name) is preset


@pytest.mark.parametrize("name", ["canasta", "", None, 51.5])
def test_find_ruleset_unknown_names(name: object) -> None:
    with pytest.raises(RulesetError) as info:
        remi.find_ruleset(name)  # type: ignore[arg-type]
    assert info.value.code == "unknown-ruleset"
    assert "norwegian" in info.value.reason


def test_with_variants() -> None:
    twelve = remi.with_variants(remi.NORWEGIAN, "twelve cards", "shanghai")
    assert [twelve.hand_size(4, r) for r in range(1, 8)] == [10, 10, 10, 12, 12, 12, 12]
    assert twelve.shanghai
    assert remi.with_variants(remi.NORWEGIAN) == remi.NORWEGIAN
    wild = remi.with_variants(remi.NORWEGIAN, "Spade Twos Wild")
    assert wild.wild_spade_twos and wild.jokers == 0 and wild.has_wild_cards
    fewer = remi.with_variants(remi.NORWEGIAN, "one joker fewer than players")
    assert fewer.pack_for(4) == (2, 3) and fewer.pack_size(5) == 108
    six = remi.with_variants(remi.NORWEGIAN, "six players")
    assert six.pack_for(6) == (3, 9) and six.pack_for(5) == (2, 9)
    assert remi.with_variants(remi.NORWEGIAN, "all down at once").all_down_at_once
    assert remi.with_variants(remi.NORWEGIAN, "same-suit runs").same_suit_runs_apart
    assert remi.with_variants(remi.NORWEGIAN, "liverpool cut").liverpool_cut
    assert remi.with_variants(remi.NORWEGIAN, "last card must be discarded").last_card_discard


def test_value_variants_combine_and_keep_other_values() -> None:
    # Regression: the second value variant used to replace the first one's values wholesale.
    both = remi.with_variants(remi.NORWEGIAN, "five flat", "joker and ace 15")
    assert (both.values.two_to_nine, both.values.ace, both.values.joker) == (5, 15, 15)
    other_order = remi.with_variants(remi.NORWEGIAN, "joker and ace 15", "five flat")
    assert other_order.values == both.values
    house = attrs.evolve(remi.NORWEGIAN, values=CardValues(ace=25, joker=40))
    assert remi.with_variants(house, "five flat").values == CardValues(ace=25, joker=40, two_to_nine=5)


@pytest.mark.parametrize("name", ["seven players", 5, None])
def test_with_variants_unknown_names(name: object) -> None:
    with pytest.raises(RulesetError) as info:
        remi.with_variants(remi.NORWEGIAN, name)  # type: ignore[arg-type]
    assert info.value.code == "unknown-variant"


def test_with_variants_needs_a_ruleset() -> None:
    with pytest.raises(RulesetError):
        remi.with_variants("norwegian", "shanghai")  # type: ignore[arg-type]


def test_a_variant_that_contradicts_the_ruleset_raises() -> None:
    with pytest.raises(RulesetError, match="no jokers"):
        remi.with_variants(remi.SLOVENIAN, "spade twos wild")


def test_derived_values() -> None:
    assert remi.NORWEGIAN.pack_size(4) == 113
    assert remi.SLOVENIAN.pack_for(3) == (1, 3)
    assert remi.SLOVENIAN.pack_for(4) == (2, 6)
    assert remi.KALOOKI.pack_size(4) == 106
    assert not remi.SWEDISH.has_wild_cards and remi.NORWEGIAN.has_wild_cards
    assert [remi.SWEDISH.hand_size(p) for p in range(2, 7)] == [10, 7, 7, 6, 6]
    assert [remi.GIN.hand_size(p) for p in range(2, 5)] == [10, 7, 7]
    assert remi.SLOVENIAN.hand_size(3) == 14 and remi.KALOOKI.hand_size(4) == 13


def test_contract_for() -> None:
    assert [str(remi.contract_for(r, remi.NORWEGIAN)) for r in range(1, 8)] == [
        "2 sets",
        "1 set + 1 run",
        "2 runs",
        "3 sets",
        "2 sets + 1 run",
        "1 set + 2 runs",
        "3 runs",
    ]
    for bad in (0, 8, True, "1", None):
        with pytest.raises(RulesetError) as info:
            remi.contract_for(bad, remi.NORWEGIAN)  # type: ignore[arg-type]
        assert info.value.code == "no-such-round"
    with pytest.raises(RulesetError) as no_contracts:
        remi.contract_for(1, remi.SLOVENIAN)
    assert no_contracts.value.code == "no-contracts"


@pytest.mark.rule("norwegian-variants")
def test_variants_that_cannot_be_combined_are_named() -> None:
    with pytest.raises(RulesetError) as info:
        remi.with_variants(remi.NORWEGIAN, "shanghai", "spade twos wild", "one joker fewer than players")
    assert info.value.reason == (
        "The variants 'spade twos wild' and 'one joker fewer than players' cannot be combined: "
        "With ♠2s wild the pack holds no jokers: set jokers to 0."
    )
    # A pack too small for the combined deal: each variant alone deals, the pair does not.
    small = attrs.evolve(remi.NORWEGIAN, decks=1, max_players=4)
    assert remi.with_variants(small, "six players").max_players == 6
    assert remi.with_variants(small, "twelve cards").hand_size(4, 4) == 12
    with pytest.raises(RulesetError) as info:
        remi.with_variants(small, "liverpool cut", "six players", "twelve cards")
    assert info.value.reason == (
        "The variants 'six players' and 'twelve cards' cannot be combined: "
        "A table of 5 needs 62 cards to deal, but the pack holds 61."
    )


@pytest.mark.rule("norwegian-variants")
def test_a_variant_the_ruleset_cannot_take_is_named() -> None:
    with pytest.raises(RulesetError) as info:
        remi.with_variants(remi.SLOVENIAN, "shanghai", "spade twos wild")
    assert info.value.reason == (
        "Slovenian remi (51) cannot take the variant 'spade twos wild': "
        "With ♠2s wild the pack holds no jokers: set jokers to 0."
    )


@pytest.mark.rule("shared-option-bounds")
@pytest.mark.parametrize(
    ("preset", "changes", "reason"),
    [
        (remi.GIN, {"run_min": 2**63}, "run_min must be from 2 to 13, not 9223372036854775808."),
        (remi.GIN, {"run_min": 13, "set_min": 13, "set_max": None}, "No meld can ever be laid"),
        (
            remi.GIN,
            {"hand_size_by_players": ((2, 40),), "decks": 2, "max_players": 2},
            "hand_size_by_players must list (players, cards) pairs with players from 2 to 8 "
            "and cards from 1 to 20, not (2, 40).",
        ),
        (
            remi.NORWEGIAN,
            {"jokers": -1},
            "jokers must be a whole number from 0 to 20 (or 'one-fewer-than-players'), not -1.",
        ),
        (remi.NORWEGIAN, {"decks": 1.5}, "decks must be a whole number from 1 to 8, not 1.5."),
        (
            remi.SLOVENIAN,
            {"opening_points": 400},
            "opening_points (400) can never be reached: a hand of 15 cards counts at most 375.",
        ),
        (remi.SWEDISH, {"target_score": 10**6}, "target_score must be from 1 to 100000, not 1000000."),
        (remi.SWEDISH, {"max_turns_per_round": 0}, "max_turns_per_round must be from 1 to 10000, not 0."),
        (remi.GIN, {"knock_limit": 101}, "knock_limit must be from 0 to 100, not 101."),
    ],
)
def test_numbers_outside_what_the_rules_can_mean_are_refused(
    preset: Ruleset, changes: dict[str, Any], reason: str
) -> None:
    with pytest.raises(RulesetError) as info:
        attrs.evolve(preset, **changes)
    assert reason in info.value.reason


# -- str(ruleset): a short name line (issue 17) ------------------------------------------------


@pytest.mark.parametrize(("key", "preset"), PRESET_ITEMS)
def test_a_preset_reads_as_its_name(key: str, preset: Ruleset) -> None:
    assert str(preset) == preset.name
    assert repr(preset).startswith("Ruleset(name=") and len(repr(preset)) > 500


@pytest.mark.parametrize("variant", list(remi.NORWEGIAN_VARIANTS))
def test_a_named_variant_reads_as_its_name(variant: str) -> None:
    assert str(remi.with_variants(remi.NORWEGIAN, variant)) == f"Norwegian Remi + {variant}"


@pytest.mark.parametrize(("key", "preset"), PRESET_ITEMS)
@pytest.mark.parametrize("variant", list(remi.NORWEGIAN_VARIANTS))
def test_a_variant_of_any_preset_is_named_unless_it_changes_nothing(
    key: str, preset: Ruleset, variant: str
) -> None:
    try:
        ruleset = remi.with_variants(preset, variant)
    except RulesetError:
        return
    if ruleset == preset:
        assert str(ruleset) == preset.name
    else:
        text = str(ruleset)
        assert text.startswith(preset.name) and len(text) < 120
        assert f"+ {variant}" in text or "=" in text


def test_every_variant_at_once_names_them_all_in_order() -> None:
    names = [v for v in remi.NORWEGIAN_VARIANTS if v != "spade twos wild"]
    assert str(remi.with_variants(remi.NORWEGIAN, *names)) == " + ".join(["Norwegian Remi", *names])


def test_other_options_are_written_as_option_equals_value() -> None:
    ours = attrs.evolve(
        remi.with_variants(remi.NORWEGIAN, "shanghai"),
        jokers=4,
        values=attrs.evolve(remi.NORWEGIAN.values, court=5),
        contracts=[(2, 0)] * 7,
    )
    assert str(ours) == (
        "Norwegian Remi + shanghai (jokers=4, contracts=(2 sets, 2 sets, 2 sets, 2 sets, 2 sets, 2 sets, 2 sets), "
        "values.court=5)"
    )
    # A variant only partly matched is written option by option.
    assert str(attrs.evolve(remi.NORWEGIAN, jokers=0)) == "Norwegian Remi (jokers=0)"


def test_a_renamed_ruleset_leads_with_its_name_and_its_nearest_preset() -> None:
    assert str(attrs.evolve(remi.GIN, name="Our gin")) == "Our gin: Gin Rummy"
    assert (
        str(attrs.evolve(remi.SWEDISH, name="Finnish Basic Rummy"))
        == "Finnish Basic Rummy (going_rummy=False)"
    )
    assert str(attrs.evolve(remi.FINNISH, name="Ours", going_rummy=False)) == "Ours: Swedish Basic Rummy"
