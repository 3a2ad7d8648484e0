"""``Observation.to_dict()``, the JSON form a server sends every seat after every action
(issue 23): it is exactly the observation's fields as plain data, whatever the variant, the
table and the moment, for seats and for the public view."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

import truco_rules as tr

TABLES = [(name, n) for name in tr.variant_names() for n in tr.get_variant(name).seat_counts]


def _reference(obs: tr.Observation) -> dict[str, Any]:
    """The specification, written the slow generic way: every attrs field in order, cards as
    their text in the observation's notation, tuples as lists, the notation by name."""
    fmt = obs.notation.format

    def conv(v: Any) -> Any:
        if isinstance(v, tr.Card):
            return fmt(v)
        if isinstance(v, tr.Notation):
            return v.name
        if attrs.has(type(v)):
            return {f.name: conv(getattr(v, f.name)) for f in attrs.fields(type(v))}
        if isinstance(v, tuple):
            return [conv(x) for x in v]
        return v

    return {f.name: conv(getattr(obs, f.name)) for f in attrs.fields(tr.Observation)}


@pytest.mark.parametrize(("name", "seats"), TABLES)
def test_to_dict_is_the_observation_as_plain_data(name: str, seats: int) -> None:
    v = tr.get_variant(name)
    rng = random.Random(f"{name}/{seats}")
    for k in range(4):
        m = v.new_match(seats=seats, seed=k)
        while not m.is_over():
            views = [m.observation(s) for s in range(seats)] + [m.public_observation()]
            for obs in views:
                data = obs.to_dict()
                assert data == _reference(obs)
                assert list(data) == [f.name for f in attrs.fields(tr.Observation)]
                assert json.loads(json.dumps(data)) == data
            m.apply(rng.choice(m.legal_actions()))
