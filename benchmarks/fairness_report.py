"""What ``fairness.py`` saw, and the figures it prints from it.

Three records, joined by (player, game, round): what the relay judged of each press (``Verdict``),
what each player really did (``Press``, and when it heard its race cue), and how each round went
at the relay's table (``RoundRecord``).

"Truly slowest" is the racer with the longest true reaction: from the moment that player heard
its own race cue to its key press. Players hear the cue at different moments because of their
delays, and a fair relay takes the network out: the reaction each one shows from its own cue is
what decides. (Counted instead from the moment the relay sent the cue, the down delay would be
part of the reaction; the report says how often that would name someone else.) A racer that
pressed before hearing the cue (a set of its own whose grab crossed the first one) has a
negative reaction: it is the quickest.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from lagged import Line

from audiospoons.net.fairness import COMPENSATION_CAP, FALSE_START, TOLERANCE, Source

BANDS = ((0.0, 0.05), (0.05, 0.10), (0.10, 0.15), (0.15, 0.20), (0.20, 0.25))
"""Round-trip bands (seconds) of the per-band figures."""
GOAL = 0.020
"""The p95 of the judged error the scheme is meant to stay within (seconds)."""

Key = tuple[str, int, int]
"""A player's name, the game (1 for its room's first) and the round."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """One press the relay dated from a cue, as it judged it."""

    name: str
    room: int
    game: int
    round: int
    seat: int
    sent: float
    """When the relay sent this seat its cue (its clock)."""
    arrived: float
    reported: float | None
    judged: float
    """The reaction the scheme gives the press (0 for a false start)."""
    source: Source
    arrival: float
    """The reaction if the press were dated by its arrival: from the cue to the arrival."""
    typical: float
    slowest: float


@dataclass(frozen=True, slots=True)
class Press:
    """A grab a player sent: ``timed`` when the benchmark timed it from the race cue, else the
    bot's own grab with a set in hand."""

    name: str
    game: int
    round: int
    seat: int
    pressed: float
    reported: float | None
    timed: bool
    liar: bool


@dataclass(slots=True)
class RoundRecord:
    room: int
    game: int
    round: int
    seats: tuple[int, ...]
    first: int | None = None
    grabs: list[tuple[int, float]] = field(default_factory=list)
    """Each spoon taken: the seat and the game time it went."""
    lost: tuple[int, ...] | None = None
    voided: bool = False
    window: float | None = None
    """How long the last spoon waited for an earlier grab (``ClassicGame.late_window``)."""


@dataclass(slots=True)
class Seen:
    """Everything a run saw."""

    verdicts: list[Verdict]
    presses: list[Press]
    heard: dict[Key, float]
    """When each player heard its race cue in each round (its clock, after the delay)."""
    rounds: list[RoundRecord]
    seats: dict[tuple[int, int, int], str]
    """The player at (room, game, seat)."""
    lines: dict[str, Line]
    liars: set[str]
    refusals: Counter[str]
    errors: Counter[str]
    games: int
    measured: dict[str, float]
    """Each player's typical round trip as the relay measured it, at the end."""
    compensated: bool
    floors_given: int
    """How many times the relay asked the run for a line's floor: none means the run's lines
    never reached the relay's judgement."""


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return math.nan
    return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


def ms(seconds: float) -> str:
    return "    -" if math.isnan(seconds) else f"{seconds * 1000:5.1f}"


@dataclass(frozen=True, slots=True)
class Judgement:
    """A timed press joined with the relay's verdict on it."""

    press: Press
    verdict: Verdict
    true: float
    line: Line

    @property
    def error(self) -> float:
        return self.verdict.judged - self.true

    @property
    def arrival_error(self) -> float:
        return self.verdict.arrival - self.true


def error_rows(title: str, judged: Sequence[Judgement],
               error: Callable[[Judgement], float]) -> list[str]:
    rows = [f"  {title}",
            "    presses                  n   p50 |e|  p95 |e|  p99 |e|  max |e|   median e"]

    def row(label: str, chosen: Iterable[Judgement]) -> str:
        errors = [error(item) for item in chosen]
        sizes = [abs(value) for value in errors]
        return (f"    {label:<20} {len(errors):5d}    {ms(percentile(sizes, 0.5))}    "
                f"{ms(percentile(sizes, 0.95))}    {ms(percentile(sizes, 0.99))}    "
                f"{ms(max(sizes, default=math.nan))}      {ms(percentile(errors, 0.5))}")

    rows.append(row("all", judged))
    for low, high in BANDS:
        rows.append(row(f"RTT {low * 1000:3.0f}-{high * 1000:3.0f} ms",
                        (j for j in judged if low <= j.line.rtt < high + 1e-9)))
    honest = [j for j in judged if not j.press.liar]
    if len(honest) != len(judged):
        rows.append(row("honest", honest))
        rows.append(row("lying", (j for j in judged if j.press.liar)))
    return rows


@dataclass(frozen=True, slots=True)
class Race:
    """A round with two racers or more, and who lost it."""

    record: RoundRecord
    racers: dict[int, str]
    true: dict[int, float]
    """Each racer's true reaction (inf: it never pressed)."""
    judged: dict[int, float]
    arrived: dict[int, float]
    from_send: dict[int, float]
    """Each racer's reaction counted from the moment the relay sent its cue."""

    @staticmethod
    def slowest(values: dict[int, float]) -> int:
        return max(values, key=lambda seat: values[seat])

    @property
    def truly_slowest(self) -> int:
        return self.slowest(self.true)

    @property
    def lost(self) -> tuple[int, ...]:
        return self.record.lost or ()


def races(seen: Seen, verdicts: dict[Key, Verdict], presses: dict[Key, Press]) -> list[Race]:
    found = []
    for record in seen.rounds:
        if record.lost is None or record.voided or record.first is None:
            continue
        racers = {seat: seen.seats[(record.room, record.game, seat)]
                  for seat in record.seats if seat != record.first}
        if len(racers) < 2:
            continue
        true, judged, arrived, from_send = {}, {}, {}, {}
        for seat, name in racers.items():
            key = (name, record.game, record.round)
            press, verdict, heard = presses.get(key), verdicts.get(key), seen.heard.get(key)
            true[seat] = (math.inf if press is None
                          else -math.inf if heard is None else press.pressed - heard)
            judged[seat] = math.inf if verdict is None else verdict.judged
            arrived[seat] = math.inf if verdict is None else verdict.arrived
            from_send[seat] = (true[seat] if verdict is None or heard is None
                               else heard - verdict.sent + true[seat])
        found.append(Race(record, racers, true, judged, arrived, from_send))
    return found


def describe_race(race: Race, seen: Seen) -> str:
    record = race.record
    parts = []
    for seat, name in sorted(race.racers.items(), key=lambda item: race.true[item[0]]):
        line = seen.lines[name]
        mark = "LOST " if seat in race.lost else ""
        true = race.true[seat]
        parts.append(f"{mark}{name} r {true * 1000:.0f} ms judged "
                     f"{race.judged[seat] * 1000:.0f} ms RTT {line.rtt * 1000:.0f} ms"
                     + (" (liar)" if name in seen.liars else ""))
    taken = ", ".join(race.racers.get(seat, "first") for seat, _ in record.grabs)
    return (f"    room {record.room} game {record.game} round {record.round}: "
            + "; ".join(parts) + f". Spoons went to: {taken}")


def report(seen: Seen) -> list[str]:
    verdicts: dict[Key, Verdict] = {}
    for verdict in seen.verdicts:
        verdicts.setdefault((verdict.name, verdict.game, verdict.round), verdict)
    presses: dict[Key, Press] = {}
    for press in seen.presses:
        presses.setdefault((press.name, press.game, press.round), press)
    judged: list[Judgement] = []
    unjudged = 0
    for key, press in presses.items():
        if not press.timed:
            continue
        verdict_of = verdicts.get(key)
        if verdict_of is None:
            unjudged += 1
            continue
        judged.append(Judgement(press, verdict_of, press.pressed - seen.heard[key],
                                seen.lines[press.name]))
    crossed = [verdicts[key] for key, press in presses.items()
               if not press.timed and key in verdicts]
    out = [f"games played (whole or cut at the end): {seen.games}",
           f"line floors the relay took from the run: {seen.floors_given}"
           + ("" if seen.floors_given else " (the run's lines never reached the relay)"),
           f"timed presses judged: {len(judged)}"
           + (f" ({unjudged} more never reached a judgement)" if unjudged else ""),
           f"grabs made with a set that crossed the first grab (judged from the race cue, "
           f"not timed here): {len(crossed)}"]
    if seen.refusals:
        out.append("refused: " + ", ".join(f"{reason} {count}"
                                           for reason, count in seen.refusals.most_common()))
    if seen.errors:
        out.append("errors: " + ", ".join(f"{code} {count}"
                                          for code, count in seen.errors.most_common()))
    gaps = [abs(seen.measured[name] - line.rtt) for name, line in seen.lines.items()
            if name in seen.measured]
    out.append("relay's typical round trip less the injected one, |difference|: p50 "
               f"{ms(percentile(gaps, 0.5)).strip()} ms, "
               f"max {ms(max(gaps, default=math.nan)).strip()} ms")
    sources = Counter(j.verdict.source for j in judged)
    total = max(1, len(judged))
    out.append(f"judged from the client's report: {sources[Source.CLIENT] / total:.1%}, "
               f"from the relay's own measure: {sources[Source.RELAY] / total:.1%}")
    for liar in (False, True):
        group = [j for j in judged if j.press.liar is liar]
        if group and len(group) != len(judged):
            share = sum(j.verdict.source is Source.CLIENT for j in group) / len(group)
            out.append(f"  {'lying' if liar else 'honest'} clients: {share:.1%} from the report")
    out.append("error, judged reaction less true reaction (ms):")
    out += error_rows("relay's judgement" + ("" if seen.compensated else
                                             " (not applied in this run)"),
                      judged, lambda j: j.error)
    out += error_rows("dated by arrival (no compensation)", judged, lambda j: j.arrival_error)
    honest = [abs(j.error) for j in judged if not j.press.liar]
    p95 = percentile(honest, 0.95)
    out.append(f"goal: p95 |error| of honest presses at most {GOAL * 1000:.0f} ms: "
               + ("met" if p95 <= GOAL else "NOT met") + f" ({ms(p95).strip()} ms)")
    if any(j.verdict.source is Source.RELAY and j.verdict.reported is not None for j in judged):
        out += trimming(judged)
    windows = [record.window for record in seen.rounds if record.window is not None]
    if windows:
        out.append(f"the last spoon's late window: p50 {ms(percentile(windows, 0.5)).strip()}"
                   f" ms, max {ms(max(windows)).strip()} ms")
    found = races(seen, verdicts, presses)
    out += decisions(found, seen)
    return out


def decisions(found: list[Race], seen: Seen) -> list[str]:
    count = max(1, len(found))
    engine = [race for race in found if race.lost == (race.truly_slowest,)]
    by_judged = [race for race in found if race.slowest(race.judged) == race.truly_slowest]
    by_arrival = [race for race in found if race.slowest(race.arrived) == race.truly_slowest]
    other_view = [race for race in found
                  if race.slowest(race.from_send) != race.truly_slowest]
    out = [f"races decided (rounds with two racers or more): {len(found)}",
           "  the loser is the truly slowest racer (longest reaction from its own cue):",
           f"    as the relay decided{'' if seen.compensated else ' (by arrival)'}: "
           f"{len(engine)}/{len(found)} ({len(engine) / count:.1%})",
           f"    if the latest judged press lost: {len(by_judged)}/{len(found)} "
           f"({len(by_judged) / count:.1%})",
           f"    if the latest press to arrive lost (no compensation): {len(by_arrival)}/"
           f"{len(found)} ({len(by_arrival) / count:.1%})",
           f"  races where the slowest counted from the relay's sending of the cue is someone"
           f" else: {len(other_view)}"]
    for size in sorted({len(race.racers) for race in found}):
        group = [race for race in found if len(race.racers) == size]
        right = sum(race in engine for race in group)
        spoons = f"{size - 1} spoon" + ("s" if size > 2 else "")
        out.append(f"  {size} racers for {spoons}: {right}/{len(group)} as the relay"
                   f" decided, {sum(race in by_arrival for race in group)}/{len(group)} by"
                   " arrival")
    wrong = [race for race in found if race not in engine]
    if wrong:
        out.append("  rounds the relay got wrong (racers quickest first; r = true reaction):")
        for race in wrong:
            why = cause(race) if seen.compensated else "decided by arrival"
            out.append(describe_race(race, seen) + f" [{why}]")
    return out


def cause(race: Race) -> str:
    """Why the relay's table named the wrong loser, when it dates presses."""
    slowest = race.truly_slowest
    taken = [seat for seat, _ in race.record.grabs]
    if race.slowest(race.judged) != slowest:
        return "the judgement put them in the wrong order"
    if slowest in taken[:-1]:
        return "judged right, but a spoon before the last went on arrival, undated"
    if taken and taken[-1] == slowest:
        return "judged right, but an earlier press came after the last spoon settled"
    return "other"


def trimmed(verdict: Verdict) -> float:
    """The reaction if a report that leaves too long a trip were believed up to the slowest
    recent round trip plus the tolerance, instead of giving way to the relay's measure less
    the typical round trip."""
    span = verdict.arrived - verdict.sent
    reported = verdict.reported
    if reported is None or span - reported < 0.0:
        reaction = span - verdict.typical
    else:
        reaction = span - min(span - reported, verdict.slowest + TOLERANCE)
    reaction = min(span, max(reaction, span - COMPENSATION_CAP))
    return 0.0 if reaction < FALSE_START else reaction


def trimming(judged: Sequence[Judgement]) -> list[str]:
    """The judged error as it is, beside what trimming a report (``trimmed``) would give."""
    out = ["  a report leaving too long a trip, trimmed to the slowest trip plus the tolerance"
           " instead (now -> trimmed):"]
    for label, liar in (("honest", False), ("lying", True)):
        group = [j for j in judged if j.press.liar is liar]
        if not group:
            continue
        now = [j.error for j in group]
        then = [trimmed(j.verdict) - j.true for j in group]
        figures = []
        for name, pick in (("p95 |e|", lambda v: percentile([abs(x) for x in v], 0.95)),
                           ("max |e|", lambda v: max(abs(x) for x in v)),
                           ("median e", lambda v: percentile(v, 0.5))):
            figures.append(f"{name} {ms(pick(now)).strip()} -> {ms(pick(then)).strip()}")
        out.append(f"    {label:<16} " + ", ".join(figures) + " ms")
    return out
