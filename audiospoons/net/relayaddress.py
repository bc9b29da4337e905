"""A relay's address as a player types it (``audiospoons join ADDRESS``, Play online's field) or
as a cluster names a process (``moved``): read, or refused with the reason: pure.

Whatever is accepted can be handed to the system's resolver as it is: a host name is made of
labels of letters, digits and hyphens (a name in another script as its IDNA form), 1 to 63
characters each and 253 in all; a name whose last label is a number is an IPv4 address, and must
be one; an IPv6 address is written in brackets when a port follows (``[2001:db8::1]:7000``), and
without them takes port 7777. Anything else is refused before the resolver is asked, which
would otherwise fail in ways a player cannot read (``UnicodeError`` from the IDNA codec for
``127..0.0.1``)."""

from __future__ import annotations

import ipaddress
import re
from encodings.idna import ToASCII

from audiospoons.net.tls import split_scheme

DEFAULT_PORT = 7777
LONGEST_NAME = 253
LONGEST_LABEL = 63
DOTS = re.compile("[.\u3002\uff0e\uff61]")
"""The full stops IDNA reads as the dot between labels."""
LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\Z")
SCOPE = re.compile(r"[A-Za-z0-9_.-]+\Z")
"""An IPv6 address's zone (``fe80::1%eth0``): an interface's name or number."""

PROBLEMS = {
    "empty": "nothing was typed",
    "spaces": "an address has no spaces",
    "scheme": "an address starts with the host, or tls:// for TLS",
    "port": "the port is a number from 1 to 65535",
    "host": "the host is missing",
    "dots": "a name has letters or digits between its dots",
    "long": "a name has at most 63 characters between dots, and 253 in all",
    "characters": "a name has only letters, digits, hyphens and dots",
    "number": "an IPv4 address is four numbers from 0 to 255",
    "ipv6": "not an IPv6 address",
}
"""Why an address is refused, by the code ``AddressRefused.problem`` holds."""


class AddressRefused(ValueError):
    """``text`` is not an address to connect to; ``problem`` (a key of ``PROBLEMS``) says
    why."""

    def __init__(self, problem: str, text: str) -> None:
        super().__init__(f"{text!r} is not a relay's address: {PROBLEMS[problem]}")
        self.problem = problem


def relay_address(text: str) -> tuple[str, int]:
    """'example.org', 'example.org:7000', '[::1]:7000' or '::1' as a host and a port (7777 if
    none is given); a leading 'tls://' (``tls.split_scheme``) is passed over. Raises
    ``AddressRefused``."""
    typed = text
    text = text.strip()
    if not text:
        raise AddressRefused("empty", typed)
    if any(char.isspace() for char in text):
        raise AddressRefused("spaces", typed)
    text = split_scheme(text)[1]
    if "://" in text:
        raise AddressRefused("scheme", typed)
    if text.startswith("["):
        inside, bracket, rest = text[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            raise AddressRefused("ipv6", typed)
        return ipv6_host(inside, typed), port_number(rest[1:], typed) if rest else DEFAULT_PORT
    if text.count(":") > 1:
        return ipv6_host(text, typed), DEFAULT_PORT
    host, colon, port = text.partition(":")
    return checked_host(host, typed), port_number(port, typed) if colon else DEFAULT_PORT


def port_number(text: str, typed: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 0 < int(text) < 65536:
        raise AddressRefused("port", typed)
    return int(text)


def checked_host(host: str, typed: str | None = None) -> str:
    """``host`` (a name, or an IPv4 or IPv6 address, without brackets) if it can be looked up,
    an IP address in its usual form; else ``AddressRefused``."""
    typed = host if typed is None else typed
    if not host:
        raise AddressRefused("host", typed)
    if not host.isprintable():
        raise AddressRefused("characters", typed)
    if ":" in host:
        return ipv6_host(host, typed)
    labels = DOTS.split(host)
    if len(labels) > 1 and not labels[-1]:
        labels.pop()  # a name may end with the root's dot: example.org.
    if not all(labels):
        raise AddressRefused("dots", typed)
    ascii_labels = [_ascii_label(label, typed) for label in labels]
    if len(".".join(ascii_labels)) > LONGEST_NAME:
        raise AddressRefused("long", typed)
    if ascii_labels[-1].isdigit():  # no top-level domain is a number: an IPv4 address
        try:
            return str(ipaddress.IPv4Address(".".join(ascii_labels)))
        except ValueError:
            raise AddressRefused("number", typed) from None
    return host


def ipv6_host(text: str, typed: str) -> str:
    _, percent, scope = text.partition("%")
    if percent and not SCOPE.match(scope):
        raise AddressRefused("ipv6", typed)
    try:
        return str(ipaddress.IPv6Address(text))
    except ValueError:
        raise AddressRefused("ipv6", typed) from None


def _ascii_label(label: str, typed: str) -> str:
    """One label as the resolver is given it: as typed if plain ASCII, else its IDNA form."""
    if label.isascii():
        ascii_label = label
    else:
        try:
            ascii_label = ToASCII(label).decode("ascii")
        except UnicodeError:
            problem = "long" if len(label.encode("punycode")) + 4 > LONGEST_LABEL else "characters"
            raise AddressRefused(problem, typed) from None
    if len(ascii_label) > LONGEST_LABEL:
        raise AddressRefused("long", typed)
    if not LABEL.match(ascii_label):
        raise AddressRefused("characters", typed)
    return ascii_label
