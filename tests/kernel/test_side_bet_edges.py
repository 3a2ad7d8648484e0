"""A third-party side bet at the edges of the protocol (docs/extending.md, the README's
promise: a bet from another package is played behind a guard that checks what it returns,
ProtocolError naming the bet and the method, the match left as it was): a state nested
too deep, the kernel's envido and flor calls, cards of seats out of the contest, cards
shown by two bets."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import truco_rules as tr
from truco_rules.hooks import SideBet

FLOR, ENVIDO, QUIERO, NO_QUIERO = (
    tr.Action.call(v) for v in ("flor", "envido", "quiero", "no-quiero")
)
BET = tr.Action.call("apuesta")
DEAL = ["1E 7O 4C", "3B 5E 6C"]


def _deep(levels: int) -> tuple[Any, ...]:
    x: tuple[Any, ...] = ()
    for _ in range(levels):
        x = (x,)
    return x


@attrs.frozen
class DeepState(SideBet):
    """Its state after a call nests tuples very deep: hashing one crashed the process."""

    name = "apuesta"
    verbs = ("apuesta",)

    def all_actions(self) -> tuple[tr.Action, ...]:
        return (BET,)

    def start(self, contest: Any) -> Any:
        return 0

    def offers(self, contest: Any, state: Any, seat: int, on_turn: bool) -> Any:
        return (BET,) if state == 0 and on_turn and not contest.call else ()

    def act(self, contest: Any, state: Any, seat: int, action: Any) -> Any:
        return _deep(200_000), ()


def test_a_state_nested_too_deep_is_a_protocol_error() -> None:
    v = tr.get_variant("argentine").derive("deep", "x", side_bets=(DeepState(),))
    m = v.new_match(2, deals=[tr.deal_order(v, DEAL)])
    before = m.to_json()
    with pytest.raises(tr.ProtocolError, match="nested more than 20 levels"):
        m.apply(BET)
    assert m.to_json() == before


@attrs.frozen
class TakesFlor(SideBet):
    """Sings 'flor' by itself while an envido awaits: the kernel's envido was voided."""

    name = "fantasma"
    verbs = ("fantasma",)

    def all_actions(self) -> tuple[tr.Action, ...]:
        return (tr.Action.call("fantasma"), FLOR)

    def start(self, contest: Any) -> Any:
        return 0

    def automatic(self, contest: Any, state: Any) -> Any:
        env = contest.bet_state("envido")
        return (contest.turn, FLOR) if state == 0 and env is not None and env.stage == 1 else None

    def act(self, contest: Any, state: Any, seat: int, action: Any) -> Any:
        return 1, ()


@attrs.frozen
class AnswersFlor(SideBet):
    """Offers 'flor' as an answer in a variant without flor: the envido closed for good."""

    name = "apuesta"
    verbs = ("apuesta",)

    def all_actions(self) -> tuple[tr.Action, ...]:
        return (BET, QUIERO, NO_QUIERO, FLOR)

    def start(self, contest: Any) -> Any:
        return ("idle", -1)

    def offers(self, contest: Any, state: Any, seat: int, on_turn: bool) -> Any:
        return (BET,) if state[0] == "idle" and on_turn and not contest.call else ()

    def awaiting(self, contest: Any, state: Any) -> int:
        if state[0] != "asked":
            return -1
        return int(contest.next_of_side(state[1], 1 - contest.team[state[1]]))

    def answers(self, contest: Any, state: Any, seat: int) -> Any:
        return (QUIERO, NO_QUIERO, FLOR)

    def act(self, contest: Any, state: Any, seat: int, action: Any) -> Any:
        return (("asked", seat) if action == BET else ("on", state[1])), ()


@pytest.mark.parametrize("base", ["argentine", "argentine-sin-flor"])
def test_a_bet_takes_no_kernel_call_by_itself(base: str) -> None:
    v = tr.get_variant(base).derive("ghost", "x", side_bets=(TakesFlor(),))
    m = v.new_match(2, deals=[tr.deal_order(v, DEAL)])
    with pytest.raises(tr.ProtocolError) as info:
        m.apply(ENVIDO)
    assert info.value.method == "automatic"


def test_a_bet_answers_with_no_kernel_call_even_without_flor() -> None:
    v = tr.get_variant("argentine-sin-flor").derive("answers", "x", side_bets=(AnswersFlor(),))
    with pytest.raises(tr.ProtocolError):  # at the latest when the answers are asked
        m = v.new_match(2, deals=[tr.deal_order(v, DEAL)])
        m.apply(BET)
        m.legal_actions()


@attrs.frozen
class ShowsOthers(SideBet):
    """Shows the cards of the seats out of its contest (a later pica-pica duel's)."""

    name = "mirada"
    verbs = ("mirada",)

    def shown(self, contest: Any, state: Any) -> Any:
        return tuple((s, contest.dealt[s]) for s in range(len(contest.dealt)) if contest.pos[s] < 0)


def test_a_bet_shows_no_card_of_a_seat_out_of_its_contest() -> None:
    v = tr.get_variant("argentine").derive("peek", "x", side_bets=(ShowsOthers(),))
    m = v.new_match(6, seed=1)
    with pytest.raises(tr.ProtocolError, match="seat in the contest"):
        while not m.is_over():
            legal = m.legal_actions()
            plays = [a for a in legal if a.verb == "play"]
            m.apply((plays or legal)[0])
            assert m.history is not None  # summing the contests up asks what it shows


@attrs.frozen
class ShowsFirst(SideBet):
    """Shows each seat's first card: it replaced the envido's proof of the same seat."""

    name = "primera"
    verbs = ("primera",)

    def shown(self, contest: Any, state: Any) -> Any:
        return tuple((s, contest.dealt[s][:1]) for s in contest.order)


def test_cards_shown_by_two_bets_are_both_shown() -> None:
    base = tr.get_variant("argentine")
    deals = [tr.deal_order(base, DEAL)]
    shown = []
    for v in (base, base.derive("shows", "x", side_bets=(ShowsFirst(),))):
        m = v.new_match(2, deals=deals)
        for a in ("envido", "quiero", "play 1E", "mazo"):
            m.apply(a)
        shown.append(dict(m.history[-1].shown))
    proof = shown[0][0]
    assert set(proof) <= set(shown[1][0]) and len(shown[1][0]) > len(proof)


class _Same(tuple):  # type: ignore[type-arg]
    """A tuple equal only to itself: a pickled copy of a match holding it was unequal."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return id(self)


def test_a_state_unequal_to_its_copy_is_refused() -> None:
    from truco_rules.rules.side_bet_checks import immutable

    assert not immutable(_Same((1, 2)))
    assert immutable((1, (2, "x")))


@attrs.frozen(eq=False)
class _Touchy:
    """A frozen state whose equality raises: comparing two matches that held it crashed."""

    n: int = 0

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no comparing")

    def __hash__(self) -> int:
        return 1


def test_a_state_whose_equality_raises_is_refused() -> None:
    from truco_rules.rules.side_bet_checks import checked_state, immutable

    assert not immutable(_Touchy())
    with pytest.raises(tr.ProtocolError, match="can change"):
        checked_state("touchy", "start", _Touchy())
    assert immutable(_Frozen(1)) and checked_state("ok", "start", _Frozen(1)) == _Frozen(1)


@attrs.frozen
class _Frozen:
    n: int


class _ShowsAList(SideBet):  # type: ignore[type-arg]
    """Shows the caller's cards as a list (the protocol wants a tuple)."""

    name = "listed"
    verbs = ("listed",)

    def shown(self, contest: Any, state: Any) -> Any:
        return ((0, list(contest.dealt[0])),)


@attrs.frozen
class _ShowsText(_ShowsAList):
    """Shows the caller's cards as text: in what it returns, or in the error it raises."""

    name = "texted"
    verbs = ("texted",)
    raises: bool = False

    def shown(self, contest: Any, state: Any) -> Any:
        cards = tuple(str(c) for c in contest.dealt[0])
        if self.raises:
            raise ValueError("cannot show " + " ".join(cards))
        return ((0, cards),)


@pytest.mark.parametrize("bet", [_ShowsAList(), _ShowsText(False), _ShowsText(True)])
def test_a_protocol_error_names_no_card(bet: SideBet) -> None:  # type: ignore[type-arg]
    """An error may reach a seat that must not see the cards in it: a bet's broken shown()
    put seat 0's hidden cards in the ProtocolError seat 1 got when it went to the deck, as
    card objects, as text, or in the text of the error the bet raised."""
    v = tr.get_variant("argentine").derive("listed", "x", side_bets=(bet,))
    m = v.new_match(2, deals=[tr.deal_order(v, DEAL)])
    with pytest.raises(tr.ProtocolError, match="shown") as info:
        m.apply("mazo")
    text = str(info.value)
    assert "cards not named" in text
    assert not any(card in text for hand in DEAL for card in hand.split())
    assert m.actions == []  # and the mazo was refused whole
