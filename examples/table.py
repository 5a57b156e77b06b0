"""A terminal table: you play Norwegian Remi against bots, in your own language.

The house rules come first, then every turn offers your moves in words,
numbered and grouped by kind. Type a number or a move in remi's notation
(``discard 7s``, ``lay ♠2 ♠3 ♠4``); a refused move is explained. In round 7,
where melds go down card by card, whole melds are offered instead. The score
sheet follows each round::

    python examples/table.py --lang nb
    python examples/table.py --lang sl --seed 3 --players 4 --rounds 2
    python examples/table.py --round 7 --quick --variant shanghai
    python examples/table.py --position "game: norwegian | round: 7 | hand 0: ..."

Cards print in ASCII letters (``7s 10h JK``) where the terminal cannot show ``♠``.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import TextIO

import remi
from remi.cards import ascii_notation, suits_fit

#: The example's own words (the rules' words come from remi itself).
UI: dict[str, dict[str, str]] = {
    "en": {
        "round": "Round {n}: {contract}",
        "hand": "Your hand (seat {seat}): {cards}",
        "table": "On the table:",
        "meld": "  [{n}] {meld} (seat {seat})",
        "top": "Discard pile: {card}",
        "moves": "Your moves:",
        "prompt": "Your move (number or notation): ",
        "sheet": "Score sheet:",
        "bye": "No more input: goodbye.",
        "number": "There is no move {n}.",
    },
    "nb": {
        "round": "Runde {n}: {contract}",
        "hand": "Dine kort (spiller {seat}): {cards}",
        "table": "På bordet:",
        "meld": "  [{n}] {meld} (spiller {seat})",
        "top": "Kastehaugen: {card}",
        "moves": "Dine trekk:",
        "prompt": "Ditt trekk (nummer eller notasjon): ",
        "sheet": "Poengliste:",
        "bye": "Ikke mer input: ha det.",
        "number": "Det finnes ikke noe trekk {n}.",
    },
    "sv": {
        "round": "Omgång {n}: {contract}",
        "hand": "Din hand (spelare {seat}): {cards}",
        "table": "På bordet:",
        "meld": "  [{n}] {meld} (spelare {seat})",
        "top": "Slänghögen: {card}",
        "moves": "Dina drag:",
        "prompt": "Ditt drag (nummer eller notation): ",
        "sheet": "Poängtabell:",
        "bye": "Ingen mer inmatning: hej då.",
        "number": "Det finns inget drag {n}.",
    },
    "fi": {
        "round": "Kierros {n}: {contract}",
        "hand": "Kätesi (pelaaja {seat}): {cards}",
        "table": "Pöydällä:",
        "meld": "  [{n}] {meld} (pelaaja {seat})",
        "top": "Poistopino: {card}",
        "moves": "Siirtosi:",
        "prompt": "Siirtosi (numero tai merkintä): ",
        "sheet": "Pistetaulukko:",
        "bye": "Syöte loppui: näkemiin.",
        "number": "Siirtoa {n} ei ole.",
    },
    "sl": {
        "round": "Krog {n}: {contract}",
        "hand": "Tvoje karte (igralec {seat}): {cards}",
        "table": "Na mizi:",
        "meld": "  [{n}] {meld} (igralec {seat})",
        "top": "Kup odvrženih kart: {card}",
        "moves": "Tvoje poteze:",
        "prompt": "Tvoja poteza (številka ali zapis): ",
        "sheet": "Točkovnik:",
        "bye": "Ni več vnosa: nasvidenje.",
        "number": "Poteze {n} ni.",
    },
}

#: A move on offer: an action, or a whole meld to lay with ``state.lay``.
Option = remi.Action | remi.Meld


class Table:
    """One person (seat 0) against seeded bots, reading from *stdin* and writing to *stdout*."""

    def __init__(self, state: remi.GameState, lang: str, seed: int, stdin: TextIO, stdout: TextIO) -> None:
        self.state, self.lang, self.stdin, self.stdout = state, lang, stdin, stdout
        self.rng = random.Random(seed)

    def say(self, text: str, end: str = "\n") -> None:
        """Print *text*, its cards in ASCII letters where the output cannot encode ``♠``."""
        encoding = getattr(self.stdout, "encoding", None)
        if not suits_fit(encoding):
            text = ascii_notation(text).encode(encoding or "ascii", "replace").decode(encoding or "ascii")
        print(text, file=self.stdout, end=end, flush=True)

    def ui(self, key: str, **params: object) -> str:
        return UI[self.lang][key].format(**params)

    def options(self) -> list[Option]:
        """The legal moves; in rounds built card by card, whole melds stand in for the builds."""
        actions = self.state.legal_actions()
        melds = self.state.lay_options()
        if not melds:
            return list(actions)
        builds = [a for a in actions if a.kind == "build"]
        if len(builds) == len(actions) and self.state.building:
            return list(actions)  # a meld begun by hand is finished by hand
        return [*melds, *(a for a in actions if a.kind not in ("build", "lay"))] or list(actions)

    def words(self, option: Option) -> str:
        if isinstance(option, remi.Meld):
            return self.state.describe(remi.LayDown.of(option), self.lang)
        return self.state.describe(option, self.lang)

    def show(self, options: list[Option]) -> None:
        """The hand, the table and the moves on offer, grouped by kind."""
        seat = self.state.current_player
        self.say(self.ui("hand", seat=seat, cards=remi.format_cards(self.state.hands[seat])))
        if self.state.table:
            self.say(self.ui("table"))
            for n, (meld, owner) in enumerate(zip(self.state.table, self.state.owners)):
                self.say(self.ui("meld", n=n, meld=meld, seat=owner))
        if self.state.discard_top is not None:
            self.say(self.ui("top", card=self.state.discard_top))
        self.say(self.ui("moves"))
        kind = ""
        for n, option in enumerate(options, 1):
            this = "lay" if isinstance(option, remi.Meld) else option.kind
            if this != kind:
                kind = this
                self.say(f" {kind}:")
            self.say(f"  {n:>2}. {self.words(option)}")

    def play(self, option: Option) -> None:
        if isinstance(option, remi.Meld):
            self.state = self.state.lay(option)
        else:
            self.state = self.state.apply(option)

    def typed(self, text: str, options: list[Option]) -> bool:
        """Play what the person typed: a number or notation. False (and why) when it is refused."""
        if text.isdigit():
            if 1 <= int(text) <= len(options):
                self.play(options[int(text) - 1])
                return True
            self.say(self.ui("number", n=text))
            return False
        try:
            word, *rest = text.split(None, 1)
            if word == "lay" and rest and self.state.lay_options():
                self.state = self.state.lay(rest[0])
                return True
            refusal = self.state.why_illegal(text)
            if refusal is not None:
                self.say(refusal.reason_in(self.lang))
                return False
            self.state = self.state.apply(text)
        except (remi.RemiError, IndexError) as err:
            self.say(
                err.reason_in(self.lang) if isinstance(err, remi.RemiError) else self.ui("number", n=text)
            )
            return False
        return True

    def person(self) -> bool:
        """One move of the person's; False when the input has ended."""
        options = self.options()
        self.show(options)
        while True:
            self.say(self.ui("prompt"), end="")
            line = self.stdin.readline()
            if not line:
                self.say("\n" + self.ui("bye"))
                return False
            if not self.stdin.isatty():  # a script: show what it typed
                self.say(line.strip())
            if line.strip() and self.typed(line.strip(), options):
                return True

    def bot(self) -> None:
        """Greedy and seeded: lay a whole meld or lay off when it can, else a random legal move."""
        options = self.options()
        eager = [o for o in options if isinstance(o, remi.Meld) or o.kind in ("lay", "off")]
        choice = self.rng.choice(eager or options)
        self.say("* " + self.words(choice))
        self.play(choice)


def start(ruleset: remi.Ruleset, players: int, seed: int, first_round: int) -> remi.GameState:
    """A new match, or (for *first_round* > 1) that round dealt from the same seed, as a position."""
    state = remi.new_game(ruleset, players=players, seed=seed)
    if first_round == 1:
        return state
    data = state.to_dict()
    stock, hands = data["stock"].split(), [hand.split() for hand in data["hands"]]
    extra = ruleset.hand_size_by_round[first_round - 1] - len(hands[0]) if ruleset.hand_size_by_round else 0
    for _ in range(extra):
        for hand in hands:
            hand.append(stock.pop())
    data.update(round=first_round, hands=[" ".join(h) for h in hands], stock=" ".join(stock))
    return remi.GameState.from_dict(data)


def _contract(state: remi.GameState, lang: str) -> str:
    """This round's contract in *lang* (``Contract.phrase()`` is a message, like every reason)."""
    contracts = state.ruleset.contracts
    return contracts[min(state.round, len(contracts)) - 1].phrase().render(lang)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="table.py", description="Play Norwegian Remi against bots.")
    parser.add_argument("--lang", default="en", choices=remi.LANGUAGES, help="the table's language")
    parser.add_argument("--seed", type=int, default=0, help="the shuffle's and the bots' seed")
    parser.add_argument("--players", type=int, default=3, help="seats at the table, you are seat 0")
    parser.add_argument("--rounds", type=int, default=None, help="stop after this many rounds")
    parser.add_argument("--quick", action="store_true", help="stop after one round (--rounds 1)")
    parser.add_argument("--round", type=int, default=1, help="start at this round (7: whole melds)")
    parser.add_argument("--position", default=None, help="start from this position text (one line, '|')")
    parser.add_argument("--variant", action="append", default=[], help="a house rule by name (repeatable)")
    return parser


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run the table; 0 when the match (or the rounds asked for) is played, 1 when the input ended."""
    args = _parser().parse_args(argv)
    if args.position is not None:
        state = remi.GameState.from_position(args.position)
    else:
        ruleset = remi.with_variants(remi.NORWEGIAN, *args.variant)
        state = start(ruleset, args.players, args.seed, args.round)
    out = sys.stdout if stdout is None else stdout
    table = Table(state, args.lang, args.seed, sys.stdin if stdin is None else stdin, out)
    table.say(state.ruleset.describe(args.lang) + "\n")
    return run(table, 1 if args.quick else args.rounds)


def run(table: Table, rounds: int | None) -> int:
    """Play until the match is over or *rounds* rounds are; the score sheet after each round."""
    played, this_round = 0, 0
    while not table.state.is_over and (rounds is None or played < rounds):
        if table.state.round != this_round:
            this_round = table.state.round
            table.say("\n" + table.ui("round", n=this_round, contract=_contract(table.state, table.lang)))
        if table.state.current_player != 0:
            table.bot()
        elif not table.person():
            return 1
        if len(table.state.results) > played or table.state.is_over:
            played = len(table.state.results)
            table.say("\n" + table.ui("sheet") + "\n" + table.state.score_sheet(table.lang))
    return 0


if __name__ == "__main__":
    sys.exit(main())
