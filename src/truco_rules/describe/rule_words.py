"""Rules in words: option values, rankings, ladders, tie outcomes and deal formats as the
cells of a rule table (see :mod:`truco_rules.describe.comparison`). Every function reads a variant
through its public hooks only."""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..core.arguments import card_or_none
from ..core.cards import RANKS, Card, Suit
from ..rules.deck import strength_groups
from ..rules.registry import get_variant
from ..rules.table import DealPlan
from ..rules.variant import Variant

__all__ = [
    "changed_options",
    "deal_format",
    "facedown_words",
    "ladder_words",
    "option_words",
    "ranking_words",
    "special_card_words",
    "tie_pattern",
    "turned_card_words",
    "variant_label",
    "words",
]

_SUITS = tuple(Suit)


def variant_label(v: Variant) -> str:
    """A variant's name with the options it plays beyond its registered rules:
    ``house (target=15)``; ``house (from base)`` for one made with ``derive`` and
    not registered. The column of a comparison, the title of a report."""
    if v._registered() is None:  # made with derive: no registered defaults to differ from
        return f"{v.name} (from {v.base})" if v.base else v.name
    changed = changed_options(v)
    return f"{v.name} ({option_words(changed)})" if changed else v.name


def changed_options(v: Variant) -> dict[str, Any]:
    """The options ``v`` plays beyond the variant registered under its name (none for a
    variant registered under no name: it has no defaults to differ from)."""
    return v.non_default_options() if v._registered() is not None else {}


def option_words(options: dict[str, Any]) -> str:
    """Options in words, ``target=15, flor=no``."""
    return ", ".join(f"{k}={words(x)}" for k, x in options.items())


def words(value: Any) -> str:
    """An option value in words: ``True`` -> ``yes``, ``None`` -> ``none``,
    ``"first_trick_winner"`` -> ``first trick winner``."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "none"
    if isinstance(value, str):
        return value.replace("_", " ")
    if isinstance(value, (tuple, list)):
        return ", ".join(words(x) for x in value)
    return str(value)


def _group_text(v: Variant, group: Sequence[Card]) -> str:
    """A group of equally strong cards: a rank's text when it is every card of that rank."""
    ranks = {c.rank for c in group}
    notation = v.notation
    if len(ranks) == 1:
        rank = next(iter(ranks))
        whole = [c for c in v.deck.cards if c.rank == rank]
        if len(whole) == len(group) and len(group) > 1:
            return notation.rank_text[RANKS.index(rank)]
    return " ".join(notation.format(c) for c in group)


def _groups(v: Variant, turned: Card | None) -> list[list[Card]]:
    return strength_groups(v.ranking, v.deck.cards, turned)


def _suit_order(v: Variant) -> str:
    """The suits of the cards that rank alone under a sample turned card, high to low."""
    sample = special_cards(v, v.deck.cards[0])
    text = v.notation.suit_text
    return " > ".join(text[_SUITS.index(c.suit)] for c in sample)


def _one_rank_on_top(v: Variant) -> bool:
    """Whether the turned card raises the four cards of one rank (a vira and its manilhas);
    otherwise the words show the ranking under a sample turned card."""
    alone = special_cards(v, v.deck.cards[0])
    return len(alone) == 4 and len({c.rank for c in alone}) == 1


def _manilhas_after_the_vira(v: Variant) -> bool:
    """Whether, under every turned card, the four cards of the rank after it (in the plain
    ranking's order of ranks, the highest followed by the lowest) rank alone on top, in one
    order of suits, over the plain ranking: what :func:`ranking_words` then says in words."""
    plain = _groups(v, None)
    ranks: list[int] = []  # low to high
    for group in reversed(plain):
        if len({c.rank for c in group}) != 1:
            return False
        ranks.append(group[0].rank)
    if len(set(ranks)) != len(ranks):
        return False
    order: list[Suit] | None = None
    for turned in v.deck.cards:
        after = ranks[(ranks.index(turned.rank) + 1) % len(ranks)]
        groups = _groups(v, turned)
        top = groups[:4]
        if any(len(g) != 1 or g[0].rank != after for g in top) or len(top) < 4:
            return False
        suits = [g[0].suit for g in top]
        if order is None:
            order = suits
        rest = [[c for c in g if c.rank != after and c != turned] for g in plain]
        if suits != order or groups[4:] != [g for g in rest if g]:
            return False
    return True


def _digest(v: Variant) -> str:
    """A short name of the ranking under every turned card (the groups of
    :meth:`Variant.describe`), so that two rankings that agree under the sample card still
    differ in words."""
    text = repr(v.describe()["ranking"]).encode()
    return hashlib.blake2b(text, digest_size=4).hexdigest()


def _sample(v: Variant) -> str:
    return f"e.g. under a turned {v.format_card(v.deck.cards[0])}"


def turned_card_words(v: Variant) -> str:
    """Whether a card is turned up after the deal, and what it does."""
    if not v.ranking.turns_up_card:
        return "no"
    return "yes: it sets the manilhas" if _one_rank_on_top(v) else "yes: it changes the ranking"


def ranking_words(v: Variant) -> str:
    """The trick ranking, high to low: ``1E > 1B > 7E > 7O > 3 > 2 > 1O 1C > 12 > ...``."""
    if not v.ranking.turns_up_card:
        return " > ".join(_group_text(v, g) for g in _groups(v, None))
    if not _manilhas_after_the_vira(v):
        groups = _groups(v, v.deck.cards[0])
        return (
            f"{_sample(v)}: "
            + " > ".join(_group_text(v, g) for g in groups)
            + f" (under every turned card: ranking {_digest(v)})"
        )
    plain = " > ".join(_group_text(v, g) for g in _groups(v, None))
    return f"the rank after the vira on top, by suit {_suit_order(v)}; then the rest: {plain}"


def special_card_words(v: Variant) -> str:
    """The cards that rank alone (bravas, manilhas), or what decides them."""
    if v.ranking.turns_up_card and _manilhas_after_the_vira(v):
        return f"the four cards of the rank after the vira ({_suit_order(v)})"
    if v.ranking.turns_up_card:
        alone = special_cards(v, v.deck.cards[0])
        return f"{_sample(v)}: " + " > ".join(v.format_card(c) for c in alone)
    alone = special_cards(v)
    return " > ".join(v.format_card(c) for c in alone) if alone else "none"


def ladder_words(v: Variant, accepted: bool) -> str:
    """``truco 2 / retruco 3 / vale cuatro 4`` (accepted) or the caller's points if refused."""
    ld = v.ladder
    parts = []
    for i, name in enumerate(ld.names, start=1):
        if accepted:
            last = i == len(ld.names)
            value = "the whole game" if last and ld.top_wins_target else str(ld.values[i])
        else:
            value = str(ld.refused(i))
        parts.append(f"{name.replace('-', ' ')} {value}")
    return " / ".join(parts)


def tie_pattern(v: Variant, results: tuple[int, ...]) -> str:
    """Who wins a hand whose tricks went ``results`` (0 mano's side, 1 other, -1 tie)."""
    decide = v.tricks.decide
    for n in range(2, len(results)):
        if decide(results[:n]) is not None:
            return "n/a (decided earlier)"
    out = decide(results)
    if out is None:
        return "trick 3 decides"
    return {0: "the mano's side", 1: "the other side"}.get(out, "nobody scores")


def facedown_words(v: Variant) -> str:
    """When a card may go face down."""
    ok = v.tricks.facedown_ok
    first, later, after_tie = ok(0, ()), ok(1, (0,)), ok(1, (-1,))
    if not (first or later or after_tie):
        return "never"
    text = "in any trick" if first else "not in trick 1"
    if later and not after_tie:
        text += ", nor right after a tied trick"
    if v.tricks.facedown_one_per_side:
        text += "; one per side in a trick"
    return text


def deal_format(plan: DealPlan) -> str:
    """``2 v 2``, ``pica-pica: 3 duels of 1 v 1``, ``gallo: 1 v 2, a 4th card discarded``."""
    contests = plan.contests
    if len(contests) == 1:
        seats = contests[0]
        a = sum(1 for s in seats if plan.sides[s] == plan.sides[seats[0]])
        sizes = sorted((a, len(seats) - a))
        text = f"{sizes[0]} v {sizes[1]}"
    elif all(len(c) == 2 for c in contests):
        text = f"{len(contests)} duels of 1 v 1"
    else:
        text = f"{len(contests)} contests"
    if plan.extra_cards:
        text += ", a 4th card dealt and discarded"
    return f"{plan.kind}: {text}" if plan.kind else text


def special_cards(variant: Variant | str, turned: Card | str | None = None) -> tuple[Card, ...]:
    """The cards that rank alone (no other card shares their strength), highest first: the
    bravas, the manilhas. ``turned`` is the vira of a variant that has one."""
    v = get_variant(variant)
    turn = card_or_none(turned, "turned", v.card, v.deck.cards)
    deck = [c for c in v.deck.cards if c != turn]
    table = v.ranking.strengths(turn, v.deck.cards)
    by_strength = Counter(table[c.index] for c in deck)
    alone = [c for c in deck if by_strength[table[c.index]] == 1]
    return tuple(sorted(alone, key=lambda c: -table[c.index]))
