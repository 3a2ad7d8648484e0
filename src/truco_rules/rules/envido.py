"""The envido hook: scores, the legal raise chains, their values and the falta envido
(RULES §2.6, §4 B2-B9, B18)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

import attrs

from ..core.cards import Card
from ..core.context import HandContext
from ..core.errors import UnhandledChoice
from ..core.options import ask, meaning, option
from .scoring import MatchRule

__all__ = [
    "RESTO_VALUES",
    "EnvidoRules",
    "card_value",
    "falta_for_leader",
    "falta_winner_to_half",
]

E, RE, FE = "envido", "real-envido", "falta-envido"
_E_VALUE = {E: 2, RE: 3}
_OWN_REFUSAL = {E: 1, RE: 2, FE: 1}


def card_value(card: Card) -> int:
    return card.rank if card.rank <= 7 else 0


_POINTS: dict[int, int] = {}
"""The stock score of three cards, by the unsuited count and the cards' indexes (at most
2 x 40**3 entries)."""


def _points(cards: Sequence[Card], unsuited_count: int) -> int:
    """The stock envido score: the best two of a suit plus 20, else the ``unsuited_count``
    highest values (RULES §2.6.1)."""
    best = -1
    by_suit: dict[int, list[int]] = {}
    for c in cards:
        by_suit.setdefault(c.index // 10, []).append(card_value(c))
    for vals in by_suit.values():
        if len(vals) >= 2:
            vals.sort(reverse=True)
            best = max(best, 20 + vals[0] + vals[1])
    if best >= 0:
        return best
    vals = sorted((card_value(c) for c in cards), reverse=True)
    return sum(vals[:unsuited_count])


def falta_for_leader(rule: MatchRule, scores: Sequence[int]) -> int:
    """Points the leading side lacks to win the chico (``T - L``), at least 1."""
    return max(1, rule.target - max(scores))


def falta_winner_to_half(rule: MatchRule, scores: Sequence[int], winner: int) -> int:
    """In the malas (the leader not yet in buenas), what side ``winner`` lacks to reach the
    half of the target (15 of 30 at 0); in the buenas, what the leader lacks to win. At least 1.
    A common River Plate reading of the falta envido (Buenos Aires and Montevideo engines)."""
    if not rule.split or rule.in_buenas(max(scores)):
        return falta_for_leader(rule, scores)
    return max(1, rule.target // 2 - scores[winner])


_FALTA_MODES = (
    "malas_wins_game",
    "leader_remaining",
    "reach_buenas",
    "loser_to_chico_end",
    "loser_remaining_game",
    "winner_to_half",
)
RESTO_VALUES = (
    "leader_remaining",
    "wins_chico",
    "leader_remaining_plus_3_per_flor",
    "winner_to_half",
)


@attrs.frozen
class EnvidoRules:
    """The envido side bet (RULES §2.6, §4 B2-B9, B18)."""

    envido_unsuited: str = option(
        "highest_card",
        "Score of three cards with no two of a suit: the highest single value, or the sum of "
        "the two highest values.",
        choices=("highest_card", "sum_two_highest"),
        source="RULES §2.6.1, §4 B2 (D10)",
    )
    envido_caller: str = option(
        "unplayed_player",
        "Who may call envido in trick 1: any player who has not played a card yet, or only "
        "each team's pie (last player), even after playing.",
        choices=("unplayed_player", "pie_only"),
        source="RULES §2.6.2 (D12)",
    )
    envido_answers_truco_after_card: bool = option(
        False,
        "Whether a player who has played may answer a truco with envido: in trick 1, while no "
        "envido was called, even after his own card (the reglamento and the blog forbid it; "
        "he may only let a partner call it).",
        choices=(False, True),
        source="RULES §2.6.2; an online engine",
    )
    envido_call_timing: str = option(
        "as_truco",
        "When envido may be called out of turn: as truco_call_timing says (as_truco), or only "
        "by the side to act, that is the seat to act or a partner of his who has not played "
        "(side_to_act; a player of the other side may still call truco out of turn).",
        choices=("as_truco", "side_to_act"),
        source="RULES §2.6.2, §2.5; table habit of online engines",
    )
    envido_while_partner_unplayed: bool = option(
        False,
        "Whether the seat to act may call envido in the first trick after playing his card, "
        "while a partner of his has not played yet (4 and 6 seats; envido_caller "
        "'unplayed_player' otherwise leaves the call to that partner).",
        choices=(False, True),
        source="RULES §2.6.2; table habit of online engines",
    )
    mazo_answering_envido: str = option(
        "as_out_of_turn",
        "Whether the side asked to answer an envido may go to the deck, which refuses it: as "
        "the ladder's mazo_out_of_turn says (as_out_of_turn), always (allowed) or never "
        "(forbidden: it answers first).",
        choices=("as_out_of_turn", "allowed", "forbidden"),
        source="RULES §2.10, §2.6.3; table habit of online engines",
    )
    allow_real_envido_twice: bool = option(
        False,
        "Whether Real Envido may answer Real Envido (RE RE).",
        choices=(False, True),
        source="RULES §2.6.3, §4 B5 (D9)",
    )
    allow_envido_three_times: bool = option(
        False,
        "Whether Envido may be called a third time (E E E).",
        choices=(False, True),
        source="RULES §2.6.3",
    )
    envido_refused: str = option(
        "prior_accepted",
        "Points for a refused envido bet: the sum of the accepted values of the bets before it "
        "(1 if it was the first), or that sum plus the refused bet's own refusal value "
        "(envido 1, real envido 2, falta 1).",
        choices=("prior_accepted", "prior_accepted_plus_own"),
        source="RULES §2.6.3, §4 B3-B4, B8 (D7, D8)",
    )
    falta_mode: str = option(
        "malas_wins_game",
        "Worth of an accepted falta envido: malas_wins_game (both in malas: the winner takes the "
        "chico; else what the leader lacks); leader_remaining (what the leader lacks); "
        "reach_buenas (in malas: what the leader lacks to enter buenas); loser_to_chico_end "
        "(what the loser lacks to end his current half); loser_remaining_game (what the loser "
        "lacks to win); winner_to_half (in malas: the half minus the winner's score, 15 at "
        "14-0 won by the side at 0; in buenas: what the leader lacks).",
        choices=_FALTA_MODES,
        source="RULES §2.6.4 (D5); winner_to_half: River Plate engines (Buenos Aires, Montevideo)",
    )
    envido_envido_falta: bool = option(
        True,
        "Whether falta envido may follow envido, envido (some tables forbid E E FE).",
        choices=(True, False),
        source="RULES §2.6.3; table habit of online engines ",
    )
    envido_declaration_order: str = option(
        "mano_first",
        "Who states his score first: the mano, or the last player who raised; then play order.",
        choices=("mano_first", "last_raiser_first"),
        source="RULES §2.6.5, §4 B9 (D11)",
    )
    envido_declaration: str = option(
        "automatic_truthful",
        "automatic_truthful: the engine states the true scores; declared_with_penalty: players "
        "declare (and may lie); a winning statement found false at the end of the hand, or not "
        "shown because the winner's side went to the deck, gives the points to the other side.",
        choices=("automatic_truthful", "declared_with_penalty"),
        source="RULES §2.6.5, §2.11, §4 B18",
    )
    mazo_envido_bonus: str = option(
        "before_first_card",
        "Going to the deck with no envido or flor called: the opponents score 1 extra if the "
        "leaving side has played no card (before_first_card), nothing extra (never), or 1 "
        "extra while the first trick is not complete, even after the side has played and "
        "after an accepted truco (first_trick_open).",
        choices=("before_first_card", "never", "first_trick_open"),
        source="RULES §2.10 (D19), §4 B16; first_trick_open: an online engine",
    )

    DECISIONS: ClassVar[tuple[str, ...]] = (
        "pie_only",
        "side_to_act_only",
        "leaving_answers",
        "declared",
        "last_raiser_states_first",
        "mazo_bonus_before_first_card",
        "mazo_bonus_while_first_trick_open",
        "unsuited_count",
        "refusal_adds_own",
        "falta_rule",
    )
    """The decision methods that give the choice options their meaning (see
    :func:`~truco_rules.core.options.meaning`): a subclass that adds a choice overrides the one
    that reads it."""

    def pie_only(self) -> bool:
        """Whether only a side's last player (its pie) may call envido (``envido_caller``)."""
        return meaning(
            self, "envido_caller", "pie_only", {"unplayed_player": False, "pie_only": True}
        )

    def side_to_act_only(self) -> bool:
        """Whether only the side to act may call envido (``envido_call_timing``): the seat to
        act, or a partner of his who has not played."""
        return meaning(
            self,
            "envido_call_timing",
            "side_to_act_only",
            {"as_truco": False, "side_to_act": True},
        )

    def leaving_answers(self) -> str:
        """Whether going to the deck answers (refuses) an envido (``mazo_answering_envido``):
        ``"yes"``, ``"no"``, or ``"as_out_of_turn"`` (as the ladder's ``mazo_out_of_turn``)."""
        return meaning(
            self,
            "mazo_answering_envido",
            "leaving_answers",
            {"as_out_of_turn": "as_out_of_turn", "allowed": "yes", "forbidden": "no"},
        )

    def declared(self) -> bool:
        """Whether scores are stated by the players and checked at the end
        (``envido_declaration``), rather than compared at once."""
        return meaning(
            self,
            "envido_declaration",
            "declared",
            {"automatic_truthful": False, "declared_with_penalty": True},
        )

    def last_raiser_states_first(self) -> bool:
        """Whether the statements start with the last raiser (``envido_declaration_order``)
        rather than the mano."""
        return meaning(
            self,
            "envido_declaration_order",
            "last_raiser_states_first",
            {"mano_first": False, "last_raiser_first": True},
        )

    def mazo_bonus_before_first_card(self) -> bool:
        """Whether going to the deck before one's side played a card, with no side bet
        called, gives the opponents 1 more (``mazo_envido_bonus``)."""
        return meaning(
            self,
            "mazo_envido_bonus",
            "mazo_bonus_before_first_card",
            {"before_first_card": True, "never": False, "first_trick_open": False},
        )

    def mazo_bonus_while_first_trick_open(self) -> bool:
        """Whether going to the deck while the first trick is not complete, with no side bet
        called, gives the opponents 1 more whether or not the side has played
        (``mazo_envido_bonus='first_trick_open'``)."""
        return meaning(
            self,
            "mazo_envido_bonus",
            "mazo_bonus_while_first_trick_open",
            {"before_first_card": False, "never": False, "first_trick_open": True},
        )

    def unsuited_count(self) -> int:
        """How many cards make the score of a hand with no two of a suit
        (``envido_unsuited``): the highest one, or the two highest."""
        return meaning(
            self, "envido_unsuited", "unsuited_count", {"highest_card": 1, "sum_two_highest": 2}
        )

    def refusal_adds_own(self) -> bool:
        """Whether a refused bet also scores its own refusal value (``envido_refused``)."""
        return meaning(
            self,
            "envido_refused",
            "refusal_adds_own",
            {"prior_accepted": False, "prior_accepted_plus_own": True},
        )

    def falta_rule(self) -> str:
        """The rule :meth:`falta` applies (``falta_mode``; a subclass with a new mode
        overrides both)."""
        return meaning(self, "falta_mode", "falta_rule", {m: m for m in _FALTA_MODES})

    def chains(self) -> frozenset[tuple[str, ...]]:
        """Every legal sequence of envido bets (a prefix-closed set)."""
        base: set[tuple[str, ...]] = {(E,), (RE,), (E, E), (E, RE), (E, E, RE)}
        if self.allow_real_envido_twice:
            base |= {(RE, RE)}
        if self.allow_envido_three_times:
            base |= {(E, E, E), (E, E, E, RE)}
        with_falta = {(*c, FE) for c in base}
        if not self.envido_envido_falta:  # no falta right after two or three envidos
            with_falta -= {(E, E, FE), (E, E, E, FE)}
        return frozenset(base | with_falta | {(FE,)})

    def points(self, cards: Sequence[Card]) -> int:
        """The envido score (tanto) of three cards, RULES §2.6.1."""
        count = ask(self, "unsuited_count")
        if len(cards) != 3:
            return _points(cards, count)
        a, b, c = cards  # three cards: worked out once (a search asks again and again)
        key = ((count * 40 + a.index) * 40 + b.index) * 40 + c.index
        known = _POINTS.get(key)
        if known is None:
            known = _POINTS[key] = _points(cards, count)
        return known

    def points_in(self, cards: Sequence[Card], context: HandContext) -> int:
        """The envido score of three cards in the deal ``context`` describes (the turned
        card, the seats, the scores). The kernel calls this; the stock rule ignores the
        context and returns :meth:`points`. Override it where the score depends on the deal."""
        return self.points(cards)

    def proof_in(self, cards: Sequence[Card], context: HandContext) -> tuple[Card, ...]:
        """The cards that prove :meth:`points_in` in that deal; the stock rule: :meth:`proof`."""
        return self.proof(cards)

    def proof(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """The cards a player shows to prove his envido score (the pair, or the best card)."""
        ranked = sorted(cards, key=card_value, reverse=True)
        best: tuple[Card, ...] = ()
        for i, a in enumerate(ranked):
            for b in ranked[i + 1 :]:
                if a.suit == b.suit and (
                    not best or card_value(a) + card_value(b) > sum(map(card_value, best))
                ):
                    best = (a, b)
        if best:
            return best
        return tuple(ranked[: ask(self, "unsuited_count")])

    def possible_scores(self) -> tuple[int, ...]:
        """Every score a hand can have (for declarations)."""
        # unsuited: the best single value (0-7), or the two highest summed (up to 7 + 7 = 14)
        low = range(0, 7 * ask(self, "unsuited_count") + 1)
        return tuple(sorted(set(low) | set(range(20, 34))))

    def accepted(self, chain: Sequence[str], falta: Callable[[], int]) -> int:
        """Worth of an accepted chain; a chain with falta envido is worth the falta alone."""
        if FE in chain:
            return falta()
        return sum(_E_VALUE[b] for b in chain)

    def refused(self, chain: Sequence[str]) -> int:
        """Points the last bettor's side scores when the last bet of ``chain`` is refused."""
        prior = sum(_E_VALUE[b] for b in chain[:-1])
        if self.refusal_adds_own():
            return prior + _OWN_REFUSAL[chain[-1]]
        return prior or 1

    def falta(self, rule: MatchRule, scores: Sequence[int], winner: int) -> int:
        """Worth of an accepted falta envido won by side ``winner`` (RULES §2.6.4)."""
        t = rule.target
        lead = max(scores)
        mode = self.falta_rule()
        if not rule.split or mode == "leader_remaining":
            return falta_for_leader(rule, scores)
        if mode == "winner_to_half":
            return falta_winner_to_half(rule, scores, winner)
        both_malas = not rule.in_buenas(lead)
        loser = scores[1 - winner]
        if mode == "malas_wins_game":
            return max(1, t - scores[winner]) if both_malas else falta_for_leader(rule, scores)
        if mode == "reach_buenas":
            if both_malas:
                return max(1, rule.buenas_threshold - lead)
            return falta_for_leader(rule, scores)
        if mode == "loser_to_chico_end":
            end = t if rule.in_buenas(loser) else t // 2
            return max(1, end - loser)
        if mode == "loser_remaining_game":
            return max(1, t - loser)
        raise UnhandledChoice(type(self).__name__, "falta_mode", mode, "falta", _FALTA_MODES)
