"""The side-bet protocol as the kernel's envido and flor use it (issue 15, DESIGN §3).

Envido and flor are two implementations of :class:`~truco_rules.side_bet.SideBet`; their
interplay goes through the protocol's optional methods, which a third party's bet may use
too. Each test below gives one such method to a small bet of our own (``Probe``), written
from the public API only, and checks what the contest does with it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import attrs
import pytest

import truco_rules as tr
from truco_rules.bet_envido import EnvidoBet
from truco_rules.bet_flor import FlorBet
from truco_rules.bet_states import EnvidoState, FlorState
from truco_rules.bet_table import bet_table
from truco_rules.dealing import deal_order
from truco_rules.hooks import SideBet
from truco_rules.side_bet import OPTIONAL_METHODS, Contest, Credit

APUESTA = tr.Action.call("apuesta")
ANUNCIO = tr.Action.call("anuncio")
QUIERO = tr.Action.call("quiero")
NO_QUIERO = tr.Action.call("no-quiero")
MAZO = tr.Action.call("mazo")
BASE = tr.get_variant("argentine")
# no flor on either side: an envido is not voided by a flor sung automatically
NO_FLOR = ["1E 7O 4C", "3B 5E 6C"]

State = tuple[str, int, bool]  # (stage, caller, announced)


@attrs.frozen
class Probe(SideBet):
    """A bet ("apuesta", answered quiero / no quiero) that uses the one optional method
    named by ``mode`` (each is asked only if the bet says it uses it)."""

    name = "probe"
    verbs = ("apuesta", "anuncio")
    mode: str = "none"
    credit: Credit = (0, 1, "announced")

    def uses(self, method: str) -> bool:
        if method in OPTIONAL_METHODS:
            return method == self.mode
        return super().uses(method)

    def start(self, contest: Contest) -> State:
        return ("idle", -1, False)

    def offers(
        self, contest: Contest, state: Hashable, seat: int, on_turn: bool
    ) -> Sequence[tr.Action]:
        return (APUESTA,) if state[0] == "idle" and on_turn else ()  # type: ignore[index]

    def awaiting(self, contest: Contest, state: Hashable) -> int:
        stage, caller, _ = state  # type: ignore[misc]
        if stage != "asked":
            return -1
        return contest.next_of_side(caller, 1 - contest.team[caller])

    def answers(self, contest: Contest, state: Hashable, seat: int) -> Sequence[tr.Action]:
        return (QUIERO, NO_QUIERO)

    def act(
        self, contest: Contest, state: Hashable, seat: int, action: tr.Action
    ) -> tuple[Hashable, Sequence[Credit]]:
        stage, caller, announced = state  # type: ignore[misc]
        if action == APUESTA:
            return ("asked", seat, announced), ()
        if action == ANUNCIO:
            return (stage, caller, True), [self.credit]
        if action == QUIERO:
            return ("on", caller, announced), ()
        return ("done", caller, announced), [(contest.team[caller], 1)]

    def interjections(
        self, contest: Contest, state: Hashable, seat: int, on_turn: bool, awaiting: SideBet
    ) -> Sequence[tr.Action]:
        return (APUESTA,) if awaiting.name == "envido" and state[0] == "idle" else ()  # type: ignore[index]

    def interrupted(
        self, contest: Contest, state: Hashable, seat: int, action: tr.Action
    ) -> tuple[Hashable, Sequence[Credit]]:
        if action == MAZO:
            return ("left", seat, False), [(1 - contest.team[seat], 1, "left")]
        return state, ()

    def automatic(self, contest: Contest, state: Hashable) -> tuple[int, tr.Action] | None:
        return None if state[2] else (contest.order[0], ANUNCIO)  # type: ignore[index]

    def holds_back(self, contest: Contest, state: Hashable, seat: int) -> bool:
        return True

    def restrict(
        self, contest: Contest, state: Hashable, seat: int, legal: list[tr.Action]
    ) -> list[tr.Action]:
        return [a for a in legal if a.verb != "truco"]

    def deck_bonus(self, contest: Contest, state: Hashable, side: int) -> int:
        return 2

    def ends(self, contest: Contest, state: Hashable) -> str:
        return "probe over" if state[0] == "on" else ""  # type: ignore[index]

    def shown(self, contest: Contest, state: Hashable) -> Sequence[tuple[int, tuple[tr.Card, ...]]]:
        mano = contest.order[0]
        return ((mano, (contest.dealt[mano][0],)),)

    def all_actions(self) -> Sequence[tr.Action]:
        return (APUESTA, ANUNCIO, QUIERO, NO_QUIERO)


def match(mode: str = "none", **bet: object) -> tr.Match:
    v = BASE.derive("argentine-probe", "with a probe bet", side_bets=(Probe(mode, **bet),))
    return v.new_match(2, deals=[deal_order(v, NO_FLOR)])  # type: ignore[no-any-return]


def plain() -> tr.Match:
    return BASE.new_match(2, deals=[deal_order(BASE, NO_FLOR)])  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    "name", ["argentine", "argentine-sin-flor", "paulista", "mineiro", "almeria"]
)
def test_kernel_side_bets_are_protocol_implementations(name: str) -> None:
    """The envido and the flor are SideBet objects built from the variant's hooks, played
    before the variant's own bets; the contest keeps their states like any bet's."""
    v = tr.get_variant(name)
    table = bet_table(v)
    kinds = [type(b) for b in table.bets[: table.own]]
    assert kinds == [k for k, hook in ((EnvidoBet, v.envido), (FlorBet, v.flor)) if hook]
    assert all(isinstance(b, SideBet) for b in table.bets)
    hand = v.new_match(2, seed=11).hand
    env, flor = hand.bet_state("envido"), hand.bet_state("flor")
    assert isinstance(env, EnvidoState) if v.envido else env is None
    assert isinstance(flor, FlorState) if v.flor else flor is None
    hash((env, flor))  # immutable values, as the protocol asks of every bet's state


def test_envido_is_answered_before_a_bet_interjected_while_it_waits() -> None:
    """interjections: a call open while another bet awaits (as a flor answers an envido);
    precedence: the envido (-1) is answered before a bet of the variant's own (0)."""
    m = match("interjections")
    m.apply("envido")
    assert m.observation(1).phase == "answer-envido"
    assert APUESTA in m.legal_actions(1)
    m.apply("apuesta")
    assert m.observation(1).phase == "answer-envido" and m.current_player() == 1
    m.apply("quiero")  # the envido is settled, then the probe awaits the mano's answer
    assert m.observation(0).phase == "answer-side-bet" and m.current_player() == 0
    assert m.legal_actions() == [QUIERO, NO_QUIERO]


def test_interrupted_before_the_seat_goes_to_the_deck() -> None:
    """interrupted: the bet hears of a seat going to the deck before the contest scores
    it, so its points come first."""
    m = match("interrupted")
    m.apply("mazo")
    events = m.history[0].events
    assert events[0] == (1, 1, "left")
    assert [e for e in events[1:] if e[2] == "mazo"]


def test_automatic_action_is_taken_and_not_recorded() -> None:
    """automatic: the rules take the action for a seat; it is not in the record, and a
    replay takes it again."""
    m = match("automatic")
    assert m.actions == [] and m.hand.points == [(0, 1, "announced")]
    m.apply("play 1E")
    again = match("automatic")
    for seat, act in m.actions:
        again.apply(act, seat)
    assert again.hand.points == m.hand.points and again.key() == m.key()


def test_deck_bonus_adds_to_what_the_other_side_wins() -> None:
    m, base = match("deck_bonus"), plain()
    for x in (m, base):
        x.apply("mazo")
    assert m.history[0].points[1] == base.history[0].points[1] + 2


def test_ends_the_contest_with_its_reason() -> None:
    m = match("ends")
    m.apply("apuesta")
    m.apply("quiero")
    assert m.history[0].end_reason == "probe over"
    assert m.history[0].winner is None


def test_shown_cards_join_the_contest_summary() -> None:
    m = match("shown")
    m.apply("play 7O")
    m.apply("mazo")  # seat 1 leaves; the mano, still in, shows the card
    assert (0, (BASE.cards("1E")[0],)) in m.history[0].shown


def test_restrict_narrows_the_legal_actions() -> None:
    assert tr.Action.call("truco") in plain().legal_actions(0)
    assert tr.Action.call("truco") not in match("restrict").legal_actions(0)


def test_holds_back_a_seat_not_to_act() -> None:
    v = BASE.with_options(mazo_out_of_turn=True)
    base = v.new_match(2, deals=[deal_order(v, NO_FLOR)])
    assert MAZO in base.legal_actions(1)
    probe = v.derive("probe", "held back", side_bets=(Probe("holds_back"),))
    m = probe.new_match(2, deals=[deal_order(probe, NO_FLOR)])
    assert m.legal_actions(1) == [] and m.legal_actions(0)


def test_unused_optional_methods_are_never_asked() -> None:
    """A bet that says it does not use a method (``uses``) is not asked for it, though
    its class overrides it."""
    m = match("none")
    assert m.hand.points == [] and tr.Action.call("truco") in m.legal_actions(0)
    m.apply("mazo")
    assert [e for e in m.history[0].events if e[2] in ("left", "announced")] == []


def test_a_credit_reason_must_be_text() -> None:
    with pytest.raises(tr.TrucoError, match="not \\(side, points\\)"):
        match("automatic", credit=(0, 1, 5))


def test_an_automatic_action_must_be_the_bets_own() -> None:
    @attrs.frozen
    class Stray(Probe):
        def automatic(self, contest: Contest, state: Hashable) -> tuple[int, tr.Action] | None:
            return (0, tr.Action.call("truco"))

    v = BASE.derive("stray", "takes a truco for a seat", side_bets=(Stray("automatic"),))
    with pytest.raises(tr.TrucoError, match="by itself"):
        v.new_match(2, seed=1)


FLOR_VARIANTS = [n for n in tr.variant_names() if tr.get_variant(n).flor is not None]


@pytest.mark.parametrize("name", FLOR_VARIANTS)
def test_the_kernels_flor_lists_its_actions_and_every_one_is_in_the_vocabulary(
    name: str,
) -> None:
    """``FlorBet.all_actions`` -> ``None`` survived: nothing asked the kernel's flor for its
    listing. The protocol says every action a bet offers or answers with is listed, and part
    of the variant's vocabulary and ids."""
    v = tr.get_variant(name)
    flor = next(b for b in bet_table(v).bets if isinstance(b, FlorBet))
    listed = list(flor.all_actions())
    assert tr.Action.call("flor") in listed
    for action in listed:
        assert v.parse_action(v.format_action(action)) == action
        assert v.action_from_id(v.action_id(action)) == action
