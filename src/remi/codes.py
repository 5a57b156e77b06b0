"""The stable error codes: one :data:`ErrorCode` literal type and one table that documents it.

Every :class:`~remi.RemiError` and every failed :class:`~remi.Check` carries
one of these codes; a passed check has the code ``"ok"``. Codes never change
meaning; new ones may be added.

>>> import remi
>>> from remi.codes import CODES
>>> code = remi.check_meld("♦K ♦A ♦2 ♦3", remi.NORWEGIAN).code
>>> code, CODES[code]
('wraps-corner', 'A run would turn the corner from the king to the ace and on to the two (K-A-2).')

The "Error codes" page of the documentation is written from the table below
by ``scripts/gen_error_codes.py``; a test keeps the page, the table and
:data:`ErrorCode` equal, and fails when the source raises a code the table
does not list.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Literal

__all__ = ["ErrorCode", "CheckCode", "CODES", "RAISED_BY", "as_error_code"]

#: Every stable error code remi can produce, as a type ``mypy`` checks.
ErrorCode = Literal[
    "ace-high-not-allowed",
    "ace-low-not-allowed",
    "bad-card-code",
    "bad-contract",
    "bad-dealer",
    "bad-end",
    "bad-flag",
    "bad-hands",
    "bad-index",
    "bad-kind",
    "bad-layoff",
    "bad-option",
    "bad-pack",
    "bad-player",
    "bad-players",
    "bad-ruleset",
    "bad-seat",
    "bad-seed",
    "bad-totals",
    "broken-invariant",
    "build-order",
    "cannot-buy",
    "cards-left-in-hand",
    "contract-already-down",
    "contract-down-this-turn",
    "contract-not-down",
    "contract-unfinished",
    "contract-unreachable",
    "dead-end",
    "discard-empty",
    "discard-just-taken",
    "does-not-fit",
    "duplicate-in-run",
    "empty",
    "empty-action",
    "extra-cards",
    "game-over",
    "gap",
    "internal",
    "invalid-meld",
    "joker-locked-in-set",
    "joker-pending",
    "joker-stuck",
    "jokers-not-in-game",
    "knock-meld-order",
    "knock-too-high",
    "lay-card-by-card",
    "malformed-meld",
    "malformed-state",
    "meld-limit",
    "meld-not-legal",
    "meld-unfinished",
    "melds-go-down-whole",
    "mixed-ranks",
    "mixed-suits",
    "must-discard-last",
    "must-draw",
    "no-buying",
    "no-contracts",
    "no-end-choice",
    "no-joker",
    "no-joker-for-card",
    "no-joker-swaps",
    "no-knocking",
    "no-meld-to-build",
    "no-melds",
    "no-natural-card",
    "no-shanghai",
    "no-such-meld",
    "no-such-round",
    "not-a-card",
    "not-a-meld",
    "not-a-ruleset",
    "not-an-action",
    "not-in-hand",
    "not-melds",
    "not-text",
    "not-the-built-meld",
    "not-wild",
    "not-your-turn",
    "nothing-laid-in-gin",
    "one-meld-at-a-time",
    "opening-keeps-discard",
    "opening-search-too-large",
    "opening-too-low",
    "opening-unfinished",
    "partial-not-reachable",
    "repeated-suit",
    "run-off-the-end",
    "run-too-long",
    "runs-touch",
    "set-too-large",
    "shanghai-pointless",
    "stock-empty",
    "swap-needs-natural",
    "taken-card-stranded",
    "too-many-cards",
    "too-many-copies",
    "too-many-jokers",
    "too-many-layouts",
    "too-short",
    "unknown-action",
    "unknown-cache",
    "unknown-card",
    "unknown-format",
    "unknown-language",
    "unknown-meld-kind",
    "unknown-ruleset",
    "unknown-suit",
    "unknown-variant",
    "wraps-corner",
    "wrong-combinations",
    "wrong-phase",
    "wrong-position",
]

#: The code of a :class:`~remi.Check`: an :data:`ErrorCode`, or ``"ok"`` when it passed.
CheckCode = ErrorCode | Literal["ok"]

# Who produces a code, as the public names a user calls.
_MELD: Final = ("check_meld", "check_layoff", "parse_meld", "Check.require")
_APPLY: Final = ("GameState.apply", "GameState.why_illegal")
#: The value, settlement and solver functions: each refuses cards the game's pack cannot give.
_PACK_USERS: Final = (
    "card_value",
    "hand_value",
    "is_wild",
    "meld_points",
    "settle",
    "settle_gin",
    "candidate_melds",
    "contract_layouts",
    "find_contract",
    "can_complete_contract",
    "best_arrangement",
    "deadwood",
    "knock_cards",
    "find_opening",
    "opening_layouts",
    "best_opening_points",
    "best_opening_points_left",
)
_NEW: Final = ("new_game",)
_FROM_DICT: Final = ("GameState.from_dict",)

# code -> (one-line meaning, the public functions and methods that produce it).
_TABLE: Final[dict[ErrorCode, tuple[str, tuple[str, ...]]]] = {
    # -- cards and notation
    "not-text": (
        "Card, meld or action notation was expected, and the value is not text.",
        ("parse_card", "parse_cards", "parse_meld", "parse_action"),
    ),
    "unknown-card": (
        "The text, rank and suit, or number names no card.",
        ("parse_card", "parse_cards", "Card", "Card.of", "Card.from_code"),
    ),
    "unknown-suit": ("The text or number names no suit.", ("Card.of",)),
    "bad-pack": (
        "A pack was asked for with fewer than one deck or a negative number of jokers, or a stacked "
        "pack given to ``new_game`` is not exactly the game's pack.",
        ("make_pack", "new_game"),
    ),
    "not-a-card": (
        "An action was given something that is neither a card nor card text.",
        ("Discard", "Knock", "LayOff", "SwapJoker"),
    ),
    "bad-flag": (
        "An action's yes/no option (``low``, ``shanghai``) is not ``True`` or ``False``.",
        ("Discard", "LayOff", "CallShanghai"),
    ),
    "bad-index": (
        "A table meld index is not a whole number from 0.",
        ("LayOff", "SwapJoker", "CallShanghai"),
    ),
    "empty-action": ("The action text is empty.", ("parse_action", "GameState.parse_action")),
    "unknown-action": (
        "The text is not one of the action forms (``draw``, ``discard ♠K``, …), or one of its parts is wrong.",
        ("parse_action", "GameState.parse_action", "GameState.apply"),
    ),
    "not-a-meld": (
        "The value is not a meld, or its cards are neither a set nor a run.",
        ("check_meld", "validate_meld", "LayDown", "parse_action"),
    ),
    "not-melds": (
        "A list of melds was expected, and the value is one meld, text or not a list.",
        ("LayDown", "check_contract", "check_opening"),
    ),
    "unknown-cache": (
        "A cache name that :func:`~remi.cache_info` does not list was given to :func:`~remi.clear_caches`.",
        ("clear_caches",),
    ),
    "unknown-language": (
        "A language other than those in :data:`~remi.LANGUAGES` was asked for a reason or a text.",
        ("Check.reason_in", "RemiError.reason_in"),
    ),
    "unknown-meld-kind": (
        "A meld kind other than ``'set'`` or ``'run'`` was asked for.",
        ("candidate_melds",),
    ),
    "not-a-ruleset": (
        "A :class:`~remi.Ruleset` was expected, and the value is something else.",
        ("new_game", "candidate_melds", "best_arrangement", "find_contract", "find_opening"),
    ),
    # -- rulesets and presets
    "bad-option": (
        "A ruleset option has the wrong type or a value outside its range.",
        ("Ruleset", "Ruleset.from_dict", "attrs.evolve"),
    ),
    "bad-ruleset": (
        "The ruleset's options contradict each other, or its dict form is malformed.",
        ("Ruleset", "Ruleset.from_dict", "with_variants"),
    ),
    "bad-contract": ("A contract asks for no melds at all.", ("Contract",)),
    "unknown-ruleset": ("No preset has that name or alias.", ("find_ruleset",)),
    "unknown-variant": ("No house-rule variant has that name.", ("with_variants",)),
    "no-contracts": (
        "The game is not a contract game, so it has no round contracts.",
        ("contract_for", "contract_layouts"),
    ),
    "no-such-round": (
        "The round number is outside the game's rounds.",
        ("contract_for", "check_contract", "contract_layouts", "find_contract"),
    ),
    # -- meld shape
    "empty": ("No cards were given for a meld or a lay-off.", ("check_meld", "check_layoff")),
    "too-short": ("The meld has fewer cards than the ruleset's smallest set or run.", _MELD),
    "set-too-large": ("A set holds more cards than the ruleset allows.", _MELD),
    "run-too-long": ("A run holds more cards than fit between the lowest and highest rank.", _MELD),
    "mixed-ranks": ("The cards of a set are not all of one rank.", _MELD),
    "mixed-suits": ("The cards of a run are not all of one suit.", _MELD),
    "repeated-suit": (
        "A set repeats a suit in a game whose sets must be of distinct suits.",
        _MELD,
    ),
    "duplicate-in-run": ("A run holds the same card twice.", _MELD),
    "gap": ("A run has a missing rank that no wild card fills.", _MELD),
    "wraps-corner": (
        "A run would turn the corner from the king to the ace and on to the two (K-A-2).",
        _MELD,
    ),
    "ace-high-not-allowed": ("The ace may not stand above the king in this game.", _MELD),
    "ace-low-not-allowed": ("The ace may not stand below the two in this game.", _MELD),
    "no-natural-card": ("A meld is made of wild cards only.", _MELD),
    "too-many-jokers": ("A meld has more wild cards than the ruleset allows against its naturals.", _MELD),
    "opening-search-too-large": (
        "The best opening of a hand needs a longer search than remi makes in one call (MOST_OPENING_STEPS): opening_layouts finds one.",
        ("find_opening", "best_opening_points", "best_opening_points_left"),
    ),
    "too-many-cards": (
        "A hand holds more cards than remi searches for the best opening (32): opening_layouts finds one.",
        ("find_opening", "best_opening_points", "best_opening_points_left"),
    ),
    "too-many-layouts": (
        "A listing would hold more layouts than remi lists in one call (MAX_LAYOUTS): pass limit= for its first part.",
        ("contract_layouts", "opening_layouts"),
    ),
    "jokers-not-in-game": (
        "A joker was used in a game played without jokers: every check reports it, every value, "
        "settlement and solver function raises it (:class:`~remi.StateError`).",
        ("check_meld", "validate_meld", "check_layoff", "check_joker_swap", "check_contract", *_PACK_USERS),
    ),
    "does-not-fit": ("The card cannot be laid off onto that meld.", ("check_layoff",)),
    "bad-kind": ("A meld kind other than ``set`` or ``run`` was asked for.", ("parse_meld", "check_meld")),
    "bad-end": ("A joker end other than ``high`` or ``low`` was asked for.", ("check_meld", "check_layoff")),
    "malformed-meld": (
        "A :class:`~remi.Meld` value's fields contradict each other (kind, suit, wild flags).",
        ("validate_meld",),
    ),
    "run-off-the-end": ("A run's start and length reach past the end of the suit.", ("validate_meld",)),
    "not-wild": ("A card marked as wild cannot stand in for another card here.", ("validate_meld",)),
    "wrong-position": ("A natural card is not the card its place in the run needs.", ("validate_meld",)),
    "invalid-meld": (
        "One of the melds given is not legal; the reason says which and why.",
        ("check_contract", "check_opening", "settle_gin", "GameState.apply"),
    ),
    "meld-not-legal": ("A meld in the action is not legal under the ruleset.", _APPLY),
    "too-many-copies": (
        "More copies of a card (or more jokers) are used than the game's largest pack holds: in a meld, "
        "melds together, a hand or a deal's hands.",
        (
            "check_meld",
            "validate_meld",
            "check_layoff",
            "check_joker_swap",
            "check_contract",
            "check_opening",
            *_PACK_USERS,
            "GameState.apply",
            "GameState.from_dict",
        ),
    ),
    # -- joker swaps
    "no-joker-swaps": (
        "The game does not allow taking a joker back from the table.",
        ("check_joker_swap", *_APPLY),
    ),
    "no-joker": ("The table meld holds no joker to swap.", ("check_joker_swap",)),
    "no-joker-for-card": ("No joker in the meld stands for the card offered.", ("check_joker_swap",)),
    "joker-locked-in-set": ("A joker in a set stays there for the rest of the round.", ("check_joker_swap",)),
    "swap-needs-natural": ("Only a natural card can take a joker's place.", ("check_joker_swap",)),
    # -- contracts and openings
    "no-melds": (
        "A contract, opening or lay-down was given no melds.",
        ("check_contract", "check_opening", "LayDown", "LayDown.of", *_APPLY),
    ),
    "wrong-combinations": (
        "The melds are not the sets and runs the round's contract asks for.",
        ("check_contract",),
    ),
    "extra-cards": ("The contract's melds hold more cards than the contract allows.", ("check_contract",)),
    "runs-touch": ("Two runs of one suit join into one run.", ("check_contract",)),
    "cards-left-in-hand": (
        "The round goes down only by going out, and cards would be left in hand.",
        ("check_contract", "GameState.lay"),
    ),
    "not-in-hand": (
        "The cards are not all in the hand.",
        ("check_contract", "settle_gin", "best_opening_points_left", *_APPLY),
    ),
    "opening-too-low": (
        "The opening melds count fewer points than the game requires.",
        ("check_opening", *_APPLY),
    ),
    "opening-unfinished": ("The turn would end before the opening reaches its points.", _APPLY),
    "contract-unfinished": ("The turn would end with the contract only partly laid down.", _APPLY),
    "contract-unreachable": (
        "After this meld, the cards left could not complete the round's contract this turn.",
        _APPLY,
    ),
    "opening-keeps-discard": (
        "The opening could reach its points only by leaving no card for the final discard.",
        _APPLY,
    ),
    # -- playing a game
    "not-an-action": (
        "The value is neither an action nor action text, or not an action or id the catalogue numbers.",
        (
            "GameState.is_legal",
            "GameState.why_illegal",
            "Catalogue.encode",
            "Catalogue.encode_steps",
            "Catalogue.decode",
            "Catalogue.advance",
        ),
    ),
    "bad-card-code": (
        "A catalogue's card code (a placement key or a partial meld) is not a card code 0-52.",
        (
            "Catalogue.placements",
            "Catalogue.advance",
            "Catalogue.legal_ids",
            "Catalogue.legal_mask",
        ),
    ),
    "partial-not-reachable": (
        "No legal lay-down of the state starts with the cards of the partial meld, in code order.",
        ("Catalogue.legal_ids", "Catalogue.legal_mask"),
    ),
    "bad-player": ("The ``player`` given is not a seat number.", ("GameState.apply",)),
    "not-your-turn": ("Another seat must act now.", ("GameState.apply",)),
    "game-over": ("The game has ended; no more actions.", _APPLY),
    "wrong-phase": ("The action does not belong to the current phase of the turn.", _APPLY),
    "stock-empty": ("The stock is empty and cannot be rebuilt.", _APPLY),
    "discard-empty": ("The discard pile is empty, so there is nothing to take.", _APPLY),
    "cannot-buy": ("Nothing is left to give as the penalty card of a buy.", _APPLY),
    "contract-already-down": ("The seat's contract is already down this round.", _APPLY),
    "contract-not-down": ("The seat must lay its contract or opening before it may do this.", _APPLY),
    "contract-down-this-turn": ("The contract went down this turn; this may wait for the next turn.", _APPLY),
    "joker-pending": ("A wild card taken back from the table must be played first.", _APPLY),
    "joker-stuck": ("A wild card taken back from the table could not be played again this turn.", _APPLY),
    "meld-limit": ("The seat has laid as many new melds this turn as the game allows.", _APPLY),
    "one-meld-at-a-time": (
        "A lay-down is one meld: several in one (``LayDown.of(a, b)``, ``lay A / B``) are refused; "
        "lay them one after another.",
        ("LayDown", "LayDown.of", "parse_action", "GameState.parse_action", *_APPLY),
    ),
    "lay-card-by-card": (
        "Melds go down card by card here: build actions choose the cards, then a lay lays them.",
        _APPLY,
    ),
    "build-order": ("The cards of a meld built card by card are chosen in ascending card order.", _APPLY),
    "no-meld-to-build": ("No meld that may be laid now begins with the cards chosen and this one.", _APPLY),
    "not-the-built-meld": ("A lay while a meld is built must lay exactly the cards chosen.", _APPLY),
    "meld-unfinished": ("A meld is being built card by card; it must be laid before anything else.", _APPLY),
    "melds-go-down-whole": ("Melds go down whole here, in one lay action; nothing is built.", _APPLY),
    "must-discard-last": ("The seat must keep a card for the final discard.", _APPLY),
    "taken-card-stranded": (
        "Only the card just taken from the discard pile would be left, and it may not go back.",
        _APPLY,
    ),
    "discard-just-taken": (
        "The card just taken from the discard pile may not be discarded this turn.",
        _APPLY,
    ),
    "no-such-meld": (
        "There is no table meld with that index, or typed text names none (or several).",
        (*_APPLY, "GameState.parse_action"),
    ),
    "no-end-choice": ("``low`` was given, but the card fits only one end of the run.", _APPLY),
    "no-buying": ("The game is played without buying.", _APPLY),
    "no-shanghai": ("The game is played without Shanghai calls.", _APPLY),
    "shanghai-pointless": ("A Shanghai-protected discard would protect nothing.", _APPLY),
    "no-knocking": ("The game is not ended by knocking.", _APPLY),
    "knock-too-high": ("The knocker's deadwood is above the knock limit.", ("settle_gin", *_APPLY)),
    "knock-meld-order": (
        "A Gin knocker lays the melds in ascending meld order, and this one comes before one laid.",
        _APPLY,
    ),
    "nothing-laid-in-gin": ("In Gin Rummy nothing is laid on the table during play.", _APPLY),
    "must-draw": (
        "The seat on turn must draw or take; only Block Rummy may decline the discard top.",
        _APPLY,
    ),
    "internal": ("An inconsistency inside remi; please report it.", _APPLY),
    # -- creating games and states
    "bad-players": ("The number of players is not a number the game allows.", _NEW),
    "bad-seed": ("The seed is not an integer.", _NEW),
    "bad-dealer": ("The dealer is not one of the seats.", _NEW),
    "unknown-format": ("A serialized state has an unknown format version.", _FROM_DICT),
    "malformed-state": (
        "A serialized state is missing fields, holds unknown keys or wrong values.",
        _FROM_DICT,
    ),
    "dead-end": (
        "A serialized state could not play on: no legal action, yet the match is not over.",
        _FROM_DICT,
    ),
    "broken-invariant": (
        "The state breaks an invariant (cards lost or duplicated, impossible seats).",
        ("GameState.check_invariants", *_FROM_DICT),
    ),
    # -- settlement
    "bad-hands": ("The hands to settle are not one hand per seat for at least two seats.", ("settle",)),
    "bad-seat": (
        "A seat number is outside the table, or the seat may not do this.",
        ("settle", "settle_gin"),
    ),
    "bad-layoff": ("Cards a defender lays off do not fit the knocker's melds.", ("settle_gin",)),
    "bad-totals": ("Match totals are empty or not numbers.", ("match_winner",)),
}

#: Every :data:`ErrorCode` with its one-line meaning, in alphabetical order.
CODES: Final[Mapping[ErrorCode, str]] = MappingProxyType({code: _TABLE[code][0] for code in sorted(_TABLE)})

#: The public functions and methods that produce each code (for the docs).
RAISED_BY: Final[Mapping[ErrorCode, tuple[str, ...]]] = MappingProxyType(
    {code: _TABLE[code][1] for code in sorted(_TABLE)}
)


def as_error_code(code: CheckCode) -> ErrorCode:
    """Return the code of a failed check as an :data:`ErrorCode` (``"internal"`` for ``"ok"``).

    >>> as_error_code("gap"), as_error_code("ok")
    ('gap', 'internal')
    """
    if code == "ok":
        return "internal"
    return code
