"""Options a package can trust (issue 29): truco_rules.testing.check_options_live finds, for
every option of a variant and each of its values, a game that plays apart, and names the option
for which it finds none, whoever wrote the variant."""

from __future__ import annotations

import attrs
import pytest

import truco_rules as tr
from truco_rules.sidebets import EnvidoRules
from truco_rules.testing import check_options_live, dead_options, find_difference

E, RE, FE = "envido", "real-envido", "falta-envido"


@attrs.frozen
class OwnChains(EnvidoRules):
    """A package's envido that lists its bet sequences itself (as the ported package of the
    issue did) and so never reads ``envido_envido_falta``."""

    def chains(self) -> frozenset[tuple[str, ...]]:
        base = {(E,), (RE,), (E, E), (E, RE), (E, E, RE)}
        return frozenset(base | {(*c, FE) for c in base} | {(FE,)})


def _package_variant() -> tr.Variant:
    stock = tr.get_variant("argentine-sin-flor")
    assert stock.envido is not None
    return stock.derive("own-chains", "a package's envido", envido=OwnChains())


def test_an_option_the_package_ignores_is_named() -> None:
    """RULES §2.6.2: envido, envido, falta envido; the package's chains() allows it whatever
    envido_envido_falta says, so the option does nothing and the check says which."""
    v = _package_variant()
    with pytest.raises(AssertionError) as err:
        check_options_live(v, options=["envido_envido_falta"], examples=150)
    assert "envido_envido_falta=False" in str(err.value) and "own-chains" in str(err.value)
    assert dead_options(v, options=["envido_envido_falta"], examples=150) == [
        ("envido_envido_falta", False)
    ]


def test_the_same_option_of_the_stock_envido_is_live() -> None:
    """The stock envido reads the option (RULES §2.6.2): the same search finds the game."""
    v = tr.get_variant("argentine-sin-flor")
    check_options_live(v, options=["envido_envido_falta"], examples=150)
    ctx = find_difference(v, "envido_envido_falta", False, examples=150)
    assert ctx is not None


def test_skip_takes_an_option_out_with_its_reason() -> None:
    v = _package_variant()
    check_options_live(
        v, options=["envido_envido_falta"], skip={"envido_envido_falta": "fixed by the package"}
    )


def test_the_search_refuses_bad_arguments_with_typed_errors() -> None:
    """Bad arguments are TrucoErrors naming what is wrong (a KeyError for an unknown
    option, a KeyError 't' for a name given as one text, hypothesis's error for no example)."""
    v = tr.get_variant("argentine")
    with pytest.raises(tr.UnknownOption, match="nosuch"):
        dead_options(v, options=["nosuch"])
    with pytest.raises(tr.InvalidType, match="collection of option names"):
        dead_options(v, options="target")
    with pytest.raises(tr.ParseError, match="examples"):
        dead_options(v, options=["target"], examples=0)
    with pytest.raises(tr.UnknownOption):
        find_difference(v, "nosuch", 1)
    with pytest.raises(tr.InvalidType):
        dead_options("argentine")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda v: find_difference(v, "target", 15, hints=5, examples=2), "hints"),
        (lambda v: find_difference(v, "target", 15, hints={"target": 5}, examples=2), "hints"),
        (lambda v: dead_options(v, options=["target"], skip=["target"], examples=2), "skip"),
        (lambda v: dead_options(v, options=["target"], skip=5, examples=2), "skip"),
    ],
)
def test_option_searches_check_their_hints_and_skip(call: object, name: str) -> None:
    with pytest.raises(tr.InvalidType, match=name):
        call(tr.get_variant("argentine"))  # type: ignore[operator]
