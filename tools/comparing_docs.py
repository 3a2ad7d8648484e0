"""Generate docs/comparing.md, its figures and the data they are drawn from.

    pip install ".[docs]"
    python tools/comparing_docs.py          # writes the page, docs/img/comparing-*.png and
                                            # docs/img/comparing-data.json

Everything comes from the library's public API: the N-way rule table
(``truco_rules.compare_table``), the exact odds (``truco_rules.analysis.odds``) and the
double-dummy rates (``truco_rules.analysis.double_dummy_rates``) over seeded random deals.
``tests/project/test_comparing_docs.py`` rebuilds the page and the figure data and checks that the
committed ones are current (the data, not the pixels).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import textwrap
from fractions import Fraction
from pathlib import Path
from typing import Any

import truco_rules as tr
from truco_rules.analysis import DoubleDummyReport, double_dummy_rates
from truco_rules.analysis.odds import Odds, odds
from truco_rules.describe.render import Grid, Section, render
from truco_rules.describe.render import _md_cell as md_cell
from truco_rules.variants import builtin_names
from truco_rules.variants.reference import REFERENCE

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "comparing.md"
IMG = ROOT / "docs" / "img"
DATA = IMG / "comparing-data.json"
SEED = 2026
DEALS = {2: 10_000, 4: 600}

TIE_RULES: tuple[tuple[str, str, dict[str, Any], str], ...] = (
    ("argentine-sin-flor", "argentine-blog", {}, "the blog's tie rules (RULES §4 B10-B11)"),
    (
        "argentine",
        "argentine",
        {"all_tricks_tied": "nobody"},
        "three ties score nothing instead of going to the mano",
    ),
    (
        "almeria",
        "almeria",
        {"all_tricks_tied": "mano"},
        "three ties go to the mano, not the postre",
    ),
    (
        "mineiro",
        "mineiro",
        {"mineiro_first_trick_tie": "standard"},
        "no two-card play after a tied first trick",
    ),
    (
        "paulista",
        "paulista",
        {"tie_next_leader": "earliest_top_card"},
        "after a tie the earliest top card leads",
    ),
    ("paulista", "paulista", {"facedown_allowed": False}, "no card face down"),
)
"""(variant, other variant, options of the other, what changes) for the tie-rule table."""


def _pct(p: float) -> str:
    return f"{100 * p:.1f}%"


def _rate(r: DoubleDummyReport) -> str:
    return r.mano_rate.percent()


def _linked(text: str) -> str:
    """``text`` with its citations of the rules linked to the rules reference (docs/rules/)."""
    return REFERENCE.markdown(text, lambda c: REFERENCE.doc_link(c, ""))


def _rule_tables(grid: Grid) -> str:
    """The N-way rule table as one small table per concern, readable at any width: a row per
    rule and value, with the variants that play it (instead of a column per variant)."""
    variants = grid.columns[2:]
    out = []
    for section in grid.sections:
        out += [
            f"### {section.title}",
            "",
            "| rule | RULES | plays | variants |",
            "|---|---|---|---|",
        ]
        for rule, where, *cells in section.rows:
            groups: dict[str, list[str]] = {}
            for name, value in zip(variants, cells, strict=True):
                groups.setdefault(value, []).append(name)
            for k, (value, names) in enumerate(groups.items()):
                shown = "*(no such rule)*" if value == "-" else md_cell(value)
                head = (f"**{md_cell(rule)}**", md_cell(_linked(where))) if k == 0 else ("", "")
                out.append(f"| {head[0]} | {head[1]} | {shown} | {', '.join(names)} |")
        out.append("")
    return "\n".join(out).rstrip()


def _difference(r: DoubleDummyReport) -> tuple[float, float, float]:
    """The change of the mano's win rate a rule makes on the same deals, and its 95%
    interval: a paired difference, each deal counting -1, 0 or +1. Its variance is at most
    (changed deals / deals) - difference², since only a changed deal can count +-1, so the
    interval is conservative."""
    n = r.deals
    diff = (r.against_counts[0] - r.mano_wins) / n
    spread = 1.96 * math.sqrt(max(0.0, r.changed / n - diff * diff) / n)
    return diff, diff - spread, diff + spread


def _odds_tables(all_odds: list[Odds]) -> str:
    summary = Grid(
        "",
        ("variant", "flor", "a card that ranks alone", "cards that rank alone", "mean envido"),
        (
            Section(
                "",
                tuple(
                    (
                        o.variant,
                        f"{100 * float(o.flor):.2f}%" if o.flor else "-",
                        f"{100 * float(o.special):.2f}%",
                        " ".join(o.special_cards) or ("after the vira" if o.special else "none"),
                        f"{float(o.envido_mean):.2f}" if o.envido_mean is not None else "-",
                    )
                    for o in all_odds
                ),
            ),
        ),
    )
    with_envido = [o for o in all_odds if o.envido]
    scores = sorted({s for o in with_envido for s in o.envido})
    envido = Grid(
        "",
        ("envido", *(o.variant for o in with_envido)),
        (
            Section(
                "",
                tuple(
                    (
                        str(s),
                        *(f"{100 * float(o.envido.get(s, Fraction(0))):.2f}%" for o in with_envido),
                    )
                    for s in scores
                ),
            ),
        ),
    )
    seats = sorted({t.seats for o in all_odds for t in o.tables})
    by_seats = Grid(
        "",
        ("variant", *(f"{n} seats" for n in seats)),
        (
            Section(
                "",
                tuple(
                    (
                        o.variant,
                        *(
                            next(
                                (
                                    f"{100 * float(t.special_anyone):.1f}%"
                                    for t in o.tables
                                    if t.seats == n
                                ),
                                "-",
                            )
                            for n in seats
                        ),
                    )
                    for o in all_odds
                ),
            ),
        ),
    )
    flor = next(o for o in all_odds if o.flor)
    flor_grid = Grid(
        "",
        ("seats", "someone has a flor", "both sides have a flor"),
        (
            Section(
                "",
                tuple(
                    (
                        str(t.seats),
                        f"{100 * float(t.flor_anyone):.2f}%",
                        "-"
                        if t.flor_both_sides is None
                        else f"{100 * float(t.flor_both_sides):.2f}%",
                    )
                    for t in flor.tables
                ),
            ),
        ),
    )
    return (
        render(summary, "markdown")
        + "\n\nThe envido score of a hand, exact over the 9,880 hands (a flor hand sings flor "
        "instead, so the `argentine` column adds up to 1 minus the flor):\n\n"
        + render(envido, "markdown")
        + "\n\nSomeone at the table holds a card that ranks alone (a brava or a manilha), "
        "counted over the cards the table deals: at three seats the gallo is dealt a fourth "
        "card (`gallo_extra_card`) and keeps a brava or a flor among his four:\n\n"
        + render(by_seats, "markdown")
        + f"\n\nFlor at the table (`{flor.variant}`):\n\n"
        + render(flor_grid, "markdown")
    )


def build() -> tuple[str, dict[str, Any]]:
    """The page's Markdown and the data of its figures: the built-in variants (others that
    installed packages register are left out, so the page is the same everywhere)."""
    names = builtin_names()
    rules = _rule_tables(tr.compare_table(names))
    all_odds = [odds(n) for n in names]
    dd: dict[int, list[DoubleDummyReport]] = {}
    for seats, deals in DEALS.items():
        dd[seats] = [
            double_dummy_rates(n, seats, deals, SEED)
            for n in names
            if seats in tr.get_variant(n).seat_counts
        ]
    dd_grid = Grid(
        "",
        (
            "variant",
            "2 seats: mano's side wins",
            "neither side ahead",
            "4 seats: mano's side wins",
            "neither side ahead",
        ),
        (
            Section(
                "",
                tuple(
                    (
                        two.variant,
                        _rate(two),
                        two.nobody_rate.percent(),
                        _rate(four),
                        four.nobody_rate.percent(),
                    )
                    for two, four in zip(dd[2], dd[4], strict=True)
                ),
            ),
        ),
    )
    ties = []
    for name, other, options, change in TIE_RULES:
        r = double_dummy_rates(name, 2, DEALS[2], SEED, against=tr.get_variant(other, options))
        ties.append((name, change, r))
    tie_grid = Grid(
        "",
        ("variant", "change", "mano's side wins", "after the change", "deals it decides"),
        (
            Section(
                "",
                tuple(
                    (
                        name,
                        change,
                        _rate(r),
                        r.against_mano_rate.percent(),
                        r.changed_rate.percent(),
                    )
                    for name, change, r in ties
                ),
            ),
        ),
    )
    data: dict[str, Any] = {
        "envido": {
            o.variant: {str(s): round(float(p), 6) for s, p in o.envido.items()}
            for o in all_odds
            if o.envido
        },
        "mano": {
            str(seats): {
                r.variant: [
                    round(r.mano_rate.value, 6),
                    round(r.mano_rate.low, 6),
                    round(r.mano_rate.high, 6),
                ]
                for r in reports
            }
            for seats, reports in dd.items()
        },
        "tie_rules": [
            {
                "variant": name,
                "change": change,
                "mano": round(r.mano_rate.value, 6),
                "after": round(r.against_mano_rate.value, 6),
                "difference": [round(x, 6) for x in _difference(r)],
            }
            for name, change, r in ties
        ],
    }
    page = TEMPLATE.format(
        rules=rules,
        odds=_odds_tables(all_odds),
        deals2=f"{DEALS[2]:,}",
        deals4=f"{DEALS[4]:,}",
        seed=SEED,
        double_dummy=render(dd_grid, "markdown"),
        ties=render(tie_grid, "markdown"),
    )
    return page, data


def draw(data: dict[str, Any]) -> None:
    """Draw the figures from the data (needs matplotlib: the docs extra)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update({"font.size": 12, "axes.titlesize": 13, "legend.fontsize": 11})
    # drawn at the width the docs' content column shows them (about 760 px at 1280 px), so a
    # 12-point label is 12 points on the page
    fig, ax = plt.subplots(figsize=(7.6, 3.8))
    envido = data["envido"]
    scores = sorted({int(s) for d in envido.values() for s in d})
    width = 0.8 / len(envido)
    for i, (name, dist) in enumerate(envido.items()):
        xs = [k + (i - (len(envido) - 1) / 2) * width for k in range(len(scores))]
        ax.bar(xs, [100 * dist.get(str(s), 0.0) for s in scores], width, label=name)
    ax.set_xticks(range(0, len(scores), 2), [str(s) for s in scores[::2]])
    ax.set_xlabel("envido score")
    ax.set_ylabel("% of hands")
    ax.legend(frameon=False)
    fig.tight_layout()
    fig.savefig(IMG / "comparing-envido.png", dpi=100)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(7.6, 4.2))
    per_seats = sorted(data["mano"].items())
    names = list(per_seats[0][1])
    top = 0.0
    for k, (seats, per) in enumerate(per_seats):
        shown = [n for n in names if n in per]
        xs = [names.index(n) + (k - 0.5) * 0.38 for n in shown]
        ys = [100 * per[n][0] for n in shown]
        errs = [
            [100 * (per[n][0] - per[n][1]) for n in shown],
            [100 * (per[n][2] - per[n][0]) for n in shown],
        ]
        top = max(top, *(100 * per[n][2] for n in shown))
        ax.bar(xs, ys, 0.38, yerr=errs, capsize=3, label=f"{seats} seats")
    ax.set_xticks(range(len(names)), names, rotation=20, ha="right")
    ax.axhline(50, color="grey", linewidth=0.8)
    ax.set_ylim(0, top + 18)  # room above the bars for the legend
    ax.set_ylabel("mano's side wins, % of deals")
    ax.legend(loc="upper center", ncol=2, frameon=False)
    fig.tight_layout()
    fig.savefig(IMG / "comparing-mano.png", dpi=100)
    plt.close(fig)

    rows = data["tie_rules"]
    fig, ax = plt.subplots(figsize=(7.6, 0.75 * len(rows) + 1.2))
    labels = [textwrap.fill(f"{r['variant']}: {r['change']}", 30) for r in rows]
    ys = list(range(len(rows)))[::-1]
    diffs = [100 * r["difference"][0] for r in rows]
    lows = [100 * (r["difference"][0] - r["difference"][1]) for r in rows]
    highs = [100 * (r["difference"][2] - r["difference"][0]) for r in rows]
    ax.errorbar(diffs, ys, xerr=[lows, highs], fmt="o", capsize=4, markersize=7)
    ax.axvline(0, color="grey", linewidth=0.8)
    ax.set_yticks(ys, labels)
    low = min(0.0, *(d - e for d, e in zip(diffs, lows, strict=True)))
    high = max(0.0, *(d + e for d, e in zip(diffs, highs, strict=True)))
    ax.set_xlim(low - 0.6, high + 0.6)
    ax.tick_params(axis="y", labelsize=11)
    ax.set_xlabel("mano's side wins: change in points of %, 95% interval")
    ax.set_ylim(-0.6, len(rows) - 0.4)
    fig.tight_layout()
    fig.savefig(IMG / "comparing-ties.png", dpi=100)
    plt.close(fig)


def main() -> int:
    page, data = build()
    IMG.mkdir(parents=True, exist_ok=True)
    PAGE.write_text(page, encoding="utf-8")
    DATA.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    try:
        draw(data)
    except ImportError:
        print("matplotlib is missing: pip install '.[docs]' to draw the figures", file=sys.stderr)
        return 1
    print(f"wrote {PAGE.relative_to(ROOT)}, {DATA.relative_to(ROOT)} and the figures")
    return 0


TEMPLATE = """# Comparing the variants

<!-- Generated by tools/comparing_docs.py from the library; do not edit by hand.
     tests/project/test_comparing_docs.py checks that it is current. -->

Each regional rule set changes the game in ways that are easy to state and hard to weigh.
This page states them side by side, then weighs them with numbers: exact odds of the hands,
and what the trick rules are worth when both sides play perfectly with every card face up.
Everything below is produced by the library itself; the same figures come from the command
line (`truco-rules compare`, `odds`, `double-dummy`, `simulate`).

## The rules side by side

The rules on which the six built-in variants differ, one table per concern: each rule
with every way the variants play it, and which variants play it so; `RULES` is the section
of the [rules reference](rules/index.md).
`truco-rules compare argentine paulista mineiro almeria --all` shows the shared rules too,
a column per variant, fitted to the terminal's width;
`--format html` writes it as a page of its own, and `--format markdown|json|csv` for other
tools. In Python, `truco_rules.compare_table([...])` returns it as data.

{rules}

## Exact odds

Counted over every 3-card hand of each deck (and, for Paulista, over every vira), with
`fractions.Fraction`: `truco-rules odds VARIANT --json --exact` prints them as fractions.

{odds}

```python
from truco_rules.analysis.odds import flor_probability, special_probability
print(flor_probability("argentine"))  # 12/247
print(special_probability("paulista"))  # 2594/9139
```

![Envido distributions](img/comparing-envido.png)

## What the trick rules are worth: double dummy

A hand is *double dummy* when every card is face up and everyone plays perfectly; here no
bets are made and nobody goes to the deck, so the result measures the trick rules alone
(ranking, ties, face-down cards, the two-card play). Over {deals2} random 2-seat deals and
{deals4} 4-seat deals (seed {seed}), the mano's side wins (95% intervals):

{double_dummy}

The mano leads, and leading is a handicap when the other side sees the card it must beat:
in a 1 v 1 game the player who answers wins most deals. Almería's four-seat deal is two
separate duels, so when each side takes one nobody is ahead.

One tie rule at a time (the same {deals2} 2-seat deals, solved under both rule sets; the
last column is the share of deals whose result the change turns around):

{ties}

Under perfect 1 v 1 play, a rule that a change leaves at 0% never decides a deal: three
tied tricks, the two-card play and face-down cards only matter once players bet, bluff or
misjudge. The blog's third-trick rule is different: it hands the mano close to an even game.

![The mano's side per variant, 2 and 4 seats, with 95% intervals](img/comparing-mano.png)

How much each tie rule moves the mano's side, on the same deals (a rule that changes no
deal sits at 0; the interval is a paired one, conservative: it counts every deal the change
turns around as moving the mano's result):

![The change each tie rule makes to the mano's side, with 95% intervals](img/comparing-ties.png)

```python
from truco_rules.analysis import double_dummy
# vira 3: the 4s are manilhas (4c the zap): the mano's side wins
print(double_dummy("paulista", ["4c 4h 5s", "3c 3h 2s"], turned="3d"))  # 0
```

`truco-rules double-dummy VARIANT --seats 2 --deals 10000 --seed 1 --against OTHER` runs
the same comparison from the command line, on several processes with `--workers N` or on a
Dask cluster with `--dask ADDRESS`.

## Simulations with agents

`truco-rules simulate` plays whole matches, bets included, with pluggable agents: `random`,
the rule-of-thumb `simple` bot, or any policy `(observation, legal) -> action` of yours,
given as `package.module:name`. Every figure comes with its 95% interval: points per hand,
the stake a hand reached, the mano's share of the hands decided by tricks, match length and
how often envido and flor decided a match.

```text
truco-rules simulate --matches 2000 --agents simple --seed 1
truco-rules simulate --variant paulista --agents simple,random --workers 2
```

To regenerate this page and its figures: `pip install ".[docs]"` then
`python tools/comparing_docs.py`.
"""


if __name__ == "__main__":
    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args()
    raise SystemExit(main())
