"""The house-rules sheet: a ruleset in plain sentences, in any of the table's five languages.

The Norwegian rules text asks the players to agree on the house rules before
the first deal ("Bli enige om husreglene før første utdeling").
:func:`house_rules` writes the sheet to agree on: players and pack, the deal,
the melds, the contract or the opening, the turn, buying, going out, scoring
and the end of the match, and then every option in which the ruleset differs
from its preset. :meth:`remi.Ruleset.describe` is this function.

>>> import remi
>>> sheet = remi.NORWEGIAN.describe()
>>> print(sheet.splitlines()[0])
House rules: Norwegian Remi
>>> "A run does not go round the corner." in sheet
True

Every sentence is a :class:`~remi.Message`, so the sheet reads the same in
every language the catalogues hold. This module sits below
:mod:`remi.rulesets` in the layers: it reads a ruleset's fields and never
imports the module that defines them (the presets come in as an argument).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Final

from .errors import require_language
from .messages import Message, and_list, msg, nmsg

if TYPE_CHECKING:
    from .rulesets import CardValues, Contract, Ruleset

__all__ = ["house_rules", "preset_of", "rule_sentences", "changed_rules", "contract_words", "RULE_FIELDS"]


# -- small phrases ----------------------------------------------------------------------------------


def _decks(n: int) -> Message:
    return nmsg("{n} deck of 52 cards", "{n} decks of 52 cards", n)


def _jokers(jokers: int | str) -> Message:
    if isinstance(jokers, str):
        return msg("one joker fewer than there are players")
    if jokers == 0:
        return msg("no jokers")
    return nmsg("{n} joker", "{n} jokers", jokers)


def _points(n: int) -> Message:
    return nmsg("{n} point", "{n} points", n)


def contract_words(contract: Contract) -> Message:
    """A contract in words: its sets and its runs.

    >>> import remi
    >>> contract_words(remi.NORWEGIAN.contracts[1])
    '1 set and 1 run'
    """
    parts: list[object] = []
    if contract.sets:
        parts.append(nmsg("{n} set", "{n} sets", contract.sets))
    if contract.runs:
        parts.append(nmsg("{n} run", "{n} runs", contract.runs))
    return and_list(parts)


def _laid(r: Ruleset) -> Message:
    """What a player who is "down" has laid, in this family's words.

    >>> import remi
    >>> _laid(remi.NORWEGIAN), _laid(remi.KALOOKI), _laid(remi.SWEDISH)
    ('your contract', 'your opening', 'your first meld')
    """
    if r.family == "contract":
        return msg("your contract")
    if r.opening_points is not None:
        return msg("your opening")
    return msg("your first meld")


# -- one sentence (or a few) per topic --------------------------------------------------------------
# Each function below writes the rule of a few fields, whatever their values: the sheet's body
# picks the ones that matter for the game, and the section of house rules lists every one whose
# fields differ from the preset.


def _players(r: Ruleset) -> Message:
    if r.min_players == r.max_players:
        return nmsg("For {n} player.", "For {n} players.", r.min_players)
    return msg("For {low} to {high} players.", low=r.min_players, high=r.max_players)


def _pack(r: Ruleset) -> Message:
    return msg("Play with {decks} and {jokers}.", decks=_decks(r.decks), jokers=_jokers(r.jokers))


def _large_table(r: Ruleset) -> Message:
    if r.large_table_from is None:
        return msg("The pack is the same at every table size.")
    jokers = r.jokers if r.large_table_jokers is None else r.large_table_jokers
    return msg(
        "From {players} players on, play with {decks} and {jokers}.",
        players=r.large_table_from,
        decks=_decks(r.large_table_decks),
        jokers=_jokers(jokers),
    )


def _spade_twos(r: Ruleset) -> Message:
    if r.wild_spade_twos:
        return msg("The two ♠2s are the only wild cards; a ♠2 may also stand as itself.")
    return msg("The ♠2s are ordinary cards.")


def _hand_sizes(r: Ruleset) -> Message:
    if r.hand_size_by_round:
        sizes = r.hand_size_by_round
        if len(set(sizes)) == 1:
            return nmsg("Each player is dealt {n} card.", "Each player is dealt {n} cards.", sizes[0])
        return msg(
            "Cards dealt to each player, round by round: {sizes}.",
            sizes=", ".join(str(n) for n in sizes),
        )
    pairs = r.hand_size_by_players
    if len(pairs) == 1:
        return nmsg("Each player is dealt {n} card.", "Each player is dealt {n} cards.", pairs[0][1])
    parts: list[object] = []
    for number, (players, cards) in enumerate(pairs):
        upper = pairs[number + 1][0] - 1 if number + 1 < len(pairs) else None
        if upper is not None and upper < r.min_players:
            continue
        if upper == players + 1:
            parts.append(
                nmsg(
                    "{n} card with {low} or {high} players",
                    "{n} cards with {low} or {high} players",
                    cards,
                    low=players,
                    high=upper,
                )
            )
        elif upper == players:
            parts.append(
                nmsg(
                    "{n} card with {players} players",
                    "{n} cards with {players} players",
                    cards,
                    players=players,
                )
            )
        elif upper is None:
            parts.append(
                nmsg(
                    "{n} card from {players} players on",
                    "{n} cards from {players} players on",
                    cards,
                    players=players,
                )
            )
        else:
            parts.append(
                nmsg(
                    "{n} card with {low} to {high} players",
                    "{n} cards with {low} to {high} players",
                    cards,
                    low=players,
                    high=upper,
                )
            )
    return msg("Each player is dealt {sizes}.", sizes=and_list(parts))


def _starter(r: Ruleset) -> Message:
    if r.starter_extra_card:
        return msg("The player who starts gets one card more and begins the round by discarding.")
    return msg("The player who starts gets no extra card.")


def _upcard(r: Ruleset) -> Message:
    if r.upcard:
        return msg("The rest is the stock, face down; its top card is turned up to start the discard pile.")
    return msg("The rest is the stock, face down; no card is turned up, so the discard pile starts empty.")


def _first_dealer(r: Ruleset) -> Message:
    if r.first_dealer == "lot":
        return msg("The first dealer is chosen by lot; the deal then passes to the left.")
    return msg("Seat 0 deals first; the deal then passes to the left.")


def _sets(r: Ruleset) -> Message:
    if r.set_max is None:
        return msg("A set is at least {low} cards of the same rank.", low=r.set_min)
    if r.set_max == r.set_min:
        return msg("A set is exactly {low} cards of the same rank.", low=r.set_min)
    if r.set_max == r.set_min + 1:
        return msg("A set is {low} or {high} cards of the same rank.", low=r.set_min, high=r.set_max)
    return msg("A set is {low} to {high} cards of the same rank.", low=r.set_min, high=r.set_max)


def _set_suits(r: Ruleset) -> Message:
    if r.distinct_suit_sets:
        return msg("The cards of a set must all be of different suits.")
    if r.max_decks > 1:
        return msg("Two identical cards may lie in the same set.")
    return msg("The suits in a set do not matter.")


def _runs(r: Ruleset) -> Message:
    return msg("A run is at least {low} cards in a row of the same suit.", low=r.run_min)


def _ace(r: Ruleset) -> Message:
    if r.ace_low and r.ace_high:
        return msg(
            "The ace may be at either end of a run (♣A ♣2 ♣3 and ♥Q ♥K ♥A). A run does not go round the corner."
        )
    if r.ace_low:
        return msg("The ace is low: ♥A ♥2 ♥3 is a run, ♥Q ♥K ♥A is not.")
    return msg("The ace is high: ♥Q ♥K ♥A is a run, ♥A ♥2 ♥3 is not.")


def _wild_cards(r: Ruleset) -> Message:
    if not r.has_wild_cards:
        return msg("There are no wild cards.")
    if r.wild_spade_twos:
        return msg("A wild ♠2 stands for any card.")
    return msg("A joker stands for any card.")


def _wild_share(r: Ruleset) -> Message:
    if r.jokers_at_most_naturals:
        return msg("A meld must hold at least as many natural cards as wild ones.")
    return msg("A meld may hold more wild cards than natural ones.")


def _swap(r: Ruleset) -> Message:
    if r.joker_swap == "none":
        if r.wild_spade_twos:
            return msg("A wild ♠2 on the table stays where it is.")
        return msg("A joker on the table stays where it is.")
    if r.joker_swap == "runs":
        if r.wild_spade_twos:
            return msg(
                "A wild ♠2 in a run on the table may be taken by putting the card it stands for in its place; "
                "in a set it stays."
            )
        return msg(
            "A joker in a run on the table may be taken by putting the card it stands for in its place; "
            "in a set it stays."
        )
    if r.wild_spade_twos:
        return msg("A wild ♠2 on the table may be taken by putting the card it stands for in its place.")
    return msg("A joker on the table may be taken by putting the card it stands for in its place.")


def _swap_when(r: Ruleset) -> Message:
    if r.joker_swap_needs_earlier_turn:
        return msg("You may swap once you laid {laid} on an earlier turn.", laid=_laid(r))
    return msg("You may swap once you have laid {laid}, also in the same turn.", laid=_laid(r))


def _swap_before(r: Ruleset) -> Message:
    if r.joker_swap_before_opening:
        return msg("Before you have opened, you may swap into the opening you lay in that same turn.")
    return msg("Before you have opened, you may not swap.")


def _swapped(r: Ruleset) -> Message:
    if r.swapped_joker_same_turn:
        if r.wild_spade_twos:
            return msg("A wild ♠2 taken by a swap must be played again in the same turn.")
        return msg("A joker taken by a swap must be played again in the same turn.")
    if r.wild_spade_twos:
        return msg("A wild ♠2 taken by a swap goes to the hand and may be kept for later.")
    return msg("A joker taken by a swap goes to the hand and may be kept for later.")


def _contracts(r: Ruleset) -> Message:
    if not r.contracts:
        return msg("There are no contracts.")
    rounds = [
        msg("round {round}: {contract}", round=number, contract=contract_words(contract))
        for number, contract in enumerate(r.contracts, start=1)
    ]
    return msg(
        "Each round has its contract, which goes down all at once, in one turn, once a round: {rounds}.",
        rounds=_semicolons(rounds),
    )


def _semicolons(items: list[Message]) -> Message:
    out = items[0]
    for item in items[1:]:
        out = msg("{head}; {last}", head=out, last=item)
    return out


def _all_down(r: Ruleset) -> Message:
    if r.all_down_at_once:
        return msg("A contract may hold extra cards (a longer run, a bigger set), laid down together.")
    return msg("A contract goes down with exactly the cards it asks for; extra cards wait for a later turn.")


def _runs_apart(r: Ruleset) -> Message:
    if r.same_suit_runs_apart:
        return msg("Two runs of the same suit in a contract must overlap or have a gap between them.")
    return msg("Two runs of the same suit in a contract may follow on from each other.")


def _last_contract(r: Ruleset) -> Message:
    if r.last_contract_goes_out:
        return msg("The last contract goes down only by going out with the whole hand, without a discard.")
    return msg("The last contract goes down like the others.")


def _opening(r: Ruleset) -> Message:
    if r.opening_points is None:
        return msg("A first meld needs no points.")
    return msg(
        "The first lay-down, the opening, must count at least {points} points; until a player has opened "
        "they may not lay off.",
        points=r.opening_points,
    )


def _turn(r: Ruleset) -> Message:
    if r.family == "gin":
        return msg(
            "On your turn, draw the top card of the stock or of the discard pile, then discard a card or knock."
        )
    if r.family == "contract":
        return msg(
            "On your turn, draw the top card of the stock or of the discard pile, lay down your contract "
            "if you have it, lay off if you may, and discard a card."
        )
    return msg(
        "On your turn, draw the top card of the stock or of the discard pile, lay melds and lay off "
        "if you may, and discard a card."
    )


def _melds_per_turn(r: Ruleset) -> Message:
    if r.melds_per_turn is None:
        return msg("Any number of new melds may be laid in one turn.")
    return nmsg(
        "At most {n} new meld may be laid in one turn.",
        "At most {n} new melds may be laid in one turn.",
        r.melds_per_turn,
    )


def _layoff(r: Ruleset) -> Message:
    if r.layoff_needs == "down-earlier-turn":
        return msg(
            "You may lay cards off on the melds on the table, yours or others', once you laid {laid} "
            "on an earlier turn.",
            laid=_laid(r),
        )
    if r.layoff_needs == "down":
        return msg(
            "You may lay cards off on the melds on the table, yours or others', once you have laid {laid}.",
            laid=_laid(r),
        )
    return msg("You may lay cards off on the melds on the table, yours or others', at any time.")


def _keep_taken(r: Ruleset) -> Message:
    if r.keep_taken_discard:
        return msg("A card taken from the discard pile may not be discarded in the same turn.")
    return msg("A card taken from the discard pile may be discarded again in the same turn.")


def _reuse(r: Ruleset) -> Message:
    if r.discard_reuse == "reshuffle-keep-top":
        return msg("When the stock runs out, the discard pile but its top card is shuffled into a new stock.")
    if r.discard_reuse == "turn-over":
        return msg("When the stock runs out, the discard pile is turned over, unshuffled, as a new stock.")
    return msg(
        "The discard pile is never reused: when the stock runs out, the player on turn may take the "
        "discard or decline it, which ends the deal."
    )


def _reserve(r: Ruleset) -> Message:
    return nmsg(
        "The deal is void when only {n} card is left in the stock.",
        "The deal is void when only {n} cards are left in the stock.",
        r.gin_stock_reserve,
    )


def _turn_cap(r: Ruleset) -> Message:
    if r.max_turns_per_round is None:
        return msg("A round has no limit on turns.")
    return nmsg(
        "A round ends with no winner after {n} turn.",
        "A round ends with no winner after {n} turns.",
        r.max_turns_per_round,
    )


def _buying(r: Ruleset) -> Message:
    if not r.buying:
        return msg("There is no buying.")
    return msg(
        "When the player on turn draws from the stock, the discard is free for the others, in turn "
        "order: whoever buys it takes it and the top card of the stock as well, and does nothing else."
    )


def _buy_limit(r: Ruleset) -> Message:
    if r.max_buys_per_round is None:
        return msg("A player may buy any number of cards in a round, but never two in a row.")
    return nmsg(
        "A player may buy at most {n} card in a round.",
        "A player may buy at most {n} cards in a round.",
        r.max_buys_per_round,
    )


def _buy_before(r: Ruleset) -> Message:
    if r.buy_only_before_contract:
        return msg("Only a player whose contract is not yet down may buy.")
    return msg("A player may buy also after their contract is down.")


def _cut(r: Ruleset) -> Message:
    if not r.liverpool_cut:
        return msg("There is no Liverpool cut.")
    return msg(
        "Liverpool: before the deal, the player to the right of the dealer cuts the pack, trying to cut "
        "exactly the cards to be dealt and the upcard."
    )


def _cut_rules(r: Ruleset) -> Message:
    if not r.liverpool_cut:
        return _cut(r)
    return msg("{head} {last}", head=_cut(r), last=_cut_bonus(r))


def _cut_bonus(r: Ruleset) -> Message:
    if r.cut_bonus < 0:
        return msg(
            "An exact Liverpool cut takes {points} points off the cutter's score.", points=-r.cut_bonus
        )
    return msg("An exact Liverpool cut scores {bonus} points.", bonus=r.cut_bonus)


def _shanghai(r: Ruleset) -> Message:
    if not r.shanghai:
        return msg("There are no Shanghai calls.")
    return msg(
        "Shanghai: a discard that could be laid off on the table may be called by anyone, who lays it "
        "there; saying Shanghai while discarding protects the card."
    )


def _going_out(r: Ruleset) -> Message:
    if r.family == "gin":
        return msg(
            "The deal ends when a player knocks: they lay their melds, and the deadwood left in the hands is counted."
        )
    if r.last_card_discard:
        return msg(
            "The round ends as soon as a player is rid of their last card; that last card must be discarded."
        )
    return msg(
        "The round ends as soon as a player is rid of their last card, whether it is laid, laid off or discarded."
    )


def _last_discard(r: Ruleset) -> Message:
    if r.last_card_discard:
        return msg("Going out needs a final discard: the last card cannot be laid or laid off.")
    return msg("A player may go out by laying or laying off the last card, without a discard.")


def _rummy(r: Ruleset) -> Message:
    if r.going_rummy:
        return msg(
            "Going rummy, the whole hand in one turn with nothing laid before, doubles the deal's points."
        )
    return msg("Going rummy earns nothing extra.")


def _scoring(r: Ruleset) -> Message:
    if r.scoring == "penalty":
        return msg(
            "The others count the cards left in their hands as penalty points; the player who went out scores 0."
        )
    if r.scoring == "winner-takes-all":
        return msg("The player who went out scores the value of all the cards left in the others' hands.")
    if r.scoring == "block":
        return msg(
            "The player who went out scores the value of the others' hands; when a deal ends with nobody out, "
            "the lowest hand scores the difference to each other hand."
        )
    return msg(
        "A knocker with less deadwood than the others scores the difference; a gin, with no deadwood, "
        "scores a bonus besides."
    )


def _values(r: Ruleset) -> Message:
    v: CardValues = r.values
    low = msg("face value") if v.two_to_nine is None else _points(v.two_to_nine)
    parts = [
        msg("ace {ace}", ace=_points(v.ace)),
        msg("2 to 9 {low}", low=low),
        msg("10 {ten}", ten=_points(v.ten)),
        msg("J, Q and K {court}", court=_points(v.court)),
    ]
    if r.has_wild_cards or v.joker:
        joker = _points(v.joker)
        parts.append(
            msg("wild ♠2 {points}", points=joker)
            if r.wild_spade_twos
            else msg("joker {points}", points=joker)
        )
    return msg("Cards count: {values}.", values=_semicolons(parts))


def _ace_low_in_run(r: Ruleset) -> Message:
    if r.values.ace_low_in_run is None:
        return msg("An ace low in a run counts as any ace in an opening.")
    return msg("In an opening, an ace low in a run (A 2 3) counts {points}.", points=r.values.ace_low_in_run)


def _surcharge(r: Ruleset) -> Message:
    if r.loser_surcharge == 0:
        return msg("The losers pay nothing on top of their cards.")
    return nmsg(
        "Each loser pays {n} point on top of their cards.",
        "Each loser pays {n} points on top of their cards.",
        r.loser_surcharge,
    )


def _knock(r: Ruleset) -> Message:
    return nmsg(
        "A player may knock with at most {n} point of deadwood.",
        "A player may knock with at most {n} points of deadwood.",
        r.knock_limit,
    )


def _gin(r: Ruleset) -> Message:
    if r.gin_loser_pays == "hand":
        what = msg("the value of every card they hold")
    else:
        what = msg("the value of their deadwood")
    return msg(
        "A gin scores a bonus of {bonus} points, and the others pay {times} times {what}.",
        bonus=r.gin_bonus,
        times=r.gin_multiplier,
        what=what,
    )


def _undercut(r: Ruleset) -> Message:
    tie = (
        msg("as little deadwood as the knocker, or less")
        if r.undercut_on_tie
        else msg("less deadwood than the knocker")
    )
    return msg(
        "A player with {tie} undercuts: they score the difference and a bonus of {bonus} points, "
        "and the knocker loses {penalty} points more.",
        tie=tie,
        bonus=r.undercut_bonus,
        penalty=r.undercut_penalty,
    )


def _match(r: Ruleset) -> Message:
    if r.rounds is not None and r.target_score is not None:
        return nmsg(
            "The match is {n} round, or ends sooner when someone reaches {target} points.",
            "The match is {n} rounds, or ends sooner when someone reaches {target} points.",
            r.rounds,
            target=r.target_score,
        )
    if r.rounds is not None:
        return nmsg("The match is {n} round.", "The match is {n} rounds.", r.rounds)
    return msg("The match ends when someone reaches {target} points.", target=r.target_score)


def _winner(r: Ruleset) -> Message:
    if r.lowest_wins:
        return msg("The lowest total wins.")
    return msg("The highest total wins.")


def _family(r: Ruleset) -> Message:
    return {
        "contract": msg("It is a contract game: each round asks for its own melds."),
        "basic": msg("It is a basic rummy game: lay what you like, when you like."),
        "opening": msg("It is a game with an opening: the first lay-down must reach a number of points."),
        "gin": msg("It is a game of gin: a deal ends by knocking."),
    }[r.family]


_Sentence = Callable[["Ruleset"], Message]

#: Which sentence writes each field's rule, in the order of the sheet.
RULE_FIELDS: Final[tuple[tuple[_Sentence, tuple[str, ...]], ...]] = (
    (_family, ("family",)),
    (_players, ("min_players", "max_players")),
    (_pack, ("decks", "jokers")),
    (_large_table, ("large_table_from", "large_table_decks", "large_table_jokers")),
    (_spade_twos, ("wild_spade_twos",)),
    (_hand_sizes, ("hand_size_by_round", "hand_size_by_players")),
    (_starter, ("starter_extra_card",)),
    (_upcard, ("upcard",)),
    (_first_dealer, ("first_dealer",)),
    (_sets, ("set_min", "set_max")),
    (_set_suits, ("distinct_suit_sets",)),
    (_runs, ("run_min",)),
    (_ace, ("ace_low", "ace_high")),
    (_wild_share, ("jokers_at_most_naturals",)),
    (_swap, ("joker_swap",)),
    (_swap_when, ("joker_swap_needs_earlier_turn",)),
    (_swap_before, ("joker_swap_before_opening",)),
    (_swapped, ("swapped_joker_same_turn",)),
    (_contracts, ("contracts",)),
    (_all_down, ("all_down_at_once",)),
    (_runs_apart, ("same_suit_runs_apart",)),
    (_last_contract, ("last_contract_goes_out",)),
    (_opening, ("opening_points",)),
    (_melds_per_turn, ("melds_per_turn",)),
    (_layoff, ("layoff_needs",)),
    (_keep_taken, ("keep_taken_discard",)),
    (_last_discard, ("last_card_discard",)),
    (_reuse, ("discard_reuse",)),
    (_turn_cap, ("max_turns_per_round",)),
    (_buying, ("buying",)),
    (_buy_limit, ("max_buys_per_round",)),
    (_buy_before, ("buy_only_before_contract",)),
    (_cut_rules, ("liverpool_cut", "cut_bonus")),
    (_shanghai, ("shanghai",)),
    (_values, ("values",)),
    (_ace_low_in_run, ("values",)),
    (_scoring, ("scoring",)),
    (_surcharge, ("loser_surcharge",)),
    (_rummy, ("going_rummy",)),
    (_knock, ("knock_limit",)),
    (_gin, ("gin_bonus", "gin_multiplier", "gin_loser_pays")),
    (_undercut, ("undercut_bonus", "undercut_penalty", "undercut_on_tie")),
    (_reserve, ("gin_stock_reserve",)),
    (_match, ("rounds", "target_score")),
    (_winner, ("lowest_wins",)),
)


def rule_sentences(ruleset: Ruleset, fields: Iterable[str]) -> tuple[Message, ...]:
    """The sentences that state the rule of each of *fields*, in the sheet's order, each once.

    >>> import remi
    >>> rule_sentences(remi.NORWEGIAN, ["rounds"])
    ('The match is 7 rounds.',)
    """
    wanted = set(fields)
    return tuple(write(ruleset) for write, names in RULE_FIELDS if wanted.intersection(names))


def _differs(ruleset: Ruleset, preset: Ruleset) -> list[str]:
    """The fields in which *ruleset* differs from *preset*.

    >>> import remi
    >>> _differs(remi.FINNISH, remi.SWEDISH)
    ['going_rummy']
    """
    return [
        name for _, names in RULE_FIELDS for name in names if getattr(ruleset, name) != getattr(preset, name)
    ]


def changed_rules(ruleset: Ruleset, preset: Ruleset) -> tuple[Message, ...]:
    """The sentences of the rules *ruleset* changes from *preset*, in the sheet's order.

    An option that differs but changes nothing in this game (a hand size per
    table size in a game dealt by rounds) writes the same sentence as the
    preset's and is left out.

    >>> import remi
    >>> changed_rules(remi.with_variants(remi.NORWEGIAN, "joker and ace 15"), remi.NORWEGIAN)
    ('Cards count: ace 15 points; 2 to 9 face value; 10 10 points; J, Q and K 10 points; joker 15 points.',)
    """
    wanted = set(_differs(ruleset, preset))
    out = []
    for write, names in RULE_FIELDS:
        if wanted.intersection(names):
            sentence = write(ruleset)
            if sentence != write(preset):
                out.append(sentence)
    return tuple(out)


def preset_of(ruleset: Ruleset, presets: Mapping[str, Ruleset]) -> Ruleset:
    """The preset *ruleset* is a house rule of: the one of its name, else the nearest of its family.

    >>> import attrs, remi
    >>> preset_of(attrs.evolve(remi.FINNISH, name="Ours", going_rummy=False), remi.PRESETS).name
    'Swedish Basic Rummy'
    """
    for preset in presets.values():
        if preset.name == ruleset.name:
            return preset
    family = [p for p in presets.values() if p.family == ruleset.family] or list(presets.values())
    return min(family, key=lambda p: len(_differs(ruleset, p)))


def _pack_lines(r: Ruleset) -> list[Message]:
    pack = [_players(r), _pack(r)]
    if r.large_table_from is not None:
        pack.append(_large_table(r))
    if r.wild_spade_twos:
        pack.append(_spade_twos(r))
    return pack


def _deal_lines(r: Ruleset) -> list[Message]:
    deal = [_first_dealer(r), _hand_sizes(r)]
    if r.starter_extra_card:
        deal.append(_starter(r))
    deal.append(_upcard(r))
    return deal


def _meld_lines(r: Ruleset) -> list[Message]:
    melds = [_sets(r)]
    if r.max_decks > 1 or r.distinct_suit_sets:
        melds.append(_set_suits(r))
    melds += [_runs(r), _ace(r), _wild_cards(r)]
    if r.has_wild_cards:
        melds.append(_wild_share(r))
        melds.append(_swap(r))
        if r.joker_swap != "none":
            melds.append(_swap_when(r))
            if r.joker_swap_before_opening:
                melds.append(_swap_before(r))
            melds.append(_swapped(r))
    return melds


def _turn_lines(r: Ruleset) -> list[Message]:
    gin = r.family == "gin"
    turn = [_turn(r)]
    if not gin:
        turn += [_melds_per_turn(r), _layoff(r)]
    turn.append(_keep_taken(r))
    turn.append(_reserve(r) if gin else _reuse(r))
    if r.max_turns_per_round is not None:
        turn.append(_turn_cap(r))
    return turn


def _call_lines(r: Ruleset) -> list[Message]:
    extras = [_cut_rules(r)] if r.liverpool_cut else []
    if r.shanghai:
        extras.append(_shanghai(r))
    return extras


def _scoring_lines(r: Ruleset) -> list[Message]:
    scoring = [_scoring(r), _values(r)]
    if r.opening_points is not None and r.values.ace_low_in_run is not None:
        scoring.append(_ace_low_in_run(r))
    if r.loser_surcharge:
        scoring.append(_surcharge(r))
    if r.going_rummy:
        scoring.append(_rummy(r))
    if r.family == "gin":
        scoring += [_gin(r), _undercut(r)]
    return scoring


def _body(r: Ruleset) -> list[tuple[Message, list[Message]]]:
    """The sheet's sections: a heading and the sentences that matter for this game.

    >>> import remi
    >>> [str(heading) for heading, _ in _body(remi.GIN)][:3]
    ['Players and pack', 'The deal', 'Melds']
    """
    sections: list[tuple[Message, list[Message]]] = [
        (msg("Players and pack"), _pack_lines(r)),
        (msg("The deal"), _deal_lines(r)),
        (msg("Melds"), _meld_lines(r)),
    ]
    if r.family == "contract":
        sections.append((msg("Contracts"), [_contracts(r), _all_down(r), _runs_apart(r), _last_contract(r)]))
    elif r.opening_points is not None:
        sections.append((msg("The opening"), [_opening(r)]))
    sections.append((msg("The turn"), _turn_lines(r)))
    if r.buying:
        buying = [_buying(r), _buy_limit(r)]
        if r.buy_only_before_contract:
            buying.append(_buy_before(r))
        sections.append((msg("Buying"), buying))
    extras = _call_lines(r)
    if extras:
        sections.append((msg("Table calls"), extras))
    out = [_going_out(r)]
    if r.family == "gin":
        out.append(_knock(r))
    sections.append((msg("Going out"), out))
    sections.append((msg("Scoring"), _scoring_lines(r)))
    sections.append((msg("The end of the match"), [_match(r), _winner(r)]))
    return sections


def house_rules(ruleset: Ruleset, presets: Mapping[str, Ruleset], lang: str = "en") -> str:
    """Write *ruleset*'s house-rules sheet in *lang*, naming every option that differs from its preset.

    *presets* are the presets to compare with (:data:`remi.PRESETS`). An
    unknown *lang* raises :class:`~remi.NotationError` (``unknown-language``).

    >>> import remi
    >>> from remi.house_rules import house_rules
    >>> sheet = house_rules(remi.with_variants(remi.NORWEGIAN, "shanghai"), remi.PRESETS)
    >>> print(sheet.split("House rules that differ")[1])
     from Norwegian Remi:
    - Shanghai: a discard that could be laid off on the table may be called by anyone, who lays it there; saying Shanghai while discarding protects the card.
    >>> house_rules(remi.GIN, remi.PRESETS, "de")
    Traceback (most recent call last):
    ...
    remi.NotationError: There is no language 'de' in remi: the languages are en, nb, sv, fi and sl.
    """
    lang = require_language(lang)
    preset = preset_of(ruleset, presets)
    lines = [msg("House rules: {name}", name=ruleset.name).render(lang)]
    for heading, sentences in _body(ruleset):
        lines.append("")
        lines.append(heading.render(lang))
        lines.append(" ".join(sentence.render(lang) for sentence in sentences))
    lines.append("")
    changed = changed_rules(ruleset, preset)
    if changed:
        lines.append(msg("House rules that differ from {preset}:", preset=preset.name).render(lang))
        lines.extend("- " + sentence.render(lang) for sentence in changed)
    else:
        lines.append(
            msg("These are the rules of {preset}, with no house rules.", preset=preset.name).render(lang)
        )
    return "\n".join(lines)
