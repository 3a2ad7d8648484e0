"""Truco Paulista (RULES §5): the vira and its manilhas, 1-3-6-9-12, mão de onze, mão de ferro.

Composition of kernel hooks. The pieces Brazilian truco shares (the French deck that can be
swapped for Spanish cards, the table whose mão rotation is an option, the trick rule without
face-down cards in trick 1) are defined here and reused by :mod:`truco_rules.variants.mineiro`.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import ClassVar

import attrs

from truco_rules.core.cards import DECK, FRENCH, SPANISH, Card, Notation, Suit
from truco_rules.core.options import meaning
from truco_rules.hooks import (
    BetLadder,
    FixedRanking,
    SpecialHands,
    StandardTable,
    TargetMatch,
    TrickRule,
    option,
    shuffle_cards,
)
from truco_rules.rules.presets import Preset
from truco_rules.rules.variant import Variant

__all__ = [
    "CYCLE",
    "MANILHA_SUITS",
    "MANILHA_VELHA",
    "MINITRUCO_COMMON",
    "MINITRUCO_SOURCE",
    "PAULISTA",
    "BrazilianDeck",
    "BrazilianLadder",
    "BrazilianSpecialHands",
    "BrazilianTable",
    "BrazilianTricks",
    "PaulistaLadder",
    "PaulistaTricks",
    "ViraRanking",
]

CYCLE: tuple[int, ...] = (4, 5, 6, 7, 10, 11, 12, 1, 2, 3)
"""Ranks from low to high, which is also the cycle vira -> manilha (RULES §5.2):
4 5 6 7 Q J K A 2 3 (Q = 10, J = 11, K = 12 in the shared card identities)."""

MANILHA_SUITS: tuple[Suit, ...] = (Suit.BASTOS, Suit.COPAS, Suit.ESPADAS, Suit.OROS)
"""Manilhas from high to low by suit: ♣ zap, ♥ copas, ♠ espadilha, ♦ pica-fumo (RULES §5.2)."""

_CLEAN_OUT = frozenset((4, 5, 6, 7))


@attrs.frozen
class BrazilianDeck:
    """The 40-card French deck, or its 24-card clean version, or the same with Spanish cards
    (the card identities are shared, RULES §0.2)."""

    deck: str = option(
        "sujo",
        "sujo: the 40-card French deck; limpo: the 24-card clean deck (4-7 removed too); "
        "spanish / spanish-limpo: the same cards written in Spanish notation (7E, 12C).",
        choices=("sujo", "limpo", "spanish", "spanish-limpo"),
        source="RULES §0.2, §5.1",
    )

    @property
    def notation(self) -> Notation:
        """French unless the deck is a Spanish one."""
        return SPANISH if self.deck.startswith("spanish") else FRENCH

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in play."""
        return _CLEAN if self.deck.endswith("limpo") else DECK

    def shuffled(self, rng: random.Random, needed: int | None = None) -> list[Card]:
        """The cards in a random order (the kernel's seeded shuffle)."""
        return shuffle_cards(self.cards, rng, needed)


_CLEAN: tuple[Card, ...] = tuple(c for c in DECK if c.rank not in _CLEAN_OUT)


@functools.lru_cache(maxsize=128)
def _vira_table(turned: Card | None, ranks: tuple[int, ...]) -> tuple[int, ...]:
    order = [r for r in CYCLE if r in ranks]
    manilha = None
    if turned is not None:
        manilha = order[(order.index(turned.rank) + 1) % len(order)]
    plain = [r for r in order if r != manilha]
    by_rank = {r: i + 1 for i, r in enumerate(plain)}
    by_suit = {s: 14 - i for i, s in enumerate(MANILHA_SUITS)}
    return tuple(by_suit[c.suit] if c.rank == manilha else by_rank.get(c.rank, 1) for c in DECK)


MANILHA_VELHA = FixedRanking.from_ranks(
    # RULES §6.1: 3 > 2 > A > K > J > Q > 7 > 6 > 5 > 4 (K = 12, J = 11, Q = 10)
    {3: 10, 2: 9, 1: 8, 12: 7, 11: 6, 10: 5, 7: 4, 6: 3, 5: 2, 4: 1},
    # the fixed manilhas: zap 4c, copas 7h, espadilha As, pica-fumo 7d
    {
        Card.of(4, Suit.BASTOS): 14,
        Card.of(7, Suit.COPAS): 13,
        Card.of(1, Suit.ESPADAS): 12,
        Card.of(7, Suit.OROS): 11,
    },
)
"""Trick strength with the fixed manilhas ("manilha velha") of Minas, RULES §6.1: Mineiro's
ranking, and Paulista's with ``manilha_mode="fixed"``."""


@attrs.frozen
class ViraRanking:
    """Strengths follow the vira: the next rank in :data:`CYCLE` gives the four manilhas,
    ordered by suit; the other ranks keep their order and tie across suits (RULES §5.2).

    Without a vira (``turned=None``) there are no manilhas: the plain order of the ranks.
    With ``manilha_mode="fixed"`` no card is turned and the manilhas are the fixed ones of Minas
    (:data:`MANILHA_VELHA`).
    """

    manilha_mode: str = option(
        "vira",
        "vira: a card turned up after the deal names the manilhas (RULES §5.2); fixed: no "
        "vira, the fixed manilhas 4c 7h As 7d of Minas (manilha velha, RULES §6.1) with this "
        "variant's ladder and special hands, as several Brazilian apps play Paulista (with the "
        "clean deck only As of them is in play).",
        choices=("vira", "fixed"),
        source="RULES §5.2, §6.1; Brazilian apps",
    )

    @property
    def turns_up_card(self) -> bool:
        """Whether a vira is turned up (not with fixed manilhas)."""
        return self.manilha_mode == "vira"

    def strengths(self, turned: Card | None, deck: Sequence[Card] = DECK) -> tuple[int, ...]:
        """40 strengths indexed by :attr:`Card.index`: manilhas 14 (♣) to 11 (♦), the other
        ranks 1 upwards."""
        if self.manilha_mode == "fixed":
            return MANILHA_VELHA.table
        ranks = tuple(sorted({c.rank for c in deck}))
        return _vira_table(turned, ranks)

    def manilhas(self, turned: Card, deck: Sequence[Card]) -> tuple[Card, ...]:
        """The four manilhas for ``turned`` in ``deck`` (the variant's ``v.deck.cards``: the
        clean deck changes them), highest first."""
        table = self.strengths(turned, deck)
        top = [c for c in deck if table[c.index] >= 11]
        return tuple(sorted(top, key=lambda c: -table[c.index]))


@attrs.frozen
class BrazilianTable(StandardTable):
    """The stock table (sides alternate; pairs sit opposite) with the direction of the mão's
    rotation as an option (RULES §5.3, D21)."""

    mano_rotation: str = option(
        "with_play",
        "Where the mão goes after each hand: the next player in play order (with_play, S1), "
        "or the previous one, so the old pé becomes mão (against_play, P20/P21).",
        choices=("with_play", "against_play"),
        source="RULES §5.3, §6.2 (D21)",
        aliases=("mao_rotation",),
    )


@attrs.frozen
class BrazilianTricks(TrickRule):
    """The stock trick rule with the Brazilian defaults: three tied tricks score nothing, and
    no card is played face down in trick 1 (RULES §5.4-§5.5, §6.4-§6.5)."""

    all_tricks_tied: str = option(
        "nobody",
        "All three tricks tied: nobody scores (Brazil), the mano's team wins, or the postre.",
        choices=("nobody", "mano", "postre"),
        source="RULES §1.4, §5.4, §6.4 (D3)",
    )
    facedown_allowed_first_trick: bool = option(
        False,
        "Whether a card may be played face down (coberta) in the first trick.",
        choices=(False, True),
        source="RULES §5.5, §6.5",
    )
    facedown_one_per_side: bool = option(
        False,
        "Whether a side plays at most one face-down card in a trick: a player whose partner "
        "already played face down in it must play face up (as miniTruco plays; 4 seats only "
        "have partners).",
        choices=(False, True),
        source="RULES §5.5, §6.5; miniTruco (PartidaLocal.isPodeFechada)",
    )


@attrs.frozen
class PaulistaTricks(BrazilianTricks):
    """The Brazilian trick rule with the face-down-after-a-tie option."""

    facedown_after_tied_trick: bool = option(
        True,
        "Whether a card may be played face down right after a tied trick (P32: some forbid it).",
        choices=(True, False),
        source="RULES §5.5",
    )


@attrs.frozen
class BrazilianSpecialHands(SpecialHands):
    """The hand of 11 (10 in Minas) and the iron hand, with the iron hand's worth as an
    option (RULES §5.7, §6.6): the fixed value the rules record (``fixed_iron_value``), or
    the worth of a hand without calls (``unbet_value``, the ladder's first value)."""

    iron_value: int = attrs.field(default=3, init=False)
    fixed_iron_value: int = 3
    """The iron hand's recorded worth (RULES §5.7: 3; §6.6: 4)."""
    unbet_value: int = 1
    """The worth of an ordinary hand without calls (RULES §5.6: 1; §6.3: 2)."""
    iron_hand_value: str = option(
        "fixed",
        "The iron hand's worth: fixed, the value the rules record (3 in Paulista, 4 in "
        "Mineiro); or unbet, an ordinary hand's worth without calls (1 / 2), as miniTruco "
        "scores it. Either way its winner reaches the target.",
        choices=("fixed", "unbet"),
        source="RULES §5.7, §6.6; miniTruco (Modo.valorInicialDaMao)",
    )

    DECISIONS: ClassVar[tuple[str, ...]] = (*SpecialHands.DECISIONS, "iron_worth")

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "iron_value", self.iron_worth())
        super().__attrs_post_init__()

    def iron_worth(self) -> int:
        """What the iron hand is worth (``iron_hand_value``)."""
        return meaning(
            self,
            "iron_hand_value",
            "iron_worth",
            {"fixed": self.fixed_iron_value, "unbet": self.unbet_value},
        )


@attrs.frozen
class BrazilianLadder(BetLadder):
    """The stock ladder as Brazil plays it: calls on one's own turn by default, and one player
    running concedes for his side (RULES §5.6, §6.3: "the other wins the hand", P24)."""

    mazo_concedes_for_side: bool = True
    truco_call_timing: str = option(
        "own_turn",
        "own_turn: only the player about to play may call (before playing); any_time: any "
        "eligible player may call whenever no call is awaiting an answer.",
        choices=("own_turn", "any_time"),
        source="RULES §5.6, §6.3",
    )


@attrs.frozen
class PaulistaLadder(BrazilianLadder):
    """1-3-6-9-12 with the option that forbids a raise that accepting alone would win."""

    values: tuple[int, ...] = (1, 3, 6, 9, 12)
    names: tuple[str, ...] = ("truco", "seis", "nove", "doze")
    forbid_pointless_raise: bool = option(
        False,
        "Whether a raise is illegal when merely accepting the call would already win the game "
        "(P32).",
        choices=(False, True),
        source="RULES §5.6",
    )


MINITRUCO_SOURCE = (
    "miniTruco 3.1.1 (chesterbr/minitruco-android at d52595d, 2026-08-16), its core "
    "me.chester.minitruco.core; run in lockstep with truco-rules for 20,003 hands (issue 29)"
)
"""The miniTruco version the ``minitruco`` presets were checked against (docs/engines)."""

# The settings under which miniTruco (the Android app) and truco-rules play alike, each with
# the line of miniTruco 3.1.1 it comes from (core/src/main/java/me/chester/minitruco/core/):
MINITRUCO_COMMON: dict[str, object] = {
    # PartidaLocal.java:478, aumentaAposta: `!j.equals(getJogadorDaVez())` -> ignored
    "truco_call_timing": "own_turn",
    # Partida.java:185, respondeAumento(Jogador j, boolean aceitou): an answer is yes or no
    "raise_as_answer": False,
    # PartidaLocal.java:537, respondeAumento: refused only when the partner refused too
    "ladder_refusal": "every_opponent",
    # PartidaLocal.java:385, fechaMao: `posAbre = jogadorAbriuMao.getPosicao() + 1`
    "mano_rotation": "with_play",
    # PartidaLocal.java:303, a tied trick: `jogadorQueTorna = getJogadorDaVez()` (the leader)
    "tie_next_leader": "previous_leader",
    # PartidaLocal.java:320, "Empate na 2a. mão, quem fez a 1a. leva"
    "second_trick_tie_after_win": "first_trick_winner",
    # PartidaLocal.java:332, "Se a 3a. empatou, a 1a. decide"
    "third_trick_tie_after_split": "first_trick_winner",
    # PartidaLocal.java:341, three ties: `if (resultadoRodada != 3)` adds no points
    "all_tricks_tied": "nobody",
    # PartidaLocal.java:674, isPodeFechada: `numRodadaAtual > 1` (no tie is looked at)
    "facedown_allowed": True,
    "facedown_allowed_first_trick": False,
    "facedown_after_tied_trick": True,
    # PartidaLocal.java:674-675, isPodeFechada: "se o parceiro não tiver jogado fechada"
    "facedown_one_per_side": True,
    # PartidaLocal.java:478, aumentaAposta refuses no raise for its value, and caps none
    "forbid_pointless_raise": False,
    "raise_cap": "none",
    # Partida.java:320, isPlacarPermiteAumento: no raise at the mão de 10/11
    "mao_de_x_truco_call": "illegal",
    # PartidaLocal.java:448, decideMaoDeX: "Se aceitou, desencana da resposta do parceiro"
    "mao_de_x_decision": "any_partner_accepts",
    # app/src/main/res/values/strings.xml:161, "o jogo segue normalmente" at 11-11 / 10-10
    "iron_hand_blind": "partner_cards_hidden_only",
    # PartidaLocal.java:165, `valorMao = modo.valorInicialDaMao()` also at 11-11 / 10-10: 1 / 2
    "iron_hand_value": "unbet",
    # PartidaLocal.java:314-335, the hand ends only after the second or third trick
    "end_when_certain": False,
    # PartidaLocal.java:373, the game ends past pontuacaoParaMaoDeX() (11 / 10): 12 points
    "target": 12,
}
"""miniTruco's rules that Truco Paulista and Truco Mineiro share (the lockstep harness's
``COMMON``, issue 29)."""

MINITRUCO = Preset(
    "minitruco",
    {
        **MINITRUCO_COMMON,
        "deck": "sujo",  # ModoPaulista.java:37, isBaralhoLimpo() is false
        "manilha_mode": "vira",  # ModoPaulista.java:42, isManilhaVelha() is false
    },
    description="as miniTruco (the Android app) plays Truco Paulista, mode P",
    source=MINITRUCO_SOURCE,
)
"""``paulista@minitruco``: miniTruco's mode P (docs/engines/minitruco.md)."""

PAULISTA = Variant(
    name="paulista",
    description="Truco Paulista: French deck, vira and manilhas by suit, "
    "truco/seis/nove/doze (1-3-6-9-12), mão de onze and mão de ferro, 12 points.",
    deck=BrazilianDeck(),
    ranking=ViraRanking(),
    table=BrazilianTable(seat_counts=(2, 4), table_direction="clockwise"),
    tricks=PaulistaTricks(),
    ladder=PaulistaLadder(),
    special=BrazilianSpecialHands(
        lacking=1, decline_value=1, play_value=3, fixed_iron_value=3, unbet_value=1
    ),
    match=TargetMatch(target=12),
    aliases=("truco-paulista", "paulista-truco", "truco-sp"),
    presets=(MINITRUCO,),
)
"""Truco Paulista (RULES §5)."""
