"""What one listener hears of classic Spoons, in words, for each event: pure, in any language with
a catalog.

The wording of seed 000's scripts is the English catalog's ("Chris grabbed a spoon!", "Frank is
eliminated.", "Britany and Henry are eliminated."). The listener's own doings are said in the
second person, with messages of their own rather than "you" put in a name's place, because other
languages change the verb too. An event must already be the listener's view of it
(``Event.seen_by``): the announcer says what the event holds and never looks further.
"""

from __future__ import annotations

from collections.abc import Sequence

from audiospoons.engine.events import Event
from audiospoons.games.spoons.keyboard.pacing import pace
from audiospoons.games.spoons.keyboard.spoonnames import SpoonStyle, coloured, spoon_phrase
from audiospoons.games.spoons.rules.events import (
    CardPassed,
    CardsDealt,
    CardTaken,
    ContestKind,
    DealerChanged,
    Eliminated,
    EmptySlot,
    FalseStart,
    Feinted,
    GameOver,
    GameStarted,
    GrabDisputed,
    GrabTimeUp,
    GripSlipped,
    HandPassedOn,
    KnifeDrawn,
    KnifeRedrawn,
    LetterGiven,
    PointAdded,
    PrematureGrab,
    Reached,
    ReactCue,
    ReactionTestEnded,
    ReactionTestStarted,
    RoundEnded,
    RoundStarted,
    RoundVoided,
    SetHeld,
    Source,
    SpoonChallenged,
    SpoonChosen,
    SpoonClaimed,
    SpoonContested,
    SpoonGrabbed,
    SpoonSafe,
    SpoonsChanged,
    SpoonsKept,
    StockRecycled,
    TeamOut,
    TeamsFormed,
)
from audiospoons.voice.announcer import EventAnnouncer, Verbosity
from audiospoons.voice.cardnames import card_name, rank_count, the_card
from audiospoons.voice.i18n import Messages
from audiospoons.voice.pace import LinePace

# Message ids by (from the stock, forced by the time limit) and by forced.
YOU_TOOK = {(True, False): "you.drew", (True, True): "you.drew.late",
            (False, False): "you.picked", (False, True): "you.picked.late"}
OTHER_TOOK = {(True, False): "other.drew", (True, True): "other.drew.late",
              (False, False): "other.picked", (False, True): "other.picked.late"}
YOU_DISCARDED = {False: "you.discarded", True: "you.discarded.late"}
YOU_PASSED = {False: "you.passed", True: "you.passed.late"}
OTHER_DISCARDED = {False: "other.discarded", True: "other.discarded.late"}
OTHER_PASSED_YOU = {False: "other.passed.you", True: "other.passed.you.late"}
OTHER_PASSED = {False: "other.passed", True: "other.passed.late"}
# Eliminated: (you alone, you and others, others), by whether a fight's aftermath did it at once.
ELIMINATED = {False: ("eliminated.you", "eliminated.you.and", "eliminated.other"),
              True: ("eliminated.you.now", "eliminated.you.and.now", "eliminated.other.now")}


class Announcer(EventAnnouncer):
    """Turns events into what one listener hears at a table of ``players``."""

    def __init__(self, players: Sequence[str], messages: Messages, *,
                 verbosity: Verbosity = Verbosity.FULL, announce_phase2: bool = False,
                 set_size: int = 4, spoon_style: SpoonStyle = SpoonStyle.NUMBERS,
                 signal: bool = False, draw_key: str | None = None) -> None:
        super().__init__(players, messages, verbosity)
        self.draw_key = draw_key
        """The key that draws, in words, for a keyboard seat that must draw (the draw-pile
        game): the first round's opening says it, since no card comes by itself."""
        self.announce_phase2 = announce_phase2
        self.set_size = set_size
        self.spoon_style = spoon_style
        self.signal = signal
        """Pig, Donkey and Tongue: a spoon taken is the signal given or copied."""
        self._knife_left = 0
        """The listener's knife discards still to make: each discard says how many are left."""
        self._teams = False
        """The game is played in teams (heard at its start): a shared win is a team's."""
        self._recycled_told = False
        """The stock shuffled again has been said this round: it says nothing new again."""
        self._knives_told: set[int] = set()
        """The other players whose knife has been said this round: a knife card that comes
        back, or a second one, is heard as its sound but not said again."""
        self._redraws_told: set[int] = set()
        """The other players whose new cards for a knife have been said this round."""

    def urgent_phrases(self, listener: int | None) -> list[str]:
        """Every urgent line this listener can hear whose words are known before the game
        starts: worth rendering to sound in advance."""
        lines = [self.m.tr("react.now"), self.m.tr("grab.time.up")]
        for seat in range(len(self.players)):
            if self.signal:
                lines.append(self._you_or(listener, seat, "signal.copied.you",
                                          "signal.copied.other"))
                if self.announce_phase2 and seat != listener:
                    lines.append(self.m.tr("signal.given.other", name=self.players[seat]))
                continue
            grabbed = self._you_or(listener, seat, "spoon.grabbed.you", "spoon.grabbed.other")
            lines.append(grabbed)
            if self.announce_phase2 and seat != listener:
                lines.append(" ".join((self.m.tr("phase2.alert"), grabbed)))
        return [line[:1].upper() + line[1:] for line in dict.fromkeys(lines)]

    def _urgent(self, event: Event, listener: int | None) -> bool:
        if isinstance(event, SpoonChallenged):
            return event.holder == listener
        if isinstance(event, ReactCue):
            return listener in event.contenders and listener not in event.jumped
        if isinstance(event, ReactionTestStarted):
            return listener in event.contenders and event.contest is not ContestKind.SPOON
        if isinstance(event, KnifeDrawn):
            return event.seat == listener
        return isinstance(event, SpoonGrabbed | PrematureGrab | GrabTimeUp)

    def _pace(self, event: Event, listener: int | None) -> LinePace:
        return pace(event, listener, None if self.signal else self._others_grabbed, self.players)

    def _others_grabbed(self, names: tuple[str, ...]) -> str:
        return self.m.tr("spoons.grabbed.others", names=self.m.join(list(names)))

    def _brief(self) -> bool:
        return self.verbosity is Verbosity.BRIEF

    # ----------------------------------------------------------------- names

    def _others(self, seats: Sequence[int], listener: int | None) -> list[str]:
        return [self.players[seat] for seat in seats if seat != listener]

    def _you_or(self, listener: int | None, seat: int, you_id: str, other_id: str,
                **fields: object) -> str:
        """The message for the listener's own doing, or for another player's."""
        if seat == listener:
            return self.m.tr(you_id, **fields)
        return self.m.tr(other_id, name=self.players[seat], **fields)

    def _deals(self, dealer: int, listener: int | None) -> str:
        return self._you_or(listener, dealer, "dealer.you", "dealer.other")

    def _tally(self, seats: Sequence[int], values: Sequence[int], listener: int | None) -> str:
        items = [self.m.tr("tally.you", value=value) if seat == listener
                 else self.m.tr("tally.other", name=self.players[seat], value=value)
                 for seat, value in zip(seats, values, strict=True)]
        return self.m.join(items)

    # ----------------------------------------------------------------- events

    def _text(self, event: Event, you: int | None) -> str | None:
        m = self.m
        if isinstance(event, GameStarted):
            if you is not None:
                return m.tr("game.started.you", others=m.join(self._others(range(len(
                    self.players)), you)))
            return m.tr("game.started", players=m.join(self.players))
        if isinstance(event, RoundStarted):
            self._knife_left = 0
            self._recycled_told = False
            self._knives_told.clear()
            self._redraws_told.clear()
            spoons = () if self.signal else (m.ntr("spoons.on.table", event.spoons),)
            started = "round.started.again" if event.again else "round.started"
            return " ".join((m.tr(started, round=event.round),
                             self._deals(event.dealer, you), *spoons,
                             *self._how_to_draw(event, you)))
        if isinstance(event, CardsDealt):
            return m.tr("cards.dealt", cards=m.join([card_name(m, c) for c in event.cards]))
        if isinstance(event, CardTaken):
            return self._taken(event, you)
        if isinstance(event, CardPassed):
            return self._passed(event, you)
        if isinstance(event, StockRecycled):
            if self._recycled_told:
                return None
            self._recycled_told = True
            return m.tr("stock.recycled")
        if isinstance(event, KnifeDrawn | KnifeRedrawn):
            return self._knife(event, you)
        if isinstance(event, SetHeld):
            if event.seat != you:
                return m.tr("partner.set", name=self.players[event.seat])
            return m.tr("set.held", cards=rank_count(m, event.rank, self.set_size))
        if isinstance(event, TeamsFormed):
            self._teams = True
            for team in event.teams:
                if you in team:
                    return m.tr("partner.you", name=self._others(team, you)[0])
            return m.tr("teams.formed", teams="; ".join(
                m.join([self.players[seat] for seat in team]) for team in event.teams))
        if isinstance(event, TeamOut):
            if you in event.seats:
                return m.tr("team.out.you")
            return m.tr("team.out", names=m.join(self._others(event.seats, you)))
        if isinstance(event, SpoonGrabbed):
            return self._grabbed(event, you)
        if isinstance(event, SpoonChosen | SpoonClaimed | SpoonChallenged | EmptySlot
                      | SpoonsKept | SpoonContested | SpoonSafe | GripSlipped):
            return self._numbered(event, you)
        if isinstance(event, HandPassedOn):
            if event.to == you:
                return m.ntr("hand.passed.you", event.cards, name=self.players[event.seat])
            return m.ntr("hand.passed.other", event.cards, name=self.players[event.seat],
                         to=self.players[event.to])
        if isinstance(event, DealerChanged):
            return self._you_or(you, event.dealer, "dealer.changed.you", "dealer.changed.other")
        if isinstance(event, SpoonsChanged):
            return None if self.signal else m.ntr("spoons.changed", event.spoons)
        if isinstance(event, PrematureGrab):
            if self.signal:
                return self._you_or(you, event.seat, "signal.premature.you",
                                    "signal.premature.other")
            return self._you_or(you, event.seat, "premature.you", "premature.other")
        if isinstance(event, Feinted):
            return m.tr("feint.you")
        if isinstance(event, Reached):
            if not self.announce_phase2:
                return None
            return m.tr("reach.other", name=self.players[event.seat])
        if isinstance(event, ReactionTestStarted):
            if event.contest is ContestKind.SPOON:
                return None
            if you in event.contenders:
                return m.tr("react.ready.mash" if event.mash else "react.ready")
            names = m.join(self._others(event.contenders, you))
            if event.contest is ContestKind.FIGHT:
                return m.tr("fighting.others", names=names)
            return m.tr("racing.others", names=names)
        if isinstance(event, ReactCue):
            if you in event.jumped:
                # Too soon, with others still to press: a fight for one spoon is lost.
                return (None if event.contest is ContestKind.RACE else m.tr(
                    "fight.lost.you", names=m.join(self._others(event.contenders, you))))
            if event.contest is ContestKind.SPOON and event.spoon is not None:
                if coloured(self.spoon_style, event.spoon):
                    return m.tr("spoon.react.now.colour", spoon=self._phrase(event.spoon))
                return m.tr("spoon.react.now", spoon=event.spoon)
            if you not in event.contenders:
                return None
            if event.contest is ContestKind.FIGHT:
                return m.tr("fight.react.now", names=m.join(self._others(event.contenders, you)))
            return m.tr("react.now")
        if isinstance(event, FalseStart):
            return self._you_or(you, event.seat, "false.start.you", "false.start.other")
        if isinstance(event, ReactionTestEnded):
            if not event.counts:
                return None
            return m.tr("presses.tally", tally=self._tally(event.ranking, event.counts, you))
        if isinstance(event, GrabTimeUp):
            return m.tr("grab.time.up")
        if isinstance(event, LetterGiven):
            return self._you_or(you, event.seat, "letter.taken.you", "letter.taken.other",
                                letters=" ".join(event.letters))
        if isinstance(event, PointAdded):
            if event.seat == you:
                return m.ntr("point.you", event.points)
            return m.ntr("point.other", event.points, name=self.players[event.seat])
        if isinstance(event, Eliminated):
            return self._eliminated(event.seats, you, at_once=event.at_once)
        if isinstance(event, GrabDisputed):
            others = m.join(self._others(event.seats, you))
            if self.signal:
                return (m.tr("dispute.signal.you", names=others) if you in event.seats
                        else m.tr("dispute.signal.other", names=others))
            return (m.tr("dispute.you", names=others) if you in event.seats
                    else m.tr("dispute.other", names=others))
        if isinstance(event, RoundVoided) and self.signal:
            return self._you_or(you, event.dealer, "round.void.signal.you",
                                "round.void.signal.other")
        if isinstance(event, RoundVoided):
            return self._you_or(you, event.dealer, "round.void.you", "round.void.other")
        if isinstance(event, GameOver):
            return self._game_over(event, you)
        if isinstance(event, RoundEnded):
            return self._set_shown(event, you)
        return None

    def _how_to_draw(self, event: RoundStarted, you: int | None) -> tuple[str, ...]:
        """'Press Up arrow to draw a card.': at the first round's opening, to a player who
        draws."""
        if (self.draw_key is None or event.round != 1 or event.again or you is None
                or you not in event.seats):
            return ()
        return (self.m.tr("round.draw.hint", key=self.draw_key),)

    def _knife(self, event: KnifeDrawn | KnifeRedrawn, you: int | None) -> str | None:
        """Your knife, each time; another player's, the first time in a round (the blade's
        sound tells of the others)."""
        m = self.m
        if isinstance(event, KnifeDrawn) and event.seat == you:
            self._knife_left = event.discards
            if self._brief():
                return m.ntr("knife.you.brief", event.discards)
            return m.ntr("knife.you", event.discards)
        if isinstance(event, KnifeRedrawn) and event.seat == you:
            return m.tr("knife.redrawn.you", cards=m.join([card_name(m, c)
                                                           for c in event.cards]))
        told = self._knives_told if isinstance(event, KnifeDrawn) else self._redraws_told
        if event.seat in told:
            return None
        told.add(event.seat)
        name = self.players[event.seat]
        if isinstance(event, KnifeRedrawn):
            return None if self._brief() else m.ntr("knife.redrawn.other", event.count,
                                                     name=name)
        if self._brief():
            return m.tr("knife.other.brief", name=name)
        return m.ntr("knife.other", event.discards, name=name)

    def _grabbed(self, event: SpoonGrabbed, you: int | None) -> str | None:
        if self.signal:
            return self._signalled(event, you)
        grabbed = self._you_or(you, event.seat, "spoon.grabbed.you", "spoon.grabbed.other")
        if not event.first or event.seat == you:
            return grabbed
        if not self.announce_phase2:
            return None
        return " ".join((self.m.tr("phase2.alert"), grabbed))

    def _set_shown(self, event: RoundEnded, you: int | None) -> str | None:
        """'Bob had four nines.': the set that started the grabbing, shown to everyone when
        the round ends (seed 004); then who grabbed first, when someone else did (two players
        left), and that the first grab was fair, where early grabs are punished."""
        if event.set_by is None or event.set_rank is None:
            return None
        m = self.m
        cards = rank_count(m, event.set_rank, self.set_size)
        said = [self._you_or(you, event.set_by, "round.set.you", "round.set.other",
                             cards=cards)]
        first = event.first_grabber
        if first is not None and first != event.set_by:
            ids = (("round.first.signal.you", "round.first.signal.other") if self.signal
                   else ("round.first.you", "round.first.other"))
            said.append(self._you_or(you, first, *ids))
        if event.checked:
            said.append(m.tr("round.first.fair.signal" if self.signal else "round.first.fair"))
        return " ".join(said)

    def _signalled(self, event: SpoonGrabbed, you: int | None) -> str | None:
        """Pig, Donkey and Tongue: the first signal is only heard, as a sound from its seat;
        each copy is said."""
        if not event.first:
            return self._you_or(you, event.seat, "signal.copied.you", "signal.copied.other")
        if event.seat == you:
            return self.m.tr("signal.given.you")
        if not self.announce_phase2:
            return None
        return self.m.tr("signal.given.other", name=self.players[event.seat])

    def _numbered(self, event: Event, you: int | None) -> str | None:
        """The events of numbered spoons. A reach is heard as the spoon's sound; only single
        selection's results and contests name spoon numbers (seed 000)."""
        m = self.m
        if isinstance(event, SpoonChosen | SpoonClaimed):
            if event.seat == you:
                if isinstance(event, SpoonChosen) and event.spoon is not None:
                    return self.chosen_text(event.spoon)
                return m.tr("claim.you")
            if not event.first:
                return None
            if not self.announce_phase2:
                return None
            return m.tr("phase2.alert")
        if isinstance(event, SpoonChallenged):
            if event.seat == you:
                return m.tr("steal.you", name=self.players[event.holder])
            if event.holder == you:
                return m.tr("steal.from.you", name=self.players[event.seat])
            return None
        if isinstance(event, SpoonsKept):
            others = self._others(event.seats, you)
            if you not in event.seats:
                return m.ntr("spoons.kept.other", len(others), names=m.join(others))
            if not others:
                return m.tr("spoon.grabbed.you")
            return m.tr("spoons.kept.you.and",
                        names=m.join([m.tr("contested.you"), *others]))
        if isinstance(event, SpoonContested):
            names = [m.tr("contested.you") if seat == you else self.players[seat]
                     for seat in event.seats]
            if coloured(self.spoon_style, event.spoon):
                return m.tr("spoon.contested.colour", spoon=self._phrase(event.spoon),
                            names=m.join(names))
            return m.tr("spoon.contested", spoon=event.spoon, names=m.join(names))
        if isinstance(event, SpoonSafe):
            return self._you_or(you, event.seat, "safe.you", "safe.other")
        if isinstance(event, GripSlipped):
            return self._you_or(you, event.seat, "grip.slipped.you", "grip.slipped.other")
        return None

    def chosen_text(self, spoon: int) -> str:
        """'You chose spoon 2.', or 'You chose the blue spoon.' with the colour menu."""
        if coloured(self.spoon_style, spoon):
            return self.m.tr("spoon.chosen.you.colour", spoon=self._phrase(spoon))
        return self.m.tr("spoon.chosen.you", spoon=spoon)

    def _phrase(self, spoon: int) -> str:
        return spoon_phrase(self.m, spoon, self.spoon_style)

    def _taken(self, event: CardTaken, you: int | None) -> str | None:
        key = (event.source is Source.STOCK, event.forced)
        if event.seat == you and event.card is not None:
            if self._brief() and not event.forced:
                return self.m.tr("card.alone", card=card_name(self.m, event.card))
            return self.m.tr(YOU_TOOK[key], card=the_card(self.m, event.card))
        if self._brief():
            return None
        return self.m.tr(OTHER_TOOK[key], name=self.players[event.seat])

    def _passed(self, event: CardPassed, you: int | None) -> str | None:
        if event.seat == you and event.card is not None and self._knife_left:
            self._knife_left -= 1
            card = the_card(self.m, event.card)
            if event.forced:
                return self.m.tr(YOU_DISCARDED[True], card=card)
            if self._knife_left:
                return self.m.ntr("knife.discarded", self._knife_left, card=card)
            return self.m.tr("knife.discarded.last", card=card)
        if self._brief() and not event.forced:
            return None
        if self._brief() and event.seat != you:
            return None
        late = event.forced
        if event.seat == you and event.card is not None:
            card = the_card(self.m, event.card)
            if event.to is None:
                return self.m.tr(YOU_DISCARDED[late], card=card)
            return self.m.tr(YOU_PASSED[late], card=card, to=self.players[event.to])
        name = self.players[event.seat]
        if event.to is None:
            return self.m.tr(OTHER_DISCARDED[late], name=name)
        if event.to == you:
            return self.m.tr(OTHER_PASSED_YOU[late], name=name)
        return self.m.tr(OTHER_PASSED[late], name=name, to=self.players[event.to])

    def _eliminated(self, seats: Sequence[int], you: int | None, *, at_once: bool) -> str:
        """'Frank is eliminated.'; said with '!' when a fight left nothing to try for."""
        you_alone, you_and, other = ELIMINATED[at_once]
        others = self._others(seats, you)
        if you in seats:
            if not others:
                return self.m.tr(you_alone)
            return self.m.ntr(you_and, len(others), others=self.m.join(others))
        return self.m.ntr(other, len(others), names=self.m.join(others))

    def _game_over(self, event: GameOver, you: int | None) -> str:
        winners = event.winners
        if len(winners) == 1:
            result = self._you_or(you, winners[0], "win.you", "win.other")
        elif self._teams and you in winners:
            result = self.m.tr("team.wins.you", name=self.m.join(self._others(winners, you)))
        elif self._teams:
            result = self.m.tr("team.wins", names=self.m.join(self._others(winners, you)))
        elif you in winners:
            result = self.m.tr("joint.winners.you",
                               others=self.m.join(self._others(winners, you)))
        else:
            result = self.m.tr("joint.winners", names=self.m.join(self._others(winners, you)))
        if not event.points:
            return result
        order = sorted(range(len(event.points)), key=lambda s: (event.points[s], s))
        tally = self._tally(order, [event.points[s] for s in order], you)
        return " ".join((result, self.m.tr("penalty.tally", tally=tally)))
