"""Bot difficulty levels: reaction times, attention to a silent first grab, card play, and what
they come to over whole bot games.

Each bot is driven only through what the Table gives it (``observe``, ``next_move``, ``moved``,
``refused``), with synthetic events where a single moment is measured, and through
``play_game`` where whole games are.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter

import pytest

from audiospoons.bots import Level
from audiospoons.bots.levels import SKILLS, BotPace, Delay, Skill
from audiospoons.cli import main
from audiospoons.engine.cards import Card, parse_card
from audiospoons.games.spoons.bots import SimpleBot, make_bot
from audiospoons.games.spoons.rules.commands import Grab, Pass, React, Take
from audiospoons.games.spoons.rules.events import (
    CardPassed,
    CardsDealt,
    CardTaken,
    Eliminated,
    PhaseTwoStarted,
    ReactCue,
    ReactionTestEnded,
    ReactionTestStarted,
    RoundStarted,
    Source,
    SpoonGrabbed,
)
from audiospoons.games.spoons.rules.options import Options
from audiospoons.simulate import play_game, seat_levels

ORDER = (Level.EXPERT, Level.HARD, Level.NORMAL, Level.EASY)
"""Fastest and best first."""

TARGET_MEDIANS = {Level.EASY: 0.9, Level.NORMAL: 0.55, Level.HARD: 0.38, Level.EXPERT: 0.28}
SEATS = (0, 1, 2, 3)
HAND = tuple(parse_card(text) for text in ("2C", "5D", "9H", "KS"))


def cards(*texts: str) -> list[Card]:
    return [parse_card(text) for text in texts]


def dealt_bot(level: Level, seat: int, options: Options, seed: int,
              skill: Skill | None = None) -> SimpleBot:
    """A bot at ``seat`` of a four-seat round dealt by seat 3, holding ``HAND``."""
    bot = SimpleBot(seat, options, random.Random(seed), level=level, skill=skill)
    bot.observe(RoundStarted(0.0, 1, 3, 3, SEATS))
    bot.observe(CardsDealt(0.0, seat, HAND))
    return bot


# --------------------------------------------------------------------- reaction times

def reaction_samples(level: Level, count: int, seed: int = 1) -> list[float]:
    """How long after the "react now" cue the bot presses, over ``count`` reaction tests."""
    bot = make_bot(0, Options(), random.Random(seed), level)
    bot.observe(RoundStarted(0.0, 1, 3, 3, SEATS))
    samples = []
    for test in range(count):
        cue = 10.0 * test + 5.0
        bot.observe(ReactionTestStarted(cue - 1.5, (0, 2), False))
        bot.observe(ReactCue(cue, (0, 2)))
        plan = bot.next_move()
        assert plan is not None and plan[1] == React(0)
        samples.append(plan[0] - cue)
        bot.moved(plan[0])
        bot.observe(ReactionTestEnded(cue + 3.0, (0, 2), ()))
    return samples


def test_reaction_times_are_ordered_by_level_and_never_constant() -> None:
    medians = []
    for level in ORDER:
        samples = reaction_samples(level, 3000)
        median = statistics.median(samples)
        medians.append(median)
        assert median == pytest.approx(TARGET_MEDIANS[level], rel=0.08), level
        deciles = statistics.quantiles(samples, n=10)
        assert deciles[-1] / deciles[0] > 1.4, f"{level}: too little spread {deciles}"
        assert statistics.stdev(samples) > 0.03, level
        assert min(samples) > 0.1, f"{level}: faster than any human, {min(samples)}"
        assert len(set(samples)) == len(samples), f"{level}: the same time twice"
        assert max(samples) > 2 * min(samples), f"{level}: no slow moments"
    assert medians == sorted(medians)
    assert len(set(medians)) == len(medians)


def test_card_moves_are_paced_by_level_and_vary() -> None:
    means = []
    for level in ORDER:
        card = SKILLS[level].pace.card
        rng = random.Random(3)
        draws = [card.sample(rng) for _ in range(3000)]
        assert statistics.stdev(draws) > 0.05 and min(draws) >= card.floor
        means.append(statistics.fmean(draws))
    assert means == sorted(means)


def test_a_delay_has_the_mean_and_spread_asked_for_and_a_floor_below_them() -> None:
    delay = Delay(0.6, 0.2, 0.25)
    rng = random.Random(8)
    draws = [delay.sample(rng) for _ in range(20000)]
    assert statistics.fmean(draws) == pytest.approx(0.6, rel=0.02)
    assert statistics.stdev(draws) == pytest.approx(0.2, rel=0.06)
    assert statistics.median(draws) == pytest.approx(delay.median, rel=0.02)
    assert delay.median < 0.6
    assert min(draws) > 0.25
    assert Delay(0.5, 0.0, 0.2).sample(rng) == pytest.approx(0.5)
    with pytest.raises(ValueError):
        Delay(0.3, 0.2, 0.3)
    with pytest.raises(ValueError):
        Delay(0.5, -0.1, 0.2)


def test_a_pace_given_by_mean_and_spread_overrides_the_level() -> None:
    """As the demonstration round slows the bots' cards down to let a learner think."""
    slow = BotPace(card_mean=120.0, card_spread=1.0)
    bot = SimpleBot(1, Options(), random.Random(2), slow)
    assert bot.pace == slow and bot.skill.notice == SKILLS[Level.NORMAL].notice
    bot.observe(RoundStarted(0.0, 1, 0, 3, SEATS))
    bot.observe(CardsDealt(0.0, 1, HAND))
    plan = bot.next_move()
    assert plan is not None and plan[1] == Take(1) and 115.0 < plan[0] < 125.0
    expert = make_bot(1, Options(), random.Random(2), Level.EXPERT, slow)
    assert expert.pace == slow and expert.skill.play is SKILLS[Level.EXPERT].play


# --------------------------------------------------------------------- attention

def grab_delay(bot: SimpleBot, grabber: int, at: float = 20.0) -> float:
    """Seconds from ``grabber``'s silent first grab to this bot's grab, the bot's card moves in
    between refused, as the game refuses card play once the spoons are going."""
    if bot.options.announce_phase2:
        bot.observe(PhaseTwoStarted(at, grabber))
    else:
        assert not bot.observe(PhaseTwoStarted(at, grabber)), "it heard a silent event"
    bot.observe(SpoonGrabbed(at, grabber, 2, True))
    for _ in range(1000):
        plan = bot.next_move()
        assert plan is not None
        when, command = plan
        if isinstance(command, Grab):
            return when - at
        assert when >= at
        bot.refused(when)
    raise AssertionError("the bot never grabbed")


@pytest.mark.parametrize("draw", ["draw", "discard"])
def test_the_seat_after_the_set_maker_notices_a_silent_first_grab_later(draw: str) -> None:
    """Seat 1 is passed to by seat 0 and passes to seat 2. With ``draw = discard`` seat 1 has
    no card to play, so the delay is the first notice alone; with ``draw`` it keeps drawing, and
    each refused draw is another chance to notice."""
    options = Options.from_mapping({"draw": draw})
    means: dict[Level, tuple[float, float]] = {}
    for level in ORDER:
        after = [grab_delay(dealt_bot(level, 1, options, seed), grabber=0)
                 for seed in range(800)]
        other = [grab_delay(dealt_bot(level, 1, options, seed), grabber=2)
                 for seed in range(800)]
        means[level] = statistics.fmean(after), statistics.fmean(other)
        assert means[level][0] > means[level][1] * 1.05, (level, means[level])
        assert min(after + other) > 0.1
    slowest = [means[level][0] for level in ORDER]
    assert slowest == sorted(slowest), means


def test_an_announced_phase_two_is_noticed_alike_by_every_seat() -> None:
    options = Options.from_mapping({"draw": "discard", "announce_phase2": True})
    for level in (Level.EASY, Level.NORMAL):
        after = [grab_delay(dealt_bot(level, 1, options, seed), grabber=0)
                 for seed in range(800)]
        other = [grab_delay(dealt_bot(level, 1, options, seed), grabber=2)
                 for seed in range(800)]
        assert statistics.fmean(after) == pytest.approx(statistics.fmean(other), rel=0.05)
        silent = Options.from_mapping({"draw": "discard"})
        unheard = [grab_delay(dealt_bot(level, 1, silent, seed), grabber=0)
                   for seed in range(800)]
        assert statistics.fmean(unheard) > statistics.fmean(after) * 1.2


BLIND_TO_THE_NEXT = Skill(
    pace=BotPace(), notice=1.0, notice_after_setter=0.0, distraction=Delay(5.0, 0.1, 4.0),
    play=SKILLS[Level.NORMAL].play)
"""Always notices a first grab, except as the seat after the set maker, which then plays on
for at least four seconds."""


def test_the_seat_after_the_set_maker_is_counted_among_the_seats_still_in() -> None:
    options = Options.from_mapping({"draw": "discard"})
    for out, after, before in (((), 1, 0), ((1,), 0, 3)):
        bot = dealt_bot(Level.NORMAL, 2, options, 0, BLIND_TO_THE_NEXT)
        bot.observe(Eliminated(10.0, out))
        assert grab_delay(bot, grabber=after) > 4.0
        bot = dealt_bot(Level.NORMAL, 2, options, 0, BLIND_TO_THE_NEXT)
        bot.observe(Eliminated(10.0, out))
        assert grab_delay(bot, grabber=before) < 4.0
    wraps = dealt_bot(Level.NORMAL, 0, options, 0, BLIND_TO_THE_NEXT)
    assert grab_delay(wraps, grabber=3) > 4.0


def test_an_inattentive_bot_keeps_playing_cards_before_it_grabs() -> None:
    never = Skill(pace=BotPace(), notice=0.0, notice_after_setter=0.0,
                  distraction=Delay(3.0, 0.1, 2.5), play=SKILLS[Level.NORMAL].play)
    bot = dealt_bot(Level.NORMAL, 1, Options(), 4, never)
    at = 20.0
    bot.observe(SpoonGrabbed(at, 2, 2, True))
    tries = []
    while True:
        plan = bot.next_move()
        assert plan is not None
        if isinstance(plan[1], Grab):
            break
        tries.append(plan)
        bot.refused(plan[0])
    assert len(tries) >= 2 and all(command == Take(1) for _, command in tries)
    assert plan[0] - at > 2.5


def test_a_later_spoon_can_wake_a_distracted_bot() -> None:
    sleepy = Skill(pace=BotPace(), notice=1.0, notice_after_setter=0.0,
                   distraction=Delay(9.0, 0.1, 8.0), play=SKILLS[Level.NORMAL].play)
    options = Options.from_mapping({"draw": "discard"})
    bot = dealt_bot(Level.NORMAL, 1, options, 0, sleepy)
    bot.observe(SpoonGrabbed(20.0, 0, 2, True))
    plan = bot.next_move()
    assert plan is not None and plan[0] > 28.0
    assert bot.observe(SpoonGrabbed(21.0, 3, 1))
    plan = bot.next_move()
    assert plan is not None and plan[1] == Grab(1) and 21.1 < plan[0] < 24.0


# --------------------------------------------------------------------- card play

def passes(level: Level, history: list[tuple[str, str]], trials: int = 400) -> Counter[str]:
    """The ranks a bot passes after ``history`` (("take", card) or ("pass", card) of its own,
    from the stock), over many seeds."""
    passed: Counter[str] = Counter()
    options = Options()
    for seed in range(trials):
        bot = SimpleBot(1, options, random.Random(seed), level=level)
        bot.observe(RoundStarted(0.0, 1, 3, 3, SEATS))
        bot.observe(CardsDealt(0.0, 1, tuple(cards("9C", "9D", "5C", "5D"))))
        at = 1.0
        for verb, text in history:
            card = parse_card(text)
            if verb == "take":
                bot.observe(CardTaken(at, 1, Source.STOCK, card))
            else:
                bot.observe(CardPassed(at, 1, None, card))
            at += 1.0
        plan = bot.next_move()
        assert plan is not None and isinstance(plan[1], Pass)
        passed[plan[1].card.rank] += 1
    return passed


SEEN_TWO_NINES = [("take", "9H"), ("pass", "9H"), ("take", "9S"), ("pass", "9S"),
                  ("take", "KS")]
"""Two nines went by: the pair of nines in hand can no longer be completed, the king can."""


def test_hard_and_expert_bots_give_up_a_rank_they_have_seen_go_by() -> None:
    for level in (Level.HARD, Level.EXPERT):
        passed = passes(level, SEEN_TWO_NINES)
        assert passed["9"] > 0.85 * sum(passed.values()), (level, passed)
    for level in (Level.EASY, Level.NORMAL):
        passed = passes(level, SEEN_TWO_NINES)
        assert passed["K"] > passed["9"], (level, passed)
    fresh = passes(Level.HARD, [("take", "KS")])
    assert fresh["K"] > 0.8 * sum(fresh.values()), fresh


def test_an_easy_bot_passes_more_at_random_but_keeps_the_rank_it_holds_most() -> None:
    history = [("take", "9H"), ("pass", "5C"), ("take", "7S")]
    normal, easy = passes(Level.NORMAL, history), passes(Level.EASY, history)
    assert normal["9"] == easy["9"] == 0
    assert normal["5"] > 0.8 * sum(normal.values()), normal
    assert 0.2 * sum(easy.values()) < easy["7"] < 0.5 * sum(easy.values()), easy


def test_the_card_to_pass_is_chosen_once_per_hand() -> None:
    """Replanning (a card passed to the bot, a refusal) does not reroll which card goes."""
    for seed in range(50):
        bot = SimpleBot(1, Options(), random.Random(seed), level=Level.EASY)
        bot.observe(RoundStarted(0.0, 1, 3, 3, SEATS))
        bot.observe(CardsDealt(0.0, 1, tuple(cards("9C", "9D", "5C", "6D"))))
        bot.observe(CardTaken(1.0, 1, Source.STOCK, parse_card("7S")))
        first = bot.next_move()
        bot.refused(2.0)
        second = bot.next_move()
        assert first is not None and second is not None and first[1] == second[1]


# --------------------------------------------------------------------- whole games

def test_better_bots_finish_rounds_sooner() -> None:
    options = Options()
    means = []
    for level in ORDER:
        rounds = [seconds for seed in range(25)
                  for seconds in play_game(4, options, seed, level=level).round_seconds]
        means.append(statistics.fmean(rounds))
    assert means == sorted(means), means


def win_shares(levels: list[Level], games: int, options: Options) -> dict[Level, float]:
    """Each level's share of the wins, per seat of that level (a fair share is 1/players)."""
    wins = dict.fromkeys(levels, 0.0)
    for seed in range(games):
        record = play_game(len(levels), options, seed, level=levels)
        assert not record.stuck
        for seat in record.winners:
            wins[levels[seat]] += 1 / len(record.winners)
    seats = Counter(levels)
    return {level: wins[level] / games / seats[level] for level in seats}


def test_expert_bots_beat_easy_bots_at_a_mixed_table() -> None:
    shares = win_shares([Level.EASY, Level.EXPERT] * 2, 200, Options())
    assert shares[Level.EXPERT] > 0.4 > 0.1 > shares[Level.EASY], shares


def test_hard_bots_beat_normal_bots_passing_cards_along() -> None:
    shares = win_shares([Level.NORMAL, Level.HARD] * 2, 200, Options.from_mapping(
        {"draw": "discard"}))
    assert shares[Level.HARD] > shares[Level.NORMAL], shares


def test_levels_keep_games_deterministic_and_different() -> None:
    options = Options()
    expert = play_game(4, options, 11, level=Level.EXPERT)
    assert expert.commands == play_game(4, options, 11, level=Level.EXPERT).commands
    assert expert.commands != play_game(4, options, 11, level=Level.EASY).commands
    default = play_game(4, options, 11)
    assert default.commands == play_game(4, options, 11, level=Level.NORMAL).commands


def test_a_sequence_of_levels_goes_round_the_table() -> None:
    assert seat_levels(3, Level.HARD) == [Level.HARD] * 3
    assert seat_levels(5, [Level.EASY, Level.EXPERT]) == [
        Level.EASY, Level.EXPERT, Level.EASY, Level.EXPERT, Level.EASY]
    with pytest.raises(ValueError):
        seat_levels(4, [])


@pytest.mark.parametrize("values", [
    {"deck": "no-stock", "draw": "discard"},
    {"draw": "either", "reaction_style": "mash", "deck": "two-packs"},
    {"hand_size": 3, "announce_phase2": True, "scoring": "letters", "word": "PIG"},
])
def test_every_level_finishes_games_with_other_options(values: dict[str, object]) -> None:
    options = Options.from_mapping(values)
    for level in Level:
        for seed in range(4):
            record = play_game(5, options, seed, level=level)
            assert not record.stuck and record.winners, (level, values, seed)


def test_simulate_takes_a_bot_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--bots", "expert", "--seed", "5"]) == 0
    expert = capsys.readouterr().out
    assert main(["simulate", "--games", "2", "--bots", "easy", "--seed", "5"]) == 0
    easy = capsys.readouterr().out
    assert expert.splitlines()[0] == easy.splitlines()[0] == "games: 2"
    assert expert.splitlines()[2] != easy.splitlines()[2]
    assert main(["simulate", "--games", "2", "--seed", "5"]) == 0
    normal = capsys.readouterr().out
    assert main(["simulate", "--games", "2", "--seed", "5", "--bots", "normal"]) == 0
    assert capsys.readouterr().out.splitlines()[:4] == normal.splitlines()[:4]
    with pytest.raises(SystemExit) as refused:
        main(["simulate", "--bots", "genius"])
    assert refused.value.code == 2
    assert "genius" in capsys.readouterr().err
