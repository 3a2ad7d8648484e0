"""The side-bet hooks: envido and flor (RULES §2.6, §2.7, §4 B2-B9, B18)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

import attrs

from .cards import Card
from .context import HandContext
from .errors import UnhandledChoice
from .options import ask, meaning, option
from .scoring import MatchRule

__all__ = ["EnvidoRules", "FlorRules", "falta_for_leader", "falta_winner_to_half"]

E, RE, FE = "envido", "real-envido", "falta-envido"
_E_VALUE = {E: 2, RE: 3}
_OWN_REFUSAL = {E: 1, RE: 2, FE: 1}


def _card_value(card: Card) -> int:
    return card.rank if card.rank <= 7 else 0


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
_RESTO_VALUES = (
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
        "Going to the deck before the side has played a card, with no envido or flor called: "
        "the opponents score 1 extra (before_first_card) or nothing extra (never).",
        choices=("before_first_card", "never"),
        source="RULES §2.10 (D19), §4 B16",
    )

    DECISIONS: ClassVar[tuple[str, ...]] = (
        "pie_only",
        "declared",
        "last_raiser_states_first",
        "mazo_bonus_before_first_card",
        "unsuited_count",
        "refusal_adds_own",
        "falta_rule",
    )
    """The decision methods that give the choice options their meaning (see
    :func:`~truco_rules.options.meaning`): a subclass that adds a choice overrides the one
    that reads it."""

    def pie_only(self) -> bool:
        """Whether only a side's last player (its pie) may call envido (``envido_caller``)."""
        return meaning(
            self, "envido_caller", "pie_only", {"unplayed_player": False, "pie_only": True}
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
            {"before_first_card": True, "never": False},
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
        best = -1
        by_suit: dict[object, list[int]] = {}
        for c in cards:
            by_suit.setdefault(c.suit, []).append(_card_value(c))
        for vals in by_suit.values():
            if len(vals) >= 2:
                vals.sort(reverse=True)
                best = max(best, 20 + vals[0] + vals[1])
        if best >= 0:
            return best
        vals = sorted((_card_value(c) for c in cards), reverse=True)
        return sum(vals[: ask(self, "unsuited_count")])

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
        ranked = sorted(cards, key=_card_value, reverse=True)
        best: tuple[Card, ...] = ()
        for i, a in enumerate(ranked):
            for b in ranked[i + 1 :]:
                if a.suit == b.suit and (
                    not best or _card_value(a) + _card_value(b) > sum(map(_card_value, best))
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


@attrs.frozen
class FlorRules:
    """The flor side bet (RULES §2.7)."""

    flor_declaration: str = option(
        "automatic",
        "automatic: the engine declares a flor at its holder's first decision in trick 1 (and at "
        "once when an envido is called); manual_with_penalty: the holder declares with the "
        "'flor' action before his first card, and a flor never declared gives the opponents 3.",
        choices=("automatic", "manual_with_penalty"),
        source="RULES §2.7.2",
    )
    flor_same_team_multiple: str = option(
        "per_flor",
        "Uncontested flores held by several partners: 3 points each, or 3 in total.",
        choices=("per_flor", "once"),
        source="RULES §2.7.3 (D14)",
    )
    flor_duel_mode: str = option(
        "s3_ladder",
        "Both sides hold flor: the response ladder (achico 3, con flor quiero 4, contraflor 6/4, "
        "contraflor al resto), 3 per flor to each side (three_per_flor), or 3 to the best "
        "flor's side (three_to_best).",
        choices=("s3_ladder", "three_per_flor", "three_to_best"),
        source="RULES §2.7.3 (D15)",
    )
    contraflor_al_resto_refused: int | str = option(
        6,
        "Points to the caller when contraflor al resto is refused: 6, 4, or previous_level "
        "(the value of the level it answered: 4 over a flor, 6 over a contraflor).",
        choices=(6, 4, "previous_level"),
        source="RULES §2.7.3 (D16); previous_level: River Plate engines",
    )
    contraflor_al_resto_value: str = option(
        "leader_remaining",
        "Worth of an accepted contraflor al resto: what the leader lacks to win "
        "(leader_remaining), the whole chico (wins_chico), the leader's remainder plus 3 per "
        "flor sung, or valued like falta_mode winner_to_half (15 at 0-0 of 30).",
        choices=_RESTO_VALUES,
        source="RULES §2.7.3 (D17); winner_to_half: River Plate engines",
    )
    unsung_flor: str = option(
        "free",
        "With manual declaration, what a flor holder who has not sung may do: anything "
        "(free; an unsung flor is penalised at the end), or only sing it or go to the deck "
        "(sing_or_mazo).",
        choices=("free", "sing_or_mazo"),
        source="RULES §2.7.2; table habit of online engines ",
    )
    contraflor_al_resto_ends_hand: bool = option(
        False,
        "Whether an accepted contraflor al resto ends the hand with no truco points.",
        choices=(False, True),
        source="RULES §2.7.3 (D18)",
    )

    flor_value: int = 3
    achico_value: int = 3
    con_flor_quiero_value: int = 4
    contraflor_value: int = 6
    contraflor_refused_value: int = 4

    DECISIONS: ClassVar[tuple[str, ...]] = (
        "sung_automatically",
        "duel",
        "must_sing_or_leave",
        "side_scores_each_flor",
        "resto_rule",
        "resto_refused_rule",
    )
    """The decision methods that give the choice options their meaning (see
    :func:`~truco_rules.options.meaning`): a subclass that adds a choice overrides the one
    that reads it."""

    def sung_automatically(self) -> bool:
        """Whether flores are sung by the rules (``flor_declaration='automatic'``) rather
        than by their holders, with penalties for a flor left unsung."""
        return meaning(
            self,
            "flor_declaration",
            "sung_automatically",
            {"automatic": True, "manual_with_penalty": False},
        )

    def duel(self) -> str:
        """How flores of both sides meet (``flor_duel_mode``): ``"ladder"`` (the answer
        ladder: achico, con flor quiero, contraflor...), ``"each_scores"`` (every flor scores
        its value) or ``"best_scores"`` (only the best flor scores)."""
        return meaning(
            self,
            "flor_duel_mode",
            "duel",
            {
                "s3_ladder": "ladder",
                "three_per_flor": "each_scores",
                "three_to_best": "best_scores",
            },
        )

    def must_sing_or_leave(self) -> bool:
        """Whether a holder of an unsung flor may only sing it or go to the deck
        (``unsung_flor``)."""
        return meaning(
            self, "unsung_flor", "must_sing_or_leave", {"free": False, "sing_or_mazo": True}
        )

    @staticmethod
    def points(cards: Sequence[Card]) -> int | None:
        """Flor score (20 + the three values) if all three cards share a suit, else ``None``."""
        if len(cards) == 3 and cards[0].suit == cards[1].suit == cards[2].suit:
            return 20 + sum(_card_value(c) for c in cards)
        return None

    def side_scores_each_flor(self) -> bool:
        """Whether several flores of one side score each (``flor_same_team_multiple``)."""
        return meaning(
            self,
            "flor_same_team_multiple",
            "side_scores_each_flor",
            {"per_flor": True, "once": False},
        )

    def resto_rule(self) -> str:
        """The rule :meth:`resto` applies (``contraflor_al_resto_value``)."""
        return meaning(
            self, "contraflor_al_resto_value", "resto_rule", {m: m for m in _RESTO_VALUES}
        )

    def resto_refused_rule(self) -> int | str:
        """What a refused contraflor al resto gives (``contraflor_al_resto_refused``): a
        number of points, or ``"previous_level"``."""
        table: dict[int | str, int | str] = {6: 6, 4: 4, "previous_level": "previous_level"}
        return meaning(self, "contraflor_al_resto_refused", "resto_refused_rule", table)

    def points_in(self, cards: Sequence[Card], context: HandContext) -> int | None:
        """The flor score of three cards in the deal ``context`` describes, ``None`` for no
        flor. The kernel calls this; the stock rule ignores the context and returns
        :meth:`points`. Override it where a flor depends on the deal (wild cards)."""
        return self.points(cards)

    def resto_refused(self, over_contraflor: bool) -> int:
        """Points to the caller of a refused contraflor al resto, which answered a contraflor
        (``over_contraflor``) or the flor itself."""
        rule = self.resto_refused_rule()
        if rule == "previous_level":
            return self.contraflor_value if over_contraflor else self.con_flor_quiero_value
        return int(rule)

    def uncontested(self, count: int) -> int:
        """Points for ``count`` flores of one side, none opposing."""
        return self.flor_value * (count if self.side_scores_each_flor() else 1)

    def resto(self, rule: MatchRule, scores: Sequence[int], winner: int, flores: int) -> int:
        """Worth of an accepted contraflor al resto won by side ``winner``."""
        mode = self.resto_rule()
        if mode == "wins_chico":
            return max(1, rule.target - scores[winner])
        if mode == "winner_to_half":
            return falta_winner_to_half(rule, scores, winner)
        if mode == "leader_remaining_plus_3_per_flor":
            return falta_for_leader(rule, scores) + 3 * flores
        if mode == "leader_remaining":
            return falta_for_leader(rule, scores)
        raise UnhandledChoice(
            type(self).__name__, "contraflor_al_resto_value", mode, "resto", _RESTO_VALUES
        )
