"""Variants: named, frozen bundles of hooks and options.

A :class:`Variant` is composed of hook objects (see :mod:`truco_rules.rules.hooks`). A house rule is
``variant.with_options(name=value, ...)`` or :meth:`Variant.derive`, never a copy. The
registry that finds variants by name is :mod:`truco_rules.rules.registry`.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from ..core import actions as A
from ..core.actions import Action
from ..core.cards import Card, Notation, parse_cards
from ..core.errors import (
    InvalidOption,
    InvalidType,
    UnknownAction,
    UnknownOption,
    UnknownPreset,
)
from ..core.options import check_hooks, option_entry, option_homes
from .action_space import ActionIds
from .card_scores import CardScores
from .deck import Deck, DeckRule, Ranking, check_ranking
from .envido import EnvidoRules
from .flor import FlorRules
from .ladder import BetLadder
from .presets import Preset, as_presets, check_presets, presets_of, split_name
from .scoring import MatchRule
from .sheet import rule_data
from .side_bet import SideBet
from .side_bet_checks import SideBetTable, side_table
from .slots import HOOK_SLOTS, check_chains, check_deck, check_slots, check_values
from .special import SpecialHands
from .table import StandardTable, Table
from .trick_rule import TrickRule

__all__ = ["HOOK_SLOTS", "Variant", "use_match_class", "use_registry"]

_PARSED_MAX = 4096



@attrs.frozen
class Variant(ActionIds, CardScores):
    """A rule set: a name, a description, and one hook per slot of :data:`HOOK_SLOTS`.

    ``envido`` and ``flor`` are ``None`` in variants without those side bets, ``special`` in
    variants without special hands (hand of 11/10, iron hand).

    ```pycon
    >>> import truco_rules as tr                    # a house rule is a variant's options
    >>> tr.get_variant("default").with_options(target=15).match.target
    15

    ```
    """

    name: str
    description: str
    ranking: Ranking
    deck: Deck = DeckRule()
    table: Table = StandardTable()
    tricks: TrickRule = TrickRule()
    ladder: BetLadder = BetLadder()
    envido: EnvidoRules | None = None
    flor: FlorRules | None = None
    special: SpecialHands | None = None
    match: MatchRule = MatchRule()
    aliases: tuple[str, ...] = ()
    base: str | None = None
    """Name of the variant this one was derived from (informational)."""
    side_bets: tuple[SideBet[Any], ...] = ()
    """Side bets beside the envido and flor hooks (see :mod:`truco_rules.rules.side_bet`)."""
    _presets: tuple[Preset, ...] = attrs.field(default=(), converter=as_presets)
    """Named sets of option values (``Variant(..., presets=...)``; see :meth:`presets`)."""
    _made_with: Preset | None = attrs.field(default=None, eq=False, repr=False)
    """The preset :meth:`with_preset` applied (see :meth:`preset`)."""

    # caches derived from the hooks, for the hot paths of the hand
    _envido_chains: frozenset[tuple[str, ...]] = attrs.field(init=False, eq=False, repr=False)
    _ladder_actions: tuple[Action, ...] = attrs.field(init=False, eq=False, repr=False)
    _ladder_names: frozenset[str] = attrs.field(init=False, eq=False, repr=False)
    _option_home: dict[str, str] = attrs.field(init=False, eq=False, repr=False)
    _option_alias: dict[str, str] = attrs.field(init=False, eq=False, repr=False)
    _sides: SideBetTable = attrs.field(init=False, eq=False, repr=False)
    _vocabulary: frozenset[str] = attrs.field(init=False, eq=False, repr=False)
    _undo_by_copy: bool = attrs.field(init=False, eq=False, repr=False)
    """Whether a match keeps a copy to undo a failed action: code from outside the library
    (a hook or a side bet) may not be pure, and a replay of it may not give the match back."""
    # action texts already parsed: a replay, or a world rebuilt from a record, parses the
    # same few texts again and again (at most _PARSED_MAX, then it starts again)
    _parsed: dict[str, Action] = attrs.field(
        init=False, eq=False, repr=False, factory=dict, metadata={"cache": True}
    )

    def __attrs_post_init__(self) -> None:
        slots = {slot: getattr(self, slot) for slot in HOOK_SLOTS}
        check_slots(slots, self.name, self.description, self.aliases)
        object.__setattr__(self, "aliases", tuple(self.aliases))
        cards = check_deck(self.deck, self.table, self.ranking.turns_up_card, self.match.target)
        object.__setattr__(self, "_envido_chains", check_chains(self.envido))
        object.__setattr__(
            self, "_ladder_actions", tuple(Action.call(n) for n in self.ladder.names)
        )
        object.__setattr__(self, "_ladder_names", frozenset(self.ladder.names))
        verbs = {A.PLAY, A.DEAL, A.QUIERO, A.NO_QUIERO, A.MAZO, *self.ladder.names}
        if getattr(self.ladder, "answer_pass", False):
            verbs |= {A.PASO}
        if self.envido is not None:
            verbs |= {A.ENVIDO, A.REAL_ENVIDO, A.FALTA_ENVIDO, A.SON_BUENAS, A.DECLARE}
        if self.flor is not None:
            verbs |= {A.FLOR, A.CONTRAFLOR, A.CONTRAFLOR_AL_RESTO, A.CON_FLOR_QUIERO}
            verbs |= {A.CON_FLOR_ME_ACHICO}
        if self.special is not None:
            verbs |= {A.ACCEPT_HAND, A.DECLINE_HAND}
        if getattr(self.table, "deals_extra_cards", False):
            verbs |= {A.DISCARD}
        object.__setattr__(self, "_sides", side_table(self.side_bets, verbs))
        object.__setattr__(self, "_vocabulary", frozenset(verbs | self._sides.verbs))
        hooks = [h for h in slots.values() if h is not None]
        foreign = any(not type(h).__module__.startswith("truco_rules.") for h in hooks)
        object.__setattr__(self, "_undo_by_copy", bool(self.side_bets) or foreign)
        # every choice with no meaning (in one error), a number no record can write
        check_hooks(slots.items())
        check_ranking(self.ranking, cards)
        check_values(slots, self._envido_chains)
        home, alias = option_homes(slots.items())
        object.__setattr__(self, "_option_home", home)
        object.__setattr__(self, "_option_alias", alias)
        presets = check_presets(self.name, self._presets, home, lambda k: getattr(self, k), alias)
        object.__setattr__(self, "_presets", presets)  # options under their own names

    # ------------------------------------------------------------------ options
    def options(self) -> dict[str, Any]:
        """Every option of this variant and its value, in hook order."""
        return {
            name: getattr(getattr(self, slot), name) for name, slot in self._option_home.items()
        }

    def option_info(self) -> dict[str, dict[str, Any]]:
        """Every option with its value, its default (its value in the registered variant of
        this name, else the hook's default), allowed values, documentation, source and the
        other names it is taken by (``aliases``)."""
        ref = self._registered()
        defaults = {} if ref is None else ref.options()
        return {
            name: option_entry(getattr(self, slot), name, slot, defaults)
            for name, slot in self._option_home.items()
        }

    def option_name(self, word: str) -> str | None:
        """The option of this variant that ``word`` names, as its name or an alias; else None."""
        name = self._option_alias.get(word, word) if isinstance(word, str) else None
        return name if name in self._option_home else None

    def with_options(self, /, **options: Any) -> Variant:
        """A new variant with the named options changed; the name and aliases are kept.

        Raises :class:`~truco_rules.core.errors.UnknownOption` for a name the variant lacks and
        :class:`~truco_rules.core.errors.InvalidOption` for a value outside the allowed set.
        """
        changes: dict[str, dict[str, Any]] = {}
        for given, value in options.items():
            name = self._option_alias.get(given, given)  # a rules text's spelling
            slot = self._option_home.get(name)
            if slot is None:
                raise UnknownOption(name, self.name, sorted(self._option_home))
            if name in changes.get(slot, ()):  # under its name and its alias: which holds?
                raise InvalidOption(name, value, f"one value, given once ({given!r} again)")
            changes.setdefault(slot, {})[name] = value
        if not changes:
            return self
        hooks = {slot: attrs.evolve(getattr(self, slot), **vals) for slot, vals in changes.items()}
        return attrs.evolve(self, **hooks)

    def derive(self, name: str, description: str, **changes: Any) -> Variant:
        """A new named variant based on this one: hooks replaced and options changed.

        ``changes`` may name hook slots (``ladder=BetLadder(...)``), ``side_bets``,
        ``presets`` (none unless given: a preset was checked against its own variant) and
        options.
        """
        kinds = (*HOOK_SLOTS, "aliases", "side_bets", "presets")
        hooks = {k: v for k, v in changes.items() if k in kinds}
        opts = {k: v for k, v in changes.items() if k not in hooks}
        base = attrs.evolve(
            self,
            name=name,
            description=description,
            base=self.name,
            aliases=hooks.pop("aliases", ()),
            presets=hooks.pop("presets", ()),
            made_with=None,
            **hooks,
        )
        return base.with_options(**opts)

    def presets(self) -> dict[str, Preset]:
        """This variant's presets by name: its own, then those packages added
        (:mod:`truco_rules.rules.presets`). ``name@preset`` lists those of ``name``."""
        return presets_of(self.name, self._presets)

    def with_preset(self, preset: str, settings: dict[str, Any] | None = None) -> Variant:
        """The variant ``NAME@PRESET``: this one with the preset's option values; options
        it sets beyond its registered rules stay on top, a preset applied before is replaced
        (further options go on top with :meth:`with_options`); a variant registered under no
        name has no registered rules to tell its own options from, so the preset's values
        go over its options as they are. An unknown preset raises
        :class:`~truco_rules.core.errors.UnknownPreset` naming the known ones. ``settings``
        are the preset's values to play instead of today's (a record's, written before)."""
        if not isinstance(preset, str):
            raise InvalidType("preset", "a preset's name (str)", preset)
        name = split_name(self.name)[0]
        found = self.presets().get(preset) if settings is None else Preset(preset, settings)
        if found is None:
            raise UnknownPreset(name, preset, sorted(self.presets()))
        start, own, registered = self, self.non_default_options(), self._registered()
        plain = _REGISTERED[0](name) if _REGISTERED and registered is not None else None
        if plain is not None and registered.with_options(**own) == self:  # type: ignore[union-attr]
            start = plain  # the registered rules plus options: those options stay on top
        played = start.with_options(**found.settings())
        played = played.with_options(**own) if start is plain else played
        return attrs.evolve(
            played, name=f"{name}@{found.name}", aliases=(), base=name, made_with=found
        )

    def preset(self) -> Preset | None:
        """The preset a ``NAME@PRESET`` variant plays: the one registered now, else the one
        it was made with (a record's, of a preset since removed); None without a preset.
        (A record writes the registered one's values and the options that differ from it,
        so that the two always agree.)"""
        wanted = split_name(self.name)[1]
        found = None if wanted is None else self.presets().get(wanted)
        return found or (self._made_with if wanted is not None else None)

    def _registered(self) -> Variant | None:
        """The variant registered under this one's name, if any."""
        return _REGISTERED[0](self.name) if _REGISTERED else None

    def non_default_options(self) -> dict[str, Any]:
        """Options whose value differs from the registered variant of the same name."""
        ref = self._registered()
        if ref is None:
            return self.options()
        ref_opts = ref.options()
        return {k: v for k, v in self.options().items() if ref_opts.get(k, object()) != v}

    def __repr__(self) -> str:
        """One line: the name and the options that differ from the registered variant of that
        name (``Variant('house', target=15)``); an unregistered variant names its base."""
        if self._registered() is None:
            base = f", base={self.base!r}" if self.base else ""
            return f"Variant({self.name!r}{base}, unregistered)"
        changed = "".join(f", {k}={v!r}" for k, v in self.non_default_options().items())
        return f"Variant({self.name!r}{changed})"

    # ------------------------------------------------------------------ notation
    @property
    def notation(self) -> Notation:
        """The deck notation of this variant."""
        return self.deck.notation

    def card(self, text: str) -> Card:
        """Parse a card in this variant's notation."""
        return self.deck.notation.parse(text)

    def cards(self, text: str | Iterable[str]) -> tuple[Card, ...]:
        """Parse several cards in this variant's notation."""
        return parse_cards(text, self.deck.notation)

    def format_card(self, card: Card) -> str:
        """A card in this variant's notation."""
        return self.deck.notation.format(card)

    @property
    def vocabulary(self) -> frozenset[str]:
        """Every action verb this variant knows."""
        return self._vocabulary

    def check_action(self, action: Action) -> Action:
        """``action`` if it is well formed and its verb belongs to this variant, else
        :class:`~truco_rules.core.errors.InvalidType` (a hand-built action with a field of the
        wrong type) or :class:`UnknownAction`."""
        verb = A.check_fields(action)
        if verb not in self._vocabulary:
            if len(verb) > A.MAX_VERB:
                raise UnknownAction(verb, self.name, sorted(self._vocabulary))
            close = difflib.get_close_matches(action.verb, sorted(self._vocabulary), n=1)
            raise UnknownAction(action.verb, self.name, sorted(self._vocabulary), *close)
        return action

    def parse_action(self, text: str) -> Action:
        """Parse action text in this variant's notation (an unknown verb: ``UnknownAction``)."""
        parsed = self._parsed
        known = parsed.get(text) if type(text) is str else None
        if known is None:
            known = self.check_action(Action.parse(text, self.deck.notation))
            if len(parsed) >= _PARSED_MAX:
                parsed.clear()
            parsed[text] = known
        return known

    def format_action(self, action: Action) -> str:
        """An action's text in this variant's notation."""
        if type(action) is not Action:
            raise InvalidType("action", "an Action", action)
        return action.text(self.deck.notation)

    # ------------------------------------------------------------------ play
    def new_match(
        self,
        seats: int = 2,
        *,
        seed: int | None = None,
        deals: Sequence[Sequence[Card] | str] | None = None,
        mano: int | None = None,
        scores: Sequence[int] = (0, 0),
        chicos: Sequence[int] = (0, 0),
        derivation: int | None = None,
    ) -> Any:
        """Start a :class:`~truco_rules.match.Match` (see it for the arguments); typed code
        may write ``m: Match = v.new_match()`` (the variant does not import the match)."""
        if not _MATCH_CLASS:
            raise RuntimeError("import truco_rules (it registers the match class) first")
        return _MATCH_CLASS[0](
            self,
            seats,
            seed=seed,
            deals=deals,
            mano=mano,
            scores=scores,
            chicos=chicos,
            derivation=derivation,
        )

    @property
    def seat_counts(self) -> tuple[int, ...]:
        """The seat counts this variant can be played with."""
        return tuple(self.table.seat_counts)

    # ------------------------------------------------------------------ description
    def describe(self) -> dict[str, Any]:
        """The rule set as plain data (for comparison tables and documentation): see
        :func:`truco_rules.rules.sheet.rule_data`."""
        return rule_data(self)


# -- what the variant builds and reads, set by the modules above it -----------------------
_MATCH_CLASS: list[Callable[..., Any]] = []
_REGISTERED: list[Callable[[str], Variant | None]] = []


def use_match_class(cls: Callable[..., Any]) -> None:
    """Make :meth:`Variant.new_match` build ``cls`` (called once by :mod:`truco_rules.match`,
    so that the variant, which is data, never imports the match)."""
    _MATCH_CLASS[:] = [cls]


def use_registry(lookup: Callable[[str], Variant | None]) -> None:
    """Make :meth:`Variant.non_default_options` compare with ``lookup(name)``, the variant
    registered under a name (called once by :mod:`truco_rules.rules.registry`, so that the variant
    never imports the registry)."""
    _REGISTERED[:] = [lookup]
