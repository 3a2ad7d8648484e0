"""More worlds where few of them weigh (issue 28).

After a call or a raise that few sampled worlds explain, the others' choices give those
few nearly all the weight, and the reader's chance, read from them, swings with the draw.
:func:`~truco_rules.agents.determinize.weighted_worlds` then draws more, up to a cap,
until the worlds are worth ``widen * count`` worlds drawn alike (their effective sample
size); where every world weighs the same it draws ``count``.
"""

from __future__ import annotations

import random

import pytest

import truco_rules as tr
from truco_rules.agents import ReaderAgent
from truco_rules.agents.determinize import weighted_worlds
from truco_rules.agents.inference import TableModel
from truco_rules.bots import SimpleBot
from truco_rules.errors import InvalidOption
from truco_rules.views.observe import Observation

_MODEL = TableModel(0.1, 0.0)


def _ess(weights: list[float]) -> float:
    return sum(weights) ** 2 / sum(w * w for w in weights)


def _answering(name: str, seats: int) -> tuple[tr.Variant, Observation]:
    """The first call of the other side that a seat answers, the simple bot playing."""
    v = tr.get_variant(name)
    for s in range(60):
        m = v.new_match(seats, seed=s)
        bot = SimpleBot(random.Random(s))
        while not m.is_over():
            seat = m.current_player()
            obs = m.observation(seat)
            if obs.phase == "answer-call" and obs.current.table:
                return v, obs
            m.apply(bot.choose(m, m.legal_actions()))
    raise AssertionError("no call answered after a card played")


@pytest.mark.parametrize(("name", "seats"), [("paulista", 2), ("mineiro", 4), ("argentine", 2)])
def test_uneven_weights_draw_more_worlds_up_to_the_cap(name: str, seats: int) -> None:
    v, obs = _answering(name, seats)
    plain = weighted_worlds(v, obs, random.Random(7), 8, _MODEL)
    assert len(plain) == 8
    wide = weighted_worlds(v, obs, random.Random(7), 8, _MODEL, widen=1.0, most=20)
    # the same draws first, then more while the worlds are worth fewer than 8
    assert [w for _m, w in wide[:8]] == [w for _m, w in plain]
    assert _ess([w for _m, w in plain]) < 8  # a call: the worlds weigh unevenly
    assert 8 < len(wide) <= 20
    assert len(wide) == 20 or _ess([w for _m, w in wide]) >= 8
    # each world drawn before the last was still worth fewer than 8
    assert _ess([w for _m, w in wide[:-1]]) < 8


def test_even_weights_draw_the_count() -> None:
    v = tr.get_variant("paulista")
    m = v.new_match(2, seed=3)
    obs = m.observation(m.current_player())  # nobody else has chosen anything yet
    found = weighted_worlds(v, obs, random.Random(1), 6, _MODEL, widen=1.0, most=30)
    assert len(found) == 6
    assert {w for _m, w in found} == {1.0}


def test_the_reader_widens_by_its_option() -> None:
    v, obs = _answering("paulista", 2)
    narrow = ReaderAgent(worlds=6, widen=0.0, seed=2)._sample(v, obs)
    wide = ReaderAgent(worlds=6, widen=1.0, seed=2)._sample(v, obs)
    assert len(narrow) == 6
    assert 6 < len(wide) <= 12  # at most twice its worlds
    with pytest.raises(InvalidOption, match="widen"):
        ReaderAgent(widen=1.5)
