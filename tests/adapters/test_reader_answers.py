"""The reader's reading of how the other side answers its calls (issue 28,
``truco_rules.agents.answers``): each call's answer is counted once, against the chance
the model gave it, from the seat's observations alone, and the reader calls a side that
refuses every call more than one its model trusts."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import truco_rules as tr
from truco_rules.agents import ReaderAgent
from truco_rules.agents.answers import ANSWER_PRIOR, AnswerTally, _answer
from truco_rules.bots import SimpleBot

Answer = Callable[[list[tr.Action]], "tr.Action | None"]


def _refuse(legal: list[tr.Action]) -> tr.Action | None:
    return next((a for a in legal if a.verb == "no-quiero"), None)


def _accept(legal: list[tr.Action]) -> tr.Action | None:
    return next((a for a in legal if a.verb == "quiero"), None)


def _match(
    name: str, seed: int, reader: ReaderAgent, answer: Answer, shadow: ReaderAgent | None = None
) -> tuple[int, int]:
    """A two-seat match of ``name``: the reader at seat 0; seat 1 answers every ladder call
    by ``answer`` and otherwise plays as the simple bot. ``shadow`` (if given) is asked
    every decision of seat 0 too, its choice not played. Returns the calls of the ladder
    the reader and the shadow made where a call was legal in play."""
    m = tr.get_variant(name).new_match(2, seed=seed)
    names = set(m.variant.ladder.names)
    bot = SimpleBot(random.Random(seed))
    made = shadowed = 0
    while not m.is_over():
        legal = m.legal_actions()
        if m.is_chance_node():
            m.apply(legal[0])
        elif m.current_player() == 1:
            pending = m.observation(1).pending_call in names
            m.apply((answer(legal) if pending else None) or bot.choose(m, legal))
        else:
            a = reader.choose(m, legal)
            if shadow is not None:
                b = shadow.choose(m, legal)
                shadowed += b.verb in names and m.observation(0).phase == "play"
            made += a.verb in names and m.observation(0).phase == "play"
            m.apply(a)
    return made, shadowed


def test_every_answer_is_counted_once_against_the_chance_the_model_gave() -> None:
    """RULES §2.5: a call is accepted, refused or raised. Against a side that refuses every
    call none of the reader's calls is met; against one that accepts them all, every one
    is; each is counted once (the last may end the match before the reader sees it)."""
    for answer, met in ((_refuse, False), (_accept, True)):
        seen = 0
        for seed in range(4):
            reader = ReaderAgent(seed=seed)
            made, _ = _match("mineiro", seed, reader, answer)
            answers = reader._answers
            if met:
                assert made - 1 <= answers.met <= made
            else:
                assert answers.met == 0
            assert 0.0 <= answers.expected <= made
            seen += answers.expected > 0
            scale = (answers.met + ANSWER_PRIOR) / (answers.expected + ANSWER_PRIOR)
            assert answers.scale() == pytest.approx(min(2.0, max(0.1, scale)))
            if answers.expected > 0:
                assert (answers.scale() > 1.0) if met else (answers.scale() < 1.0)
        assert seen >= 2


def test_a_side_that_refuses_every_call_is_called_more() -> None:
    """Against a side that refuses every call whatever it holds, the reader (the same seed,
    so the same worlds) calls more often than it would with its model's chances alone."""
    more = 0
    for seed in range(4):
        made, shadowed = _match(
            "mineiro",
            seed,
            ReaderAgent(seed=seed),
            _refuse,
            shadow=ReaderAgent(seed=seed, read_answers=False),
        )
        more += made - shadowed
    assert more > 0
    with pytest.raises(tr.InvalidOption, match="read_answers"):
        ReaderAgent(read_answers=1)  # type: ignore[arg-type]


def test_an_answer_in_the_first_contest_is_counted_and_a_new_match_starts_over() -> None:
    """RULES §2.5: a call, then its answer, within the first contest of the match; the
    reading is of one match: a new match clears it."""
    v = tr.get_variant("mineiro")
    tally = AnswerTally()
    m = v.new_match(2, seed=0)
    seat = m.current_player()
    tally.see(v.ladder.names, m.observation(seat))
    tally.called(m.observation(seat), "truco", 0.4)
    m.apply("truco")
    m.apply("quiero")
    assert m.current_player() == seat and m.observation(seat).hand_no == 0
    tally.see(v.ladder.names, m.observation(seat))
    assert (tally.expected, tally.met) == (pytest.approx(0.4), 1)
    m = v.new_match(2, seed=0)
    tally.see(v.ladder.names, m.observation(m.current_player()))
    assert (tally.expected, tally.met) == (0.0, 0)


def _log(*entries: tuple[int, str]) -> tuple[tuple[int, str], ...]:
    return entries


def test_the_answer_to_a_call_skips_a_side_bet_called_in_between() -> None:
    """RULES §2.5, §3 (the envido is settled before the truco it interrupts is answered):
    the answer read is the other side's to the ladder call; going to the deck that ends the
    contest is a refusal."""
    obs = tr.get_variant("argentine").new_match(2, seed=0).observation(0)
    names = tr.get_variant("argentine").ladder.names
    them = 1 - obs.team
    envido = _log((them, "envido"), (obs.team, "quiero"), (them, "declare 27"))
    assert _answer((*envido, (them, "no-quiero")), names, obs, False) == "no-quiero"
    assert _answer(envido, names, obs, False) is None
    assert _answer(((them, "envido"), (obs.team, "real-envido")), names, obs, False) is None
    assert _answer(((them, "retruco"),), names, obs, False) == "retruco"
    assert _answer(((them, "mazo"),), names, obs, True) == "no-quiero"
    assert _answer(((them, "mazo"),), names, obs, False) is None
    assert _answer(((obs.team, "quiero"),), names, obs, False) is None
