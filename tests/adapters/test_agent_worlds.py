"""Agents see only what a seat may know, and what could be true (issue 21 §3).

* every world the determinizer samples is a possible deal given the seat's information state
  (:func:`truco_rules.testing.world_problems`), at every variant, table size and special
  hand: no card played or shown anywhere in the deal dealt elsewhere, the partners' cards
  of a hand of 11/10 as the seat saw them, a pica-pica duel searched as that duel;
* the search plays at the longest target the options allow (no RecursionError);
* the observation tensors' "mine" and "theirs" envido and flor slots mean the seat's own
  side and the other one at every table size (3 seats: the gallo alone against a pair).
"""

from __future__ import annotations

import random

import pytest

import truco_rules as tr
from truco_rules.agents import ISMCTSAgent, sample_world
from truco_rules.agents.odds import MatchOdds
from truco_rules.bots import SimpleBot
from truco_rules.options import MAX_OPTION_INT
from truco_rules.tensors import call_names, observation_features
from truco_rules.testing import world_problems

TABLES = [(n, s) for n in tr.variant_names() for s in tr.get_variant(n).seat_counts]


# -- the longest target ---------------------------------------------------------------------
@pytest.mark.parametrize("name", tr.variant_names())
def test_match_odds_at_the_longest_target_do_not_recurse(name: str) -> None:
    """A target of 10,000 points: the odds model answers from any standing, as a
    probability shared by the sides that never falls as a side comes nearer the target."""
    odds = MatchOdds(tr.get_variant(name))
    top = MAX_OPTION_INT
    for need, other in [(top, top), (top, 1), (1, top), (top // 2, top - 3), (5, 400)]:
        p = odds.chance(need, other)
        assert 0.0 <= p <= 1.0
        assert p + odds.chance(other, need) == pytest.approx(1.0)
        assert odds.chance(need - 1, other) >= p - 1e-12
        assert odds.chance(need, other + 1) >= p - 1e-12
    assert odds.chance(top, top) == pytest.approx(0.5)


@pytest.mark.parametrize(("name", "seats"), [("paulista", 2), ("mineiro", 4), ("argentine", 6)])
@pytest.mark.parametrize("scores", [(0, 0), (MAX_OPTION_INT - 2, MAX_OPTION_INT - 40)])
def test_the_search_plays_at_the_longest_target(
    name: str, seats: int, scores: tuple[int, int]
) -> None:
    """The option allows a target of 10,000: the search values contests by the match odds
    there too, from the start and near the end."""
    v = tr.get_variant(name).with_options(target=MAX_OPTION_INT)
    m = v.new_match(seats, seed=4, scores=scores)
    agent = ISMCTSAgent(iterations=20, worlds=3, seed=1)
    for _ in range(8):
        if m.is_over():
            break
        legal = m.legal_actions()
        action = agent.choose(m, legal)
        assert action in legal
        m.apply(action)


# -- the tensors' sides ---------------------------------------------------------------------
ENVIDO_TABLES = [
    (n, s)
    for n in tr.variant_names()
    if tr.get_variant(n).envido is not None
    for s in tr.get_variant(n).seat_counts
]


def _expected_envido_slots(m: tr.Match, seat: int) -> list[float]:
    """The last five observation features of ``seat``, from the match's own sides: the best
    envido stated by the seat's side and by the other (/ 40), the chain's length (/ 5), the
    flores sung by each side (/ seats)."""
    hand = m.hand
    assert hand is not None
    obs = m.observation(seat)
    mine = m.team[seat]
    best = [0.0, 0.0]
    for s, v in obs.current.envido_statements:
        if v is not None:
            k = 0 if m.team[s] == mine else 1
            best[k] = max(best[k], v / 40)
    flor = [0.0, 0.0]
    for s in obs.current.flor_sung:
        flor[0 if m.team[s] == mine else 1] += 1 / m.seats
    return [*best, len(obs.current.envido_chain) / 5, *flor]


@pytest.mark.parametrize(("name", "seats"), ENVIDO_TABLES)
def test_envido_and_flor_slots_mean_my_side_and_theirs(name: str, seats: int) -> None:
    """Every seat's "mine" envido and flor slots hold what its own side stated or sang,
    the "theirs" slots what the other side did, at every table size: at 3 seats the gallo
    is alone, so seats two apart are not partners (the slots were swapped there)."""
    v = tr.get_variant(name)
    filled = [0, 0]
    for seed in range(12):
        m = v.new_match(seats, seed=seed)
        bot = SimpleBot(random.Random(seed))
        while not m.is_over() and m.hand_no < 3:
            if m.hand is not None:
                for seat in range(seats):
                    feats = observation_features(m.observation(seat), v)
                    end = len(feats) - (3 * len(call_names(v)) + 1)  # the calls come last
                    got = feats[end - 5 : end]
                    want = _expected_envido_slots(m, seat)
                    assert got == pytest.approx(want), (seed, seat, m.position())
                    filled[0] += want[0] > 0 or want[3] > 0
                    filled[1] += want[1] > 0 or want[4] > 0
            m.apply(bot.choose(m, m.legal_actions()))
    assert filled[0] and filled[1]  # both slots were exercised


# -- sampled worlds are possible deals ------------------------------------------------------
def _starts(v: tr.Variant) -> list[tuple[int, int]]:
    """Standings to start from: level, and where a side's hand is special (a hand of 11/10
    for either side, an iron hand)."""
    out = [(0, 0)]
    if v.special is not None:
        at = v.match.target - v.special.lacking
        out += [(at, at // 2), (at // 3, at), (at, at)]
    return out


STARTS = [(n, s, sc) for n, s in TABLES for sc in _starts(tr.get_variant(n))]


def _kind(m: tr.Match) -> str:
    """What kind of contest a world is sampled in, to show the test reached it."""
    assert m.hand is not None and m.plan is not None
    special = m.hand.special or "plain"
    return f"{m.plan.kind or 'deal'}/{len(m.hand.order)} seats/{special}"


def _check_worlds(m: tr.Match, seed: int, every: int = 2) -> set[str]:
    """Play ``m`` by the simple bot for three deals; every ``every`` decisions sample a world
    for the seat to act and check it is a possible deal. The kinds of contest checked."""
    bot = SimpleBot(random.Random(seed))
    rng = random.Random(seed)
    kinds: set[str] = set()
    step = 0
    while not m.is_over() and m.hand_no < 3:
        seat = m.current_player()
        if m.hand is not None and seat >= 0 and (step := step + 1) % every == 0:
            world = sample_world(m.variant, m.observation(seat), rng, tries=8)
            if world is not None:
                assert world_problems(m, seat, world) == [], (seat, m.position())
                kinds.add(_kind(m))
        m.apply(bot.choose(m, m.legal_actions()))
    return kinds


@pytest.mark.parametrize(("name", "seats", "scores"), STARTS)
def test_every_sampled_world_is_a_possible_deal(
    name: str, seats: int, scores: tuple[int, int]
) -> None:
    """At every variant, table size and special hand, every world sampled for the seat to
    act agrees with everything the seat has seen (:func:`world_problems`)."""
    v = tr.get_variant(name)
    kinds: set[str] = set()
    for seed in range(3):
        kinds |= _check_worlds(v.new_match(seats, seed=seed, scores=scores), seed)
    iron = scores[0] == scores[1] != 0  # a blind iron hand is not searched
    assert kinds or iron  # some world was sampled and checked
    if seats == 6:  # a pica-pica follows the first redonda: its duels were searched
        assert any("pica-pica/2 seats" in k for k in kinds), kinds
    if scores != (0, 0) and len(set(scores)) == 2:
        assert any("one-side" in k for k in kinds), kinds


@pytest.mark.parametrize(
    "position",
    [
        "paulista 4 s1 m2:11-3:0-0 | h1 11-3 0-0 @2 Jh/Ah/2h.Kc/Js.Qd t5h | 2:accept-hand,"
        "2:play_4d,3:play_Kd,0:play_6d,1:play_4h,0:play_3c_down,1:play_5s_down",
        "mineiro 4 s2 m2:10-3:0-0 | h1 10-3 0-0 @2 Kc/4h/Ad.3s/3c t- | 2:accept-hand,"
        "2:play_5d,3:play_Ah,0:play_Qd,1:play_Qc,3:play_6s,0:play_Kd_down,1:play_6c_down",
    ],
)
def test_a_partners_hand_of_11_is_the_one_the_seat_saw(position: str) -> None:
    """RULES §5.5: at a 4-seat hand of 11/10 the side at the mark sees its partner's
    cards. Seat 0 played one of them face down: every world gives seat 0 the very cards
    seat 2 saw (the face-down card was no secret to it, and the two still held are not
    the one played)."""
    m = tr.Match.from_position(position)
    assert m.hand is not None and m.current_player() == 2
    rng = random.Random(0)
    for _ in range(30):
        world = sample_world(m.variant, m.observation(2), rng)
        assert world is not None and world.hand is not None
        assert world_problems(m, 2, world) == []
        assert set(world.hand.dealt[0]) == set(m.hand.dealt[0])


@pytest.mark.parametrize(("name", "seats"), [("argentine", 6), ("almeria", 4)])
def test_a_later_duel_is_searched_as_that_duel_without_the_cards_seen_before(
    name: str, seats: int
) -> None:
    """RULES §2.12.1, §7.2: a deal played as duels. In each duel the worlds are that duel
    (not the round of every seat), and no card seen in an earlier duel of the deal is dealt
    to another seat."""
    v = tr.get_variant(name)
    m = v.new_match(seats, seed=5)
    bot = SimpleBot(random.Random(5))
    rng = random.Random(5)
    checked: set[int] = set()
    while m.hand_no < 3 and not m.is_over():
        hand, plan = m.hand, m.plan
        if hand is not None and plan is not None and len(plan.contests) > 1:
            index = sum(h.hand_no == m.hand_no for h in m.history)
            assert hand.order == plan.contests[index]
            seat = m.current_player()
            world = sample_world(v, m.observation(seat), rng)
            assert world is not None and world.hand is not None
            assert world.hand.order == hand.order
            assert world_problems(m, seat, world) == []
            checked.add(index)
        m.apply(bot.choose(m, m.legal_actions()))
    assert checked == {0, 1, 2} if seats == 6 else {0, 1}  # every duel of the deal


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("exploration", float("nan")),
        ("exploration", "x"),
        ("exploration", -1e308),
        ("exploration", True),
        ("time_limit", True),
        ("time_limit", float("inf")),
        ("time_limit", float("nan")),
        ("seed", [1]),
        ("seed", -1),
        ("seed", 2**64),
        ("iterations", 10**8),
        ("worlds", 10**6),
        ("variant", "argentine"),
    ],
)
def test_every_agent_option_is_checked(option: str, value: object) -> None:
    """Issue 21 §2 (the adversarial pass): a NaN exploration failed an assertion at the first
    decision, "x" a TypeError; -1e308, a bool time limit and a list seed were taken."""
    with pytest.raises(tr.InvalidOption, match=option):
        ISMCTSAgent(**{option: value})  # type: ignore[arg-type]


def test_a_seat_that_has_not_acted_may_hold_a_flor_in_a_sampled_world() -> None:
    """``determinize._constraints``: ``s in acted`` -> ``s not in acted`` survived: it told
    the worlds that a seat yet to act held no flor. Only a seat that acted without singing is
    known to have none; the other seat's flor stays possible."""
    import random

    from truco_rules.agents import sample_world

    v = tr.get_variant("argentine")
    m = v.new_match(2, seed=11)
    me = m.current_player()
    other = 1 - me
    obs = m.observation(me)
    rng = random.Random(5)
    flores = 0
    for _ in range(400):
        world = sample_world(v, obs, rng)
        assert world is not None and world.hand is not None
        flores += v.flor_points(world.hand.dealt[other]) is not None
    assert flores > 0  # about one deal in twenty holds a flor
