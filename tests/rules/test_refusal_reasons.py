"""Every refusal says why (issue 27; DESIGN §4): random matches of every registered variant at
every table size it allows, with every action of the variant's action space tried at every
step by every seat. Each refused action must raise an :class:`~truco_rules.IllegalAction`
whose reason is not empty and is not the contest's last resort, the generic "not allowed now
(phase, seat N to act)", and must leave the match as it was (its key, compared once per seat
and step: a change would last). Beside the registered variants, the Argentine one with the
envido declared and the flor sung by hand (phases random play never reaches by default), every
engine preset (the options of issue 29), and a third-party side bet that words no refusal (the
protocol's defaults).

The action space holds every card in each card-bearing block (deal, play, play face down,
two-card play, discard): 40 to 1,700 actions. A card's refusal depends on where the card is
(in the acting seat's hand, in another's, out of the deal), so those blocks are tried with
every card of the current deal and two cards outside it; every action without a card is
tried as it is. That keeps the whole run within seconds.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator, Sequence

import attrs
import pytest
from conftest import scenario

import truco_rules as tr
from truco_rules.core.actions import Action
from truco_rules.hooks import SideBet
from truco_rules.side_bet import Contest, Credit

GENERIC = "not allowed now ("
"""The start of the contest's last-resort reason: no refusal should fall through to it."""


@attrs.frozen
class PlainBet(SideBet):  # type: ignore[type-arg]
    """A third party's side bet that words none of its refusals (the protocol's defaults):
    before the first card the seat to play bets 1 point; the next opponent accepts (the
    bet is void) or refuses (1 to the caller). State: (stage, caller)."""

    name = "apuesta"
    verbs = ("apuesta",)

    def start(self, contest: Contest) -> Hashable:
        return ("open", -1)

    def offers(
        self, contest: Contest, state: Hashable, seat: int, on_turn: bool
    ) -> Sequence[Action]:
        stage, _caller = state  # type: ignore[misc]
        if stage == "open" and on_turn and not contest.call and not any(contest.played_first):
            return (BET,)
        return ()

    def awaiting(self, contest: Contest, state: Hashable) -> int:
        stage, caller = state  # type: ignore[misc]
        if stage != "asked":
            return -1
        side = 1 - contest.team[caller]
        return next((s for s in contest.live(side)), -1)

    def answers(self, contest: Contest, state: Hashable, seat: int) -> Sequence[Action]:
        return (QUIERO, NO_QUIERO)

    def act(
        self, contest: Contest, state: Hashable, seat: int, action: Action
    ) -> tuple[Hashable, Sequence[Credit]]:
        _stage, caller = state  # type: ignore[misc]
        if action == BET:
            return ("asked", seat), ()
        if action == QUIERO:
            return ("done", caller), ()
        return ("done", caller), ((contest.team[caller], 1),)


BET = Action.call("apuesta")
QUIERO = Action.call("quiero")
NO_QUIERO = Action.call("no-quiero")
ARGENTINE = tr.get_variant("argentine")
HOUSE = ARGENTINE.derive(
    "argentine-apuesta", "with a bet that words no refusal", side_bets=(PlainBet(),)
)
MANUAL = {  # the phases random play never reaches with the defaults (RULES §2.6.5, §2.7.2)
    "envido_declaration": "declared_with_penalty",
    "flor_declaration": "manual_with_penalty",
    "unsung_flor": "sing_or_mazo",
    "envido_caller": "pie_only",
    "mazo_out_of_turn": True,
}

CASES: list[tuple[str, tr.Variant, int, tuple[int, ...]]] = [
    (f"{name}-{n}p", tr.get_variant(name), n, (0,))
    for name in tr.variant_names()
    for n in tr.get_variant(name).seat_counts
]
CASES += [
    ("argentine-manual-2p", ARGENTINE.with_options(**MANUAL), 2, (0, 1, 2)),
    ("argentine-manual-4p", ARGENTINE.with_options(**MANUAL), 4, (0,)),
]
CASES += [("argentine-apuesta-2p", HOUSE, 2, (0,))]
CASES += [  # the engines' presets: options the defaults never play (paso, the deck held back)
    (f"{name}@{preset}-{n}p", tr.get_variant(f"{name}@{preset}"), n, (0, 1))
    for name in tr.variant_names()
    for preset in tr.get_variant(name).presets()
    for n in tr.get_variant(name).seat_counts
]


def _cards(act: Action) -> tuple[object, ...]:
    return tuple(c for c in (act.card, act.under) if c is not None)


def tried(m: tr.Match, space: list[Action], outside: tuple[object, ...]) -> Iterator[Action]:
    """The actions tried in the match's current state: every action without a card, every
    card-bearing action whose cards are all in the current deal or ``outside``."""
    hand = m.hand
    dealt = {c for cs in hand.dealt for c in cs} if hand is not None else set()
    for act in space:
        cards = _cards(act)
        if not cards or all(c in dealt or c in outside for c in cards):
            yield act


def refusals_of(
    m: tr.Match, space: list[Action], outside: tuple[object, ...]
) -> list[tuple[str, str]]:
    """Try every action (see :func:`tried`) as every seat; the problems found, each as
    ``(kind, text)``: the kind names the verb and the phase."""
    problems: list[tuple[str, str]] = []
    phase = m.hand.phase_name if m.hand is not None else "between contests"
    key = m.key()
    acts = list(tried(m, space, outside))
    for seat in range(m.seats):
        legal = set(m.legal_actions(seat))
        for act in acts:
            if act in legal:
                continue
            try:
                m.apply(act, seat)
            except tr.IllegalAction as exc:
                reason = exc.reason
                if not reason.strip() or reason.startswith(GENERIC):
                    text = f"{act} by seat {seat} ({phase}): {reason!r}"
                    problems.append((f"{act.verb} in {phase}", text))
            else:
                problems.append(("accepted", f"{act} by seat {seat} was accepted, not legal"))
                return problems
        if m.key() != key:  # once per seat: a change would last
            problems.append(("changed", f"refusing an action of seat {seat} changed the match"))
            return problems
    return problems


@pytest.mark.parametrize(("v", "seats", "seeds"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_every_refusal_names_its_reason(v: tr.Variant, seats: int, seeds: tuple[int, ...]) -> None:
    """DESIGN §4: every action the rules refuse gets a reason a player understands (the
    side bet's own for its calls and answers, "there is no bet to answer", "answer the envido
    first", the hand of 11 being decided...), never the generic fallback, and the match is
    left unchanged."""
    space = [v.action_from_id(i) for i in range(v.num_actions)]
    found: dict[str, str] = {}
    for seed in seeds:
        m = v.new_match(seats, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not m.is_over():
            hand = m.hand
            in_deal = {c for cs in hand.dealt for c in cs} if hand is not None else set()
            outside = tuple(c for c in v.deck.cards if c not in in_deal)[:2]
            for kind, text in refusals_of(m, space, outside):  # one example of each kind
                found.setdefault(kind, f"seed {seed} step {steps}: {text}")
            m.apply(rng.choice(m.legal_actions()))
            steps += 1
    assert not found, f"{len(found)} kinds of refusal without a reason:\n" + "\n".join(
        sorted(found.values())
    )


# =============================================================================================
# The reasons themselves, one situation each
# =============================================================================================

SIN = "argentine-sin-flor"
E33 = "7E 6E 3B"  # envido 33, no flor
E4 = "4C 12O 10B"  # envido 4
FLOR_E = "1E 5E 7E"  # a flor of espadas
FLOR_C = "4C 5C 6C"  # a flor of copas


def refused(m: tr.Match, text: str, seat: int, reason: str, error: type = tr.IllegalAction) -> None:
    """``text`` by ``seat`` raises ``error`` whose reason holds ``reason``; nothing changes."""
    key = m.key()
    with pytest.raises(error) as info:
        m.apply(text, seat)
    assert reason in info.value.reason, info.value.reason
    assert m.key() == key


def test_s1_5_an_answer_with_nothing_to_answer() -> None:
    """RULES §1.5: quiero and no-quiero answer a call; with none made there is no bet to
    answer."""
    m = scenario(SIN, [E33, E4])
    refused(m, "quiero", 0, "there is no bet to answer")
    refused(m, "no-quiero", 0, "there is no bet to answer")


def test_s2_6_the_envido_is_answered_before_going_to_the_deck() -> None:
    """RULES §2.5, §2.10: while an envido awaits its answer the seat asked answers it first
    (going to the deck answers it only with mazo_out_of_turn); the envido bet says so."""
    m = scenario(SIN, [E33, E4], ["0:envido"])
    refused(m, "mazo", 1, "answer the envido first: going to the deck does not answer it")
    refused(m, "play 4C", 1, "answer the envido first")
    refused(m, "declare 4", 1, "must be accepted (quiero) before the scores are stated")


def test_s2_6_5_declared_scores_say_what_to_state() -> None:
    """RULES §2.6.5 (envido_declaration='declared_with_penalty'): the first to speak states
    a score; a later score must beat the best stated, or the player says son buenas."""
    options = {"envido_declaration": "declared_with_penalty"}
    m = scenario(SIN, [E33, E4], ["0:envido", "1:quiero"], options=options)
    refused(m, "son-buenas", 0, "the first to speak states a score")
    refused(m, "play 7E", 0, "state your score first")
    m.apply("declare 33", 0)
    refused(m, "declare 4", 1, "must beat the best so far (33, seat 0)")
    m.apply("son-buenas", 1)
    refused(m, "declare 30", 0, "the envido is settled")
    refused(m, "envido", 0, "one envido per hand")


def test_s2_7_flor_refusals_come_from_the_flor() -> None:
    """RULES §2.7.2, §2.7.3 (manual flor, unsung_flor='sing_or_mazo'): a holder sings or
    leaves; each step of the flor duel names the answers it takes."""
    options = {"flor_declaration": "manual_with_penalty", "unsung_flor": "sing_or_mazo"}
    m = scenario("argentine", [FLOR_E, E4], options=options)
    refused(m, "play 1E", 0, "holds a flor not yet sung: sing it or go to the deck")
    refused(m, "contraflor", 0, "no flor was sung: there is no flor to answer")
    m = scenario("argentine", [E4, FLOR_E], options=options)
    refused(m, "flor", 0, "this player holds no flor")
    m = scenario("argentine", [FLOR_E, FLOR_C], ["0:flor"], options=options)
    refused(m, "quiero", 1, "answer the flor first: a flor is answered with con-flor-quiero")
    m.apply("contraflor", 1)
    refused(m, "con-flor-quiero", 0, "a contraflor is answered with quiero, no-quiero")
    m.apply("contraflor-al-resto", 0)
    refused(m, "contraflor", 1, "a contraflor al resto is answered with quiero or no-quiero")
    refused(m, "play 4C", 1, "answer the flor first")


@pytest.mark.parametrize(
    ("variant", "turned", "mark"), [("paulista", "7d", 11), ("mineiro", None, 10)]
)
def test_s5_7_the_hand_of_11_is_decided_first(variant: str, turned: str | None, mark: int) -> None:
    """RULES §5.7, §6.6: while the side at 11 (10 in Minas) decides its hand, that side's
    seat accepts or declines first, and only that side decides."""
    m = scenario(variant, ["Qc Qh 3s", "4c 5h 6s"], turned=turned, scores=(mark, 5))
    assert m.current_player() == 0
    refused(m, "mazo", 0, f"the hand of {mark} is being decided")
    refused(m, "quiero", 0, "'accept-hand' or 'decline-hand'")
    refused(m, "mazo", 1, f"only the side at {mark} decides", tr.WrongPlayer)


def test_a_third_party_bet_that_words_nothing_still_gives_reasons() -> None:
    """The side-bet protocol's defaults: while the bet awaits its answer the seat asked
    answers it first; its own call out of time names the bet."""
    m = scenario(HOUSE, [E33, E4], ["0:apuesta"])
    refused(m, "play 4C", 1, "answer the apuesta first")
    refused(m, "truco", 1, "answer the apuesta first")
    m.apply("quiero", 1)
    refused(m, "apuesta", 0, "apuesta does not allow that now")


def test_s2_10_no_deck_while_a_call_awaits_at_this_table() -> None:
    """RULES §2.10, ``mazo_pending_call='nobody'``: the player asked to answer a truco may not
    go to the deck first, and is told so (not the generic reason)."""
    m = scenario(SIN, [E33, E4], ["0:truco"], options={"mazo_pending_call": "nobody"})
    refused(m, "mazo", 1, "nobody goes to the deck while a call awaits its answer")


def test_s2_5_paso_says_what_it_passes() -> None:
    """RULES §2.5, ``answer_pass``: paso with no call to pass, or with no partner left to pass
    it to (2 seats), is refused with its own reason, not an envido's."""
    opts = {"answer_pass": True}
    m = scenario(SIN, [E33, E4, "4O 5B 6O", "7O 10E 11C"], options=opts)
    refused(m, "paso", 0, "there is no call to pass")
    m = scenario(SIN, [E33, E4], ["0:truco"], options=opts)
    refused(m, "paso", 1, "has none")


def test_s2_5_paso_goes_round_the_side_once_each() -> None:
    """RULES §2.5, ``answer_pass`` (as trucoshi plays it): at 4 seats the player asked
    passes to his partner, who may pass it back once; the first, having passed, answers.
    The reason said 'a partner who has not been asked yet', which the rule is not."""
    v = tr.get_variant("argentine-sin-flor@trucoshi")
    hands = ["4E 5B 7C", "7O 10B 11E", "4C 5O 6B", "1E 2B 3C"]
    for call in ("truco", "envido"):
        m = v.new_match(4, deals=[tr.deal_order(v, hands, mano=1)], mano=1)
        m.apply(call, 1)
        asked = [m.current_player()]
        while "paso" in m.legal_action_texts():
            m.apply("paso")
            asked.append(m.current_player())
        assert asked == [0, 2, 0]
        if call == "truco":  # the envido's answers are the envido's to refuse
            refused(m, "paso", 0, "has passed it already")
