"""The flor hook: flor scores (seeing the deal), who sings and when, contraflor and its
values (RULES §2.7, §2.10)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import attrs

from ..core.cards import Card
from ..core.context import HandContext
from ..core.errors import UnhandledChoice
from ..core.options import meaning, option
from .envido import RESTO_VALUES, card_value, falta_for_leader, falta_winner_to_half
from .scoring import MatchRule


@attrs.frozen
class FlorRules:
    """The flor side bet (RULES §2.7)."""

    flor_declaration: str = option(
        "automatic",
        "automatic: the engine declares a flor at its holder's first decision in trick 1 (and at "
        "once when an envido is called); manual_with_penalty: the holder declares with the "
        "'flor' action before his first card, and a flor never declared gives the opponents 3; "
        "manual_without_penalty: declared the same way, but a holder who plays on without "
        "singing just loses his flor, and a sung flor scores at once.",
        choices=("automatic", "manual_with_penalty", "manual_without_penalty"),
        source="RULES §2.7.2; manual_without_penalty: an online engine",
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
        choices=RESTO_VALUES,
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
    mazo_waits_for_flor: bool = option(
        False,
        "Whether a mazo waits for the other side's unsung flor: when a side goes to the deck "
        "while an opponent holds a flor he has not sung and still may, the hand waits for him "
        "to sing it, his only action, and then ends with the same points (True); or it ends at "
        "once and the flor is scored as if sung (False).",
        choices=(False, True),
        source="RULES §2.10, §2.7.2; an online engine",
    )
    partner_unsung_flor: str = option(
        "free",
        "What a player may do while a partner holds a flor he may still sing (first trick, "
        "before that partner plays or sings): anything (free); or make no call, neither "
        "envido nor on the ladder, and out of turn only go to the deck (no_calls): on his "
        "turn he plays a card, answers the call he is asked or goes to the deck.",
        choices=("free", "no_calls"),
        source="RULES §2.7.2, §2.7.4; table habit of online engines",
    )
    mazo_during_flor_duel: str = option(
        "never",
        "Going to the deck while the duel of flores awaits an answer: never (never); or "
        "(caller_side_and_answerer) a player of the side whose flor, contraflor or contraflor "
        "al resto awaits the answer may go to the deck, out of turn, and the one answering a "
        "contraflor or contraflor al resto may go as his answer, whatever mazo_pending_call "
        "says of a truco call pending meanwhile. Leaving as the answer refuses the call (its "
        "caller scores the refused value); when the calling side's last flor holder leaves, "
        "the side concedes the duel and the other side scores the stake in force before the "
        "call (3 for a flor or a contraflor, 4 for a contraflor al resto over a contraflor).",
        choices=("never", "caller_side_and_answerer"),
        source="RULES §2.7.3, §2.10 (a flor of the side that stays is scored); "
        "caller_side_and_answerer: an online engine",
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
        "penalised",
        "duel",
        "must_sing_or_leave",
        "partner_flor_silences",
        "side_scores_each_flor",
        "resto_rule",
        "resto_refused_rule",
        "leaving_in_duel",
    )
    """The decision methods that give the choice options their meaning (see
    :func:`~truco_rules.core.options.meaning`): a subclass that adds a choice overrides the one
    that reads it."""

    def sung_automatically(self) -> bool:
        """Whether flores are sung by the rules (``flor_declaration='automatic'``) rather
        than by their holders, with penalties for a flor left unsung."""
        return meaning(
            self,
            "flor_declaration",
            "sung_automatically",
            {"automatic": True, "manual_with_penalty": False, "manual_without_penalty": False},
        )

    def penalised(self) -> bool:
        """Whether flores sung by hand are checked when the hand ends
        (``flor_declaration='manual_with_penalty'``): their points wait for the showing (lost,
        and 3 to the opponents, if the holder left without showing), and a flor hidden by
        playing a card gives the opponents 3. ``False`` for flores sung by the rules."""
        if self.sung_automatically():
            return False
        return meaning(
            self,
            "flor_declaration",
            "penalised",
            {"manual_with_penalty": True, "manual_without_penalty": False},
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

    def partner_flor_silences(self) -> bool:
        """Whether a partner's flor still to sing leaves a player no call, only his card, his
        answer and the deck (``partner_unsung_flor``)."""
        return meaning(
            self, "partner_unsung_flor", "partner_flor_silences", {"free": False, "no_calls": True}
        )

    def leaving_in_duel(self) -> bool:
        """Whether players may go to the deck while the duel of flores awaits an answer
        (``mazo_during_flor_duel``): the calling side out of turn, the answering side as its
        refusal."""
        return meaning(
            self,
            "mazo_during_flor_duel",
            "leaving_in_duel",
            {"never": False, "caller_side_and_answerer": True},
        )

    @staticmethod
    def points(cards: Sequence[Card]) -> int | None:
        """Flor score (20 + the three values) if all three cards share a suit, else ``None``."""
        if len(cards) == 3 and cards[0].suit == cards[1].suit == cards[2].suit:
            return 20 + sum(card_value(c) for c in cards)
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
            self, "contraflor_al_resto_value", "resto_rule", {m: m for m in RESTO_VALUES}
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
            type(self).__name__, "contraflor_al_resto_value", mode, "resto", RESTO_VALUES
        )
