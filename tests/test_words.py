"""Play in words: GameState.describe for every action kind of every game, and the score sheet.

The sentences come from message templates (remi.messages), so every language
renders them; these tests walk played games of every preset (and the Norwegian
variants that bring the cut, buying and Shanghai calls) and describe each legal
action, plus one action of every kind whether legal or not.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest

import remi
from remi.game.words import describe_action, meld_words, score_sheet

LANGS = remi.LANGUAGES if hasattr(remi, "LANGUAGES") else ("en", "nb", "sv", "fi", "sl")

#: Every preset, and Norwegian with the variants whose actions the presets lack.
GAMES = {
    **dict(remi.PRESETS),
    "norwegian+cut+shanghai": remi.with_variants(remi.NORWEGIAN, "liverpool cut", "shanghai"),
    "norwegian+all down": remi.with_variants(remi.NORWEGIAN, "all down at once"),
    "norwegian+spade twos": remi.with_variants(remi.NORWEGIAN, "spade twos wild"),
}

#: The first word of each action class's notation.
KINDS = {
    remi.Cut: "cut",
    remi.DrawStock: "draw",
    remi.TakeDiscard: "take",
    remi.Buy: "buy",
    remi.Pass: "pass",
    remi.LayDown: "lay",
    remi.Build: "build",
    remi.LayOff: "off",
    remi.SwapJoker: "swap",
    remi.Discard: "discard",
    remi.Knock: "knock",
    remi.CallShanghai: "shanghai",
}

_PREFERRED = (remi.LayDown, remi.Build, remi.LayOff, remi.SwapJoker, remi.Knock, remi.CallShanghai, remi.Buy)


def _short(ruleset: remi.Ruleset) -> remi.Ruleset:
    """A short match of *ruleset*: two rounds at most, each capped in turns."""
    return attrs.evolve(ruleset, rounds=2, max_turns_per_round=80)


def _choose(rng: random.Random, actions: list[remi.Action]) -> remi.Action:
    eager = [a for a in actions if isinstance(a, _PREFERRED)]
    if eager and rng.random() < 0.8:
        return rng.choice(eager)
    return rng.choice(actions)


def playout(ruleset: remi.Ruleset, seed: int, players: int | None = None) -> Iterator[remi.GameState]:
    """Every state of a seeded random match of *ruleset*, the last one over."""
    rng = random.Random(seed)
    state = remi.new_game(_short(ruleset), players=players or ruleset.min_players + 1, seed=seed)
    yield state
    while not state.is_over:
        state = state.apply(_choose(rng, state.legal_actions()))
        yield state


def _sentence_ok(text: str) -> None:
    assert isinstance(text, str) and text
    assert text[0].isupper() and text.endswith(".")
    assert "{" not in text and "}" not in text


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_legal_action_of_a_match_is_described_in_every_language(name: str) -> None:
    seen: set[str] = set()
    for state in playout(GAMES[name], seed=3):
        if state.is_over:
            break
        for action in state.legal_actions():
            seen.add(KINDS[type(action)])
            english = state.describe(action)
            _sentence_ok(english)
            assert english.startswith(f"Seat {state.to_act} ")
            assert state.describe(str(action)) == english
            for lang in LANGS:
                _sentence_ok(state.describe(action, lang))
            if isinstance(action, remi.LayOff | remi.SwapJoker):
                assert str(state.table[action.target]) in english
    assert {"draw", "discard"} <= seen or "knock" in seen


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("kind", sorted(KINDS, key=lambda k: KINDS[k]))
def test_every_action_kind_is_described_legal_or_not(name: str, kind: type) -> None:
    state = next(s for s in playout(GAMES[name], seed=5) if s.table or s.is_over)
    if state.is_over:
        state = remi.new_game(GAMES[name], seed=5)
    card = state.hands[state.to_act][0]
    action = {
        remi.Build: lambda: remi.Build(card),
        remi.LayOff: lambda: remi.LayOff(card, 0),
        remi.SwapJoker: lambda: remi.SwapJoker(card, 0),
        remi.Discard: lambda: remi.Discard(card),
        remi.Knock: lambda: remi.Knock(card),
        remi.CallShanghai: lambda: remi.CallShanghai(0),
        remi.LayDown: lambda: remi.LayDown.of(state.table[0] if state.table else "♠5 ♠6 ♠7 ♠8"),
    }.get(kind, kind)()
    for lang in LANGS:
        _sentence_ok(state.describe(action, lang))
    if isinstance(action, remi.LayOff | remi.SwapJoker) and state.table:
        meld = state.table[0]
        assert str(meld) in state.describe(action)
        assert f"(seat {state.owners[0]}'s {meld.kind})" in state.describe(action)


def test_lay_off_names_the_meld_by_its_cards_and_owner() -> None:
    state = remi.GameState.from_position(
        "game: swedish | players: 3 | phase: play | turn player: 1 | "
        "meld 0 seat 2: ♣6 ♣7 ♣8 | hand 0: ♥5 ♥6 | hand 1: ♣9 ♠K | hand 2: ♠3 ♠4 | discard: ♦4"
    )
    assert state.describe("off ♣9 0") == "Seat 1 lays off ♣9 on ♣6 ♣7 ♣8 (seat 2's run)."
    assert state.describe("off 9c on 6c 7c") == "Seat 1 lays off ♣9 on ♣6 ♣7 ♣8 (seat 2's run)."
    assert state.describe("off ♣9 0 low") == "Seat 1 lays off ♣9 at the low end of ♣6 ♣7 ♣8 (seat 2's run)."
    assert (
        state.describe(remi.LayOff("♣9", 3))
        == "Seat 1 lays off ♣9 on table meld 3, which is not on the table."
    )
    with pytest.raises(remi.NotationError):  # as text, the index is read against the table
        state.describe("off ♣9 3")
    assert state.describe("discard ♠K") == "Seat 1 discards ♠K."
    assert state.describe(remi.Discard("♠Q")) == "Seat 1 discards ♠Q."


def test_discarding_the_last_card_goes_out() -> None:
    state = remi.GameState.from_position(
        "game: swedish | players: 2 | phase: play | turn player: 0 | hand 0: ♠K | hand 1: ♠3 ♠4 | discard: ♦4"
    )
    assert state.describe("discard ♠K") == "Seat 0 discards ♠K and goes out."


def test_a_swap_names_the_wild_card_and_the_meld() -> None:
    state = remi.GameState.from_position(
        "game: norwegian | players: 3 | round: 2 | phase: play | turn player: 0 | turn: 9 | "
        "meld 0 seat 1: ♠2 JK ♠4 ♠5 | hand 0: ♠3 ♥K ♥Q | hand 1: ♦5 ♦6 | hand 2: ♣3 ♣4 | discard: ♦4"
    )
    text = state.describe("swap ♠3 0")
    assert (
        text == "Seat 0 puts ♠3 in place of the joker in ♠2 JK=♠3 ♠4 ♠5 (seat 1's run) and takes the joker."
    )


@pytest.mark.parametrize("text", ["dance", "discard", "off ♣9", "lay"])
def test_text_that_is_no_action_raises_the_notation_error_of_parse_action(text: str) -> None:
    state = remi.new_game(remi.SWEDISH, players=3, seed=1)
    with pytest.raises(remi.NotationError) as got:
        state.describe(text)
    with pytest.raises(remi.NotationError) as parsed:
        state.parse_action(text)
    assert got.value == parsed.value


def test_an_unknown_language_is_refused() -> None:
    state = remi.new_game(remi.GIN, players=2, seed=1)
    for call in (lambda: state.describe("draw", "de"), lambda: state.score_sheet("xx")):
        with pytest.raises(remi.NotationError) as err:
            call()
        assert err.value.code == "unknown-language"


def test_meld_words_is_a_message() -> None:
    state = remi.GameState.from_position(
        "game: swedish | players: 2 | meld 0 seat 1: ♥7 ♠7 ♦7 | hand 0: ♣9 ♠K | hand 1: ♥2 ♥5"
    )
    words = meld_words(state, 0)
    assert isinstance(words, remi.Message) if hasattr(remi, "Message") else True
    assert words == "♥7 ♠7 ♦7 (seat 1's set)"


# -- score sheets ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_score_sheet_of_a_finished_match(name: str) -> None:
    states = list(playout(GAMES[name], seed=11))
    end = states[-1]
    assert end.is_over
    sheet = end.score_sheet()
    lines = sheet.splitlines()
    assert lines[0].startswith("Round | Seat 0 | Seat 1")
    assert len(lines) == 2 + len(end.results) + 2
    for line, result in zip(lines[2:], end.results):
        cells = [c.strip() for c in line.split("|")]
        assert cells[0] == str(result.round)
        assert cells[1 : 1 + end.players] == [str(p) for p in result.points]
        assert cells[-1].startswith("nobody" if result.went_out is None else f"seat {result.went_out}")
    total = [c.strip() for c in lines[-2].split("|")]
    assert total[1 : 1 + end.players] == [str(t) for t in end.totals]
    winners = end.winners
    if len(winners) == 1:
        assert lines[-1] == f"Seat {winners[0]} wins with {end.totals[winners[0]]} points."
    else:
        assert "share the win" in lines[-1]
    for lang in LANGS:
        assert len(end.score_sheet(lang).splitlines()) == len(lines)
    # Mid-match, the sheet says the match goes on.
    middle = next((s for s in states if s.results and not s.is_over), None)
    if middle is not None:
        assert middle.score_sheet().splitlines()[-1].endswith("played; the match goes on.")
    assert score_sheet(end) == sheet


def test_a_shared_win_and_the_cut_bonus() -> None:
    state = remi.new_game(remi.GIN, players=2, seed=1)
    over = attrs.evolve(
        state,
        phase="over",
        results=(remi.game.RoundResult(1, 0, (10, 10), cut_bonus=1),),
        totals=(10, 10),
    )
    sheet = over.score_sheet()
    assert "seat 0; cut bonus: seat 1" in sheet
    assert sheet.splitlines()[-1] == "Seat 0 and seat 1 share the win with 10 points."


def test_describe_accepts_values_and_text_alike() -> None:
    state = remi.new_game(remi.NORWEGIAN, players=4, seed=1)
    assert (
        describe_action(state, remi.DrawStock()) == state.describe("draw") == "Seat 1 draws from the stock."
    )


def test_the_matches_walked_offer_every_kind_of_action() -> None:
    seen = {
        KINDS[type(action)]
        for ruleset in GAMES.values()
        for state in playout(ruleset, seed=3)
        if not state.is_over
        for action in state.legal_actions()
    }
    assert seen == set(KINDS.values())


def test_a_swap_of_a_wild_two_names_the_two() -> None:
    state = remi.GameState.from_position(
        "game: norwegian jokers=0 wild_spade_twos=true | players: 3 | round: 2 | phase: play | "
        "turn player: 0 | turn: 9 | meld 0 seat 1: ♥2 ♠2 ♥4 ♥5 | hand 0: ♥3 ♥K ♥Q | hand 1: ♦5 ♦6 | "
        "hand 2: ♣3 ♣4 | discard: ♦4"
    )
    assert state.describe(remi.SwapJoker("♥3", 0)) == (
        "Seat 0 puts ♥3 in place of the wild ♠2 in ♥2 ♠2=♥3 ♥4 ♥5 (seat 1's run) and takes the ♠2."
    )


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_description_is_a_message(name: str) -> None:
    from remi.game.words import _describe
    from remi.messages import Message

    for state in playout(GAMES[name], seed=7):
        if state.is_over:
            break
        for action in state.legal_actions():
            assert isinstance(_describe(state, action), Message)
