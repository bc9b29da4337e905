"""How a game moves its players' ratings (``ratings``): OpenSkill's Plackett-Luce model
(``openskill``), made for games of many players ranked at the end. A game's places are its
ranking (``RulesSpec.places``). Pure: the storage applies what ``rate`` returns."""

from __future__ import annotations

from collections.abc import Mapping

from openskill.models import PlackettLuce

from audiospoons.net.history import RelayGameRecord
from audiospoons.net.ratings import NEW, Rating, bot_rating

MODEL = PlackettLuce(mu=NEW[0], sigma=NEW[1])


def rate(record: RelayGameRecord, current: Mapping[int, Rating]) -> dict[int, Rating]:
    """The new rating of each registered player of ``record``, from their ``current`` ones
    (by account; a player missing from it is new)."""
    teams = []
    for seat in record.seats:
        if seat.bot is not None:
            before = bot_rating(seat.bot)
        elif seat.account is not None and seat.account in current:
            before = current[seat.account]
        else:
            before = Rating(*NEW)
        teams.append([MODEL.rating(mu=before.mu, sigma=before.sigma)])
    after = MODEL.rate(teams, ranks=[float(place) for place in record.places])
    return {seat.account: Rating(float(team[0].mu), float(team[0].sigma))
            for seat, team in zip(record.seats, after, strict=True)
            if seat.account is not None and seat.bot is None}
