"""The reader: an agent that reads its chances from sampled worlds and bets by them.

Each decision samples worlds consistent with the seat's observation (:mod:`.determinize`,
weighted by how well each world's cards explain what the other seats did: a seat that
called or raised probably holds good cards), and reads two numbers from them
(:mod:`.estimate`): ``p``, the chance that its side wins the contest's tricks if the
contest is played out, and ``q``, the chance that its side holds the best envido. Then:

- **a card**: the one whose played-out contests it wins most often (the weakest of equals);
- **a call** of the bet ladder when calling beats playing on by
  :attr:`ReaderAgent.call_margin` in the chance of winning the match, the rivals answering in
  each world as their cards there warrant (:mod:`.inference`; as often as they have met its
  calls, :mod:`.answers`), and ``p`` is at least :attr:`ReaderAgent.call_at` (or
  :attr:`ReaderAgent.loose_call_at`, :attr:`ReaderAgent.tight_call_at`: by the rung);
- **an answer** by the match: accept when accepting is worth at least refusing in the chance
  of winning the match (:class:`~.odds.MatchOdds`: ``p`` times the chance after winning the
  new stake, plus ``1 - p`` times the chance after losing it, against the chance after
  giving away the stake in force; ``p`` read higher against a loose caller,
  :attr:`ReaderAgent.loose_answer`), raise when ``p`` reaches :attr:`ReaderAgent.raise_at`;
- **a special hand** (a hand of 11/10) played or declined on the same reading;
- **the side bets** (envido, flor, their answers and declarations) by the reader's own rule:
  the envido bet when ``q`` reaches :attr:`ReaderAgent.envido_at`, and how much (the
  falta envido only from :attr:`ReaderAgent.falta_at`), every
  answer, declaration and flor choice by a look ahead (the choice after which the contest,
  played out in each world, leaves the best chance of winning the match), the worlds
  weighed by what the others' envido bets and answers say about their scores; with
  :attr:`ReaderAgent.side_search` above 0, by a small information-set search
  (:class:`~.ismcts.ISMCTSAgent`) instead.

The worlds are weighed by how likely the others' choices were with their cards there
(:mod:`.inference`), and that model learns, contest after contest, how freely the other
side bets (:mod:`.tally`): a call from a side that calls every contest says less.

It never goes to the deck unless nothing else is legal, never plays a card face down by
choice, and reads nothing but the public rules and its seat's observation.
"""

from __future__ import annotations

import random

import attrs

from ..core.actions import (
    ACCEPT_HAND,
    DECLINE_HAND,
    ENVIDO,
    ENVIDO_CALLS,
    FALTA_ENVIDO,
    MAZO,
    NO_QUIERO,
    PLAY,
    QUIERO,
    Action,
)
from ..core.errors import IllegalAction
from ..rules.variant import Variant
from ..views.observe import Observation
from .answers import AnswerTally
from .determinize import weighted_worlds
from .estimate import World, envido_chance, outcomes, points_after, share, trick_chance
from .inference import TableModel
from .ismcts import ISMCTSAgent
from .reader_settings import MOST_WORLDS, SETTINGS, derive
from .rollout import hand_action
from .seat_agent import (
    SeatAgent,
    card_strength,
    fallback_action,
    settings_guard,
    strength_count,
)
from .stakes import accept_chance, call_gain, chance_after, refusal_gain, shifted, worth_playing
from .tally import BetTally

__all__ = ["STRENGTHS", "ReaderAgent"]

STRENGTHS = {"fast": 12, "default": 32, "strong": 96}
"""The named strengths of :meth:`ReaderAgent.with_strength`: worlds sampled a decision (up
to twice as many where few weigh: :attr:`ReaderAgent.widen`)."""
_ENVIDO_BETS = ENVIDO_CALLS
_LOOSE = 0.5  # the other side is read as a loose caller from this chance (BetTally.loose)


# a player with a state of its own: equal to itself alone; a setting changed later is checked
@attrs.define(eq=False, on_setattr=settings_guard(SETTINGS, derive))
class ReaderAgent(SeatAgent):
    """An agent for any variant and table size that bets by its chances (see the module).

    ``worlds`` is the strength knob (worlds sampled per decision; the named levels of
    :meth:`with_strength` are in :data:`STRENGTHS`); the thresholds are chances from 0 to 1.
    ``seed`` fixes every random choice. Use it as a :class:`~truco_rules.runs.simulate.Agent`
    (``agent.choose(match, legal)``) or as a callable on an observation
    (``agent(observation, legal)``). A setting assigned later is checked as the constructor
    checks it (:data:`~.reader_settings.SETTINGS`); a subclass made with ``attrs.define``
    keeps that check by passing ``on_setattr=settings_guard(SETTINGS, derive)`` itself
    (attrs does not inherit it).
    """

    worlds: int = STRENGTHS["default"]
    widen: float = 0.5
    """While the worlds drawn, weighed by the others' choices, are worth fewer than this
    share of :attr:`worlds` worlds drawn alike (their effective sample size), draw more, up
    to twice :attr:`worlds` (:func:`~.determinize.weighted_worlds`): after a call or a raise
    that few worlds explain, those few carry the reading. 0 draws :attr:`worlds` always."""
    call_at: float = 0.5
    """Call the next rung of the ladder only when the chance of winning the tricks reaches
    this (and the call is worth it, see :attr:`call_margin`)."""
    call_margin: float = 0.02
    """Call only when calling beats playing on by this much chance of the match (the others
    answering as :func:`~.inference.accepts` says with their cards in each world)."""
    infer: bool = True
    """Weigh the worlds by :func:`~.inference.table_likelihood` (else by the rule of thumb
    of :mod:`.rollout`, as :class:`~.ismcts.ISMCTSAgent` does)."""
    raise_at: float = 0.8
    """Raise a call when the chance of winning the tricks reaches this."""
    raise_from: float = 0.5
    """Below :attr:`raise_at`, raise a loose caller's call (:meth:`~.tally.BetTally.loose`
    at least 0.5) from this chance of the tricks where raising beats accepting and refusing
    by :attr:`call_margin` in the chance of the match (the caller answering as its cards
    warrant in each world). A tight caller's call is raised only at :attr:`raise_at`."""
    call_read: float = 0.8
    """How much the reader expects the answer to a call of its own to follow the contest
    played out (the other side accepting where it wins it, refusing where it loses it)
    rather than the power of the other side's cards alone, at the last trick; none at the
    first, in proportion in between: a side that has seen tricks played knows its chances
    better (the measures are in docs/build-a-bot.md)."""
    loose_call_at: float = 0.0
    """Against a loose caller (:meth:`~.tally.BetTally.loose` at least 0.5), the chance
    of the tricks from which to call a rung that at most doubles the stake in force (the
    call is still made only when it beats playing on by :attr:`call_margin`). Such a side
    refuses most calls whatever the caller holds (ISMCTS refused 85% of the reader's first
    calls at a two-seat table with a ladder of 2, 4, 6, 10, 12), and where a call at most
    doubles the stake, a refusal of one in three pays for the calls met and lost. A rung
    that triples it (from 1 to 3) keeps :attr:`call_at`: there a weak call met by a raise
    loses more than the refusals bring."""
    tight_call_at: float = 0.7
    """Against a side not read as a loose caller (:meth:`~.tally.BetTally.loose` below 0.5),
    the chance of the tricks from which to call a rung that more than doubles the stake in
    force (from 1 to 3); the larger of this and :attr:`call_at`. Such a side meets a call
    with the cards that beat it, and a refusal brings a third of what a call met and lost
    costs (see docs/build-a-bot.md)."""
    loose_answer: float = 1.5
    """When answering a call, the log-odds added to the chance of winning the tricks, times
    the chance that the caller is a loose one (:meth:`~.tally.BetTally.loose`, from its prior
    of 0.2), for the choice between accepting and refusing only (from 0 to 10). The sampled
    worlds read a loose caller's call as saying too much of its cards (see
    docs/build-a-bot.md). 0 reads the chance as it is."""
    read_answers: bool = True
    """Scale the model's chances that a call is accepted by how often the other side has
    met the reader's calls in the match against them (:meth:`~.answers.AnswerTally.scale`)."""
    accept_margin: float = 0.0
    """Accept a call only when accepting beats refusing by this much chance of the match."""
    envido_at: float = 0.7
    """Bet on the envido when the chance of holding the side's best score reaches this
    (used when :attr:`side_search` is 0)."""
    falta_at: float = 0.85
    """Bet the falta envido (call it, or raise to it) only when the chance of holding the
    side's best score reaches this; below it, the envido and the real envido alone are
    weighed (used when :attr:`side_search` is 0). A falta envido may be worth the whole
    game: the played-out contests answer it as they answer an envido, by the score alone,
    and the reader called it with 27 or 28 (see docs/build-a-bot.md). 0 weighs it always."""
    side_search: int = 0
    """Iterations of an :class:`~.ismcts.ISMCTSAgent` that decides the side bets (envido,
    flor, their answers and declarations); 0: the reader's own rule (``q``, a look ahead)."""
    seed: int = 0
    variant: Variant | None = None
    rng: random.Random = attrs.field(init=False)
    _search: ISMCTSAgent | None = attrs.field(init=False, default=None)
    _tally: BetTally = attrs.field(init=False, factory=BetTally)
    _answers: AnswerTally = attrs.field(init=False, factory=AnswerTally)

    def __attrs_post_init__(self) -> None:
        for name, rule in SETTINGS.items():
            object.__setattr__(self, name, rule(name, getattr(self, name)))
        derive(self, "seed", self.seed)

    @property
    def table_model(self) -> TableModel:
        """How the agent reads the others' choices now (:meth:`~.tally.BetTally.model`)."""
        return self._tally.model()

    @staticmethod
    def with_strength(level: str | int, seed: int = 0) -> ReaderAgent:
        """An agent of a named strength (``fast``, ``default``, ``strong``) or sampling
        ``level`` worlds a decision."""
        return ReaderAgent(worlds=strength_count(level, STRENGTHS, MOST_WORLDS), seed=seed)

    # -- deciding ------------------------------------------------------------------------
    def decide(self, variant: Variant, obs: Observation, legal: list[Action]) -> Action:
        """The action the agent prefers among ``legal``."""
        if not legal:
            raise IllegalAction(None, obs.seat, "there is no legal action to choose from")
        self._tally.see(variant.ladder.names, obs, variant)
        self._answers.see(variant.ladder.names, obs)
        if len(legal) == 1:
            return legal[0]
        worlds = self._sample(variant, obs)
        if not worlds:
            return fallback_action(variant, obs, legal, self.rng)
        phase = obs.phase
        if phase == "answer-call":
            return self._answer(variant, obs, legal, worlds)
        if phase == "decide-hand":
            return self._special(variant, obs, legal, worlds)
        if phase == "play":
            return self._play(variant, obs, legal, worlds)
        if self._search is not None:
            return self._search.decide(variant, obs, legal)
        return self._lookahead(variant, obs, legal, worlds)

    def _sample(self, variant: Variant, obs: Observation) -> list[World]:
        """:attr:`worlds` weighted worlds (their contests), more where few of them weigh
        (:attr:`widen`)."""
        model = self._tally.model() if self.infer else None
        found = weighted_worlds(
            variant,
            obs,
            self.rng,
            self.worlds,
            model,
            fit_plays=not self.infer,
            widen=self.widen,
            most=2 * self.worlds,
        )
        return [(m.hand, weight) for m, weight in found if m.hand is not None]

    def _thumb(self, variant: Variant, legal: list[Action], worlds: list[World]) -> Action:
        """The rule of thumb of :mod:`.rollout` with the seat's own cards (the same in every
        world), among the actions other than going to the deck where there are any: given
        some of the legal actions (no refusal, no card to play), the rule's own choice may be
        missing, or be the deck."""
        options = [a for a in legal if a.verb != MAZO] or legal
        act = hand_action(variant, worlds[0][0], options, self.rng)
        return act if act in options else options[0]

    def _lookahead(
        self,
        variant: Variant,
        obs: Observation,
        legal: list[Action],
        worlds: list[World],
        q: float | None = None,
    ) -> Action:
        """The action (going to the deck aside) after which the contest, played out in each
        world (:func:`~.estimate.points_after`), leaves the side the best chance of winning
        the match: side bets (envido, flor, declarations) are answered by what they are
        worth at the scores, a falta envido included. An envido bet is raised only when the
        chance of holding the best envido reaches :attr:`envido_at`, as for opening one:
        the played-out contests answer a raise by a rule of thumb that folds too often
        (against the information-set search at two seats, 100 matches, the reader raised 48
        of the 128 envido bets against which it read its chance below 0.2; 200 matches: its
        raises of envido bets lost it about 1.3 points a match). The falta envido is
        weighed only where that chance reaches :attr:`falta_at` (``q``, when the caller has
        read it already)."""
        options = [a for a in legal if a.verb != MAZO] or legal
        betting = any(a.verb in _ENVIDO_BETS for a in options)
        if q is None:
            q = envido_chance(variant, worlds, obs.seat) if betting else 0.0
        if betting and _verb(options, QUIERO) and q < self.envido_at:  # a raise
            options = [a for a in options if a.verb not in _ENVIDO_BETS] or options
        if len(options) > 1 and _verb(options, FALTA_ENVIDO) and q < self.falta_at:
            options = [a for a in options if a.verb != FALTA_ENVIDO]
        if len(options) == 1:
            return options[0]
        best: tuple[float, int] | None = None
        for i, a in enumerate(options):
            value = 0.0
            for hand, weight in worlds:
                mine, theirs = points_after(hand, a, obs.team)
                value += weight * chance_after(variant, obs, mine, theirs)
            if best is None or value > best[0]:
                best = (value, i)
        assert best is not None
        return options[best[1]]

    def _answer(
        self, variant: Variant, obs: Observation, legal: list[Action], worlds: list[World]
    ) -> Action:
        names = variant.ladder.names
        values = variant.ladder.values
        won = outcomes(worlds, obs.team)  # played out once: for p, and for a raise below
        p = share(worlds, won)
        raises = [a for a in legal if a.verb in names]
        pending = obs.pending_call
        level = names.index(pending) + 1 if pending in names else 1
        stake = values[min(level, len(values) - 1)]
        if raises and p >= self.raise_at:
            return self._call(obs, worlds, won, raises[0])
        if raises and p >= self.raise_from and self._tally.loose() >= _LOOSE:
            up = names.index(raises[0].verb) + 1
            new = values[min(up, len(values) - 1)]
            top = values[min(up + 1, len(values) - 1)]
            gain = self._call_gain(variant, obs, worlds, won, (stake, new, top))
            # against the better of accepting and refusing
            refused = refusal_gain(variant, obs, p, stake, obs.stake)
            if gain - max(0.0, refused) > self.call_margin:
                return self._call(obs, worlds, won, raises[0])
        accept = _verb(legal, QUIERO)
        refuse = _verb(legal, NO_QUIERO)
        if accept is None or refuse is None:
            return self._thumb(variant, legal, worlds)
        p = shifted(p, self.loose_answer * self._tally.loose())
        if worth_playing(variant, obs, p, stake, obs.stake, self.accept_margin):
            return accept
        return refuse

    def _special(
        self, variant: Variant, obs: Observation, legal: list[Action], worlds: list[World]
    ) -> Action:
        special = variant.special
        accept = _verb(legal, ACCEPT_HAND)
        decline = _verb(legal, DECLINE_HAND)
        if special is None or accept is None or decline is None:
            return self._thumb(variant, legal, worlds)
        p = trick_chance(worlds, obs.team)
        play, refused = special.play_value, special.decline_value
        if worth_playing(variant, obs, p, play, refused, self.accept_margin):
            return accept
        return decline

    def _play(
        self, variant: Variant, obs: Observation, legal: list[Action], worlds: list[World]
    ) -> Action:
        names = variant.ladder.names
        plays = [a for a in legal if a.verb == PLAY and not a.down]
        if not plays:
            plays = [a for a in legal if a.verb == PLAY]
        if not plays:
            return self._thumb(variant, legal, worlds)
        side = [a for a in legal if a.verb not in names and a.verb not in (PLAY, MAZO)]
        if side and self._search is not None:
            choice = self._search.decide(variant, obs, legal)
            if choice in side:
                return choice
        elif _verb(legal, ENVIDO) and (q := envido_chance(variant, worlds, obs.seat)) >= (
            self.envido_at
        ):
            return self._lookahead(variant, obs, side, worlds, q)
        strength = variant.ranking.strengths(obs.turned, variant.deck.cards)
        scored = []
        for i, a in enumerate(plays):
            won = outcomes(worlds, obs.team, a)
            p = share(worlds, won)
            scored.append((p, -card_strength(strength, a), i, won))
        best = max(scored, key=lambda x: x[:3])
        calls = [a for a in legal if a.verb in names]
        if calls:
            call = calls[0]
            values = variant.ladder.values
            new = values[min(names.index(call.verb) + 1, len(names))]
            call_at = self.call_at
            loose = self._tally.loose() >= _LOOSE
            if new <= 2 * obs.stake:
                if loose:
                    call_at = min(call_at, self.loose_call_at)
            elif not loose:
                call_at = max(call_at, self.tight_call_at)
            if best[0] < call_at:
                return plays[best[2]]
            top = values[min(names.index(call.verb) + 2, len(values) - 1)]
            stakes = (obs.stake, new, top)
            if self._call_gain(variant, obs, worlds, best[3], stakes) > self.call_margin:
                return self._call(obs, worlds, best[3], call)
        return plays[best[2]]

    def _call_gain(
        self,
        variant: Variant,
        obs: Observation,
        worlds: list[World],
        won: list[float],
        stakes: tuple[int, int, int],
    ) -> float:
        """:func:`~.stakes.call_gain`, scaled by the answers seen (:attr:`read_answers`)."""
        scale = self._answers.scale() if self.read_answers else 1.0
        return call_gain(variant, obs, worlds, won, stakes, self.call_read, scale)

    def _call(
        self, obs: Observation, worlds: list[World], won: list[float], call: Action
    ) -> Action:
        """Make ``call``, noting the model's chance that the other side accepts it."""
        if self.read_answers:  # else the count is never read
            chance = accept_chance(obs, worlds, won, self.call_read)
            self._answers.called(obs, call.verb, chance)
        return call


def _verb(legal: list[Action], verb: str) -> Action | None:
    for a in legal:
        if a.verb == verb:
            return a
    return None
