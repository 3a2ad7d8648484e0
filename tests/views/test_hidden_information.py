"""What a seat may learn (DESIGN §4), through every channel: its observation, the records, and
the errors it gets for actions it tries (issue 10, items 1, 2 and 8)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

import truco_rules as tr
from truco_rules.core.cards import Card, Suit
from truco_rules.hand import Hand
from truco_rules.hooks import EnvidoRules, FixedRanking, HandContext
from truco_rules.testing import check_observation_hides, deal_orders, hidden_swaps
from truco_rules.variants.argentine import ARGENTINE_RANKING

MINEIRO = tr.get_variant("mineiro")


def _mineiro_two_card_trick(hidden: str, **options: object) -> tr.Match:
    """RULES §6.4: trick 1 tied (4s-4h); seat 0 plays 5s over 4d, seat 1 Kh over ``hidden``."""
    v = MINEIRO.with_options(**options)
    order = tr.deal_order(v, ["4s 5s 4d", f"4h Kh {hidden}"])
    then = tr.deal_order(v, ["As 2s 3s", "Ah 2h 3h"])
    m = v.new_match(deals=[order, then], mano=0)
    for text in ("play 4s", "play 4h", "play 5s over 4d", f"play Kh over {hidden}"):
        m.apply(text)
    return m


def test_a_hidden_card_that_voids_the_face_up_one_is_shown() -> None:
    """RULES §6.4 step 5: under 3c (higher than Kh) the face-up Kh is void and seat 0 wins
    trick 2; under 6c it stands and seat 1 wins. Seat 0 sees which hidden card decided it."""
    void, stands = _mineiro_two_card_trick("3c"), _mineiro_two_card_trick("6c")
    assert void.history[0].tricks == (-1, 0) and stands.history[0].tricks == (-1, 1)
    for m, hidden in ((void, "3c"), (stands, "6c")):
        card = MINEIRO.card(hidden)
        assert (1, (card,)) in m.history[0].shown  # the record shows it
        prev = m.observation(0).previous
        assert prev is not None and (1, (card,)) in prev.shown  # and so does the observation
        assert hidden in m.observation(0).to_dict()["previous"]["shown"][1][1]


def test_hidden_cards_that_decide_nothing_stay_hidden() -> None:
    """RULES §6.4 with ``mineiro_faceup_must_be_higher='never'``: the face-up cards alone
    decide trick 2, so the cards under them are never turned up."""
    m = _mineiro_two_card_trick("3c", mineiro_faceup_must_be_higher="never")
    assert m.history[0].tricks == (-1, 1)
    assert m.history[0].shown == ()
    prev = m.observation(0).previous
    assert prev is not None and prev.shown == ()


TRIES = ("flor", "quiero", "play 4C", "play 1O", "mazo", "son-buenas", "declare 20")


@pytest.mark.parametrize("seat0", ["1O 2O 3O", "1O 2O 3C"])
def test_an_out_of_turn_error_does_not_depend_on_the_other_seats_flor(seat0: str) -> None:
    """RULES §2.7.2 manual flor: seat 1 trying ``flor`` out of turn gets the same error whether
    or not seat 0 holds an unsung flor (it was WrongPlayer with a flor, IllegalAction without)."""
    v = tr.get_variant("argentine").with_options(flor_declaration="manual_with_penalty")
    m = v.new_match(deals=[tr.deal_order(v, [seat0, "4C 5B 6E"])])
    errors = []
    for text in TRIES:
        before = m.copy()
        with pytest.raises(tr.IllegalAction) as info:
            m.apply(text, 1)
        assert m == before
        errors.append((type(info.value), str(info.value), info.value.legal))
    assert all(kind is tr.WrongPlayer for kind, _msg, _legal in errors)
    reference = tr.get_variant("argentine").with_options(flor_declaration="manual_with_penalty")
    other = reference.new_match(deals=[tr.deal_order(reference, ["4O 5O 6C", "4C 5B 6E"])])
    for (kind, msg, legal), text in zip(errors, TRIES, strict=True):
        with pytest.raises(tr.IllegalAction) as info:
            other.apply(text, 1)
        assert (type(info.value), str(info.value), info.value.legal) == (kind, msg, legal)


def test_render_and_to_dict_write_cards_in_the_match_notation() -> None:
    """Issue 10 item 8: Paulista played with ``deck='spanish'`` shows 5C, as its legal actions
    say, not the French 5h of the registered variant."""
    v = tr.get_variant("paulista").with_options(deck="spanish")
    m = v.new_match(seed=1)
    o = m.observation(m.current_player())
    mine = " ".join(v.format_card(c) for c in o.my_cards)
    assert f"your cards: {mine}" in o.render()
    assert all(f"play {c}" in o.legal_actions for c in mine.split())
    assert o.to_dict()["my_cards"] == mine.split()
    assert o.to_dict()["notation"] == "spanish"
    french = tr.get_variant("paulista").new_match(seed=1)
    fo = french.observation(french.current_player())
    assert fo.to_dict()["notation"] == "french"
    assert all(c[-1] in "schd" for c in fo.to_dict()["my_cards"])


# ----------------------------------------------------------------------- the kit's I7 catches
def _old_shown(self: Hand) -> tuple[tuple[int, tuple[tr.Card, ...]], ...]:
    """Hand.shown as it was before issue 10: the cards under a two-card play never shown."""
    under = {c for _s, c in self.revealed}
    kept = ((s, tuple(c for c in cs if c not in under)) for s, cs in _SHOWN(self))
    return tuple((s, cs) for s, cs in kept if cs)


def _old_check(self: Hand, action: tr.Action, seat: int | None = None) -> None:
    """Hand.check as it was before issue 10: WrongPlayer only when the seat to act could do it."""
    s = self.turn if seat is None else seat
    if action in self._legal_of(s):
        return
    if s != self.turn and (action.verb == "play" or action in self._legal_of(self.turn)):
        raise tr.WrongPlayer(action, s, "it is not this seat's turn")
    raise tr.IllegalAction(action, s, self._why(action, s), self._legal_of(s))


_SHOWN = Hand.shown


def test_i7_catches_a_hidden_card_that_decides_unseen(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 10 item 3: with the cards under a two-card play never shown (the old engine),
    the kit's I7 swaps the hidden card the action names and sees the trick result change."""
    m = _mineiro_two_card_trick("6c")
    hidden = MINEIRO.card("6c")
    monkeypatch.setattr(Hand, "shown", _old_shown)
    order = deal_orders(m)[0]
    swaps = [sw for sw in hidden_swaps(m, 0) if hidden in (order[sw.i], order[sw.j])]
    assert swaps, "the hidden card named by 'play Kh over 6c' must be swappable"
    caught = 0
    for sw in swaps:
        try:
            check_observation_hides(m, 0, [sw])
        except AssertionError as exc:
            assert "I7" in str(exc)
            caught += 1
    assert caught > 0
    monkeypatch.undo()
    order = deal_orders(m)[0]
    assert not [sw for sw in hidden_swaps(m, 0) if hidden in (order[sw.i], order[sw.j])]


def test_i7_catches_an_error_that_depends_on_another_seats_flor(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 10 item 3: with the old out-of-turn error, the kit's I7 compares the errors seat 1
    gets in two deals it cannot tell apart (seat 0 with and without an unsung flor)."""
    v = tr.get_variant("argentine").with_options(flor_declaration="manual_with_penalty")
    m = v.new_match(deals=[tr.deal_order(v, ["1O 2O 3O", "4C 5B 6E"])])
    swaps = hidden_swaps(m, 1)
    assert swaps
    for sw in swaps:  # the fixed engine: no swap tells seat 1 anything
        check_observation_hides(m, 1, [sw])
    monkeypatch.setattr(Hand, "check", _old_check)
    failures = []
    for sw in swaps:
        try:
            check_observation_hides(m, 1, [sw])
        except AssertionError as exc:
            failures.append(str(exc))
    assert failures and all("trying 'flor'" in f for f in failures)


@attrs.frozen
class _LateOros(EnvidoRules):
    """Once a side has 10 points, each card of oros adds 1 to the envido (a score-dependent
    rule: the hand context carries the scores, docs/own-package.md)."""

    def points_in(self, cards: Sequence[Card], context: HandContext) -> int:
        late = max(context.scores) >= 10
        return self.points(cards) + (sum(c.suit is Suit.OROS for c in cards) if late else 0)

    def possible_scores(self) -> tuple[int, ...]:
        return tuple(range(37))


@attrs.frozen
class _MuestraBonus(EnvidoRules):
    """Each card of the turned card's suit adds 1 to the envido (docs/own-package.md)."""

    def points_in(self, cards: Sequence[Card], context: HandContext) -> int:
        t = context.turned
        return self.points(cards) + sum(t is not None and c.suit == t.suit for c in cards)

    def possible_scores(self) -> tuple[int, ...]:
        return tuple(range(37))


def _kit_passes(v: tr.Variant, seats: int, scores: tuple[int, int], seeds: int) -> int:
    """I7 over seeded matches after an envido is settled: the kit swaps only cards that keep
    every other hand's public scores as the kernel values them; the swaps it checked."""
    checked = 0
    for seed in range(seeds):
        m = v.new_match(seats, seed=seed, scores=scores)
        while m.hand is None and not m.is_over():  # the gallo puts his extra card aside
            m.apply(m.legal_actions()[0])
        for text in ("envido", "quiero"):
            if text in m.legal_action_texts():
                m.apply(text)
        while m.hand is not None and m.legal_action_texts()[0].startswith(("declare", "son")):
            m.apply(m.legal_actions()[0])
        swaps = hidden_swaps(m, 0)[:6]
        check_observation_hides(m, 0, swaps)
        checked += len(swaps)
    return checked


def test_i7_values_hands_with_the_scores_the_kernel_uses() -> None:
    """RULES §2.6 through a hook of one's own: an envido that depends on the scores is
    valued by the kit with the scores before the contest, as the kernel values it (before,
    the kit valued every hand at 0-0, and a correct variant failed I7)."""
    v = tr.get_variant("argentine-sin-flor").derive("late-oros", "a test", envido=_LateOros())
    assert _kit_passes(v, 2, (12, 3), 30) > 0


def test_i7_reads_the_turned_card_after_the_gallos_extra_card() -> None:
    """RULES §2.12.2: at three seats the gallo is dealt a fourth card before the card turned
    up; the kit values the hands with the card the kernel turned (before, it read the
    gallo's fourth card as the muestra, and a correct variant failed I7)."""
    v = tr.get_variant("argentine-sin-flor").derive(
        "muestra-bonus",
        "a test",
        ranking=FixedRanking(ARGENTINE_RANKING.table, turns_up_card=True),
        envido=_MuestraBonus(),
    )
    assert 3 in v.seat_counts
    assert _kit_passes(v, 3, (0, 0), 30) > 0
