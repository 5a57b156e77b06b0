"""Counts in reasons are plural messages (issue 17, translators' findings): English unchanged, Slovenian forms.

Each reviewed template whose count (or points number) was a bare ``str.format`` field is now an
``nmsg`` on that count, so a language writes the unit in the right form: Slovenian has four (1, 2,
3-4, 5+). The English text is what it was before, byte for byte.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

import remi
from remi import contracts, melds, rulesets, scoring
from remi.cards import parse_cards
from remi.game import state
from remi.messages import Message, _catalogue, and_list, nmsg

GIN = rulesets.GIN
KNOCKER = "♠A ♠2 ♠3 ♥4 ♥5 ♥6 ♦7 ♦8 ♦9 ♣2"
DEFENDER = "♠K ♥K ♦Q ♣J ♠10 ♥9 ♦5 ♣8 ♠7 ♥3"
KNOCKER_3 = "♠A ♠2 ♠3 ♥4 ♥5 ♥6 ♣2"


def _reason(make: Callable[[], Any]) -> Message:
    """The reason of the error *make* raises, or the detail / reason of what it returns."""
    try:
        made = make()
    except remi.RemiError as err:
        reason = err.reason
    else:
        reason = getattr(made, "detail", None) or getattr(made, "reason", made)
    assert isinstance(reason, Message)
    return reason


def _ruleset_reason(base: rulesets.Ruleset, **changes: Any) -> Message:
    with pytest.raises(remi.RulesetError) as caught:
        attrs.evolve(base, **changes)
    assert isinstance(caught.value.reason, Message)
    return caught.value.reason


def _missing_from_hand() -> Message:
    meld = melds.check_meld("♥7 ♦7 ♣7", rulesets.NORWEGIAN).meld
    assert meld is not None
    reason = next(contracts._hand_problems((meld,), parse_cards("♠3 ♠4"), 1, False)).reason
    assert isinstance(reason, Message)
    return reason


class _Table:
    """Just what ``_size_problems`` reads of a state."""

    def __init__(self, players: int) -> None:
        self.ruleset = GIN
        self.players = players


def _ratio(naturals: int, wilds: int, spade_twos: bool) -> Message:
    rules = attrs.evolve(rulesets.SLOVENIAN, jokers_at_most_naturals=True)
    if spade_twos:
        rules = attrs.evolve(rules, wild_spade_twos=True, jokers=0, large_table_jokers=None)
    check = melds._ratio_check(naturals, wilds, rules, "set")
    assert check is not None and isinstance(check.reason, Message)
    return check.reason


CASES: list[tuple[str, Callable[[], Message], str, int]] = [
    (
        "jokers",
        lambda: _ratio(1, 2, False),
        "A meld needs at least as many natural cards as jokers; this one has 1 natural card and 2 jokers.",
        1,
    ),
    (
        "jokers-3",
        lambda: _ratio(3, 5, False),
        "A meld needs at least as many natural cards as jokers; this one has 3 natural cards and 5 jokers.",
        3,
    ),
    (
        "spade-twos",
        lambda: _ratio(2, 3, True),
        "A meld needs at least as many natural cards as wild ♠2s; this one has 2 natural cards and 3 wild ♠2s.",
        2,
    ),
    (
        "hand",
        _missing_from_hand,
        "The hand does not hold ♥7 ♦7 ♣7.",
        3,
    ),
    (
        "seats",
        lambda: _reason(lambda: scoring.settle_gin(["♠A ♠2 ♠3"], 0, GIN)),
        "A deal needs at least two seats, not 1.",
        1,
    ),
    (
        "knock",
        lambda: _reason(lambda: scoring.settle_gin([KNOCKER, DEFENDER], 0, GIN)),
        "Seat 0 knocks with 2; each defender loses the difference to their deadwood.",
        2,
    ),
    (
        "tie",
        lambda: _reason(lambda: scoring.settle_gin([KNOCKER, "♠4 ♠5 ♠6 ♥7 ♥8 ♥9 ♦10 ♦J ♦Q ♥2"], 0, GIN)),
        "Seat 1 ties seat 0's knock at 2: nobody wins the deal, and a tie scores nothing.",
        2,
    ),
    (
        "tie-2-seats",
        lambda: _reason(
            lambda: scoring.settle_gin([KNOCKER_3, "♠4 ♠5 ♠6 ♥7 ♥8 ♥9 ♦2", "♣4 ♣5 ♣6 ♦7 ♦8 ♦9 ♥2"], 0, GIN)
        ),
        "Seats 1 and 2 tie seat 0's knock at 2: nobody wins the deal, and a tie scores nothing.",
        2,
    ),
    (
        "tie-others",
        lambda: _reason(
            lambda: scoring.settle_gin([KNOCKER_3, "♠4 ♠5 ♠6 ♥7 ♥8 ♥9 ♦2", "♣4 ♣5 ♣6 ♦7 ♦8 ♦9 ♥K"], 0, GIN)
        ),
        "Seat 1 ties seat 0's knock at 2: nobody wins the deal, and a tie scores nothing; "
        "each other defender loses the difference to their deadwood.",
        2,
    ),
    (
        "knock-too-high",
        lambda: _reason(lambda: scoring.settle_gin(["♠A ♠2 ♠3 ♥4 ♥5 ♥6 ♦7 ♦8 ♣K ♣Q", DEFENDER], 0, GIN)),
        "Seat 0 cannot knock with 35 in deadwood; the limit is 10.",
        35,
    ),
    (
        "layoff",
        lambda: _reason(lambda: scoring.settle_gin([KNOCKER, DEFENDER], 0, GIN, layoffs={1: "♣A ♣3"})),
        "Seat 1 does not hold ♣A ♣3 to lay off.",
        2,
    ),
    (
        "knocker",
        lambda: _reason(lambda: scoring.settle_gin([KNOCKER, DEFENDER], 0, GIN, melds=["♣J ♣Q ♣K"])),
        "The knocker does not hold ♣J ♣Q ♣K.",
        3,
    ),
    (
        "contract",
        lambda: _ruleset_reason(rulesets.NORWEGIAN, hand_size_by_round=(4,)),
        "Round 1's contract (2 sets) needs 6 cards but a hand holds at most 5.",
        6,
    ),
    (
        "hand-size",
        lambda: _ruleset_reason(GIN, hand_size_by_players=((3, 7),)),
        "No hand size is given for 2 players.",
        2,
    ),
    (
        "table",
        lambda: _ruleset_reason(GIN, max_players=8, hand_size_by_players=((2, 10), (3, 7), (8, 10))),
        "A table of 8 needs 82 cards to deal, but the pack holds 52.",
        82,
    ),
    (
        "stock",
        lambda: _ruleset_reason(GIN, gin_stock_reserve=30),
        "gin_stock_reserve (30) leaves no card to draw: at a table of 3 the stock holds 30 after the deal, "
        "so every deal would be void at once.",
        30,
    ),
    ("players", lambda: state._size_problems(_Table(5))[0], "5 players is outside 2-4", 5),  # type: ignore[arg-type]
]


def _sheet_rules() -> list[tuple[str, Callable[[], Message], str, int]]:
    from remi import house_rules

    gin = attrs.evolve(GIN, loser_surcharge=25)
    two_decks = attrs.evolve(rulesets.NORWEGIAN, min_players=4, max_players=4)
    return [
        ("sheet-players", lambda: house_rules._players(two_decks), "For 4 players.", 4),
        (
            "sheet-surcharge",
            lambda: house_rules._surcharge(gin),
            "Each loser pays 25 points on top of their cards.",
            25,
        ),
        (
            "sheet-knock",
            lambda: house_rules._knock(GIN),
            "A player may knock with at most 10 points of deadwood.",
            10,
        ),
        (
            "sheet-match",
            lambda: house_rules._match(attrs.evolve(GIN, rounds=3, target_score=100)),
            "The match is 3 rounds, or ends sooner when someone reaches 100 points.",
            3,
        ),
    ]


CASES += _sheet_rules()


def _drawn() -> Any:
    """A Swedish deal after seat 1 drew: its hand is ♥2 ♥5 ♥6 ♦Q, the table empty."""
    return remi.GameState.from_position(
        "game: swedish | players: 2 | hand 0: ♠K ♠Q ♠J ♥4 | hand 1: ♥2 ♥5 ♥6"
    ).apply("draw")


def _engine_and_position() -> list[tuple[str, Callable[[], Message], str, int]]:
    from remi.actions import Discard, LayOff
    from remi.cards import Card

    return [
        (
            "no-such-meld",
            lambda: _reason(lambda: _drawn().why_illegal(LayOff(card=Card("♥2"), target=3))),
            "There is no table meld 3; the table has 0.",
            0,
        ),
        (
            "not-held",
            lambda: _reason(lambda: _drawn().why_illegal(Discard(card=Card("♦9")))),
            "Seat 1 does not hold ♦9.",
            1,
        ),
        (
            "per-seat-numbers",
            lambda: _reason(lambda: remi.GameState.from_position("game: swedish | players: 2 | buys: 0 1 0")),
            "Line 'buys: 0 1 0' must give 2 numbers, one per seat.",
            2,
        ),
    ]


CASES += _engine_and_position()


@pytest.mark.parametrize(
    ("make", "english", "n"), [case[1:] for case in CASES], ids=[case[0] for case in CASES]
)
def test_english_is_unchanged_and_the_count_is_n(make: Callable[[], Message], english: str, n: int) -> None:
    reason = make()
    assert isinstance(reason, Message)
    assert reason == english
    assert reason.plural is not None
    assert reason.params["n"] == n


def _tie(*seats: int) -> Message:
    tied: object = seats[0] if len(seats) == 1 else and_list(list(seats))
    return nmsg("Seat {tied} ties", "Seats {tied} tie", len(seats), tied=tied)


SL_POINTS = ("točka", "točki", "točke", "točk")
SL_CARDS = ("karto", "karti", "karte", "kart")
SL_POINTS_ACC = ("točko", "točki", "točke", "točk")
SL_NATURALS = ("pravo karto", "pravi karti", "prave karte", "pravih kart")

#: (singular, plural, the other params, the Slovenian text for n = 1, 2, 3, 5)
SLOVENIAN: list[tuple[str, str, dict[str, object], tuple[str, ...]]] = [
    (
        "A meld needs at least as many natural cards as jokers; this one has {n} natural card {wilds}.",
        "A meld needs at least as many natural cards as jokers; this one has {n} natural cards {wilds}.",
        {"wilds": nmsg("and {n} joker", "and {n} jokers", 6)},
        tuple(
            f"Kombinacija potrebuje vsaj toliko pravih kart kot jokerjev; ta ima {n} {w} in 6 jokerjev."
            for n, w in zip((1, 2, 3, 5), SL_NATURALS)
        ),
    ),
    (
        "A meld needs at least as many natural cards as wild ♠2s; this one has {n} natural card {wilds}.",
        "A meld needs at least as many natural cards as wild ♠2s; this one has {n} natural cards {wilds}.",
        {"wilds": nmsg("and {n} wild ♠2", "and {n} wild ♠2s", 6)},
        tuple(
            f"Kombinacija mora imeti vsaj toliko pravih kart, kolikor ima ♠2 kot jokerjev; ta ima {n} {w} in 6 ♠2 kot jokerjev."
            for n, w in zip((1, 2, 3, 5), SL_NATURALS)
        ),
    ),
    (
        "and {n} joker",
        "and {n} jokers",
        {},
        ("in 1 jokerja", "in 2 jokerja", "in 3 jokerje", "in 5 jokerjev"),
    ),
    (
        "and {n} wild ♠2",
        "and {n} wild ♠2s",
        {},
        ("in 1 ♠2 kot jokerja", "in 2 ♠2 kot jokerja", "in 3 ♠2 kot jokerje", "in 5 ♠2 kot jokerjev"),
    ),
    (
        "The hand does not hold {cards}.",
        "The hand does not hold {cards}.",
        {"cards": "♠7"},
        ("V roki ni karte ♠7.", "V roki ni kart ♠7.", "V roki ni kart ♠7.", "V roki ni kart ♠7."),
    ),
    (
        "The knocker does not hold {cards}.",
        "The knocker does not hold {cards}.",
        {"cards": "♠7"},
        (
            "Igralec, ki je potrkal, nima v roki karte ♠7.",
            "Igralec, ki je potrkal, nima v roki kart ♠7.",
            "Igralec, ki je potrkal, nima v roki kart ♠7.",
            "Igralec, ki je potrkal, nima v roki kart ♠7.",
        ),
    ),
    (
        "Seat {seat} does not hold {cards} to lay off.",
        "Seat {seat} does not hold {cards} to lay off.",
        {"seat": 1, "cards": "♠7"},
        (
            "Igralec 1 nima v roki karte ♠7, da bi jo dodal.",
            "Igralec 1 nima v roki kart ♠7, da bi ju dodal.",
            "Igralec 1 nima v roki kart ♠7, da bi jih dodal.",
            "Igralec 1 nima v roki kart ♠7, da bi jih dodal.",
        ),
    ),
    (
        "Seat {seat} cannot knock with {n} in deadwood; the limit is {limit}.",
        "Seat {seat} cannot knock with {n} in deadwood; the limit is {limit}.",
        {"seat": 0, "limit": 10},
        tuple(
            f"Igralec 0 ne more potrkati: vrednost njegovih odpadnih kart je {n} {w}, meja je 10."
            for n, w in zip((1, 2, 3, 5), SL_POINTS)
        ),
    ),
    (
        "Seat {seat} knocks with {n}; each defender loses the difference to their deadwood.",
        "Seat {seat} knocks with {n}; each defender loses the difference to their deadwood.",
        {"seat": 0},
        tuple(
            f"Igralec 0 potrka z odpadnimi kartami za {n} {w}; vsak branilec izgubi razliko do svojih odpadnih kart."
            for n, w in zip((1, 2, 3, 5), ("točko", "točki", "točke", "točk"))
        ),
    ),
    (
        "Seat {tied} ties",
        "Seats {tied} tie",
        {"tied": "1"},
        ("Igralec 1 ima", "Igralca 1 imata", "Igralci 1 imajo", "Igralci 1 imajo"),
    ),
    (
        "{tie} seat {seat}'s knock at {n}: nobody wins the deal, and a tie scores nothing.",
        "{tie} seat {seat}'s knock at {n}: nobody wins the deal, and a tie scores nothing.",
        {"tie": _tie(1, 2), "seat": 0},
        tuple(
            f"Igralca 1 in 2 imata prav toliko odpadnih kart kot igralec 0, ki je potrkal pri {n} {w}: "
            "deljenja ne dobi nihče, izenačenje ne prinese točk."
            for n, w in zip((1, 2, 3, 5), ("točki", "točkah", "točkah", "točkah"))
        ),
    ),
    (
        "{tie} seat {seat}'s knock at {n}: nobody wins the deal, and a tie scores nothing; "
        "each other defender loses the difference to their deadwood.",
        "{tie} seat {seat}'s knock at {n}: nobody wins the deal, and a tie scores nothing; "
        "each other defender loses the difference to their deadwood.",
        {"tie": _tie(1), "seat": 0},
        tuple(
            f"Igralec 1 ima prav toliko odpadnih kart kot igralec 0, ki je potrkal pri {n} {w}: "
            "deljenja ne dobi nihče, izenačenje ne prinese točk; vsak drug branilec izgubi razliko do svojih odpadnih kart."
            for n, w in zip((1, 2, 3, 5), ("točki", "točkah", "točkah", "točkah"))
        ),
    ),
    (
        "A deal needs at least two seats, not {n}.",
        "A deal needs at least two seats, not {n}.",
        {},
        tuple(
            f"Za deljenje sta potrebna vsaj dva igralca, ne {n} {w}."
            for n, w in zip((1, 2, 3, 5), ("igralec", "igralca", "igralci", "igralcev"))
        ),
    ),
    (
        "Round {round}'s contract ({contract}) needs {n} cards but a hand holds at most {most}.",
        "Round {round}'s contract ({contract}) needs {n} cards but a hand holds at most {most}.",
        {"round": 1, "contract": rulesets.Contract(sets=2, runs=0).phrase(), "most": 5},
        tuple(
            f"Kontrakt kroga 1 (2 trisa) potrebuje {n} {w}, roka pa jih ima največ 5."
            for n, w in zip((1, 2, 3, 5), SL_CARDS)
        ),
    ),
    (
        "No hand size is given for {n} players.",
        "No hand size is given for {n} players.",
        {},
        tuple(
            f"Za {n} {w} ni dano število kart v roki."
            for n, w in zip((1, 2, 3, 5), ("igralca", "igralca", "igralce", "igralcev"))
        ),
    ),
    (
        "A table of {players} needs {n} cards to deal, but the pack holds {size}.",
        "A table of {players} needs {n} cards to deal, but the pack holds {size}.",
        {"players": 8, "size": 52},
        (
            "Za deljenje pri mizi z igralci (8) je potrebna 1 karta, v igri pa jih je 52.",
            "Za deljenje pri mizi z igralci (8) sta potrebni 2 karti, v igri pa jih je 52.",
            "Za deljenje pri mizi z igralci (8) so potrebne 3 karte, v igri pa jih je 52.",
            "Za deljenje pri mizi z igralci (8) je potrebnih 5 kart, v igri pa jih je 52.",
        ),
    ),
    (
        "gin_stock_reserve ({reserve}) leaves no card to draw: at a table of {players} the stock "
        "holds {n} after the deal, so every deal would be void at once.",
        "gin_stock_reserve ({reserve}) leaves no card to draw: at a table of {players} the stock "
        "holds {n} after the deal, so every deal would be void at once.",
        {"reserve": 30, "players": 3},
        tuple(
            f"gin_stock_reserve (30) ne pusti nobene karte za jemanje s kupa: pri mizi z igralci (3) {v} na kupu "
            f"po deljenju {n} {w}, zato bi bilo vsako deljenje takoj neveljavno."
            for n, v, w in zip((1, 2, 3, 5), ("je", "sta", "so", "je"), ("karta", "karti", "karte", "kart"))
        ),
    ),
    (
        "{n} players is outside {least}-{most}",
        "{n} players is outside {least}-{most}",
        {"least": 2, "most": 4},
        tuple(f"število igralcev {n} je zunaj razpona 2-4" for n in (1, 2, 3, 5)),
    ),
]


#: plurals2 (engine, positions, policies): each row's params, the Slovenian forms from the catalogue's templates
SLOVENIAN += [
    (
        "There is no table meld {target}; the table has {n}.",
        "There is no table meld {target}; the table has {n}.",
        {"target": 7},
        (
            "Kombinacije 7 na mizi ni; na mizi je 1 kombinacija.",
            "Kombinacije 7 na mizi ni; na mizi sta 2 kombinaciji.",
            "Kombinacije 7 na mizi ni; na mizi so 3 kombinacije.",
            "Kombinacije 7 na mizi ni; na mizi je 5 kombinacij.",
        ),
    ),
    (
        "{text!r}: there is no table meld {index}; the table has {n}.",
        "{text!r}: there is no table meld {index}; the table has {n}.",
        {"index": 3, "text": "x"},
        (
            "'x': kombinacije 3 na mizi ni; na mizi je 1 kombinacija.",
            "'x': kombinacije 3 na mizi ni; na mizi sta 2 kombinaciji.",
            "'x': kombinacije 3 na mizi ni; na mizi so 3 kombinacije.",
            "'x': kombinacije 3 na mizi ni; na mizi je 5 kombinacij.",
        ),
    ),
    (
        "Seat {seat} does not hold {cards}.",
        "Seat {seat} does not hold {cards}.",
        {"cards": "♠7", "seat": 1},
        (
            "Igralec 1 nima v roki karte ♠7.",
            "Igralec 1 nima v roki kart ♠7.",
            "Igralec 1 nima v roki kart ♠7.",
            "Igralec 1 nima v roki kart ♠7.",
        ),
    ),
    (
        "You cannot knock with {n} points of deadwood; the limit is {limit}.",
        "You cannot knock with {n} points of deadwood; the limit is {limit}.",
        {"limit": 10},
        (
            "Ne moreš potrkati: vrednost tvojih odpadnih kart je 1 točka, meja je 10.",
            "Ne moreš potrkati: vrednost tvojih odpadnih kart je 2 točki, meja je 10.",
            "Ne moreš potrkati: vrednost tvojih odpadnih kart je 3 točke, meja je 10.",
            "Ne moreš potrkati: vrednost tvojih odpadnih kart je 5 točk, meja je 10.",
        ),
    ),
    (
        "Line {line} must give {n} numbers, one per seat.",
        "Line {line} must give {n} numbers, one per seat.",
        {"line": '"L"'},
        (
            'Vrstica "L" mora navesti 1 število, eno na igralca.',
            'Vrstica "L" mora navesti 2 števili, eno na igralca.',
            'Vrstica "L" mora navesti 3 števila, eno na igralca.',
            'Vrstica "L" mora navesti 5 števil, eno na igralca.',
        ),
    ),
    (
        "Line {line} must give {n} scores, one per seat.",
        "Line {line} must give {n} scores, one per seat.",
        {"line": '"L"'},
        (
            'Vrstica "L" mora navesti 1 rezultat, enega na igralca.',
            'Vrstica "L" mora navesti 2 rezultata, enega na igralca.',
            'Vrstica "L" mora navesti 3 rezultate, enega na igralca.',
            'Vrstica "L" mora navesti 5 rezultatov, enega na igralca.',
        ),
    ),
    (
        "Line {line}: the cards of a meld being built stay in the hand of the seat on turn (seat {seat}), which does not hold {cards}.",
        "Line {line}: the cards of a meld being built stay in the hand of the seat on turn (seat {seat}), which does not hold {cards}.",
        {"cards": "♠7", "line": '"L"', "seat": 1},
        (
            'Vrstica "L": karte kombinacije, ki se sestavlja, ostanejo v roki igralca na potezi (igralec 1), ki nima karte ♠7.',
            'Vrstica "L": karte kombinacije, ki se sestavlja, ostanejo v roki igralca na potezi (igralec 1), ki nima kart ♠7.',
            'Vrstica "L": karte kombinacije, ki se sestavlja, ostanejo v roki igralca na potezi (igralec 1), ki nima kart ♠7.',
            'Vrstica "L": karte kombinacije, ki se sestavlja, ostanejo v roki igralca na potezi (igralec 1), ki nima kart ♠7.',
        ),
    ),
    (
        "Round {round} asks for {contract}; it needs no further set ({n} laid).",
        "Round {round} asks for {contract}; it needs no further set ({n} laid).",
        {"contract": "C", "round": 2},
        (
            "Kontrakt kroga 2 je C; nobenega trisa več ne potrebuje (1 položen).",
            "Kontrakt kroga 2 je C; nobenega trisa več ne potrebuje (2 položena).",
            "Kontrakt kroga 2 je C; nobenega trisa več ne potrebuje (3 položeni).",
            "Kontrakt kroga 2 je C; nobenega trisa več ne potrebuje (5 položenih).",
        ),
    ),
    (
        "Round {round} asks for {contract}; it needs no further run ({n} laid).",
        "Round {round} asks for {contract}; it needs no further run ({n} laid).",
        {"contract": "C", "round": 2},
        (
            "Kontrakt kroga 2 je C; nobene lestvice več ne potrebuje (1 položena).",
            "Kontrakt kroga 2 je C; nobene lestvice več ne potrebuje (2 položeni).",
            "Kontrakt kroga 2 je C; nobene lestvice več ne potrebuje (3 položene).",
            "Kontrakt kroga 2 je C; nobene lestvice več ne potrebuje (5 položenih).",
        ),
    ),
    (
        "round {round} goes down only by going out, and no {contract} take all {n} cards in hand",
        "round {round} goes down only by going out, and no {contract} take all {n} cards in hand",
        {"contract": "C", "round": 2},
        (
            "kontrakt kroga 2 se položi le tako, da končaš, a C ne more zajeti 1 karte v roki",
            "kontrakt kroga 2 se položi le tako, da končaš, a C ne more zajeti obeh kart v roki (2)",
            "kontrakt kroga 2 se položi le tako, da končaš, a C ne more zajeti vseh 3 kart v roki",
            "kontrakt kroga 2 se položi le tako, da končaš, a C ne more zajeti vseh 5 kart v roki",
        ),
    ),
    (
        "Your opening must reach {need} points this turn and leave a card for the final discard; with {n} laid, the cards left reach {need} only by taking your last card.",
        "Your opening must reach {need} points this turn and leave a card for the final discard; with {n} laid, the cards left reach {need} only by taking your last card.",
        {"need": 40},
        (
            "Tvoje odprtje mora v tej potezi doseči 40 točk in ti pustiti karto za zadnji odmet; ko je položena 1 točka, preostale karte dosežejo 40 točk le, če porabiš tudi zadnjo karto.",
            "Tvoje odprtje mora v tej potezi doseči 40 točk in ti pustiti karto za zadnji odmet; ko sta položeni 2 točki, preostale karte dosežejo 40 točk le, če porabiš tudi zadnjo karto.",
            "Tvoje odprtje mora v tej potezi doseči 40 točk in ti pustiti karto za zadnji odmet; ko so položene 3 točke, preostale karte dosežejo 40 točk le, če porabiš tudi zadnjo karto.",
            "Tvoje odprtje mora v tej potezi doseči 40 točk in ti pustiti karto za zadnji odmet; ko je položenih 5 točk, preostale karte dosežejo 40 točk le, če porabiš tudi zadnjo karto.",
        ),
    ),
    (
        "Your opening must reach {need} points this turn, and with {n} laid the cards left cannot make up the rest.",
        "Your opening must reach {need} points this turn, and with {n} laid the cards left cannot make up the rest.",
        {"need": 40},
        (
            "Tvoje odprtje mora v tej potezi doseči 40 točk, ko je položena 1 točka, pa preostale karte ne morejo nadoknaditi ostanka.",
            "Tvoje odprtje mora v tej potezi doseči 40 točk, ko sta položeni 2 točki, pa preostale karte ne morejo nadoknaditi ostanka.",
            "Tvoje odprtje mora v tej potezi doseči 40 točk, ko so položene 3 točke, pa preostale karte ne morejo nadoknaditi ostanka.",
            "Tvoje odprtje mora v tej potezi doseči 40 točk, ko je položenih 5 točk, pa preostale karte ne morejo nadoknaditi ostanka.",
        ),
    ),
]


#: plurals2 (house rules, words): the sheet's and the score sheet's counts
SLOVENIAN += [
    (
        "For {n} player.",
        "For {n} players.",
        {},
        ("Za 1 igralca.", "Za 2 igralca.", "Za 3 igralce.", "Za 5 igralcev."),
    ),
    (
        "Each loser pays {n} point on top of their cards.",
        "Each loser pays {n} points on top of their cards.",
        {},
        tuple(f"Vsak poraženec plača poleg kart še {n} {w}." for n, w in zip((1, 2, 3, 5), SL_POINTS_ACC)),
    ),
    (
        "A player may knock with at most {n} point of deadwood.",
        "A player may knock with at most {n} points of deadwood.",
        {},
        tuple(
            f"Potrkaš lahko, ko imaš odpadnih kart (Deadwood) za največ {n} {w}."
            for n, w in zip((1, 2, 3, 5), SL_POINTS_ACC)
        ),
    ),
    (
        "The match is {n} round, or ends sooner when someone reaches {target} points.",
        "The match is {n} rounds, or ends sooner when someone reaches {target} points.",
        {"target": 500},
        tuple(
            f"Partija traja {n} {w}, a se konča prej, če kdo doseže 500 točk."
            for n, w in zip((1, 2, 3, 5), ("krog", "kroga", "kroge", "krogov"))
        ),
    ),
    (
        "Seat {seat} wins with {n} point.",
        "Seat {seat} wins with {n} points.",
        {"seat": 2},
        tuple(f"Zmaga igralec 2, ki ima {n} {w}." for n, w in zip((1, 2, 3, 5), SL_POINTS_ACC)),
    ),
    (
        "{seats!u} share the win with {n} point.",
        "{seats!u} share the win with {n} points.",
        {"seats": and_list(["seat 0", "seat 1"])},
        tuple(
            f"Seat 0 in seat 1 si delijo zmago, vsak ima {n} {w}."
            for n, w in zip((1, 2, 3, 5), SL_POINTS_ACC)
        ),
    ),
]


@pytest.mark.parametrize(
    ("singular", "plural", "params", "expected"), SLOVENIAN, ids=[row[0][:40] for row in SLOVENIAN]
)
def test_slovenian_writes_each_plural_form(
    singular: str, plural: str, params: dict[str, object], expected: tuple[str, ...]
) -> None:
    if (singular, plural) not in _catalogue("sl"):
        pytest.skip("translations not merged into the catalogues yet (tests/test_messages.py reports it)")
    rendered = tuple(nmsg(singular, plural, n, **params).render("sl") for n in (1, 2, 3, 5))
    assert rendered == expected


def test_every_changed_template_is_what_the_code_writes() -> None:
    """The Slovenian table covers the templates the English cases produce (and their nested phrases)."""
    templates = {(row[0], row[1]) for row in SLOVENIAN}
    for _, make, _, _ in CASES:
        reason = make()
        assert (reason.template, reason.plural) in templates
        for name in ("tie", "wilds"):  # the phrases made for these sentences
            value = reason.params.get(name)
            if isinstance(value, Message):
                assert (value.template, value.plural) in templates


def test_the_sheet_writes_each_wild_kind_in_whole_sentences() -> None:
    """A joker and a wild ♠2 each have their own sentences (a language may decline them differently)."""
    from remi import house_rules

    spade_twos = attrs.evolve(rulesets.SLOVENIAN, wild_spade_twos=True, jokers=0, large_table_jokers=None)
    for write in (house_rules._wild_cards, house_rules._swap, house_rules._swapped):
        joker, spade = write(rulesets.SLOVENIAN), write(spade_twos)
        assert "joker" in joker and "wild ♠2" in spade and "wild" not in joker.params
        assert joker.template.replace("joker", "wild ♠2") == spade.template
    values = house_rules._values(spade_twos)
    assert "wild ♠2 25 points" in values
    assert house_rules._values(rulesets.SLOVENIAN) == (
        "Cards count: ace 10 points; 2 to 9 face value; 10 10 points; J, Q and K 10 points; joker 25 points."
    )


def test_a_set_of_two_sizes_is_one_or_the_other() -> None:
    from remi import house_rules

    assert house_rules._sets(rulesets.SWEDISH) == "A set is 3 or 4 cards of the same rank."
    assert (
        house_rules._sets(attrs.evolve(rulesets.SWEDISH, set_max=5))
        == "A set is 3 to 5 cards of the same rank."
    )


def test_an_empty_discard_pile_has_sentences_of_its_own() -> None:
    """The top card of an empty discard pile is named in whole sentences (Finnish declines it)."""
    from remi.actions import Buy, Pass, TakeDiscard
    from remi.game import words

    s = remi.GameState.from_position("game: swedish | players: 2 | hand 0: ♠K | hand 1: ♥2 ♥5")
    assert not s.discard
    said = {kind.__name__: words._describe(s, kind()) for kind in (TakeDiscard, Buy, Pass)}
    assert said == {
        "TakeDiscard": "Seat 1 takes the top card of the discard pile.",
        "Buy": "Seat 1 buys the top card of the discard pile and takes the top card of the stock with it.",
        "Pass": "Seat 1 declines the top card of the discard pile, which ends the deal.",
    }
    assert all("card" not in m.params for m in said.values())
