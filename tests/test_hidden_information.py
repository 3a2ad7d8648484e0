"""What a seat may learn (DESIGN §4), through every channel: its observation, the records, and
the errors it gets for actions it tries (issue 10, items 1, 2 and 8)."""

from __future__ import annotations

import pytest

import truco_rules as tr

MINEIRO = tr.get_variant("mineiro")


def _mineiro_two_card_trick(hidden: str, **options: object) -> tr.Match:
    """RULES §6.4: trick 1 tied (4s-4h); seat 0 plays 5s over 4d, seat 1 Kh over ``hidden``."""
    v = MINEIRO.with_options(**options)
    m = v.new_match(deals=[tr.deal_order(v, ["4s 5s 4d", f"4h Kh {hidden}"])], mano=0)
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
