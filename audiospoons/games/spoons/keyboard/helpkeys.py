"""F1 at a classic Spoons table: the keys that do something in this game, with these options,
in sentences of the player's language. Pure: options in, text out.

Each sentence is a message of its own, joined with spaces, so that a language translates
sentences rather than a list. Only the keys at their usual places are said in sentences; once
the player has moved some, F1 lists the same keys, in the same order, each action with the keys
it has now (``moved_game_keys_text``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from audiospoons.engine.cards import DeckKind
from audiospoons.games.spoons.keyboard.keys import (
    CLASSIC_KEYS,
    DEFAULT_KEYS,
    SLOTS,
    ClassicAction,
    SpoonsAction,
)
from audiospoons.games.spoons.keyboard.spoonnames import SpoonStyle
from audiospoons.games.spoons.rules.options import (
    DrawVariant,
    Grabbing,
    Options,
    Premature,
    ReactionStyle,
)
from audiospoons.ui.gamekeys import help_order
from audiospoons.ui.keynames import items_text, key_items, key_name
from audiospoons.voice.i18n import Messages

NUMBER_KEYS = 9
"""Spoons 1 to 9 have a number key of their own; 0 is spoon 10, and Ctrl or Alt add ten."""

GRAB_KEYS = (SpoonsAction.SPACE, SpoonsAction.FEINT, SpoonsAction.SPOON_NEXT,
             SpoonsAction.SPOON_PREVIOUS)
"""The keys that reach for the spoons: said first, the number keys (which never move) after
them."""

CLASSIC_HELP_ORDER = help_order(SpoonsAction, (
    *GRAB_KEYS,
    SpoonsAction.CURSOR_LEFT,
    SpoonsAction.CURSOR_RIGHT,
    SpoonsAction.PASS,
    *SLOTS,
    SpoonsAction.HAND,
    SpoonsAction.PICK_UP,
    SpoonsAction.DRAW,
    SpoonsAction.SPOONS,
    SpoonsAction.PLAYERS,
    SpoonsAction.WAITING,
    SpoonsAction.OPTIONS,
    SpoonsAction.REACTION,
))
"""The classic game's actions as F1 says them once keys are moved, in the order its sentences
say them: the grab, the hand, the draw, then what the seat may ask."""


def game_keys_text(options: Options, seats: int, spoon_style: SpoonStyle,
                   m: Messages) -> str:
    """The game's keys at a table of ``seats`` players, as the player with ``spoon_style``
    has them, ending with the keys every table has (but not Escape, which differs online)."""
    sentences = [_space_text(options, m)]
    if options.premature is Premature.BLUFF:
        sentences.append(m.tr("help.game.feint"))
    if options.grabbing is not Grabbing.REACTION:
        sentences.append(m.tr("help.game.colours") if spoon_style is SpoonStyle.COLOURS
                         else _numbers_text(options.spoons_for(seats), m))
    sentences += [_hand_text(options, m), _draw_text(options, m)]
    if not options.signal:
        sentences.append(_spoons_text(options.grabbing, m))
    sentences.append(m.tr("help.game.players"))
    if passed_along(options):
        sentences.append(m.tr("help.game.waiting"))
    sentences += [m.tr("help.game.end"), m.tr("help.game.rules")]
    return " ".join(sentences)


def local_keys_text(options: Options, seats: int, spoon_style: SpoonStyle,
                    m: Messages) -> str:
    """F1 at a table on this machine: the game's keys, then that Escape pauses."""
    return " ".join((game_keys_text(options, seats, spoon_style, m), m.tr("help.game.pause")))


def moved_game_keys_text(keys: Mapping[ClassicAction, Sequence[str]], options: Options,
                         seats: int, spoon_style: SpoonStyle, m: Messages) -> str:
    """F1 once the player has moved some keys: the keys that do something in this game, with
    these options and this way of choosing a spoon, in the order of play, as the player has
    them (the pause among them where ``keys`` has it)."""
    actions = used_actions(options, spoon_style)
    numbers = ([_numbers_text(options.spoons_for(seats), m)]
               if options.grabbing is not Grabbing.REACTION
               and spoon_style is not SpoonStyle.COLOURS else [])
    names = CLASSIC_KEYS.name_ids
    return items_text([*key_items(keys, [a for a in actions if a in GRAB_KEYS], names, m),
                       *numbers,
                       *key_items(keys, [a for a in actions if a not in GRAB_KEYS], names, m)],
                      m)


def _used(action: ClassicAction, options: Options, spoon_style: SpoonStyle) -> bool:
    """Whether ``action`` does anything in a game with ``options``, for a player who chooses
    spoons by ``spoon_style``: the keys the sentences of ``game_keys_text`` name."""
    if action is SpoonsAction.FEINT:
        return options.premature is Premature.BLUFF
    if action in (SpoonsAction.SPOON_NEXT, SpoonsAction.SPOON_PREVIOUS):
        return (options.grabbing is not Grabbing.REACTION
                and spoon_style is SpoonStyle.COLOURS)
    if action in SLOTS:
        return SLOTS.index(action) < _hand_most(options)
    if action is SpoonsAction.DRAW:
        return options.deck is not DeckKind.NO_STOCK
    if action is SpoonsAction.SPOONS:
        return not options.signal
    if action is SpoonsAction.WAITING:
        return passed_along(options)
    return True


def used_actions(options: Options, spoon_style: SpoonStyle) -> tuple[ClassicAction, ...]:
    """The actions that do something in a game with ``options``, in F1's order."""
    return tuple(action for action in CLASSIC_HELP_ORDER if _used(action, options, spoon_style))


CLASSIC_TELLING = frozenset({SpoonsAction.HAND, SpoonsAction.SPOONS, SpoonsAction.PLAYERS,
                             SpoonsAction.WAITING, SpoonsAction.OPTIONS, SpoonsAction.REACTION})
"""The keys that only say how things stand."""


def _hand_most(options: Options) -> int:
    """The most cards the hand may hold: one over its size where a card is picked up before
    one is passed (``waiting_pile``)."""
    return options.hand_size + (1 if options.waiting_pile else 0)


def passed_along(options: Options) -> bool:
    """Whether cards are passed to players, to wait beside them until picked up: in the
    draw-pile game every pass goes to the discard pile, and nothing ever waits."""
    return options.deck is DeckKind.NO_STOCK or options.draw is not DrawVariant.DRAW


def _space_text(options: Options, m: Messages) -> str:
    """What Space does: give or copy the signal, grab, and, where the game holds reaction
    tests (a race for the spoons pressed as fast as one can, a contested spoon, a fight),
    react in them."""
    mash = options.reaction_style is ReactionStyle.MASH
    if options.signal:
        return m.tr("help.game.signal")
    if options.grabbing is Grabbing.REACTION:
        return m.tr("help.game.grab.race") if mash else m.tr("help.game.grab")
    return m.tr("help.game.grab.mash") if mash else m.tr("help.game.grab.react")


def _numbers_text(spoons: int, m: Messages) -> str:
    """The number keys for the ``spoons`` of the first round (later rounds have fewer)."""
    if spoons == 1:
        return m.tr("help.game.numbers.one")
    if spoons <= NUMBER_KEYS:
        return m.tr("help.game.numbers", count=spoons)
    if spoons == NUMBER_KEYS + 1:
        return m.tr("help.game.numbers.ten")
    return m.tr("help.game.numbers.more")


def _hand_text(options: Options, m: Messages) -> str:
    """The hand's keys, with a letter for each card it may hold (``_hand_most``)."""
    letters = [key_name(DEFAULT_KEYS[slot][0], m) for slot in SLOTS[:_hand_most(options)]]
    return m.tr("help.game.hand", keys=m.join(letters))


def _draw_text(options: Options, m: Messages) -> str:
    """Up and Down as this game's cards flow: both draw where everyone draws; Up takes the
    card passed, and Down draws, where either may be done; only the dealer draws where cards
    are passed along; nobody with the no-stock pack."""
    if options.deck is DeckKind.NO_STOCK:
        return m.tr("help.game.draw.passed")
    if options.draw is DrawVariant.DRAW:
        return m.tr("help.game.draw")
    if options.draw is DrawVariant.EITHER:
        return m.tr("help.game.draw.either")
    return m.tr("help.game.draw.dealer")


def _spoons_text(grabbing: Grabbing, m: Messages) -> str:
    """F2 as it answers in this game: the spoons left, and in single selection the spoon
    chosen, in realtime fighting which are free."""
    if grabbing is Grabbing.SELECTION:
        return m.tr("help.game.spoons.chosen")
    if grabbing is Grabbing.REALTIME:
        return m.tr("help.game.spoons.free")
    return m.tr("help.game.spoons")
