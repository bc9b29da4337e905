"""The relay's deals cannot be foretold from the seeds its records publish: a player given the
seeds of the games they played learns nothing of the next deal. A Mersenne Twister's next
output follows from 624 of its 32-bit outputs; the relay's source must not."""

from __future__ import annotations

import random

from audiospoons.net.server import Relay

MT_WORDS = 624
MASK = 0xFFFFFFFF


def _undo_right(value: int, shift: int) -> int:
    result = value
    for _ in range(32 // shift + 1):
        result = value ^ (result >> shift)
    return result & MASK


def _undo_left(value: int, shift: int, mask: int) -> int:
    result = value
    for _ in range(32 // shift + 1):
        result = value ^ ((result << shift) & mask)
    return result & MASK


def untemper(output: int) -> int:
    """The Mersenne Twister's state word behind one of its 32-bit outputs."""
    word = _undo_right(output, 18)
    word = _undo_left(word, 15, 0xEFC60000)
    word = _undo_left(word, 7, 0x9D2C5680)
    return _undo_right(word, 11)


def foretold(outputs: list[int]) -> random.Random:
    """A generator that would go on as a Mersenne Twister that gave ``outputs`` (its last 624
    32-bit words) goes on."""
    state = tuple(untemper(output) for output in outputs[-MT_WORDS:])
    clone = random.Random()
    clone.setstate((3, (*state, MT_WORDS), None))
    return clone


def test_the_foretelling_works_on_a_mersenne_twister() -> None:
    """The attack this file guards against, shown to work: 624 words give every later one."""
    twister = random.Random(7)
    clone = foretold([twister.getrandbits(32) for _ in range(MT_WORDS)])
    assert [clone.getrandbits(64) for _ in range(20)] == [
        twister.getrandbits(64) for _ in range(20)]


def test_the_relay_s_deal_seeds_cannot_be_foretold_from_earlier_ones() -> None:
    """A relay made as ``serve`` makes it: 312 of its 64-bit seeds (624 words, as the records
    of 312 games would give) foretell none of the next twenty."""
    relay = Relay()
    seen = [relay.rng.getrandbits(32) for _ in range(MT_WORDS)]
    clone = foretold(seen)
    guesses = [clone.getrandbits(64) for _ in range(20)]
    actual = [relay.rng.getrandbits(64) for _ in range(20)]
    assert not set(guesses) & set(actual)


def test_two_relays_started_alike_deal_differently() -> None:
    random.seed(1)
    first = Relay()
    random.seed(1)
    second = Relay()
    assert [first.rng.getrandbits(64) for _ in range(4)] != [
        second.rng.getrandbits(64) for _ in range(4)]
