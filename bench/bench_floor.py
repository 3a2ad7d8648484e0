"""How much of the random-playout budget the seeded deal alone takes (not a test).

    python bench/bench_floor.py                     # argentine, 2 seats
    python bench/bench_floor.py --variant paulista --matches 2000

A match dealt from a seed shuffles each hand from a generator its deal derivation gives
(:mod:`truco_rules.game.derivation`): derivation 1 seeds ``random.Random("truco-rules/SEED/N")``
per hand (what every record without a derivation replays), derivation 2 a counter-based
stream (``--derivation``, default 2). This prints, for random legal playouts through
``legal_actions()`` + ``apply()`` (as ``bench_playouts.py``):

* the actions per hand and the actions per second;
* the time of the seeded deal of one hand (the generator seeded from its string, the cards
  shuffled as far as the deal needs), the floor no rules code can go under;
* the actions per second that floor alone would allow, and the share of a target budget
  (``--target``, 250,000 actions/s) it takes, leaving the rest for the rules.
"""

from __future__ import annotations

import argparse
import random
import time
import timeit

import truco_rules as tr
from truco_rules.game.dealing import deal_size
from truco_rules.game.derivation import hand_random


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="argentine")
    p.add_argument("--seats", type=int, default=2)
    p.add_argument("--matches", type=int, default=2000)
    p.add_argument("--target", type=float, default=250_000.0)
    p.add_argument("--derivation", type=int, default=2, choices=(1, 2))
    a = p.parse_args()
    v = tr.get_variant(a.variant)
    actions = hands = 0
    t0 = time.perf_counter()
    for i in range(a.matches):
        m = v.new_match(a.seats, seed=1_000_003 + i, derivation=a.derivation)
        rng = random.Random(i)
        while not m.is_over():
            legal = m.legal_actions()
            m.apply(legal[int(rng.random() * len(legal))])
        actions += len(m.actions)
        hands += len(m.history)
    rate = actions / (time.perf_counter() - t0)
    per_hand = actions / hands
    need = deal_size(v, a.seats, None)
    deck = v.deck

    def deal(n: int = 0) -> None:
        deck.shuffled(hand_random(12345, n, a.derivation), need)

    deal_s = min(timeit.repeat(deal, number=20_000, repeat=5)) / 20_000
    floor = per_hand / deal_s
    budget = per_hand / a.target
    print(
        f"{a.variant}, {a.seats} seats: {actions:,} actions in {hands:,} hands "
        f"({per_hand:.2f} a hand), {rate:,.0f} actions/s"
    )
    print(
        f"seeded deal of one hand (derivation {a.derivation}): {deal_s * 1e6:.2f} us "
        f"(the deal alone allows {floor:,.0f} actions/s)"
    )
    print(
        f"at {a.target:,.0f} actions/s a hand has {budget * 1e6:.2f} us: the deal takes "
        f"{deal_s / budget:.0%} of it, leaving {(budget - deal_s) * 1e6:.2f} us "
        f"({(budget - deal_s) / per_hand * 1e6:.2f} us an action) for the rules"
    )


if __name__ == "__main__":
    main()
