"""A command-line referee for rummy table disputes, built on remi.

Give it one or more melds in card notation; it says, under every preset (or
the one you name), whether each meld is legal, how it is arranged (what each
joker stands for) or why it is not::

    python examples/referee.py "♠7 ♠8 JK ♠10" "♦K ♦A ♦2 ♦3"
    python examples/referee.py --ruleset gin "♠Q ♠K ♠A"
    python examples/referee.py --contract 2 "♥9 ♠9 ♦9" "♣5 ♣6 ♣7 ♣8"
    python examples/referee.py --opening "♠10 ♥10 ♦10" "♣2 ♣3 ♣4"
    python examples/referee.py --variant "all down at once" --contract 1 "♠9 ♥9 ♦9 ♣9" "♥K ♦K ♣K"

Exit status: 0 when every verdict was given (legal or not), 2 when the input
cannot be read (bad card notation, an unknown ruleset or variant, bad options).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Literal, TextIO

import remi
from remi.cards import printable

JokerEnd = Literal["high", "low"]
MeldArg = remi.Meld | str

#: Column width of the ruleset key in the per-meld verdicts.
_KEY_WIDTH = max(len(key) for key in remi.PRESETS)


def _say(text: str, file: TextIO | None = None, end: str = "\n") -> None:
    """Print *text*, its cards in ASCII letters (``7s 10h``) where the output cannot encode ``♠``."""
    stream = sys.stdout if file is None else file
    print(printable(text, getattr(stream, "encoding", None)), file=stream, end=end)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="referee.py",
        description=(
            "Settle a rummy dispute: is this group of cards a legal meld, and if not, why? "
            "Cards: ranks A 2-10 J Q K (T for 10), suits ♠ ♥ ♦ ♣ or S H D C, JK for the joker; "
            "write JK=♠9 to say what a joker stands for."
        ),
    )
    parser.add_argument("melds", nargs="+", metavar="MELD", help='a meld, e.g. "♠7 ♠8 JK ♠10"')
    parser.add_argument(
        "--ruleset",
        metavar="NAME",
        help=f"judge under this preset only (one of {', '.join(remi.PRESETS)}, or an alias "
        "such as 'liverpool' or '51'); default: every preset",
    )
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME",
        help="switch on a named Norwegian house rule (repeatable), e.g. 'all down at once'; "
        f"known: {', '.join(remi.NORWEGIAN_VARIANTS)}",
    )
    parser.add_argument(
        "--contract",
        type=int,
        metavar="N",
        help="check all the melds together as round N's contract "
        "(Norwegian unless --ruleset names another contract game)",
    )
    parser.add_argument(
        "--opening",
        action="store_true",
        help="check all the melds together as an opening (first lay-down) "
        "(Slovenian 51 unless --ruleset names another game)",
    )
    parser.add_argument(
        "--joker-end",
        choices=("high", "low"),
        default="high",
        help="where a joker at the end of a run goes when either end is legal (default: high)",
    )
    return parser


def _read_meld(text: str) -> MeldArg:
    """Return *text* as given, or as a :class:`remi.Meld` when it says what its jokers stand for.

    Raises :class:`remi.NotationError` for text that is not card notation and
    :class:`remi.MeldError` for annotations that describe no meld at all.
    """
    if "=" in text:
        return remi.parse_meld(text)
    remi.parse_cards(text)  # reject bad notation up front, before any verdict is printed
    return text


def _shown(meld: MeldArg) -> str:
    return str(meld) if isinstance(meld, remi.Meld) else remi.format_cards(remi.parse_cards(meld))


def _verdict(check: remi.Check) -> str:
    if check.ok and check.meld is not None:
        return f"ok   {check.kind:<4} {check.meld}"
    if check.ok:
        return "ok"
    return f"NO   {check.code}: {check.reason}"


def _judge_melds(
    melds: Sequence[MeldArg],
    rulesets: dict[str, remi.Ruleset],
    joker_end: JokerEnd,
) -> None:
    for meld in melds:
        _say(_shown(meld))
        for key, ruleset in rulesets.items():
            if isinstance(meld, remi.Meld):
                check = remi.check_meld(meld, ruleset)
            else:
                check = remi.check_meld(meld, ruleset, joker_end=joker_end)
            _say(f"  {key:<{_KEY_WIDTH}}  {_verdict(check)}")


def _report_group(title: str, check: remi.Check) -> None:
    _say(title)
    if check.ok:
        points = "" if check.points is None else f" ({check.points} points)"
        _say(f"  ok{points}")
        for meld in check.melds:
            _say(f"    {meld.kind:<4} {meld}")
    else:
        _say(f"  NO   {check.code}: {check.reason}")


def _group_ruleset(
    named: tuple[str, remi.Ruleset] | None, default: remi.Ruleset, variants: Sequence[str]
) -> remi.Ruleset:
    ruleset = named[1] if named is not None else default
    return remi.with_variants(ruleset, *variants) if variants else ruleset


def run(args: argparse.Namespace) -> None:
    """Print the verdicts asked for by parsed *args*; raises :class:`remi.RemiError` on bad input."""
    melds = [_read_meld(text) for text in args.melds]
    named: tuple[str, remi.Ruleset] | None = None
    if args.ruleset is not None:
        preset = remi.find_ruleset(args.ruleset)
        key = next(k for k, v in remi.PRESETS.items() if v is preset)
        named = (key, preset)
    variants: list[str] = args.variant
    if args.contract is None and not args.opening:
        chosen = dict([named]) if named is not None else dict(remi.PRESETS)
        if variants:
            chosen = {k: remi.with_variants(v, *variants) for k, v in chosen.items()}
        _judge_melds(melds, chosen, args.joker_end)
        return
    if args.contract is not None:
        ruleset = _group_ruleset(named, remi.NORWEGIAN, variants)
        title = f"Round {args.contract}'s contract"
        if ruleset.contracts and 1 <= args.contract <= len(ruleset.contracts):
            title += f" ({remi.contract_for(args.contract, ruleset)})"
        _report_group(f"{title} under {ruleset.name}:", remi.check_contract(melds, args.contract, ruleset))
    if args.opening:
        ruleset = _group_ruleset(named, remi.SLOVENIAN, variants)
        need = ruleset.opening_points
        title = f"Opening under {ruleset.name}"
        if need is not None:
            title += f" (at least {need} points)"
        _report_group(f"{title}:", remi.check_opening(melds, ruleset))


def main(argv: list[str] | None = None) -> int:
    """Run the referee on *argv* (default: the command line) and return the exit status."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # --help, or a usage error already explained by argparse
        return exit_.code if isinstance(exit_.code, int) else 2
    try:
        run(args)
    except remi.RemiError as error:
        _say(f"referee.py: {error.reason} [{error.code}]", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
