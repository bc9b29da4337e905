"""The web server's rules, as pure parts: which origins get a session, which relays a session
reaches, and how sessions are counted."""

from __future__ import annotations

import logging

import pytest

from audiospoons.web.admission import (
    CONNECTIONS_PER_ADDRESS,
    MAX_SESSIONS,
    Admission,
    Refusal,
    connection_cap,
)
from audiospoons.web.origins import host_name, origin_allowed
from audiospoons.web.relays import RelayPolicy, loopback_only
from audiospoons.web.server import WebServer


@pytest.mark.parametrize(("origin", "host", "loopback", "allowed"), [
    ("http://127.0.0.1:8080", "127.0.0.1:8080", True, True),
    ("http://localhost:8080", "localhost:8080", True, True),
    ("http://[::1]:8080", "[::1]:8080", True, True),
    ("HTTP://LOCALHOST:8080/", "localhost:8080", True, True),
    ("http://evil.example", "127.0.0.1:8080", True, False),
    ("http://evil.example:8080", "evil.example:8080", True, False),
    ("http://evil.example:8080", "evil.example:8080", False, True),
    ("https://spoons.example", "spoons.example", False, False),
    ("null", "127.0.0.1:8080", True, False),
    (None, "127.0.0.1:8080", True, False),
    ("http://127.0.0.1:8080", None, True, False),
])
def test_only_the_page_s_own_origin_gets_a_session(origin: str | None, host: str | None,
                                                    loopback: bool, allowed: bool) -> None:
    assert origin_allowed(origin, host, scheme="http", loopback_only=loopback) is allowed


def test_an_origin_the_host_allows_gets_a_session_under_any_name() -> None:
    assert origin_allowed("https://spoons.example", "127.0.0.1:8080", scheme="http",
                          allowed=["https://Spoons.example/"], loopback_only=True)


def test_a_host_s_name_is_read_without_its_port() -> None:
    assert [host_name(h) for h in ("a.example:80", "[::1]:8080", "::1", "A.example")] == [
        "a.example", "::1", "::1", "a.example"]


def test_a_listed_relay_is_reached_by_its_very_address_and_nothing_else() -> None:
    policy = RelayPolicy(("127.0.0.1:7777", "tls://Spoons.example"))
    assert policy.offered() == "127.0.0.1:7777"
    assert policy.allows(" 127.0.0.1:7777 ") and policy.allows("tls://spoons.example:7777")
    for address in ("127.0.0.1:7778", "localhost:7777", "spoons.example", "10.0.0.1:7777",
                    "127.0.0.1:", "tls://127.0.0.1:7777"):
        assert not policy.allows(address), address
    assert not RelayPolicy().allows("relay.example:7777")
    assert RelayPolicy(anywhere=True).allows("10.0.0.1:22")


def test_a_server_is_on_loopback_alone_only_if_every_address_is() -> None:
    assert loopback_only(["127.0.0.1"]) and loopback_only(["::1", "127.0.0.1"])
    assert not loopback_only(["0.0.0.0"]) and not loopback_only(["127.0.0.1", "::"])
    assert not loopback_only([])


def test_the_relay_beside_over_tls_is_reached_at_the_name_the_page_was_served_at() -> None:
    web = WebServer(Admission(10), RelayPolicy(("relay.example:7777",)), tls_relay_port=7778)
    policy = web.page_relays("spoons.example:8443")
    assert policy.offered() == "tls://spoons.example:7778"
    assert policy.allows("tls://spoons.example:7778") and policy.allows("relay.example:7777")
    assert not policy.allows("tls://spoons.example:22")
    assert web.page_relays("[2001:db8::1]:8443").offered() == "tls://[2001:db8::1]:7778"


def test_sessions_are_counted_by_network_and_in_all(caplog: pytest.LogCaptureFixture) -> None:
    now = [0.0]
    admission = Admission(16, max_sessions=3, per_address=2, clock=lambda: now[0])
    groups = [admission.connect(address) for address in
              ("192.0.2.1", "192.0.2.200", "192.0.2.7", "198.51.100.1")]
    assert groups[:3] == ["192.0.2.0/24"] * 3 and groups[3] == "198.51.100.0/24"
    assert admission.start("192.0.2.0/24") is None
    assert admission.start("192.0.2.0/24") is None
    with caplog.at_level(logging.WARNING, "audiospoons.web"):
        assert admission.start("192.0.2.0/24") is Refusal.TOO_MANY
        assert admission.start("198.51.100.0/24") is None
        for _ in range(50):
            assert admission.start("203.0.113.0/24") is Refusal.FULL
        now[0] = 61.0
        assert admission.start("203.0.113.0/24") is Refusal.FULL
    assert len(caplog.records) == 2
    admission.end("192.0.2.0/24")
    assert admission.start("203.0.113.0/24") is None


def test_connections_beyond_the_caps_are_closed_at_once() -> None:
    admission = Admission(CONNECTIONS_PER_ADDRESS + 2)
    taken = [admission.connect("2001:db8::1") for _ in range(CONNECTIONS_PER_ADDRESS)]
    assert taken == ["2001:db8::/64"] * CONNECTIONS_PER_ADDRESS
    assert admission.connect("2001:db8::ffff") is None
    assert admission.connect("192.0.2.1") == admission.connect("192.0.2.2") == "192.0.2.0/24"
    assert admission.connect("198.51.100.1") is None
    admission.disconnect("192.0.2.0/24")
    assert admission.connect("198.51.100.1") == "198.51.100.0/24"


def test_few_sessions_leave_the_connections_the_descriptors_allow() -> None:
    assert connection_cap(1) == connection_cap(MAX_SESSIONS) >= 200
