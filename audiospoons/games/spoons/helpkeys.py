"""F1 at a classic Spoons table: the keys that do something in this game, with these options,
in sentences of the player's language. Pure: options in, text out.

Each sentence is a message of its own, joined with spaces, so that a language translates
sentences rather than a list. Only the keys at their usual places are said here; once the player
has moved some, F1 lists every action with its keys instead (``keynames.moved_keys_text``).
"""

from __future__ import annotations

from audiospoons.engine.cards import DeckKind
from audiospoons.games.spoons.rules.options import (
    DrawVariant,
    Grabbing,
    Options,
    Premature,
    ReactionStyle,
)
from audiospoons.ui.gamekeys import DEFAULT_KEYS, SLOTS
from audiospoons.ui.keynames import key_name
from audiospoons.voice.i18n import Messages
from audiospoons.voice.spoonnames import SpoonStyle

NUMBER_KEYS = 9
"""Spoons 1 to 9 have a number key of their own; 0 is spoon 10, and Ctrl or Alt add ten."""


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
    """The hand's keys, with a letter for each card it may hold: one over its size where a
    card is picked up before one is passed (``waiting_pile``), else its size."""
    most = options.hand_size + (1 if options.waiting_pile else 0)
    letters = [key_name(DEFAULT_KEYS[slot][0], m) for slot in SLOTS[:most]]
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
