"""Whatever a player types as the relay's address is either read as a host and a port the system's
resolver takes as they are, or refused with a sentence in the player's language: never an
exception that ends the program (``127..0.0.1`` once ended it with the IDNA codec's
``UnicodeError``)."""

from __future__ import annotations

import contextlib
import socket

from hypothesis import given, settings
from hypothesis import strategies as st

from audiospoons.app.onlinemenu import ADDRESS_PROBLEMS, Refused, read_address
from audiospoons.net.relayaddress import AddressRefused, relay_address
from audiospoons.voice.i18n import messages

EN = messages("en")
SAID = {EN.tr(message) for message in ADDRESS_PROBLEMS.values()}

CHARACTERS = [*"0123456789abcxyzAZ.-:[]%_/@!~ \t", "\u3002", "\uff0e", "\u00fc", "\uff11",
              "\u0663", "\u00b2", "\x00", "\x1b", "\U0001f0a1", "\u200b", "\u0301", "\u05d0"]
TYPED = st.sampled_from(CHARACTERS)
PIECES = st.sampled_from([*CHARACTERS, "tls://", "http://", "[::1]", "::", "ff", "xn--", "127"])
LABEL = st.text(alphabet=st.sampled_from([*"abz09-_", "\u00fc", "\uff11", "\u3002"]), max_size=70)
PORT = st.one_of(st.integers(-5, 70000).map(str), st.text(max_size=6))


def _with_port(host: str, port: str | None, brackets: bool) -> str:
    host = f"[{host}]" if brackets else host
    return host if port is None else f"{host}:{port}"


ADDRESSES = st.one_of(
    st.text(TYPED, max_size=40),
    st.lists(PIECES, max_size=16).map("".join),
    st.builds(_with_port, st.lists(LABEL, max_size=6).map(".".join),
              st.none() | PORT, st.booleans()),
    st.builds(_with_port, st.ip_addresses().map(str), st.none() | PORT, st.booleans()),
    st.text(max_size=300),
)


def resolvable(host: str, port: int) -> None:
    """What the resolver does with ``host`` before it asks the network (its IDNA encoding and
    the reading of an address), with no network asked: only ``socket.gaierror`` may come."""
    with contextlib.suppress(socket.gaierror):
        socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_NUMERICHOST)


@settings(max_examples=3000, deadline=None)
@given(ADDRESSES)
def test_every_typed_address_is_read_or_refused_with_a_sentence(text: str) -> None:
    try:
        host, port = read_address(text, EN)
    except Refused as refused:
        assert str(refused) in SAID, (text, str(refused))
        return
    assert 0 < port < 65536
    resolvable(host, port)
    assert relay_address(text) == (host, port)


@settings(max_examples=1000, deadline=None)
@given(st.ip_addresses(v=6), st.integers(1, 65535))
def test_an_ipv6_address_takes_a_port_in_brackets_and_none_without(ip: object,
                                                                     port: int) -> None:
    assert relay_address(f"[{ip}]:{port}") == (str(ip), port)
    assert relay_address(f"{ip}") == (str(ip), 7777)
    try:
        relay_address(f"{ip}:{port}")
    except AddressRefused as refused:
        assert refused.problem == "ipv6"
