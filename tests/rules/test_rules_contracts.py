"""docs/rules/norwegian.rst (Norwegian Remi): the seven contracts and their variants, and the
equipment and preset values the contracts rest on. One test per rule; each names its section."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from game_helpers import Layout, position, strs
from table_rows import REFUSAL, assert_refused, refusal

import remi
from remi import GameState, IllegalActionError, LayDown, check_contract, contract_for, parse_meld

N = remi.NORWEGIAN

TABLE = [  # round, sets, runs, cards laid, dealt
    (1, 2, 0, 6, 10),
    (2, 1, 1, 7, 10),
    (3, 0, 2, 8, 10),
    (4, 3, 0, 9, 10),
    (5, 2, 1, 10, 10),
    (6, 1, 2, 11, 10),
    (7, 0, 3, 12, 11),
]
SETS = ["♠7 ♥7 ♦7", "♠K ♥K ♣K", "♦2 ♥2 JK"]
RUNS = ["♠2 ♠3 ♠4 ♠5", "♥9 ♥10 ♥J ♥Q", "♣5 ♣6 JK ♣8"]


@pytest.mark.rule("norwegian-equipment")
def test_equipment_two_decks_and_nine_jokers() -> None:
    # docs/rules/norwegian.rst, norwegian-equipment: Equipment and players
    assert N.pack_for(4) == (2, 9) and N.pack_size(4) == 113
    assert (N.min_players, N.max_players) == (3, 5)


@pytest.mark.rule("norwegian-equipment")
def test_equipment_joker_count_option_and_one_fewer_than_players() -> None:
    # docs/rules/norwegian.rst, norwegian-equipment: Equipment and players
    import attrs

    assert attrs.evolve(N, jokers=0).pack_size(4) == 104
    fewer = remi.with_variants(N, "one joker fewer than players")
    assert [fewer.pack_for(p)[1] for p in (3, 4, 5)] == [2, 3, 4]


@pytest.mark.rule("norwegian-equipment")
def test_six_players_with_a_third_deck() -> None:
    # docs/rules/norwegian.rst, norwegian-equipment: Equipment and players
    six = remi.with_variants(N, "six players")
    assert six.max_players == 6 and six.pack_for(6)[0] == 3


@pytest.mark.rule("norwegian-contracts")
@pytest.mark.parametrize(("round_", "sets", "runs", "laid", "dealt"), TABLE)
def test_the_seven_contracts_table(round_: int, sets: int, runs: int, laid: int, dealt: int) -> None:
    # docs/rules/norwegian.rst, norwegian-contracts: The seven contracts
    contract = contract_for(round_, N)
    assert (contract.sets, contract.runs) == (sets, runs)
    assert N.hand_size(4, round_) == dealt
    melds = SETS[:sets] + RUNS[:runs]
    result = check_contract(melds, round_, N)
    assert result.ok, result.reason
    assert sum(len(m) for m in result.melds) == laid


@pytest.mark.rule("norwegian-contracts")
@pytest.mark.parametrize(("round_", "sets", "runs", "laid", "dealt"), TABLE)
def test_each_contract_refuses_other_combinations(
    round_: int, sets: int, runs: int, laid: int, dealt: int
) -> None:
    # docs/rules/norwegian.rst, norwegian-contracts: The seven contracts
    for other_sets in range(4):
        for other_runs in range(4):
            if (other_sets, other_runs) == (sets, runs) or other_sets + other_runs == 0:
                continue
            melds = (SETS * 2)[:other_sets] + (RUNS * 2)[:other_runs]
            result = check_contract(melds, round_, N)
            assert result.code == "wrong-combinations", (other_sets, other_runs)


@pytest.mark.rule("norwegian-contracts")
def test_contract_goes_down_with_exactly_its_cards() -> None:
    # docs/rules/norwegian.rst, norwegian-contracts: The seven contracts
    assert check_contract(["♠7 ♥7 ♦7 ♣7", "♠K ♥K ♣K"], 1, N).code == "extra-cards"
    assert check_contract(["♠7 ♥7 ♦7", "♠2 ♠3 ♠4 ♠5 ♠6"], 2, N).code == "extra-cards"


@pytest.mark.rule("norwegian-contracts")
def test_all_down_at_once_allows_extra_cards() -> None:
    # docs/rules/norwegian.rst, norwegian-contracts: The seven contracts
    variant = remi.with_variants(N, "all down at once")
    assert check_contract(["♠7 ♥7 ♦7 ♣7", "♠2 ♠3 ♠4 ♠5 ♠6 ♠7"], 2, variant).ok


@pytest.mark.rule("norwegian-contracts")
def test_contract_counts_combinations_not_points() -> None:
    # docs/rules/norwegian.rst, norwegian-contracts: The seven contracts
    cheap = check_contract(["♠2 ♥2 ♦2", "♠3 ♥3 ♦3"], 1, N)
    dear = check_contract(["♠A ♥A ♦A", "♠K ♥K ♦K"], 1, N)
    assert cheap.ok and dear.ok and cheap.points is None


@pytest.mark.rule("norwegian-contracts")
def test_same_suit_runs_must_overlap_or_leave_a_gap() -> None:
    # docs/rules/norwegian.rst, norwegian-contracts: The seven contracts
    variant = remi.with_variants(N, "same-suit runs")
    assert check_contract(["♣3 ♣4 ♣5 ♣6", "♣7 ♣8 ♣9 ♣10"], 3, variant).code == "runs-touch"
    assert check_contract(["♣3 ♣4 ♣5 ♣6", "♣5 ♣6 ♣7 ♣8"], 3, variant).ok
    assert check_contract(["♣3 ♣4 ♣5 ♣6", "♣8 ♣9 ♣10 ♣J"], 3, variant).ok
    assert check_contract(["♣3 ♣4 ♣5 ♣6", "♣7 ♣8 ♣9 ♣10"], 3, N).ok


@pytest.mark.rule("norwegian-contracts")
def test_round_seven_three_runs_take_every_card() -> None:
    # docs/rules/norwegian.rst, norwegian-contracts: The seven contracts
    hand = " ".join(RUNS)
    assert check_contract(RUNS, 7, N, hand=hand).ok
    assert check_contract(RUNS, 7, N, hand=hand + " ♦K").code == "cards-left-in-hand"


@pytest.mark.rule("norwegian-contracts")
def test_round_seven_bought_hand_may_lay_longer_runs() -> None:
    # docs/rules/norwegian.rst, norwegian-contracts: The seven contracts
    runs = ["♠2 ♠3 ♠4 ♠5 ♠6 ♠7", "♥9 ♥10 ♥J ♥Q", "♣5 ♣6 JK ♣8"]
    hand = " ".join(runs)  # 14 cards: dealt 11, drawn 1, bought 2
    assert check_contract(runs, 7, N, hand=hand).ok
    assert check_contract(runs[:2] + ["♦2 ♥2 JK"], 7, N, hand=hand).code == "wrong-combinations"


@pytest.mark.rule("norwegian-contracts")
def test_seed_worked_example_round_two() -> None:
    # docs/rules/norwegian.rst, norwegian-contracts: The seven contracts
    hand = remi.parse_cards("♥9 ♠9 ♦9 ♣5 ♣6 ♣7 ♠K ♦4 ♥2 ♠8") + remi.parse_cards("♣8")
    result = check_contract(["♥9 ♠9 ♦9", "♣5 ♣6 ♣7 ♣8"], 2, N, hand=hand)
    assert result.ok
    assert [m.kind for m in result.melds] == ["set", "run"]
    assert str(result.melds[1]) == "♣5 ♣6 ♣7 ♣8"
    without_draw = check_contract(["♥9 ♠9 ♦9", "♣5 ♣6 ♣7 ♣8"], 2, N, hand=hand[:-1])
    assert without_draw.code == "not-in-hand"


@pytest.mark.rule("norwegian-deal-and-turn")
def test_twelve_cards_variant_deal() -> None:
    # docs/rules/norwegian.rst, norwegian-deal-and-turn: Deal and turn
    twelve = remi.with_variants(N, "twelve cards")
    assert [twelve.hand_size(4, r) for r in range(1, 8)] == [10, 10, 10, 12, 12, 12, 12]


@pytest.mark.rule("norwegian-contracts")
def test_contract_melds_may_be_given_as_arranged_melds() -> None:
    # docs/rules/norwegian.rst, norwegian-contracts: The seven contracts
    low = parse_meld("JK=♣4 ♣5 ♣6 ♣7")
    assert check_contract(["♥9 ♠9 ♦9", low], 2, N).melds[1] == low


# -- the contract, meld by meld (norwegian-contract-meld-by-meld) ----------------------------------


def two_sets_in_hand() -> GameState:
    """Round 1 (two sets): seat 0 holds ♠9 ♥9 ♦9, ♥4 ♦4 ♣4 and ♣K."""
    return position(hands=["♠9 ♥9 ♦9 ♥4 ♦4 ♣4 ♣K", "♣9", "♣5", "♣6"], round=1)


def two_sets_beside_a_run() -> GameState:
    """As :func:`two_sets_in_hand`, with seat 1's run ♠5 ♠6 ♠7 ♠8 on the table."""
    return position(
        hands=["♠9 ♥9 ♦9 ♥4 ♦4 ♣4 ♣K", "♣9", "♣5", "♣6"],
        table=["♠5 ♠6 ♠7 ♠8"],
        owners=[1],
        down={1: 1},
        round=1,
    )


def half_laid() -> GameState:
    """:func:`two_sets_beside_a_run` after the first set went down: the contract is half laid."""
    return two_sets_beside_a_run().apply(LayDown.of("♠9 ♥9 ♦9"))


def one_nine_for_two_sets() -> GameState:
    """Round 1: ♠9 ♥9 ♦9 and ♣9 make one set of nines, not two; nothing else pairs."""
    return position(hands=["♠9 ♥9 ♦9 ♣9 ♣K", "♣5", "♣6", "♣7"], round=1)


@pytest.mark.rule("norwegian-contract-meld-by-meld")
def test_a_contract_goes_down_one_meld_per_action() -> None:
    # docs/rules/norwegian.rst, norwegian-contract-meld-by-meld: every lay-down is one meld
    state = two_sets_in_hand()  # both sets in one action are refused: a row of REFUSALS
    lays = [a for a in state.legal_actions() if isinstance(a, LayDown)]
    assert lays and all(len(a.melds) == 1 for a in lays)


@pytest.mark.rule("norwegian-contract-meld-by-meld")
def test_the_turn_cannot_end_with_the_contract_half_laid() -> None:
    # docs/rules/norwegian.rst, norwegian-contract-meld-by-meld: no discard, lay-off or swap while half laid
    state = two_sets_beside_a_run()
    half = state.apply(LayDown.of("♠9 ♥9 ♦9"))  # a discard or a lay-off is refused: rows of REFUSALS
    assert strs(half.legal_actions()) == ["lay ♥4 ♦4 ♣4"]
    done = half.apply(LayDown.of("♥4 ♦4 ♣4"))
    assert "discard ♣K" in strs(done.legal_actions())
    assert done.down[0] == state.turn


@pytest.mark.rule("norwegian-contract-meld-by-meld")
def test_a_meld_is_offered_only_while_the_rest_can_be_completed() -> None:
    # docs/rules/norwegian.rst, norwegian-contract-meld-by-meld: each meld is offered only while the rest of the
    # contract can still be completed: here both sets need ♠9, so only one of them can be laid
    state = one_nine_for_two_sets()  # laying one set is refused: a row of REFUSALS
    assert not any(isinstance(a, LayDown) for a in state.legal_actions())


@pytest.mark.rule("norwegian-contract-meld-by-meld")
def test_lay_helper_lays_a_whole_layout_and_names_the_first_refusal() -> None:
    # docs/rules/norwegian.rst, norwegian-contract-meld-by-meld: a helper lays a whole layout in one call
    state = two_sets_in_hand()
    after = state.lay("♠9 ♥9 ♦9", "♥4 ♦4 ♣4")
    assert len(after.table) == 2 and after.hand_sizes[0] == 1
    with pytest.raises(IllegalActionError) as info:
        state.lay("♠9 ♥9 ♦9", "♠K ♥K ♦K")
    assert info.value.reason.startswith("Meld 2 (")
    assert state.hand_sizes[0] == 7  # the state is untouched


@pytest.mark.rule("norwegian-contract-meld-by-meld")
def test_offered_actions_stay_few_for_a_large_hand() -> None:
    # docs/rules/norwegian.rst, norwegian-contract-meld-by-meld: single melds keep the listing polynomial
    hand = "♠A ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K ♥A ♥2 ♥3 ♥4 ♥5 ♥6 ♥7 JK JK JK JK JK JK"
    state = position(N, hands=[hand, "♣5", "♣6", "♣7"], round=3)
    actions = state.legal_actions()
    assert 0 < len(actions) < 5000


# -- presets and variants are read-only (norwegian-variants) ---------------------------------------


@pytest.mark.rule("norwegian-variants")
def test_presets_and_variants_are_read_only() -> None:
    with pytest.raises(TypeError):
        remi.PRESETS["norwegian"] = remi.SWEDISH  # type: ignore[index]
    with pytest.raises(TypeError):
        remi.NORWEGIAN_VARIANTS["shanghai"] = {}  # type: ignore[index]
    with pytest.raises(TypeError):
        remi.NORWEGIAN_VARIANTS["shanghai"]["shanghai"] = False  # type: ignore[index]
    with pytest.raises(TypeError):
        remi.NORWEGIAN_VARIANTS["five flat"]["values"]["two_to_nine"] = 6  # type: ignore[index]
    assert remi.find_ruleset("norwegian") is N
    assert remi.with_variants(N, "five flat", "joker and ace 15").values.two_to_nine == 5


# -- refusals: one row per refused action, each with its rule --------------------------------------

MELD_BY_MELD = pytest.mark.rule("norwegian-contract-meld-by-meld")

REFUSALS = [
    # refusal(rule, where, position, action, code[, the reason, or a part of it])
    # Every lay-down is one meld (GameState.lay lays several, one action each).
    refusal(
        MELD_BY_MELD,
        "two sets",
        two_sets_in_hand,
        Layout.of("♠9 ♥9 ♦9", "♥4 ♦4 ♣4"),
        "one-meld-at-a-time",
        "one after another",
    ),
    # No discard, lay-off or swap while the contract is half laid.
    refusal(MELD_BY_MELD, "half laid", half_laid, "discard ♣K", "contract-unfinished"),
    refusal(MELD_BY_MELD, "half laid", half_laid, "off ♥4 0", "contract-not-down"),
    # A meld is offered only while the rest of the contract can be completed: both sets need ♠9.
    refusal(
        MELD_BY_MELD,
        "one set of nines",
        one_nine_for_two_sets,
        LayDown.of("♠9 ♥9 ♦9"),
        "contract-unreachable",
        "2 sets",
    ),
]


@pytest.mark.parametrize(REFUSAL, REFUSALS)
def test_refused(state: Callable[[], GameState], action: str | remi.Action, code: str, reason: str) -> None:
    assert_refused(state, action, code, reason)
