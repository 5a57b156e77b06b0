"""docs/rules/gin.rst, gin-knocker-chooses: the knocker chooses the melds in a knock phase; a tie names no winner."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import attrs
import pytest
from game_helpers import Layout, finish_knock, position
from hypothesis import given, settings
from hypothesis import strategies as st
from table_rows import REFUSAL, assert_refused, refusal

import remi
from remi import GameState, IllegalActionError, LayDown, Pass
from remi.records import GameRecord, replay

G = remi.GIN

# Seat 0 knocks with ♥K and keeps ♠A ♠2 ♠3 ♠4, ♥9 ♦9 ♣9, ♥2 ♦3 ♣A: best deadwood 6 (♥2 ♦3 ♣A).
KNOCKER = "♠A ♠2 ♠3 ♠4 ♥9 ♦9 ♣9 ♥2 ♦3 ♣A ♥K"
# Seat 1: ♥5-♥7 and ♦J-♦K are melds; ♠5 ♠6 lay off onto ♠A-♠4 only if it is laid; ♣K ♣Q stay.
DEFENDER = "♥5 ♥6 ♥7 ♦J ♦Q ♦K ♠5 ♠6 ♣K ♣Q"


def knocked(hands: list[str] | None = None, ruleset: remi.Ruleset = G, card: str = "♥K") -> GameState:
    state = position(ruleset, 2, hands=hands or [KNOCKER, DEFENDER], phase="play", turn=5)
    return state.apply(f"knock {card}")


def strs(actions: list[remi.Action]) -> list[str]:
    return [str(a) for a in actions]


@pytest.mark.rule("gin-knock", "gin-knocker-chooses")
def test_the_knock_opens_a_knock_phase_with_the_hand_shown() -> None:
    state = knocked()
    assert state.phase == "knock" and state.current_player == 0 and not state.results
    assert state.discard_top == remi.Card("♥K")
    # The knocker spreads the hand: every card of it is known to the table.
    assert state.known[0] == state.hands[0] and len(state.hands[0]) == 10
    # Only the set can come first: melds go down in ascending order, and without the set the rest
    # could never get within 10.
    assert strs(state.legal_actions()) == ["lay ♥9 ♦9 ♣9"]  # a discard or a knock is refused (REFUSALS)


@pytest.mark.rule("gin-knocker-chooses")
def test_the_knocker_may_lay_an_arrangement_that_is_not_the_least_and_lay_offs_follow_it() -> None:
    state = knocked().apply("lay ♥9 ♦9 ♣9")
    assert strs(state.legal_actions()) == ["lay ♠A ♠2 ♠3", "lay ♠A ♠2 ♠3 ♠4", "lay ♠2 ♠3 ♠4"]
    best = remi.best_arrangement(state.hands[0], G)
    assert [str(m) for m in best.melds] == ["♠A ♠2 ♠3 ♠4"] and best.deadwood_value == 6
    hands = [remi.parse_cards("♠A ♠2 ♠3 ♠4 ♥9 ♦9 ♣9 ♥2 ♦3 ♣A"), remi.parse_cards(DEFENDER)]
    outcomes = {}
    for run, knocker_dead, defender_dead in (
        ("♠A ♠2 ♠3 ♠4", 6, 20),  # ♠5 ♠6 laid off: 31 - 11
        ("♠2 ♠3 ♠4", 7, 20),  # ♠5 ♠6 laid off
        ("♠A ♠2 ♠3", 10, 31),  # ♠4 stays in the knocker's hand: ♠5 ♠6 fit nothing laid
    ):
        laid = state.apply(f"lay {run}")
        assert strs(laid.legal_actions()) == ["pass"]  # nothing above the run is left to lay
        after = laid.apply("pass")
        points = after.results[-1].points
        assert points == (0, -(defender_dead - knocker_dead))
        # Settled with exactly the melds laid.
        assert points == remi.settle_gin(hands, 0, G, melds=["♥9 ♦9 ♣9", run]).deltas
        outcomes[run] = points
    # The least deadwood is not the knocker's best choice here: the defender loses 21, not 14.
    assert outcomes["♠A ♠2 ♠3"][1] < outcomes["♠A ♠2 ♠3 ♠4"][1]
    # The engine's old pick (the best arrangement) stays one of the choices.
    assert finish_knock(knocked()).results[-1].points == outcomes["♠A ♠2 ♠3 ♠4"]


def nines_and_the_run_laid() -> GameState:
    """The knock phase after ``lay ♥9 ♦9 ♣9`` and ``lay ♠2 ♠3 ♠4``: ♠A is left, ♠2 ♠3 are on the table."""
    return knocked().apply("lay ♥9 ♦9 ♣9").apply("lay ♠2 ♠3 ♠4")


def nines_laid_before_the_twos() -> GameState:
    """The knock phase of a hand with two sets, after the higher set (♠9 ♥9 ♦9) went down first."""
    return knocked(["♠2 ♥2 ♦2 ♠9 ♥9 ♦9 ♣5 ♣6 ♣7 ♣A ♥K", DEFENDER]).apply("lay ♠9 ♥9 ♦9")


GIN_KNOCKER_CHOOSES = pytest.mark.rule("gin-knocker-chooses")
GIN_KNOCK_PHASE = pytest.mark.rule("gin-knock", "gin-knocker-chooses")

KNOCK_PHASE_REFUSALS = [
    # refusal(rule, where, position, action, code[, the reason, or a part of it])
    # In the knock phase the knocker lays melds: no discard, no second knock.
    refusal(GIN_KNOCK_PHASE, "knocked", knocked, "discard ♠A", "wrong-phase", "lays their melds"),
    refusal(GIN_KNOCK_PHASE, "knocked", knocked, "knock ♠A", "wrong-phase"),
    # Passing now would leave 43 points; a run first would leave the nines as deadwood for good.
    refusal(GIN_KNOCKER_CHOOSES, "knocked", knocked, "pass", "knock-too-high", "43 points"),
    refusal(GIN_KNOCKER_CHOOSES, "knocked", knocked, "lay ♠A ♠2 ♠3 ♠4", "knock-too-high"),
    refusal(
        GIN_KNOCKER_CHOOSES, "knocked", knocked, Layout.of("♥9 ♦9 ♣9", "♠A ♠2 ♠3 ♠4"), "one-meld-at-a-time"
    ),
    refusal(GIN_KNOCKER_CHOOSES, "knocked", knocked, "lay ♥5 ♥6 ♥7", "not-in-hand"),
    # Cards laid are not held any more.
    refusal(GIN_KNOCKER_CHOOSES, "run laid", nines_and_the_run_laid, LayDown.of("♠A ♠2 ♠3"), "not-in-hand"),
    # The order: a lower meld after a higher one is refused with its own code.
    refusal(
        GIN_KNOCKER_CHOOSES,
        "nines first",
        nines_laid_before_the_twos,
        "lay ♠2 ♥2 ♦2",
        "knock-meld-order",
        "♠9 ♥9 ♦9",
    ),
]


@pytest.mark.parametrize(REFUSAL, KNOCK_PHASE_REFUSALS)
def test_knock_phase_refused(
    state: Callable[[], GameState], action: str | remi.Action, code: str, reason: str
) -> None:
    assert_refused(state, action, code, reason)


@pytest.mark.rule("gin-knocker-chooses")
def test_lay_lays_several_melds_in_one_call_in_order() -> None:
    # GameState.lay lays several in one call, in order.
    assert knocked().lay("♥9 ♦9 ♣9", "♠A ♠2 ♠3 ♠4").legal_actions() == [Pass()]


@pytest.mark.rule("gin-gin", "gin-knocker-chooses")
def test_a_knocker_who_lays_every_card_goes_gin_and_may_also_keep_a_meld() -> None:
    hands = ["♠A ♠2 ♠3 ♥4 ♦4 ♣4 ♠7 ♠8 ♠9 ♠10 ♥K", "♥5 ♥6 ♥7 ♣9 ♣10 ♣J ♦2 ♦3 ♠4 ♣K"]
    state = knocked(hands)
    gin = state.lay("♥4 ♦4 ♣4", "♠A ♠2 ♠3", "♠7 ♠8 ♠9 ♠10")
    assert gin.hands[0] == () and gin.legal_actions() == [Pass()]
    assert gin.apply("pass").results[-1].points == (25, -2 * remi.hand_value(hands[1], G))
    # Keeping ♠A ♠2 ♠3 (6 points) is a knock, not a gin: the defender lays off onto the melds laid
    # (♠4 onto the fours) and pays the difference.
    kept = state.lay("♥4 ♦4 ♣4", "♠7 ♠8 ♠9 ♠10").apply("pass")
    assert (
        kept.results[-1].points
        == remi.settle_gin(
            ["♠A ♠2 ♠3 ♥4 ♦4 ♣4 ♠7 ♠8 ♠9 ♠10", hands[1]], 0, G, melds=["♥4 ♦4 ♣4", "♠7 ♠8 ♠9 ♠10"]
        ).deltas
    )


@pytest.mark.rule("gin-undercut")
def test_a_tie_without_undercut_on_tie_names_no_winner() -> None:
    knocker = "♠A ♠2 ♠3 ♥4 ♦4 ♣4 ♠7 ♠8 ♠9 ♥5"  # deadwood 5
    tie = remi.settle_gin([knocker, "♥9 ♥10 ♥J ♦6 ♦7 ♦8 ♣5"], 0, G)  # the defender holds 5 too
    assert (tie.kind, tie.winner, tie.deltas) == ("tie", None, (0, 0))
    assert "nobody wins" in tie.detail
    undercut = remi.settle_gin([knocker, "♥9 ♥10 ♥J ♦6 ♦7 ♦8 ♣5"], 0, attrs.evolve(G, undercut_on_tie=True))
    assert (undercut.kind, undercut.winner, undercut.deltas) == ("undercut", 1, (-10, 20))
    # Three seats: one defender ties, the other still loses the difference; nobody wins the deal.
    three = remi.settle_gin([knocker, "♥9 ♥10 ♥J ♦6 ♦7 ♦8 ♣5", "♣9 ♣10 ♣J ♥A ♥Q ♦A ♦2"], 0, G)
    assert (three.kind, three.winner, three.deltas) == ("tie", None, (0, 0, -(14 - 5)))
    assert "Seat 1 ties" in three.detail and "each other defender" in three.detail
    # A clear knock still names the knocker.
    knock = remi.settle_gin([knocker, "♥9 ♥10 ♥J ♦6 ♦7 ♦8 ♣6"], 0, G)
    assert (knock.kind, knock.winner, knock.deltas) == ("knock", 0, (0, -1))


@pytest.mark.rule("gin-knocker-chooses")
def test_mid_knock_states_round_trip_through_dicts_positions_records_and_views() -> None:
    start = remi.new_game(G, players=2, seed=4)
    rng = random.Random(3)
    state = start
    actions: list[remi.Action] = []
    mid = None
    while mid is None:
        legal = state.legal_actions()
        knocks = [a for a in legal if isinstance(a, remi.Knock)]
        if state.phase == "knock" and state.table:
            mid = state
            break
        action = knocks[0] if knocks else (legal[-1] if state.phase == "knock" else rng.choice(legal))
        actions.append(action)
        state = state.apply(action)
        assert len(actions) < 5000
    assert mid.phase == "knock" and mid.table and all(o == mid.turn_player for o in mid.owners)
    data = mid.to_dict()
    assert data["format"] == "remi-state/4" and data["phase"] == "knock"
    assert GameState.from_dict(data) == mid
    text = mid.position()
    assert "phase: knock" in text and f"known {mid.turn_player}:" in text and "meld 0 seat" in text
    back = GameState.from_position(text)
    assert back == mid and back.legal_actions() == mid.legal_actions()
    record = GameRecord.from_actions(start, actions)
    assert replay(record.text())[-1] == mid
    assert GameRecord.from_text(record.text()) == record
    for seat in range(2):
        view = mid.view(seat)
        assert view.table == mid.table and view.known[mid.turn_player] == mid.hands[mid.turn_player]
        for k in range(5):
            sample = view.sample_state(random.Random(k))
            sample.check_invariants()
            assert sample.hands[mid.turn_player] == mid.hands[mid.turn_player]
            assert sample.legal_actions() == mid.legal_actions()
            assert GameState.from_dict(sample.to_dict()) == sample
    # An old format never held a knock phase.
    old = dict(data, format="remi-state/3")
    with pytest.raises(remi.StateError, match="knock phase"):
        GameState.from_dict(old)


@pytest.mark.rule("gin-knocker-chooses")
def test_a_position_of_a_knock_must_show_the_knockers_hand() -> None:
    text = knocked().apply("lay ♥9 ♦9 ♣9").position()
    hidden = "\n".join(line for line in text.splitlines() if not line.startswith("known 0:"))
    with pytest.raises(remi.NotationError, match="shown"):
        GameState.from_position(hidden)


@pytest.mark.rule("gin-knocker-chooses")
def test_old_records_replay_with_the_best_arrangement_laid() -> None:
    # A remi-record/1 record knew no knock phase: its knock laid the best arrangement at once.
    state = position(G, 2, hands=[KNOCKER, DEFENDER], phase="play", turn=5)
    text = GameRecord(state).text().replace("remi-record/2", "remi-record/1") + "0 knock ♥K\n"
    states = replay(text)
    assert [s.phase for s in states[1:]] == ["knock", "knock", "knock", "draw"]
    assert states[-1].results[-1].points == finish_knock(state.apply("knock ♥K")).results[-1].points
    with pytest.raises(IllegalActionError):
        replay(text.replace("remi-record/1", "remi-record/2") + "0 draw\n")


# -- every arrangement within the limit, one path each ------------------------------------------------


def _arrangements(hand: tuple[remi.Card, ...], ruleset: remi.Ruleset) -> Counter[tuple[str, ...]]:
    """Brute force: every set of disjoint melds of *hand* leaving at most the knock limit, by meld texts."""
    melds = remi.candidate_melds(hand, ruleset)
    out: Counter[tuple[str, ...]] = Counter()

    def walk(start: int, left: Counter[remi.Card], chosen: list[remi.Meld]) -> None:
        if remi.hand_value(list(left.elements()), ruleset) <= ruleset.knock_limit:
            out[tuple(sorted(str(m) for m in chosen))] += 1
        for index in range(start, len(melds)):
            need = Counter(melds[index].cards)
            if not need - left:
                walk(index + 1, left - need, [*chosen, melds[index]])

    walk(0, Counter(hand), [])
    return out


def _paths(state: GameState) -> tuple[Counter[tuple[str, ...]], list[int]]:
    """Every way through the knock phase: the melds laid at each pass, and the knocker's deadwood."""
    out: Counter[tuple[str, ...]] = Counter()
    dead: list[int] = []
    legal = state.legal_actions()
    assert legal, "a dead end in the knock phase"
    for action in legal:
        if isinstance(action, Pass):
            left = remi.hand_value(state.hands[state.turn_player], state.ruleset)
            dead.append(left)
            out[tuple(sorted(str(m) for m in state.table))] += 1
            after = state.apply(action)
            assert after.phase != "knock" and len(after.results) == len(state.results) + 1
        else:
            more, deads = _paths(state.apply(action))
            out.update(more)
            dead.extend(deads)
    return out, dead


# Dense hands: ranks A-6 of every suit, so that sets, runs and overlaps abound.
_POOL = [remi.Card.of(rank, suit) for rank in range(1, 7) for suit in range(4)]


@pytest.mark.rule("gin-knocker-chooses")
@settings(max_examples=40)
@given(
    hand=st.lists(st.sampled_from(_POOL), min_size=6, max_size=10, unique=True),
    slack=st.integers(min_value=0, max_value=8),
)
def test_every_arrangement_within_the_limit_is_reachable_by_exactly_one_path(
    hand: list[remi.Card], slack: int
) -> None:
    held = tuple(sorted(hand, key=lambda c: c.code))
    limit = remi.deadwood(held, G) + slack
    rules = attrs.evolve(G, knock_limit=limit)
    # The knock card: a king from outside the pool; the other seat holds ten cards of the rest.
    rest = [c for c in remi.make_pack(1, 0) if c not in held and c != remi.Card("♠K")]
    state = position(
        rules, 2, hands=[remi.format_cards([*held, remi.Card("♠K")]), remi.format_cards(rest[-10:])], turn=5
    )
    paths, dead = _paths(state.apply("knock ♠K"))
    assert all(d <= limit for d in dead)
    expected = _arrangements(held, rules)
    assert paths == expected
    assert set(paths.values()) == {1}  # one path per arrangement
