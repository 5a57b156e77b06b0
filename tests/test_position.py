"""Position notation: exact round trips, refusals that quote the text, and actions typed at a state."""

from __future__ import annotations

import random
import re

import attrs
import pytest
from game_helpers import mid_build
from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi import GameState, LayDown, NotationError
from remi.game.positions import parse_action_in, parse_ruleset_text, position, ruleset_text
from remi.records import from_position

RULESETS = {name: attrs.evolve(r, max_turns_per_round=40) for name, r in remi.PRESETS.items()}
RULESETS["norwegian-shanghai"] = attrs.evolve(RULESETS["norwegian"], shanghai=True)
RULESETS["norwegian-twos"] = remi.with_variants(RULESETS["norwegian"], "spade twos wild", "liverpool cut")
RULESETS["gin"] = attrs.evolve(RULESETS["gin"], target_score=20)


def play(name: str, seed: int, steps: int) -> GameState:
    rules = RULESETS[name]
    players = rules.min_players + seed % 2
    state = remi.new_game(rules, players=players, seed=seed)
    rng = random.Random(seed * 31 + steps)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


games = st.tuples(st.sampled_from(sorted(RULESETS)), st.integers(0, 10_000), st.integers(0, 160))


@settings(max_examples=80, deadline=None)
@given(games)
def test_position_round_trips_exactly(game):
    state = play(*game)
    text = position(state)
    assert from_position(text) == state
    assert from_position(position(state, one_line=True)) == state
    assert "\n" not in position(state, one_line=True)


@settings(max_examples=60, deadline=None)
@given(games)
def test_every_legal_action_reads_back_from_its_notation(game):
    state = play(*game)
    for action in state.legal_actions():
        assert parse_action_in(state, str(action)) == action


@settings(max_examples=40, deadline=None)
@given(games, st.randoms(use_true_random=False))
def test_lay_downs_read_in_any_card_order_and_lay_offs_by_card_reference(game, rng):
    state = play(*game)
    for action in state.legal_actions():
        if isinstance(action, LayDown):
            groups = []
            for meld in action.melds:
                cards = [str(c) for c in meld.cards]
                rng.shuffle(cards)
                groups.append(" ".join(cards))
            try:
                got = parse_action_in(state, "lay " + " / ".join(groups))
            except NotationError as exc:
                assert "could mean several lay-downs" in exc.reason
            else:
                assert got == action
        elif isinstance(action, remi.LayOff):
            meld = state.table[action.target]
            others = [i for i, m in enumerate(state.table) if meld.cards[0] in m.cards and i != action.target]
            text = f"off {action.card} on {meld.cards[0]}" + (" low" if action.low else "")
            if others:
                with pytest.raises(NotationError, match="several table melds"):
                    parse_action_in(state, text)
            else:
                assert parse_action_in(state, text) == action


def test_a_position_written_by_hand():
    state = from_position(
        """
        # A Gin deal, seat 1 to draw
        game: gin
        hand 0: ♠A ♠2 ♠3 ♥5 ♥6 ♥7 ♦9 ♦10 ♦J ♣K
        hand 1: AH 2H 3H 4D 5D 6D 7C 8C 9C QS
        discard: ♣2
        seed: 4
        """
    )
    assert state.players == 2 and state.phase == "draw" and state.to_act == 1
    assert len(state.stock) == 31
    again = from_position(position(state).replace(remi.format_cards(state.stock), "31"))
    assert again == state  # "stock: 31" deals the unwritten cards from the same seed


def test_the_one_line_form_and_defaults():
    one = "game: swedish | players: 3 | hand 0: ♠A ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 | hand 1: ♥A ♥2 ♥3 ♥4 ♥5 ♥6 ♥7 | hand 2: ♦A ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 | discard: ♣K"
    state = from_position(one)
    assert state.turn_player == 1 and state.round == 1 and state.turn == 1 and len(state.stock) == 30


def test_a_table_with_owners_and_joker_assignments():
    state = from_position(
        "game: norwegian shanghai=true | players: 3 | round: 1 | phase: draw | turn: 7 | turn player: 1\n"
        "hand 0: ♠9 ♠10 ♥K ♦2 ♦3 ♦4 ♣Q\nhand 1: ♥A ♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8\nhand 2: ♣2 ♣3 ♣4 ♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J\n"
        "meld 0 seat 0: ♠7 ♥7 JK=7\nmeld 1 seat 0: ♣K ♦K ♠K\ndown: 5 -1 -1\ndiscard: ♦9"
    )
    assert state.owners == (0, 0) and str(state.table[0]) == "♠7 ♥7 JK=7"
    assert from_position(position(state)) == state


@pytest.mark.parametrize(
    ("text", "quoted", "code"),
    [
        ("game: gin | hand 0: ♠A | hand 1: ♠A", "hand 1: ♠A", "too-many-copies"),
        ("game: gin | hand 0: ♠A ♠2 | hand 1: ♥A", "hand 0: ♠A ♠2", "broken-invariant"),
        ("game: norwegian | players: 3 | meld 0 seat 0: ♠7 ♥8 ♦9", "meld 0 seat 0: ♠7 ♥8 ♦9", "mixed-suits"),
        ("game: norwegian colour=red", "norwegian colour=red", "bad-option"),
        ("game: norwegian jokers=banana", "norwegian jokers=banana", "bad-option"),
        ("game: gin | dealer: 2", "dealer: 2", "bad-seat"),
        ("game: gin | players: 2 | hand 5: ♠A", "hand 5: ♠A", "bad-seat"),
        ("game: gin | players: 9", "players: 9", "bad-players"),
        ("game: gin | flavour: sweet", "flavour: sweet", "malformed-state"),
        ("game: gin | phase: lunch", "phase: lunch", "malformed-state"),
        ("game: gin | stock: 3", "stock: 3", "broken-invariant"),
        ("game: canasta", "canasta", "unknown-ruleset"),
        ("hand 0: ♠A", "hand 0: ♠A", "malformed-state"),
        ("game: gin | hand 0: ♠A ♠Z", "hand 0: ♠A ♠Z", "unknown-card"),
        ("game: gin | result 1: 10", "result 1: 10", "malformed-state"),
    ],
)
def test_impossible_positions_are_refused_quoting_the_text(text, quoted, code):
    with pytest.raises(NotationError) as info:
        from_position(text)
    assert info.value.code == code
    assert quoted in str(info.value)


def test_an_invariant_failure_becomes_a_notation_error():
    good = position(play("norwegian", 1, 5))
    bad = re.sub(r"phase: \w+", "phase: cut", good)
    assert bad != good
    with pytest.raises(NotationError) as info:
        from_position(bad)
    assert info.value.code == "broken-invariant"


def test_ruleset_text_round_trips_for_presets_and_variants():
    for rules in [
        *remi.PRESETS.values(),
        *RULESETS.values(),
        remi.with_variants(remi.NORWEGIAN, "five flat", "twelve cards"),
    ]:
        assert parse_ruleset_text(ruleset_text(rules)) == rules
    assert ruleset_text(remi.SWEDISH) == "swedish"
    renamed = attrs.evolve(remi.GIN, name='Gin #2 | for "two"', knock_limit=7)
    assert parse_ruleset_text(ruleset_text(renamed)) == renamed
    state = remi.new_game(renamed, players=2, seed=3)
    assert from_position(position(state)) == state
    assert from_position(position(state, one_line=True)) == state


def test_parse_action_in_refuses_malformed_ambiguous_and_illegal_text():
    state = play("norwegian", 2, 0)
    with pytest.raises(NotationError, match="'fold'"):
        parse_action_in(state, "fold")
    with pytest.raises(NotationError):
        parse_action_in(state, "")
    with pytest.raises(remi.IllegalActionError, match="'buy'"):
        parse_action_in(state, "buy")
    with pytest.raises(NotationError, match="no table meld"):
        parse_action_in(state, "off ♠9 3")


# -- a meld laid card by card (docs/rules/norwegian.rst, norwegian-build-card-by-card) --


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 6))
def test_a_meld_being_built_round_trips_exactly(seed, skip):
    state = mid_build(seed, skip)
    text = position(state)
    assert f"building: {remi.format_cards(state.building)}" in text.splitlines()
    assert from_position(text) == state
    assert from_position(position(state, one_line=True)) == state
    for action in state.legal_actions():
        assert parse_action_in(state, str(action)) == action


def test_no_building_line_when_no_meld_is_being_built():
    state = mid_build(3)
    before = from_position(position(state).replace(f"building: {remi.format_cards(state.building)}", ""))
    assert not before.building and "building" not in position(before)
    assert from_position(position(before) + "\nbuilding:") == before  # an empty line means none, like pending


def test_building_cards_may_be_written_in_any_order():
    seed = next(s for s in range(100) if len(mid_build(s, 1).building) > 1)
    state = mid_build(seed, 1)
    written = remi.format_cards(state.building)
    shuffled = " ".join(reversed(written.split()))
    assert shuffled != written
    assert from_position(position(state).replace(f"building: {written}", f"building: {shuffled}")) == state


@pytest.mark.parametrize(
    ("change", "code", "quoted", "says"),
    [
        (lambda t, b, h: t.replace(b, "building: ♠Z"), "unknown-card", "building: ♠Z", "not a card"),
        (lambda t, b, h: t.replace(b, f"building: {h}"), "malformed-state", "building:", "does not hold"),
        (lambda t, b, h: t + "\nbuilding: ♠7", "malformed-state", "building: ♠7", "repeats"),
        (
            lambda t, b, h: t.replace("game: norwegian all_down_at_once=true", "game: norwegian"),
            "broken-invariant",
            "building:",
            "go down whole",
        ),
        (lambda t, b, h: t.replace(b, b + " JK"), "dead-end", "building:", "no meld"),
    ],
    ids=["bad card", "not in the hand on turn", "twice", "melds go down whole", "no meld fits"],
)
def test_a_malformed_building_line_is_refused_quoting_it(change, code, quoted, says):
    state = mid_build(1)
    text = position(state)
    line = f"building: {remi.format_cards(state.building)}"
    turn_hand = state.hands[state.turn_player]
    elsewhere = next(
        c
        for seat, hand in enumerate(state.hands)
        if seat != state.turn_player
        for c in hand
        if c not in turn_hand
    )
    if "JK" in line:  # pragma: no cover - the seed chosen builds no joker
        pytest.skip("the meld already holds a joker")
    with pytest.raises(NotationError) as info:
        from_position(change(text, line, elsewhere))
    assert info.value.code == code
    assert quoted in str(info.value) and says in str(info.value)


# -- free text in a position (positions.rst: "what position() writes, from_position reads back") --

#: Text that is hard to keep on one line: every line break str.splitlines() knows, the
#: position's own separators, quotes and backslashes, and any other character.
FREE_TEXT = st.text(
    st.one_of(st.sampled_from(list('\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029|#:="\\ {}[]')), st.characters()),
    max_size=24,
)


def test_every_line_break_is_known() -> None:
    """LINE_BREAKS is exactly the set of characters str.splitlines() breaks at."""
    import sys

    from remi.game.positions import LINE_BREAKS

    breaks = {
        chr(i)
        for i in range(sys.maxunicode + 1)
        if not 0xD800 <= i < 0xE000 and len(f"a{chr(i)}b".splitlines()) > 1
    }
    assert breaks == set(LINE_BREAKS)


@pytest.mark.parametrize(
    "name", ["house\u2028rules", "a\rb", "a\x0bb", "a\x0cb", "\x1c\x1d\x1e", "x\x85", "\u2029"]
)
def test_a_ruleset_name_with_a_line_break_reads_back(name: str) -> None:
    state = remi.new_game(attrs.evolve(remi.GIN, name=name), players=2, seed=1)
    for one_line in (False, True):
        text = position(state, one_line=one_line)
        assert text.splitlines() == text.split("\n")
        assert from_position(text) == state
    assert parse_ruleset_text(ruleset_text(state.ruleset)).name == name


@settings(max_examples=60, deadline=None)
@given(FREE_TEXT, st.sampled_from(sorted(remi.PRESETS)))
def test_any_ruleset_name_round_trips(name: str, preset: str) -> None:
    """Arbitrary text as a ruleset's name: position() → from_position gives the same state, one line per field."""
    rules = attrs.evolve(remi.PRESETS[preset], name=name)
    state = remi.new_game(rules, players=rules.min_players, seed=3)
    assert parse_ruleset_text(ruleset_text(rules)) == rules
    for one_line in (False, True):
        text = position(state, one_line=one_line)
        assert text.splitlines() == text.split("\n")
        assert len(text.splitlines()) == (
            1
            if one_line
            else len(
                position(remi.new_game(remi.PRESETS[preset], players=rules.min_players, seed=3)).splitlines()
            )
        )
        assert from_position(text) == state


# -- every field of GameState has its line (docs/positions.rst, "The format") ----------------------
#
# The lines a position reads and writes come from attrs.fields(GameState): each field is a line
# under its name with spaces (the ruleset's is ``game``), except the per-seat hands and known
# cards, the results and the table melds, which have numbered lines of their own.

NUMBERED_OR_MELD = {"hands", "known", "results", "table", "owners"}
LINE_FIELDS = [
    f.name for f in attrs.fields(GameState) if "kind" in f.metadata and f.name not in NUMBERED_OR_MELD
]


def line_key(name: str) -> str:
    return "game" if name == "ruleset" else name.replace("_", " ")


@pytest.mark.parametrize("name", LINE_FIELDS)
def test_every_state_field_is_a_known_line(name):
    # A value of the wrong shape is refused for its value, never as an unknown field.
    text = f"game: gin | {line_key(name)}: @" if name != "ruleset" else "game: @"
    with pytest.raises(NotationError) as caught:
        from_position(text)
    assert "unknown field" not in caught.value.reason


@pytest.mark.parametrize("key", ["owners", "table", "hands", "results", "hand", "ruleset", "meld"])
def test_fields_with_lines_of_their_own_are_no_plain_line(key):
    with pytest.raises(NotationError, match="unknown field"):
        from_position(f"game: gin | {key}: 1")


@pytest.mark.parametrize(
    ("line", "field", "value"),
    [
        ("down: 1 -1", "down", (1, -1)),
        ("reshuffles: 2", "reshuffles", 2),
        ("melds this turn: 1", "melds_this_turn", 1),
        ("idle turns: 1", "idle_turns", 1),
        ("last buyer: -1", "last_buyer", -1),
        ("reshuffles: 0", "reshuffles", 0),
    ],
)
def test_a_line_read_by_its_kind_reads_and_writes_back(line, field, value):
    base = position(play("swedish", 2, 9))
    assert line.split(":")[0] not in base
    state = from_position(base + "\n" + line)
    assert getattr(state, field) == value
    assert from_position(position(state)) == state
    default = {"down": (-1, -1), "last_buyer": -1}.get(field, 0)
    assert (line in position(state).split("\n")) == (value != default)


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("buys: 0 1", "cards were bought in a game without buying"),
        ("buys: 0 1 0", "must give 2 numbers, one per seat"),
        ("down: x -1", "'x' is not a whole number"),
        ("queue: 1 0 1", "a queue of seats is open outside a buying or Shanghai window"),
        ("taken: ♠A ♠2", "must name one card"),
    ],
)
def test_a_line_read_by_its_kind_is_refused_for_its_value(line, reason):
    with pytest.raises(NotationError, match=re.escape(reason)):
        from_position(position(play("swedish", 2, 9)) + "\n" + line)
