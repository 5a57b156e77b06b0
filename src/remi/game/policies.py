"""Family policies: what differs between the contract, opening (51), basic and gin families.

The turn engine (``game.engine``) is one engine for every game. What a family
changes is gathered in one policy value each: what a lay-down must be, when a
seat counts as down, what a lay-off needs, whether a lay-off counts as going
down, how a deal runs dry, and the family's reason texts. :func:`policy_for`
is where the engine looks at ``Ruleset.family`` (docs/design.rst, "Family
policies"); a new family or house rule touches one policy, not the engine.

>>> import remi
>>> from remi.game.policies import policy_for
>>> policy_for(remi.NORWEGIAN).name, policy_for(remi.GIN).table_play
('contract', False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

from ..cards import Card, sorted_hand
from ..codes import ErrorCode
from ..contracts import check_contract, contract_at, contract_problem
from ..melds import Meld, MeldKind, points_of
from ..messages import Message, msg, nmsg
from ..rulesets import Ruleset
from ..solver.completion import contract_lay_test, held_can_complete_contract
from ..solver.openings import opening_lay_test, opening_reaches

if TYPE_CHECKING:
    from . import GameState

__all__ = [
    "Policy",
    "Refusal",
    "policy_for",
    "never",
    "must_keep_card",
    "the_joker",
    "already_down",
]

#: A refusal: a stable code and a one-sentence reason (a :class:`~remi.messages.Message`).
Refusal = tuple[ErrorCode, str]


def the_joker() -> Message:
    """How a reason names a joker taken back from the table."""
    return msg("the joker")


def _final_round(s: GameState) -> bool:
    """Whether *s* is in a last round that goes out (docs/rules/norwegian.rst, norwegian-round-seven)."""
    rules = s.ruleset
    return rules.last_contract_goes_out and s.round == len(rules.contracts)


def must_keep_card(s: GameState) -> bool:
    """Whether going out needs a final discard (so melds and lay-offs may not empty the hand)."""
    return not _final_round(s) and s.ruleset.last_card_discard


#: Sets and runs: what a family lays unless it says otherwise.
_BOTH_KINDS: Final[tuple[MeldKind, ...]] = ("set", "run")


class Policy:
    """The family-specific part of the rules; the defaults are those of Basic Rummy."""

    #: The family's name, as in ``Ruleset.family``.
    name: str = "basic"
    #: Whether anything is laid on the table during play (Gin: no).
    table_play: bool = True
    #: Whether the deal ends by knocking (Gin).
    knocks: bool = False
    #: Whether a lay-off counts as going down (Basic Rummy: laying off is melding, for going rummy).
    layoff_goes_down: bool = True
    #: Whether ``melds_per_turn`` limits new melds.
    limits_melds_per_turn: bool = True

    def own_melds(self, s: GameState, seat: int) -> list[Meld]:
        """The melds *seat* has laid on the table."""
        return [m for m, owner in zip(s.table, s.owners) if owner == seat]

    def is_down(self, s: GameState, seat: int) -> bool:
        """Whether *seat* is down: it has laid what it must lay first."""
        return s.down[seat] >= 0

    def in_progress(self, s: GameState, seat: int) -> bool:
        """Whether *seat* has begun its first lay-down this turn without completing it."""
        return False

    def lay_refusal(self, s: GameState, seat: int, hand: Sequence[Card], meld: Meld) -> Refusal | None:
        """The family's refusal of laying *meld* from *hand* now (after the engine's common checks)."""
        return None

    def exact_sizes(self, s: GameState) -> bool:
        """Whether only melds of exactly the least size can be laid now (the contract's rule)."""
        return False

    def lay_kinds(self, s: GameState, seat: int) -> tuple[MeldKind, ...]:
        """The kinds of meld *seat* may lay now at all (the candidates :meth:`lay_filter` is asked about)."""
        return _BOTH_KINDS

    #: Whether this family ever lays melds card by card (:meth:`builds` is then asked per state).
    may_build: bool = False

    def builds(self, s: GameState) -> bool:
        """Whether melds go down card by card now (``build`` actions, then a ``lay``), not whole."""
        return False

    def build_shrinks(self, s: GameState) -> bool:
        """Whether a meld that fails :meth:`lay_filter` fails with any more cards of the same kind too.

        A build then asks only the shortest melds on each path of cards.
        """
        return False

    def lay_filter(self, s: GameState, seat: int, hand: Sequence[Card]) -> Callable[[Meld], bool]:
        """A test equal to ``lay_refusal(s, seat, hand, meld) is None`` for the hand's candidate melds.

        ``legal_actions()`` asks it once per candidate meld; a family may answer
        from work shared by every candidate of the hand (the same answers,
        found faster).
        """
        return lambda meld: self.lay_refusal(s, seat, hand, meld) is None

    def listed_lay_filter(self, s: GameState, seat: int, hand: Sequence[Card]) -> Callable[[Meld], bool]:
        """:meth:`lay_filter` for the melds ``legal_actions()`` lists only: of :meth:`lay_kinds`, exact where :meth:`exact_sizes`.

        A family may skip the checks those melds pass by construction.
        """
        return self.lay_filter(s, seat, hand)

    def unreachable_text(self, s: GameState, seat: int) -> Message | None:
        """Why no meld can be laid now when its lay-down could not be completed this turn (``None``: unsaid)."""
        return None

    def layout_refusal(self, s: GameState, seat: int, melds: Sequence[Meld]) -> Refusal | None:
        """Why *melds*, laid now one after another by *seat*, cannot go down as a whole (``None``: no such reason).

        :meth:`GameState.lay` asks it when one of the melds is refused for want of
        a way to complete the lay-down, to name the cause the whole layout shows.
        """
        return None

    def in_progress_refusal(self, s: GameState, seat: int) -> Refusal:
        """Why the turn cannot end (discard) while a lay-down is half done."""
        return ("internal", msg("Finish your lay-down before you discard."))  # pragma: no cover

    def may_swap_before_down(self, rules: Ruleset) -> bool:
        """Whether a seat that is not down may take back a joker (to use it in its first lay-down)."""
        return False

    def swap_before_down_refusal(
        self, s: GameState, seat: int, hand: Sequence[Card], card: Card, freed: Card
    ) -> Refusal | None:
        """Why *seat*, not down, may not swap *card* for the wild card *freed*, leaving *hand* (``None``: it may)."""
        return None

    def freed_joker_in_new_meld(self) -> bool:
        """Whether a joker taken back may be played again in a new meld (not only by a lay-off)."""
        return False

    def deal_void(self, stock_size: int, rules: Ruleset) -> bool:
        """Whether the deal ends void at the start of a turn for want of stock (Gin's reserve)."""
        return False

    def not_down_text(self, rules: Ruleset) -> Message:
        """The start of a reason: the seat has not gone down yet."""
        return msg("You have not laid a meld yet")

    def down_this_turn_text(self, rules: Ruleset) -> Message:
        """The start of a reason: the seat went down in this very turn."""
        return msg("You laid your first meld this turn")

    def play_text(self, seat: int, rules: Ruleset) -> Message:
        """What the seat on turn may do in the play phase, for a wrong-phase reason."""
        if rules.joker_swap != "none" and (rules.wild_spade_twos or rules.jokers != 0):
            if rules.wild_spade_twos:
                return msg(
                    "it is seat {seat}'s play: lay down, lay off, swap a wild ♠2 or discard", seat=seat
                )
            return msg("it is seat {seat}'s play: lay down, lay off, swap a joker or discard", seat=seat)
        return msg("it is seat {seat}'s play: lay down, lay off or discard", seat=seat)


class ContractPolicy(Policy):
    """Norwegian Remi: the round's contract goes down one meld per action, within one turn."""

    name = "contract"
    layoff_goes_down = False
    limits_melds_per_turn = False
    may_build = True

    def _complete(self, s: GameState, seat: int) -> bool:
        contract = contract_at(s.round, s.ruleset)
        melds = self.own_melds(s, seat)
        sets = sum(1 for m in melds if m.kind == "set")
        return sets == contract.sets and len(melds) - sets == contract.runs

    def is_down(self, s: GameState, seat: int) -> bool:
        down = s.down[seat]
        return down >= 0 and (down < s.turn or self._complete(s, seat))

    def in_progress(self, s: GameState, seat: int) -> bool:
        return s.down[seat] == s.turn and seat in s.owners and not self._complete(s, seat)

    def lay_refusal(self, s: GameState, seat: int, hand: Sequence[Card], meld: Meld) -> Refusal | None:
        rules = s.ruleset
        if s.down[seat] >= 0 and not self.in_progress(s, seat):
            return ("contract-already-down", already_down())
        laid = self.own_melds(s, seat)
        why = self._beyond_contract(s, laid, meld) or self._size_refusal(s, meld)
        if why is not None:
            return why
        partial = contract_problem([*laid, meld], s.round, rules) if rules.same_suit_runs_apart else None
        if partial is not None and partial.code == "runs-touch":
            return ("runs-touch", partial.reason)
        return self._unreachable(s, hand, laid, meld)

    def _beyond_contract(self, s: GameState, laid: Sequence[Meld], meld: Meld) -> Refusal | None:
        """A set or run the round's contract needs no more of."""
        contract = contract_at(s.round, s.ruleset)
        want = contract.sets if meld.kind == "set" else contract.runs
        have = sum(1 for m in laid if m.kind == meld.kind)
        if have < want:
            return None
        words = contract.phrase()
        if meld.kind == "set":
            return (
                "wrong-combinations",
                nmsg(
                    "Round {round} asks for {contract}; it needs no further set ({n} laid).",
                    "Round {round} asks for {contract}; it needs no further set ({n} laid).",
                    have,
                    round=s.round,
                    contract=words,
                ),
            )
        return (
            "wrong-combinations",
            nmsg(
                "Round {round} asks for {contract}; it needs no further run ({n} laid).",
                "Round {round} asks for {contract}; it needs no further run ({n} laid).",
                have,
                round=s.round,
                contract=words,
            ),
        )

    def _size_refusal(self, s: GameState, meld: Meld) -> Refusal | None:
        """A contract meld longer than its least size where the contract goes down with exactly its cards."""
        rules = s.ruleset
        if not self.exact_sizes(s):
            return None
        size = rules.set_min if meld.kind == "set" else rules.run_min
        if len(meld.cards) == size:
            return None
        return (
            "extra-cards",
            msg(
                "The contract goes down with exactly its cards: sets of {set_min}, "
                "runs of {run_min}; {meld} has {count}.",
                set_min=rules.set_min,
                run_min=rules.run_min,
                meld=meld,
                count=len(meld.cards),
            ),
        )

    def _unreachable(
        self, s: GameState, hand: Sequence[Card], laid: Sequence[Meld], meld: Meld
    ) -> Refusal | None:
        """*meld* laid, the cards left cannot complete the contract this turn (keeping a card to discard)."""
        rules = s.ruleset
        rest = list(hand)
        for card in meld.cards:
            rest.remove(card)
        keep = 1 if must_keep_card(s) else 0
        if held_can_complete_contract(rest, [*laid, meld], s.round, rules, keep=keep):
            return None
        contract = contract_at(s.round, rules)
        if keep:
            why = msg(
                "With {meld} laid, the cards left cannot complete round {round}'s contract "
                "({contract}) and keep a card to discard this turn.",
                meld=meld,
                round=s.round,
                contract=contract.phrase(),
            )
        else:
            why = msg(
                "With {meld} laid, the cards left cannot complete round {round}'s contract "
                "({contract}) this turn.",
                meld=meld,
                round=s.round,
                contract=contract.phrase(),
            )
        return ("contract-unreachable", why)

    def _missing(self, s: GameState, seat: int) -> dict[MeldKind, int]:
        """How many sets and runs of the contract *seat* has still to lay this round."""
        contract = contract_at(s.round, s.ruleset)
        missing: dict[MeldKind, int] = {"set": contract.sets, "run": contract.runs}
        for meld in self.own_melds(s, seat):
            missing[meld.kind] -= 1
        return missing

    def lay_kinds(self, s: GameState, seat: int) -> tuple[MeldKind, ...]:
        return tuple(kind for kind, n in self._missing(s, seat).items() if n > 0)

    def exact_sizes(self, s: GameState) -> bool:
        """Whether a contract meld must have exactly the least size (not all down at once, not the last round)."""
        return not self.builds(s)

    def builds(self, s: GameState) -> bool:
        """Melds of free size go down card by card (docs/rules/norwegian.rst, norwegian-build-card-by-card).

        Exactly when :meth:`exact_sizes` is false: all down at once, or the last round.
        """
        return s.ruleset.all_down_at_once or _final_round(s)

    def build_shrinks(self, s: GameState) -> bool:
        """Fewer cards laid leave more to complete the contract with, unless the hand must go out exactly.

        With runs of a suit kept apart a longer run may also touch a laid one.
        """
        return not _final_round(s) and not s.ruleset.same_suit_runs_apart

    def _completes(self, s: GameState, seat: int, hand: Sequence[Card]) -> Callable[[Meld], bool] | None:
        """The contract's test of a meld of the kinds and sizes wanted, or ``None`` when no meld passes."""
        if s.down[seat] >= 0 and not self.in_progress(s, seat):
            return None
        keep = 1 if must_keep_card(s) else 0
        # A meld that can be completed leaves a hand whose melds complete the contract beside
        # those laid (that meld and the rest), so a hand that cannot complete it lays nothing.
        return contract_lay_test(hand, self.own_melds(s, seat), s.round, s.ruleset, keep)

    def listed_lay_filter(self, s: GameState, seat: int, hand: Sequence[Card]) -> Callable[[Meld], bool]:
        # The listed melds are of the kinds still missing and of the least sizes where sizes are exact.
        if s.ruleset.same_suit_runs_apart:
            return self.lay_filter(s, seat, hand)
        complete = self._completes(s, seat, hand)
        return never if complete is None else complete

    def lay_filter(self, s: GameState, seat: int, hand: Sequence[Card]) -> Callable[[Meld], bool]:
        rules = s.ruleset
        complete = self._completes(s, seat, hand)
        if complete is None:
            return never
        missing = self._missing(s, seat)
        sized = self.exact_sizes(s)
        size = {"set": rules.set_min, "run": rules.run_min}
        apart = rules.same_suit_runs_apart

        def ok(meld: Meld) -> bool:
            kind = meld.kind
            if missing[kind] <= 0 or (sized and len(meld.cards) != size[kind]):
                return False
            if apart:
                return self.lay_refusal(s, seat, hand, meld) is None
            return complete(meld)

        return ok

    def unreachable_text(self, s: GameState, seat: int) -> Message | None:
        words = contract_at(s.round, s.ruleset).phrase()
        if _final_round(s):
            # docs/rules/norwegian.rst, norwegian-round-seven: the runs take every card in hand.
            return nmsg(
                "round {round} goes down only by going out, and no {contract} take all {n} cards in hand",
                "round {round} goes down only by going out, and no {contract} take all {n} cards in hand",
                len(s.hands[seat]),
                round=s.round,
                contract=words,
            )
        return msg(
            "the cards in hand cannot complete round {round}'s contract ({contract}) this turn",
            round=s.round,
            contract=words,
        )

    def layout_refusal(self, s: GameState, seat: int, melds: Sequence[Meld]) -> Refusal | None:
        """The last round's runs take every card in hand (docs/rules/norwegian.rst, norwegian-round-seven)."""
        if not _final_round(s) or (s.down[seat] >= 0 and not self.in_progress(s, seat)):
            return None
        laid = self.own_melds(s, seat) if self.in_progress(s, seat) else []
        hand = [*s.hands[seat], *(card for meld in laid for card in meld.cards)]
        if check_contract([*laid, *melds], s.round, s.ruleset, hand=hand).code != "cards-left-in-hand":
            return None
        left = Counter(hand) - Counter(card for meld in (*laid, *melds) for card in meld.cards)
        return (
            "cards-left-in-hand",
            msg(
                "Round {round} goes down only by going out: its runs must take every card in hand, "
                "and {cards} would be left.",
                round=s.round,
                cards=sorted_hand(left.elements()),
            ),
        )

    def in_progress_refusal(self, s: GameState, seat: int) -> Refusal:
        return (
            "contract-unfinished",
            msg(
                "Your contract ({contract}) is half laid; lay its other melds first.",
                contract=contract_at(s.round, s.ruleset).phrase(),
            ),
        )

    def not_down_text(self, rules: Ruleset) -> Message:
        return msg("Your contract is not down yet")

    def down_this_turn_text(self, rules: Ruleset) -> Message:
        return msg("Your contract went down this turn")


class OpeningPolicy(Policy):
    """Slovenian 51 and Kalooki: the first lay-down reaches the opening points within one turn."""

    name = "opening"
    layoff_goes_down = False
    limits_melds_per_turn = False

    def points(self, s: GameState, seat: int) -> int:
        """What the melds *seat* laid count toward an opening."""
        rules = s.ruleset
        return sum(points_of(m, rules) for m in self.own_melds(s, seat))

    def is_down(self, s: GameState, seat: int) -> bool:
        down = s.down[seat]
        if down < 0:
            return False
        if down < s.turn:
            return True
        # Down this turn: a joker swap before opening sets down[seat] too, with nothing laid yet
        # (docs/rules/kalooki.rst, kalooki-swap-before-opening).
        need = s.ruleset.opening_points
        if need is None:
            return seat in s.owners
        return self.points(s, seat) >= need

    def in_progress(self, s: GameState, seat: int) -> bool:
        """Whether *seat* began its opening this turn (a meld, or a joker swap) and has not reached it."""
        return s.down[seat] == s.turn and not self.is_down(s, seat)

    def lay_refusal(self, s: GameState, seat: int, hand: Sequence[Card], meld: Meld) -> Refusal | None:
        rules = s.ruleset
        need_total = rules.opening_points
        if need_total is None or self.is_down(s, seat):
            return None
        laid = self.points(s, seat) + points_of(meld, rules)
        need = need_total - laid
        if need <= 0:
            return None
        keep_one = must_keep_card(s)
        # Whether the cards left still reach the need (a search for any such melds, not the best).
        if opening_reaches(hand, meld.cards, need, rules, keep_one):
            return None
        if keep_one and opening_reaches(hand, meld.cards, need, rules, False):
            return (
                "opening-keeps-discard",
                nmsg(
                    "Your opening must reach {need} points this turn and leave a card for the final "
                    "discard; with {n} laid, the cards left reach {need} only by taking your last card.",
                    "Your opening must reach {need} points this turn and leave a card for the final "
                    "discard; with {n} laid, the cards left reach {need} only by taking your last card.",
                    laid,
                    need=need_total,
                ),
            )
        return (
            "opening-too-low",
            nmsg(
                "Your opening must reach {need} points this turn, and with "
                "{n} laid the cards left cannot make up the rest.",
                "Your opening must reach {need} points this turn, and with "
                "{n} laid the cards left cannot make up the rest.",
                laid,
                need=need_total,
            ),
        )

    def lay_filter(self, s: GameState, seat: int, hand: Sequence[Card]) -> Callable[[Meld], bool]:
        rules = s.ruleset
        need_total = rules.opening_points
        if need_total is None or self.is_down(s, seat):
            return _always
        need = need_total - self.points(s, seat)
        keep_one = must_keep_card(s)
        # A meld and the best melds of the cards left are melds of the hand, so no candidate
        # reaches more than the hand's best: below the need, only a meld reaching it alone passes.
        # (opening_reaches asks the same, trying first whether one meld reaches the need alone.)
        if not opening_reaches(hand, (), need, rules, keep_one):
            # A meld reaching the need alone is such a layout too (one that empties the hand
            # is refused before the family is asked when a card must be kept).
            return never

        return opening_lay_test(hand, rules, need, keep_one)

    def in_progress_refusal(self, s: GameState, seat: int) -> Refusal:
        need = s.ruleset.opening_points
        if seat not in s.owners:
            # docs/rules/kalooki.rst, kalooki-swap-before-opening: nothing laid yet, but a joker swapped.
            if need is None:
                why = msg(
                    "You swapped a joker before opening, so you must open this turn; lay your opening first."
                )
            else:
                why = msg(
                    "You swapped a joker before opening, so you must open ({need} points) this turn; "
                    "lay your opening first.",
                    need=need,
                )
            return ("opening-unfinished", why)
        return (
            "opening-unfinished",
            msg(
                "Your opening has {points} of {need} points; lay more melds first.",
                points=self.points(s, seat),
                need=need,
            ),
        )

    def may_swap_before_down(self, rules: Ruleset) -> bool:
        # docs/rules/kalooki.rst: a player who has opened, or opens in that turn (the joker in the opening).
        return rules.joker_swap_before_opening

    def swap_before_down_refusal(
        self, s: GameState, seat: int, hand: Sequence[Card], card: Card, freed: Card
    ) -> Refusal | None:
        """A seat not yet open may swap only while it can still open this turn with *hand*, the hand after the swap.

        docs/rules/kalooki.rst, kalooki-swap-before-opening: the opening search
        (:func:`~remi.best_opening_points_left`'s) on the hand after the swap,
        keeping a card for the final discard when going out needs one.
        """
        rules = s.ruleset
        total = rules.opening_points
        laid = self.points(s, seat)
        need = 1 if total is None else total - laid
        if opening_reaches(hand, (), need, rules, must_keep_card(s)):
            return None
        keep = must_keep_card(s)
        wild = the_joker() if freed.is_joker else msg("the wild {card}", card=freed)
        if total is None:
            goal = msg("open")
        elif laid and keep:
            goal = msg(
                "make up the rest of your opening ({laid} of {total} points laid) and keep a card to discard",
                laid=laid,
                total=total,
            )
        elif laid:
            goal = msg(
                "make up the rest of your opening ({laid} of {total} points laid)", laid=laid, total=total
            )
        elif keep:
            goal = msg("open with {total} points and keep a card to discard", total=total)
        else:
            goal = msg("open with {total} points", total=total)
        return (
            "contract-not-down",
            msg(
                "You have not opened yet, and after swapping {card} for {wild} your cards could not {goal} "
                "this turn, so you may not swap it.",
                card=card,
                wild=wild,
                goal=goal,
            ),
        )

    def freed_joker_in_new_meld(self) -> bool:
        return True

    def not_down_text(self, rules: Ruleset) -> Message:
        return msg("You have not opened yet (an opening needs {points} points)", points=rules.opening_points)

    def down_this_turn_text(self, rules: Ruleset) -> Message:
        return msg("You opened this turn")


class GinPolicy(Policy):
    """Gin Rummy: nothing is laid during play; a deal ends by knocking or runs void."""

    name = "gin"
    table_play = False
    knocks = True

    def deal_void(self, stock_size: int, rules: Ruleset) -> bool:
        # docs/rules/gin.rst: the stock's last cards are not drawn; the deal is void.
        return stock_size <= rules.gin_stock_reserve

    def play_text(self, seat: int, rules: Ruleset) -> Message:
        return msg("it is seat {seat}'s play: discard or knock", seat=seat)


def already_down() -> Message:
    """The reason a contract cannot go down again this round."""
    return msg("Your contract is already down; it goes down once per round.")


def never(meld: Meld) -> bool:
    """The family test that lets no meld through (:meth:`Policy.lay_filter`)."""
    return False


def _always(meld: Meld) -> bool:
    return True


_POLICIES: Final[dict[str, Policy]] = {
    "contract": ContractPolicy(),
    "opening": OpeningPolicy(),
    "basic": Policy(),
    "gin": GinPolicy(),
}


def policy_for(ruleset: Ruleset) -> Policy:
    """Return the policy of *ruleset*'s family: the one place the family is tested.

    >>> import remi
    >>> policy_for(remi.KALOOKI).name
    'opening'
    """
    return _POLICIES[ruleset.family]
