"""The hooks: the extension points a variant fills (docs/architecture.md), with stock
implementations, all importable from here (they live in :mod:`truco_rules.rules`, one module
per hook).

A hook is a small frozen attrs object. Its *options* (house rules) are attrs fields declared
with :func:`option`; they are typed, documented, validated on construction, and reachable by
name through :meth:`truco_rules.Variant.with_options`. The kernel calls hooks only through
their methods, so a regional variant or a house rule is a new hook object (or an
``attrs.evolve`` of a stock one), never an edit of the kernel.

- ``DeckRule``, ``Ranking`` (:mod:`truco_rules.rules.deck`): the cards in play and their
  notation; each card's trick strength, possibly depending on a turned-up card.
- ``Table`` (:mod:`truco_rules.rules.table`): seat counts, teams, who is mano, how the mano
  rotates, the contests of a deal.
- ``TrickRule`` (:mod:`truco_rules.rules.trick_rule`): trick winner ties, the leader after a
  tie, the hand winner from tricks, face-down play.
- ``BetLadder`` (:mod:`truco_rules.rules.ladder`): the main bet's rungs, their values if
  accepted or refused, call timing.
- ``EnvidoRules`` (:mod:`truco_rules.rules.envido`), ``FlorRules``
  (:mod:`truco_rules.rules.flor`): the envido and flor side bets: scores, raise chains,
  values, falta.
- ``MatchRule`` (:mod:`truco_rules.rules.scoring`): target, malas/buenas, chicos, when points
  are credited.
- ``SpecialHands`` (:mod:`truco_rules.rules.special`): the hand of 11/10 and the iron hand.
- ``SideBet`` (:mod:`truco_rules.rules.side_bet`): the protocol of a variant's own side bets.

A variant is composed of hooks; any hook left out is the stock one:

```pycon
>>> from truco_rules import Variant
>>> from truco_rules.hooks import FixedRanking
>>> ranks = {3: 10, 2: 9, 1: 8, 12: 7, 11: 6, 10: 5, 7: 4, 6: 3, 5: 2, 4: 1}
>>> plain = Variant("plain", "the ranks alone", ranking=FixedRanking.from_ranks(ranks))
>>> plain.envido, plain.seat_counts
(None, (2, 4))
>>> plain.new_match(2, deals=["1E 2E 3E 4E 5E 6E"], mano=0).legal_action_texts()[-3:]
['play 5E down', 'truco', 'mazo']

```
"""

from __future__ import annotations

from .contest.envido_bet import EnvidoBet
from .contest.flor_bet import FlorBet
from .core.context import NO_CONTEXT, HandContext
from .core.options import MAX_OPTION_INT, option, option_fields, positive_int
from .rules.deck import Deck, DeckRule, FixedRanking, Ranking, shuffle_cards, strength_groups
from .rules.envido import EnvidoRules, falta_for_leader, falta_winner_to_half
from .rules.flor import FlorRules
from .rules.ladder import BetLadder
from .rules.scoring import MatchRule, TargetMatch
from .rules.side_bet import SideBet
from .rules.special import SPECIAL_IRON, SPECIAL_NONE, SPECIAL_ONE, SpecialHands
from .rules.table import DealContext, DealPlan, StandardTable, Table
from .rules.trick_rule import MANO, NOBODY, OTHER, TrickRule

__all__ = [
    "MANO",
    "MAX_OPTION_INT",
    "NOBODY",
    "NO_CONTEXT",
    "OTHER",
    "SPECIAL_IRON",
    "SPECIAL_NONE",
    "SPECIAL_ONE",
    "BetLadder",
    "DealContext",
    "DealPlan",
    "Deck",
    "DeckRule",
    "EnvidoBet",
    "EnvidoRules",
    "FixedRanking",
    "FlorBet",
    "FlorRules",
    "HandContext",
    "MatchRule",
    "Ranking",
    "SideBet",
    "SpecialHands",
    "StandardTable",
    "Table",
    "TargetMatch",
    "TrickRule",
    "falta_for_leader",
    "falta_winner_to_half",
    "option",
    "option_fields",
    "positive_int",
    "shuffle_cards",
    "strength_groups",
]
